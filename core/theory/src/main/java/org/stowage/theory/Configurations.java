package org.stowage.theory;

import java.util.List;

import org.stowage.core.model.ConfigurationSearch;
import org.stowage.core.model.ServerClasses;

/**
 * Feasible and maximal configurations of one server (Psychas and Ghaderi 2019, Definition 1; 2018, Sec. II).
 *
 * <p>A configuration {@code k = (k_1, ..., k_J)} of non-negative integers is feasible for a server of
 * capacity {@code C} (a vector over {@code D} resources, in units) if {@code sum_j k_j * s_j[d] <= C[d]} for
 * every resource {@code d}: exactly the simulator's fit test, in the same integer units. It is
 * <em>maximal</em> if no other feasible configuration dominates it ({@code k' >= k} component-wise,
 * {@code k' != k}). Because feasibility is monotone (removing jobs keeps a configuration feasible), a
 * feasible {@code k} is maximal exactly when no single job of any type can be added to it; the
 * enumeration below uses that test.
 *
 * <p>The 2018 paper's Sec. VII-A sets arrival rates from the maximal configurations: {@code V^l} is the
 * average of server {@code l}'s maximal configurations ({@link #average}), {@code V = sum_l V^l}, and
 * {@code lambda = zeta * V} for a traffic intensity {@code zeta}.
 *
 * <p>Enumeration ({@link ConfigurationSearch}, in the core so that plans for kernels can be made there too) is
 * depth-first over types {@code 0..J-1}, each count from its largest feasible value down to 0, so results
 * are in decreasing lexicographic order. Cost: one visit per feasible
 * configuration of the first {@code J - 1} types (the last type's count is forced to its maximum for
 * maximal configurations), {@code O(J * D)} each: exponential in {@code J} in general, which is why the
 * capacity LP uses column generation instead ({@link MaxSupportableWorkload}).
 */
public final class Configurations {
    private Configurations() {
    }

    /** Whether {@code configuration} fits into {@code capacity} (all in units). */
    public static boolean fits(final int[][] sizes, final int[] configuration, final int[] capacity) {
        for (int d = 0; d < capacity.length; d++) {
            long used = 0;
            for (int j = 0; j < sizes.length; j++) {
                used += (long) configuration[j] * sizes[j][d];
            }
            if (used > capacity[d]) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code a >= b} component-wise and {@code a != b}. */
    public static boolean dominates(final int[] a, final int[] b) {
        boolean strictly = false;
        for (int j = 0; j < a.length; j++) {
            if (a[j] < b[j]) {
                return false;
            }
            strictly |= a[j] > b[j];
        }
        return strictly;
    }

    /**
     * Every maximal configuration of a server of capacity {@code capacity} for job types of sizes
     * {@code sizes} (units), in decreasing lexicographic order. A type that does not fit alone gets count 0
     * everywhere; if no type fits, the only maximal configuration is the empty one.
     *
     * @param limit most configurations to return; more is an {@link IllegalArgumentException}
     */
    public static List<int[]> maximal(final int[][] sizes, final int[] capacity, final long limit) {
        checkInstance(sizes, capacity);
        return ConfigurationSearch.maximal(sizes, capacity, limit);
    }

    /** The maximal configurations of a server of class {@code c}. */
    public static List<int[]> maximal(final JobTypes types, final ServerClasses servers, final int c, final long limit) {
        checkDimensions(types, servers);
        return maximal(types.sizesView(), servers.capacity(c), limit);
    }

    /**
     * Every feasible configuration (including the empty one), in decreasing lexicographic order.
     *
     * @param limit most configurations to return; more is an {@link IllegalArgumentException}
     */
    public static List<int[]> feasible(final int[][] sizes, final int[] capacity, final long limit) {
        checkInstance(sizes, capacity);
        return ConfigurationSearch.feasible(sizes, capacity, limit);
    }

    /** The component-wise mean of the configurations (the 2018 paper's {@code V^l}, Sec. VII-A). */
    public static double[] average(final List<int[]> configurations) {
        if (configurations.isEmpty()) {
            throw new IllegalArgumentException("no configurations to average");
        }
        final double[] mean = new double[configurations.get(0).length];
        for (final int[] k : configurations) {
            for (int j = 0; j < mean.length; j++) {
                mean[j] += k[j];
            }
        }
        for (int j = 0; j < mean.length; j++) {
            mean[j] /= configurations.size();
        }
        return mean;
    }

    static void checkDimensions(final JobTypes types, final ServerClasses servers) {
        if (types.dimensions() != servers.dimensions()) {
            throw new IllegalArgumentException("job sizes have " + types.dimensions() + " resources, servers "
                + servers.dimensions());
        }
    }

    private static void checkInstance(final int[][] sizes, final int[] capacity) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("no job types");
        }
        for (int j = 0; j < sizes.length; j++) {
            if (sizes[j].length != capacity.length) {
                throw new IllegalArgumentException("type " + j + " has " + sizes[j].length + " resources, the server "
                    + capacity.length);
            }
            boolean positive = false;
            for (int d = 0; d < capacity.length; d++) {
                if (sizes[j][d] < 0) {
                    throw new IllegalArgumentException("type " + j + ", resource " + d + ": negative size " + sizes[j][d]);
                }
                positive |= sizes[j][d] > 0;
            }
            if (!positive) {
                throw new IllegalArgumentException("type " + j + " has size 0 on every resource");
            }
        }
        for (int d = 0; d < capacity.length; d++) {
            if (capacity[d] < 0) {
                throw new IllegalArgumentException("resource " + d + ": negative capacity " + capacity[d]);
            }
        }
    }

    /** Largest count of type {@code j} that fits into {@code residual}. */
    static int maxCount(final int[] size, final int[] residual) {
        return ConfigurationSearch.maxCount(size, residual);
    }
}
