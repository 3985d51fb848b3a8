package org.stowage.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * The partition kernels and stalling BF-J/S, like {@link AllocationFreeKernelTest}: after warm-up, 120,000
 * consecutive steady-state decisions in each time mode, with the workload generator and the metrics running,
 * allocate exactly 0 bytes on the simulation thread. Sizes U[0.01, 0.9] cover every type down to J = 10's
 * last queue; intensity 0.85 keeps VQS (the least efficient) from growing its queue without bound.
 */
class PartitionAllocationFreeTest {
    private static final int SERVERS = 100;
    private static final int WARMUP_DECISIONS = 100_000;
    private static final int MEASURED_DECISIONS = 120_000;
    private static final int MAX_WINDOWS = 10;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"VQS", "VQS-BF", "VQS:stall=0.5", "VQS-BF:J=6,stall=0.75", "BF-J/S:stall=true"})
    void steadyStateDecisionsAllocateNothing(final String kernel) {
        for (final TimeMode mode : TimeMode.values()) {
            final Units units = Units.defaults();
            final SizeDistribution sizes = SizeDistribution.uniform(units, 0.01, 0.9);
            final ServiceDistribution service = mode == TimeMode.SLOTTED
                ? ServiceDistribution.geometric(100) : ServiceDistribution.exponential(100);
            final double lambda = SyntheticWorkload.lambdaForIntensity(0.85, SERVERS, service.mean(), sizes.mean(0));
            final Arrivals arrivals = mode == TimeMode.SLOTTED
                ? Arrivals.poissonPerSlot(lambda) : Arrivals.poissonProcess(lambda);
            final Simulation simulation = Simulation.builder()
                .servers(ServerTable.homogeneous(SERVERS, units.capacityUnits(1.0)))
                .workload(new SyntheticWorkload(arrivals, sizes, service, 11))
                .scheduler(Kernels.byName(kernel).create())
                .timeMode(mode)
                .initialJobCapacity(1 << 18)
                .build();
            final RunMetrics metrics = new RunMetrics(simulation, 0, 1);
            simulation.addListener(metrics);

            final com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            final long thread = Thread.currentThread().getId();
            for (int i = 0; i < WARMUP_DECISIONS; i++) {
                simulation.step(Double.POSITIVE_INFINITY);
            }
            long allocated = -1;
            int window = 0;
            while (allocated != 0 && window < MAX_WINDOWS) {
                final long before = threads.getThreadAllocatedBytes(thread);
                for (int i = 0; i < MEASURED_DECISIONS; i++) {
                    simulation.step(Double.POSITIVE_INFINITY);
                }
                allocated = threads.getThreadAllocatedBytes(thread) - before;
                window++;
            }
            final int queued = simulation.jobs().queuedCount();
            System.out.printf("%s %s: %d decisions in window %d allocated %d bytes; %d queued at the end%n",
                kernel, mode, MEASURED_DECISIONS, window, allocated, queued);
            assertEquals(0, allocated, kernel + " " + mode + " still allocated " + allocated + " bytes per "
                + MEASURED_DECISIONS + " decisions after " + window + " windows");
            assertTrue(simulation.startedCount() > MEASURED_DECISIONS / 2, "the run must place jobs");
        }
    }
}
