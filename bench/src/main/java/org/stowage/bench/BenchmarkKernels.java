package org.stowage.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;

/**
 * Which registered kernels the slot benchmarks can run, from the kernel registry, so that a new kernel is
 * benchmarked (and smoke-tested) without editing a list: those defined for one resource in slotted time
 * on unit servers with continuous sizes, which is the setting of {@link SteadyState}. Kernels that need
 * discrete types have benchmarks of their own; a kernel that reads a plan runs with its registry test plan.
 */
final class BenchmarkKernels {
    /**
     * Naive twins too slow for a slot benchmark: VQS-BF-naive rescans a type's queue per server it fills;
     * Tetris-naive scores every queued job on every machine per placement (O(N L D)).
     */
    static final List<String> TOO_SLOW = List.of("VQS-BF-naive", "Tetris-naive");

    private BenchmarkKernels() {
    }

    /** The kernels (not twins) a slot benchmark can run. */
    static String[] slotKernels() {
        final List<String> names = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.primaryDefinitions()) {
            if (runsInSteadyState(definition)) {
                names.add(definition.name());
            }
        }
        return names.toArray(new String[0]);
    }

    /**
     * The kernels of {@link #slotKernels()} whose naive twins a slot benchmark can time (not those too slow):
     * {@link NaiveSlotDecisionBenchmark}'s {@code kernel} values.
     */
    static String[] kernelsWithSlotTwins() {
        final List<String> names = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.primaryDefinitions()) {
            if (hasSlotTwin(definition)) {
                names.add(definition.name());
            }
        }
        return names.toArray(new String[0]);
    }

    /** Whether {@code definition} has a twin that a slot benchmark can time. */
    static boolean hasSlotTwin(final KernelDefinition definition) {
        return definition.twin() != null && runsInSteadyState(definition) && !TOO_SLOW.contains(definition.twin());
    }

    /**
     * The spec {@link NaiveSlotDecisionBenchmark} runs for {@code kernel}: the twin of an indexed kernel, with
     * its parameters ({@code VQS:J=7} runs {@code VQS-naive:J=7}), or a twin's own spec as it is.
     *
     * @throws IllegalArgumentException naming a kernel that has no twin
     */
    static String twinToRun(final String kernel) {
        return Kernels.definitionOf(kernel).isReference() ? kernel : Kernels.twinOf(kernel);
    }

    /** The model a benchmark gives {@code kernel} on {@code servers}: with its registry test plan if it reads one. */
    static Model modelFor(final String kernel, final ServerTable servers) {
        final Model model = Model.of(servers);
        final Function<Model, Object> planner = Kernels.definitionOf(kernel).testPlanner();
        return planner == null ? model : model.withPlan(planner.apply(model));
    }

    static boolean runsInSteadyState(final KernelDefinition definition) {
        final KernelRequirements requirements = definition.requirements();
        return requirements.timeModes().contains(TimeMode.SLOTTED) && !requirements.discreteTypes() && !requirements.devices()
            && (requirements.planType() == null || definition.testPlanner() != null);
    }
}
