package org.stowage.core.kernel.bestfit.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.stowage.core.kernel.support.NaiveCentralQueue;

/** Reference twin of {@link org.stowage.core.kernel.bestfit.BestFitJobsServers}, by linear scans. */
public final class NaiveBestFitJobsServers extends NaiveCentralQueue {
    private final TreeSet<Integer> departedServers = new TreeSet<>();
    private final List<Integer> arrivals = new ArrayList<>();

    public NaiveBestFitJobsServers() {
        super("BF-J/S-naive");
    }

    @Override
    public void onArrival(final int job) {
        super.onArrival(job);
        arrivals.add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        departedServers.add(server);
    }

    @Override
    public void decide(final double now) {
        for (final int server : departedServers) {
            fillLargestFirst(server);
        }
        departedServers.clear();
        for (final int job : arrivals) {
            if (jobs.isQueued(job)) {
                final int server = bestServer(job);
                if (server >= 0) {
                    start(job, server);
                }
            }
        }
        arrivals.clear();
    }
}
