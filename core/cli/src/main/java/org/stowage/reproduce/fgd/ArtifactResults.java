package org.stowage.reproduce.fgd;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.gpu.FgdEvaluation;

/**
 * The artifact's own results, which the paper's figures were drawn from: the GPU allocation ratio at 100% of
 * arrived workload, mean and sample standard deviation over its ten seeds, for every pod list and policy of
 * the grid. Computed from {@code experiments/analysis/expected_results/analysis_allo_discrete.csv} of
 * hkust-adsl/kubernetes-scheduler-simulator (commit 8f3d641; 1,020 rows, column 100), which its README gives
 * as the results of its 1,020 experiments and its plot scripts turn into Figs. 9a and 11-14. Data, not
 * code: the numbers the claims compare ours with (docs/FGD.md).
 */
final class ArtifactResults {
    /** Per pod list: per policy (in {@link FgdEvaluation#POLICIES} order) mean then standard deviation. */
    private static final Map<String, double[]> ALLOCATION_AT_100 = build();
    /**
     * The default list's fragmentation amount (percent of the cluster's GPUs; {@code analysis_frag_discrete.csv},
     * Fig. 7) at 50%, 80% and 100% arrived, mean over the ten seeds, per policy in {@link FgdEvaluation#POLICIES}
     * order.
     */
    static final double[][] DEFAULT_FRAGMENT = {
        {15.10, 12.09, 12.11, 12.01, 10.81, 8.93},
        {15.92, 10.09, 9.36, 9.28, 8.29, 5.97},
        {13.49, 9.30, 8.21, 8.13, 7.05, 4.73}};
    /** The arrived percents of {@link #DEFAULT_FRAGMENT}'s rows. */
    static final int[] DEFAULT_FRAGMENT_AT = {50, 80, 100};

    private ArtifactResults() {
    }

    private static Map<String, double[]> build() {
        final Map<String, double[]> table = new LinkedHashMap<>();
        put(table, "default", 86.30, 0.33, 90.62, 0.19, 91.65, 0.61, 91.78, 0.53, 92.86, 0.14, 95.23, 0.11);
        put(table, "cpu050", 89.02, 0.26, 93.03, 0.19, 93.52, 0.34, 93.46, 0.32, 93.56, 0.13, 95.00, 0.11);
        put(table, "cpu100", 87.44, 0.28, 91.73, 0.27, 92.42, 0.40, 92.50, 0.42, 93.26, 0.13, 95.21, 0.14);
        put(table, "cpu200", 83.03, 0.27, 87.45, 0.61, 89.67, 0.38, 89.98, 0.48, 92.15, 0.21, 94.82, 0.16);
        put(table, "cpu250", 80.00, 0.33, 83.57, 0.45, 87.75, 0.61, 88.05, 0.68, 91.21, 0.25, 93.20, 0.29);
        put(table, "gpushare100", 78.90, 0.15, 81.98, 0.30, 82.22, 0.51, 82.13, 0.50, 84.62, 0.22, 86.64, 0.16);
        put(table, "gpushare40", 84.86, 0.34, 89.30, 0.14, 89.76, 0.62, 89.77, 0.53, 91.44, 0.20, 93.96, 0.07);
        put(table, "gpushare60", 82.81, 0.35, 86.82, 0.28, 86.90, 0.41, 87.15, 0.37, 89.06, 0.18, 91.25, 0.13);
        put(table, "gpushare80", 80.62, 0.28, 84.14, 0.19, 84.50, 0.54, 84.65, 0.50, 86.66, 0.24, 89.08, 0.11);
        put(table, "gpuspec10", 86.26, 0.25, 90.17, 0.39, 91.96, 0.71, 92.24, 0.65, 93.10, 0.21, 94.66, 0.19);
        put(table, "gpuspec20", 85.90, 0.35, 88.29, 0.17, 89.11, 0.21, 89.28, 0.25, 88.46, 0.12, 94.66, 0.13);
        put(table, "gpuspec25", 85.42, 0.34, 85.44, 0.16, 86.41, 0.29, 86.77, 0.35, 85.67, 0.20, 93.91, 0.11);
        put(table, "gpuspec33", 83.87, 0.26, 79.82, 0.25, 81.09, 0.22, 82.22, 0.39, 80.39, 0.27, 87.84, 0.18);
        put(table, "multigpu20", 86.92, 0.52, 91.85, 0.32, 93.34, 0.60, 93.50, 0.64, 93.73, 0.25, 95.53, 0.16);
        put(table, "multigpu30", 86.63, 0.47, 93.11, 0.31, 94.55, 0.32, 94.70, 0.32, 94.57, 0.24, 96.36, 0.10);
        put(table, "multigpu40", 85.38, 0.76, 94.04, 0.22, 95.35, 0.30, 95.59, 0.31, 95.10, 0.23, 96.91, 0.10);
        put(table, "multigpu50", 81.28, 0.83, 94.73, 0.20, 95.69, 0.28, 96.06, 0.31, 95.62, 0.18, 97.09, 0.11);
        return table;
    }

    private static void put(final Map<String, double[]> table, final String list, final double... values) {
        table.put(list, values);
    }

    /** The artifact's mean allocation at 100% arrived for {@code list} and {@code policy}. */
    static double meanAt100(final String list, final String policy) {
        return ALLOCATION_AT_100.get(list)[2 * FgdEvaluation.POLICIES.indexOf(policy)];
    }

    /** Its standard deviation over the ten seeds. */
    static double sdAt100(final String list, final String policy) {
        return ALLOCATION_AT_100.get(list)[2 * FgdEvaluation.POLICIES.indexOf(policy) + 1];
    }

    /** The pod lists it has (all 17 of the grid). */
    static List<String> lists() {
        return List.copyOf(ALLOCATION_AT_100.keySet());
    }
}
