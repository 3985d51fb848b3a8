package org.stowage.core.kernel.gpu.reference;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.kernel.gpu.ArtifactScores;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.JobTable;

/**
 * Naive twin of {@link org.stowage.core.kernel.gpu.GpuClustering}: each node's GPU affinities counted afresh
 * from the pods it runs (its job list), as the artifact's {@code GetNodeResourceViaNodeInfo} does.
 */
public final class NaiveGpuClustering extends NaiveGpuKernel {
    public NaiveGpuClustering() {
        super("GpuClustering-naive");
    }

    @Override
    protected int[] choose(final int job) {
        final List<Integer> nodes = feasibleNodes(job);
        if (nodes.isEmpty()) {
            return null;
        }
        final int demand = devices.demand(job);
        final String kind = affinity(demand);
        final List<Long> scores = new ArrayList<>();
        for (final int node : nodes) {
            if (kind == null) {
                scores.add(0L);
                continue;
            }
            final Map<String, Integer> affinities = new HashMap<>();
            for (int other = servers.firstJob(node); other != JobTable.NONE; other = servers.nextJobOnServer(jobs, other)) {
                final String otherKind = affinity(devices.demand(other));
                if (otherKind != null) {
                    affinities.merge(otherKind, 1, Integer::sum);
                }
            }
            int gpuLeft = 0;
            for (final int residual : residuals(node)) {
                gpuLeft += residual;
            }
            scores.add((long) ArtifactScores.clustering(affinities.containsKey(kind), affinities.size(), gpuLeft));
        }
        final int node = best(nodes, scores);
        return new int[] {node, bestFitGpus(demand, node)};
    }

    /** The artifact's {@code GetGpuAffinityFromPodAnnotation}: null for no GPU. */
    private String affinity(final int demand) {
        final int count = DeviceDemand.count(demand);
        if (count == 0) {
            return null;
        }
        if (count == 1 && DeviceDemand.units(demand) < devices.unitsPerDevice()) {
            return "share-gpu";
        }
        return count + "-gpu";
    }
}
