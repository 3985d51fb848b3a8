package org.stowage.core.kernel.gpu;

/**
 * The node scores of the artifact's baseline policies ({@code pkg/simulator/plugin/} of
 * hkust-adsl/kubernetes-scheduler-simulator), as integers in [0, 100] the way the Kubernetes framework keeps
 * them: each formula here is the artifact's, with its constants, evaluation order and integer truncation, so
 * that the kernel and its naive twin, which both call it, agree with each other and with the artifact.
 * Resource 0 is CPU in milli-cores; GPU amounts are milli-GPU. The framework's score normalisation
 * ({@code NormalizeScore}) is left out: it maps [lowest, highest] onto [0, 100] by an increasing map that is
 * one-to-one on scores 100 or less apart, so it changes no argmax and no tie.
 */
public final class ArtifactScores {
    /** The artifact's {@code MaxSpecCpu}: the CPU that normalises scores, milli-cores. */
    public static final double MAX_SPEC_CPU = 128000;
    /** The artifact's {@code MaxSpecGpu}: the GPU milli that normalises scores. */
    public static final double MAX_SPEC_GPU = 8000;
    /** {@code framework.MaxNodeScore}. */
    public static final int MAX_NODE_SCORE = 100;

    private ArtifactScores() {
    }

    /**
     * BestFit ({@code best_fit_score.go}): {@code (1 - sum_i w_i (free_i - request_i) / maxSpec_i) x 100},
     * weights 0.5 for CPU and for the node's total free GPU milli, truncated.
     */
    public static int bestFit(final int cpuLeft, final int gpuLeft, final int cpuRequest, final int gpuRequest) {
        double score = 0;
        score += (cpuLeft - (double) cpuRequest) / MAX_SPEC_CPU * 0.5;
        score += (gpuLeft - (double) gpuRequest) / MAX_SPEC_GPU * 0.5;
        return (int) ((1.0 - score) * MAX_NODE_SCORE);
    }

    /**
     * DotProd with its experiments' settings ({@code dot_product_score.go}, {@code dimExtMethod} merge,
     * {@code normMethod} max): node (free CPU, total free GPU) and pod (CPU, total GPU) each over (MaxSpecCpu,
     * MaxSpecGpu); score {@code (1 - dot / 2) x 100}, truncated: the larger the product, the lower the score.
     */
    public static int dotProduct(final int cpuLeft, final int gpuLeft, final int cpuRequest, final int gpuRequest) {
        final double dot = cpuLeft / MAX_SPEC_CPU * (cpuRequest / MAX_SPEC_CPU)
            + gpuLeft / MAX_SPEC_GPU * (gpuRequest / MAX_SPEC_GPU);
        final double score = 1 - dot / 2;
        return (int) (MAX_NODE_SCORE * score);
    }

    /** GpuPacking case 3 ({@code gpu_packing_score.go}): every GPU of the node free: max(33 - free, free). */
    public static int packingIdleNode(final int freeGpus) {
        return Math.max(MAX_NODE_SCORE / 3 - freeGpus, freeGpus);
    }

    /** GpuPacking case 2: the pod needs {@code newGpus} free GPUs of a used node: max(50 - n, 33). */
    public static int packingFreeGpus(final int newGpus) {
        return Math.max(MAX_NODE_SCORE / 2 - newGpus, MAX_NODE_SCORE / 3);
    }

    /**
     * GpuPacking case 1: the pod fits GPUs already in use, whose free percents (free milli x 100 / 1000,
     * truncated) sum to {@code freePercents}: max(100 - freePercents / 10, 50).
     */
    public static int packingSharedGpus(final int freePercents) {
        return Math.max(MAX_NODE_SCORE - freePercents / 10, MAX_NODE_SCORE / 2);
    }

    /**
     * GpuClustering ({@code gpu_clustering_score.go}) for a GPU pod: {@code 25 (8000 - free) / 8000} (integer
     * arithmetic) plus 75 when the node runs only pods of the pod's kind, 50 when it runs that kind and
     * others, 25 when it runs no GPU pod, 0 when it runs only other kinds. Kinds: a GPU fraction, or k whole
     * GPUs for each k.
     */
    public static int clustering(final boolean sameKind, final int kinds, final int gpuLeft) {
        final int base = MAX_NODE_SCORE / 4 * ((int) MAX_SPEC_GPU - gpuLeft) / (int) MAX_SPEC_GPU;
        if (sameKind) {
            return base + (kinds == 1 ? MAX_NODE_SCORE * 3 / 4 : MAX_NODE_SCORE * 2 / 4);
        }
        return base + (kinds == 0 ? MAX_NODE_SCORE / 4 : 0);
    }
}
