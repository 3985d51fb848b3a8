package org.stowage.core.kernel.gpu;

import org.stowage.core.state.DeviceDemand;

/**
 * BestFit: the feasible node whose free CPU and free GPU milli, after the pod, are least (the artifact's
 * {@code best_fit_score.go}: {@link ArtifactScores#bestFit}, equal weights, normalised by the largest node
 * spec), ties to the lowest rank; GPUs by the artifact's best fit ({@link #bestFitDevices}).
 *
 * <p>Cost: one scan of the nodes with O(1) scoring from the device table's per-node sums, O(L D) per pod
 * plus O(G) for the chosen node's GPUs; no allocation.
 */
public final class GpuBestFit extends ScoredGpuKernel {
    public GpuBestFit() {
        super("BestFit");
    }

    @Override
    protected int score(final int job, final int demand, final int server) {
        return ArtifactScores.bestFit(servers.residual(server, 0), devices.totalResidual(server), jobs.size(job, 0),
            DeviceDemand.totalUnits(demand));
    }
}
