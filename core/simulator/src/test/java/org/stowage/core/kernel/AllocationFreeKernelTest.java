package org.stowage.core.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.stowage.core.testing.SteadyStateAllocation;

/**
 * Every kernel of the registry (not the naive twins) in every test variant it declares: after warm-up,
 * 120,000 consecutive steady-state decisions in each time mode it supports, with the workload generator and
 * the metrics listener running, allocate exactly 0 bytes on the simulation thread (see
 * {@link SteadyStateAllocation}).
 */
class AllocationFreeKernelTest {

    static Stream<Arguments> kernels() {
        final List<Arguments> cases = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.primaryDefinitions()) {
            for (final String variant : definition.testVariants()) {
                cases.add(Arguments.of(definition.name(), variant));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} [{1}]")
    @MethodSource("kernels")
    void steadyStateDecisionsAllocateNothing(final String kernel, final String variant) {
        SteadyStateAllocation.assertAllocationFree(Kernels.definition(kernel), variant);
    }
}
