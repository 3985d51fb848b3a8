package org.stowage.core.kernel.rms;

import java.util.Arrays;

/**
 * A max-weight configuration of one server class by enumeration over a precomputed set of configurations
 * (for MWR and MWS, Psychas and Ghaderi 2018, Sec. VII-A3: weights are queue lengths).
 *
 * <p>Given the class's <em>maximal</em> configurations ({@code org.stowage.theory.Configurations.maximal}),
 * this is exact for non-negative weights: adding a job never lowers {@code <k, w>}, so some maximal
 * configuration is optimal. The configurations are kept in decreasing lexicographic order (sorted here,
 * whatever order they came in) and {@link #best} returns the <b>first</b> one of largest weight: the
 * lexicographically largest optimal configuration. That is the same configuration {@link GridKnapsack}
 * returns, so the two are interchangeable and differential-tested against each other.
 *
 * <p>Weights are {@code int} queue lengths and sums are {@code long}: exact, so ties are exact ties. Every
 * count is at most 2<sup>30</sup> and every weight below 2<sup>31</sup>, so with at most
 * 2<sup>30</sup> jobs per configuration no sum overflows.
 *
 * <p>Cost: O(K J) per {@link #best} for K configurations of J types, reading one flat {@code int[]}; no
 * allocation. The table for the 2018 paper's EC2 server has 6 configurations of 3 types (18
 * multiply-adds); for the Google trace's dyadic types the maximal set is far too large (every way to fill a
 * unit server with powers of two down to 1/512) and {@link GridKnapsack} is used instead. Immutable after
 * construction; {@link #best} is thread-safe.
 */
public final class MaxWeightTable {
    private final int types;
    private final int size;
    /** Configuration {@code i}'s count of type {@code j} at {@code i * types + j}. */
    private final int[] counts;

    /**
     * @param types          {@code J >= 1}
     * @param configurations each of length {@code J}, counts {@code >= 0}, no two equal; at least one
     */
    public MaxWeightTable(final int types, final int[][] configurations) {
        if (types < 1) {
            throw new IllegalArgumentException("types must be >= 1: " + types);
        }
        if (configurations.length == 0) {
            throw new IllegalArgumentException("no configurations");
        }
        final int[][] sorted = new int[configurations.length][];
        for (int i = 0; i < configurations.length; i++) {
            if (configurations[i].length != types) {
                throw new IllegalArgumentException("configuration " + i + " has " + configurations[i].length
                    + " counts, expected " + types + ": " + Arrays.toString(configurations[i]));
            }
            long jobs = 0;
            for (final int k : configurations[i]) {
                if (k < 0 || k > 1 << 30) {
                    throw new IllegalArgumentException("configuration " + i + " has a count outside [0, 2^30]: "
                        + Arrays.toString(configurations[i]));
                }
                jobs += k;
            }
            if (jobs > 1 << 30) {
                throw new IllegalArgumentException("configuration " + i + " holds more than 2^30 jobs: " + jobs);
            }
            sorted[i] = configurations[i].clone();
        }
        Arrays.sort(sorted, (a, b) -> Arrays.compare(b, a));
        for (int i = 1; i < sorted.length; i++) {
            if (Arrays.equals(sorted[i - 1], sorted[i])) {
                throw new IllegalArgumentException("configuration listed twice: " + Arrays.toString(sorted[i]));
            }
        }
        this.types = types;
        this.size = sorted.length;
        this.counts = new int[size * types];
        for (int i = 0; i < size; i++) {
            System.arraycopy(sorted[i], 0, counts, i * types, types);
        }
    }

    /**
     * The index of the first configuration of largest {@code <k, w>} (the lexicographically largest optimum).
     *
     * @param weights {@code w_j >= 0}, at least {@code J} of them (queue lengths)
     */
    public int best(final int[] weights) {
        assert weights.length >= types;
        final int[] k = counts;
        final int n = types;
        int best = 0;
        long bestValue = -1;
        for (int i = 0, base = 0; i < size; i++, base += n) {
            long value = 0;
            for (int j = 0; j < n; j++) {
                assert weights[j] >= 0 : "weights are queue lengths: " + weights[j];
                value += (long) k[base + j] * weights[j];
            }
            if (value > bestValue) {
                bestValue = value;
                best = i;
            }
        }
        return best;
    }

    /** {@code <k_i, w>}. */
    public long weight(final int configuration, final int[] weights) {
        long value = 0;
        final int base = configuration * types;
        for (int j = 0; j < types; j++) {
            value += (long) counts[base + j] * weights[j];
        }
        return value;
    }

    /** Count of type {@code j} in configuration {@code i}. */
    public int count(final int configuration, final int type) {
        return counts[configuration * types + type];
    }

    /** Copies configuration {@code i} into {@code out} (length at least {@code J}). */
    public void copy(final int configuration, final int[] out) {
        System.arraycopy(counts, configuration * types, out, 0, types);
    }

    /** Number of configurations. */
    public int size() {
        return size;
    }

    /** Number of job types {@code J}. */
    public int types() {
        return types;
    }

    @Override
    public String toString() {
        return "MaxWeightTable[" + size + " configurations of " + types + " types]";
    }
}
