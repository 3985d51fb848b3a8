package org.stowage.core.kernel.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * K_RED (Definition 5): its size and feasibility, and Proposition 1 by brute force: for random refinements X
 * of partition I and random queues, the best K_RED configuration weighs at least 2/3 of the best
 * configuration of K^(X), every feasible configuration for upper-rounded sizes.
 */
class ReducedConfigurationsTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0xC0FF1CL);

    @Test
    void hasFourJMinusFourDistinctConfigurationsAllFeasibleUnderUpperRounding() {
        for (int levels = 2; levels <= 12; levels++) {
            final ReducedConfigurations reduced = new ReducedConfigurations(levels);
            assertEquals(4 * levels - 4, reduced.size(), "J = " + levels);
            final HashSet<String> distinct = new HashSet<>();
            // sup I_2m = 2^-m and sup I_2m+1 = 2/3 * 2^-m, in units of 1 / (3 * 2^J)
            final long one = 3L << levels;
            for (int c = 0; c < reduced.size(); c++) {
                final int[] k = reduced.vector(c);
                long used = 0;
                int typesUsed = 0;
                for (int t = 0; t < k.length; t++) {
                    final int m = t / 2;
                    final long sup = t % 2 == 0 ? 3L << (levels - m) : 2L << (levels - m);
                    used += k[t] * sup;
                    typesUsed += k[t] > 0 ? 1 : 0;
                }
                assertTrue(used <= one, "J = " + levels + " configuration " + reduced.describe(c) + " needs "
                    + used + " of " + one);
                assertTrue(k[1] <= 1 && typesUsed == (k[1] == 1 ? 2 : 1) && reduced.otherType(c) != 1,
                    reduced.describe(c));
                assertTrue(distinct.add(reduced.describe(c)), "duplicate " + reduced.describe(c));
            }
        }
    }

    @Test
    void goldenListForJEqualsThreeInTieOrder() {
        final ReducedConfigurations reduced = new ReducedConfigurations(3);
        final List<String> described = new ArrayList<>();
        for (int c = 0; c < reduced.size(); c++) {
            described.add(reduced.describe(c));
        }
        assertEquals(List.of("e0", "2 e2", "4 e4", "3 e3", "6 e5", "e1 + e4", "e1 + e3", "e1 + 2 e5"), described);
        assertArrayEquals(new int[] {0, 1, 0, 0, 1, 0}, reduced.vector(5));
        // ties go to the lowest index: all-zero queues pick e0, and 2 Q_2 = 4 Q_4 picks 2 e2
        assertEquals(0, reduced.maxWeight(new int[6], 0));
        assertEquals(1, reduced.maxWeight(new int[] {0, 0, 2, 0, 1, 0}, 0));
        assertEquals(3, reduced.maxWeight(new int[] {0, 3, 0, 2, 0, 0}, 0), "3 e3 weighs 6, e1 + e3 only 5");
    }

    @Test
    void theTwoThirdsBoundIsAttainedByFigureThreeA() {
        // sizes 0.6 (I_1) and 0.4 (I_2): K^(X) holds (1, 1); K_RED only 2 x 0.4 or 1 x 0.6 (plus e3, e4 partners)
        final ReducedConfigurations reduced = new ReducedConfigurations(3);
        final int[] queues = {0, 2, 1, 0, 0, 0};
        final long best = reduced.weight(reduced.maxWeight(queues, 0), queues, 0);
        assertEquals(2, best);
        assertEquals(3 * best, 2 * (2 + 1), "exactly 2/3 of the (1, 1) configuration's weight 3");
    }

    /** Proposition 1 on random refinements, K^(X) enumerated by depth-first search. */
    @Test
    void propositionOneHoldsOnRandomRefinementsByBruteForce() {
        int instances = 0;
        for (int i = 0; i < 2000; i++) {
            final long seed = BASE_SEED + i;
            final SplittableRandom random = new SplittableRandom(seed);
            final int levels = 2 + random.nextInt(2);
            final Refinement x = Refinement.random(levels, random, 3);
            checkProposition(x, random, seed, true);
            instances++;
        }
        assertEquals(2000, instances);
    }

    /** Deeper partitions, where enumeration is too slow: K^(X)'s best weight by an exact unbounded-knapsack DP. */
    @Test
    void propositionOneHoldsForDeeperPartitionsByExactKnapsack() {
        for (int i = 0; i < 1000; i++) {
            final long seed = BASE_SEED + 10_000 + i;
            final SplittableRandom random = new SplittableRandom(seed);
            final int levels = 4 + random.nextInt(3);
            checkProposition(Refinement.random(levels, random, 2), random, seed, false);
        }
    }

    private static void checkProposition(final Refinement x, final SplittableRandom random, final long seed,
                                         final boolean enumerate) {
        final int n = x.sup.length;
        final int[] fine = new int[n];
        for (int i = 0; i < n; i++) {
            fine[i] = random.nextInt(4) == 0 ? 0 : random.nextInt(25);
        }
        final int[] coarse = new int[2 * x.levels];
        for (int i = 0; i < n; i++) {
            coarse[x.typeOf[i]] += fine[i];
        }
        final ReducedConfigurations reduced = new ReducedConfigurations(x.levels);
        final long bestReduced = reduced.weight(reduced.maxWeight(coarse, 0), coarse, 0);
        final long bestFine = knapsack(x, fine);
        if (enumerate) {
            assertEquals(bestFine, enumerate(x, fine, 0, x.one), "enumeration and DP disagree, seed " + seed);
        }
        assertTrue(3 * bestReduced >= 2 * bestFine, "Proposition 1 fails for seed " + seed + ": K_RED best "
            + bestReduced + ", K^(X) best " + bestFine + ", sups " + Arrays.toString(x.sup) + " of "
            + x.one + ", queues " + Arrays.toString(fine));
    }

    /** Best weight over all k with sum k_i sup_i <= one, by depth-first enumeration. */
    private static long enumerate(final Refinement x, final int[] queues, final int index, final long room) {
        if (index == x.sup.length) {
            return 0;
        }
        long best = 0;
        for (long k = 0; k * x.sup[index] <= room; k++) {
            best = Math.max(best, k * queues[index] + enumerate(x, queues, index + 1, room - k * x.sup[index]));
        }
        return best;
    }

    private static long knapsack(final Refinement x, final int[] queues) {
        final long[] best = new long[(int) x.one + 1];
        for (int capacity = 1; capacity <= x.one; capacity++) {
            best[capacity] = best[capacity - 1];
            for (int i = 0; i < x.sup.length; i++) {
                if (x.sup[i] <= capacity) {
                    best[capacity] = Math.max(best[capacity], best[capacity - (int) x.sup[i]] + queues[i]);
                }
            }
        }
        return best[(int) x.one];
    }

    /**
     * A random refinement X of I restricted to (1/2^J, 1], in integer units of 1/(3 * 2^J * 4) so every cut point
     * of I is an integer: each I_j is cut at up to {@code maxCuts} random interior points. Sub-interval i has
     * supremum sup[i] and lies in I_typeOf[i].
     */
    private record Refinement(int levels, long one, long[] sup, int[] typeOf) {
        static Refinement random(final int levels, final SplittableRandom random, final int maxCuts) {
            final long unit = 4;
            final long one = (3L << levels) * unit;
            final List<long[]> parts = new ArrayList<>();
            for (int m = 0; m < levels; m++) {
                // I_2m = (2/3 * 2^-m, 2^-m], I_2m+1 = (1/2 * 2^-m, 2/3 * 2^-m]
                final long top = one >> m;
                final long twoThirds = 2 * top / 3;
                final long half = top / 2;
                cut(parts, 2 * m, twoThirds, top, random, maxCuts);
                cut(parts, 2 * m + 1, half, twoThirds, random, maxCuts);
            }
            final long[] sup = new long[parts.size()];
            final int[] type = new int[parts.size()];
            for (int i = 0; i < parts.size(); i++) {
                sup[i] = parts.get(i)[0];
                type[i] = (int) parts.get(i)[1];
            }
            return new Refinement(levels, one, sup, type);
        }

        private static void cut(final List<long[]> parts, final int type, final long low, final long high,
                                final SplittableRandom random, final int maxCuts) {
            final int cuts = (int) Math.min(random.nextInt(maxCuts + 1), high - low - 1);
            final TreeSet<Long> points = new TreeSet<>();
            while (points.size() < cuts) {
                points.add(low + 1 + random.nextLong(high - low - 1));
            }
            points.add(high);
            for (final long point : points) {
                parts.add(new long[] {point, type});
            }
        }
    }
}
