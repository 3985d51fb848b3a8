package org.stowage.reproduce.fgd;

import java.util.LinkedHashMap;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.gpu.ArrivalCurves;
import org.stowage.core.gpu.FragmentationRun;
import org.stowage.core.gpu.PodSequence;
import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability;

/**
 * One experiment of the FGD evaluation kept as a sweep unit's {@link RunResult}: metrics {@code pods},
 * {@code placed}, {@code failed}, {@code failed_gpu_milli}, {@code gpus}, {@code requested_gpu_milli}; arrays
 * {@code allocation}, {@code fragment_amount} and {@code fragment_ratio}, one value per percent of arrived
 * workload, 0 to 130 (NaN where no pod arrived near it), as the artifact's analysis makes them
 * ({@link ArrivalCurves}). No arrival process to judge: the verdict is inconclusive, without buckets.
 *
 * @param pods       pods that arrived
 * @param placed     pods placed
 * @param failed     pods that fit no node on arrival
 * @param allocation GPU allocation ratio per percent arrived
 * @param amount     fragmentation as a percent of the cluster's GPUs, per percent arrived
 * @param ratio      fragmentation over idle GPUs, percent, per percent arrived
 */
record FgdRun(int pods, int placed, int failed, double[] allocation, double[] amount, double[] ratio) {
    static final Stability NO_VERDICT = Stability.of(Stability.Verdict.INCONCLUSIVE, Double.NaN, Double.NaN,
        Double.NaN, Double.NaN, 0);

    static final Metric PODS = Metric.of("pods", Metric.Unit.JOBS, "pods", "pods of the experiment's sequence");
    static final Metric PLACED = Metric.of("placed", Metric.Unit.JOBS, "pods placed", "pods that found a node");
    static final Metric FAILED = Metric.of("failed", Metric.Unit.JOBS, "pods failed", "pods that fit no node");
    static final Metric FAILED_GPU_MILLI = Metric.of("failed_gpu_milli", Metric.Unit.NUMBER, "failed GPU milli",
        "GPU milli asked by the pods that fit no node");
    static final Metric GPUS = Metric.of("gpus", Metric.Unit.NUMBER, "GPUs", "GPUs of the cluster");
    static final Metric REQUESTED_GPU_MILLI = Metric.of("requested_gpu_milli", Metric.Unit.NUMBER,
        "requested GPU milli", "GPU milli asked by every pod of the sequence");

    /** Runs {@code policy} on {@code list} tuned to 1.3 with experiment seed {@code seed}. */
    static RunResult run(final OpenbLists.Loaded list, final String policy, final long seed) {
        final PodSequence sequence = PodSequence.of(list.trace(), PodSequence.PAPER_RATIO, seed);
        final FragmentationRun.Result result = FragmentationRun.run(list.trace(), list.typical(), sequence, policy, seed);
        final Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put(PODS.name(), (double) result.pods());
        metrics.put(PLACED.name(), (double) result.placed());
        metrics.put(FAILED.name(), (double) result.failed());
        metrics.put(FAILED_GPU_MILLI.name(), (double) result.failedGpuMilli());
        metrics.put(GPUS.name(), (double) list.trace().totalGpus());
        metrics.put(REQUESTED_GPU_MILLI.name(), (double) sequence.requestedMilli());
        final Map<String, double[]> arrays = new LinkedHashMap<>();
        arrays.put("allocation", result.curves().allocationColumns());
        arrays.put("fragment_amount", result.curves().fragmentAmountColumns());
        arrays.put("fragment_ratio", result.curves().fragmentRatioColumns());
        return new RunResult(policy, metrics, NO_VERDICT, new double[0], new double[0], result.wallNanos() / 1e9, arrays);
    }

    /** A unit's result read back. */
    static FgdRun of(final RunResult kept) {
        return new FgdRun((int) kept.metric(PODS), (int) kept.metric(PLACED), (int) kept.metric(FAILED),
            kept.array("allocation"), kept.array("fragment_amount"), kept.array("fragment_ratio"));
    }

    /** Unallocated GPUs, percent of the cluster, at {@code percent} arrived. */
    double unallocated(final int percent) {
        return 100 - allocation[percent];
    }
}
