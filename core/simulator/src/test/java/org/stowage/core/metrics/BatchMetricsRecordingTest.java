package org.stowage.core.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;

/** A batch run's metrics kept as arrays and read back answer every question exactly as the run's own did. */
class BatchMetricsRecordingTest {
    private static final Units UNITS = Units.defaults();

    /** 300 jobs of two resources, arriving over 50 time units, under SJF on 4 machines. */
    private static BatchMetrics run(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final int count = 300;
        final double[] arrival = new double[count];
        final double[] duration = new double[count];
        final int[] sizes = new int[2 * count];
        for (int i = 0; i < count; i++) {
            arrival[i] = i < 100 ? 0 : random.nextDouble(50);
            duration[i] = 0.5 + random.nextDouble(20);
            sizes[2 * i] = UNITS.sizeUnits(0.05 + random.nextDouble(0.6));
            sizes[2 * i + 1] = UNITS.sizeUnits(0.05 + random.nextDouble(0.6));
        }
        Arrays.sort(arrival);
        final JobList jobs = JobList.of("test batch", UNITS, 2, arrival, duration, null, null, sizes);
        final ServerTable cluster = ServerTable.homogeneous(4, UNITS.capacityUnits(1.0), UNITS.capacityUnits(1.0));
        final Simulation simulation = Simulation.builder().servers(cluster)
            .workload(jobs.workload(TimeMode.CONTINUOUS, 1.0)).scheduler(Kernels.byName("SJF"))
            .timeMode(TimeMode.CONTINUOUS).build();
        final BatchMetrics metrics = new BatchMetrics(simulation.jobTable(), simulation.servers());
        simulation.addListener(metrics);
        simulation.runToCompletion();
        return metrics;
    }

    @Test
    void readBackAnswersExactlyAsTheRun() {
        final BatchMetrics live = run(7);
        final BatchMetrics kept = BatchMetrics.of(live.recording());
        assertEquals(live.jobs(), kept.jobs());
        assertEquals(live.completed(), kept.completed());
        assertEquals(live.dimensions(), kept.dimensions());
        assertEquals(live.averageJct(), kept.averageJct());
        assertEquals(live.makespan(), kept.makespan());
        for (int i = 0; i < live.jobs(); i++) {
            assertEquals(live.jct(i), kept.jct(i), "job " + i);
        }
        for (int k = 0; k <= 100; k++) {
            final double t = live.makespan() * k / 100;
            assertEquals(live.completedBy(t), kept.completedBy(t), "t = " + t);
            for (int d = 0; d < 2; d++) {
                assertEquals(live.use(t, d), kept.use(t, d), "t = " + t + ", resource " + d);
            }
        }
        for (int d = 0; d < 2; d++) {
            assertEquals(live.meanUse(d), kept.meanUse(d), "resource " + d);
        }
        final BatchMetrics other = run(8);
        assertArrayEquals(BatchMetrics.reduction(live, other), BatchMetrics.reduction(kept, BatchMetrics.of(other.recording())));
    }

    @Test
    void withoutTheUseItRefusesUseQuestionsAndAnswersTheRest() {
        final BatchMetrics live = run(3);
        final BatchMetrics kept = BatchMetrics.of(live.recording().withoutUse());
        assertEquals(live.averageJct(), kept.averageJct());
        assertThrows(IllegalStateException.class, () -> kept.use(1, 0));
        assertThrows(IllegalStateException.class, () -> kept.meanUse(0));
    }

    @Test
    void aRecordingOfMismatchedArraysIsRefused() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> new BatchMetrics.Recording(2, new double[3], new double[2], new double[1], new double[2]));
        assertEquals("inconsistent batch recording: 2 resources, 3 arrivals, 2 completions, 1 steps of 2 uses",
            error.getMessage());
    }
}
