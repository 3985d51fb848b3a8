package org.stowage.core.kernel.gpu;

import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.ServerView;

/**
 * BestFit: the feasible node whose free CPU and free GPU milli, after the pod, are least (the artifact's
 * {@code best_fit_score.go}: {@link ArtifactScores#bestFit}, equal weights, normalised by the largest node
 * spec), ties to the lowest rank; GPUs by the artifact's best fit ({@link #bestFitDevices}).
 *
 * <p>Cost: one scan of the nodes with O(1) scoring from the device table's per-node sums, O(L D) per pod
 * plus O(G) for the chosen node's GPUs; no allocation.
 */
public final class GpuBestFit extends GpuKernel {
    public GpuBestFit() {
        super("BestFit");
    }

    @Override
    protected int select(final int job) {
        final int demand = devices.demand(job);
        final int cpu = jobs.size(job, 0);
        final int gpu = DeviceDemand.totalUnits(demand);
        int best = ServerView.NONE;
        int bestScore = 0;
        for (int s = 0; s < serverCount; s++) {
            if (!feasible(job, demand, s)) {
                continue;
            }
            final int score = ArtifactScores.bestFit(servers.residual(s, 0), devices.totalResidual(s), cpu, gpu);
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
