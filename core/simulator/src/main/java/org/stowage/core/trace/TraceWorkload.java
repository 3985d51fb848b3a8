package org.stowage.core.trace;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.TimeMode;

/**
 * Serves the kept tasks of a {@link LoadedTrace} to a simulation, in arrival order, allocating nothing per
 * job (it reads the trace's arrays and writes the simulation's {@link JobSpec}).
 *
 * <h2>From trace time to simulation time</h2>
 * Let {@code origin} be the first kept arrival, {@code I} the interval in microseconds (100,000 = 100 ms by
 * default) and {@code beta > 0} the arrival scaling (traffic scaling = 1 / beta; the 2019 paper, Sec. VII-B,
 * multiplies arrival times by beta and leaves durations alone). One simulation time unit is one interval
 * in both modes, so slotted and continuous runs of one trace share a clock. For task i with arrival
 * {@code a} and duration {@code d} (both microseconds):
 * <ul>
 *   <li>slotted: arrival slot {@code floor((a - origin) * beta / I)} and service
 *       {@code max(1, ceil(d / I))} slots (a task shorter than a slot still holds its server for one);</li>
 *   <li>continuous: arrival {@code (a - origin) * beta / I} and service {@code max(d, 1) / I} (a task of
 *       duration 0 holds its server for the trace's resolution, 1 microsecond).</li>
 * </ul>
 * The shift makes the first kept arrival time 0, so no empty stretch precedes the first job. The products
 * are computed in double ({@code (double) (a - origin) * beta / I}), deterministic on every platform, and
 * non-decreasing in {@code a}, so arrivals stay in order. Job classes are the trace's class column
 * ({@link LoadedTrace#jobClass}: the load's types, or a column added by {@link LoadedTrace#withClasses}),
 * or 0 when it has none.
 *
 * <p>Cost: O(1) per job, no allocation. Not thread-safe; make one workload per simulation.
 */
public final class TraceWorkload extends ReplayedWorkload {
    /** The 2019 paper's decision interval: 100 ms. */
    public static final long DEFAULT_INTERVAL_MICROS = 100_000;
    /** Largest slot number a double holds exactly. */
    private static final double MAX_EXACT_SLOT = 0x1p53;

    private final LoadedTrace trace;
    private final TimeMode mode;
    private final long intervalMicros;
    private final double beta;
    private final long originMicros;

    TraceWorkload(final LoadedTrace trace, final TimeMode mode, final long intervalMicros, final double beta) {
        super(trace.count(), trace.dimensions());
        if (mode == null) {
            throw new IllegalArgumentException("time mode must be given");
        }
        if (intervalMicros < 1) {
            throw new IllegalArgumentException("slot interval must be >= 1 microsecond: " + intervalMicros);
        }
        if (!(beta > 0) || Double.isInfinite(beta)) {
            throw new IllegalArgumentException("arrival scaling beta must be finite and > 0: " + beta);
        }
        this.trace = trace;
        this.mode = mode;
        this.intervalMicros = intervalMicros;
        this.beta = beta;
        this.originMicros = trace.count() == 0 ? 0 : trace.arrivalMicros(0);
        if (trace.count() > 0) {
            final double last = arrivalTime(trace.count() - 1);
            if (!(last < MAX_EXACT_SLOT)) {
                throw new IllegalArgumentException("with beta " + beta + " and interval " + intervalMicros
                    + " us the last arrival falls at " + last + ", beyond 2^53 time units");
            }
        }
        start();
    }

    /** The slot of an arrival {@code offsetMicros} after the origin: floor(offset * beta / interval). */
    public static long arrivalSlot(final long offsetMicros, final double beta, final long intervalMicros) {
        return (long) Math.floor((double) offsetMicros * beta / intervalMicros);
    }

    /** Whole slots a task of this duration holds its server: max(1, ceil(duration / interval)). */
    public static long serviceSlots(final long durationMicros, final long intervalMicros) {
        assert durationMicros >= 0 && intervalMicros >= 1;
        final long slots = durationMicros / intervalMicros + (durationMicros % intervalMicros == 0 ? 0 : 1);
        return Math.max(1, slots);
    }

    /** Simulation arrival time of task i (a slot number in slotted mode). */
    @Override
    public double arrivalTime(final int i) {
        final long offset = trace.arrivalMicros(i) - originMicros;
        return mode == TimeMode.SLOTTED
            ? arrivalSlot(offset, beta, intervalMicros)
            : (double) offset * beta / intervalMicros;
    }

    /** Simulation service time of task i (whole slots in slotted mode). */
    @Override
    public double serviceTime(final int i) {
        final long duration = trace.durationMicros(i);
        return mode == TimeMode.SLOTTED
            ? serviceSlots(duration, intervalMicros)
            : (double) Math.max(duration, 1) / intervalMicros;
    }

    @Override
    int jobClass(final int i) {
        return trace.jobClass(i);
    }

    @Override
    int size(final int i, final int d) {
        return trace.size(i, d);
    }

    /** Arrival time of the last job (simulation time), or 0 for an empty trace. */
    public double lastArrivalTime() {
        return jobCount() == 0 ? 0 : arrivalTime(jobCount() - 1);
    }

    /** Trace time (microseconds) that simulation time 0 stands for: the first kept arrival. */
    public long originMicros() {
        return originMicros;
    }

    public TimeMode timeMode() {
        return mode;
    }

    public long intervalMicros() {
        return intervalMicros;
    }

    public double beta() {
        return beta;
    }

    @Override
    public String toString() {
        return "TraceWorkload[" + trace + ", " + mode + ", interval " + intervalMicros + " us, beta " + beta + "]";
    }
}
