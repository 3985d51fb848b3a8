package org.stowage.core.kernel.batch.reference;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.batch.DjsfOptions;
import org.stowage.core.kernel.batch.JobSetPlanner;
import org.stowage.core.kernel.support.NaiveCentralQueue;
import org.stowage.core.state.ServerView;

/**
 * Reference twin of {@link org.stowage.core.kernel.batch.DensestJobSetFirst}. The job sets come from the
 * same {@link JobSetPlanner} (held to its own naive twin in JobSetPlannerTest); everything after is plain:
 * the plan copied into a queue of lists in rank order, the cluster's free resources summed over every
 * server at each test, each set's machine and each job's machine found by scanning every server.
 */
public final class NaiveDensestJobSetFirst extends NaiveCentralQueue {
    private final boolean perServer;
    private final boolean jobwise;
    private final DjsfOptions options;
    private RandomGenerator random;
    private final Deque<List<Integer>> sets = new ArrayDeque<>();
    private final Deque<Integer> active = new ArrayDeque<>();
    /** Sets no server could hold even empty, decided when planned: their jobs go one by one. */
    private final Set<List<Integer>> split = Collections.newSetFromMap(new IdentityHashMap<>());

    public NaiveDensestJobSetFirst(final boolean perServer, final boolean jobwise, final DjsfOptions options) {
        super(perServer ? "DJSF-naive" : "DJSF-pooled-naive");
        this.perServer = perServer;
        this.jobwise = jobwise;
        this.options = options;
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        if (options.clustering() == DjsfOptions.Clustering.LLOYD) {
            random = context.random(SchedulerContext.COINS);
        }
    }

    @Override
    public void decide(final double now) {
        if (jobwise) {
            decideJobwise();
        } else if (perServer) {
            decidePerServer();
        } else {
            decidePooled();
        }
    }

    /** Every decision, every pending set in JCE order: whole on its best-fit server, or passed over. */
    private void decidePerServer() {
        while (true) {
            if (sets.isEmpty()) {
                if (waiting.isEmpty()) {
                    return;
                }
                plan();
            }
            final List<List<Integer>> left = new ArrayList<>();
            for (final List<Integer> set : sets) {
                final long[] demand = demand(set);
                if (!split.contains(set)) {
                    final int server = bestServerFor(demand);
                    if (server == ServerView.NONE) {
                        left.add(set);
                    } else {
                        for (final int job : set) {
                            start(job, server);
                        }
                    }
                } else {
                    final List<Integer> unplaced = new ArrayList<>();
                    for (final int job : set) {
                        final int server = bestServer(job);
                        if (server == ServerView.NONE) {
                            unplaced.add(job);
                        } else {
                            start(job, server);
                        }
                    }
                    if (!unplaced.isEmpty()) {
                        left.add(set);
                        set.retainAll(unplaced);
                    }
                }
            }
            sets.clear();
            sets.addAll(left);
            if (!sets.isEmpty()) {
                return;
            }
        }
    }

    /** Every decision, every planned job in (rank, position) order to its best-fit server if one holds it. */
    private void decideJobwise() {
        while (true) {
            if (sets.isEmpty()) {
                if (waiting.isEmpty()) {
                    return;
                }
                plan();
            }
            final List<Integer> left = new ArrayList<>();
            for (final List<Integer> set : sets) {
                for (final int job : set) {
                    final int server = bestServer(job);
                    if (server == ServerView.NONE) {
                        left.add(job);
                    } else {
                        start(job, server);
                    }
                }
            }
            sets.clear();
            if (!left.isEmpty()) {
                sets.add(left);
                return;
            }
        }
    }

    private void decidePooled() {
        while (true) {
            while (!active.isEmpty()) {
                final int job = active.peekFirst();
                final int server = bestServer(job);
                if (server == ServerView.NONE) {
                    return;
                }
                active.removeFirst();
                start(job, server);
            }
            if (sets.isEmpty()) {
                if (waiting.isEmpty()) {
                    return;
                }
                plan();
            }
            final List<Integer> set = sets.peekFirst();
            if (!poolCovers(demand(set))) {
                return;
            }
            sets.removeFirst();
            active.addAll(set);
        }
    }

    private void plan() {
        final int d = servers.dimensions();
        final int n = waiting.size();
        final double[] jct = new double[n];
        final int[] sizes = new int[n * d];
        final long[] cluster = new long[d];
        final long[] machine = new long[d];
        for (int s = 0; s < servers.count(); s++) {
            for (int r = 0; r < d; r++) {
                cluster[r] += servers.capacity(s, r);
                machine[r] = Math.max(machine[r], servers.capacity(s, r));
            }
        }
        for (int i = 0; i < n; i++) {
            jct[i] = jobs.predictedServiceTime(waiting.get(i));
            for (int r = 0; r < d; r++) {
                sizes[i * d + r] = jobs.size(waiting.get(i), r);
            }
        }
        final JobSetPlanner planner = new JobSetPlanner(d);
        planner.plan(n, jct, sizes, perServer ? machine : cluster, cluster, options, random);
        for (int rank = 0; rank < planner.setCount(); rank++) {
            final int m = planner.setAtRank(rank);
            final List<Integer> members = new ArrayList<>();
            for (int i = 0; i < planner.setSize(m); i++) {
                members.add(waiting.get(planner.setMember(m, i)));
            }
            sets.addLast(members);
            if (perServer && !someServerCouldHold(demand(members))) {
                split.add(members);
            }
        }
    }

    private long[] demand(final List<Integer> set) {
        final long[] total = new long[servers.dimensions()];
        for (final int job : set) {
            for (int r = 0; r < total.length; r++) {
                total[r] += jobs.size(job, r);
            }
        }
        return total;
    }

    private boolean poolCovers(final long[] demand) {
        for (int r = 0; r < demand.length; r++) {
            long free = 0;
            for (int s = 0; s < servers.count(); s++) {
                free += servers.residual(s, r);
            }
            if (demand[r] > free) {
                return false;
            }
        }
        return true;
    }

    private boolean someServerCouldHold(final long[] demand) {
        for (int s = 0; s < servers.count(); s++) {
            boolean holds = true;
            for (int r = 0; r < demand.length; r++) {
                holds &= demand[r] <= servers.capacity(s, r);
            }
            if (holds) {
                return true;
            }
        }
        return false;
    }

    /** Least free (one resource) or largest inner product of demand and used resources; first on ties. */
    private int bestServerFor(final long[] demand) {
        int best = ServerView.NONE;
        long bestKey = 0;
        for (int s = 0; s < servers.count(); s++) {
            boolean holds = true;
            long used = 0;
            for (int r = 0; r < demand.length; r++) {
                holds &= demand[r] <= servers.residual(s, r);
                used += demand[r] * (servers.capacity(s, r) - servers.residual(s, r));
            }
            final long key = demand.length == 1 ? -servers.residual(s, 0) : used;
            if (holds && (best == ServerView.NONE || key > bestKey)) {
                best = s;
                bestKey = key;
            }
        }
        return best;
    }
}
