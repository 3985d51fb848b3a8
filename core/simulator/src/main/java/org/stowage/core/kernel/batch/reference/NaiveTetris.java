package org.stowage.core.kernel.batch.reference;

import org.stowage.core.kernel.batch.TetrisScore;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;
import org.stowage.core.kernel.support.NaiveCentralQueue;

/**
 * Reference twin of {@link org.stowage.core.kernel.batch.Tetris}: before every placement, every waiting job
 * is scored against every server it fits, in arrival order then server order, and the first highest score
 * wins. O(N L D) per placement.
 */
public final class NaiveTetris extends NaiveCentralQueue {
    private final double gamma;
    private double[] inverseScale;

    public NaiveTetris(final double gamma) {
        super("Tetris-naive");
        this.gamma = gamma;
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        inverseScale = TetrisScore.inverseLargestCapacity(servers);
    }

    @Override
    public void decide(final double now) {
        while (true) {
            int bestJob = JobTable.NONE;
            int bestServer = ServerView.NONE;
            double bestScore = 0;
            for (final int job : waiting) {
                for (int server = 0; server < servers.count(); server++) {
                    if (!fits(job, server)) {
                        continue;
                    }
                    final double score = TetrisScore.kernelScore(jobs, job, servers, server, inverseScale, gamma);
                    if (bestJob == JobTable.NONE || score > bestScore) {
                        bestJob = job;
                        bestServer = server;
                        bestScore = score;
                    }
                }
            }
            if (bestJob == JobTable.NONE) {
                return;
            }
            start(bestJob, bestServer);
        }
    }
}
