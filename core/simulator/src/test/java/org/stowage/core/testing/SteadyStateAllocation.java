package org.stowage.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * The zero-allocation check of the kernel tests: after warm-up, 120,000 consecutive steady-state decisions
 * of a kernel on 100 unit servers, with the workload generator and the metrics listener running, must
 * allocate exactly 0 bytes on the simulation thread, in each time mode.
 *
 * <p>Warm-up ends when the buffers have reached their high-water marks and the JIT has settled: under
 * {@code -Xint} only the first window allocates (array growth), but with the JIT a few hundred bytes can
 * appear in the first windows, when compiled code deoptimises and the interpreter rematerialises objects
 * that compiled code had scalar-replaced. So the check measures successive windows and requires one whole
 * window at exactly 0 bytes within a bounded number of tries.
 */
public final class SteadyStateAllocation {
    private static final int SERVERS = 100;
    private static final int WARMUP_DECISIONS = 100_000;
    private static final int MEASURED_DECISIONS = 120_000;
    private static final int MAX_WINDOWS = 10;

    private SteadyStateAllocation() {
    }

    /** Fails unless {@code kernel} reaches a whole window of 0 bytes with sizes U[low, 0.9] at {@code intensity}. */
    public static void assertAllocationFree(final String kernel, final double lowSize, final double intensity) {
        for (final TimeMode mode : TimeMode.values()) {
            final Units units = Units.defaults();
            final SizeDistribution sizes = SizeDistribution.uniform(units, lowSize, 0.9);
            final ServiceDistribution service = mode == TimeMode.SLOTTED
                ? ServiceDistribution.geometric(100) : ServiceDistribution.exponential(100);
            final double lambda = SyntheticWorkload.lambdaForIntensity(intensity, SERVERS, service.mean(), sizes.mean(0));
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
