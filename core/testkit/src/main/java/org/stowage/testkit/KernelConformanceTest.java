package org.stowage.testkit;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every check Stowage holds its own kernels to, for one kernel and its naive twin: the differential test
 * (event by event, the invariant checker on in both runs, every job finished or rejected, a scenario run
 * twice giving the same events) and zero allocation in steady state ({@link ConformanceChecks}). Extend it
 * and name both, as the registry knows them:
 * <pre>
 * class WorstFitConformanceTest extends KernelConformanceTest {
 *     WorstFitConformanceTest() {
 *         super("WF", "WF-naive");
 *     }
 * }
 * </pre>
 * The same checks one by one: {@link KernelDifferentialTest}, {@link KernelInvariantTest},
 * {@link KernelAllocationTest}.
 */
public abstract class KernelConformanceTest extends KernelDifferentialTest {
    /**
     * @param kernel the kernel's registry name
     * @param twin   its naive twin's registry name (it takes the kernel's parameters)
     */
    protected KernelConformanceTest(final String kernel, final String twin) {
        super(kernel, twin);
    }

    @TestFactory
    public Stream<DynamicTest> steadyStateDecisionsAllocateNothing() {
        return ConformanceChecks.allocationFree(kernel());
    }
}
