package org.stowage.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.stowage.core.engine.Simulation;
import org.stowage.testkit.ConformanceChecks;
import org.stowage.testkit.EventLog;
import org.stowage.testkit.Scenario;

/**
 * Every kernel of the registry that has a naive twin, in every test variant it declares, against that twin
 * through the conformance kit's differential check ({@link ConformanceChecks#differential}, the check a
 * user's {@code KernelDifferentialTest} runs): random scenarios within its requirements, event by event,
 * stalls counted, invariants checked in both runs. Every failure names the scenario seed; rerun one with
 * {@code -Dstowage.seed=N}, or change the number of scenarios per kernel and variant with
 * {@code -Dstowage.scenarios=N}.
 */
@Tag("hot-loops")
class DifferentialKernelTest {
    private static final long SEED = 0x5709A6EL;

    @TestFactory
    Stream<DynamicContainer> everyIndexedKernelMatchesItsNaiveTwin() {
        final List<DynamicContainer> kernels = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.definitions()) {
            if (definition.twin() != null) {
                kernels.add(DynamicContainer.dynamicContainer(definition.name(),
                    ConformanceChecks.differential(definition.name(), definition.twin())));
            }
        }
        assertFalse(kernels.isEmpty());
        return kernels.stream();
    }

    @Test
    void everyIndexedKernelHasATwinAndEveryTwinItsKernel() {
        for (final KernelDefinition definition : Kernels.definitions()) {
            if (definition.isReference()) {
                assertEquals(definition.name(), Kernels.definition(definition.referenceOf()).twin(), definition.name());
            } else {
                assertTrue(definition.twin() != null, definition.name() + " has no naive twin");
            }
        }
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
            final Scenario scenario = Scenario.random(SEED + i, Kernels.definition(first).requirements());
            final EventLog a = new EventLog();
            final EventLog b = new EventLog();
            run(scenario.simulation(scenario.spec(first, firstVariant)).listener(a).build(), scenario);
            run(scenario.simulation(scenario.spec(second, secondVariant)).listener(b).build(), scenario);
            if (EventLog.firstDifference(a, b) >= 0) {
                diverged++;
            }
        }
        return diverged;
    }

    private static void run(final Simulation simulation, final Scenario scenario) {
        try {
            simulation.runToCompletion();
        } catch (final RuntimeException | AssertionError e) {
            throw new AssertionError(simulation.scheduler().name() + " failed in scenario " + scenario + ": " + e, e);
        }
    }
}
