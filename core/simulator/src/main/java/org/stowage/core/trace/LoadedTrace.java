package org.stowage.core.trace;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.state.ServerTable;

/**
 * A loaded trace: the kept tasks as primitive arrays sorted by arrival (ties: see the loader of each
 * format), their sizes in units, the cluster the trace describes when it has one (Alibaba's node list),
 * and the load's {@link TraceSummary}.
 *
 * <p>Times are microseconds of trace time as read (not shifted, not scaled); {@link #workload} turns them
 * into simulation times. Immutable once built: any number of workloads, on any threads, may read one
 * trace. Memory: 16 + 4·D bytes per kept task, plus 4 for its class when the trace has types.
 *
 * <p>Job classes: 0 for every task, unless the load made types ({@link TraceOptions#withDyadicTypes}); then
 * {@link #jobClass} is the task's type in {@code [0, classCount())} and the workload passes it on.
 */
public final class LoadedTrace {
    private final TraceFormat format;
    private final Units units;
    private final int dimensions;
    private final long[] arrivalMicros;
    private final long[] durationMicros;
    private final int[] sizes;
    private final int[] serverCapacities;
    private final TraceSummary summary;
    /** Class of each task, or empty when every class is 0. */
    private final int[] classes;
    private final int classCount;

    LoadedTrace(final TraceFormat format, final Units units, final int dimensions, final long[] arrivalMicros,
                final long[] durationMicros, final int[] sizes, final int[] serverCapacities,
                final TraceSummary summary) {
        this(format, units, dimensions, arrivalMicros, durationMicros, sizes, serverCapacities, summary, new int[0], 0);
    }

    /** With job classes: {@code classes[i]} in [0, classCount), one per task. */
    LoadedTrace(final TraceFormat format, final Units units, final int dimensions, final long[] arrivalMicros,
                final long[] durationMicros, final int[] sizes, final int[] serverCapacities,
                final TraceSummary summary, final int[] classes, final int classCount) {
        assert arrivalMicros.length == durationMicros.length && sizes.length == arrivalMicros.length * dimensions;
        assert serverCapacities.length % dimensions == 0;
        assert classes.length == 0 || classes.length == arrivalMicros.length;
        assert classCount >= 0 && classCount <= 32768;
        this.classes = classes;
        this.classCount = classCount;
        this.format = format;
        this.units = units;
        this.dimensions = dimensions;
        this.arrivalMicros = arrivalMicros;
        this.durationMicros = durationMicros;
        this.sizes = sizes;
        this.serverCapacities = serverCapacities;
        this.summary = summary;
    }

    public TraceFormat format() {
        return format;
    }

    public Units units() {
        return units;
    }

    /** Resources per task (1 or 2). */
    public int dimensions() {
        return dimensions;
    }

    /** Kept tasks. */
    public int count() {
        return arrivalMicros.length;
    }

    /** Arrival of task i in trace time, microseconds; non-decreasing in i. */
    public long arrivalMicros(final int i) {
        return arrivalMicros[i];
    }

    /** Duration of task i (FINISH - SCHEDULE, run time, deletion - scheduled), microseconds, >= 0. */
    public long durationMicros(final int i) {
        return durationMicros[i];
    }

    /** Size of task i on resource d, in units (rounded up). */
    public int size(final int i, final int d) {
        return sizes[i * dimensions + d];
    }

    public TraceSummary summary() {
        return summary;
    }

    /** Number of job classes (types) the load made: 0 when it made none (every class is 0). */
    public int classCount() {
        return classCount;
    }

    /** Job class of task i: its type when {@link #classCount()} &gt; 0, else 0. */
    public int jobClass(final int i) {
        return classes.length == 0 ? 0 : classes[i];
    }

    /** True when the trace describes its cluster (Alibaba's node list); otherwise the caller chooses servers. */
    public boolean hasServers() {
        return serverCapacities.length > 0;
    }

    /** Servers the trace describes; 0 when it describes none. */
    public int serverCount() {
        return serverCapacities.length / dimensions;
    }

    /** Capacity of server s on resource d, in units (rounded down). */
    public int serverCapacity(final int s, final int d) {
        return serverCapacities[s * dimensions + d];
    }

    /**
     * A fresh {@link ServerTable} of the trace's servers (a simulation mutates its table, so each run needs
     * its own).
     *
     * @throws IllegalStateException when the trace describes no servers
     */
    public ServerTable newServerTable() {
        if (!hasServers()) {
            throw new IllegalStateException(format.specName() + " trace describes no servers; choose them");
        }
        return new ServerTable(dimensions, serverCapacities.clone());
    }

    /**
     * The kept tasks as a {@link org.stowage.core.engine.Workload}; see {@link TraceWorkload} for how times
     * become slots.
     *
     * @param mode           slotted or continuous
     * @param intervalMicros the slot length (slotted) and the time unit (both modes), e.g. 100,000 for 100 ms
     * @param beta           arrival times are multiplied by beta (> 0); traffic scaling = 1 / beta
     */
    public TraceWorkload workload(final TimeMode mode, final long intervalMicros, final double beta) {
        return new TraceWorkload(this, mode, intervalMicros, beta);
    }

    @Override
    public String toString() {
        return "LoadedTrace[" + format.specName() + ", " + count() + " tasks, D=" + dimensions + "]";
    }
}
