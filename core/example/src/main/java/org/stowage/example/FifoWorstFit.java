package org.stowage.example;

import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.state.JobQueue;

/**
 * FIFO-WF: the job at the head of the queue goes to the server with the most free room (worst fit; ties: the
 * lowest index), repeatedly; when the head fits no server, the whole queue waits, as in FIFO-FF. One resource.
 * Cost per placement O(log L): the largest residual is the root of the server table's max-residual tree, and
 * the lowest-index server that has it one descent of that tree. Allocation-free.
 */
public final class FifoWorstFit extends CentralQueueScheduler {
    public FifoWorstFit() {
        super("FIFO-WF");
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        requireSingleResource();
    }

    @Override
    public void onDeparture(final int job, final int server) {
        // the next decision retries the head; nothing to remember
    }

    @Override
    public void decide(final double now) {
        int job = queue.head();
        while (job != JobQueue.NONE) {
            final int room = servers.maxResidual(0);                  // O(1): the root of the server tree
            if (jobs.size(job, 0) > room) {
                return;                                               // blocking: the head and all behind it wait
            }
            start(job, servers.nextWithResidualAtLeast(room, 0));     // the lowest-index server with that room
            job = queue.head();
        }
    }
}
