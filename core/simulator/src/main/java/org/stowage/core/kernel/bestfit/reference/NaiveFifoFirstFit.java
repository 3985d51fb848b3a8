package org.stowage.core.kernel.bestfit.reference;

import org.stowage.core.kernel.support.NaiveCentralQueue;

/**
 * Reference twin of {@link org.stowage.core.kernel.bestfit.FifoFirstFit}: head of a plain list, first server by a
 * linear scan.
 */
public final class NaiveFifoFirstFit extends NaiveCentralQueue {
    public NaiveFifoFirstFit() {
        super("FIFO-FF-naive");
    }

    @Override
    public void decide(final double now) {
        while (!waiting.isEmpty()) {
            final int job = waiting.get(0);
            final int server = firstServer(job);
            if (server < 0) {
                return;
            }
            start(job, server);
        }
    }
}
