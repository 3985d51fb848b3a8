package org.stowage.core.kernel.batch;

/**
 * The job completion efficiency of Hu and Li 2022 (Definition 1, Eq. (1) and (7)-(9)): a job set of N jobs
 * whose longest JCT is T completes N / T jobs per unit time, and DJSF (Algorithm 1, Theorem 2) starts the
 * densest sets first.
 *
 * <p>JCE is computed as one correctly rounded division. Rounding is monotone, so two sets whose exact
 * ratios differ are never ordered the wrong way; at worst two very close ratios round to the same double
 * and count as a tie. Ties keep the order the sets were made in (Algorithm 3's order: shorter groups
 * first). Stateless; nothing allocated.
 */
public final class Jce {
    private Jce() {
    }

    /** Eq. (7): N / T, for N &gt;= 0 jobs completing within a span T &gt; 0. */
    public static double of(final int jobs, final double span) {
        assert jobs >= 0 && span > 0 && Double.isFinite(span) : jobs + " jobs, span " + span;
        return jobs / span;
    }

    /** Eq. (9): T = the longest JCT among the jobs {@code order[from, to)}. */
    public static double span(final double[] jct, final int[] order, final int from, final int to) {
        double longest = 0;
        for (int i = from; i < to; i++) {
            longest = Math.max(longest, jct[order[i]]);
        }
        return longest;
    }

    /** Eq. (6)'s objective: the sum of the sets' JCEs, in set order. */
    public static double total(final double[] jce, final int sets) {
        double sum = 0;
        for (int m = 0; m < sets; m++) {
            sum += jce[m];
        }
        return sum;
    }

    /**
     * Algorithm 1, line 3: {@code rank[0, sets)} receives the set indices in decreasing order of JCE; equal
     * JCEs keep increasing set index.
     *
     * @param scratch length &gt;= sets
     */
    public static void orderByDecreasing(final double[] jce, final int sets, final int[] rank, final int[] scratch) {
        for (int m = 0; m < sets; m++) {
            rank[m] = m;
        }
        IndexSort.byKeyDescending(rank, 0, sets, jce, scratch);
    }
}
