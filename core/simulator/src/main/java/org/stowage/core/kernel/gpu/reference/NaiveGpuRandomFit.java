package org.stowage.core.kernel.gpu.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.state.DeviceDemand;

/** Naive twin of {@link org.stowage.core.kernel.gpu.GpuRandomFit}: lists of the candidates, the same draws. */
public final class NaiveGpuRandomFit extends NaiveGpuKernel {
    private RandomGenerator sampling;

    public NaiveGpuRandomFit() {
        super("Random-naive");
    }

    @Override
    protected void onAttachNaive() {
        sampling = context.random(SchedulerContext.SAMPLING);
    }

    @Override
    protected int[] choose(final int job) {
        final List<Integer> nodes = feasibleNodes(job);
        if (nodes.isEmpty()) {
            return null;
        }
        final int node = nodes.get(sampling.nextInt(nodes.size()));
        final int demand = devices.demand(job);
        if (DeviceDemand.count(demand) == 0) {
            return new int[] {node, 0};
        }
        if (DeviceDemand.units(demand) == devices.unitsPerDevice()) {
            return new int[] {node, exclusiveGpus(demand, node)};
        }
        final List<Integer> gpus = new ArrayList<>();
        final int[] residual = residuals(node);
        for (int g = 0; g < residual.length; g++) {
            if (residual[g] >= DeviceDemand.units(demand)) {
                gpus.add(g);
            }
        }
        return new int[] {node, 1 << gpus.get(sampling.nextInt(gpus.size()))};
    }
}
