package org.stowage.core.kernel;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.testing.SteadyStateAllocation;

/**
 * The partition kernels and stalling BF-J/S, like {@link AllocationFreeKernelTest}: after warm-up, 120,000
 * consecutive steady-state decisions in each time mode, with the workload generator and the metrics running,
 * allocate exactly 0 bytes on the simulation thread. Sizes U[0.01, 0.9] cover every type down to J = 10's
 * last queue; intensity 0.85 keeps VQS (the least efficient) from growing its queue without bound.
 */
class PartitionAllocationFreeTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"VQS", "VQS-BF", "VQS:stall=0.5", "VQS-BF:J=6,stall=0.75", "BF-J/S:stall=true"})
    void steadyStateDecisionsAllocateNothing(final String kernel) {
        SteadyStateAllocation.assertAllocationFree(kernel, 0.01, 0.85);
    }
}
