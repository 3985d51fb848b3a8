package org.stowage.core.kernel.batch.reference;

import org.stowage.core.kernel.batch.TetrisTerms;
import org.stowage.core.kernel.support.NaiveCentralQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;

/**
 * Reference twin of {@link org.stowage.core.kernel.batch.Tetris}: before every placement, every waiting job
 * is scored against every server it fits, in arrival order then server order, and the first highest score
 * wins, by the scores of {@link TetrisTerms} (the work term on the machine scored). O(N L D) per placement.
 */
public final class NaiveTetris extends NaiveCentralQueue {
    private final double gamma;
    private final double unitsPerHour;
    private TetrisTerms terms;

    public NaiveTetris(final double gamma, final double unitsPerHour) {
        super("Tetris-naive");
        this.gamma = gamma;
        this.unitsPerHour = unitsPerHour;
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        terms = new TetrisTerms(servers, context.model(), gamma, unitsPerHour);
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
                    final double score = terms.score(jobs, job, servers, server);
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
