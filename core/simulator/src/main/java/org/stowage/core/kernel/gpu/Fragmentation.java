package org.stowage.core.kernel.gpu;

import org.stowage.core.state.DeviceDemand;

/**
 * The GPU fragmentation of a node as Weng et al. (ATC'23, Sec. 4) measure it, in exact integers: the
 * artifact's {@code NodeGpuShareFragAmount} summed over every category but "satisfied"
 * ({@code FragAmountSumExceptQ3} of {@code pkg/utils/frag.go}).
 *
 * <p>For each typical pod shape t ({@link TypicalPods}), of probability p_t, the node's free GPU milli R
 * counts as fragment unless t could run there: a shape without GPUs can use none of it (the artifact's
 * categories XL and XR); a shape whose model the node does not have, none (no access); a shape that fits
 * both the node's free CPU and enough of its GPUs (each with the shape's milli free: category Q3) leaves
 * as fragment only the GPUs with less free than it asks; a shape that lacks CPU or GPU (Q1, Q2, Q4), all of
 * it. The node's fragmentation is {@code sum_t p_t frag_t}. With p_t = w_t / W (integer weights), this
 * class computes the integer {@code sum_t w_t frag_t} (<em>weighted fragmentation</em>), so sums and
 * differences are exact; the fragmentation in milli-GPU is that over {@link TypicalPods#totalWeight()}.
 *
 * <p>{@link #weighted} is the direct form: O(shapes x G), no allocation. Stateless.
 */
public final class Fragmentation {
    private Fragmentation() {
    }

    /**
     * Weighted fragmentation of a node with {@code cpuLeft} free CPU, GPUs of model {@code model}, and free
     * milli {@code residual[from .. from + gpus)}.
     */
    public static long weighted(final TypicalPods pods, final int cpuLeft, final int model, final int[] residual,
                                final int from, final int gpus) {
        long idle = 0;
        for (int g = from; g < from + gpus; g++) {
            idle += residual[g];
        }
        if (idle == 0) {
            return 0;
        }
        long total = 0;
        for (int t = 0; t < pods.count(); t++) {
            total += pods.weight(t) * shapeFragment(pods.cpu(t), pods.demand(t), cpuLeft, model, residual, from,
                gpus, idle);
        }
        return total;
    }

    /** The milli of a node's {@code idle} free GPU milli that shape (cpu, demand) could not use. */
    static long shapeFragment(final int cpu, final int demand, final int cpuLeft, final int model,
                              final int[] residual, final int from, final int gpus, final long idle) {
        final int count = DeviceDemand.count(demand);
        if (count == 0 || !DeviceDemand.allows(demand, model) || cpuLeft < cpu) {
            return idle;
        }
        final int milli = DeviceDemand.units(demand);
        int holding = 0;
        long short_ = 0;
        for (int g = from; g < from + gpus; g++) {
            if (residual[g] >= milli) {
                holding++;
            } else {
                short_ += residual[g];
            }
        }
        return holding >= count ? short_ : idle;
    }

    /**
     * FGD's score of a placement that takes the node's weighted fragmentation from {@code before} to
     * {@code after}: {@code (int) (sigmoid((F_before - F_after) / 1000) * 100)} with F = weighted / W, as
     * the artifact's {@code calculateGpuShareFragExtendScore} (there in floating point from the start; here
     * the difference is exact and one division gives its argument). The sigmoid uses {@link StrictMath#exp},
     * so the score is the same on every JVM.
     */
    public static int score(final long before, final long after, final long totalWeight) {
        final double x = (double) (before - after) / ((double) totalWeight * 1000.0);
        return (int) (1.0 / (1.0 + StrictMath.exp(-x)) * 100.0);
    }
}
