package org.stowage.core.kernel.bestfit;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.ServerView;

/**
 * FIFO-RF: the job at the head of the central queue goes to a server drawn uniformly among those that can
 * hold it (Random-Fit, one of the greedy heuristics of Psychas and Ghaderi 2018, Sec. I-A and III; the
 * server choice of RMS-RF, Sec. VI), repeatedly. Blocking like {@link FifoFirstFit}: when the head fits no
 * server, the whole queue waits.
 *
 * <p>The draw is exact ({@link ServerView#randomFit}): with F holding servers, one {@code nextInt(F)} from the
 * {@link SchedulerContext#SAMPLING} stream picks the k-th holding server in index order; nothing is drawn
 * when none holds the head. Works for any number of resources.
 *
 * <p>Cost per decision: P + 1 random-fit queries for P placements, each O(F + C + L/64) for F holding
 * servers and C candidate cells of the residual grid; allocation-free.
 */
public final class FifoRandomFit extends CentralQueueScheduler {
    private RandomGenerator sampling;

    public FifoRandomFit() {
        super("FIFO-RF");
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        sampling = context.random(SchedulerContext.SAMPLING);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        // the next decision retries the head; nothing to remember
    }

    @Override
    public void decide(final double now) {
        int job = queue.head();
        while (job != JobQueue.NONE) {
            final int server = servers.randomFit(jobs, job, sampling);
            if (server == ServerView.NONE) {
                return;
            }
            start(job, server);
            job = queue.head();
        }
    }
}
