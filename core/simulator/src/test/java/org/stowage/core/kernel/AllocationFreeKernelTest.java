package org.stowage.core.kernel;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.testing.SteadyStateAllocation;

/**
 * After warm-up, 120,000 consecutive steady-state decisions of each kernel, with the workload generator
 * and the metrics listener running, allocate exactly 0 bytes on the simulation thread (see
 * {@link SteadyStateAllocation}); sizes U[0.1, 0.9] at intensity 0.95, the paper's Fig. 4b setting.
 */
class AllocationFreeKernelTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"BF-J", "BF-S", "BF-J/S", "FIFO-FF"})
    void steadyStateDecisionsAllocateNothing(final String kernel) {
        SteadyStateAllocation.assertAllocationFree(kernel, 0.1, 0.95);
    }
}
