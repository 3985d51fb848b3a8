package org.stowage.core.kernel;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.batch.Tetris;
import org.stowage.core.kernel.reference.NaiveTetris;

/**
 * The batch kernels of Hu and Li 2022 (SJF, Tetris, DJSF), each with its naive twin; see docs/DJSF.md.
 * Tetris is also the baseline of Tran et al. 2018 (LoTES) with {@code gamma=1}.
 */
final class BatchKernelCatalog {
    /** Largest accepted Tetris gamma: far beyond any weighting the papers use. */
    static final double MAX_GAMMA = 1e9;

    private BatchKernelCatalog() {
    }

    static List<KernelDefinition> definitions() {
        final List<KernelDefinition> family = new ArrayList<>();
        final KernelDefinition.Builder tetris = KernelDefinition.kernel("Tetris")
            .summary("the queued job and machine with the highest score request . free (minus gamma x predicted"
                + " service x sum of the request) placed first, re-scored after each placement; ties earliest"
                + " arrival, lowest machine")
            .paper("Hu and Li 2022 Sec. 4.1; Grandl et al. 2014; Tran et al. 2018 Sec. 5.1 with gamma=1")
            .cost("O(N D) per machine with a departure, O(A L D) for A arrivals, O(L + N D) per placement and per"
                + " machine whose cached best job it took")
            .parameter(KernelParameter.real("gamma", "weight of the work term p (r . 1) subtracted from the"
                + " alignment (0: Hu and Li 2022; 1: Tran et al. 2018)", 0, true, MAX_GAMMA, 0.0))
            .configured(parsed -> {
                final double gamma = (Double) parsed.value("gamma");
                return model -> new Tetris(gamma);
            })
            .requirements(KernelRequirements.any())
            .testVariants("", "gamma=1");
        final KernelDefinition.Builder tetrisTwin = KernelDefinition.referenceFor(tetris, "Tetris-naive")
            .configured(parsed -> {
                final double gamma = (Double) parsed.value("gamma");
                return model -> new NaiveTetris(gamma);
            });
        family.add(tetris.build());
        family.add(tetrisTwin.build());
        return family;
    }
}
