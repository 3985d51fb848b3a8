package org.stowage.core.kernel.batch;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;

/**
 * Tetris (Grandl et al. 2014) as Hu and Li 2022 use it (Sec. 4.1): among every queued job and machine it
 * fits, the pair with the highest {@link TetrisTerms#score score} is placed, then the scores are
 * renewed and the next pair placed, until no queued job fits any machine. With {@code gamma > 0} the score
 * subtracts Tetris's work term (Tran et al. 2018, Sec. 5.1, gamma = 1 there). Ties: the job that arrived
 * first, then the lowest machine index.
 *
 * <h2>Index</h2>
 * Each machine holds a cached best (job, score), exact or an upper bound ("stale"), and a tournament tree
 * over the machines gives the best cache in O(1). The bounds are sound because a machine's best can only
 * fall while its free resources do not grow: a placement elsewhere removes one job, a placement on it
 * shrinks its free resources, and the score grows with free resources (the work term does not depend on
 * them). So a placement marks the machine it used and every machine that cached the placed job stale
 * without rescanning; the pick takes the best cache, and when that one is stale it is made exact (copied
 * from the machine last rescanned since the last placement if their free resources are equal, else a scan
 * of the queue) and the pick repeats, lazily. A departure (free resources grow) forces a rescan of that
 * machine at the next decision; an arrival is offered to every machine (a job that beats a stale bound is
 * that machine's exact best).
 *
 * <p>With one resource and gamma = 0 the best job on a machine is the largest that fits (the score is size x
 * free), so a scan is the queue's size-index query, O(log U). Cost per decision otherwise: O(N D) per
 * machine with a departure, O(A (L D + log L)) for A arrivals, and per
 * placement O(L) to mark the caches of the placed job plus, per stale machine picked, O(log L) and O(D)
 * (a copy) or O(N D) (a scan). On identical machines at a batch's start, one scan per placement serves all
 * of them, where a plain scan costs O(N L D) per placement. Memory: L ints, doubles and flags and a 2L tree,
 * an int column per job. Allocation-free once the arrival buffer has reached its high-water mark.
 */
public final class Tetris extends KernelBase {
    private final double gamma;
    private final double unitsPerHour;
    private TetrisTerms terms;
    private JobQueue queue;
    /** One resource and no work term: a machine's best is the largest job that fits it, found by the queue's size index. */
    private boolean sizeIndexed;
    private int sequenceColumn;
    private int nextSequence;
    private double[] inverseScale;
    private int[] bestJob;
    private double[] bestScore;
    private boolean[] stale;
    private boolean[] dirty;
    private int[] dirtyServers;
    private int dirtyCount;
    /** Tournament tree: node i holds the best server of its subtree; leaves at [leaves, 2 leaves). */
    private int[] tree;
    private int leaves;
    /** The server rescanned last since the last placement, whose result serves servers with equal free resources. */
    private int memo = ServerView.NONE;
    private final IntArrayList arrivals = new IntArrayList(1024);

    /**
     * @param gamma        weight of the work term, finite and &gt;= 0 (0 for Hu and Li 2022)
     * @param unitsPerHour the run's time units per hour, finite and &gt; 0: the work term is in hours
     */
    public Tetris(final double gamma, final double unitsPerHour) {
        super("Tetris");
        if (!(gamma >= 0) || Double.isInfinite(gamma)) {
            throw new IllegalArgumentException("Tetris's gamma must be finite and >= 0: " + gamma);
        }
        if (!(unitsPerHour > 0) || Double.isInfinite(unitsPerHour)) {
            throw new IllegalArgumentException("Tetris's unitsPerHour must be finite and > 0: " + unitsPerHour);
        }
        this.gamma = gamma;
        this.unitsPerHour = unitsPerHour;
    }

    @Override
    protected void onAttach() {
        queue = context.newQueue();
        sizeIndexed = dimensions == 1 && gamma == 0;
        sequenceColumn = jobs.addIntColumn(0);
        inverseScale = TetrisScore.inverseLargestCapacity(servers);
        terms = new TetrisTerms(servers, context.model(), gamma, unitsPerHour);
        final int count = servers.count();
        bestJob = new int[count];
        java.util.Arrays.fill(bestJob, JobTable.NONE);
        bestScore = new double[count];
        stale = new boolean[count];
        dirty = new boolean[count];
        dirtyServers = new int[count];
        leaves = Integer.highestOneBit(Math.max(1, count - 1)) << 1;
        tree = new int[2 * leaves];
        java.util.Arrays.fill(tree, ServerView.NONE);
        for (int s = 0; s < count; s++) {
            tree[leaves + s] = s;
        }
        for (int node = leaves - 1; node >= 1; node--) {
            tree[node] = winner(tree[2 * node], tree[2 * node + 1]);
        }
        for (int s = 0; s < count; s++) {
            markDirty(s);
        }
    }

    @Override
    public void onArrival(final int job) {
        queue.enqueue(job);
        jobs.setIntColumn(sequenceColumn, job, nextSequence++);
        arrivals.add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        markDirty(server);
    }

    @Override
    public void decide(final double now) {
        memo = ServerView.NONE;
        refreshCaches();
        while (true) {
            final int server = tree[1];
            if (server == ServerView.NONE || bestJob[server] == JobTable.NONE) {
                return;
            }
            if (stale[server]) {
                refresh(server);
                continue;
            }
            final int job = bestJob[server];
            queue.remove(job);
            context.place(job, server);
            memo = ServerView.NONE;
            for (int s = 0; s < bestJob.length; s++) {
                if (bestJob[s] == job) {
                    stale[s] = true;
                }
            }
        }
    }

    /** Machines whose resources grew rescan the queue; the others only weigh the new arrivals. */
    private void refreshCaches() {
        for (int i = 0; i < dirtyCount; i++) {
            final int s = dirtyServers[i];
            dirty[s] = false;
            rescan(s);
        }
        dirtyCount = 0;
        final int[] arrived = arrivals.elements();
        final int count = arrivals.size();
        for (int i = 0; i < count; i++) {
            final int job = arrived[i];
            if (!jobs.isQueued(job)) {
                continue;
            }
            for (int s = 0; s < bestJob.length; s++) {
                offer(job, s);
            }
        }
        arrivals.clear();
    }

    /**
     * Weighs one queued job for one machine. Idempotent (a machine rescanned this decision may see it twice);
     * a job that beats a stale bound is the machine's exact best.
     */
    private void offer(final int job, final int server) {
        if (!servers.fits(jobs, job, server)) {
            return;
        }
        final double score = terms.score(jobs, job, servers, server);
        if (bestJob[server] == JobTable.NONE || better(score, job, bestScore[server], bestJob[server])) {
            bestJob[server] = job;
            bestScore[server] = score;
            stale[server] = false;
            update(server);
        }
    }

    /** Makes a stale machine's cache exact: from the memo when their free resources are equal, else a scan. */
    private void refresh(final int server) {
        if (memo != ServerView.NONE && sameResiduals(memo, server)) {
            bestJob[server] = bestJob[memo];
            bestScore[server] = bestScore[memo];
            stale[server] = false;
            update(server);
        } else {
            rescan(server);
            memo = server;
        }
    }

    /** Equal free resources and the same work class: every job scores the same on both. */
    private boolean sameResiduals(final int a, final int b) {
        if (terms.workClassOf(a) != terms.workClassOf(b)) {
            return false;
        }
        for (int d = 0; d < inverseScale.length; d++) {
            if (servers.residual(a, d) != servers.residual(b, d)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The queue in arrival order, so the first of equal scores is the earliest arrival: O(N D + log L); with
     * one resource and gamma = 0, the size index's largest fitting job: O(log U + log L).
     */
    private void rescan(final int server) {
        if (sizeIndexed) {
            // score = size x free / s^2 grows with the size, and equal sizes come out earliest first
            final int best = queue.largestAtMost(servers.residual(server, 0));
            bestJob[server] = best;
            bestScore[server] = best == JobTable.NONE ? 0
                : terms.score(jobs, best, servers, server);
            stale[server] = false;
            update(server);
            return;
        }
        int best = JobTable.NONE;
        double score = 0;
        for (int job = queue.head(); job != JobTable.NONE; job = queue.next(job)) {
            if (servers.fits(jobs, job, server)) {
                final double candidate = terms.score(jobs, job, servers, server);
                if (best == JobTable.NONE || candidate > score) {
                    best = job;
                    score = candidate;
                }
            }
        }
        bestJob[server] = best;
        bestScore[server] = score;
        stale[server] = false;
        update(server);
    }

    /** Re-plays the tournament from a machine's leaf to the root. O(log L). */
    private void update(final int server) {
        for (int node = (leaves + server) >>> 1; node >= 1; node >>>= 1) {
            tree[node] = winner(tree[2 * node], tree[2 * node + 1]);
        }
    }

    /** The better cache of two machines (NONE and empty caches lose; ties to the lower index, the left one). */
    private int winner(final int left, final int right) {
        if (right == ServerView.NONE || bestJob[right] == JobTable.NONE) {
            return left;
        }
        if (left == ServerView.NONE || bestJob[left] == JobTable.NONE) {
            return right;
        }
        return better(bestScore[right], bestJob[right], bestScore[left], bestJob[left]) ? right : left;
    }

    /** Higher score first, then the earlier arrival. */
    private boolean better(final double score, final int job, final double otherScore, final int otherJob) {
        if (score != otherScore) {
            return score > otherScore;
        }
        return jobs.intColumn(sequenceColumn, job) < jobs.intColumn(sequenceColumn, otherJob);
    }

    private void markDirty(final int server) {
        if (!dirty[server]) {
            dirty[server] = true;
            dirtyServers[dirtyCount++] = server;
        }
    }
}
