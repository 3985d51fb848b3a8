package org.stowage.core.kernel.rms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * {@link MaxWeightTable} and {@link GridKnapsack} against a naive twin (every feasible configuration listed
 * by brute force; the lexicographically largest of largest weight) on thousands of random instances, by
 * hand on the paper's settings, and for allocation. The seed is in every message; -Dstowage.seed=N reruns
 * one instance.
 */
class MaxWeightOraclesTest {
    private static final String ONLY = System.getProperty("stowage.seed");
    private static final int INSTANCES = 2000;

    @Test
    void figure1bServerByHand() {
        // capacity 10, sizes 2 and 5: maximal configurations (5,0), (2,1), (0,2)
        final MaxWeightTable table = new MaxWeightTable(2, new int[][] {{0, 2}, {2, 1}, {5, 0}});
        final GridKnapsack grid = new GridKnapsack(new int[] {2_000_000, 5_000_000}, 10_000_000);
        assertEquals(1_000_000, grid.gridUnits());
        assertEquals(11, grid.cells());
        final int[] out = new int[2];
        // Q = (3, 7): (5,0) 15, (2,1) 13, (0,2) 14
        assertArrayEquals(new int[] {5, 0}, configuration(table, table.best(new int[] {3, 7})));
        assertEquals(15, grid.solve(new int[] {3, 7}, out));
        assertArrayEquals(new int[] {5, 0}, out);
        // Q = (2, 5): (5,0) 10, (2,1) 9, (0,2) 10: a tie, the lexicographically largest (5,0) wins
        assertArrayEquals(new int[] {5, 0}, configuration(table, table.best(new int[] {2, 5})));
        assertEquals(10, grid.solve(new int[] {2, 5}, out));
        assertArrayEquals(new int[] {5, 0}, out);
        // Q = (1, 4): (0,2) 8 beats (2,1) 6 and (5,0) 5
        assertArrayEquals(new int[] {0, 2}, configuration(table, table.best(new int[] {1, 4})));
        assertEquals(8, grid.solve(new int[] {1, 4}, out));
        assertArrayEquals(new int[] {0, 2}, out);
        // all queues empty: every configuration weighs 0, the first (5,0) is kept
        assertEquals(0, table.best(new int[] {0, 0}));
        assertEquals(0, grid.solve(new int[] {0, 0}, out));
        assertArrayEquals(new int[] {5, 0}, out, "the lexicographically largest optimum is maximal");
        // only the large type queued: 2 of it, and the zero-weight small type fills nothing (no room left)
        assertEquals(10, grid.solve(new int[] {0, 5}, out));
        assertArrayEquals(new int[] {0, 2}, out);
    }

    @Test
    void dyadicTraceTypesFillTheServerWithTheMostEfficientType() {
        final int unit = 1 << 20;
        final int[] sizes = new int[10];
        for (int p = 0; p < 10; p++) {
            sizes[p] = unit >> p;
        }
        final GridKnapsack grid = new GridKnapsack(sizes, unit);
        assertEquals(unit >> 9, grid.gridUnits());
        assertEquals(513, grid.cells());
        assertTrue(grid.divisible());
        final int[] out = new int[10];
        final int[] tables = new int[10];
        // efficiency w_p 2^p: type 3 (1/8) with Q = 40 gives 320, type 9 (1/512) with Q = 1 gives 512
        final int[] queues = {0, 0, 0, 40, 0, 0, 0, 0, 0, 1};
        assertEquals(512, grid.solve(queues, out));
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 512}, out);
        assertEquals(512, grid.solveByTables(queues, tables));
        assertArrayEquals(out, tables);
        queues[3] = 64;
        assertEquals(512, grid.solve(queues, out), "a tie: 8 x 64 = 512 x 1");
        assertArrayEquals(new int[] {0, 0, 0, 8, 0, 0, 0, 0, 0, 0}, out, "the lexicographically largest optimum");
        assertEquals(512, grid.solveByTables(queues, tables));
        assertArrayEquals(out, tables);
        assertEquals(0, grid.solve(new int[10], out));
        assertArrayEquals(new int[] {1, 0, 0, 0, 0, 0, 0, 0, 0, 0}, out, "no weight: one job of the first type");
        assertFalse(new GridKnapsack(new int[] {2, 5}, 10).divisible());
        assertFalse(new GridKnapsack(new int[] {2, 4}, 10).divisible(), "4 does not divide 10");
    }

    @Test
    void tableAndGridEqualTheNaiveTwinOnRandomInstances() {
        final long first = ONLY == null ? 1 : Long.parseLong(ONLY);
        final long last = ONLY == null ? INSTANCES : first;
        int gridInstances = 0;
        int divisibleInstances = 0;
        for (long seed = first; seed <= last; seed++) {
            final SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L);
            final int dimensions = 1 + (int) (seed % 3);
            final int types = 1 + random.nextInt(5);
            final int[] capacity = new int[dimensions];
            final int step = 1 + random.nextInt(1000);
            for (int d = 0; d < dimensions; d++) {
                capacity[d] = step * (10 + random.nextInt(40));
            }
            final int[][] sizes = new int[types][dimensions];
            for (int j = 0; j < types; j++) {
                for (int d = 0; d < dimensions; d++) {
                    // multiples of a common step make exact ties and full servers common
                    sizes[j][d] = dimensions > 1 && random.nextInt(4) == 0 ? 0 : step * (4
                        + random.nextInt(capacity[d] / step - 3));
                }
                if (Arrays.stream(sizes[j]).allMatch(s -> s == 0)) {
                    sizes[j][0] = step * (4 + random.nextInt(capacity[0] / step - 3));
                }
                if (random.nextInt(8) == 0) {
                    sizes[j][0] = capacity[0] + 1 + random.nextInt(5); // fits nowhere
                }
            }
            if (dimensions == 1 && random.nextInt(3) == 0) {
                // a divisibility chain (the trace's dyadic types and their like): capacity a multiple of all
                final int base = 1 + random.nextInt(50);
                capacity[0] = base * 8 * (1 + random.nextInt(3));
                for (int j = 0; j < types; j++) {
                    sizes[j][0] = random.nextInt(10) == 0 ? capacity[0] * 2 : base << random.nextInt(4);
                }
            }
            final List<int[]> feasible = feasible(sizes, capacity);
            final List<int[]> maximal = maximal(sizes, capacity, feasible);
            final MaxWeightTable table = new MaxWeightTable(types, maximal.toArray(new int[0][]));
            final GridKnapsack grid = dimensions == 1 ? new GridKnapsack(column(sizes), capacity[0]) : null;
            gridInstances += grid == null ? 0 : 1;
            final int[] out = new int[types];
            for (int trial = 0; trial < 5; trial++) {
                final int[] weights = new int[types];
                for (int j = 0; j < types; j++) {
                    weights[j] = random.nextInt(3) == 0 ? 0 : random.nextInt(trial < 3 ? 6 : 1_000_000);
                }
                final int[] expected = naiveBest(feasible, weights);
                final String where = "seed " + seed + ": sizes " + Arrays.deepToString(sizes) + ", capacity "
                    + Arrays.toString(capacity) + ", weights " + Arrays.toString(weights);
                final int chosen = table.best(weights);
                assertArrayEquals(expected, configuration(table, chosen), where + ": table");
                assertEquals(value(expected, weights), table.weight(chosen, weights), where + ": table weight");
                if (grid != null) {
                    assertEquals(value(expected, weights), grid.solve(weights, out), where + ": grid value");
                    assertArrayEquals(expected, out, where + ": grid configuration");
                    if (grid.divisible()) {
                        divisibleInstances++;
                        assertEquals(value(expected, weights), grid.solveByTables(weights, out), where + ": tables");
                        assertArrayEquals(expected, out, where + ": tables configuration");
                    }
                }
            }
        }
        assertTrue(ONLY != null || gridInstances > INSTANCES / 4, "grid instances: " + gridInstances);
        assertTrue(ONLY != null || divisibleInstances > INSTANCES / 10, "divisible solves: " + divisibleInstances);
    }

    @Test
    void tableSortsItsInputAndRejectsBadConfigurations() {
        final MaxWeightTable table = new MaxWeightTable(2, new int[][] {{0, 2}, {5, 0}, {2, 1}});
        assertArrayEquals(new int[] {5, 0}, configuration(table, 0));
        assertArrayEquals(new int[] {2, 1}, configuration(table, 1));
        assertEquals(1, table.count(1, 1));
        assertEquals("configuration listed twice: [2, 1]", assertThrows(IllegalArgumentException.class,
            () -> new MaxWeightTable(2, new int[][] {{2, 1}, {2, 1}})).getMessage());
        assertEquals("configuration 0 has 3 counts, expected 2: [1, 2, 3]", assertThrows(IllegalArgumentException.class,
            () -> new MaxWeightTable(2, new int[][] {{1, 2, 3}})).getMessage());
        assertEquals("no configurations", assertThrows(IllegalArgumentException.class,
            () -> new MaxWeightTable(2, new int[0][])).getMessage());
    }

    @Test
    void gridRefusesATableTooLargeAndBadSizes() {
        final IllegalArgumentException tooLarge = assertThrows(IllegalArgumentException.class,
            () -> new GridKnapsack(new int[] {999_983, 3}, 10_000_000));
        assertTrue(tooLarge.getMessage().contains("enumerate the maximal configurations instead"), tooLarge.getMessage());
        assertEquals("size of type 1 must be >= 1 unit: 0", assertThrows(IllegalArgumentException.class,
            () -> new GridKnapsack(new int[] {5, 0}, 10)).getMessage());
    }

    @Test
    void solvesAllocateNothing() {
        final int unit = 1 << 20;
        final int[] sizes = new int[10];
        for (int p = 0; p < 10; p++) {
            sizes[p] = unit >> p;
        }
        final GridKnapsack grid = new GridKnapsack(sizes, unit);
        final MaxWeightTable table = new MaxWeightTable(3, new int[][] {{2, 1, 0}, {0, 5, 0}, {1, 3, 1}, {0, 4, 1},
            {1, 0, 2}, {0, 2, 2}});
        final int[] weights = new int[10];
        final int[] out = new int[10];
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long allocated = -1;
        long sink = 0;
        for (int window = 0; window < 10 && allocated != 0; window++) {
            final long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 20_000; i++) {
                weights[i % 10] = (weights[i % 10] * 31 + i) & 4095;
                sink += grid.solve(weights, out) + table.best(weights);
            }
            allocated = threads.getThreadAllocatedBytes(thread) - before;
        }
        assertEquals(0, allocated, "bytes allocated per 20,000 solves of each (sink " + sink + ")");
    }

    // ---- the naive twin ----

    static List<int[]> feasible(final int[][] sizes, final int[] capacity) {
        final List<int[]> all = new ArrayList<>();
        enumerate(sizes, capacity, new int[sizes.length], 0, all);
        return all;
    }

    private static void enumerate(final int[][] sizes, final int[] residual, final int[] current, final int type,
                                  final List<int[]> all) {
        if (type == sizes.length) {
            all.add(current.clone());
            return;
        }
        for (int k = 0; ; k++) {
            boolean fits = true;
            for (int d = 0; d < residual.length; d++) {
                fits &= (long) k * sizes[type][d] <= residual[d];
            }
            if (!fits) {
                break;
            }
            final int[] left = residual.clone();
            for (int d = 0; d < residual.length; d++) {
                left[d] -= k * sizes[type][d];
            }
            current[type] = k;
            enumerate(sizes, left, current, type + 1, all);
            current[type] = 0;
        }
    }

    static List<int[]> maximal(final int[][] sizes, final int[] capacity, final List<int[]> feasible) {
        final List<int[]> result = new ArrayList<>();
        for (final int[] k : feasible) {
            boolean canGrow = false;
            for (int j = 0; j < sizes.length && !canGrow; j++) {
                boolean fits = true;
                for (int d = 0; d < capacity.length; d++) {
                    long used = sizes[j][d];
                    for (int i = 0; i < sizes.length; i++) {
                        used += (long) k[i] * sizes[i][d];
                    }
                    fits &= used <= capacity[d];
                }
                canGrow = fits;
            }
            if (!canGrow) {
                result.add(k);
            }
        }
        return result;
    }

    static int[] naiveBest(final List<int[]> feasible, final int[] weights) {
        int[] best = null;
        long bestValue = -1;
        for (final int[] k : feasible) {
            final long v = value(k, weights);
            if (v > bestValue || (v == bestValue && Arrays.compare(k, best) > 0)) {
                best = k;
                bestValue = v;
            }
        }
        return best;
    }

    static long value(final int[] k, final int[] weights) {
        long v = 0;
        for (int j = 0; j < k.length; j++) {
            v += (long) k[j] * weights[j];
        }
        return v;
    }

    private static int[] column(final int[][] sizes) {
        final int[] c = new int[sizes.length];
        for (int j = 0; j < sizes.length; j++) {
            c[j] = sizes[j][0];
        }
        return c;
    }

    private static int[] configuration(final MaxWeightTable table, final int i) {
        final int[] out = new int[table.types()];
        table.copy(i, out);
        return out;
    }
}
