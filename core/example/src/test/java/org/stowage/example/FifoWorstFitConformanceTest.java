package org.stowage.example;

import org.stowage.testkit.KernelConformanceTest;

/**
 * FIFO-WF through the conformance kit: against its naive twin event by event on the scenarios and seeds
 * Stowage's own kernels meet (invariants checked, every job finished or rejected, determinism), and 0 bytes
 * allocated in steady state.
 */
class FifoWorstFitConformanceTest extends KernelConformanceTest {
    FifoWorstFitConformanceTest() {
        super("FIFO-WF", "FIFO-WF-naive");
    }
}
