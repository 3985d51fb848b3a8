package org.stowage.theory;

import java.util.Arrays;

import org.stowage.core.model.ServerClasses;

/**
 * The constant {@code M} of Psychas and Ghaderi 2018: "the maximum number of jobs (of any type) that can fit
 * in any server" (Sec. II), which RMS uses in its weights {@code w_j = max{f(Q_j), eps / (8M) f(Q_max)}}
 * (Eq. 4).
 *
 * <h2>Which maximum</h2>
 * The proofs use {@code M} as a bound on the total number of jobs a server holds, whatever their types:
 * "{@code sum_j sum_l k_j^l < LM}" (Sec. VIII-A), and Eq. (17) needs
 * {@code sum_j k_j^l * eps / (8M) <= eps / 8} for every feasible configuration. So
 * <pre>
 *   M = max over servers l, max over feasible configurations k of server l, of sum_j k_j
 * </pre>
 * the optimum of a max-weight configuration with every weight 1. For one resource this equals the count
 * of the smallest type alone ({@code floor(C / min_j s_j)}); for several resources a mix can hold more
 * jobs than any single type alone (types (0.6, 0.1) and (0.1, 0.6) on a (1, 1) server: one of each, two
 * jobs, but only one of either type alone), which is why the single-type reading is not used.
 *
 * <p>Solved exactly by {@link MaxWeightConfiguration} with unit weights (integer objective, so the
 * {@code double} value is exact), once per server class. Offline: it allocates and may take milliseconds.
 */
public final class MaxJobsPerServer {
    private MaxJobsPerServer() {
    }

    /**
     * {@code M} over every server class.
     *
     * @throws IllegalArgumentException if no job type fits any server (then no configuration holds a job and
     *                                  the paper's assumption that every server fits every type fails)
     */
    public static int of(final JobTypes types, final ServerClasses servers) {
        Configurations.checkDimensions(types, servers);
        int most = 0;
        for (int c = 0; c < servers.count(); c++) {
            most = Math.max(most, ofServer(types.sizesView(), servers.capacity(c)));
        }
        if (most == 0) {
            throw new IllegalArgumentException("no job type fits any server: " + types + " on " + servers);
        }
        return most;
    }

    /**
     * The most jobs, of any types together, that fit in one server of capacity {@code capacity}; 0 if no
     * type fits.
     *
     * @param sizes {@code sizes[j][d]} in units, each vector positive somewhere
     */
    public static int ofServer(final int[][] sizes, final int[] capacity) {
        final double[] ones = new double[sizes.length];
        Arrays.fill(ones, 1.0);
        final int[] configuration = new int[sizes.length];
        final double value = new MaxWeightConfiguration(sizes).solve(ones, capacity, configuration);
        long total = 0;
        for (final int k : configuration) {
            total += k;
        }
        assert total == (long) value : "unit weights give an integer objective: " + value + " vs " + total;
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("more than 2^31 - 1 jobs fit in one server: " + total);
        }
        return (int) total;
    }
}
