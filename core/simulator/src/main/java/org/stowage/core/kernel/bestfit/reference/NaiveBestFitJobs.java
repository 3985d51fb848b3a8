package org.stowage.core.kernel.bestfit.reference;

import java.util.ArrayList;

import org.stowage.core.kernel.support.NaiveCentralQueue;

/** Reference twin of {@link org.stowage.core.kernel.bestfit.BestFitJobs}: the full pass over all waiting jobs every decision. */
public final class NaiveBestFitJobs extends NaiveCentralQueue {
    public NaiveBestFitJobs() {
        super("BF-J-naive");
    }

    @Override
    public void decide(final double now) {
        for (final int job : new ArrayList<>(waiting)) {
            final int server = bestServer(job);
            if (server >= 0) {
                start(job, server);
            }
        }
    }
}
