package org.stowage.core.kernel.batch.reference;

import org.stowage.core.kernel.support.NaiveCentralQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;

/**
 * Reference twin of {@link org.stowage.core.kernel.batch.ShortestJobFirst}: the least predicted service
 * time found by a scan of the waiting list (arrival order, so the first of equals is the earliest), placed
 * on the first server that holds it by a scan of the servers; stop when it fits none.
 */
public final class NaiveShortestJobFirst extends NaiveCentralQueue {
    public NaiveShortestJobFirst() {
        super("SJF-naive");
    }

    @Override
    public void decide(final double now) {
        while (!waiting.isEmpty()) {
            int shortest = JobTable.NONE;
            for (final int job : waiting) {
                if (shortest == JobTable.NONE || jobs.predictedServiceTime(job) < jobs.predictedServiceTime(shortest)) {
                    shortest = job;
                }
            }
            final int server = firstServer(shortest);
            if (server == ServerView.NONE) {
                return;
            }
            start(shortest, server);
        }
    }
}
