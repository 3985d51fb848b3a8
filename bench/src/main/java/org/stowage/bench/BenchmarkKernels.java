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
    private static final List<String> TOO_SLOW = List.of("VQS-BF-naive", "Tetris-naive");

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

    /** The naive twins of {@link #slotKernels()}, but those too slow to time a slot. */
    static String[] naiveSlotKernels() {
        final List<String> names = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.primaryDefinitions()) {
            if (definition.twin() != null && runsInSteadyState(definition)
                && !TOO_SLOW.contains(definition.twin())) {
                names.add(definition.twin());
            }
        }
        return names.toArray(new String[0]);
    }

    /** The model a benchmark gives {@code kernel} on {@code servers}: with its registry test plan if it reads one. */
    static Model modelFor(final String kernel, final ServerTable servers) {
        final Model model = Model.of(servers);
        final Function<Model, Object> planner = Kernels.definitionOf(kernel).testPlanner();
        return planner == null ? model : model.withPlan(planner.apply(model));
    }

    private static boolean runsInSteadyState(final KernelDefinition definition) {
        final KernelRequirements requirements = definition.requirements();
        return requirements.timeModes().contains(TimeMode.SLOTTED) && !requirements.discreteTypes() && !requirements.devices()
            && (requirements.planType() == null || definition.testPlanner() != null);
    }
}
