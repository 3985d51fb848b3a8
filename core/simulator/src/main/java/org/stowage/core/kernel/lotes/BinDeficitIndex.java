package org.stowage.core.kernel.lotes;

import java.util.Arrays;

import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * The machines of one LoTES configuration, indexed for the level-2 question of Sec. 4.3.1: "the machine
 * with the highest {@code v = N_ijk - kappa_ik} that still has room for this job", ties to the lowest
 * server id. Segment trees over the configuration's machines (in increasing server id) keep, per node,
 * the largest residual on every resource and the largest {@code v} of every class in its subtree; a query
 * is a branch-and-bound walk that visits the subtree with the larger {@code v} first and prunes subtrees
 * that cannot beat the best machine found or cannot hold the job on some resource.
 *
 * <p>Layout: one tree of residual maxima ({@code D} ints per node) and one dense tree of {@code v} maxima
 * per class. A query for class {@code k} reads the residual tree and class {@code k}'s tree only (52 nodes
 * per query on the Fig. 11 workload at 1000 machines per configuration, counted; a tighter bound over roomy
 * machines and a best-first walk visit fewer but measured slower: docs/journal/2026-11-26-lotes-greedy-continuous-time.md,
 * third round); a change repairs only the tree whose leaf changed: a start or a departure changes one class's
 * {@code v}, not the others'.
 *
 * <p>Cost: {@link #residualChanged} O(D log n) and {@link #deficitChanged} O(log n) at worst, each climb
 * stopping at the first node whose maxima do not change (its ancestors depend on the path only through
 * it); {@link #best} O(log n) when the machines of highest {@code v} have room, O(n) in the worst case
 * (every high-{@code v} subtree has room on each resource separately but no machine in it fits), never a
 * scan of other configurations. Memory: {@code 2 P (D + K)} ints for {@code P} the power of two at or
 * above n. Allocation-free after construction; not thread-safe.
 */
final class BinDeficitIndex {
    private static final int EMPTY = Integer.MIN_VALUE;

    private final int dimensions;
    private final int leaves;
    private final int height;
    private final int[] serverOfLeaf;
    /** Largest residual per node and resource at {@code [node * D + d]}; -1 at absent leaves. */
    private final int[] maxResidual;
    /** Per class, the largest v per node at {@code [k][node]}; {@link #EMPTY} at absent leaves. */
    private final int[][] maxDeficit;
    private final int[] stack;

    /**
     * @param servers the configuration's machines in increasing id, at least one
     */
    BinDeficitIndex(final int[] servers, final int dimensions, final int classes) {
        this.dimensions = dimensions;
        this.serverOfLeaf = servers.clone();
        this.leaves = Integer.highestOneBit(Math.max(1, servers.length - 1)) << (servers.length > 1 ? 1 : 0);
        this.height = Integer.numberOfTrailingZeros(leaves);
        maxResidual = new int[2 * leaves * dimensions];
        Arrays.fill(maxResidual, -1);
        maxDeficit = new int[classes][2 * leaves];
        for (final int[] tree : maxDeficit) {
            Arrays.fill(tree, EMPTY);
        }
        stack = new int[2 * (height + 2)];
    }

    /** Rereads leaf {@code index}'s residuals from {@code servers} and repairs the residual maxima above it. */
    void residualChanged(final int index, final ServerView servers) {
        final int[] tree = maxResidual;
        final int dimensions = this.dimensions;
        int node = leaves + index;
        final int server = serverOfLeaf[index];
        for (int d = 0; d < dimensions; d++) {
            tree[node * dimensions + d] = servers.residual(server, d);
        }
        while (node > 1) {
            node >>>= 1;
            final int base = node * dimensions;
            final int left = 2 * base;
            final int right = left + dimensions;
            boolean changed = false;
            for (int d = 0; d < dimensions; d++) {
                final int value = Math.max(tree[left + d], tree[right + d]);
                changed |= tree[base + d] != value;
                tree[base + d] = value;
            }
            if (!changed) {
                return;
            }
        }
    }

    /** Sets leaf {@code index}'s v of class {@code k} and repairs that class's maxima above it. */
    void deficitChanged(final int index, final int k, final int deficit) {
        final int[] tree = maxDeficit[k];
        int node = leaves + index;
        tree[node] = deficit;
        int value = deficit;
        while (node > 1) {
            final int parent = node >>> 1;
            value = Math.max(value, tree[node ^ 1]);
            if (tree[parent] == value) {
                return;
            }
            tree[parent] = value;
            node = parent;
        }
    }

    /**
     * The machine (server id) with the highest deficit of class {@code k} that fits {@code job}, ties to
     * the lowest id, or {@link ServerView#NONE}.
     */
    int best(final int k, final JobView jobs, final int job, final ServerView servers) {
        final int[] deficits = maxDeficit[k];
        int bestLeaf = -1;
        int bestDeficit = EMPTY;
        int top = 0;
        stack[top++] = 1;
        while (top > 0) {
            final int node = stack[--top];
            final int deficit = deficits[node];
            if (deficit == EMPTY || deficit < bestDeficit
                || deficit == bestDeficit && firstLeaf(node) > bestLeaf || !mayFit(node, jobs, job)) {
                continue;
            }
            if (node >= leaves) {
                final int leaf = node - leaves;
                if (servers.fits(jobs, job, serverOfLeaf[leaf])
                    && (deficit > bestDeficit || leaf < bestLeaf)) {
                    bestDeficit = deficit;
                    bestLeaf = leaf;
                }
                continue;
            }
            final int left = 2 * node;
            final int right = left + 1;
            // pop order: the child with the larger v first, the left one on ties (lower ids)
            if (deficits[right] > deficits[left]) {
                stack[top++] = left;
                stack[top++] = right;
            } else {
                stack[top++] = right;
                stack[top++] = left;
            }
        }
        return bestLeaf < 0 ? ServerView.NONE : serverOfLeaf[bestLeaf];
    }

    /**
     * The lowest-id machine of this configuration that fits {@code job} and has an id below {@code below},
     * or {@link ServerView#NONE}: LoTES's last resort, asked of every configuration with the best id so far
     * as {@code below}, is the cluster's first fit without any index of the server table (whose upkeep at
     * every placement cost LoTES more than these rare walks: docs/journal/2026-11-28-lotes-tetris-fourth-to-sixth-rounds.md).
     * A leftmost-first walk over the residual maxima: O(D log n) when the first subtrees that pass the
     * per-resource test hold a fitting machine, O(D n) at worst.
     */
    int firstFit(final JobView jobs, final int job, final ServerView servers, final int below) {
        final int members = serverOfLeaf.length;
        int node = 1;
        while (true) {
            final int first = firstLeaf(node);
            if (first >= members || serverOfLeaf[first] >= below) {
                // this subtree and every one right of it hold only higher ids (or padding)
                return ServerView.NONE;
            }
            if (mayFit(node, jobs, job)) {
                if (node >= leaves) {
                    // a leaf's maxima are its machine's residuals, refreshed after every change
                    assert servers.fits(jobs, job, serverOfLeaf[first]) : "stale leaf " + first;
                    return serverOfLeaf[first];
                }
                node <<= 1;
            } else {
                // leave the subtree: climb out of right children, then step to the right sibling
                while ((node & 1) == 1) {
                    node >>>= 1;
                }
                if (node == 0) {
                    return ServerView.NONE;
                }
                node++;
            }
        }
    }

    private boolean mayFit(final int node, final JobView jobs, final int job) {
        final int base = node * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (maxResidual[base + d] < jobs.size(job, d)) {
                return false;
            }
        }
        return true;
    }

    /** The first leaf index under {@code node} (heap numbering, root 1). */
    private int firstLeaf(final int node) {
        final int depth = 31 - Integer.numberOfLeadingZeros(node);
        return (node << (height - depth)) - leaves;
    }
}
