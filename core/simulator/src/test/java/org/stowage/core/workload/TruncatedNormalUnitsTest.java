package org.stowage.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.apache.commons.statistics.distribution.TruncatedNormalDistribution;
import org.junit.jupiter.api.Test;
import org.stowage.core.Units;

/**
 * {@link TruncatedNormalUnits} against the library's inverse (its reference twin, {@code exactUnits}): random
 * draws on many laws and resolutions, then draws placed on purpose next to the u of unit boundaries, where a
 * wrong margin would show: with no margin all three tests fail; with the interpolation bound alone (no slack for
 * rounding) the boundary test fails on a narrow law (mean 1e-4, cv 0.001, resolution 2^24). Every failure names
 * the seed or the law and the draw.
 */
class TruncatedNormalUnitsTest {
    private static final double[] MEANS = {1e-4, 0.003, 0.012, 0.025, 0.04, 0.1, 0.25, 0.5, 0.77, 0.95, 1.0};
    private static final double[] CVS = {0.001, 0.02, 0.1, 0.5, 1.0, 2.5, 40.0};
    private static final int[] RESOLUTIONS = {1, 7, 100, 4096, 1_000_000, 1 << 24, Units.MAX_UNITS};

    @Test
    void randomDrawsGiveTheLibrarysUnitsOnEveryLaw() {
        long draws = 0;
        for (final double mean : MEANS) {
            for (final double cv : CVS) {
                for (final int resolution : RESOLUTIONS) {
                    final long seed = Double.doubleToLongBits(mean) * 31 + Double.doubleToLongBits(cv) * 17 + resolution;
                    final SplittableRandom random = new SplittableRandom(seed);
                    final TruncatedNormalUnits sampler = new TruncatedNormalUnits(mean, cv * mean, resolution);
                    for (int i = 0; i < 5_000; i++) {
                        final double u = random.nextDouble();
                        assertEquals(sampler.exactUnits(u), sampler.units(u), () -> "seed " + seed + ", mean " + mean
                            + ", cv " + cv + ", resolution " + resolution + ", u " + u);
                    }
                    draws += 5_000;
                }
            }
        }
        assertEquals(MEANS.length * CVS.length * RESOLUTIONS.length * 5_000L, draws);
    }

    @Test
    void millionsOfDrawsOnFig11LawsAtTheDefaultResolutionMostlyAvoidTheLibrary() {
        // Fig. 11's class means (cv 0.5) at 10^6 units: the setting the table was built for
        final double[] means = {0.011, 0.012, 0.015, 0.018, 0.022, 0.025, 0.031, 0.036, 0.040};
        final long seed = 20261126;
        final SplittableRandom random = new SplittableRandom(seed);
        long slow = 0;
        long draws = 0;
        for (final double mean : means) {
            final TruncatedNormalUnits sampler = new TruncatedNormalUnits(mean, 0.5 * mean, 1_000_000);
            for (int i = 0; i < 150_000; i++) {
                final double u = random.nextDouble();
                final int fast = sampler.fastUnits(u);
                final int exact = sampler.exactUnits(u);
                if (fast < 0) {
                    slow++;
                } else {
                    assertEquals(exact, fast, () -> "seed " + seed + ", mean " + mean + ", u " + u);
                }
                draws++;
            }
        }
        // beyond |z| = 3 on the upper side: 0.135% of a Normal; the outer cells' margins add about as much again
        final double slowShare = (double) slow / draws;
        assertTrue(slowShare > 0.0013 && slowShare < 0.01, "share of draws left to the library: " + slowShare);
    }

    @Test
    void drawsNextToUnitBoundariesGiveTheLibrarysUnits() {
        long checked = 0;
        long nearSlow = 0;
        for (final double mean : MEANS) {
            for (final double cv : CVS) {
                for (final int resolution : RESOLUTIONS) {
                    final TruncatedNormalUnits sampler = new TruncatedNormalUnits(mean, cv * mean, resolution);
                    final TruncatedNormalDistribution law = sampler.law();
                    final long seed = Double.doubleToLongBits(mean) ^ Double.doubleToLongBits(cv) ^ resolution;
                    final SplittableRandom random = new SplittableRandom(seed);
                    for (int b = 0; b < 16; b++) {
                        // a unit boundary in the bulk of the law, and the u at which the library crosses it
                        final double x = law.inverseCumulativeProbability(0.001 + 0.998 * random.nextDouble());
                        final double boundary = Math.ceil(x * resolution) / resolution;
                        final double threshold = crossing(sampler, law.cumulativeProbability(boundary));
                        for (int step = -40; step <= 40; step++) {
                            for (final double scale : new double[] {0x1p-53, 0x1p-44, 0x1p-36, 0x1p-28}) {
                                final double u = threshold + step * scale;
                                if (!(u >= 0 && u < 1)) {
                                    continue;
                                }
                                if (sampler.fastUnits(u) < 0) {
                                    nearSlow++;
                                }
                                assertEquals(sampler.exactUnits(u), sampler.units(u), () -> "mean " + mean + ", cv "
                                    + cv + ", resolution " + resolution + ", boundary " + boundary + ", u " + u);
                                checked++;
                            }
                        }
                    }
                }
            }
        }
        assertTrue(checked > 500_000, "draws checked next to boundaries: " + checked);
        // the margin is what makes these exact: right next to a boundary the table must defer to the library
        assertTrue(nearSlow > checked / 10, "draws next to boundaries answered by the library: " + nearSlow);
    }

    /**
     * The u, near {@code guess}, at which the library's units step up: bisection on the library itself, so the
     * test aims at its own boundary, not the CDF's (they differ by the library's rounding).
     */
    private static double crossing(final TruncatedNormalUnits sampler, final double guess) {
        double low = Math.max(0, guess - 1e-6);
        double high = Math.min(Math.nextDown(1.0), guess + 1e-6);
        final int target = sampler.exactUnits(high);
        if (sampler.exactUnits(low) == target) {
            return guess;
        }
        for (int i = 0; i < 80 && Math.nextUp(low) < high; i++) {
            final double middle = low + (high - low) / 2;
            if (sampler.exactUnits(middle) == target) {
                high = middle;
            } else {
                low = middle;
            }
        }
        return high;
    }
}
