package org.stowage.core.kernel.gpu.reference;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.gpu.ArtifactScores;
import org.stowage.core.state.DeviceDemand;

/** Naive twin of {@link org.stowage.core.kernel.gpu.GpuDotProduct}: every node's free GPU milli summed afresh. */
public final class NaiveGpuDotProduct extends NaiveGpuKernel {
    public NaiveGpuDotProduct() {
        super("DotProd-naive");
    }

    @Override
    protected int[] choose(final int job) {
        final List<Integer> nodes = feasibleNodes(job);
        if (nodes.isEmpty()) {
            return null;
        }
        final int demand = devices.demand(job);
        final List<Long> scores = new ArrayList<>();
        for (final int node : nodes) {
            int gpuLeft = 0;
            for (final int residual : residuals(node)) {
                gpuLeft += residual;
            }
            scores.add((long) ArtifactScores.dotProduct(servers.residual(node, 0), gpuLeft, jobs.size(job, 0),
                DeviceDemand.count(demand) * DeviceDemand.units(demand)));
        }
        final int node = best(nodes, scores);
        return new int[] {node, bestFitGpus(demand, node)};
    }
}
