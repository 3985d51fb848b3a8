package org.stowage.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Seeds;

/** Sample moments within statistical tolerance (fixed seeds, tolerances of several standard errors). */
class WorkloadTest {
    private static final Units UNITS = Units.defaults();

    @ParameterizedTest(name = "lambda {0}")
    @ValueSource(doubles = {0.014, 0.3, 4.0, 30.0, 95.0})
    void poissonPerSlotHasMeanAndVarianceLambdaIncludingEmptySlots(final double lambda) {
        final long slots = 400_000;
        final SyntheticWorkload workload = new SyntheticWorkload(Arrivals.poissonPerSlot(lambda),
            SizeDistribution.uniform(UNITS, 0.1, 0.2), ServiceDistribution.deterministic(1), 5);
        final JobSpec spec = new JobSpec(1);
        long total = 0;
        double sumOfSquares = 0;
        long currentSlot = 0;
        long inSlot = 0;
        while (workload.peekArrivalTime() < slots) {
            workload.next(spec);
            final long slot = (long) spec.arrivalTime;
            assertEquals(spec.arrivalTime, Math.rint(spec.arrivalTime), "arrivals fall on whole slots");
            if (slot != currentSlot) {
                sumOfSquares += (double) inSlot * inSlot;
                inSlot = 0;
                currentSlot = slot;
            }
            inSlot++;
            total++;
        }
        sumOfSquares += (double) inSlot * inSlot;
        final double mean = (double) total / slots;
        final double variance = sumOfSquares / slots - mean * mean;
        final double standardError = Math.sqrt(lambda / slots);
        assertEquals(lambda, mean, 5 * standardError, "mean arrivals per slot");
        assertEquals(lambda, variance, 0.03 * lambda + 10 * standardError, "variance of arrivals per slot");
    }

    @Test
    void poissonProcessHasExponentialGaps() {
        final double lambda = 2.5;
        final SyntheticWorkload workload = new SyntheticWorkload(Arrivals.poissonProcess(lambda),
            SizeDistribution.uniform(UNITS, 0.1, 0.2), ServiceDistribution.exponential(1), 9, 200_000);
        final JobSpec spec = new JobSpec(1);
        double last = 0;
        double sum = 0;
        double sumOfSquares = 0;
        int n = 0;
        while (workload.peekArrivalTime() != Double.POSITIVE_INFINITY) {
            workload.next(spec);
            final double gap = spec.arrivalTime - last;
            assertTrue(gap >= 0);
            last = spec.arrivalTime;
            sum += gap;
            sumOfSquares += gap * gap;
            n++;
        }
        assertEquals(200_000, n);
        final double mean = sum / n;
        assertEquals(1 / lambda, mean, 5 * (1 / lambda) / Math.sqrt(n));
        assertEquals(1 / (lambda * lambda), sumOfSquares / n - mean * mean, 0.02 / (lambda * lambda));
    }

    @Test
    void geometricServiceHasTheRequestedMeanAndVariance() {
        final RandomGenerator random = Seeds.generator(3, Seeds.SERVICE);
        final ServiceDistribution service = ServiceDistribution.geometric(100);
        final int n = 400_000;
        double sum = 0;
        double sumOfSquares = 0;
        for (int i = 0; i < n; i++) {
            final double value = service.sample(random);
            assertTrue(value >= 1 && value == Math.rint(value), "whole slots >= 1: " + value);
            sum += value;
            sumOfSquares += value * value;
        }
        final double mean = sum / n;
        final double p = 0.01;
        final double expectedVariance = (1 - p) / (p * p);
        assertEquals(100, mean, 5 * Math.sqrt(expectedVariance / n));
        assertEquals(expectedVariance, sumOfSquares / n - mean * mean, 0.03 * expectedVariance);
    }

    @Test
    void exponentialServiceHasTheRequestedMean() {
        final RandomGenerator random = Seeds.generator(4, Seeds.SERVICE);
        final ServiceDistribution service = ServiceDistribution.exponential(3);
        final int n = 300_000;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            final double value = service.sample(random);
            assertTrue(value > 0);
            sum += value;
        }
        assertEquals(3, sum / n, 5 * 3 / Math.sqrt(n));
    }

    @Test
    void uniformSizesStayInRangeAfterRoundingUp() {
        final Units coarse = new Units(10);
        final SizeDistribution sizes = SizeDistribution.uniform(coarse, 0.1, 0.9);
        final RandomGenerator random = Seeds.generator(5, Seeds.SIZES);
        final int[] out = new int[1];
        double sum = 0;
        final int n = 200_000;
        for (int i = 0; i < n; i++) {
            sizes.sample(random, out);
            assertTrue(out[0] >= 1 && out[0] <= 9, "ceil(10 * U[0.1, 0.9]) in [1, 9]: " + out[0]);
            sum += out[0];
        }
        // E[ceil(10 U[1, 9]... )]: values 2..9 each with probability 1/8 (1 has probability 0): mean 5.5
        assertEquals(5.5, sum / n, 0.02);
        assertEquals(0.5, sizes.mean(0), 1e-12);
    }

    @Test
    void discreteSizesFollowTheirProbabilitiesAndCarryTheTypeAsClass() {
        final SizeDistribution sizes = SizeDistribution.discrete(UNITS, new double[][] {{0.2}, {0.5}}, new double[] {2, 1});
        final RandomGenerator random = Seeds.generator(6, Seeds.SIZES);
        final int[] out = new int[1];
        final int n = 300_000;
        int small = 0;
        for (int i = 0; i < n; i++) {
            final int type = sizes.sample(random, out);
            assertEquals(type == 0 ? UNITS.sizeUnits(0.2) : UNITS.sizeUnits(0.5), out[0]);
            if (type == 0) {
                small++;
            }
        }
        assertEquals(2.0 / 3, (double) small / n, 5 * Math.sqrt(2.0 / 9 / n));
        assertEquals(0.3, sizes.mean(0), 1e-12);
    }

    @Test
    void intensityFormulaIsThePapers() {
        // 2019 paper, Sec. VII-A: lambda = alpha * mu * L / E[R]; 5 servers, mean service 100, U[0.1, 0.9]
        assertEquals(0.095, SyntheticWorkload.lambdaForIntensity(0.95, 5, 100, 0.5), 1e-15);
        assertEquals(0.5, SyntheticWorkload.lambdaForIntensity(1.0, 5, 100, 0.1), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> SyntheticWorkload.lambdaForIntensity(0, 5, 100, 0.5));
    }

    @Test
    void streamsPerPurposeAreIndependentOfEachOther() {
        final SyntheticWorkload a = new SyntheticWorkload(Arrivals.poissonProcess(1),
            SizeDistribution.uniform(UNITS, 0.1, 0.9), ServiceDistribution.exponential(1), 12);
        final SyntheticWorkload b = new SyntheticWorkload(Arrivals.poissonProcess(1),
            SizeDistribution.uniform(UNITS, 0.1, 0.9), ServiceDistribution.deterministic(7), 12);
        final JobSpec specA = new JobSpec(1);
        final JobSpec specB = new JobSpec(1);
        for (int i = 0; i < 1000; i++) {
            a.next(specA);
            b.next(specB);
            assertEquals(specA.arrivalTime, specB.arrivalTime, "a different service law must not move arrivals");
            assertEquals(specA.size[0], specB.size[0], "a different service law must not move sizes");
        }
    }

    @Test
    void batchDeliversAllJobsAtTimeZeroThenEnds() {
        final SyntheticWorkload workload = new SyntheticWorkload(Arrivals.batch(3),
            SizeDistribution.uniform(UNITS, 0.1, 0.9), ServiceDistribution.deterministic(2), 1);
        final JobSpec spec = new JobSpec(1);
        for (int i = 0; i < 3; i++) {
            assertEquals(0.0, workload.peekArrivalTime());
            workload.next(spec);
        }
        assertEquals(Double.POSITIVE_INFINITY, workload.peekArrivalTime());
    }
}
