package org.stowage.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.Experiments;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;

/** Every metric a run reports is declared once, in {@link Metric}, in the order a run reports them. */
class MetricTest {
    private static final Units UNITS = Units.defaults();

    /** Two resources, two job classes, per-queue averages: every family appears. */
    private static RunResult everyFamily() {
        final SizeDistribution sizes = SizeDistribution.discrete(UNITS, new double[][] {{0.2, 0.3}, {0.5, 0.1}},
            new double[] {1, 1});
        return Experiments.run(RunSpec.builder()
            .servers(ServerTable.homogeneous(4, UNITS.capacityUnits(1.0), UNITS.capacityUnits(1.0)))
            .sizes(sizes)
            .service(ServiceDistribution.geometric(10))
            .arrivals(Arrivals.poissonPerSlot(0.3))
            .horizon(2_000)
            .warmup(200)
            .perQueue(true)
            .kernel("BF-J")
            .build());
    }

    @Test
    void aRunReportsTheStandardMetricsAndTheFamiliesInTheDocumentedOrder() {
        final RunResult result = everyFamily();
        final List<String> expected = new ArrayList<>();
        for (final Metric metric : Metric.standard()) {
            expected.add(metric.name());
            if (metric.equals(Metric.MEAN_RUNNING)) {
                expected.addAll(List.of("utilization_r0", "utilization_r1", "useful_utilization_r0",
                    "useful_utilization_r1"));
            }
        }
        for (int k = 0; k < 2; k++) {
            for (final String measure : List.of("arrival_rate", "throughput", "mean_queue", "wait_mean", "jct_mean")) {
                expected.add("class_" + k + "_" + measure);
            }
        }
        expected.add("mean_queue_q0");
        assertEquals(expected, List.copyOf(result.metrics().keySet()));
        for (final String name : result.metrics().keySet()) {
            final Metric metric = Metric.named(name);
            assertEquals(name, metric.name());
            assertEquals(result.metrics().get(name), result.metric(metric));
            assertFalse(metric.meaning().isBlank(), name);
        }
        assertEquals(result.metric(Metric.utilization(1)), result.metric("utilization_r1"));
    }

    @Test
    void unitsLabelAxesForTheRunsTimeMode() {
        assertEquals("mean wait (slots)", Metric.WAIT_MEAN.axisLabel(TimeMode.SLOTTED));
        assertEquals("mean wait (time units)", Metric.WAIT_MEAN.axisLabel(TimeMode.CONTINUOUS));
        assertEquals("mean wait (h)", Metric.WAIT_MEAN.axisLabel("h"));
        assertEquals("throughput (jobs/slot)", Metric.THROUGHPUT.axisLabel(TimeMode.SLOTTED));
        assertEquals("throughput (jobs/time unit)", Metric.THROUGHPUT.axisLabel(TimeMode.CONTINUOUS));
        assertEquals("throughput (jobs/h)", Metric.THROUGHPUT.axisLabel("h"));
        assertEquals("throughput (jobs/s)", Metric.THROUGHPUT.axisLabel("s"));
        assertEquals("mean queue length (jobs)", Metric.MEAN_QUEUE.axisLabel("s"));
        assertEquals("utilization (resource 0)", Metric.utilization(0).axisLabel(TimeMode.SLOTTED));
        assertEquals(Metric.Unit.FRACTION, Metric.GROWTH.unit());
    }

    @Test
    void anUnknownNameIsRefusedNamingWhatThereIs() {
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> Metric.named("wait_avg"));
        assertTrue(unknown.getMessage().startsWith("no metric 'wait_avg'; a run reports arrived_total, completed_total,"),
            unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Metric.of("Wait Mean", Metric.Unit.TIME, "x", "y"));
        assertThrows(IllegalArgumentException.class, () -> Metric.utilization(-1));
        final IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
            () -> everyFamily().metric(Metric.meanQueueOf(5)));
        assertTrue(missing.getMessage().startsWith("no metric 'mean_queue_q5'; known: [arrived_total"),
            missing.getMessage());
    }

    @Test
    void aStudysOwnMetricEqualsByName() {
        final Metric mine = Metric.of("wait_mean", Metric.Unit.TIME, "mean wait", "the same name");
        assertEquals(Metric.WAIT_MEAN, mine);
        assertEquals(Metric.WAIT_MEAN.hashCode(), mine.hashCode());
        assertEquals("wait_mean", mine.toString());
    }
}
