package org.stowage.core.kernel.gpu;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.gpu.reference.NaiveFragmentationGradientDescent;
import org.stowage.core.kernel.gpu.reference.NaiveGpuBestFit;
import org.stowage.core.kernel.gpu.reference.NaiveGpuClustering;
import org.stowage.core.kernel.gpu.reference.NaiveGpuDotProduct;
import org.stowage.core.kernel.gpu.reference.NaiveGpuPacking;
import org.stowage.core.kernel.gpu.reference.NaiveGpuRandomFit;

/**
 * The GPU-sharing policies of Weng et al., "Beware of Fragmentation: Scheduling GPU-Sharing Workloads with
 * Fragmentation Gradient Descent" (USENIX ATC 2023): FGD and the five baselines of its evaluation, as its
 * artifact (hkust-adsl/kubernetes-scheduler-simulator, {@code pkg/simulator/plugin/}) defines them with the
 * parameters of its experiments ({@code experiments/run_scripts/generate_run_scripts.py}). They run on
 * clusters with GPUs ({@link KernelRequirements#withDevices()}): resource 0 is CPU in milli-cores.
 */
public final class GpuFamily implements KernelFamily {
    private static final String PAPER = "Weng et al. ATC'23, Sec. 6 (artifact pkg/simulator/plugin/";

    @Override
    public String name() {
        return "gpu";
    }

    @Override
    public List<KernelDefinition> definitions() {
        final KernelRequirements gpus = KernelRequirements.any().withDevices();
        final List<KernelDefinition> family = new ArrayList<>();
        family.addAll(KernelDefinition.kernel("Random")
            .summary("a feasible node drawn uniformly; a GPU fraction on a GPU drawn uniformly among those that"
                + " hold it, whole GPUs the lowest-index free ones")
            .paper(PAPER + "random_score.go)")
            .cost("O(L (D + G)) per pod, two scans")
            .factory(model -> new GpuRandomFit())
            .requirements(gpus)
            .withTwin("Random-naive", model -> new NaiveGpuRandomFit()));
        family.addAll(KernelDefinition.kernel("DotProd")
            .summary("the feasible node whose free (CPU, GPU), over the largest spec, has the least dot product"
                + " with the pod's request (Tetris's alignment, merged GPU dimension); GPU best fit")
            .paper(PAPER + "dot_product_score.go, merge, max)")
            .cost("O(L D) per pod, one scan with per-node GPU sums")
            .factory(model -> new GpuDotProduct())
            .requirements(gpus)
            .withTwin("DotProd-naive", model -> new NaiveGpuDotProduct()));
        family.addAll(KernelDefinition.kernel("GpuClustering")
            .summary("the feasible node that runs only pods of the pod's GPU kind, then that kind among others,"
                + " then none, then others; the least free GPU first within each; GPU best fit")
            .paper(PAPER + "gpu_clustering_score.go)")
            .cost("O(L D) per pod, one scan with per-node kind counts")
            .factory(model -> new GpuClustering())
            .requirements(gpus)
            .withTwin("GpuClustering-naive", model -> new NaiveGpuClustering()));
        family.addAll(KernelDefinition.kernel("GpuPacking")
            .summary("a fraction on the fullest shared GPU, else free GPUs of a used node (fewest first), else"
                + " an idle node (fewest GPUs first); GPU best fit")
            .paper(PAPER + "gpu_packing_score.go)")
            .cost("O(L (D + G)) per pod, one scan")
            .factory(model -> new GpuPacking())
            .requirements(gpus)
            .withTwin("GpuPacking-naive", model -> new NaiveGpuPacking()));
        family.addAll(KernelDefinition.kernel("BestFit")
            .summary("the feasible node with the least free CPU and GPU after the pod (equal weights, over the"
                + " largest spec); GPU best fit")
            .paper(PAPER + "best_fit_score.go)")
            .cost("O(L D) per pod, one scan with per-node GPU sums")
            .factory(model -> new GpuBestFit())
            .requirements(gpus)
            .withTwin("BestFit-naive", model -> new NaiveGpuBestFit()));
        family.addAll(KernelDefinition.kernel("FGD")
            .summary("fragmentation gradient descent: the node (and GPU) where the GPU fragmentation, weighed by"
                + " the workload's typical pods, grows least; nodes in identical states share one score")
            .paper(PAPER + "fgd_score.go, gpusel FGDScore; Alg. 1)")
            .cost("O(S) per pod for S live state classes, plus one score per class and pod type not yet scored")
            .factory(model -> new FragmentationGradientDescent())
            .requirements(gpus.withPlan(TypicalPods.class))
            .withTwin("FGD-naive", model -> new NaiveFragmentationGradientDescent()));
        return family;
    }
}
