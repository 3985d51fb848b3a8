package org.stowage.testkit;

import java.util.Objects;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Holds a kernel to its naive twin, event by event, on the scenarios and seeds Stowage's own kernels meet
 * ({@link ConformanceChecks}). Extend it and name both, as the registry knows them:
 * <pre>
 * class WorstFitTwinTest extends KernelDifferentialTest {
 *     WorstFitTwinTest() {
 *         super("WF", "WF-naive");
 *     }
 * }
 * </pre>
 */
public abstract class KernelDifferentialTest {
    private final String kernel;
    private final String twin;

    /**
     * @param kernel the kernel's registry name
     * @param twin   its naive twin's registry name (it takes the kernel's parameters)
     */
    protected KernelDifferentialTest(final String kernel, final String twin) {
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.twin = Objects.requireNonNull(twin, "twin");
    }

    /** The kernel's registry name. */
    protected final String kernel() {
        return kernel;
    }

    @TestFactory
    public Stream<DynamicTest> kernelMatchesItsTwinEventByEvent() {
        return ConformanceChecks.differential(kernel, twin);
    }
}
