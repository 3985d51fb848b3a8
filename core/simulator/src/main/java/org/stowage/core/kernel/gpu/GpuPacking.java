package org.stowage.core.kernel.gpu;

import org.stowage.core.state.DeviceDemand;

/**
 * GpuPacking: the artifact's {@code gpu_packing_score.go}, which prefers, in this order, GPUs already
 * shared (the fullest first), then free GPUs of a node already in use (the fewest needed first), then an
 * idle node (the one with the fewest GPUs first); a pod without GPUs scores 0 everywhere, so it goes to the
 * feasible node of lowest rank. GPUs by the artifact's best fit, which takes the same GPUs the score
 * counted.
 *
 * <ul>
 *   <li>every GPU of the node free: {@link ArtifactScores#packingIdleNode}(G);</li>
 *   <li>else the GPUs the pod would take (the least free that hold it): if any is free,
 *       {@link ArtifactScores#packingFreeGpus}(how many are); else
 *       {@link ArtifactScores#packingSharedGpus}(their free percents).</li>
 * </ul>
 * Cost: one scan, O(G) per feasible node from its devices' residuals (O(1) for whole GPUs, from the free
 * count), O(L (D + G)) per pod; no allocation.
 */
public final class GpuPacking extends ScoredGpuKernel {
    public GpuPacking() {
        super("GpuPacking");
    }


    @Override
    protected int score(final int job, final int demand, final int server) {
        if (DeviceDemand.count(demand) == 0) {
            return 0;
        }
        final int free = devices.freeDevices(server);
        if (free == devices.deviceCount(server)) {
            return ArtifactScores.packingIdleNode(free);
        }
        final int units = DeviceDemand.units(demand);
        if (units == devices.unitsPerDevice()) {
            return ArtifactScores.packingFreeGpus(DeviceDemand.count(demand));
        }
        int least = Integer.MAX_VALUE;
        for (int d = 0; d < devices.deviceCount(server); d++) {
            final int residual = devices.residual(server, d);
            if (residual >= units && residual < least) {
                least = residual;
            }
        }
        return least == devices.unitsPerDevice() ? ArtifactScores.packingFreeGpus(1)
            : ArtifactScores.packingSharedGpus(least * 100 / devices.unitsPerDevice());
    }
}
