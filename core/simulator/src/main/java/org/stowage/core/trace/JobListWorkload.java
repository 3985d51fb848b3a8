package org.stowage.core.trace;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.TimeMode;

/**
 * Serves a {@link JobList} to a simulation in arrival order, allocating nothing per job.
 *
 * <h2>From list time to simulation time</h2>
 * One simulation time unit is {@code timeUnit} of list time (1 when the list's times are already in the
 * simulation's unit). For job i with arrival {@code a}, duration {@code d} and predicted duration {@code p}:
 * <ul>
 *   <li>continuous: arrival {@code a / timeUnit}, service {@code d / timeUnit}, prediction
 *       {@code p / timeUnit};</li>
 *   <li>slotted: arrival slot {@code floor(a / timeUnit)}, service {@code max(1, ceil(d / timeUnit))} slots
 *       and the prediction the same way as the service, so a prediction equal to the duration tells the
 *       scheduler exactly the service it gets.</li>
 * </ul>
 * A quotient within a relative 10<sup>-9</sup> of a whole number is taken as that number before rounding,
 * as {@link org.stowage.core.Units} does for sizes: 4.2 s in slots of 0.1 s is 42 slots, although the
 * double quotient is 42.00000000000001. No prediction is {@link Double#NaN} in
 * {@link JobSpec#predictedServiceTime}. The list's arrivals are not shifted: a list whose first job arrives
 * at 10 starts at 10.
 *
 * <p>Cost: O(D) per job, no allocation. Not thread-safe; one workload per simulation.
 */
public final class JobListWorkload extends ReplayedWorkload {
    private static final double SNAP_TOLERANCE = 1e-9;
    /** Largest slot number a double holds exactly. */
    private static final double MAX_EXACT_SLOT = 0x1p53;

    private final JobList jobs;
    private final TimeMode mode;
    private final double timeUnit;

    JobListWorkload(final JobList jobs, final TimeMode mode, final double timeUnit) {
        super(jobs.count(), jobs.dimensions());
        if (mode == null) {
            throw new IllegalArgumentException("time mode must be given");
        }
        if (!(timeUnit > 0) || Double.isInfinite(timeUnit)) {
            throw new IllegalArgumentException("time unit must be a finite number > 0: " + timeUnit);
        }
        this.jobs = jobs;
        this.mode = mode;
        this.timeUnit = timeUnit;
        for (int i = 0; i < jobCount(); i++) {
            final double service = serviceTime(i);
            if (!(arrivalTime(i) < MAX_EXACT_SLOT) || !(service < MAX_EXACT_SLOT) || !(service > 0)
                || !JobList.keepsDuration(arrivalTime(i), service)) {
                throw new IllegalArgumentException("with time unit " + timeUnit + ", job " + i + " of " + jobs.source()
                    + " (arrival " + jobs.arrival(i) + ", duration " + jobs.duration(i) + ") is out of range: "
                    + "arrival " + arrivalTime(i) + ", service " + service + (service > 0 && service < MAX_EXACT_SLOT
                    && !JobList.keepsDuration(arrivalTime(i), service) ? " (a service that "
                    + JobList.lostDuration(arrivalTime(i), service) + ")" : ""));
            }
        }
        start();
    }

    /** Simulation arrival time of job i (a slot in slotted mode). */
    @Override
    public double arrivalTime(final int i) {
        final double time = jobs.arrival(i) / timeUnit;
        return mode == TimeMode.SLOTTED ? Math.floor(snap(time)) : time;
    }

    /** Simulation service time of job i (whole slots, at least 1, in slotted mode). */
    @Override
    public double serviceTime(final int i) {
        return service(jobs.duration(i));
    }

    /** Predicted service time of job i, converted like the service, or {@link Double#NaN} for none. */
    @Override
    public double predictedServiceTime(final int i) {
        final double predicted = jobs.predictedDuration(i);
        return Double.isNaN(predicted) ? Double.NaN : service(predicted);
    }

    private double service(final double duration) {
        final double time = duration / timeUnit;
        return mode == TimeMode.SLOTTED ? Math.max(1, Math.ceil(snap(time))) : time;
    }

    /** {@code x}, or the whole number within a relative {@link #SNAP_TOLERANCE} of it. */
    static double snap(final double x) {
        final double whole = Math.rint(x);
        return Math.abs(x - whole) <= SNAP_TOLERANCE * Math.max(1.0, Math.abs(x)) ? whole : x;
    }

    @Override
    int jobClass(final int i) {
        return jobs.jobClass(i);
    }

    @Override
    int size(final int i, final int d) {
        return jobs.size(i, d);
    }

    public TimeMode timeMode() {
        return mode;
    }

    public double timeUnit() {
        return timeUnit;
    }

    @Override
    public String toString() {
        return "JobListWorkload[" + jobs + ", " + mode + ", time unit " + timeUnit + "]";
    }
}
