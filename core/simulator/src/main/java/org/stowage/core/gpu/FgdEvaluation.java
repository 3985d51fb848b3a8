package org.stowage.core.gpu;

import java.util.List;

/**
 * The grid of the FGD evaluation (Weng et al., ATC'23, Sec. 6), as the artifact's
 * {@code experiments/run_scripts/generate_run_scripts.py} lists it: 17 pod lists, 6 policies, seeds 42 to
 * 51, each pod list tuned to 1.3 times the cluster's GPUs: 1,020 experiments. Which lists make which figure
 * comes from its {@code experiments/plot/} scripts.
 */
public final class FgdEvaluation {
    /** The six policies, in the artifact's numbering (01-Random .. 06-FGD): registry names. */
    public static final List<String> POLICIES = List.of("Random", "DotProd", "GpuClustering", "GpuPacking", "BestFit",
        "FGD");
    /** The artifact's seeds: 42 to 51. */
    public static final List<Long> SEEDS = List.of(42L, 43L, 44L, 45L, 46L, 47L, 48L, 49L, 50L, 51L);
    /** Fig. 7 and 9: the production workload. */
    public static final String DEFAULT = "default";
    /** Fig. 14: the share of CPU-only pods (5%, 10%, 20%, 25% of pods). */
    public static final List<String> NON_GPU = List.of("cpu050", "cpu100", "cpu200", "cpu250");
    /** Fig. 11: the share of GPU requests from GPU-sharing pods (40% to 100%; the artifact plots these four). */
    public static final List<String> GPU_SHARING = List.of("gpushare40", "gpushare60", "gpushare80", "gpushare100");
    /** Fig. 13: the share of pods constrained to GPU types (10% to 33%). */
    public static final List<String> GPU_TYPES = List.of("gpuspec10", "gpuspec20", "gpuspec25", "gpuspec33");
    /** Fig. 12: the share of multi-GPU pods (20% to 50%). */
    public static final List<String> MULTI_GPU = List.of("multigpu20", "multigpu30", "multigpu40", "multigpu50");
    /** The 17 pod lists of the grid, in the script's order. */
    public static final List<String> POD_LISTS = List.of(DEFAULT, "cpu050", "cpu100", "cpu200", "cpu250",
        "gpushare100", "gpushare40", "gpushare60", "gpushare80", "gpuspec10", "gpuspec20", "gpuspec25", "gpuspec33",
        "multigpu20", "multigpu30", "multigpu40", "multigpu50");

    private FgdEvaluation() {
    }

    /** Experiments in the grid: 17 x 6 x 10. */
    public static int experiments() {
        return POD_LISTS.size() * POLICIES.size() * SEEDS.size();
    }
}
