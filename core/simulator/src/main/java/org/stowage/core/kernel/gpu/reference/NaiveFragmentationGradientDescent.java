package org.stowage.core.kernel.gpu.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.kernel.gpu.Fragmentation;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.state.DeviceDemand;

/**
 * Naive twin of {@link org.stowage.core.kernel.gpu.FragmentationGradientDescent}, the artifact's
 * {@code calculateGpuShareFragExtendScore} as written: for every feasible node, its fragmentation now and
 * after the pod (for a GPU fraction, after the pod on each GPU that holds it, keeping the first best GPU;
 * otherwise after the artifact's {@code Sub}: the CPU, and the least-free GPUs that hold the pod), each
 * computed from scratch over every typical pod and every GPU ({@link Fragmentation#weighted}).
 */
public final class NaiveFragmentationGradientDescent extends NaiveGpuKernel {
    private TypicalPods typical;

    public NaiveFragmentationGradientDescent() {
        super("FGD-naive");
    }

    @Override
    protected void onAttachNaive() {
        typical = context.model().plan(TypicalPods.class);
    }

    @Override
    protected int[] choose(final int job) {
        final List<Integer> nodes = feasibleNodes(job);
        if (nodes.isEmpty()) {
            return null;
        }
        final int demand = devices.demand(job);
        final List<Long> scores = new ArrayList<>();
        final List<Integer> gpus = new ArrayList<>();
        for (final int node : nodes) {
            final int[] residual = residuals(node);
            final int cpuLeft = servers.residual(node, 0);
            final int model = devices.model(node);
            final long before = Fragmentation.weighted(typical, cpuLeft, model, residual, 0, residual.length);
            final int cpuAfter = cpuLeft - jobs.size(job, 0);
            final int units = DeviceDemand.units(demand);
            if (DeviceDemand.count(demand) == 1 && units < devices.unitsPerDevice()) {
                int score = 0;
                int gpu = -1;
                for (int g = 0; g < residual.length; g++) {
                    if (residual[g] >= units) {
                        final int[] after = residual.clone();
                        after[g] -= units;
                        final int fragScore = Fragmentation.score(before,
                            Fragmentation.weighted(typical, cpuAfter, model, after, 0, after.length), typical.totalWeight());
                        if (gpu == -1 || fragScore > score) {
                            score = fragScore;
                            gpu = g;
                        }
                    }
                }
                scores.add((long) score);
                gpus.add(1 << gpu);
            } else {
                final int[] after = subtract(residual, demand);
                scores.add((long) Fragmentation.score(before,
                    Fragmentation.weighted(typical, cpuAfter, model, after, 0, after.length), typical.totalWeight()));
                gpus.add(exclusiveGpus(demand, node));
            }
        }
        final int node = best(nodes, scores);
        return new int[] {node, gpus.get(nodes.indexOf(node))};
    }

    /** The artifact's {@code NodeResource.Sub} on the GPUs: the least-free GPUs that hold the pod, in turn. */
    private static int[] subtract(final int[] residual, final int demand) {
        final int[] after = residual.clone();
        final Integer[] order = new Integer[residual.length];
        for (int g = 0; g < order.length; g++) {
            order[g] = g;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(residual[a], residual[b]));
        int wanted = DeviceDemand.count(demand);
        for (int i = 0; i < order.length && wanted > 0; i++) {
            if (DeviceDemand.units(demand) <= after[order[i]]) {
                after[order[i]] -= DeviceDemand.units(demand);
                wanted--;
            }
        }
        return after;
    }
}
