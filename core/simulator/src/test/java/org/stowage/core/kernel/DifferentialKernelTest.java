package org.stowage.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.Simulation;
import org.stowage.core.model.Model;
import org.stowage.core.testing.EventLog;
import org.stowage.core.testing.Scenario;
import org.stowage.core.kernel.support.StallCounting;

/**
 * Every kernel of the registry that has a naive twin, in every test variant it declares, against that twin
 * on random scenarios within its requirements: the same arrivals, rejections, starts (job and server),
 * departures and dummy jobs, event by event, the same number of stalls, with invariants checked throughout.
 * Every failure names the scenario seed; rerun one with {@code -Dstowage.seed=N}, or change the number of
 * scenarios per kernel and variant with {@code -Dstowage.scenarios=N}.
 */
class DifferentialKernelTest {
    private static final int SCENARIOS = Integer.getInteger("stowage.scenarios", 1000);
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x5709A6EL);

    static Stream<Arguments> kernelsWithTwins() {
        final List<Arguments> cases = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.definitions()) {
            if (definition.twin() != null) {
                for (final String variant : definition.testVariants()) {
                    cases.add(Arguments.of(definition.name(), variant));
                }
            }
        }
        return cases.stream();
    }

    @Test
    void everyIndexedKernelHasATwinAndEveryTwinItsKernel() {
        for (final KernelDefinition definition : Kernels.definitions()) {
            if (definition.isReference()) {
                assertEquals(definition.name(), Kernels.definition(definition.referenceOf()).twin(), definition.name());
            }
        }
        assertFalse(kernelsWithTwins().toList().isEmpty());
    }

    @ParameterizedTest(name = "{0} [{1}] matches its naive twin")
    @MethodSource("kernelsWithTwins")
    void kernelMatchesNaiveTwinEventByEvent(final String kernel, final String variant) {
        final KernelDefinition definition = Kernels.definition(kernel);
        long events = 0;
        long starts = 0;
        long stalls = 0;
        final boolean single = System.getProperty("stowage.seed") != null;
        final int count = single ? 1 : SCENARIOS;
        for (int i = 0; i < count; i++) {
            final long seed = single ? BASE_SEED : BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final Scenario scenario = Scenario.random(seed, definition.requirements());
            final String spec = scenario.spec(kernel, variant);
            final String twinSpec = Kernels.twinOf(spec);
            final Model model = scenario.model(spec);
            final Scheduler fastKernel = Kernels.byName(spec).create(model);
            final Scheduler slowKernel = Kernels.byName(twinSpec).create(model);
            final EventLog indexed = new EventLog();
            final EventLog naive = new EventLog();
            final Simulation fast = run(scenario.simulation(fastKernel, model).listener(indexed).build(), spec, scenario);
            final Simulation slow = run(scenario.simulation(slowKernel, model).listener(naive).build(), twinSpec, scenario);
            final int difference = EventLog.firstDifference(indexed, naive);
            if (difference >= 0) {
                fail(spec + " and its naive twin diverge at event " + difference + " in scenario " + scenario
                    + "\nindexed:\n" + indexed.around(difference) + "naive:\n" + naive.around(difference));
            }
            if (fastKernel instanceof StallCounting fastStalls) {
                final long stalled = fastStalls.stallsStarted();
                assertEquals(((StallCounting) slowKernel).stallsStarted(), stalled, "stalls of " + spec + " in " + scenario);
                stalls += stalled;
            }
            assertEquals(slow.completedCount(), fast.completedCount(), scenario.toString());
            assertEquals(fast.arrivedCount(), fast.completedCount() + fast.rejectedCount(),
                "every job must finish or be rejected in " + scenario);
            events += indexed.lines().size();
            starts += fast.startedCount();
        }
        assertTrue(starts > count, "scenarios placed too few jobs to mean anything: " + starts);
        if (variant.contains("stall") && !single) {
            assertTrue(stalls > count / 10, spec(kernel, variant) + " should stall in many scenarios: " + stalls);
        }
        System.out.printf("%s [%s]: %d scenarios, %d events, %d placements, %d stalls compared%n",
            kernel, variant, count, events, starts, stalls);
    }

    @Test
    void harnessDetectsKernelsThatDecideDifferently() {
        assertTrue(divergences("BF-J/S", "", "FIFO-FF-naive", "") > 25, "BF-J/S and FIFO-FF should differ in most scenarios");
        assertTrue(divergences("VQS", "J={J}", "VQS-BF", "J={J}") > 25, "VQS and VQS-BF should differ in most scenarios");
    }

    private static int divergences(final String first, final String firstVariant, final String second,
                                   final String secondVariant) {
        int diverged = 0;
        for (int i = 0; i < 50; i++) {
            final Scenario scenario = Scenario.random(BASE_SEED + i, Kernels.definition(first).requirements());
            final EventLog a = new EventLog();
            final EventLog b = new EventLog();
            run(scenario.simulation(scenario.spec(first, firstVariant)).listener(a).build(), first, scenario);
            run(scenario.simulation(scenario.spec(second, secondVariant)).listener(b).build(), second, scenario);
            if (EventLog.firstDifference(a, b) >= 0) {
                diverged++;
            }
        }
        return diverged;
    }

    private static String spec(final String kernel, final String variant) {
        return variant.isEmpty() ? kernel : kernel + ":" + variant;
    }

    private static Simulation run(final Simulation simulation, final String kernel, final Scenario scenario) {
        try {
            simulation.runToCompletion();
        } catch (final RuntimeException | AssertionError e) {
            throw new AssertionError(kernel + " failed in scenario " + scenario + ": " + e, e);
        }
        return simulation;
    }
}
