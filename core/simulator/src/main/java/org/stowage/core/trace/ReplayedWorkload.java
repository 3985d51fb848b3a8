package org.stowage.core.trace;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Workload;

/**
 * The cursor both replayed workloads share ({@link TraceWorkload}, {@link JobListWorkload}): jobs
 * {@code 0 .. count - 1} in index order, each written into the simulation's {@link JobSpec} from the
 * subclass's per-index conversions, and the next arrival kept ahead so {@link #peekArrivalTime} is a field
 * read. A subclass sets its own fields, then calls {@link #start()} at the end of its constructor.
 *
 * <p>Cost: O(D) per job, no allocation. Not thread-safe; one workload per simulation.
 */
abstract class ReplayedWorkload implements Workload {
    private final int count;
    private final int dimensions;
    private int next;
    private double nextArrival = Double.POSITIVE_INFINITY;

    ReplayedWorkload(final int count, final int dimensions) {
        this.count = count;
        this.dimensions = dimensions;
    }

    /** Makes the first job the next one; call once the subclass can convert times. */
    final void start() {
        nextArrival = count == 0 ? Double.POSITIVE_INFINITY : arrivalTime(0);
    }

    /** Simulation arrival time of job i (a slot number in slotted mode); non-decreasing in i. */
    public abstract double arrivalTime(int i);

    /** Simulation service time of job i (whole slots in slotted mode). */
    public abstract double serviceTime(int i);

    /** Predicted service time of job i for the scheduler, or {@link Double#NaN} for none. */
    double predictedServiceTime(final int i) {
        return Double.NaN;
    }

    abstract int jobClass(int i);

    abstract int size(int i, int d);

    @Override
    public final int dimensions() {
        return dimensions;
    }

    @Override
    public final double peekArrivalTime() {
        return nextArrival;
    }

    @Override
    public final void next(final JobSpec spec) {
        assert next < count;
        final int i = next;
        spec.arrivalTime = nextArrival;
        spec.serviceTime = serviceTime(i);
        spec.predictedServiceTime = predictedServiceTime(i);
        spec.jobClass = jobClass(i);
        for (int d = 0; d < dimensions; d++) {
            spec.size[d] = size(i, d);
        }
        next = i + 1;
        nextArrival = next < count ? arrivalTime(next) : Double.POSITIVE_INFINITY;
    }

    /** Every job of the workload: the job table is sized for them up front. */
    @Override
    public final long announcedJobs() {
        return count;
    }

    public final int jobCount() {
        return count;
    }

    /** Jobs served so far. */
    public final int emitted() {
        return next;
    }
}
