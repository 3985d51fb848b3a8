package org.stowage.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.metrics.Stability.Verdict;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

class StabilityTest {

    @Test
    void aQueueGrowingAtAFixedFractionOfArrivalsIsUnstable() {
        final BucketSeries series = new BucketSeries(0, 100, 1024);
        final SplittableRandom random = new SplittableRandom(1);
        final double lambda = 0.1;
        for (int t = 1; t <= 100_000; t++) {
            series.add(0.02 * lambda * t + random.nextInt(20), t * 1.0); // 2% of arrivals pile up, plus noise
        }
        final Stability stability = Stability.judge(series, 0, 100_000, lambda);
        assertEquals(Verdict.UNSTABLE, stability.verdict(), stability.toString());
        assertEquals(0.02, stability.growth(), 0.002, stability.toString());
    }

    @Test
    void aStationaryNoisyQueueIsStable() {
        final BucketSeries series = new BucketSeries(0, 100, 1024);
        final SplittableRandom random = new SplittableRandom(2);
        for (int t = 1; t <= 100_000; t++) {
            series.add(50 + random.nextInt(20), t);
        }
        final Stability stability = Stability.judge(series, 0, 100_000, 0.1);
        assertEquals(Verdict.STABLE, stability.verdict(), stability.toString());
    }

    @Test
    void tooFewBucketsOrSlowWanderingIsInconclusive() {
        final BucketSeries shortSeries = new BucketSeries(0, 100, 1024);
        shortSeries.add(3, 1000);
        assertEquals(Verdict.INCONCLUSIVE, Stability.judge(shortSeries, 0, 1000, 0.1).verdict());

        // a large queue that wanders as slowly as the run is long: neither growth nor its absence is shown
        final BucketSeries wandering = new BucketSeries(0, 10, 1024);
        for (int t = 1; t <= 10_000; t++) {
            wandering.add(1000 + 800 * Math.sin(t / 2000.0), t);
        }
        final Stability stability = Stability.judge(wandering, 0, 10_000, 0.1);
        assertEquals(Verdict.INCONCLUSIVE, stability.verdict(), stability.toString());
    }

    @Test
    void anEmptyQueueWithoutArrivalsIsStable() {
        final BucketSeries series = new BucketSeries(0, 1, 1024);
        series.add(0, 5000);
        assertEquals(Verdict.STABLE, Stability.judge(series, 0, 5000, 0).verdict());
    }

    /**
     * Psychas and Ghaderi 2019, Sec. VII-A2 (Fig. 3b): one server of capacity 10, sizes 2 and 5 with 2 twice
     * as likely, Poisson arrivals 0.0306 per slot, service exactly 100 slots. BF-J/S settles on the (2, 1)
     * configuration, which serves only 0.03 jobs per slot: unstable.
     */
    @Test
    void bestFitJobsServersIsUnstableOnTheFigure3bExample() {
        final Stability stability = run("BF-J/S", 10, new double[][] {{2}, {5}}, new double[] {2, 1},
            ServiceDistribution.deterministic(100), 0.0306, 4_000_000);
        assertEquals(Verdict.UNSTABLE, stability.verdict(), stability.toString());
    }

    /**
     * Sec. VII-A1 (Fig. 3a): one unit server, sizes 0.4 and 0.6 equally likely, 0.014 per slot, geometric
     * service with mean 100. The (0.4, 0.6) configuration supports up to 0.02, so BF-J/S is stable.
     */
    @Test
    void bestFitJobsServersIsStableOnTheFigure3aExample() {
        final Stability stability = run("BF-J/S", 1, new double[][] {{0.4}, {0.6}}, new double[] {1, 1},
            ServiceDistribution.geometric(100), 0.014, 2_000_000);
        assertEquals(Verdict.STABLE, stability.verdict(), stability.toString());
    }

    private static Stability run(final String kernel, final double capacity, final double[][] sizes,
                                 final double[] weights, final ServiceDistribution service, final double lambda,
                                 final double horizon) {
        final Units units = Units.defaults();
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, units.capacityUnits(capacity)))
            .workload(new SyntheticWorkload(Arrivals.poissonPerSlot(lambda),
                SizeDistribution.discrete(units, sizes, weights), service, 3))
            .scheduler(Kernels.byName(kernel))
            .timeMode(TimeMode.SLOTTED)
            .build();
        final RunMetrics metrics = new RunMetrics(simulation, horizon / 10, 1, horizon / 2048,
            RunMetrics.DEFAULT_SERIES_CAPACITY);
        simulation.addListener(metrics);
        simulation.runUntil(horizon);
        metrics.finish(horizon);
        final Stability stability = metrics.stability();
        assertTrue(stability.buckets() > 500, stability.toString());
        return stability;
    }
}
