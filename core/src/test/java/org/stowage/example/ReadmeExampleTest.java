package org.stowage.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.BestFitJobsServers;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/** The README's "library example", verbatim between the markers, so it always compiles and runs. */
class ReadmeExampleTest {

    @Test
    void readmeExampleRuns() {
        // README-EXAMPLE-START
        Units units = Units.defaults();                                   // 10^6 units = capacity 1.0
        ServerTable cluster = ServerTable.homogeneous(5, units.capacityUnits(1.0));

        SizeDistribution sizes = SizeDistribution.uniform(units, 0.1, 0.9);
        ServiceDistribution service = ServiceDistribution.geometric(100);  // mean 100 slots
        double lambda = SyntheticWorkload.lambdaForIntensity(0.95, 5, service.mean(), sizes.mean(0));
        SyntheticWorkload workload = new SyntheticWorkload(Arrivals.poissonPerSlot(lambda), sizes, service, 42);

        Simulation simulation = Simulation.builder()
            .servers(cluster)
            .workload(workload)
            .scheduler(new BestFitJobsServers())                           // BF-J/S
            .timeMode(TimeMode.SLOTTED)
            .build();
        RunMetrics metrics = new RunMetrics(simulation, 10_000, 1);         // ignore the first 10,000 slots
        simulation.addListener(metrics);

        simulation.runUntil(200_000);
        metrics.finish(200_000);
        System.out.printf("mean queue %.2f, p99 wait %.0f slots, utilization %.3f, %d jobs completed%n",
            metrics.meanQueueLength(), metrics.waitPercentile(99), metrics.utilization(0), simulation.completedCount());
        // README-EXAMPLE-END

        assertTrue(metrics.meanQueueLength() >= 0);
        assertEquals(lambda * sizes.mean(0) * service.mean() / 5, metrics.utilization(0), 0.03,
            "BF-J/S carries the offered load, lambda * E[R] * E[S] / L = 0.95");
        assertEquals(simulation.arrivedCount(),
            simulation.jobs().queuedCount() + simulation.jobs().runningCount() + simulation.completedCount());
    }
}
