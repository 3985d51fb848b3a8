package org.stowage.core.kernel.bestfit;

import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.kernel.support.ServerMaxTree;
import org.stowage.core.kernel.support.StallCounting;
import org.stowage.core.state.BestFitBuckets;
import org.stowage.core.state.JobQueue;

/**
 * BF-J/S with stalling ({@code BF-J/S:stall=true}; Psychas and Ghaderi 2019, Sec. VIII, after the technique
 * of their SIGMETRICS 2018 paper): a server that is less than half full while jobs wait that it could only
 * take once drained stops taking jobs until it is empty, so under general (for example deterministic)
 * service times it cannot stay half empty forever. See docs/VQS.md.
 *
 * <h2>Rules</h2>
 * Each decision:
 * <ol>
 *   <li>BF-S over the servers that had departures since the previous decision and are not stalled, in
 *       ascending index (as {@link BestFitJobsServers});</li>
 *   <li>BF-J over the new arrivals still queued, in arrival order, each to the best-fit server among those
 *       not stalled (least residual that holds it, ties: lowest index);</li>
 *   <li>the stall check: every server that is not empty, not stalled, less than half full
 *       ({@code 2 * (capacity - residual) < capacity}), while the queue holds a job of size at most its
 *       capacity, starts a stall.</li>
 * </ol>
 * A stalled server takes no job. Its stall ends when it becomes empty; it then counts as a server with
 * departures, so step 1 refills it. Empty servers never stall (a stall starts only on a server with jobs,
 * which all finish), and with an empty queue nothing stalls, so a lightly loaded cluster is unaffected.
 * Steps 1-2 leave no queued job that fits a non-stalled server (as in BF-J/S), so a server that is less
 * than half full after them can only take what waits once it drains: the case the stall is for.
 *
 * <h2>Indexes and cost</h2>
 * A {@link BestFitBuckets} over the non-stalled servers (the cluster's own best-fit index cannot leave servers
 * out) and a {@link ServerMaxTree} of {@code 2 * residual - capacity} over the running non-stalled servers,
 * so step 3 visits only servers that are less than half full: O(log L) per server that starts a stall
 * (plus one per such server skipped because the queued jobs are all larger than it, which happens only in
 * heterogeneous clusters). Per decision O(S log S + (S + P + A) log L + A log L) for S departed servers, P
 * placements, A arrivals. Allocation-free once the departed-server buffer has reached its high-water mark
 * (the slot's arrivals are a list in the queue, {@link JobQueue.Order#RECENT}, not a buffer).
 */
public final class StallingBestFitJobsServers extends CentralQueueScheduler implements StallCounting {
    private static final int NONE = BestFitBuckets.NONE;

    private DepartedServers departed;
    private boolean[] stalled;
    private BestFitBuckets accepting;
    /** {@code 2 * residual - capacity} of running, non-stalled servers; MIN_VALUE otherwise. Positive iff less than half full. */
    private ServerMaxTree halfEmpty;
    private long stallsStarted;

    /** Reads the slot's arrivals in order: a list of the recent arrivals, no buffer. */
    @Override
    protected JobQueue.Order queueOrder() {
        return JobQueue.Order.RECENT;
    }

    public StallingBestFitJobsServers() {
        super("BF-J/S:stall=true");
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        requireSingleResource();
        final int count = servers.count();
        departed = new DepartedServers(count);
        stalled = new boolean[count];
        accepting = new BestFitBuckets(count, servers.maxCapacity(0) + 1);
        halfEmpty = new ServerMaxTree(count, Integer.MIN_VALUE);
        for (int s = 0; s < count; s++) {
            accepting.add(s, servers.residual(s, 0));
        }
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final boolean empty = servers.jobCount(server) == 0;
        if (stalled[server]) {
            if (!empty) {
                return;
            }
            stalled[server] = false;
            accepting.add(server, servers.residual(server, 0));
        } else {
            accepting.update(server, servers.residual(server, 0));
            halfEmpty.set(server, empty ? Integer.MIN_VALUE : halfEmptiness(server));
        }
        departed.add(server);
    }

    @Override
    public void decide(final double now) {
        final int departedCount = departed.sort();
        for (int i = 0; i < departedCount; i++) {
            final int server = departed.get(i);
            if (!stalled[server]) {
                fillLargestFirstTracked(server);
            }
        }
        departed.clear();

        // the slot's arrivals still queued, in arrival order (the BF-S fills above took some of them)
        for (int job = queue.recentHead(); job != JobQueue.NONE; ) {
            final int following = queue.recentNext(job);
            final int server = accepting.leastAtLeast(jobs.size(job, 0));
            if (server != NONE) {
                startTracked(job, server);
            }
            job = following;
        }
        queue.forgetRecent();
        stallHalfEmptyServers();
    }

    private void fillLargestFirstTracked(final int server) {
        for (int job = queue.largestAtMost(servers.residual(server, 0)); job != JobQueue.NONE;
             job = queue.largestAtMost(servers.residual(server, 0))) {
            startTracked(job, server);
        }
    }

    private void startTracked(final int job, final int server) {
        start(job, server);
        accepting.update(server, servers.residual(server, 0));
        halfEmpty.set(server, halfEmptiness(server));
    }

    private int halfEmptiness(final int server) {
        return 2 * servers.residual(server, 0) - servers.capacity(server, 0);
    }

    private void stallHalfEmptyServers() {
        if (queue.isEmpty()) {
            return;
        }
        final int smallest = queue.smallestKeySize();
        for (int server = halfEmpty.nextAtLeast(1, 0); server != ServerMaxTree.NONE;
             server = halfEmpty.nextAtLeast(1, server + 1)) {
            if (smallest <= servers.capacity(server, 0)) {
                stalled[server] = true;
                stallsStarted++;
                accepting.remove(server);
                halfEmpty.set(server, Integer.MIN_VALUE);
            }
        }
    }

    /** Stalls started so far. */
    @Override
    public long stallsStarted() {
        return stallsStarted;
    }

    /** Whether {@code server} is stalled. */
    public boolean isStalled(final int server) {
        return stalled[server];
    }
}
