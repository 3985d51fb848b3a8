package org.stowage.reproduce.fgd;

import java.nio.file.Path;
import java.util.List;

import org.stowage.core.gpu.FgdEvaluation;
import org.stowage.reproduce.Paper;
import org.stowage.reproduce.PaperSource;

/**
 * Weng et al., "Beware of Fragmentation: Scheduling GPU-Sharing Workloads with Fragmentation Gradient
 * Descent" (USENIX ATC 2023), as its artifact (hkust-adsl/kubernetes-scheduler-simulator) runs its evaluation:
 * the six policies on 17 Alibaba openb pod lists, each tuned to 1.3 times the 6,212 GPUs of the cluster's
 * 1,213 GPU nodes, pods arriving one by one and never leaving, ten seeds ({@link FgdEvaluation}). Figs. 7 and
 * 9a share the default list's runs (one figure here, {@code fgd-fig7-9a}); Figs. 11-14 are the four sweeps
 * over the other lists; {@code all-fgd} runs the whole grid, 1,020 experiments. docs/FGD.md has the claims,
 * the evidence and the choices the artifact leaves open.
 */
public final class PaperFgd {
    /** Where the docs explain each finding. */
    static final String DOC = "docs/FGD.md";

    private PaperFgd() {
    }

    /** The FGD paper's figures for {@link org.stowage.reproduce.Figures}, found through {@link PaperSource}. */
    public static final class Source implements PaperSource {
        @Override
        public int order() {
            return 5;
        }

        @Override
        public Paper paper(final Path taskEvents) {
            return PaperFgd.paper(Path.of(OpenbLists.DEFAULT_FOLDER));
        }

        @Override
        public Paper paper(final Path taskEvents, final Path openb) {
            return PaperFgd.paper(openb != null ? openb : Path.of(OpenbLists.DEFAULT_FOLDER));
        }
    }

    /** The figures, reading the pod lists from {@code openb} (the alibaba-gpu-2023 folder) when they run. */
    public static Paper paper(final Path openb) {
        final OpenbLists lists = new OpenbLists(openb);
        return new Paper("fgd", "Weng et al. 2023 (FGD)", List.of(
            new AllocationFigure(lists),
            new UnallocatedFigure("fgd-fig11", "Fig. 11", "unallocated GPUs by share of GPU-sharing pods",
                FgdEvaluation.GPU_SHARING, List.of("gpushare100"), List.of("40%", "60%", "80%", "100%"),
                "share of GPU requests from GPU-sharing pods", lists),
            new UnallocatedFigure("fgd-fig12", "Fig. 12", "unallocated GPUs by share of multi-GPU pods",
                FgdEvaluation.MULTI_GPU, List.of("multigpu50"), List.of("20%", "30%", "40%", "50%"),
                "share of multi-GPU pods", lists),
            new UnallocatedFigure("fgd-fig13", "Fig. 13", "unallocated GPUs by share of pods limited to GPU types",
                FgdEvaluation.GPU_TYPES, List.of("gpuspec33"), List.of("10%", "20%", "25%", "33%"),
                "share of GPU pods limited to GPU types", lists),
            new UnallocatedFigure("fgd-fig14", "Fig. 14", "unallocated GPUs by share of non-GPU pods",
                FgdEvaluation.NON_GPU, List.of("cpu250"), List.of("5%", "10%", "20%", "25%"),
                "share of pods without GPUs", lists)));
    }
}
