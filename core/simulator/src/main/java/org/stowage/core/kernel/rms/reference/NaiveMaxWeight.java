package org.stowage.core.kernel.rms.reference;

import java.util.Arrays;

import org.stowage.core.kernel.rms.MaxWeightPlan;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.kernel.support.StallCounting;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.ServerView;

/**
 * Naive twin of MWR and MWS ({@link org.stowage.core.kernel.rms.MaxWeightScheduling}): docs/RMS.md 4.6 read
 * literally, every server visited at every decision, running counts recounted from the server's job list.
 * O(L J + running jobs) per decision. Allocation-free after attach.
 */
public final class NaiveMaxWeight extends KernelBase implements StallCounting {
    private long stops;
    private final double stop;
    private MaxWeightPlan.Oracle oracle;
    private int types;
    private FifoQueue[] queues;
    private int[] weights;
    private int[][] target;
    private boolean[] stopped;
    private boolean[] departed;
    private int[] counts;
    private int[][] classConfiguration;
    private boolean[] classDone;

    public NaiveMaxWeight(final String name, final double stop) {
        super(name);
        this.stop = stop;
    }

    @Override
    protected void onAttach() {
        final MaxWeightPlan plan = context.model().plan(MaxWeightPlan.class);
        oracle = plan.oracle();
        types = plan.types();
        queues = new FifoQueue[types];
        for (int j = 0; j < types; j++) {
            queues[j] = context.newFifoQueue();
        }
        weights = new int[types];
        target = new int[servers.count()][types];
        stopped = new boolean[servers.count()];
        departed = new boolean[servers.count()];
        counts = new int[types];
        classConfiguration = new int[plan.serverClasses()][types];
        classDone = new boolean[plan.serverClasses()];
    }

    @Override
    public void onArrival(final int job) {
        queues[jobs.jobClass(job)].enqueue(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        if (servers.jobCount(server) == 0) {
            stopped[server] = false;
        } else if (stop >= 0 && !stopped[server]) {
            oracle.best(context.model().serverClasses().classOf(server), queueLengths(), target[server]);
            departed[server] = true;
        }
    }

    @Override
    public void decide(final double now) {
        queueLengths();
        Arrays.fill(classDone, false);
        for (int l = 0; l < servers.count(); l++) {
            final int c = context.model().serverClasses().classOf(l);
            if (servers.jobCount(l) == 0 && !classDone[c]) {
                oracle.best(c, weights, classConfiguration[c]);
                classDone[c] = true;
            }
        }
        for (int l = 0; l < servers.count(); l++) {
            if (stopped[l]) {
                continue;
            }
            if (servers.jobCount(l) == 0) {
                System.arraycopy(classConfiguration[context.model().serverClasses().classOf(l)], 0, target[l], 0, types);
            }
            countRunning(l);
            for (int j = 0; j < types; j++) {
                while (counts[j] < target[l][j] && !queues[j].isEmpty() && servers.fits(jobs, queues[j].head(), l)) {
                    final int head = queues[j].head();
                    queues[j].remove(head);
                    context.place(head, l);
                    counts[j]++;
                }
            }
        }
        queueLengths();
        for (int l = 0; l < servers.count(); l++) {
            if (!departed[l]) {
                continue;
            }
            departed[l] = false;
            if (stopped[l] || servers.jobCount(l) == 0) {
                continue;
            }
            countRunning(l);
            long current = 0;
            long best = 0;
            for (int j = 0; j < types; j++) {
                current += (long) counts[j] * weights[j];
                best += (long) target[l][j] * weights[j];
            }
            if (current < stop * best) {
                stopped[l] = true;
                stops++;
            }
        }
    }

    private int[] queueLengths() {
        for (int j = 0; j < types; j++) {
            weights[j] = queues[j].size();
        }
        return weights;
    }

    private void countRunning(final int server) {
        Arrays.fill(counts, 0);
        for (int job = servers.firstJob(server); job != ServerView.NONE; job = servers.nextJobOnServer(jobs, job)) {
            counts[jobs.jobClass(job)]++;
        }
    }

    /** Servers stopped so far (MWS; always 0 for MWR). */
    @Override
    public long stallsStarted() {
        return stops;
    }
}
