package org.stowage.core.kernel.gpu;

import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.ServerView;

/**
 * DotProd: Tetris's alignment as the artifact scores it with its experiments' settings ({@code
 * dot_product_score.go}, {@code dimExtMethod} merge, {@code normMethod} max, {@code gpusel} best): the
 * feasible node whose normalised free (CPU, GPU) has the smallest dot product with the pod's normalised
 * request ({@link ArtifactScores#dotProduct}), ties to the lowest rank; GPUs by the artifact's best fit.
 *
 * <p>Cost: one scan of the nodes with O(1) scoring from the device table's per-node sums, O(L D) per pod;
 * no allocation.
 */
public final class GpuDotProduct extends GpuKernel {
    public GpuDotProduct() {
        super("DotProd");
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
            final int score = ArtifactScores.dotProduct(servers.residual(s, 0), devices.totalResidual(s), cpu, gpu);
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
