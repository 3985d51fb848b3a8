package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Eq. (9) of the 2018 paper on hand-computed cases, against the Erlang loss formula for one type, and
 * against the generator of the RMS-bar chain (rates (7) and (8), built independently here): the global
 * balance equations must hold on random instances. Seeds are in every message.
 */
class RmsBarDistributionTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0xBA11L);
    private static final int[][] FIG1B_SIZES = {{2}, {5}};
    private static final int[] FIG1B_CAPACITY = {10};

    /** Capacity 10, sizes 2 and 5, w = 0, r = mu = 1, one server: phi(a, b) = (1/a!)(1/b!) / Z, Z = 343/60. */
    @Test
    void twoTypesWithZeroWeightsByHand() {
        final RmsBarDistribution phi = RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY, new double[] {0, 0},
            new double[] {1, 1}, new double[] {1, 1}, 1, 1000);
        assertEquals(10, phi.size(), "b = 0: a = 0..5; b = 1: a = 0..2; b = 2: a = 0");
        final double z = 343.0 / 60;
        assertEquals(1 / z, phi.probabilityOf(0, 0), 1e-15);
        assertEquals(1 / z, phi.probabilityOf(1, 0), 1e-15);
        assertEquals(1.0 / 120 / z, phi.probabilityOf(5, 0), 1e-15);
        assertEquals(0.5 / z, phi.probabilityOf(2, 1), 1e-15);
        assertEquals(30.0 / 343, phi.probabilityOf(0, 2), 1e-15);
        assertEquals(0.0, phi.probabilityOf(3, 1), "2*3 + 5 > 10 is not a configuration");
        assertEquals(-1, phi.indexOf(3, 1));
        double total = 0;
        for (int i = 0; i < phi.size(); i++) {
            total += phi.probability(i);
        }
        assertEquals(1.0, total, 1e-14);
    }

    /** w = (log 2, log 3): phi(a, b) = 2^a 3^b / (a! b!) / Z with Z = 109/15 + 15 + 9/2 = 803/30. */
    @Test
    void twoTypesWithWeightsByHand() {
        final RmsBarDistribution phi = RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY,
            new double[] {Math.log(2), Math.log(3)}, new double[] {1, 1}, new double[] {1, 1}, 1, 1000);
        final double z = 803.0 / 30;
        assertEquals(135.0 / 803, phi.probabilityOf(0, 2), 1e-14);
        assertEquals(4 * 3 / 2.0 / z, phi.probabilityOf(2, 1), 1e-14);
        assertEquals(32.0 / 120 / z, phi.probabilityOf(5, 0), 1e-14);
        assertEquals(2.0 * 3 / z, phi.probabilityOf(1, 1), 1e-14);
        // sum of a * 2^a 3^b / (a! b!): b = 0 gives 2 + 4 + 4 + 8/3 + 4/3 = 14, b = 1 gives 3 * (2 + 4) = 18
        assertEquals(32 / z, phi.meanCount(0), 1e-13);
    }

    /** The server's share of the clocks is r_j / L: ten servers with r = 10 equal one server with r = 1. */
    @Test
    void clockRatesAreSharedByTheServers() {
        final RmsBarDistribution many = RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY, new double[] {0.3, 1.2},
            new double[] {10, 20}, new double[] {1, 2}, 10, 1000);
        final RmsBarDistribution one = RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY, new double[] {0.3, 1.2},
            new double[] {1, 2}, new double[] {1, 2}, 1, 1000);
        for (int i = 0; i < one.size(); i++) {
            assertEquals(one.probability(i), many.probability(i), 1e-15);
        }
    }

    /** One type that fits n times: the Erlang loss law with offered load a = (r / mu) e^w; phi(n) = Erlang B. */
    @Test
    void oneTypeIsTheErlangLossDistribution() {
        final int n = 7;
        final double r = 2.5;
        final double mu = 0.8;
        final double w = 1.7;
        final RmsBarDistribution phi = RmsBarDistribution.ofServer(new int[][] {{3}}, new int[] {3 * n + 2},
            new double[] {w}, new double[] {r}, new double[] {mu}, 1, 100);
        assertEquals(n + 1, phi.size());
        final double a = r / mu * Math.exp(w);
        double erlangB = 1;
        for (int k = 1; k <= n; k++) {
            erlangB = a * erlangB / (k + a * erlangB);
        }
        assertEquals(erlangB, phi.probabilityOf(n), 1e-14);
        // and the small hand case: sizes 2 in capacity 5, a = 3 * 2 = 6: weights 1, 6, 18 over 25
        final RmsBarDistribution small = RmsBarDistribution.ofServer(new int[][] {{2}}, new int[] {5},
            new double[] {Math.log(2)}, new double[] {3}, new double[] {1}, 1, 100);
        assertEquals(0.04, small.probabilityOf(0), 1e-15);
        assertEquals(0.24, small.probabilityOf(1), 1e-15);
        assertEquals(0.72, small.probabilityOf(2), 1e-15);
    }

    @Test
    void largeWeightsConcentrateOnTheMaxWeightConfigurationWithoutOverflow() {
        final RmsBarDistribution phi = RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY, new double[] {300, 800},
            new double[] {1, 1}, new double[] {1, 1}, 1, 1000);
        // weights per configuration: (5,0) 1500, (2,1) 1400, (0,2) 1600: (0,2) takes (almost) everything
        assertEquals(1.0, phi.probabilityOf(0, 2), 1e-12);
        assertTrue(phi.probabilityOf(5, 0) > 0, "no underflow to exactly 0 needed, but the value must be finite");
    }

    /**
     * The generator of one server under RMS-bar, from the algorithm's description (a type-j tick reaches this
     * server at rate r_j / L and adds a job if it fits; each type-j job leaves at rate mu_j and is replaced with
     * probability 1 - e^{-w_j}, so the configuration drops at rate k_j mu_j e^{-w_j}), must annihilate phi.
     */
    @Test
    void globalBalanceHoldsOnRandomInstances() {
        for (int i = 0; i < 300; i++) {
            final long seed = BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final SplittableRandom random = new SplittableRandom(seed);
            final RandomInstance instance = RandomInstance.generate(seed, 1 + i % 3, false);
            final int[][] sizes = instance.types().sizes();
            final int types = sizes.length;
            final int[] capacity = instance.servers().capacity(0);
            final double[] w = new double[types];
            final double[] r = new double[types];
            final double[] mu = new double[types];
            for (int j = 0; j < types; j++) {
                w[j] = random.nextDouble(-1, 4);
                r[j] = random.nextDouble(0.1, 30);
                mu[j] = random.nextDouble(0.2, 3);
            }
            final int servers = 1 + random.nextInt(20);
            final RmsBarDistribution phi = RmsBarDistribution.ofServer(sizes, capacity, w, r, mu, servers, 100_000);
            final double[] flow = new double[phi.size()];
            for (int s = 0; s < phi.size(); s++) {
                final int[] k = phi.configuration(s);
                for (int j = 0; j < types; j++) {
                    k[j]++;
                    final int up = phi.indexOf(k);
                    k[j]--;
                    if (up >= 0) {
                        final double rate = r[j] / servers;
                        flow[s] -= phi.probability(s) * rate;
                        flow[up] += phi.probability(s) * rate;
                    }
                    if (k[j] > 0) {
                        k[j]--;
                        final int down = phi.indexOf(k);
                        k[j]++;
                        final double rate = (k[j]) * mu[j] * Math.exp(-w[j]);
                        flow[s] -= phi.probability(s) * rate;
                        flow[down] += phi.probability(s) * rate;
                    }
                }
            }
            double largest = 0;
            double scale = 0;
            for (int s = 0; s < flow.length; s++) {
                largest = Math.max(largest, Math.abs(flow[s]));
                scale = Math.max(scale, phi.probability(s));
            }
            assertTrue(largest <= 1e-12 * Math.max(1, scale * 100), instance
                + ": net probability flow " + largest + " out of balance");
        }
    }

    @Test
    void totalVariationAndChiSquareOnExactAndShiftedData() {
        final RmsBarDistribution phi = RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY, new double[] {0, 0},
            new double[] {1, 1}, new double[] {1, 1}, 1, 1000);
        final double[] exact = new double[phi.size()];
        final long[] counts = new long[phi.size()];
        for (int i = 0; i < phi.size(); i++) {
            exact[i] = phi.probability(i);
            counts[i] = Math.round(phi.probability(i) * 1_000_000);
        }
        assertEquals(0.0, phi.totalVariation(exact), 1e-15);
        final RmsBarDistribution.ChiSquare fit = phi.chiSquare(counts);
        assertTrue(fit.pValue() > 0.999, fit.toString());
        // (5,0) expects about 1458 of 10^6: every cell is kept, 10 cells, 9 degrees of freedom
        assertEquals(9, fit.degreesOfFreedom());

        final double[] shifted = exact.clone();
        final int empty = phi.indexOf(0, 0);
        final int full = phi.indexOf(0, 2);
        shifted[empty] -= 0.05;
        shifted[full] += 0.05;
        assertEquals(0.05, phi.totalVariation(shifted), 1e-15);
        final long[] biased = counts.clone();
        biased[empty] -= 5_000;
        biased[full] += 5_000;
        assertTrue(phi.chiSquare(biased).pValue() < 1e-6, phi.chiSquare(biased).toString());
    }

    @Test
    void rareCellsArePooledForTheChiSquareTest() {
        final RmsBarDistribution phi = RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY, new double[] {0, 0},
            new double[] {1, 1}, new double[] {1, 1}, 1, 1000);
        final long[] counts = new long[phi.size()];
        for (int i = 0; i < phi.size(); i++) {
            counts[i] = Math.round(phi.probability(i) * 1000);
        }
        // 1000 observations: (4,0) expects 7.3 (kept), (3,0) 29, (5,0) 1.46 alone below 5: pooled, and the pool
        // of one cell (still below 5) is dropped: 9 cells, 8 degrees of freedom
        assertEquals(8, phi.chiSquare(counts).degreesOfFreedom());
    }

    @Test
    void badArgumentsAreNamed() {
        assertEquals("clock rate of type 1 must be finite and > 0: 0.0", assertThrows(IllegalArgumentException.class,
            () -> RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY, new double[] {0, 0}, new double[] {1, 0},
                new double[] {1, 1}, 1, 100)).getMessage());
        final RmsBarDistribution phi = RmsBarDistribution.ofServer(FIG1B_SIZES, FIG1B_CAPACITY, new double[] {0, 0},
            new double[] {1, 1}, new double[] {1, 1}, 1, 100);
        assertEquals("expected one value per configuration (10): 3", assertThrows(IllegalArgumentException.class,
            () -> phi.chiSquare(new long[3])).getMessage());
        assertEquals("no observations", assertThrows(IllegalArgumentException.class,
            () -> phi.chiSquare(new long[10])).getMessage());
    }
}
