package org.stowage.core.kernel.bestfit;

import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.state.JobQueue;

/**
 * BF-J/S (Psychas and Ghaderi 2019, Sec. IV-A), one resource. Each decision:
 * <ol>
 *   <li>BF-S over the servers that had departures since the previous decision (in slotted time: during
 *       the previous slot), in ascending server index: each is filled with the largest queued job that
 *       fits until none does;</li>
 *   <li>BF-J over the jobs that arrived since the previous decision and were not placed in step 1, in
 *       arrival order: each goes to the server with the least residual that holds it (ties: lowest
 *       index), if any.</li>
 * </ol>
 * The paper proves it reaches at least half the maximum supportable workload (Theorem 2).
 *
 * <p>Cost per decision: O(S log S) to order S departed servers, O((S + P) log<sub>64</sub> U) for step 1 with P
 * placements, O(A log L) for A arrivals; independent of the queue length. Allocation-free
 * once the departed-server buffer has reached its high-water mark (the slot's arrivals are a list in the
 * queue, {@link JobQueue.Order#RECENT}, not a buffer).
 */
public final class BestFitJobsServers extends CentralQueueScheduler {
    /**
     * Queue length from which {@link #decide} looks ahead: 2^16 jobs are about 2.4 MB of job table, beyond
     * the L2 caches; below it the look-ahead measured slower end to end (a queue of 35 jobs: 8%).
     */
    static final int LOOK_AHEAD_QUEUE = 1 << 16;

    private DepartedServers departed;
    /** Receives the look-ahead's loads (see {@link #decide}), so that the JIT keeps them. */
    private int touchSink;

    /** Reads the slot's arrivals in order: a list of the recent arrivals, no buffer. */
    @Override
    protected JobQueue.Order queueOrder() {
        return JobQueue.Order.RECENT;
    }

    public BestFitJobsServers() {
        super("BF-J/S");
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        requireSingleResource();
        departed = new DepartedServers(servers.count());
    }

    @Override
    public void onDeparture(final int job, final int server) {
        departed.add(server);
    }

    @Override
    public void decide(final double now) {
        final int departedCount = departed.sort();
        // Look ahead: load the job each departed server would take first, for all of them, before filling
        // any (read-only, so the same decisions): their cache misses overlap instead of queueing up. Only
        // for a queue too large for the caches; a small one would pay a second search for nothing.
        if (queue.size() >= LOOK_AHEAD_QUEUE) {
            int touched = 0;
            for (int i = 0; i < departedCount; i++) {
                touched ^= queue.touchLargestAtMost(servers.residual(departed.get(i), 0));
            }
            touchSink ^= touched;
        }
        for (int i = 0; i < departedCount; i++) {
            fillLargestFirst(departed.get(i));
        }
        departed.clear();

        // the slot's arrivals still queued, in arrival order (the BF-S fills above took some of them)
        for (int job = queue.recentHead(); job != JobQueue.NONE; ) {
            final int following = queue.recentNext(job);
            placeOnBestFit(job);
            job = following;
        }
        queue.forgetRecent();
    }
}
