package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * JCE and the densest-first order: Fig. 1's average JCTs from the planner's sets, Theorem 2 (the order is
 * Smith's rule for sets run one after another) against every permutation, and ties.
 */
class JceTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x7CEL);

    @Test
    void figureOneAverageJctsUnderSjfAndDjsfOnOnePooledUnit() {
        final JobSetPlanner planner = new JobSetPlanner(1);
        planner.plan(5, PaperExamples.FIG1_JCT, PaperExamples.FIG1_SIZES, new long[] {1_000_000},
            DjsfOptions.defaults(), null);
        // DJSF: sets in rank order, each started when the capacity it needs is free.
        final int[][] djsfOrder = new int[planner.setCount()][];
        for (int r = 0; r < planner.setCount(); r++) {
            final int m = planner.setAtRank(r);
            djsfOrder[r] = new int[planner.setSize(m)];
            for (int i = 0; i < planner.setSize(m); i++) {
                djsfOrder[r][i] = planner.setMember(m, i);
            }
        }
        final double[] djsf = PooledReplay.completions(PaperExamples.FIG1_JCT, PaperExamples.FIG1_SIZES, 1_000_000,
            djsfOrder);
        // SJF: jobs one by one in increasing JCT.
        final double[] sjf = PooledReplay.completions(PaperExamples.FIG1_JCT, PaperExamples.FIG1_SIZES, 1_000_000,
            new int[][] {{0}, {1}, {2}, {3}, {4}});
        assertArrayEquals(PaperExamples.FIG1_SJF_COMPLETIONS, sjf, 1e-12);
        assertArrayEquals(PaperExamples.FIG1_DJSF_COMPLETIONS, djsf, 1e-12);
        assertEquals(PaperExamples.FIG1_SJF_MEAN_JCT, mean(sjf), 1e-12);
        assertEquals(PaperExamples.FIG1_DJSF_MEAN_JCT, mean(djsf), 1e-12);
        assertEquals(0.3207, (mean(sjf) - mean(djsf)) / mean(sjf), 5e-5, "the paper's 32.07%");
        assertEquals(0.25, Jce.of(1, 4.0));
        assertEquals(0.95, Jce.of(4, 4.2), 0.003, "the paper's 'approximately 0.95'");
    }

    @Test
    void densestFirstMinimisesTheSumOfJctsOfSetsRunOneAfterAnother() {
        // Theorem 1's model: set m's N_m jobs all finish when it does, at the sum of the spans so far. The
        // JCE order is then Smith's rule (weights N_m, times T_m): no permutation does better.
        for (int i = 0; i < 2000; i++) {
            final long seed = BASE_SEED + i;
            final SplittableRandom random = new SplittableRandom(seed);
            final int sets = 1 + random.nextInt(7);
            final int[] count = new int[sets];
            final double[] span = new double[sets];
            final double[] jce = new double[sets];
            for (int m = 0; m < sets; m++) {
                count[m] = 1 + random.nextInt(6);
                span[m] = random.nextInt(3) == 0 ? 1 + random.nextInt(4) : 0.1 + random.nextDouble() * 10;
                jce[m] = Jce.of(count[m], span[m]);
            }
            final int[] rank = new int[sets];
            Jce.orderByDecreasing(jce, sets, rank, new int[sets]);
            final double ours = serialSum(rank, count, span);
            final double best = bestPermutation(new int[sets], new boolean[sets], 0, count, span);
            assertTrue(ours <= best * (1 + 1e-12), "seed " + seed + ": JCE order " + ours + " > best " + best);
            for (int r = 1; r < sets; r++) {
                assertTrue(jce[rank[r]] < jce[rank[r - 1]] || jce[rank[r]] == jce[rank[r - 1]]
                    && rank[r] > rank[r - 1], "seed " + seed + ": decreasing JCE, ties by set index");
            }
        }
    }

    @Test
    void lemmaOneMergedSetLiesBetween() {
        // J_a: 4 jobs in 4.2 s (0.952); J_b: 1 job in 4 s (0.25); merged: 5 in 8.2 s (0.610).
        final double merged = Jce.of(5, 8.2);
        assertTrue(merged > Jce.of(1, 4) && merged < Jce.of(4, 4.2));
    }

    private static double serialSum(final int[] order, final int[] count, final double[] span) {
        double clock = 0;
        double sum = 0;
        for (final int m : order) {
            clock += span[m];
            sum += count[m] * clock;
        }
        return sum;
    }

    private static double bestPermutation(final int[] order, final boolean[] used, final int depth, final int[] count,
                                          final double[] span) {
        if (depth == order.length) {
            return serialSum(order, count, span);
        }
        double best = Double.POSITIVE_INFINITY;
        for (int m = 0; m < order.length; m++) {
            if (!used[m]) {
                used[m] = true;
                order[depth] = m;
                best = Math.min(best, bestPermutation(order, used, depth + 1, count, span));
                used[m] = false;
            }
        }
        return best;
    }

    private static double mean(final double[] values) {
        double sum = 0;
        for (final double v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
