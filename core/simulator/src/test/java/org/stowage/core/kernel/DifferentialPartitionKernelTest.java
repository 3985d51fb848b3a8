package org.stowage.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.Simulation;
import org.stowage.core.kernel.reference.NaiveStallingBestFitJobsServers;
import org.stowage.core.kernel.reference.NaiveVirtualQueues;
import org.stowage.core.testing.EventLog;
import org.stowage.core.testing.PartitionScenario;
import org.stowage.core.testing.Scenario;

/**
 * VQS, VQS-BF (plain and stalled) and stalled BF-J/S against their naive twins on thousands of random
 * scenarios: the same arrivals, rejections, starts and departures event by event, the same number of stalls,
 * invariants checked throughout. Every failure names the scenario seed; rerun one with
 * {@code -Dstowage.seed=N}.
 */
class DifferentialPartitionKernelTest {
    private static final int SCENARIOS = Integer.getInteger("stowage.scenarios", 800);
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x7A571L);

    static Stream<Arguments> kernels() {
        return Stream.of(
            Arguments.of("VQS", false),
            Arguments.of("VQS-BF", false),
            Arguments.of("VQS", true),
            Arguments.of("VQS-BF", true));
    }

    @ParameterizedTest(name = "{0} stalled={1} matches its naive twin")
    @MethodSource("kernels")
    void partitionKernelMatchesNaiveTwinEventByEvent(final String kernel, final boolean stalled) {
        long events = 0;
        long starts = 0;
        long stalls = 0;
        final boolean single = System.getProperty("stowage.seed") != null;
        final int count = single ? 1 : SCENARIOS;
        for (int i = 0; i < count; i++) {
            final long seed = single ? BASE_SEED : BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final PartitionScenario scenario = PartitionScenario.random(seed);
            final String spec = scenario.spec(kernel, stalled);
            final EventLog indexed = new EventLog();
            final EventLog naive = new EventLog();
            final Scheduler fastKernel = Kernels.byName(spec).create();
            final Scheduler slowKernel = Kernels.byName(Kernels.twinOf(spec)).create();
            final Simulation fast = run(scenario.simulation(fastKernel).listener(indexed).build(), spec, scenario);
            final Simulation slow = run(scenario.simulation(slowKernel).listener(naive).build(), Kernels.twinOf(spec), scenario);
            final int difference = EventLog.firstDifference(indexed, naive);
            if (difference >= 0) {
                fail(spec + " and its naive twin diverge at event " + difference + " in scenario " + scenario
                    + "\nindexed:\n" + indexed.around(difference) + "naive:\n" + naive.around(difference));
            }
            final long fastStalls = ((PartitionScheduler) fastKernel).stallsStarted();
            assertEquals(((NaiveVirtualQueues) slowKernel).stallsStarted(), fastStalls, "stalls in " + scenario);
            assertEquals(slow.completedCount(), fast.completedCount(), scenario.toString());
            assertEquals(fast.arrivedCount(), fast.completedCount() + fast.rejectedCount(),
                "every job must finish or be rejected in " + scenario);
            events += indexed.lines().size();
            starts += fast.startedCount();
            stalls += fastStalls;
        }
        assertTrue(starts > count, "scenarios placed too few jobs to mean anything: " + starts);
        if (stalled && !single) {
            assertTrue(stalls > count, "the stalled variant should stall often across the scenarios: " + stalls);
        }
        System.out.printf("%s stalled=%s: %d scenarios, %d events, %d placements, %d stalls compared%n",
            kernel, stalled, count, events, starts, stalls);
    }

    @Test
    void stallingBestFitJobsServersMatchesItsNaiveTwinEventByEvent() {
        long starts = 0;
        long stalls = 0;
        final boolean single = System.getProperty("stowage.seed") != null;
        final int count = single ? 1 : SCENARIOS;
        final String spec = "BF-J/S:stall=true";
        for (int i = 0; i < count; i++) {
            final long seed = single ? BASE_SEED : BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final Scenario scenario = Scenario.random(seed, 1);
            final EventLog indexed = new EventLog();
            final EventLog naive = new EventLog();
            final Scheduler fastKernel = Kernels.byName(spec).create();
            final Scheduler slowKernel = Kernels.byName(Kernels.twinOf(spec)).create();
            final Simulation fast = run(scenario.simulation(fastKernel).listener(indexed).build(), spec, scenario);
            run(scenario.simulation(slowKernel).listener(naive).build(), Kernels.twinOf(spec), scenario);
            final int difference = EventLog.firstDifference(indexed, naive);
            if (difference >= 0) {
                fail(spec + " and its naive twin diverge at event " + difference + " in scenario " + scenario
                    + "\nindexed:\n" + indexed.around(difference) + "naive:\n" + naive.around(difference));
            }
            final long fastStalls = ((StallingBestFitJobsServers) fastKernel).stallsStarted();
            assertEquals(((NaiveStallingBestFitJobsServers) slowKernel).stallsStarted(), fastStalls, "stalls in " + scenario);
            starts += fast.startedCount();
            stalls += fastStalls;
        }
        assertTrue(starts > count, "scenarios placed too few jobs to mean anything: " + starts);
        if (!single) {
            assertTrue(stalls > count / 10, "stalling BF-J/S should stall in many scenarios: " + stalls);
        }
        System.out.printf("%s: %d scenarios, %d placements, %d stalls compared%n", spec, count, starts, stalls);
    }

    @Test
    void harnessTellsVqsFromVqsBf() {
        int diverged = 0;
        for (int i = 0; i < 50; i++) {
            final PartitionScenario scenario = PartitionScenario.random(BASE_SEED + i);
            final EventLog plain = new EventLog();
            final EventLog bestFit = new EventLog();
            run(scenario.simulation(Kernels.byName(scenario.spec("VQS", false)).create()).listener(plain).build(),
                "VQS", scenario);
            run(scenario.simulation(Kernels.byName(scenario.spec("VQS-BF", false)).create()).listener(bestFit).build(),
                "VQS-BF", scenario);
            if (EventLog.firstDifference(plain, bestFit) >= 0) {
                diverged++;
            }
        }
        assertTrue(diverged > 25, "VQS and VQS-BF should differ in most scenarios; differed in " + diverged);
    }

    private static Simulation run(final Simulation simulation, final String kernel, final Object scenario) {
        try {
            simulation.runToCompletion();
        } catch (final RuntimeException | AssertionError e) {
            throw new AssertionError(kernel + " failed in scenario " + scenario + ": " + e, e);
        }
        return simulation;
    }
}
