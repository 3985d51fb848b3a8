package org.stowage.core.kernel.gpu;

import org.stowage.core.state.DeviceDemand;

/**
 * DotProd: Tetris's alignment as the artifact scores it with its experiments' settings ({@code
 * dot_product_score.go}, {@code dimExtMethod} merge, {@code normMethod} max, {@code gpusel} best): the
 * feasible node whose normalised free (CPU, GPU) has the smallest dot product with the pod's normalised
 * request ({@link ArtifactScores#dotProduct}), ties to the lowest rank; GPUs by the artifact's best fit.
 *
 * <p>Cost: one scan of the nodes with O(1) scoring from the device table's per-node sums, O(L D) per pod;
 * no allocation.
 */
public final class GpuDotProduct extends ScoredGpuKernel {
    public GpuDotProduct() {
        super("DotProd");
    }

    @Override
    protected int score(final int job, final int demand, final int server) {
        return ArtifactScores.dotProduct(servers.residual(server, 0), devices.totalResidual(server), jobs.size(job, 0),
            DeviceDemand.totalUnits(demand));
    }
}
