package org.stowage.core.kernel.rms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Eq. (4) by hand, the replacement coin, the adaptive choice's exact probabilities, validation, no allocation. */
class RmsWeightsTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x3E1L);

    @Test
    void logarithmicWeightIsLogOnePlusQueueAboveTheFloor() {
        final RmsWeights weights = RmsWeights.logarithmic(0.5, 5);
        assertEquals(0.5 / 40, weights.floorCoefficient(), 0);
        assertEquals(Math.log(4), weights.weight(3, 3), 1e-15);
        assertEquals(Math.log(8), weights.weight(7, 100), 1e-15);
        // an empty queue gets the floor eps / (8M) f(Q_max) = (1/80) log 101
        assertEquals(Math.log(101) / 80, weights.weight(0, 100), 1e-15);
        // the floor wins over a short queue only when Q_max is astronomically long: f(1) = log 2 vs log(1+Q_max)/80
        assertEquals(Math.log(2), weights.weight(1, 1_000_000_000), 1e-15);
        assertEquals(0.0, weights.weight(0, 0), 0, "all queues empty: every weight is 0");
    }

    @Test
    void replacementProbabilityIsQueueOverOnePlusQueue() {
        final RmsWeights weights = RmsWeights.logarithmic(RmsWeights.DEFAULT_EPSILON, 3);
        for (int q = 0; q <= 1000; q += 7) {
            final int qmax = Math.max(q, 12);
            final double expected = Math.max((double) q / (1 + q), 1 - Math.pow(13, -RmsWeights.DEFAULT_EPSILON / 24));
            assertEquals(expected, weights.replacementProbability(q, qmax), 1e-14, "Q = " + q);
        }
        assertEquals(0.0, weights.replacementProbability(0, 0), 0, "no queue, no floor: a departure is never replaced");
    }

    @Test
    void coinReplacesExactlyBelowTheProbability() {
        final RmsWeights weights = RmsWeights.logarithmic(0.1, 4);
        // Q = 3: p = 3/4
        assertTrue(weights.replaces(3, 3, 0.0));
        assertTrue(weights.replaces(3, 3, 0.7499999999));
        assertFalse(weights.replaces(3, 3, 0.75));
        assertFalse(weights.replaces(3, 3, 0.99));
        assertFalse(weights.replaces(0, 0, 0.0), "p = 0: even u = 0 does not replace");
    }

    @Test
    void powerVariantIsLogToTheOneMinusB() {
        final RmsWeights weights = RmsWeights.of(0.2, 0.5, 10);
        assertEquals(Math.sqrt(Math.log(1 + 15)), weights.f(15), 1e-15);
        assertEquals(Math.sqrt(Math.log(16)), weights.weight(15, 15), 1e-15);
        assertEquals(0.2 / 80 * Math.sqrt(Math.log(1001)), weights.weight(0, 1000), 1e-15);
        assertEquals(Math.log(1 + 15), RmsWeights.of(0.2, 0, 10).f(15), 1e-15, "b = 0 is the plain logarithm");
    }

    @Test
    void adaptiveChoiceHasProbabilitiesProportionalToExpWeight() {
        final RmsWeights weights = RmsWeights.logarithmic(0.5, 2);
        final int[] queues = {0, 3, 9, 1};
        // exp(w) = 1 + Q above the floor; Q_0 = 0 gets exp((1/32) log 10) = 10^(1/32)
        final double[] expected = {Math.pow(10, 1.0 / 32), 4, 10, 2};
        double total = 0;
        for (final double e : expected) {
            total += e;
        }
        final double[] scratch = new double[4];
        final int steps = 1_000_000;
        final int[] hits = new int[4];
        for (int i = 0; i < steps; i++) {
            hits[weights.chooseAdaptive(queues, 4, (i + 0.5) / steps, scratch)]++;
        }
        for (int j = 0; j < 4; j++) {
            assertEquals(expected[j] / total, (double) hits[j] / steps, 2.0 / steps, "type " + j);
        }
        // the interval boundaries: u just below and at the first cut
        final double cut = expected[0] / total;
        assertEquals(0, weights.chooseAdaptive(queues, 4, Math.nextDown(cut) - 1e-12, scratch));
        assertEquals(1, weights.chooseAdaptive(queues, 4, cut + 1e-12, scratch));
        assertEquals(3, weights.chooseAdaptive(queues, 4, Math.nextDown(1.0), scratch));
    }

    @Test
    void adaptiveChoiceStaysFiniteForHugeQueuesAndUniformWhenAllEmpty() {
        final RmsWeights weights = RmsWeights.of(0.5, 0.2, 7);
        final double[] scratch = new double[3];
        final int[] huge = {Integer.MAX_VALUE, Integer.MAX_VALUE - 5, 0};
        final int chosen = weights.chooseAdaptive(huge, 3, 0.999, scratch);
        assertTrue(chosen >= 0 && chosen < 3);
        for (int j = 0; j < 3; j++) {
            assertTrue(Double.isFinite(scratch[j]) && scratch[j] > 0, "e_" + j + " = " + scratch[j]);
        }
        final int[] empty = {0, 0, 0};
        assertEquals(0, weights.chooseAdaptive(empty, 3, 0.3, scratch));
        assertEquals(1, weights.chooseAdaptive(empty, 3, 0.34, scratch));
        assertEquals(2, weights.chooseAdaptive(empty, 3, 0.67, scratch));
    }

    @Test
    void sameInputsGiveTheSameBitsOnRandomQueues() {
        final SplittableRandom random = new SplittableRandom(BASE_SEED);
        final RmsWeights a = RmsWeights.of(0.3, 0.25, 9);
        final RmsWeights b = RmsWeights.of(0.3, 0.25, 9);
        for (int i = 0; i < 10_000; i++) {
            final int qmax = random.nextInt(1 << 24);
            final int q = random.nextInt(qmax + 1);
            assertEquals(Double.doubleToRawLongBits(a.weight(q, qmax)), Double.doubleToRawLongBits(b.weight(q, qmax)),
                "seed " + BASE_SEED + ", Q = " + q + ", Q_max = " + qmax);
            final double w = a.weight(q, qmax);
            assertTrue(w >= a.f(q) && w >= a.floorCoefficient() * a.f(qmax), "Q = " + q + ", Q_max = " + qmax);
        }
    }

    /** The registry checks eps and b (KernelSpecTest); here they are assertions, and the tests run with -ea. */
    @Test
    void badParametersFailTheAssertions() {
        assertThrows(AssertionError.class, () -> RmsWeights.logarithmic(1.0, 3));
        assertThrows(AssertionError.class, () -> RmsWeights.of(0.1, 1.0, 3));
        assertThrows(AssertionError.class, () -> RmsWeights.logarithmic(0.1, 0));
        assertThrows(AssertionError.class, () -> RmsWeights.logarithmic(Double.NaN, 3));
    }

    @Test
    void weightsCoinsAndAdaptiveChoicesAllocateNothing() {
        final RmsWeights weights = RmsWeights.of(0.05, 0.1, 5);
        final int[] queues = {4, 0, 17, 2, 9};
        final double[] scratch = new double[5];
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long allocated = -1;
        long sink = 0;
        for (int window = 0; window < 10 && allocated != 0; window++) {
            final long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 200_000; i++) {
                queues[i % 5] = (queues[i % 5] + i) & 1023;
                final double u = (i & 0xFFFF) / 65536.0;
                sink += weights.replaces(queues[i % 5], 1023, u) ? 1 : 0;
                sink += weights.chooseAdaptive(queues, 5, u, scratch);
            }
            allocated = threads.getThreadAllocatedBytes(thread) - before;
        }
        assertEquals(0, allocated, "bytes allocated per 200,000 coins and choices (sink " + sink + ")");
    }
}
