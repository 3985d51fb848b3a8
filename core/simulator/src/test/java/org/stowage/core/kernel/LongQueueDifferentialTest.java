package org.stowage.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.testkit.EventLog;

/**
 * The central-queue kernels against their naive twins with a queue past 2^16 jobs, where BF-J/S looks ahead
 * before its fills ({@code BestFitJobsServers.LOOK_AHEAD_QUEUE}), a path the random scenarios of
 * {@link DifferentialKernelTest}, whose queues stay short, never reach: an overloaded slotted cluster of 20
 * servers receiving about 800 jobs per slot, so the queue passes 65,536 jobs after about 85 slots. Event by
 * event, seed in every message.
 */
@Tag("hot-loops")
class LongQueueDifferentialTest {
    private static final int SLOTS = 130;

    @ParameterizedTest(name = "{0} seed {1}")
    @CsvSource({"BF-J/S, 11", "BF-J/S, 2026", "BF-S, 11", "FIFO-FF, 11"})
    void sameEventsAsTheNaiveTwinPastTheLookAheadThreshold(final String kernel, final long seed) {
        final EventLog indexed = run(kernel, seed);
        final EventLog naive = run(kernel + "-naive", seed);
        final int difference = EventLog.firstDifference(indexed, naive);
        assertEquals(-1, difference, () -> kernel + " seed " + seed + " differs from its naive twin at event "
            + difference + ":\n" + indexed.around(difference) + "naive:\n" + naive.around(difference));
        final long arrivals = indexed.lines().stream().filter(line -> line.startsWith("A ")).count();
        final long starts = indexed.lines().stream().filter(line -> line.startsWith("S ")).count();
        assertTrue(arrivals - starts > (1 << 16) + 10_000, kernel + " seed " + seed + ": the queue reached only "
            + (arrivals - starts) + " jobs, short of the look-ahead threshold");
    }

    private static EventLog run(final String kernel, final long seed) {
        final Units units = Units.defaults();
        final EventLog log = new EventLog();
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(20, units.capacityUnits(1.0)))
            .workload(new SyntheticWorkload(Arrivals.poissonPerSlot(800), SizeDistribution.uniform(units, 0.1, 0.9),
                ServiceDistribution.geometric(4), seed))
            .scheduler(Kernels.byName(kernel))
            .timeMode(TimeMode.SLOTTED)
            .seed(seed)
            .listener(log)
            .build();
        simulation.runUntil(SLOTS);
        return log;
    }
}
