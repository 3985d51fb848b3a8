package org.stowage.bench;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.Kernels;

/**
 * Which registered kernels the slot benchmarks can run, from the kernel registry, so that a new kernel is
 * benchmarked (and smoke-tested) without editing a list: those defined for one resource in slotted time
 * on unit servers with continuous sizes, which is the setting of {@link SteadyState}. Kernels that need
 * discrete types or a plan have benchmarks of their own.
 */
final class BenchmarkKernels {
    /**
     * Naive twins too slow for a slot benchmark: VQS-BF-naive rescans a type's queue per server it fills;
     * Tetris-naive scores every (queued job, server) pair per placement.
     */
    private static final List<String> TOO_SLOW = List.of("VQS-BF-naive", "Tetris-naive");

    private BenchmarkKernels() {
    }

    /** The kernels (not twins) a slot benchmark can run. */
    static String[] slotKernels() {
        final List<String> names = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.primaryDefinitions()) {
            if (runsInSteadyState(definition.requirements())) {
                names.add(definition.name());
            }
        }
        return names.toArray(new String[0]);
    }

    /** The naive twins of {@link #slotKernels()}, but those too slow to time a slot. */
    static String[] naiveSlotKernels() {
        final List<String> names = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.primaryDefinitions()) {
            if (definition.twin() != null && runsInSteadyState(definition.requirements())
                && !TOO_SLOW.contains(definition.twin())) {
                names.add(definition.twin());
            }
        }
        return names.toArray(new String[0]);
    }

    private static boolean runsInSteadyState(final KernelRequirements requirements) {
        return requirements.timeModes().contains(TimeMode.SLOTTED) && !requirements.discreteTypes()
            && requirements.planType() == null;
    }
}
