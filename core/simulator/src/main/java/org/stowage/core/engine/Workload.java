package org.stowage.core.engine;

/**
 * A source of arriving jobs in non-decreasing arrival-time order, pulled by the simulation.
 *
 * <p>Implementations must not allocate per job: they write into the {@link JobSpec} they are given.
 * The simulation validates every job at this boundary (time order, integral slots, positive service,
 * sizes in range) and fails with a message naming the job's index, field and value.
 */
public interface Workload {
    /** Resources per job; must equal the cluster's. */
    int dimensions();

    /** Arrival time of the next job, or {@link Double#POSITIVE_INFINITY} when there are no more jobs. */
    double peekArrivalTime();

    /** Writes the next job into {@code spec} and advances. Only called when a job remains. */
    void next(JobSpec spec);

    /**
     * How many jobs this workload brings, when it knows in advance (a batch, a trace, a job list), else -1.
     * The simulation sizes its job table from it, so a batch of N jobs takes exactly N slots instead of
     * doubling its arrays on the way (at each doubling the old and the new arrays coexist, which at 10^7 jobs
     * is the difference between fitting in a 1 GB heap and not).
     */
    default long announcedJobs() {
        return -1;
    }
}
