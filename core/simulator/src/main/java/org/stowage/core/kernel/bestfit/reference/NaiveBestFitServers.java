package org.stowage.core.kernel.bestfit.reference;

import org.stowage.core.kernel.support.NaiveCentralQueue;

/** Reference twin of {@link org.stowage.core.kernel.bestfit.BestFitServers}: every server, every decision, by linear scans. */
public final class NaiveBestFitServers extends NaiveCentralQueue {
    public NaiveBestFitServers() {
        super("BF-S-naive");
    }

    @Override
    public void decide(final double now) {
        for (int server = 0; server < servers.count(); server++) {
            fillLargestFirst(server);
        }
    }
}
