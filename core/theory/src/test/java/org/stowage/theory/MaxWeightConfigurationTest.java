package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The pricing search against brute force over all feasible configurations; seeds in every message. */
class MaxWeightConfigurationTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0xBADC0DEL);

    @Test
    void picksTheMaxWeightConfiguration() {
        final MaxWeightConfiguration pricing = new MaxWeightConfiguration(new int[][] {{2}, {5}});
        final int[] k = new int[2];
        assertEquals(10.0 / 3, pricing.solve(new double[] {2.0 / 3, 5.0 / 3}, new int[] {10}, k), 1e-12);
        assertEquals(5.0, pricing.solve(new double[] {1, 2.4}, new int[] {10}, k), 1e-12);
        assertArrayEquals(new int[] {5, 0}, k, "ties keep the first found, greedy by efficiency");
        assertEquals(0.0, pricing.solve(new double[] {-1, 0}, new int[] {10}, k));
        assertArrayEquals(new int[] {0, 0}, k);
    }

    /**
     * Three configurations of the same search: the default (exact programme for D = 1, fine grid bound
     * otherwise), no grid at all (surrogate and per-resource bounds only), and a coarse grid (steps of
     * several units, so the grid bound is loose but must stay valid).
     */
    @ParameterizedTest(name = "grid budget {0}")
    @ValueSource(ints = {MaxWeightConfiguration.DEFAULT_GRID_BUDGET, 0, 40})
    void matchesBruteForceOnRandomInstances(final int gridBudget) {
        for (int i = 0; i < 1500; i++) {
            final long seed = BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final RandomInstance instance = RandomInstance.generate(seed, 1 + i % 3, true);
            final SplittableRandom random = new SplittableRandom(seed ^ 0x5EEDL);
            final int[][] sizes = instance.types().sizes();
            final double[] weights = new double[sizes.length];
            for (int j = 0; j < weights.length; j++) {
                weights[j] = random.nextInt(8) == 0 ? -random.nextDouble() : random.nextDouble();
            }
            final MaxWeightConfiguration pricing = new MaxWeightConfiguration(sizes, gridBudget, Long.MAX_VALUE);
            for (int c = 0; c < instance.servers().count(); c++) {
                final int[] capacity = instance.servers().capacity(c);
                final List<int[]> all = ConfigurationsTest.bruteForceFeasible(sizes, capacity);
                double expected = 0;
                for (final int[] k : all) {
                    double value = 0;
                    for (int j = 0; j < k.length; j++) {
                        value += k[j] * weights[j];
                    }
                    expected = Math.max(expected, value);
                }
                final int[] k = new int[sizes.length];
                final double value = pricing.solve(weights, capacity, k);
                assertEquals(expected, value, 1e-12 * Math.max(1, expected), instance + ", class " + c);
                assertEquals(value, pricing.upperBound(), instance + ", class " + c);
                assertTrue(!pricing.truncated(), instance.toString());
                // A search cut off after a few nodes keeps a feasible column and a bound above the optimum.
                final MaxWeightConfiguration cut = new MaxWeightConfiguration(sizes, gridBudget, 3);
                final int[] partial = new int[sizes.length];
                final double partialValue = cut.solve(weights, capacity, partial);
                assertTrue(Configurations.fits(sizes, partial, capacity), instance.toString());
                assertTrue(partialValue <= expected + 1e-12 * Math.max(1, expected), instance.toString());
                assertTrue(cut.upperBound() >= expected - 1e-12 * Math.max(1, expected),
                    "bound " + cut.upperBound() + " below optimum " + expected + ", " + instance);
                assertTrue(Configurations.fits(sizes, k, capacity), instance.toString());
                double check = 0;
                for (int j = 0; j < k.length; j++) {
                    check += k[j] * weights[j];
                }
                assertEquals(value, check, 1e-12 * Math.max(1, value), instance.toString());
            }
        }
    }

    /**
     * Issue 23: `capacity` with 5,000 discrete types overflowed the stack, the search recursing once per
     * candidate. It is a loop now: 5,000 candidates searched to full depth on a thread with a 128 KiB stack.
     */
    @Test
    void thousandsOfCandidatesNeedNoStack() throws InterruptedException {
        final int types = 5000;
        final SplittableRandom random = new SplittableRandom(23);
        final int[][] sizes = new int[types][];
        final double[] weights = new double[types];
        for (int j = 0; j < types; j++) {
            sizes[j] = new int[] {10_000 + random.nextInt(890_000)};
            weights[j] = sizes[j][0] * (1 + 1e-3 * random.nextDouble()); // nearly proportional: a deep search
        }
        final MaxWeightConfiguration search = new MaxWeightConfiguration(sizes, 0, 200_000);
        final int[] out = new int[types];
        final double[] value = new double[1];
        final Throwable[] failure = new Throwable[1];
        final Thread thread = new Thread(null, () -> {
            try {
                value[0] = search.solve(weights, new int[] {1_000_000}, out);
            } catch (final Throwable e) {
                failure[0] = e;
            }
        }, "small-stack", 128 << 10);
        thread.start();
        thread.join();
        assertEquals(null, failure[0], "no StackOverflowError");
        assertTrue(value[0] > 0 && search.upperBound() >= value[0], value[0] + " <= " + search.upperBound());
        long used = 0;
        for (int j = 0; j < types; j++) {
            used += (long) out[j] * sizes[j][0];
        }
        assertTrue(used <= 1_000_000, "feasible: " + used);
    }
}
