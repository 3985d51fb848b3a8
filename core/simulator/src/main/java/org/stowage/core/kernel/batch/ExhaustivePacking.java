package org.stowage.core.kernel.batch;

import java.util.Arrays;

/**
 * The job packing problem of Hu and Li 2022, Sec. 4.2 (Eq. (6)-(11)), solved by exhaustive search for
 * small batches, to measure how far Algorithm 3 is from the optimum.
 *
 * <h2>The number of sets must be fixed</h2>
 * As printed, Eq. (6) maximises the sum of JCE_m = N_m / T_m over any partition, and that is always won by
 * singletons: a set's N_m / T_m is at most the sum of 1 / JCT_n over its jobs, since each JCT_n &lt;= T_m.
 * The paper's M (the number of job sets) must therefore be read as given. {@link #best} takes M: the
 * number of sets Algorithm 3 made (to compare like with like), or {@link #minimumSets} (the fewest sets
 * that satisfy Eq. (11), i.e. the densest packing, which is what "as many jobs as possible" in a set
 * aims at). In Sec. 4.3's example (six jobs of size 0.5, C = 1, JCTs 1, 2, 5, 6, 9, 10) the optimum with
 * M = 3 is the aligned packing, 2/2 + 2/6 + 2/10 = 1.533.
 *
 * <h2>Search</h2>
 * Every set partition of the n &lt;= {@value #MAX_JOBS} jobs (Bell(8) = 4140) as a restricted growth string
 * (job 0 in set 0; job i in one of the sets used so far or the next new one), pruned as soon as a set
 * exceeds C on a resource. Ties go to the first partition in that order. A reference tool, not a kernel: it
 * allocates a few small arrays per call.
 */
public final class ExhaustivePacking {
    /** Largest batch searched. */
    public static final int MAX_JOBS = 8;

    private ExhaustivePacking() {
    }

    /**
     * The largest total JCE (Eq. (6)) over partitions of the jobs into exactly {@code sets} job sets that
     * satisfy Eq. (11).
     *
     * @param assignment receives the best partition: the set (0-based, in order of first job) of each job
     * @return the optimum, or {@link Double#NaN} when no partition into that many feasible sets exists
     */
    public static double best(final int n, final double[] jct, final int[] sizes, final int dimensions,
                              final long[] capacity, final int sets, final int[] assignment) {
        check(n, jct, dimensions, capacity);
        if (sets < 1 || sets > n) {
            throw new IllegalArgumentException("number of job sets must be in [1, " + n + "]: " + sets);
        }
        final Search search = new Search(n, jct, sizes, dimensions, capacity, sets);
        search.run(0, 0);
        if (search.bestLabels == null) {
            return Double.NaN;
        }
        System.arraycopy(search.bestLabels, 0, assignment, 0, n);
        return search.bestValue;
    }

    /** The fewest job sets into which the jobs can be partitioned under Eq. (11). */
    public static int minimumSets(final int n, final int[] sizes, final int dimensions, final long[] capacity) {
        final double[] ones = new double[n];
        Arrays.fill(ones, 1.0);
        check(n, ones, dimensions, capacity);
        final int[] labels = new int[n];
        for (int sets = 1; sets <= n; sets++) {
            if (!Double.isNaN(best(n, ones, sizes, dimensions, capacity, sets, labels))) {
                return sets;
            }
        }
        throw new AssertionError("singletons are feasible once each job fits");
    }

    /** Eq. (6)-(9) for a given partition: the sum over sets of (jobs in the set) / (longest JCT in it). */
    public static double totalJce(final int n, final double[] jct, final int[] assignment) {
        int sets = 0;
        for (int j = 0; j < n; j++) {
            sets = Math.max(sets, assignment[j] + 1);
        }
        final int[] count = new int[sets];
        final double[] span = new double[sets];
        for (int j = 0; j < n; j++) {
            count[assignment[j]]++;
            span[assignment[j]] = Math.max(span[assignment[j]], jct[j]);
        }
        double total = 0;
        for (int m = 0; m < sets; m++) {
            if (count[m] > 0) {
                total += Jce.of(count[m], span[m]);
            }
        }
        return total;
    }

    private static void check(final int n, final double[] jct, final int dimensions, final long[] capacity) {
        if (n < 1 || n > MAX_JOBS) {
            throw new IllegalArgumentException("exhaustive packing takes 1 to " + MAX_JOBS + " jobs: " + n);
        }
        JctClustering.checkCapacity(dimensions, capacity);
        for (int j = 0; j < n; j++) {
            if (!(jct[j] > 0) || Double.isInfinite(jct[j])) {
                throw new IllegalArgumentException("JCT of job " + j + " must be finite and > 0: " + jct[j]);
            }
        }
    }

    /** One search: the labels and each set's load, updated incrementally along the recursion. */
    private static final class Search {
        private final int n;
        private final double[] jct;
        private final int[] sizes;
        private final int dimensions;
        private final long[] capacity;
        private final int sets;
        private final int[] labels;
        private final long[] load;
        private double bestValue = Double.NEGATIVE_INFINITY;
        private int[] bestLabels;

        Search(final int n, final double[] jct, final int[] sizes, final int dimensions, final long[] capacity,
               final int sets) {
            this.n = n;
            this.jct = jct;
            this.sizes = sizes;
            this.dimensions = dimensions;
            this.capacity = capacity;
            this.sets = sets;
            this.labels = new int[n];
            this.load = new long[n * dimensions];
        }

        /** Places job {@code job} with {@code used} sets opened so far. */
        void run(final int job, final int used) {
            if (used + (n - job) < sets) {
                return;
            }
            if (job == n) {
                if (used == sets) {
                    final double value = totalJce(n, jct, labels);
                    if (value > bestValue) {
                        bestValue = value;
                        bestLabels = labels.clone();
                    }
                }
                return;
            }
            final int highest = Math.min(used, sets - 1);
            for (int set = 0; set <= highest; set++) {
                if (add(job, set)) {
                    labels[job] = set;
                    run(job + 1, set == used ? used + 1 : used);
                }
                remove(job, set);
            }
        }

        /** Adds the job's load to the set; false if the set now exceeds the capacity (undo with remove). */
        private boolean add(final int job, final int set) {
            boolean fits = true;
            for (int d = 0; d < dimensions; d++) {
                load[set * dimensions + d] += sizes[job * dimensions + d];
                fits &= load[set * dimensions + d] <= capacity[d];
            }
            return fits;
        }

        private void remove(final int job, final int set) {
            for (int d = 0; d < dimensions; d++) {
                load[set * dimensions + d] -= sizes[job * dimensions + d];
            }
        }
    }
}
