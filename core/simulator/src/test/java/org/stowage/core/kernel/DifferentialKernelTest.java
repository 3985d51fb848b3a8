package org.stowage.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stowage.core.engine.Simulation;
import org.stowage.core.testing.EventLog;
import org.stowage.core.testing.Scenario;

/**
 * Every indexed kernel against its naive twin on thousands of random scenarios: the same arrivals,
 * rejections, starts (job and server) and departures, event by event, with invariants checked throughout.
 * Every failure names the scenario seed; rerun one with {@code -Dstowage.seed=N}.
 */
class DifferentialKernelTest {
    private static final int SCENARIOS = Integer.getInteger("stowage.scenarios", 1500);
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x5709A6EL);

    static Stream<Arguments> kernels() {
        return Stream.of(
            Arguments.of("BF-J", 3),
            Arguments.of("BF-S", 1),
            Arguments.of("BF-J/S", 1),
            Arguments.of("FIFO-FF", 3));
    }

    @ParameterizedTest(name = "{0} matches its naive twin")
    @MethodSource("kernels")
    void kernelMatchesNaiveTwinEventByEvent(final String kernel, final int maxDimensions) {
        long events = 0;
        long starts = 0;
        final boolean single = System.getProperty("stowage.seed") != null;
        final int count = single ? 1 : SCENARIOS;
        for (int i = 0; i < count; i++) {
            final long seed = single ? BASE_SEED : BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final Scenario scenario = Scenario.random(seed, maxDimensions);
            final EventLog indexed = new EventLog();
            final EventLog naive = new EventLog();
            final Simulation fast = run(scenario, kernel, indexed);
            final Simulation slow = run(scenario, Kernels.twinOf(kernel), naive);
            final int difference = EventLog.firstDifference(indexed, naive);
            if (difference >= 0) {
                fail(kernel + " and its naive twin diverge at event " + difference + " in scenario " + scenario
                    + "\nindexed:\n" + indexed.around(difference) + "naive:\n" + naive.around(difference));
            }
            assertEquals(slow.completedCount(), fast.completedCount(), scenario.toString());
            assertEquals(fast.arrivedCount(), fast.completedCount() + fast.rejectedCount(),
                "every job must finish or be rejected in " + scenario);
            events += indexed.lines().size();
            starts += fast.startedCount();
        }
        assertTrue(starts > count, "scenarios placed too few jobs to mean anything: " + starts);
        System.out.printf("%s: %d scenarios, %d events, %d placements compared%n", kernel, count, events, starts);
    }

    @org.junit.jupiter.api.Test
    void harnessDetectsKernelsThatDecideDifferently() {
        int diverged = 0;
        for (int i = 0; i < 50; i++) {
            final Scenario scenario = Scenario.random(BASE_SEED + i, 1);
            final EventLog bestFit = new EventLog();
            final EventLog firstFit = new EventLog();
            run(scenario, "BF-J/S", bestFit);
            run(scenario, "FIFO-FF-naive", firstFit);
            if (EventLog.firstDifference(bestFit, firstFit) >= 0) {
                diverged++;
            }
        }
        assertTrue(diverged > 25, "BF-J/S and FIFO-FF should differ in most scenarios; differed in " + diverged);
    }

    private static Simulation run(final Scenario scenario, final String kernel, final EventLog log) {
        final Simulation simulation = scenario.simulation(Kernels.byName(kernel).create()).listener(log).build();
        try {
            simulation.runToCompletion();
        } catch (final RuntimeException | AssertionError e) {
            throw new AssertionError(kernel + " failed in scenario " + scenario + ": " + e, e);
        }
        return simulation;
    }
}
