package org.stowage.testkit;

import java.util.Objects;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Measures a kernel's steady-state decisions in every test variant and time mode it declares: 0 bytes over
 * 120,000 decisions on 100 servers, workload generator and metrics running ({@link SteadyStateAllocation}).
 * Extend it and name the kernel: {@code super("WF")}.
 */
public abstract class KernelAllocationTest {
    private final String kernel;

    /** @param kernel the kernel's registry name */
    protected KernelAllocationTest(final String kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    @TestFactory
    public Stream<DynamicTest> steadyStateDecisionsAllocateNothing() {
        return ConformanceChecks.allocationFree(kernel);
    }
}
