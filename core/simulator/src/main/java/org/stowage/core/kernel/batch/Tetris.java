package org.stowage.core.kernel.batch;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * Tetris (Grandl et al. 2014) as Hu and Li 2022 use it (Sec. 4.1): among every queued job and machine it
 * fits, the pair with the highest {@link TetrisScore#kernelScore score} is placed, then the scores are
 * renewed and the next pair placed, until no queued job fits any machine. With {@code gamma > 0} the score
 * subtracts Tetris's work term (Tran et al. 2018, Sec. 5.1, gamma = 1 there). Ties: the job that arrived
 * first, then the lowest machine index.
 *
 * <h2>Index</h2>
 * Each machine caches its best fitting queued job and that score. The cache stays exact because a machine's
 * best changes only when its free resources change (a departure or a placement on it: rescan the queue for
 * that machine), when a job arrives (offered to every machine) or when its best job leaves the queue
 * (rescan). The pair to place is the best over the machines' caches.
 *
 * <p>Cost per decision: O(N D) per machine with a departure, O(A L D) for A arrivals, and per placement
 * O(L) plus O(N D) for the machine placed on and for every machine whose cached job it was; that last set
 * is every empty machine when they are identical (a batch's start), so the worst case stays O(N L D) per
 * placement there, against the naive O(N L D) per placement always. Memory: L ints and doubles, an int
 * column per job. Allocation-free once the arrival buffer has reached its high-water mark.
 */
public final class Tetris implements Scheduler {
    private final double gamma;
    private SchedulerContext context;
    private JobView jobs;
    private ServerView servers;
    private FifoQueue queue;
    private int sequenceColumn;
    private int nextSequence;
    private double[] inverseScale;
    private int[] bestJob;
    private double[] bestScore;
    private boolean[] dirty;
    private int[] dirtyServers;
    private int dirtyCount;
    private final IntArrayList arrivals = new IntArrayList(1024);

    /** @param gamma weight of the work term, finite and &gt;= 0 (0 for Hu and Li 2022) */
    public Tetris(final double gamma) {
        if (!(gamma >= 0) || Double.isInfinite(gamma)) {
            throw new IllegalArgumentException("Tetris's gamma must be finite and >= 0: " + gamma);
        }
        this.gamma = gamma;
    }

    @Override
    public String name() {
        return "Tetris";
    }

    @Override
    public void attach(final SchedulerContext schedulerContext) {
        context = schedulerContext;
        jobs = schedulerContext.jobs();
        servers = schedulerContext.servers();
        queue = schedulerContext.newFifoQueue();
        sequenceColumn = jobs.addIntColumn(0);
        inverseScale = TetrisScore.inverseLargestCapacity(servers);
        final int count = servers.count();
        bestJob = new int[count];
        bestScore = new double[count];
        dirty = new boolean[count];
        dirtyServers = new int[count];
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
        refreshCaches();
        while (true) {
            int server = ServerView.NONE;
            for (int s = 0; s < bestJob.length; s++) {
                if (bestJob[s] != JobTable.NONE && (server == ServerView.NONE || better(bestScore[s], bestJob[s],
                    bestScore[server], bestJob[server]))) {
                    server = s;
                }
            }
            if (server == ServerView.NONE) {
                return;
            }
            final int job = bestJob[server];
            queue.remove(job);
            context.place(job, server);
            rescan(server);
            for (int s = 0; s < bestJob.length; s++) {
                if (bestJob[s] == job) {
                    rescan(s);
                }
            }
        }
    }

    /** Machines whose resources changed rescan the queue; the others only weigh the new arrivals. */
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

    /** Weighs one queued job for one machine; idempotent, so a machine rescanned this decision may see it twice. */
    private void offer(final int job, final int server) {
        if (!servers.fits(jobs, job, server)) {
            return;
        }
        final double score = TetrisScore.kernelScore(jobs, job, servers, server, inverseScale, gamma);
        if (bestJob[server] == JobTable.NONE || better(score, job, bestScore[server], bestJob[server])) {
            bestJob[server] = job;
            bestScore[server] = score;
        }
    }

    /** The queue in arrival order, so the first of equal scores is the earliest arrival. O(N D). */
    private void rescan(final int server) {
        int best = JobTable.NONE;
        double score = 0;
        for (int job = queue.head(); job != JobTable.NONE; job = queue.next(job)) {
            if (servers.fits(jobs, job, server)) {
                final double candidate = TetrisScore.kernelScore(jobs, job, servers, server, inverseScale, gamma);
                if (best == JobTable.NONE || candidate > score) {
                    best = job;
                    score = candidate;
                }
            }
        }
        bestJob[server] = best;
        bestScore[server] = score;
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
