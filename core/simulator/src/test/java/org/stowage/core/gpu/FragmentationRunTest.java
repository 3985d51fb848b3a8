package org.stowage.core.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.testing.SharedTraces;
import org.stowage.core.trace.OpenbTrace;

/** The paper's experiment on the real default pod list (skipped when the trace is absent). */
class FragmentationRunTest {
    private static OpenbTrace defaultList() {
        final Path folder = SharedTraces.folder().resolve("alibaba-gpu-2023");
        assumeTrue(Files.isRegularFile(folder.resolve(OpenbTrace.GPU_NODE_FILE)),
            "the openb trace is not in " + folder + " (../shared/traces, or -Dstowage.traces=DIR)");
        return OpenbTrace.loadPodList(folder, "default");
    }

    @Test
    void fgdOnTheDefaultListAllocatesWhatTheArtifactsTenSeedsDid() {
        final OpenbTrace trace = defaultList();
        final FragmentationRun.Result fgd = FragmentationRun.run(trace, "FGD", 42);
        assertEquals(fgd.pods(), fgd.placed() + fgd.failed());
        assertTrue(fgd.pods() > 10_500, "tuned to 1.3 x 6212 GPUs: " + fgd.pods());
        assertTrue(fgd.curves().allocation(0) < 0.5, "column 0 averages the rows below 0.5% arrived");
        // the artifact's expected_results: FGD's allocation at 130% ranges over 95.27 .. 95.49 for seeds 42-51
        final double at130 = fgd.curves().allocation(130);
        assertTrue(at130 > 94.9 && at130 < 95.9, "FGD at 130%: " + at130);
        for (int a = 1; a <= 100; a++) {
            assertTrue(fgd.curves().allocation(a) <= a + 0.5, "no more allocated than arrived at " + a + "%");
        }
        final FragmentationRun.Result again = FragmentationRun.run(trace, "FGD", 42);
        assertArrayEquals(fgd.curves().allocationColumns(), again.curves().allocationColumns(), "deterministic");
    }

    @Test
    void fgdAndItsNaiveTwinPlaceEveryPodAlikeOnTheRealCluster() {
        final OpenbTrace trace = defaultList();
        final TypicalPods typical = FragmentationRun.typicalPods(trace);
        final PodSequence sequence = PodSequence.of(trace, 0.3, 5);
        final FragmentationRun.Result fast = FragmentationRun.run(trace, typical, sequence, "FGD", 5);
        final FragmentationRun.Result naive = FragmentationRun.run(trace, typical, sequence, "FGD-naive", 5);
        for (int row = 0; row < fast.curves().rows(); row++) {
            assertEquals(naive.curves().allocatedMilli(row), fast.curves().allocatedMilli(row), "row " + row);
            assertEquals(naive.curves().fragmentMilli(row), fast.curves().fragmentMilli(row), "row " + row);
        }
        assertEquals(naive.failed(), fast.failed());
    }
}
