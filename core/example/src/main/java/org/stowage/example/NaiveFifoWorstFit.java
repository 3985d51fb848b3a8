package org.stowage.example;

import org.stowage.core.kernel.support.NaiveCentralQueue;

/**
 * The naive twin of {@link FifoWorstFit}: the head of a plain list, its server found by a scan of every server,
 * written to be obviously right. O(L) per placement, and it allocates: for the differential test only.
 */
public final class NaiveFifoWorstFit extends NaiveCentralQueue {
    public NaiveFifoWorstFit() {
        super("FIFO-WF-naive");
    }

    @Override
    public void decide(final double now) {
        while (!waiting.isEmpty()) {
            final int job = waiting.get(0);
            int widest = -1;
            for (int server = 0; server < servers.count(); server++) {
                if (fits(job, server) && (widest < 0 || servers.residual(server, 0) > servers.residual(widest, 0))) {
                    widest = server;
                }
            }
            if (widest < 0) {
                return;
            }
            start(job, widest);
        }
    }
}
