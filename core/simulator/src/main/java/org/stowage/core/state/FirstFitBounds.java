package org.stowage.core.state;

import java.util.Arrays;

/**
 * A tighter necessary test for first fit with D &gt; 1 than the per-resource maxima of {@link ServerTable}'s
 * segment tree. Those maxima may come from different servers (one with room on resource 0 only, another on
 * resource 1 only), so on a loaded cluster the first-fit walk opens subtrees in which no server fits. Here,
 * over the same tree, each node keeps for {@value #LEVELS} thresholds {@code t_i} on resource 0 the
 * largest residual on every other resource among the servers of the subtree whose residual on resource 0
 * is at least {@code t_i}. A job of size {@code s} may fit in a subtree only if, at the largest threshold
 * {@code t_i <= s_0}, every other resource's bound is at least {@code s_d}: a server that fits has
 * {@code r_0 >= s_0 >= t_i}, so it counts in that bound. Only pruning changes; the walk and its answer are
 * the same.
 *
 * <p>Thresholds: {@code maxCapacity_0 / 2^(i + 4)}, from 1/16 of the largest capacity down to 1/128 of it:
 * the sizes of the LoTES workloads (requests of 0.025 +- 0.015 of a machine) fall among them. Eight levels
 * (1/4 to 1/512) pruned as well but their repairs cost what the pruning saved (Greedy on the Fig. 11
 * workload: first fit 44% of the samples down to 27%, the repairs 23%). Memory: {@code 2 P (D - 1) LEVELS} ints for
 * the tree's {@code P} leaves. Built by the first query
 * (O(L LEVELS D)); after that every residual change repairs the path to the root in O(LEVELS D log L),
 * stopping at the first node that does not change.
 *
 * <p>Repairs stop after {@code max(64, P / 8)} residual changes without a query, about what a rebuild
 * costs (O(P LEVELS D)), and the next query rebuilds in place: a user that queries at every arrival
 * (Greedy) repairs as before, one that queries rarely (a kernel with indexes of its own that asks now and
 * then) pays at most one rebuild per query plus the repairs before the stop. The answers never change, only
 * the pruning.
 * Allocation-free after construction; not thread-safe.
 */
final class FirstFitBounds {
    static final int LEVELS = 4;
    private static final int MIN_STALE_AFTER = 64;

    private final int dimensions;
    private final int others;
    private final int stride;
    private final int leaves;
    private final int count;
    private final int[] thresholds = new int[LEVELS];
    /** {@code [node * stride + i * others + (d - 1)]}: the bound of resource d at threshold i; -1 for none. */
    private final int[] bounds;
    /** Residual changes since the last query after which the bounds stop being repaired (about a rebuild's cost). */
    private final int staleAfter;
    private int changesSinceQuery;
    /** Whether {@link #bounds} hold for the current residuals; false once repairs stopped. */
    private boolean current;

    FirstFitBounds(final int dimensions, final int leaves, final int count, final int[] residual,
                   final int maxCapacity0) {
        this.dimensions = dimensions;
        this.others = dimensions - 1;
        this.stride = LEVELS * others;
        this.leaves = leaves;
        for (int i = 0; i < LEVELS; i++) {
            thresholds[i] = maxCapacity0 >>> (i + 4);
        }
        bounds = new int[2 * leaves * stride];
        Arrays.fill(bounds, -1);
        this.count = count;
        this.staleAfter = Math.max(MIN_STALE_AFTER, leaves / 8);
        rebuild(residual);
    }

    /** Rewrites every leaf and node from {@code residual}: O(L LEVELS D). */
    private void rebuild(final int[] residual) {
        for (int s = 0; s < count; s++) {
            writeLeaf(s, residual);
        }
        for (int node = leaves - 1; node >= 1; node--) {
            pull(node);
        }
        current = true;
    }

    /**
     * Called before every first-fit query: rebuilds the bounds if repairs had stopped (O(L LEVELS D), no
     * allocation), and restarts the count of changes since the last query.
     */
    void beforeQuery(final int[] residual) {
        if (!current) {
            rebuild(residual);
        }
        changesSinceQuery = 0;
    }

    /** The level a job of size {@code size0} on resource 0 is tested at, or -1 when it is below every threshold. */
    int level(final int size0) {
        for (int i = 0; i < LEVELS; i++) {
            if (thresholds[i] <= size0) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the subtree of {@code node} may hold the job at {@code level} (from {@link #level}, >= 0). */
    boolean mayFit(final int node, final int level, final int[] size, final int jobBase) {
        final int base = node * stride + level * others;
        for (int d = 1; d < dimensions; d++) {
            if (size[jobBase + d] > bounds[base + d - 1]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Repairs the bounds after server {@code server}'s residual changed, unless more than {@code staleAfter}
     * changes came since the last query: then repairs stop until {@link #beforeQuery} rebuilds, so a user
     * of first fit that rarely asks pays at most about one rebuild per query, and one that asks at every
     * arrival (Greedy) keeps repairing as before.
     */
    void residualChanged(final int server, final int[] residual) {
        if (!current) {
            return;
        }
        if (++changesSinceQuery > staleAfter) {
            current = false;
            return;
        }
        writeLeaf(server, residual);
        int node = (leaves + server) >>> 1;
        while (node >= 1) {
            if (!pull(node)) {
                return;
            }
            node >>>= 1;
        }
    }

    private void writeLeaf(final int server, final int[] residual) {
        final int base = (leaves + server) * stride;
        final int r0 = residual[server * dimensions];
        for (int i = 0; i < LEVELS; i++) {
            final boolean counts = r0 >= thresholds[i];
            for (int d = 1; d < dimensions; d++) {
                bounds[base + i * others + d - 1] = counts ? residual[server * dimensions + d] : -1;
            }
        }
    }

    private boolean pull(final int node) {
        final int base = node * stride;
        final int left = 2 * base;
        final int right = left + stride;
        boolean changed = false;
        for (int i = 0; i < stride; i++) {
            final int value = Math.max(bounds[left + i], bounds[right + i]);
            changed |= bounds[base + i] != value;
            bounds[base + i] = value;
        }
        return changed;
    }
}
