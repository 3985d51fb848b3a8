package org.stowage.core.kernel.gpu;

import org.stowage.core.state.ServerView;

/**
 * A GPU kernel that scans every node: the feasible node of highest {@link #score}, ties to the lowest rank,
 * and there the GPUs of the artifact's best fit ({@link #bestFitDevices}). The baselines BestFit, DotProd,
 * GpuPacking and GpuClustering differ only in their score.
 *
 * <p>Cost: one scan, O(L (D + G)) per pod at most, plus O(G) for the chosen node's GPUs; no allocation.
 */
abstract class ScoredGpuKernel extends GpuKernel {
    ScoredGpuKernel(final String name) {
        super(name);
    }

    /** The node's score for the pod ({@code demand} is its device demand); called only on feasible nodes. */
    protected abstract int score(int job, int demand, int server);

    @Override
    protected final int select(final int job) {
        final int demand = devices.demand(job);
        int best = ServerView.NONE;
        int bestScore = 0;
        for (int s = 0; s < serverCount; s++) {
            if (!feasible(job, demand, s)) {
                continue;
            }
            final int score = score(job, demand, s);
            if (beats(score, s, bestScore, best)) {
                best = s;
                bestScore = score;
            }
        }
        if (best != ServerView.NONE) {
            chosenDevices = bestFitDevices(demand, best);
        }
        return best;
    }
}
