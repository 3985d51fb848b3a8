package org.stowage.testkit;

import java.util.Objects;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs a kernel alone under the simulation's invariant checker (capacity, conservation, no preemption, each
 * job placed once), on the scenarios and seeds Stowage's own kernels meet, and checks that every job
 * finishes or is rejected and that a scenario run twice gives the same events ({@link ConformanceChecks}).
 * The check for a kernel that has no twin yet: {@link KernelDifferentialTest} makes the same checks in
 * both of its runs, so a kernel with a twin needs only that. Extend it and name the kernel:
 * {@code super("WF")}.
 */
public abstract class KernelInvariantTest {
    private final String kernel;

    /** @param kernel the kernel's registry name */
    protected KernelInvariantTest(final String kernel) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
    }

    @TestFactory
    public Stream<DynamicTest> kernelKeepsEveryInvariant() {
        return ConformanceChecks.invariants(kernel);
    }
}
