package org.stowage.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.Simulation;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.support.StallCounting;
import org.stowage.core.model.Model;

/**
 * The checks every kernel is held to, ours and a user's alike: the abstract suites of this package
 * ({@link KernelDifferentialTest}, {@link KernelInvariantTest}, {@link KernelAllocationTest},
 * {@link KernelConformanceTest}) and Stowage's own registry-wide tests make their dynamic tests here, one
 * per test variant the kernel declares ({@link KernelDefinition#testVariants}).
 *
 * <ul>
 *   <li><b>Differential</b>: the kernel and its naive twin on the same random scenarios within the kernel's
 *       requirements ({@link Scenario}): the same arrivals, rejections, starts (job and server), departures
 *       and dummy jobs, event by event ({@link EventLog}), the same number of stalls
 *       ({@link StallCounting}), with the simulation's invariant checker on in both runs.</li>
 *   <li><b>Invariants</b>: the kernel alone on the same scenarios: capacity never exceeded, conservation,
 *       no preemption, each job placed once (the simulation's invariant checker), every job finished or
 *       rejected at the end, and the same event log when a scenario runs twice (determinism).</li>
 *   <li><b>Zero allocation</b>: 0 bytes over 120,000 steady-state decisions per time mode
 *       ({@link SteadyStateAllocation}).</li>
 * </ul>
 *
 * <p>Scenarios: {@value #DEFAULT_SCENARIOS} per kernel and variant, seeds derived from one base seed, so
 * every kernel meets the same clusters and workloads (within its requirements). Every failure names the
 * scenario and its seed; rerun one with {@code -Dstowage.seed=N}, or change the number of scenarios with
 * {@code -Dstowage.scenarios=N}.
 */
public final class ConformanceChecks {
    /** Scenarios per kernel and variant unless {@code -Dstowage.scenarios} says otherwise. */
    public static final int DEFAULT_SCENARIOS = 1000;
    /** One scenario in this many also runs a second time, for the determinism check. */
    private static final int RERUN_EVERY = 100;
    private static final long BASE_SEED = 0x5709A6EL;
    private static final long SEED_STEP = 0x9E3779B97F4A7C15L;

    private ConformanceChecks() {
    }

    /** One test per variant of {@code kernel}: it matches {@code twin} event by event (see the class comment). */
    public static Stream<DynamicTest> differential(final String kernel, final String twin) {
        final KernelDefinition indexed = Kernels.definition(kernel);
        final KernelDefinition naive = Kernels.definition(twin);
        return indexed.testVariants().stream().map(variant -> DynamicTest.dynamicTest(
            kernel + " [" + variant + "] matches " + twin + " event by event",
            () -> assertMatchesTwin(indexed, naive, variant)));
    }

    /** One test per variant of {@code kernel}: it keeps every invariant and is deterministic. */
    public static Stream<DynamicTest> invariants(final String kernel) {
        final KernelDefinition definition = Kernels.definition(kernel);
        return definition.testVariants().stream().map(variant -> DynamicTest.dynamicTest(
            kernel + " [" + variant + "] keeps every invariant", () -> assertInvariantsHold(definition, variant)));
    }

    /** One test per variant of {@code kernel}: its steady-state decisions allocate nothing. */
    public static Stream<DynamicTest> allocationFree(final String kernel) {
        final KernelDefinition definition = Kernels.definition(kernel);
        return definition.testVariants().stream().map(variant -> DynamicTest.dynamicTest(
            kernel + " [" + variant + "] allocates nothing in steady state",
            () -> SteadyStateAllocation.assertAllocationFree(definition, variant)));
    }

    /**
     * Fails unless {@code kernel} in test variant {@code variant} matches {@code twin} (given the same
     * parameters) event by event on every scenario, with invariants checked in both runs.
     */
    public static void assertMatchesTwin(final KernelDefinition kernel, final KernelDefinition twin,
                                         final String variant) {
        long events = 0;
        long starts = 0;
        long stalls = 0;
        final List<Long> seeds = seeds();
        for (int i = 0; i < seeds.size(); i++) {
            final Scenario scenario = Scenario.random(seeds.get(i), kernel.requirements());
            final String spec = scenario.spec(kernel.name(), variant);
            final String twinSpec = scenario.spec(twin.name(), variant);
            final Model model = scenario.model(kernel);
            final Scheduler fastKernel = kernel.factoryFor(spec).create(model);
            final Scheduler slowKernel = twin.factoryFor(twinSpec).create(model);
            final EventLog indexed = new EventLog();
            final EventLog naive = new EventLog();
            final Simulation fast = run(scenario, spec, fastKernel, model, indexed);
            run(scenario, twinSpec, slowKernel, model, naive);
            final int difference = EventLog.firstDifference(indexed, naive);
            if (difference >= 0) {
                fail(spec + " and " + twinSpec + " diverge at event " + difference + " in scenario " + scenario
                    + "\nindexed:\n" + indexed.around(difference) + "naive:\n" + naive.around(difference));
            }
            if (fastKernel instanceof StallCounting fastStalls) {
                final long stalled = fastStalls.stallsStarted();
                if (!(slowKernel instanceof StallCounting slowStalls)) {
                    throw new AssertionError(spec + " counts its stalls but its twin " + twinSpec + " does not");
                }
                assertEquals(slowStalls.stallsStarted(), stalled, "stalls of " + spec + " in " + scenario);
                stalls += stalled;
            }
            if (i % RERUN_EVERY == 0) {
                assertDeterministic(scenario, kernel, spec, indexed);
            }
            events += indexed.size();
            starts += fast.startedCount();
        }
        assertMeaningful(kernel.name(), variant, seeds.size(), starts);
        if (variant.contains("stall") && seeds.size() > 1) {
            assertTrue(stalls > seeds.size() / 10,
                scenarioSpec(kernel, variant) + " should stall in many scenarios: " + stalls);
        }
        System.out.printf("%s [%s]: %d scenarios, %d events, %d placements, %d stalls compared with %s%n",
            kernel.name(), variant, seeds.size(), events, starts, stalls, twin.name());
    }

    /**
     * Fails unless {@code kernel} in test variant {@code variant}, alone, keeps every invariant on every
     * scenario, finishes or rejects every job, and gives the same events when a scenario runs again.
     */
    public static void assertInvariantsHold(final KernelDefinition kernel, final String variant) {
        long starts = 0;
        final List<Long> seeds = seeds();
        for (int i = 0; i < seeds.size(); i++) {
            final Scenario scenario = Scenario.random(seeds.get(i), kernel.requirements());
            final String spec = scenario.spec(kernel.name(), variant);
            final Model model = scenario.model(kernel);
            final EventLog log = new EventLog();
            starts += run(scenario, spec, kernel.factoryFor(spec).create(model), model, log).startedCount();
            if (i % RERUN_EVERY == 0) {
                assertDeterministic(scenario, kernel, spec, log);
            }
        }
        assertMeaningful(kernel.name(), variant, seeds.size(), starts);
        System.out.printf("%s [%s]: %d scenarios, %d placements under every invariant%n", kernel.name(), variant,
            seeds.size(), starts);
    }

    /** The scenario seeds: {@code -Dstowage.seed=N} alone, or the run's number of seeds from the base seed. */
    private static List<Long> seeds() {
        final Long single = Long.getLong("stowage.seed");
        if (single != null) {
            return List.of(single);
        }
        final int count = Integer.getInteger("stowage.scenarios", DEFAULT_SCENARIOS);
        final List<Long> seeds = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            seeds.add(BASE_SEED + i * SEED_STEP);
        }
        return seeds;
    }

    /**
     * Runs {@code scheduler} on {@code scenario} to completion under the invariant checker, recording into
     * {@code log}; fails naming the spec and scenario if the run throws or leaves a job neither finished nor
     * rejected.
     */
    private static Simulation run(final Scenario scenario, final String spec, final Scheduler scheduler,
                                  final Model model, final EventLog log) {
        final Simulation simulation = scenario.simulation(scheduler, model).listener(log).build();
        log.watchDevices(simulation.devices());
        try {
            simulation.runToCompletion();
        } catch (final RuntimeException | AssertionError e) {
            throw new AssertionError(spec + " failed in scenario " + scenario + ": " + e, e);
        }
        assertEquals(simulation.arrivedCount(), simulation.completedCount() + simulation.rejectedCount(),
            spec + " must finish or reject every job in " + scenario);
        return simulation;
    }

    private static void assertDeterministic(final Scenario scenario, final KernelDefinition kernel, final String spec,
                                            final EventLog first) {
        final Model model = scenario.model(kernel);
        final EventLog again = new EventLog();
        run(scenario, spec, kernel.factoryFor(spec).create(model), model, again);
        final int difference = EventLog.firstDifference(first, again);
        if (difference >= 0) {
            fail(spec + " is not deterministic: a second run of scenario " + scenario + " differs at event "
                + difference + "\nfirst:\n" + first.around(difference) + "second:\n" + again.around(difference));
        }
    }

    private static void assertMeaningful(final String kernel, final String variant, final int scenarios,
                                         final long starts) {
        assertTrue(starts > scenarios, kernel + " [" + variant + "]: the scenarios placed too few jobs to mean"
            + " anything: " + starts);
    }

    private static String scenarioSpec(final KernelDefinition kernel, final String variant) {
        return variant.isEmpty() ? kernel.name() : kernel.name() + ":" + variant;
    }
}
