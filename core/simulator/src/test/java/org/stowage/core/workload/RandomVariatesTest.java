package org.stowage.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.engine.Seeds;

class RandomVariatesTest {
    /**
     * The first draws of the arrival stream of seed 7 at means below and above the chunk size, recorded
     * before the mean was bounded: bounding it must not move a single number of an existing run.
     */
    @Test
    void ordinaryMeansDrawExactlyTheNumbersTheyDrewBefore() {
        assertEquals("[0, 2, 0, 1, 1, 0, 3, 0]", firstDraws(0.5));
        assertEquals("[19, 41, 21, 32, 36, 25, 46, 29]", firstDraws(30));
        assertEquals("[43, 38, 48, 61, 47, 43, 48, 45]", firstDraws(45.5));
        assertEquals("[1015, 1027, 954, 991, 1029, 1040, 996, 1033]", firstDraws(1000));
        assertEquals("[123621, 123556, 123737, 123151, 123980, 122657, 123155, 123352]", firstDraws(123456.7));
        final RandomGenerator random = Seeds.generator(7, Seeds.ARRIVALS);
        final int[] truncated = new int[8];
        for (int i = 0; i < truncated.length; i++) {
            truncated[i] = RandomVariates.zeroTruncatedPoisson(random, 0.5);
        }
        assertEquals("[1, 3, 1, 1, 2, 1, 4, 1]", Arrays.toString(truncated));
    }

    private static String firstDraws(final double mean) {
        final RandomGenerator random = Seeds.generator(7, Seeds.ARRIVALS);
        final int[] draws = new int[8];
        for (int i = 0; i < draws.length; i++) {
            draws[i] = RandomVariates.poisson(random, mean);
        }
        return Arrays.toString(draws);
    }

    /** 10^300 used to loop forever: subtracting a chunk of 30 does not change it. */
    @ParameterizedTest
    @ValueSource(doubles = {1e300, 0x1p30 + 1e3, Double.POSITIVE_INFINITY, Double.NaN, -1})
    void aMeanOutsideTheBoundIsRefusedAtOnceNamingIt(final double mean) {
        final IllegalArgumentException error = assertTimeoutPreemptively(Duration.ofSeconds(5),
            () -> assertThrows(IllegalArgumentException.class,
                () -> RandomVariates.poisson(Seeds.generator(1, Seeds.ARRIVALS), mean)));
        assertEquals("Poisson mean must be in [0, 2^30]: " + mean, error.getMessage());
    }

    /**
     * A large mean terminates and lands within a few standard deviations of it. 2^24 rather than the
     * bound 2^30 itself, which takes about 10 s per draw (cost is linear in the mean; see the javadoc).
     */
    @ParameterizedTest(name = "mean {0}")
    @ValueSource(doubles = {0.001, 0.5, 1, 7.25, 19, 29.9, 30})
    void precomputedConstantsDrawTheSameVariatesBitForBit(final double mean) {
        final RandomGenerator plain = Seeds.generator(11, Seeds.ARRIVALS);
        final RandomGenerator hoisted = Seeds.generator(11, Seeds.ARRIVALS);
        final double[] constants = RandomVariates.zeroTruncatedPoissonConstants(mean);
        final double p = 1 - Math.exp(-mean);
        final double logFailure = RandomVariates.logFailure(p);
        for (int i = 0; i < 10_000; i++) {
            assertEquals(RandomVariates.zeroTruncatedPoisson(plain, mean),
                RandomVariates.zeroTruncatedPoisson(hoisted, mean, constants[0], constants[1]), "mean " + mean + " draw " + i);
            assertEquals(RandomVariates.failuresBeforeSuccess(plain, p),
                RandomVariates.failuresBeforeSuccess(hoisted, p, logFailure), "mean " + mean + " draw " + i);
        }
    }

    @Test
    void aLargeMeanTerminatesWithAPlausibleCount() {
        final double mean = 0x1p24;
        final int draw = assertTimeoutPreemptively(Duration.ofSeconds(30),
            () -> RandomVariates.poisson(Seeds.generator(2, Seeds.ARRIVALS), mean));
        assertTrue(Math.abs(draw - mean) < 6 * Math.sqrt(mean), "draw " + draw);
    }

    @Test
    void arrivalRatesAboveTheBoundAreRefusedNamingTheRate() {
        final IllegalArgumentException slotted = assertThrows(IllegalArgumentException.class,
            () -> Arrivals.poissonPerSlot(1e300));
        assertEquals("arrival rate per slot must be in (0, 2^30 = 1073741824]: 1.0E300", slotted.getMessage());
        final IllegalArgumentException continuous = assertThrows(IllegalArgumentException.class,
            () -> Arrivals.poissonProcess(3e9));
        assertEquals("arrival rate per time unit must be in (0, 2^30 = 1073741824]: 3.0E9", continuous.getMessage());
    }
}
