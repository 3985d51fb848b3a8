package org.stowage.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.LocalQueuesWithDummies;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.testkit.EventLog;
import org.stowage.testkit.SteadyStateAllocation;

/**
 * The SPI example kernel ({@link LocalQueuesWithDummies}): model, local FIFO queues, clocks, random streams
 * and dummy jobs together, under the invariant checker, deterministic, and allocation-free.
 */
class LocalQueuesWithDummiesTest {
    private static final double[] TYPE_SIZES = {0.2, 0.3, 0.5};

    private static Simulation simulation(final long seed, final EventLog log) {
        final Units units = Units.defaults();
        final ServerTable servers = ServerTable.homogeneous(20, units.capacityUnits(1.0));
        final double[][] vectors = new double[TYPE_SIZES.length][1];
        final int[][] sizes = new int[TYPE_SIZES.length][1];
        for (int j = 0; j < TYPE_SIZES.length; j++) {
            vectors[j][0] = TYPE_SIZES[j];
            sizes[j][0] = units.sizeUnits(TYPE_SIZES[j]);
        }
        final SizeDistribution sizeLaw = SizeDistribution.discrete(units, vectors, new double[] {1, 1, 1});
        final Model model = Model.of(servers).withJobClasses(JobClasses.types(sizes, new double[] {1, 1, 1}, null));
        final double lambda = SyntheticWorkload.lambdaForIntensity(0.7, 20, 1, sizeLaw.mean(0));
        return Simulation.builder()
            .servers(servers)
            .workload(new SyntheticWorkload(Arrivals.poissonProcess(lambda), sizeLaw, ServiceDistribution.exponential(1),
                seed, 20_000))
            .model(model)
            .scheduler(m -> new LocalQueuesWithDummies(20))
            .timeMode(TimeMode.CONTINUOUS)
            .seed(seed)
            .listener(log)
            .checkInvariants(true)
            .build();
    }

    @Test
    void runsUnderEveryInvariantWithDummiesPlacedAndReplaced() {
        final Simulation simulation = simulation(3, new EventLog());
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1000);
        simulation.addListener(metrics);
        simulation.runUntil(400);
        metrics.finish(400);
        assertTrue(simulation.dummiesPlaced() > 1000, "dummies placed: " + simulation.dummiesPlaced());
        assertTrue(simulation.dummiesCancelled() > 100, "dummies replaced by arrivals: " + simulation.dummiesCancelled());
        assertTrue(simulation.completedCount() > 5000, "jobs served: " + simulation.completedCount());
        assertTrue(metrics.utilization(0) > metrics.usefulUtilization(0), "dummies occupy capacity too");
        assertEquals(simulation.arrivedCount(), simulation.jobTable().queuedCount() + simulation.jobTable().runningCount()
            + simulation.completedCount() + simulation.rejectedCount(), "conservation over real jobs");
    }

    @Test
    void sameSeedSameEvents() {
        final EventLog first = new EventLog();
        final EventLog second = new EventLog();
        simulation(5, first).runUntil(50);
        simulation(5, second).runUntil(50);
        assertEquals(first.lines(), second.lines());
    }

    @Test
    void ticksDummiesAndLocalQueuesAllocateNothing() {
        SteadyStateAllocation.assertAllocationFree("local-queues-with-dummies", model -> new LocalQueuesWithDummies(20),
            new KernelRequirements(1, EnumSet.of(TimeMode.CONTINUOUS), false, true, null), null);
    }
}
