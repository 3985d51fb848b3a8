package org.stowage.core.kernel.gpu.reference;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.stowage.core.kernel.gpu.ArtifactScores;
import org.stowage.core.state.DeviceDemand;

/**
 * Naive twin of {@link org.stowage.core.kernel.gpu.GpuPacking}: the artifact's {@code getPackingScore} step
 * by step (count the free GPUs; sort the GPUs by free milli, stable; take the first that hold the pod).
 */
public final class NaiveGpuPacking extends NaiveGpuKernel {
    public NaiveGpuPacking() {
        super("GpuPacking-naive");
    }

    @Override
    protected int[] choose(final int job) {
        final int demand = devices.demand(job);
        return bestScoredNode(job, node -> score(demand, node));
    }

    private int score(final int demand, final int node) {
        if (DeviceDemand.count(demand) == 0) {
            return 0;
        }
        final int[] residual = residuals(node);
        int fullyFree = 0;
        for (final int r : residual) {
            if (r == devices.unitsPerDevice()) {
                fullyFree++;
            }
        }
        if (fullyFree == residual.length) {
            return ArtifactScores.packingIdleNode(fullyFree);
        }
        final List<Integer> order = new ArrayList<>();
        for (int g = 0; g < residual.length; g++) {
            order.add(g);
        }
        order.sort(Comparator.comparingInt(g -> residual[g]));
        int wanted = DeviceDemand.count(demand);
        int newGpus = 0;
        final List<Integer> used = new ArrayList<>();
        for (final int g : order) {
            if (wanted == 0) {
                break;
            }
            if (DeviceDemand.units(demand) <= residual[g]) {
                wanted--;
                used.add(g);
                if (residual[g] == devices.unitsPerDevice()) {
                    newGpus++;
                }
            }
        }
        if (newGpus > 0) {
            return ArtifactScores.packingFreeGpus(newGpus);
        }
        int percents = 0;
        for (final int g : used) {
            percents += residual[g] * 100 / devices.unitsPerDevice();
        }
        return ArtifactScores.packingSharedGpus(percents);
    }
}
