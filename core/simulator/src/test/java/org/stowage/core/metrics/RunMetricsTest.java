package org.stowage.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.bestfit.BestFitJobsServers;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;

class RunMetricsTest {

    /**
     * One server of capacity 10; job A (size 6) runs slots 0-2, job B (size 6) arrives at 1, waits until A
     * leaves at 3, runs slots 3-4. Over [0, 5): queue 1 during [1, 3) so mean 2/5; one job in service
     * throughout, so mean 1; 6 of 10 units in use, utilization 0.6; waits 0 and 2. The run covers the
     * half-open [0, 5), so B's departure at 5 is outside it: 1 completion in 5 slots.
     */
    @Test
    void exactValuesOnAHandComputedRun() {
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {0, 3, 6}, new double[] {1, 2, 6}))
            .scheduler(new BestFitJobsServers())
            .timeMode(TimeMode.SLOTTED)
            .checkInvariants(true)
            .build();
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1).trackQueues(true);
        simulation.addListener(metrics);
        simulation.runUntil(5);
        metrics.finish(5);
        assertEquals(0.4, metrics.meanQueueLength(), 1e-12);
        assertEquals(1.0, metrics.meanRunning(), 1e-12);
        assertEquals(0.6, metrics.utilization(0), 1e-12);
        assertEquals(1.0, metrics.meanWait(), 1e-12);
        assertEquals(2.0, metrics.maxWait(), 1e-12);
        assertEquals(0.2, metrics.throughput(), 1e-12);
        assertEquals(2, metrics.waitCount());
        assertEquals(1, metrics.queueCount(), "BF-J/S keeps one central queue");
        assertEquals(0.4, metrics.meanQueueLength(0), 1e-12);
        assertEquals(3.0, metrics.meanCompletionTime(), 1e-12, "A: arrived 0, left 3");
        assertEquals(3.0, metrics.makespan(), 1e-12);
        assertEquals(0.4, metrics.arrivalRate(), 1e-12, "2 arrivals in 5 slots");
    }

    /**
     * Means are exact where the histograms round: waits above 2047 slots fall in buckets two slots wide (3
     * significant digits). Job A (service 4097) runs from 0; job B (service 3) waits for it until 4097 and
     * leaves at 4100. Waits 0 and 4097, mean 2048.5; completion times 4097 and 4100, mean 4098.5.
     */
    @Test
    void meansAreExactBeyondTheHistogramsResolution() {
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {0, 4097, 6}, new double[] {0, 3, 6}))
            .scheduler(new BestFitJobsServers())
            .timeMode(TimeMode.SLOTTED)
            .build();
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1);
        simulation.addListener(metrics);
        simulation.runToCompletion();
        metrics.finish(simulation.now());
        assertEquals(2048.5, metrics.meanWait(), 1e-12);
        assertEquals(4098.5, metrics.meanCompletionTime(), 1e-12);
        assertEquals(4100, metrics.makespan(), 1e-12);
    }

    /**
     * Issue 39: the histograms answer with the top of a bucket, which may lie above every value in it (and
     * above the makespan); percentiles are capped at the exact maximum. Job A (service 4097, a bucket two
     * slots wide) alone: every percentile of its completion time and of its wait is what it was.
     */
    @Test
    void percentilesNeverExceedTheLongestValue() {
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {0, 4097, 6}, new double[] {0, 4099, 6}))
            .scheduler(new BestFitJobsServers())
            .timeMode(TimeMode.SLOTTED)
            .build();
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1);
        simulation.addListener(metrics);
        simulation.runToCompletion();
        metrics.finish(simulation.now());
        assertEquals(8196, metrics.makespan(), 1e-12);
        assertEquals(8196, metrics.maxCompletionTime(), 1e-12);
        for (final double percentile : new double[] {50, 90, 99, 99.9, 100}) {
            assertTrue(metrics.completionTimePercentile(percentile) <= metrics.makespan(), "p" + percentile + " "
                + metrics.completionTimePercentile(percentile));
            assertTrue(metrics.waitPercentile(percentile) <= metrics.maxWait(), "p" + percentile);
        }
        assertEquals(8196, metrics.completionTimePercentile(100), 1e-12, "the bucket's top would say 8199");
        assertEquals(4097, metrics.maxWait(), 1e-12);
        assertEquals(4097, metrics.waitPercentile(99.9), 1e-12);
    }

    /**
     * A batch of four jobs of size 6 at time 0 on two servers of capacity 10, services 4, 2, 3, 1 in
     * arrival order: BF-J/S starts jobs 0 and 1 at 0; job 1 leaves at 2 and job 2 starts (done at 5); job 0
     * leaves at 4 and job 3 starts (done at 5). Completion times 4, 2, 5, 5: mean 4; makespan 5; waits
     * 0, 0, 2, 4.
     */
    @Test
    void batchCompletionTimesAndMakespan() {
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(2, 10))
            .workload(new ScriptedWorkload(new double[] {0, 4, 6}, new double[] {0, 2, 6}, new double[] {0, 3, 6},
                new double[] {0, 1, 6}))
            .scheduler(new BestFitJobsServers())
            .checkInvariants(true)
            .build();
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1);
        simulation.addListener(metrics);
        simulation.runToCompletion();
        metrics.finish(simulation.now());
        assertEquals(4.0, metrics.meanCompletionTime(), 1e-12);
        assertEquals(5.0, metrics.completionTimePercentile(100), 1e-12);
        assertEquals(5.0, metrics.makespan(), 1e-12);
        assertEquals(1.5, metrics.meanWait(), 1e-12);
        // queue: 2 jobs during [0, 2), 1 during [2, 4), 0 after: integral 6 over 5 slots
        assertEquals(6.0 / 5, metrics.meanQueueLength(), 1e-12);
        assertEquals(5, metrics.queueSeries().size(), "unit buckets over [0, 5)");
        final double[] expected = {2, 2, 1, 1, 0};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], metrics.queueSeries().mean(i), 1e-12, "series bucket " + i);
        }
    }

    /**
     * The utilization defect of issue 11: one server of capacity 10, jobs of size 5 for 10 time units
     * arriving at 0 and 100, observed over [0, 200). The units in use are 5 during [0, 10) and [100, 110),
     * so utilization is (5 * 20) / (10 * 200) = 0.05, which is also mean jobs in service x size / capacity.
     * Crediting each interval with the occupancy after the event that ends it (the old bug) gave 0.45.
     */
    @Test
    void utilizationCreditsEachIntervalWithTheOccupancyDuringIt() {
        for (final TimeMode mode : TimeMode.values()) {
            final Simulation simulation = Simulation.builder()
                .servers(ServerTable.homogeneous(1, 10))
                .workload(new ScriptedWorkload(new double[] {0, 10, 5}, new double[] {100, 10, 5}))
                .scheduler(new BestFitJobsServers())
                .timeMode(mode)
                .checkInvariants(true)
                .build();
            final RunMetrics metrics = new RunMetrics(simulation, 0, 1);
            simulation.addListener(metrics);
            simulation.runUntil(200);
            metrics.finish(200);
            assertEquals(0.05, metrics.utilization(0), 1e-12, mode.toString());
            assertEquals(0.05, metrics.usefulUtilization(0), 1e-12, "no dummies: useful = all");
            assertEquals(metrics.meanRunning() * 5 / 10, metrics.utilization(0), 1e-12, "mean in service x size");
        }
    }

    /** The same with a warm-up that cuts a job's service: [5, 200) sees 5 units during [5, 10) and [100, 110). */
    @Test
    void utilizationAfterWarmupCountsOnlyTheObservedPartOfAService() {
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {0, 10, 5}, new double[] {100, 10, 5}))
            .scheduler(new BestFitJobsServers())
            .timeMode(TimeMode.CONTINUOUS)
            .build();
        final RunMetrics metrics = new RunMetrics(simulation, 5, 1);
        simulation.addListener(metrics);
        simulation.runUntil(200);
        metrics.finish(200);
        assertEquals(5.0 * 15 / (10 * 195), metrics.utilization(0), 1e-12);
    }

    @Test
    void warmupExcludesEarlierTimeAndJobs() {
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {0, 3, 6}, new double[] {1, 2, 6}))
            .scheduler(new BestFitJobsServers())
            .build();
        final RunMetrics metrics = new RunMetrics(simulation, 2, 1);
        simulation.addListener(metrics);
        simulation.runUntil(5);
        metrics.finish(5);
        // observed [2, 5): queue 1 during [2, 3) -> 1/3; only B starts after warm-up (wait 2); only A finishes inside it
        assertEquals(1.0 / 3, metrics.meanQueueLength(), 1e-12);
        assertEquals(1, metrics.waitCount());
        assertEquals(2.0, metrics.meanWait(), 1e-12);
        assertEquals(1.0 / 3, metrics.throughput(), 1e-12);
    }

    @Test
    void averagesNeedFinish() {
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {0, 3, 6}))
            .scheduler(new BestFitJobsServers())
            .build();
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1);
        assertThrows(IllegalStateException.class, metrics::meanQueueLength);
    }
}
