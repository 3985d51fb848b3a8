package org.stowage.core.kernel.batch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The reference twin of {@link JobSetPlanner}: Algorithms 2 and 3 and the JCE order written the obvious way,
 * with lists, comparators, a brute-force optimal clustering (every placement of the G - 1 cuts between the
 * sorted distinct JCTs, each group's cost computed directly) and a list of open sets.
 */
final class NaiveBatchPlan {
    final List<List<Integer>> groups = new ArrayList<>();
    final List<List<Integer>> sets = new ArrayList<>();
    final List<Double> jce = new ArrayList<>();
    final List<Integer> rank = new ArrayList<>();

    NaiveBatchPlan(final double[] jct, final int[] sizes, final int dimensions, final long[] capacity,
                   final int requestedGroups, final DjsfOptions.GroupBoundary boundary,
                   final DjsfOptions.ResourceOrder order) {
        final int n = jct.length;
        final List<Integer> jobs = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            jobs.add(j);
        }
        jobs.sort(Comparator.<Integer>comparingDouble(j -> jct[j]).thenComparingInt(j -> j));
        final List<Double> distinct = new ArrayList<>();
        for (final int j : jobs) {
            if (distinct.isEmpty() || distinct.get(distinct.size() - 1) != jct[j]) {
                distinct.add(jct[j]);
            }
        }
        final int g = Math.min(requestedGroups, distinct.size());
        final int[] cuts = bestCuts(jobs, jct, distinct, g);
        for (int k = 0; k < g; k++) {
            final double low = distinct.get(cuts[k]);
            final double high = distinct.get(cuts[k + 1] - 1);
            final List<Integer> group = new ArrayList<>();
            for (final int j : jobs) {
                if (jct[j] >= low && jct[j] <= high) {
                    group.add(j);
                }
            }
            groups.add(group);
        }
        List<Integer> open = null;
        long[] left = null;
        for (final List<Integer> group : groups) {
            final List<Integer> sorted = new ArrayList<>(group);
            sorted.sort(Comparator.<Integer>comparingDouble(j -> key(j, sizes, dimensions, capacity, order))
                .thenComparingDouble(j -> jct[j]).thenComparingInt(j -> j));
            if (boundary == DjsfOptions.GroupBoundary.NEW_SET) {
                open = null;
            }
            for (final int j : sorted) {
                boolean fits = open != null;
                for (int d = 0; d < dimensions && fits; d++) {
                    fits = sizes[j * dimensions + d] <= left[d];
                }
                if (!fits) {
                    open = new ArrayList<>();
                    sets.add(open);
                    left = capacity.clone();
                }
                open.add(j);
                for (int d = 0; d < dimensions; d++) {
                    left[d] -= sizes[j * dimensions + d];
                }
            }
        }
        for (final List<Integer> set : sets) {
            double span = 0;
            for (final int j : set) {
                span = Math.max(span, jct[j]);
            }
            jce.add(set.size() / span);
        }
        for (int m = 0; m < sets.size(); m++) {
            rank.add(m);
        }
        rank.sort(Comparator.<Integer>comparingDouble(m -> -jce.get(m)).thenComparingInt(m -> m));
    }

    static double key(final int j, final int[] sizes, final int dimensions, final long[] capacity,
                      final DjsfOptions.ResourceOrder order) {
        double key = 0;
        for (int d = 0; d < dimensions; d++) {
            final double share = (double) sizes[j * dimensions + d] / capacity[d];
            key = order == DjsfOptions.ResourceOrder.SUM_OF_SHARES ? key + share : Math.max(key, share);
        }
        return key;
    }

    /** The least-cost placement of g - 1 cuts among the distinct values, by enumerating all of them. */
    static int[] bestCuts(final List<Integer> jobs, final double[] jct, final List<Double> distinct, final int g) {
        final int m = distinct.size();
        final int[] cuts = new int[g + 1];
        cuts[g] = m;
        final int[] best = new int[g + 1];
        final double[] bestCost = {Double.POSITIVE_INFINITY};
        enumerate(jobs, jct, distinct, cuts, 1, g, best, bestCost);
        return best;
    }

    private static void enumerate(final List<Integer> jobs, final double[] jct, final List<Double> distinct,
                                  final int[] cuts, final int k, final int g, final int[] best,
                                  final double[] bestCost) {
        final int m = distinct.size();
        if (k == g) {
            final double cost = cost(jobs, jct, distinct, cuts, g);
            if (cost < bestCost[0]) {
                bestCost[0] = cost;
                System.arraycopy(cuts, 0, best, 0, g + 1);
            }
            return;
        }
        for (int c = cuts[k - 1] + 1; c <= m - (g - k); c++) {
            cuts[k] = c;
            enumerate(jobs, jct, distinct, cuts, k + 1, g, best, bestCost);
        }
    }

    /** Sum over groups of the squared distances of the group's jobs to their mean, job by job. */
    static double cost(final List<Integer> jobs, final double[] jct, final List<Double> distinct, final int[] cuts,
                       final int g) {
        double total = 0;
        for (int k = 0; k < g; k++) {
            final double low = distinct.get(cuts[k]);
            final double high = distinct.get(cuts[k + 1] - 1);
            final List<Double> members = new ArrayList<>();
            for (final int j : jobs) {
                if (jct[j] >= low && jct[j] <= high) {
                    members.add(jct[j]);
                }
            }
            final double mean = members.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            for (final double x : members) {
                total += (x - mean) * (x - mean);
            }
        }
        return total;
    }
}
