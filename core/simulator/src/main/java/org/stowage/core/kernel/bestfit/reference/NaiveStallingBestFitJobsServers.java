package org.stowage.core.kernel.bestfit.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.stowage.core.kernel.support.NaiveCentralQueue;
import org.stowage.core.kernel.support.StallCounting;
import org.stowage.core.state.ServerView;

/**
 * Reference twin of {@link org.stowage.core.kernel.bestfit.StallingBestFitJobsServers} ({@code BF-J/S-naive:stall=true}):
 * the same three steps by linear scans over every server and every waiting job.
 */
public final class NaiveStallingBestFitJobsServers extends NaiveCentralQueue implements StallCounting {
    private final TreeSet<Integer> departedServers = new TreeSet<>();
    private final List<Integer> arrivals = new ArrayList<>();
    private boolean[] stalled;
    private long stalls;

    public NaiveStallingBestFitJobsServers() {
        super("BF-J/S-naive:stall=true");
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        stalled = new boolean[servers.count()];
    }

    @Override
    public void onArrival(final int job) {
        super.onArrival(job);
        arrivals.add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        if (servers.jobCount(server) == 0) {
            stalled[server] = false;
        }
        departedServers.add(server);
    }

    @Override
    public void decide(final double now) {
        for (final int server : departedServers) {
            if (!stalled[server]) {
                fillLargestFirst(server);
            }
        }
        departedServers.clear();
        for (final int job : arrivals) {
            if (jobs.isQueued(job)) {
                int best = ServerView.NONE;
                for (int server = 0; server < servers.count(); server++) {
                    if (!stalled[server] && fits(job, server)
                        && (best == ServerView.NONE || servers.residual(server, 0) < servers.residual(best, 0))) {
                        best = server;
                    }
                }
                if (best != ServerView.NONE) {
                    start(job, best);
                }
            }
        }
        arrivals.clear();
        for (int server = 0; server < servers.count(); server++) {
            final int capacity = servers.capacity(server, 0);
            final int occupied = capacity - servers.residual(server, 0);
            if (stalled[server] || servers.jobCount(server) == 0 || 2 * occupied >= capacity) {
                continue;
            }
            for (final int job : waiting) {
                if (jobs.size(job, 0) <= capacity) {
                    stalled[server] = true;
                    stalls++;
                    break;
                }
            }
        }
    }

    /** Stalls started so far. */
    @Override
    public long stallsStarted() {
        return stalls;
    }
}
