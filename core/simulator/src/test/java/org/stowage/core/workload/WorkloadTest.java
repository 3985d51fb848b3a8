package org.stowage.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;

import org.apache.commons.statistics.distribution.TruncatedNormalDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.Units;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Seeds;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.state.ServerTable;

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

    @Test
    void truncatedGaussianClassesHaveTheirTruncatedMeansAndStayInTheUnitInterval() {
        // LoTES Sec. 5.4: per class and resource, mean r, coefficient of variation 0.5, truncated to [0, 1]
        final double[][] means = {{0.025, 0.6}, {0.3, 0.9}};
        final SizeDistribution sizes = SizeDistribution.truncatedNormal(UNITS, means, 0.5, new double[] {1, 3});
        assertEquals(2, sizes.classCount());
        final RandomGenerator random = Seeds.generator(21, Seeds.SIZES);
        final int[] out = new int[2];
        final int n = 400_000;
        final double[][] sums = new double[2][2];
        final double[][] sumsOfSquares = new double[2][2];
        final int[] counts = new int[2];
        for (int i = 0; i < n; i++) {
            final int k = sizes.sample(random, out);
            counts[k]++;
            for (int d = 0; d < 2; d++) {
                assertTrue(out[d] >= 0 && out[d] <= UNITS.resolution(), "truncated to [0, 1]: " + out[d]);
                final double real = UNITS.toReal(out[d]);
                sums[k][d] += real;
                sumsOfSquares[k][d] += real * real;
            }
        }
        assertEquals(0.25, (double) counts[0] / n, 5 * Math.sqrt(0.25 * 0.75 / n), "class weights 1:3");
        for (int k = 0; k < 2; k++) {
            for (int d = 0; d < 2; d++) {
                final TruncatedNormalDistribution law =
                    TruncatedNormalDistribution.of(means[k][d], 0.5 * means[k][d], 0, 1);
                final double mean = sums[k][d] / counts[k];
                final double variance = sumsOfSquares[k][d] / counts[k] - mean * mean;
                assertEquals(law.getMean(), mean, 5 * Math.sqrt(law.getVariance() / counts[k]) + 1e-6,
                    "class " + k + " resource " + d);
                assertEquals(law.getVariance(), variance, 0.03 * law.getVariance(), "class " + k + " resource " + d);
            }
        }
        final double expectedMean0 = 0.25 * TruncatedNormalDistribution
            .of(0.025, 0.0125, 0, 1).getMean() + 0.75 * TruncatedNormalDistribution.of(0.3, 0.15, 0, 1).getMean();
        assertEquals(expectedMean0, sizes.mean(0), 1e-12);
        // a mean near 1 loses mass above 1: the truncated mean is below the nominal one
        assertTrue(sizes.mean(1) < 0.25 * 0.6 + 0.75 * 0.9, "truncation at 1 lowers the mean: " + sizes.mean(1));
    }

    @Test
    void truncatedGaussianRejectsBadParametersNamingThem() {
        final IllegalArgumentException badMean = assertThrows(IllegalArgumentException.class,
            () -> SizeDistribution.truncatedNormal(UNITS, new double[][] {{1.5}}, 0.5, new double[] {1}));
        assertEquals("mean size of class 0 on resource 0 must be in (0, 1]: 1.5", badMean.getMessage());
        final IllegalArgumentException badCv = assertThrows(IllegalArgumentException.class,
            () -> SizeDistribution.truncatedNormal(UNITS, new double[][] {{0.5}}, -1, new double[] {1}));
        assertEquals("coefficient of variation must be finite and > 0: -1.0", badCv.getMessage());
    }

    @Test
    void empiricalSizesReplayObservationsUniformly() {
        final int[] observed = {10, 20, 30, 40};
        final SizeDistribution sizes = SizeDistribution.empirical(new Units(100), 2, observed);
        observed[0] = 99; // the distribution keeps its own copy
        assertEquals(0.2, sizes.mean(0), 1e-12);
        assertEquals(0.3, sizes.mean(1), 1e-12);
        final RandomGenerator random = Seeds.generator(22, Seeds.SIZES);
        final int[] out = new int[2];
        int first = 0;
        final int n = 100_000;
        for (int i = 0; i < n; i++) {
            sizes.sample(random, out);
            assertTrue((out[0] == 10 && out[1] == 20) || (out[0] == 30 && out[1] == 40), out[0] + "/" + out[1]);
            if (out[0] == 10) {
                first++;
            }
        }
        assertEquals(0.5, (double) first / n, 5 * Math.sqrt(0.25 / n));
    }

    @Test
    void perTypePoissonStreamsHaveTheirOwnRatesAndServices() {
        final double[] rates = {0.3, 0.1};
        final ServiceDistribution[] service = {ServiceDistribution.deterministic(2), ServiceDistribution.deterministic(9)};
        final SyntheticWorkload workload = SyntheticWorkload.perTypePoisson(TimeMode.SLOTTED,
            UNITS, new double[][] {{0.2}, {0.7}}, rates, service, 23);
        final JobSpec spec = new JobSpec(1);
        final long slots = 400_000;
        final long[] perType = new long[2];
        while (workload.peekArrivalTime() < slots) {
            workload.next(spec);
            perType[spec.jobClass]++;
            assertEquals(spec.jobClass == 0 ? 2.0 : 9.0, spec.serviceTime, "service of type " + spec.jobClass);
            assertEquals(UNITS.sizeUnits(spec.jobClass == 0 ? 0.2 : 0.7), spec.size[0]);
        }
        for (int j = 0; j < 2; j++) {
            assertEquals(rates[j], (double) perType[j] / slots, 5 * Math.sqrt(rates[j] / slots), "rate of type " + j);
        }
        assertThrows(IllegalArgumentException.class, () -> new SyntheticWorkload(Arrivals.poissonPerSlot(1),
            SizeDistribution.uniform(UNITS, 0.1, 0.2), service, 1, 10), "two services for one class");
    }

    @Test
    void intensityGeneralisesToHeterogeneousMultiResourceClusters() {
        final Units units = new Units(1000);
        // unit servers: the 2019 formula
        assertEquals(0.095, SyntheticWorkload.lambdaForIntensity(0.95,
            ServerTable.homogeneous(5, 1000), units, SizeDistribution.uniform(units, 0.1, 0.9),
            100), 1e-12);
        // two resources: capacities (3, 1) + (1, 1) -> totals (4, 2); mean sizes (0.5, 0.1): min(8, 20) = 8 jobs
        final ServerTable cluster =
            new ServerTable(2, new int[] {3000, 1000, 1000, 1000});
        final SizeDistribution sizes = SizeDistribution.uniform(units, new double[] {0.25, 0.05}, new double[] {0.75, 0.15});
        assertEquals(0.9 * 8 / 10, SyntheticWorkload.lambdaForIntensity(0.9, cluster, units, sizes, 10), 1e-12);
    }

    @Test
    void aWorkloadDescribesItsClassesForTheKernelsModel() {
        final Units units = new Units(1000);
        final SyntheticWorkload types = new SyntheticWorkload(Arrivals.poissonProcess(3),
            SizeDistribution.discrete(units, new double[][] {{0.2, 0.5}, {0.4, 0.1}}, new double[] {2, 1}),
            new ServiceDistribution[] {ServiceDistribution.exponential(1), ServiceDistribution.exponential(4)}, 1,
            Long.MAX_VALUE);
        final org.stowage.core.model.JobClasses classes = types.jobClasses(units);
        assertEquals(2, classes.count());
        assertTrue(classes.allExact());
        assertEquals(200, classes.exactSize(0, 0));
        assertEquals(100, classes.exactSize(1, 1));
        assertEquals(2.0, classes.arrivalRate(0), 1e-12);
        assertEquals(1.0, classes.arrivalRate(1), 1e-12);
        assertEquals(4.0, classes.meanService(1), 1e-12);

        final SyntheticWorkload gaussian = new SyntheticWorkload(Arrivals.batch(10),
            SizeDistribution.truncatedNormal(units, new double[][] {{0.5}, {0.05}}, 0.2, new double[] {1, 1}),
            ServiceDistribution.deterministic(2), 1);
        final org.stowage.core.model.JobClasses varying = gaussian.jobClasses(units);
        assertEquals(2, varying.count());
        assertTrue(!varying.hasExactSize(0));
        assertEquals(500, varying.meanSize(0, 0), 1.0, "truncation at 0 and 1 barely moves a mean of 0.5 at CV 0.2");
        assertTrue(Double.isNaN(varying.arrivalRate(0)), "a batch has no rate");
    }
}
