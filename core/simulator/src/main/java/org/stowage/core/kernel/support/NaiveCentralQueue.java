package org.stowage.core.kernel.support;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;

/**
 * Base of the naive reference twins: the waiting jobs in a plain {@link ArrayList} in arrival order, and
 * every choice by a linear scan written to be obviously correct. Slow (O(N) or O(L) per query) and
 * allocating; for differential tests and as the baseline of the benchmarks, never for real runs.
 *
 * <p>A {@link JobQueue} is still used, only so the simulation sees jobs as queued; no decision reads it.
 */
public abstract class NaiveCentralQueue extends KernelBase {
    protected final List<Integer> waiting = new ArrayList<>();
    private JobQueue stateHolder;

    protected NaiveCentralQueue(final String name) {
        super(name);
    }

    /** Makes the queue that holds the waiting jobs for the simulation; subclasses call {@code super.onAttach()} first. */
    @Override
    protected void onAttach() {
        stateHolder = context.newQueue();
    }

    @Override
    public void onArrival(final int job) {
        stateHolder.enqueue(job);
        waiting.add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
    }

    protected final void start(final int job, final int server) {
        waiting.remove(Integer.valueOf(job));
        stateHolder.remove(job);
        context.place(job, server);
    }

    protected final boolean fits(final int job, final int server) {
        for (int d = 0; d < servers.dimensions(); d++) {
            if (jobs.size(job, d) > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    /** Least residual (D = 1) or largest size-occupancy inner product (D &gt; 1); ties lowest index. */
    protected final int bestServer(final int job) {
        int best = ServerView.NONE;
        long bestKey = 0;
        for (int server = 0; server < servers.count(); server++) {
            if (!fits(job, server)) {
                continue;
            }
            final long key;
            if (servers.dimensions() == 1) {
                key = -servers.residual(server, 0);
            } else {
                long score = 0;
                for (int d = 0; d < servers.dimensions(); d++) {
                    score += (long) jobs.size(job, d) * (servers.capacity(server, d) - servers.residual(server, d));
                }
                key = score;
            }
            if (best == ServerView.NONE || key > bestKey) {
                best = server;
                bestKey = key;
            }
        }
        return best;
    }

    protected final int firstServer(final int job) {
        for (int server = 0; server < servers.count(); server++) {
            if (fits(job, server)) {
                return server;
            }
        }
        return ServerView.NONE;
    }

    /** The largest waiting job that fits {@code server} (D = 1); among equals the first in arrival order. */
    protected final int largestFitting(final int server) {
        int best = JobTable.NONE;
        for (final int job : waiting) {
            if (fits(job, server) && (best == JobTable.NONE || jobs.size(job, 0) > jobs.size(best, 0))) {
                best = job;
            }
        }
        return best;
    }

    protected final void fillLargestFirst(final int server) {
        for (int job = largestFitting(server); job != JobTable.NONE; job = largestFitting(server)) {
            start(job, server);
        }
    }
}
