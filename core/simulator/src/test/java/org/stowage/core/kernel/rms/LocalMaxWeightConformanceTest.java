package org.stowage.core.kernel.rms;

import org.junit.jupiter.api.Tag;
import org.stowage.testkit.KernelConformanceTest;

/**
 * MWR+JSQ against its naive twin through the conformance kit (the same checks DifferentialKernelTest and
 * AllocationFreeKernelTest run over the whole registry), so this kernel can be checked alone:
 * {@code -Dtest=LocalMaxWeightConformanceTest}.
 */
@Tag("hot-loops")
class LocalMaxWeightConformanceTest extends KernelConformanceTest {
    LocalMaxWeightConformanceTest() {
        super("MWR+JSQ", "MWR+JSQ-naive");
    }
}
