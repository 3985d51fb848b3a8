package org.stowage.core.kernel.rms.reference;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.rms.MaxWeightPlan;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.JobClasses;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.ServerView;

/**
 * The reference twin of {@link org.stowage.core.kernel.rms.LocalMaxWeight} (MWR+JSQ): docs/RMS.md 4.7 read
 * literally. JSQ by a scan of every server (the k-th shortest queue in index order, the same uniform from the
 * same stream); every server visited at every decision, its running counts recounted from its job list.
 * O(L) per arrival, O(L J + running jobs) per decision. Allocation-free after attach; for tests only.
 */
public final class NaiveLocalMaxWeight extends KernelBase {
    private MaxWeightPlan.Oracle oracle;
    private int types;
    private FifoQueue[][] local;
    private int[][] target;
    private int[] counts;
    private int[] weights;
    private RandomGenerator routing;

    public NaiveLocalMaxWeight(final String name) {
        super(name);
    }

    @Override
    protected void onAttach() {
        final MaxWeightPlan plan = context.model().plan(MaxWeightPlan.class);
        oracle = plan.oracle();
        types = plan.types();
        local = new FifoQueue[servers.count()][types];
        for (int l = 0; l < servers.count(); l++) {
            for (int j = 0; j < types; j++) {
                local[l][j] = context.newFifoQueue();
            }
        }
        target = new int[servers.count()][types];
        counts = new int[types];
        weights = new int[types];
        routing = context.random(SchedulerContext.ROUTING);
    }

    @Override
    public void onArrival(final int job) {
        final int type = jobs.jobClass(job);
        int least = Integer.MAX_VALUE;
        int ties = 0;
        for (int l = 0; l < servers.count(); l++) {
            if (holds(type, l)) {
                final int length = local[l][type].size();
                if (length < least) {
                    least = length;
                    ties = 1;
                } else if (length == least) {
                    ties++;
                }
            }
        }
        int k = ties > 1 ? routing.nextInt(ties) : 0;
        for (int l = 0; l < servers.count(); l++) {
            if (holds(type, l) && local[l][type].size() == least && k-- == 0) {
                local[l][type].enqueue(job);
                return;
            }
        }
        throw new IllegalStateException(name() + ": no server holds job " + job + " of type " + type);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        // the next decision recounts the server's running jobs
    }

    @Override
    public void decide(final double now) {
        for (int l = 0; l < servers.count(); l++) {
            if (servers.jobCount(l) == 0 && anyWaiting(l)) {
                for (int j = 0; j < types; j++) {
                    weights[j] = local[l][j].size();
                }
                oracle.best(context.model().serverClasses().classOf(l), weights, target[l]);
            }
            Arrays.fill(counts, 0);
            for (int job = servers.firstJob(l); job != ServerView.NONE; job = servers.nextJobOnServer(jobs, job)) {
                counts[jobs.jobClass(job)]++;
            }
            for (int j = 0; j < types; j++) {
                final FifoQueue queue = local[l][j];
                while (counts[j] < target[l][j] && !queue.isEmpty() && servers.fits(jobs, queue.head(), l)) {
                    final int head = queue.head();
                    queue.remove(head);
                    context.place(head, l);
                    counts[j]++;
                }
            }
        }
    }

    private boolean anyWaiting(final int server) {
        for (int j = 0; j < types; j++) {
            if (!local[server][j].isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private boolean holds(final int type, final int server) {
        final JobClasses classes = context.model().jobClasses();
        for (int d = 0; d < servers.dimensions(); d++) {
            if (classes.exactSize(type, d) > servers.capacity(server, d)) {
                return false;
            }
        }
        return true;
    }
}
