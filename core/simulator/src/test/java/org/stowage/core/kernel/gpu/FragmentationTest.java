package org.stowage.core.kernel.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.state.DeviceDemand;

/** The fragmentation measure and FGD's score against values worked by hand (artifact pkg/utils/frag.go). */
class FragmentationTest {
    private static final int ANY = DeviceDemand.ANY_MODEL;
    /** t0: 4 cores and half a GPU, weight 2; t1: 8 cores and a whole GPU; t2: 2 cores, no GPU. */
    private static final TypicalPods PODS = TypicalPods.weighted(new int[] {4000, 8000, 2000},
        new int[] {DeviceDemand.of(1, 500, ANY), DeviceDemand.of(1, 1000, ANY), DeviceDemand.NONE}, new long[] {2, 1, 1});

    @Test
    void eachShapeCountsWhatItCannotUse() {
        final int[] residual = {1000, 300, 600};
        // t0 fits (CPU, and two GPUs with 500 free): only the 300 GPU is fragment; t1 lacks CPU: all 1900;
        // t2 uses no GPU: all 1900. 2 x 300 + 1900 + 1900 = 4400, i.e. 1100 milli-GPU.
        assertEquals(4400, Fragmentation.weighted(PODS, 6000, 0, residual, 0, 3));
        // with 8 cores t1 fits too: the GPUs with less than 1000 free (300 + 600) are its fragment
        assertEquals(2 * 300 + 900 + 1900, Fragmentation.weighted(PODS, 8000, 0, residual, 0, 3));
        assertEquals(0, Fragmentation.weighted(PODS, 6000, 0, new int[] {0, 0}, 0, 2), "no idle GPU, no fragment");
        assertEquals(4 * 1900, Fragmentation.weighted(
            TypicalPods.weighted(new int[] {1}, new int[] {DeviceDemand.of(1, 100, 0b10)}, new long[] {4}),
            64000, 0, residual, 0, 3), "a model the node lacks: all of it");
        assertEquals(3 * 2000, Fragmentation.weighted(
            TypicalPods.weighted(new int[] {1}, new int[] {DeviceDemand.of(2, 1000, ANY)}, new long[] {3}),
            64000, 0, new int[] {1000, 400, 600}, 0, 3), "two whole GPUs wanted, one free: all 2000 idle is fragment");
    }

    @Test
    void theProfileComputesTheSameWeightedFragmentation() {
        final SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            final int shapes = 1 + random.nextInt(40);
            final int[] cpu = new int[shapes];
            final int[] demand = new int[shapes];
            final long[] weight = new long[shapes];
            for (int t = 0; t < shapes; t++) {
                cpu[t] = 1000 * random.nextInt(40);
                final int kind = random.nextInt(3);
                final int models = random.nextInt(4) == 0 ? 1 + random.nextInt(7) : ANY;
                demand[t] = kind == 0 ? DeviceDemand.NONE
                    : kind == 1 ? DeviceDemand.of(1, 50 * (1 + random.nextInt(20)), models)
                    : DeviceDemand.of(1 << random.nextInt(4), 1000, models);
                weight[t] = 1 + random.nextInt(1000);
            }
            final TypicalPods pods = TypicalPods.weighted(cpu, demand, weight);
            final FragmentationProfile profile = new FragmentationProfile(pods);
            for (int node = 0; node < 50; node++) {
                final int gpus = random.nextInt(9);
                final int[] residual = new int[gpus + 2];
                for (int g = 0; g < residual.length; g++) {
                    residual[g] = random.nextInt(3) == 0 ? 1000 : 10 * random.nextInt(101);
                }
                final int cpuLeft = 1000 * random.nextInt(50);
                final int model = gpus == 0 ? -1 : random.nextInt(3);
                assertEquals(Fragmentation.weighted(pods, cpuLeft, model, residual, 1, gpus),
                    profile.weighted(cpuLeft, model, residual, 1, gpus), "trial " + trial + " node " + node);
            }
        }
    }

    @Test
    void theScoreIsTheSigmoidOfTheFragmentationDrop() {
        // placing t0 on the 600 GPU: CPU 2000, GPUs {1000, 300, 100}: nothing fits any more: 4 x 1400 = 5600
        final long after = Fragmentation.weighted(PODS, 2000, 0, new int[] {1000, 300, 100}, 0, 3);
        assertEquals(5600, after);
        // (4400 - 5600) / 4 / 1000 = -0.3; sigmoid = 0.4256 -> 42
        assertEquals(42, Fragmentation.score(4400, after, PODS.totalWeight()));
        assertEquals(50, Fragmentation.score(100, 100, 7), "no change: sigmoid(0) = 0.5");
        assertEquals(99, Fragmentation.score(5000, 0, 1), "sigmoid(5) = 0.9933");
        assertEquals(100, Fragmentation.score(1_000_000_000L, 0, 1), "saturated, as the artifact's float is");
    }
}
