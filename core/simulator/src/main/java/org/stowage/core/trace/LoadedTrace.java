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
 * trace. Memory: 16 + 4·D bytes per kept task.
 *
 * <h2>Job classes</h2>
 * A trace may carry a class column: {@link #withClasses} returns a view of the same tasks (the arrays are
 * shared, not copied) with a class per task, which its workloads put into {@code JobSpec.jobClass} (LoTES's
 * job classes, found by k-means in {@code org.stowage.theory.lotes.JobClustering}). 2 more bytes per task.
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
    /** Classes in the class column; 0 when the trace has none (every task is class 0). */
    private final int classCount;
    private final short[] classes;

    LoadedTrace(final TraceFormat format, final Units units, final int dimensions, final long[] arrivalMicros,
                final long[] durationMicros, final int[] sizes, final int[] serverCapacities,
                final TraceSummary summary) {
        assert arrivalMicros.length == durationMicros.length && sizes.length == arrivalMicros.length * dimensions;
        assert serverCapacities.length % dimensions == 0;
        this.format = format;
        this.units = units;
        this.dimensions = dimensions;
        this.arrivalMicros = arrivalMicros;
        this.durationMicros = durationMicros;
        this.sizes = sizes;
        this.serverCapacities = serverCapacities;
        this.summary = summary;
        this.classCount = 0;
        this.classes = null;
    }

    private LoadedTrace(final LoadedTrace base, final int classCount, final short[] classes) {
        this.format = base.format;
        this.units = base.units;
        this.dimensions = base.dimensions;
        this.arrivalMicros = base.arrivalMicros;
        this.durationMicros = base.durationMicros;
        this.sizes = base.sizes;
        this.serverCapacities = base.serverCapacities;
        this.summary = base.summary;
        this.classCount = classCount;
        this.classes = classes;
    }

    /**
     * The same tasks with a class column (the task arrays are shared; {@code classOf} is copied).
     *
     * @param classCount the number of classes, in [1, 32768] ({@code JobTable.MAX_CLASS + 1})
     * @param classOf    the class of task i at [i], each in [0, classCount); one per task
     * @throws IllegalArgumentException naming the task and the value
     */
    public LoadedTrace withClasses(final int classCount, final int[] classOf) {
        if (classCount < 1 || classCount > org.stowage.core.state.JobTable.MAX_CLASS + 1) {
            throw new IllegalArgumentException("trace classes: class count must be in [1, "
                + (org.stowage.core.state.JobTable.MAX_CLASS + 1) + "]: " + classCount);
        }
        if (classOf.length != count()) {
            throw new IllegalArgumentException("trace classes: " + classOf.length + " classes for " + count()
                + " tasks");
        }
        final short[] column = new short[classOf.length];
        for (int i = 0; i < classOf.length; i++) {
            if (classOf[i] < 0 || classOf[i] >= classCount) {
                throw new IllegalArgumentException("trace classes: class of task " + i + " must be in [0, "
                    + classCount + "): " + classOf[i]);
            }
            column[i] = (short) classOf[i];
        }
        return new LoadedTrace(this, classCount, column);
    }

    /** True when the trace carries a class column ({@link #withClasses}). */
    public boolean hasClasses() {
        return classes != null;
    }

    /** Classes in the class column; 1 when there is none (every task is class 0). */
    public int classCount() {
        return classes == null ? 1 : classCount;
    }

    /** Class of task i: its class column entry, or 0 when the trace has none. */
    public int jobClass(final int i) {
        return classes == null ? 0 : classes[i];
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
        return "LoadedTrace[" + format.specName() + ", " + count() + " tasks, D=" + dimensions
            + (classes == null ? "" : ", " + classCount + " classes") + "]";
    }
}
