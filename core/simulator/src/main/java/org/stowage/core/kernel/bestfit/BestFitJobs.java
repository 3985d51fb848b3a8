package org.stowage.core.kernel.bestfit;

import org.stowage.core.kernel.support.CentralQueueScheduler;
import org.stowage.core.state.JobQueue;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * BF-J, Best-Fit from the job's perspective (Psychas and Ghaderi 2019, Sec. IV-A): the queued jobs are
 * taken in arrival order and each is placed on the server with the least residual that can hold it
 * (ties: lowest index), if any. For D &gt; 1 "best" is the largest inner product of the job's requirement
 * and the server's occupied resources (2018 paper, Sec. VI); that is the 2018 paper's work-conserving
 * Best-Fit (Sec. III, VII) for several resources.
 *
 * <p>Exact shortcut: at the end of every decision no queued job fits any server (each was tried, and
 * residuals only shrank after its try). So when no job departed since the last decision, only the jobs
 * that arrived since can fit, and only they are tried, in arrival order, with the same result as the
 * full pass. The naive twin runs the full pass every time; differential tests check they agree.
 *
 * <p>Cost per decision: with departures, O(N) over the queue plus O(log L) per job that passes the O(D)
 * maximum-residual filter (D = 1); without departures, O(A log L) for A arrivals. Allocation-free once the
 * arrivals buffer has reached its high-water mark.
 */
public final class BestFitJobs extends CentralQueueScheduler {
    private final IntArrayList arrivals = new IntArrayList(1024);
    private boolean departedSinceDecision = true;

    public BestFitJobs() {
        super("BF-J");
    }

    @Override
    public void onArrival(final int job) {
        super.onArrival(job);
        arrivals.add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        departedSinceDecision = true;
    }

    @Override
    public void decide(final double now) {
        if (departedSinceDecision) {
            placeWholeQueue();
        } else {
            final int[] arrived = arrivals.elements();
            final int count = arrivals.size();
            for (int i = 0; i < count; i++) {
                final int job = arrived[i];
                if (jobs.isQueued(job)) {
                    placeOnBestFit(job);
                }
            }
        }
        arrivals.clear();
        departedSinceDecision = false;
    }

    private void placeWholeQueue() {
        int job = queue.head();
        while (job != JobQueue.NONE) {
            final int following = queue.next(job);
            if (placeOnBestFit(job) && servers.maxResidual(0) < queue.smallestKeySize()) {
                return;
            }
            job = following;
        }
    }
}
