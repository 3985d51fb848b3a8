package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Maximal configurations against brute force; every failure names the instance seed. */
class ConfigurationsTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0xC0FF1CL);

    @Test
    void capacityTenWithSizesTwoAndFiveHasThreeMaximalConfigurations() {
        final List<int[]> maximal = Configurations.maximal(new int[][] {{2}, {5}}, new int[] {10}, 100);
        assertEquals(3, maximal.size());
        assertArrayEquals(new int[] {5, 0}, maximal.get(0));
        assertArrayEquals(new int[] {2, 1}, maximal.get(1));
        assertArrayEquals(new int[] {0, 2}, maximal.get(2));
        assertArrayEquals(new double[] {7.0 / 3, 1.0}, Configurations.average(maximal), 1e-12);
    }

    @Test
    void typesThatFitNowhereStayZeroAndNothingFittingLeavesTheEmptyConfiguration() {
        final List<int[]> maximal = Configurations.maximal(new int[][] {{11}, {4}}, new int[] {10}, 100);
        assertEquals(1, maximal.size());
        assertArrayEquals(new int[] {0, 2}, maximal.get(0));
        final List<int[]> none = Configurations.maximal(new int[][] {{11}}, new int[] {10}, 100);
        assertEquals(1, none.size());
        assertArrayEquals(new int[] {0}, none.get(0));
    }

    @Test
    void enumerationBeyondTheLimitIsRefused() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> Configurations.feasible(new int[][] {{1}, {1}}, new int[] {100}, 1000));
        assertEquals("more than 1000 feasible configurations; too many to enumerate", error.getMessage());
    }

    @Test
    void maximalConfigurationsMatchBruteForceOnRandomInstances() {
        for (int i = 0; i < 600; i++) {
            final long seed = BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final RandomInstance instance = RandomInstance.generate(seed, 1 + i % 3, true);
            final int[][] sizes = instance.types().sizes();
            final int[] capacity = instance.servers().capacity(0);
            final List<int[]> all = bruteForceFeasible(sizes, capacity);
            final List<int[]> maximal = Configurations.maximal(sizes, capacity, 1_000_000);
            final List<int[]> feasible = Configurations.feasible(sizes, capacity, 1_000_000);
            assertEquals(all.size(), feasible.size(), instance.toString());
            final List<int[]> expected = new ArrayList<>();
            for (final int[] k : all) {
                boolean dominated = false;
                for (final int[] other : all) {
                    dominated |= Configurations.dominates(other, k);
                }
                if (!dominated) {
                    expected.add(k);
                }
            }
            assertEquals(expected.size(), maximal.size(), instance.toString());
            for (final int[] k : maximal) {
                assertTrue(Configurations.fits(sizes, k, capacity), instance.toString());
                for (final int[] other : maximal) {
                    assertFalse(Configurations.dominates(other, k), instance.toString());
                }
            }
            for (final int[] k : all) {
                boolean covered = false;
                for (final int[] m : maximal) {
                    covered |= m == k || Configurations.dominates(m, k) || Arrays.equals(m, k);
                }
                assertTrue(covered, "not dominated by a maximal one: " + Arrays.toString(k) + ", " + instance);
            }
        }
    }

    /** Every vector in the box [0, C/s_j]^J that fits: no pruning, no order, obviously complete. */
    static List<int[]> bruteForceFeasible(final int[][] sizes, final int[] capacity) {
        final int types = sizes.length;
        final int[] bound = new int[types];
        for (int j = 0; j < types; j++) {
            bound[j] = Integer.MAX_VALUE;
            for (int d = 0; d < capacity.length; d++) {
                if (sizes[j][d] > 0) {
                    bound[j] = Math.min(bound[j], capacity[d] / sizes[j][d]);
                }
            }
        }
        final List<int[]> result = new ArrayList<>();
        final int[] k = new int[types];
        while (true) {
            if (Configurations.fits(sizes, k, capacity)) {
                result.add(k.clone());
            }
            int j = 0;
            while (j < types && k[j] == bound[j]) {
                k[j] = 0;
                j++;
            }
            if (j == types) {
                return result;
            }
            k[j]++;
        }
    }

    /** Issue 23: the enumeration recursed once per type; 2,000 types are listed on a thread with a 128 KiB stack. */
    @Test
    void thousandsOfTypesNeedNoStack() throws InterruptedException {
        final int types = 2000;
        final int[][] sizes = new int[types][];
        for (int j = 0; j < types; j++) {
            sizes[j] = new int[] {600 + j % 300}; // more than half the capacity: each fits alone
        }
        final Object[] result = new Object[1];
        final Thread thread = new Thread(null, () -> {
            try {
                result[0] = Configurations.maximal(sizes, new int[] {1000}, 10_000);
            } catch (final Throwable e) {
                result[0] = e;
            }
        }, "small-stack", 128 << 10);
        thread.start();
        thread.join();
        org.junit.jupiter.api.Assertions.assertInstanceOf(List.class, result[0], String.valueOf(result[0]));
        org.junit.jupiter.api.Assertions.assertEquals(types, ((List<?>) result[0]).size());
    }
}
