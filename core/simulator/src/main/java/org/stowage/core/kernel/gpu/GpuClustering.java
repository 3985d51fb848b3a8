package org.stowage.core.kernel.gpu;

import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;

/**
 * GpuClustering: the artifact's {@code gpu_clustering_score.go}, which keeps pods of one kind together: a
 * GPU pod prefers a node that runs only pods of its kind, then one that runs its kind among others, then one
 * without GPU pods, then the rest, and within each the node with the least free GPU milli
 * ({@link ArtifactScores#clustering}); a pod without GPUs scores 0 everywhere (lowest rank wins). Kinds are
 * the artifact's GPU affinities: a fraction of a GPU, or k whole GPUs for each k. GPUs by the artifact's
 * best fit.
 *
 * <p>Index: per node, the number of running pods of each kind and the number of kinds present, updated in
 * O(1) at each placement and departure. Cost: one scan, O(L D) per pod; no allocation.
 */
public final class GpuClustering extends ScoredGpuKernel {
    /** Kinds: 0 a fraction, k in [1, 16] k whole GPUs. */
    static final int KINDS = DeviceTable.MAX_DEVICES_PER_SERVER + 1;
    private int[] kindCount;
    private int[] kinds;

    public GpuClustering() {
        super("GpuClustering");
    }

    @Override
    protected void onAttachGpu() {
        kindCount = new int[serverCount * KINDS];
        kinds = new int[serverCount];
    }

    /** The artifact's GPU affinity of a demand: -1 none, 0 a fraction, k for k whole GPUs. */
    static int kind(final int demand, final int unitsPerDevice) {
        final int count = DeviceDemand.count(demand);
        if (count == 0) {
            return -1;
        }
        return count == 1 && DeviceDemand.units(demand) < unitsPerDevice ? 0 : count;
    }

    @Override
    protected int score(final int job, final int demand, final int server) {
        final int kind = kind(demand, devices.unitsPerDevice());
        return kind < 0 ? 0
            : ArtifactScores.clustering(kindCount[server * KINDS + kind] > 0, kinds[server], devices.totalResidual(server));
    }

    @Override
    protected void onPlaced(final int job, final int server) {
        final int kind = kind(devices.demand(job), devices.unitsPerDevice());
        if (kind >= 0 && kindCount[server * KINDS + kind]++ == 0) {
            kinds[server]++;
        }
    }

    @Override
    protected void onFreed(final int job, final int server) {
        final int kind = kind(devices.demand(job), devices.unitsPerDevice());
        if (kind >= 0 && --kindCount[server * KINDS + kind] == 0) {
            kinds[server]--;
        }
    }
}
