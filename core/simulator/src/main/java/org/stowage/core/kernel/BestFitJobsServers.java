package org.stowage.core.kernel;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import org.stowage.core.engine.SchedulerContext;

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
 * once the two buffers have reached their high-water marks.
 */
public final class BestFitJobsServers extends CentralQueueScheduler {
    private final IntArrayList arrivals = new IntArrayList(1024);
    private DepartedServers departed;

    /** Only {@code largestAtMost} and the arrivals of the slot are read: no FIFO list. */
    @Override
    protected boolean walksQueueInArrivalOrder() {
        return false;
    }

    @Override
    public String name() {
        return "BF-J/S";
    }

    @Override
    public void attach(final SchedulerContext schedulerContext) {
        super.attach(schedulerContext);
        requireSingleResource();
        departed = new DepartedServers(servers.count());
    }

    @Override
    public void onArrival(final int job) {
        super.onArrival(job);
        arrivals.add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        departed.add(server);
    }

    @Override
    public void decide(final double now) {
        final int departedCount = departed.sort();
        for (int i = 0; i < departedCount; i++) {
            fillLargestFirst(departed.get(i));
        }
        departed.clear();

        final int[] arrived = arrivals.elements();
        final int arrivedCount = arrivals.size();
        for (int i = 0; i < arrivedCount; i++) {
            final int job = arrived[i];
            if (jobs.isQueued(job)) {
                placeOnBestFit(job);
            }
        }
        arrivals.clear();
    }
}
