package org.stowage.core.kernel.bestfit;

import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.ServerView;

/**
 * BF-S, Best-Fit from the server's perspective (Psychas and Ghaderi 2019, Sec. IV-A), one resource:
 * servers are taken in index order and each is filled with the largest queued job that fits (ties:
 * earliest arrival) until no more fits.
 *
 * <p>Servers whose residual is below the smallest queued size are skipped through the server index
 * without being visited, which changes nothing: they could take no job. Cost per decision:
 * O((V + P) log<sub>64</sub> U + V log L) for V servers visited and P placements (U: size universe in
 * units, so about 4 word reads per query).
 * Allocation-free.
 */
public final class BestFitServers extends CentralQueueScheduler {
    /** Reads largest fitting jobs only: no FIFO list. */
    @Override
    protected JobQueue.Order queueOrder() {
        return JobQueue.Order.NONE;
    }

    public BestFitServers() {
        super("BF-S");
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        requireSingleResource();
    }

    @Override
    public void onDeparture(final int job, final int server) {
        // every decision scans the servers; nothing to remember
    }

    @Override
    public void decide(final double now) {
        int server = 0;
        while (!queue.isEmpty()) {
            // the smallest size only grows as jobs leave, so a value read before placements stays a safe filter
            server = servers.nextWithResidualAtLeast(queue.smallestKeySize(), server);
            if (server == ServerView.NONE) {
                return;
            }
            fillLargestFirst(server);
            server++;
        }
    }
}
