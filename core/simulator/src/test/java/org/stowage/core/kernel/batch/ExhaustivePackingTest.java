package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The exhaustive optimum of Eq. (6)-(11): Sec. 4.3's example, the degenerate unconstrained objective,
 * against an even plainer enumeration of every labelling, and Algorithm 3 measured against it.
 */
class ExhaustivePackingTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0xE6A7L);
    private static final long[] UNIT = {1_000_000};

    @Test
    void sectionFourThreeOptimumWithThreeSetsIsTheAlignedPacking() {
        final int[] assignment = new int[6];
        final double best = ExhaustivePacking.best(6, PaperExamples.SEC43_JCT, PaperExamples.SEC43_SIZES, 1, UNIT, 3,
            assignment);
        assertEquals(PaperExamples.SEC43_ALIGNED_TOTAL_JCE, best, 1e-15);
        assertArrayEquals(new int[] {0, 0, 1, 1, 2, 2}, assignment);
        assertEquals(3, ExhaustivePacking.minimumSets(6, PaperExamples.SEC43_SIZES, 1, UNIT));
        assertEquals(PaperExamples.SEC43_MISALIGNED_TOTAL_JCE,
            ExhaustivePacking.totalJce(6, PaperExamples.SEC43_JCT, new int[] {0, 1, 2, 2, 1, 0}), 1e-15);
        assertEquals(0.75, PaperExamples.SEC43_MISALIGNED_TOTAL_JCE, 0.01, "the paper's 'approximately 0.75'");
    }

    @Test
    void withoutAFixedNumberOfSetsSingletonsWinAsEquationSixIsPrinted() {
        // 1/1 + 1/2 + 1/5 + 1/6 + 1/9 + 1/10 = 2.0778 > 1.5333: N_m / T_m <= sum of 1 / JCT_n over the set.
        final int[] assignment = new int[6];
        double best = Double.NEGATIVE_INFINITY;
        int bestSets = 0;
        for (int sets = 3; sets <= 6; sets++) {
            final double value = ExhaustivePacking.best(6, PaperExamples.SEC43_JCT, PaperExamples.SEC43_SIZES, 1,
                UNIT, sets, assignment);
            if (value > best) {
                best = value;
                bestSets = sets;
            }
        }
        assertEquals(6, bestSets);
        assertEquals(1 + 1 / 2.0 + 1 / 5.0 + 1 / 6.0 + 1 / 9.0 + 1 / 10.0, best, 1e-12);
        assertTrue(Double.isNaN(ExhaustivePacking.best(6, PaperExamples.SEC43_JCT, PaperExamples.SEC43_SIZES, 1,
            UNIT, 2, assignment)), "three pairs at least: two sets cannot hold six halves");
    }

    @Test
    void matchesAnEnumerationOfEveryLabelling() {
        for (int i = 0; i < 1500; i++) {
            final long seed = BASE_SEED + i;
            final RandomBatch batch = RandomBatch.generate(seed, 6, 3);
            final int n = batch.n();
            for (int sets = 1; sets <= n; sets++) {
                final int[] assignment = new int[n];
                final double fast = ExhaustivePacking.best(n, batch.jct(), batch.sizes(), batch.dimensions(),
                    batch.capacity(), sets, assignment);
                final double plain = everyLabelling(batch, sets);
                final String where = batch + " into " + sets + " sets";
                if (Double.isNaN(plain)) {
                    assertTrue(Double.isNaN(fast), where);
                } else {
                    assertEquals(plain, fast, 1e-12, where);
                    assertEquals(fast, ExhaustivePacking.totalJce(n, batch.jct(), assignment), 1e-12, where);
                    assertTrue(feasible(batch, assignment, sets), where);
                }
            }
        }
    }

    @Test
    void algorithmThreeAgainstTheOptimumOnSmallBatches() {
        int batches = 0;
        int optimalSameSets = 0;
        int optimalFewest = 0;
        double sumRatio = 0;
        double minRatio = 1;
        double sumRatioFewest = 0;
        int extraSets = 0;
        for (int i = 0; i < 2000; i++) {
            final long seed = BASE_SEED + 101L * i;
            final RandomBatch batch = RandomBatch.generate(seed, 8, 3);
            final JobSetPlanner planner = new JobSetPlanner(batch.dimensions());
            planner.plan(batch.n(), batch.jct(), batch.sizes(), batch.capacity(),
                DjsfOptions.defaults().withGroups(batch.groups()), null);
            final int[] assignment = new int[batch.n()];
            final double best = ExhaustivePacking.best(batch.n(), batch.jct(), batch.sizes(), batch.dimensions(),
                batch.capacity(), planner.setCount(), assignment);
            final double ours = planner.totalJce();
            assertTrue(ours <= best + 1e-12, "Algorithm 3 above the optimum: " + batch);
            final double ratio = ours / best;
            sumRatio += ratio;
            minRatio = Math.min(minRatio, ratio);
            optimalSameSets += ratio > 1 - 1e-12 ? 1 : 0;
            final int fewest = ExhaustivePacking.minimumSets(batch.n(), batch.sizes(), batch.dimensions(),
                batch.capacity());
            assertTrue(fewest <= planner.setCount(), batch.toString());
            extraSets += planner.setCount() - fewest;
            final double bestFewest = ExhaustivePacking.best(batch.n(), batch.jct(), batch.sizes(),
                batch.dimensions(), batch.capacity(), fewest, assignment);
            sumRatioFewest += ours / bestFewest;
            optimalFewest += fewest == planner.setCount() && ratio > 1 - 1e-12 ? 1 : 0;
            batches++;
        }
        System.out.printf("Algorithm 3 on %d random batches of 1-8 jobs: total JCE / optimum with the same M: "
                + "mean %.4f, min %.4f, optimal in %d; M above the fewest feasible in total by %d sets; "
                + "total JCE / optimum with the fewest sets: mean %.4f; optimal and fewest in %d%n",
            batches, sumRatio / batches, minRatio, optimalSameSets, extraSets, sumRatioFewest / batches,
            optimalFewest);
        assertTrue(sumRatio / batches > 0.8, "Algorithm 3 is a reasonable heuristic on average");
    }

    @Test
    void batchesAboveEightJobsAreRefused() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> ExhaustivePacking.best(9, new double[9], new int[9], 1, UNIT, 3, new int[9]));
        assertEquals("exhaustive packing takes 1 to 8 jobs: 9", e.getMessage());
    }

    /** Every labelling in [0, sets)^n that uses every label, checked for Eq. (11) and scored. */
    private static double everyLabelling(final RandomBatch batch, final int sets) {
        final int n = batch.n();
        final int[] labels = new int[n];
        double best = Double.NaN;
        long total = 1;
        for (int j = 0; j < n; j++) {
            total *= sets;
        }
        for (long code = 0; code < total; code++) {
            long rest = code;
            for (int j = 0; j < n; j++) {
                labels[j] = (int) (rest % sets);
                rest /= sets;
            }
            if (feasible(batch, labels, sets)) {
                final double value = ExhaustivePacking.totalJce(n, batch.jct(), labels);
                if (Double.isNaN(best) || value > best) {
                    best = value;
                }
            }
        }
        return best;
    }

    private static boolean feasible(final RandomBatch batch, final int[] labels, final int sets) {
        final int dimensions = batch.dimensions();
        final long[] load = new long[sets * dimensions];
        final boolean[] used = new boolean[sets];
        for (int j = 0; j < batch.n(); j++) {
            if (labels[j] < 0 || labels[j] >= sets) {
                return false;
            }
            used[labels[j]] = true;
            for (int d = 0; d < dimensions; d++) {
                load[labels[j] * dimensions + d] += batch.sizes()[j * dimensions + d];
            }
        }
        for (int m = 0; m < sets; m++) {
            if (!used[m]) {
                return false;
            }
            for (int d = 0; d < dimensions; d++) {
                if (load[m * dimensions + d] > batch.capacity()[d]) {
                    return false;
                }
            }
        }
        return true;
    }
}
