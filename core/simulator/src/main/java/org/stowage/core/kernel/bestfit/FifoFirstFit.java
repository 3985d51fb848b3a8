package org.stowage.core.kernel.bestfit;

import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.ServerView;

/**
 * FIFO-FF (Psychas and Ghaderi 2019, Sec. VII-B), the baseline modelled on Hadoop's FIFO scheduler: the
 * job at the head of the queue goes to the first (lowest-index) server that can hold it, repeatedly.
 *
 * <p>Blocking: when the head fits no server, the whole queue waits, even if later jobs would fit. That
 * is strict FIFO as the paper words it ("attempting to pack the first job in the queue"). Works for any
 * number of resources.
 *
 * <p>Cost per decision: O((P + 1) log L) for P placements when D = 1 (first fit on the server index);
 * allocation-free.
 */
public final class FifoFirstFit extends CentralQueueScheduler {
    public FifoFirstFit() {
        super("FIFO-FF");
    }

    @Override
    public void onDeparture(final int job, final int server) {
        // the next decision retries the head; nothing to remember
    }

    @Override
    public void decide(final double now) {
        int job = queue.head();
        while (job != JobQueue.NONE) {
            final int server = servers.firstFit(jobs, job);
            if (server == ServerView.NONE) {
                return;
            }
            start(job, server);
            job = queue.head();
        }
    }
}
