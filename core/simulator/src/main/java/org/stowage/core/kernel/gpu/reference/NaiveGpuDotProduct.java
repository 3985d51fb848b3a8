package org.stowage.core.kernel.gpu.reference;

import org.stowage.core.kernel.gpu.ArtifactScores;
import org.stowage.core.state.DeviceDemand;

/** Naive twin of {@link org.stowage.core.kernel.gpu.GpuDotProduct}: every node's free GPU milli summed afresh. */
public final class NaiveGpuDotProduct extends NaiveGpuKernel {
    public NaiveGpuDotProduct() {
        super("DotProd-naive");
    }

    @Override
    protected int[] choose(final int job) {
        final int demand = devices.demand(job);
        final int cpu = jobs.size(job, 0);
        final int gpu = DeviceDemand.count(demand) * DeviceDemand.units(demand);
        return bestScoredNode(job, node -> ArtifactScores.dotProduct(servers.residual(node, 0), freeUnits(node), cpu, gpu));
    }
}
