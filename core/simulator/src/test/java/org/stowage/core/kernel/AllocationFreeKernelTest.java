package org.stowage.core.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.stowage.testkit.ConformanceChecks;
import org.stowage.testkit.SteadyStateAllocation;

/**
 * Every kernel of the registry (not the naive twins) in every test variant it declares, through the
 * conformance kit's check ({@link ConformanceChecks#allocationFree}, the check a user's
 * {@code KernelAllocationTest} runs): after warm-up, 120,000 consecutive steady-state decisions in each time
 * mode it supports, with the workload generator and the metrics listener running, allocate exactly 0 bytes
 * on the simulation thread (see {@link SteadyStateAllocation}).
 */
@Tag("hot-loops")
class AllocationFreeKernelTest {

    @TestFactory
    Stream<DynamicContainer> everyKernelAllocatesNothingInSteadyState() {
        final List<DynamicContainer> kernels = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.primaryDefinitions()) {
            kernels.add(DynamicContainer.dynamicContainer(definition.name(),
                ConformanceChecks.allocationFree(definition.name())));
        }
        return kernels.stream();
    }
}
