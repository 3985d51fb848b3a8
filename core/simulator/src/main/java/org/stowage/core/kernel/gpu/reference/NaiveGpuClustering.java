package org.stowage.core.kernel.gpu.reference;

import java.util.HashMap;
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
        final String kind = affinity(devices.demand(job));
        return bestScoredNode(job, node -> kind == null ? 0 : score(kind, node));
    }

    private int score(final String kind, final int node) {
        final Map<String, Integer> affinities = new HashMap<>();
        for (int other = servers.firstJob(node); other != JobTable.NONE; other = servers.nextJobOnServer(jobs, other)) {
            final String otherKind = affinity(devices.demand(other));
            if (otherKind != null) {
                affinities.merge(otherKind, 1, Integer::sum);
            }
        }
        return ArtifactScores.clustering(affinities.containsKey(kind), affinities.size(), freeUnits(node));
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
