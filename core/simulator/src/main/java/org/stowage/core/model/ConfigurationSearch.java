package org.stowage.core.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Depth-first enumeration of the feasible or maximal configurations of one server (Psychas and Ghaderi
 * 2019, Definition 1; 2018, Sec. II), in decreasing lexicographic order: the one enumeration behind
 * {@code org.stowage.theory.Configurations} and {@code org.stowage.core.kernel.rms.MaxWeightPlan} (which
 * precomputes MWR's and MWS's tables before a run, so that no kernel enumerates anything). It sits with the
 * model it enumerates (server capacities and job type sizes), below the kernels and the theory alike.
 *
 * <p>A configuration {@code k} is feasible if {@code sum_j k_j s_j[d] <= C[d]} for every resource {@code d}
 * (the simulator's fit test, in units), maximal if no single job of any type can be added. Types are visited
 * {@code 0..J-1}, each count from its largest feasible value down to 0 (for maximal configurations the last
 * type's count is forced to its maximum). Cost: one visit per feasible configuration of the first
 * {@code J - 1} types, {@code O(J D)} each; exponential in {@code J} in general, hence the {@code limit}.
 * Allocates the result; for planning, never on a kernel's event path.
 */
public final class ConfigurationSearch {
    private final int[][] sizes;
    private final int[] residual;
    private final int[] current;
    private final boolean maximalOnly;
    private final long limit;
    private final List<int[]> found = new ArrayList<>();

    private ConfigurationSearch(final int[][] sizes, final int[] capacity, final boolean maximalOnly,
                                final long limit) {
        this.sizes = sizes;
        this.residual = capacity.clone();
        this.current = new int[sizes.length];
        this.maximalOnly = maximalOnly;
        this.limit = limit;
    }

    /**
     * Every maximal configuration, in decreasing lexicographic order; a type that does not fit alone has
     * count 0 everywhere; if no type fits, the only maximal configuration is the empty one.
     *
     * @throws IllegalArgumentException when there are more than {@code limit}
     */
    public static List<int[]> maximal(final int[][] sizes, final int[] capacity, final long limit) {
        final ConfigurationSearch search = new ConfigurationSearch(sizes, capacity, true, limit);
        search.search();
        return search.found;
    }

    /**
     * Every feasible configuration (the empty one included), in decreasing lexicographic order.
     *
     * @throws IllegalArgumentException when there are more than {@code limit}
     */
    public static List<int[]> feasible(final int[][] sizes, final int[] capacity, final long limit) {
        final ConfigurationSearch search = new ConfigurationSearch(sizes, capacity, false, limit);
        search.search();
        return search.found;
    }

    /** Largest count of a type of size {@code size} that fits into {@code residual} (sizes positive somewhere). */
    public static int maxCount(final int[] size, final int[] residual) {
        int most = Integer.MAX_VALUE;
        for (int d = 0; d < residual.length; d++) {
            if (size[d] > 0) {
                most = Math.min(most, residual[d] / size[d]);
            }
        }
        assert most != Integer.MAX_VALUE : "size vectors are positive somewhere";
        return most;
    }

    /**
     * Every configuration in depth-first order, type 0 first, each count from the most that fits down: a
     * loop over per-type state rather than recursion, whose depth (one call per type) would overflow the
     * stack at thousands of types.
     */
    private void search() {
        final int types = sizes.length;
        final int[] next = new int[types];
        final int[] least = new int[types];
        int type = 0;
        while (true) {
            if (type == types) {
                if (!maximalOnly || nothingFits()) {
                    if (found.size() >= limit) {
                        throw new IllegalArgumentException("more than " + limit + " " + (maximalOnly ? "maximal"
                            : "feasible") + " configurations; too many to enumerate");
                    }
                    found.add(current.clone());
                }
                type--;
                if (type < 0) {
                    return;
                }
                untake(type);
            } else {
                next[type] = maxCount(sizes[type], residual);
                // A maximal configuration takes as many of the last type as still fit: fewer would leave room for one.
                least[type] = maximalOnly && type == types - 1 ? next[type] : 0;
            }
            while (true) {
                if (next[type] >= least[type]) {
                    final int k = next[type]--;
                    current[type] = k;
                    for (int d = 0; d < residual.length; d++) {
                        residual[d] -= k * sizes[type][d];
                    }
                    type++;
                    break;
                }
                current[type] = 0;
                if (type == 0) {
                    return;
                }
                type--;
                untake(type);
            }
        }
    }

    /** Gives back the residual that the count of {@code type} took. */
    private void untake(final int type) {
        for (int d = 0; d < residual.length; d++) {
            residual[d] += current[type] * sizes[type][d];
        }
    }

    private boolean nothingFits() {
        for (final int[] size : sizes) {
            boolean fits = true;
            for (int d = 0; d < residual.length && fits; d++) {
                fits = size[d] <= residual[d];
            }
            if (fits) {
                return false;
            }
        }
        return true;
    }
}
