package org.stowage.theory.lotes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Algorithm 1 (non-dominated bins, Sec. 4.2): the paper's example, and exact agreement with a brute force
 * over every count vector on random small instances. The seed is in every message; -Dstowage.seed=N
 * reruns one instance.
 */
class BinsTest {
    private static final int INSTANCES = 3000;

    /** Sec. 4.2, Fig. 5: capacity 7, classes of 2 and 3 cores: exactly (3, 0), (2, 1), (0, 2). */
    @Test
    void paperExampleHasExactlyThreeNonDominatedBins() {
        final List<int[]> bins = MachineAssignment.bins(new int[] {7}, new int[][] {{2}, {3}}, new int[] {0, 1}, 100);
        assertEquals(3, bins.size(), render(bins));
        assertArrayEquals(new int[] {3, 0}, bins.get(0));
        assertArrayEquals(new int[] {2, 1}, bins.get(1));
        assertArrayEquals(new int[] {0, 2}, bins.get(2));
    }

    /**
     * Capacity 5 with classes 2 and 3: (2, 0) and (1, 1). The printed pseudo-code, read literally, would also
     * emit (0, 1), which (1, 1) dominates; only non-dominated bins are produced here.
     */
    @Test
    void aBinWithRoomForASmallerClassIsDominated() {
        final List<int[]> bins = MachineAssignment.bins(new int[] {5}, new int[][] {{2}, {3}}, new int[] {0, 1}, 100);
        assertEquals(List.of("[2, 0]", "[1, 1]"), bins.stream().map(Arrays::toString).toList());
    }

    @Test
    void classesOutsideTheSubsetStayZeroAndAnEmptySubsetGivesTheEmptyBin() {
        final int[][] sizes = {{2}, {1}, {3}};
        final List<int[]> bins = MachineAssignment.bins(new int[] {7}, sizes, new int[] {0, 2}, 100);
        for (final int[] bin : bins) {
            assertEquals(0, bin[1], render(bins));
        }
        assertEquals(3, bins.size());
        final List<int[]> empty = MachineAssignment.bins(new int[] {7}, sizes, new int[0], 100);
        assertEquals(1, empty.size());
        assertArrayEquals(new int[] {0, 0, 0}, empty.get(0));
        final List<int[]> none = MachineAssignment.bins(new int[] {1}, sizes, new int[] {0, 2}, 100);
        assertEquals(1, none.size(), "no class fits: the empty bin");
        assertArrayEquals(new int[] {0, 0, 0}, none.get(0));
    }

    @Test
    void tooManyBinsIsAnErrorNamingTheLimit() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> MachineAssignment.bins(new int[] {20}, new int[][] {{1}, {1}, {1}}, new int[] {0, 1, 2}, 10));
        assertTrue(e.getMessage().contains("more than 10"), e.getMessage());
    }

    @Test
    void binsAreExactlyTheNonDominatedFeasibleCountVectors() {
        final String only = System.getProperty("stowage.seed");
        final long first = only == null ? 1 : Long.parseLong(only);
        final long last = only == null ? INSTANCES : first;
        long total = 0;
        for (long seed = first; seed <= last; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final int dimensions = 1 + random.nextInt(3);
            final int classes = 1 + random.nextInt(4);
            final int[] capacity = new int[dimensions];
            for (int l = 0; l < dimensions; l++) {
                capacity[l] = 1 + random.nextInt(24);
            }
            final int[][] sizes = new int[classes][dimensions];
            for (int k = 0; k < classes; k++) {
                boolean positive = false;
                for (int l = 0; l < dimensions; l++) {
                    sizes[k][l] = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(12);
                    positive |= sizes[k][l] > 0;
                }
                if (!positive) {
                    sizes[k][random.nextInt(dimensions)] = 1 + random.nextInt(12);
                }
            }
            final List<Integer> chosen = new ArrayList<>();
            for (int k = 0; k < classes; k++) {
                if (random.nextInt(4) != 0) {
                    chosen.add(k);
                }
            }
            final int[] subset = chosen.stream().mapToInt(Integer::intValue).toArray();
            final String where = "seed " + seed + ": capacity " + Arrays.toString(capacity) + ", sizes "
                + Arrays.deepToString(sizes) + ", classes " + Arrays.toString(subset);
            final List<String> expected = bruteForce(capacity, sizes, subset);
            final List<int[]> bins = MachineAssignment.bins(capacity, sizes, subset, 1_000_000);
            final List<String> actual = bins.stream().map(Arrays::toString).sorted().toList();
            assertEquals(expected, actual, where);
            total += bins.size();
        }
        System.out.printf("%d random instances, %d non-dominated bins, all equal to the brute force%n",
            last - first + 1, total);
    }

    /** Every count vector over the subset up to capacity, kept when feasible and when no job can be added. */
    private static List<String> bruteForce(final int[] capacity, final int[][] sizes, final int[] subset) {
        final int classes = sizes.length;
        final int[] bound = new int[classes];
        for (final int k : subset) {
            int most = Integer.MAX_VALUE;
            for (int l = 0; l < capacity.length; l++) {
                if (sizes[k][l] > 0) {
                    most = Math.min(most, capacity[l] / sizes[k][l]);
                }
            }
            bound[k] = most;
        }
        final List<String> found = new ArrayList<>();
        final int[] counts = new int[classes];
        while (true) {
            if (feasible(capacity, sizes, counts)) {
                boolean maximal = true;
                for (final int k : subset) {
                    counts[k]++;
                    maximal &= !feasible(capacity, sizes, counts);
                    counts[k]--;
                }
                if (maximal) {
                    found.add(Arrays.toString(counts));
                }
            }
            int k = 0;
            while (k < classes && counts[k] == bound[k]) {
                counts[k] = 0;
                k++;
            }
            if (k == classes) {
                break;
            }
            counts[k]++;
        }
        found.sort(null);
        return found;
    }

    private static boolean feasible(final int[] capacity, final int[][] sizes, final int[] counts) {
        for (int l = 0; l < capacity.length; l++) {
            long used = 0;
            for (int k = 0; k < counts.length; k++) {
                used += (long) counts[k] * sizes[k][l];
            }
            if (used > capacity[l]) {
                return false;
            }
        }
        return true;
    }

    private static String render(final List<int[]> bins) {
        return bins.stream().map(Arrays::toString).toList().toString();
    }
}
