package org.stowage.example;

import org.stowage.testkit.KernelConformanceTest;

/**
 * FIFO-WF through the conformance kit: against its twin event by event (invariants checked, every job finished
 * or rejected, determinism) on the scenarios and seeds Stowage's kernels meet, and 0 bytes in steady state.
 */
class FifoWorstFitConformanceTest extends KernelConformanceTest {
    FifoWorstFitConformanceTest() {
        super("FIFO-WF", "FIFO-WF-naive");
    }
}
