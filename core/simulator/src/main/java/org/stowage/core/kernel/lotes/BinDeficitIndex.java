package org.stowage.core.kernel.lotes;

import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * The machines of one LoTES configuration, indexed for the level-2 question of Sec. 4.3.1: "the machine
 * with the highest {@code v = N_ijk - kappa_ik} that still has room for this job", ties to the lowest
 * server id. A segment tree over the configuration's machines (in increasing server id) keeps, per node,
 * the largest residual on every resource and the largest {@code v} of every class in its subtree; a query
 * is a branch-and-bound walk that visits the subtree with the larger {@code v} first and prunes subtrees
 * that cannot beat the best machine found or cannot hold the job on some resource.
 *
 * <p>Layout: one record of {@code D + K} ints per node (the residual maxima, then the {@code v} maxima), so
 * a query's visit of a node and an update's repair of it read one or two cache lines, not one line per
 * resource and per class in separate arrays.
 *
 * <p>Cost: {@link #update} O((D + K) log n) at worst, and usually a level or two: the climb stops at the
 * first node none of whose maxima changed (its ancestors depend on the path only through it);
 * {@link #best} O(log n) when the machines of highest {@code v} have room, O(n) in the worst case (every
 * high-{@code v} subtree has room on each resource separately but no machine in it fits), never a scan of
 * other configurations. Memory: {@code 2 P (D + K)} ints for {@code P} the power of two at or above n.
 * Allocation-free after construction; not thread-safe.
 */
final class BinDeficitIndex {
    private static final int EMPTY = Integer.MIN_VALUE;

    private final int dimensions;
    private final int classes;
    /** Ints per node: D residual maxima, then K deficit maxima. */
    private final int stride;
    private final int leaves;
    private final int height;
    private final int[] serverOfLeaf;
    /**
     * Per node at {@code [node * stride]}: the largest residual per resource ({@code + d}; -1 at absent
     * leaves), then the largest v per class ({@code + D + k}; {@link #EMPTY} at absent leaves).
     */
    private final int[] nodes;
    private final int[] stack;

    /**
     * @param servers the configuration's machines in increasing id, at least one
     */
    BinDeficitIndex(final int[] servers, final int dimensions, final int classes) {
        this.dimensions = dimensions;
        this.classes = classes;
        this.stride = dimensions + classes;
        this.serverOfLeaf = servers.clone();
        this.leaves = Integer.highestOneBit(Math.max(1, servers.length - 1)) << (servers.length > 1 ? 1 : 0);
        this.height = Integer.numberOfTrailingZeros(leaves);
        nodes = new int[2 * leaves * stride];
        for (int node = 0; node < 2 * leaves; node++) {
            java.util.Arrays.fill(nodes, node * stride, node * stride + dimensions, -1);
            java.util.Arrays.fill(nodes, node * stride + dimensions, (node + 1) * stride, EMPTY);
        }
        stack = new int[2 * (height + 2)];
    }

    /**
     * Rereads leaf {@code index}'s residuals from {@code servers} and its deficits from {@code deficit}
     * ({@code [deficitBase + k]} = v of class k), then repairs the path to the root, up to the first node
     * whose maxima all stay the same.
     */
    void update(final int index, final ServerView servers, final int[] deficit, final int deficitBase) {
        final int[] tree = nodes;
        int node = leaves + index;
        final int server = serverOfLeaf[index];
        int base = node * stride;
        for (int d = 0; d < dimensions; d++) {
            tree[base + d] = servers.residual(server, d);
        }
        System.arraycopy(deficit, deficitBase, tree, base + dimensions, classes);
        while (node > 1) {
            node >>>= 1;
            base = node * stride;
            final int left = 2 * base;
            final int right = left + stride;
            boolean changed = false;
            for (int i = 0; i < stride; i++) {
                final int value = Math.max(tree[left + i], tree[right + i]);
                changed |= tree[base + i] != value;
                tree[base + i] = value;
            }
            if (!changed) {
                return;
            }
        }
    }

    /**
     * The machine (server id) with the highest deficit of class {@code k} that fits {@code job}, ties to
     * the lowest id, or {@link ServerView#NONE}.
     */
    int best(final int k, final JobView jobs, final int job, final ServerView servers) {
        final int[] tree = nodes;
        final int deficitOffset = dimensions + k;
        int bestLeaf = -1;
        int bestDeficit = EMPTY;
        int top = 0;
        stack[top++] = 1;
        while (top > 0) {
            final int node = stack[--top];
            final int base = node * stride;
            final int deficit = tree[base + deficitOffset];
            if (deficit == EMPTY || deficit < bestDeficit
                || deficit == bestDeficit && firstLeaf(node) > bestLeaf || !mayFit(base, jobs, job)) {
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
            if (tree[right * stride + deficitOffset] > tree[left * stride + deficitOffset]) {
                stack[top++] = left;
                stack[top++] = right;
            } else {
                stack[top++] = right;
                stack[top++] = left;
            }
        }
        return bestLeaf < 0 ? ServerView.NONE : serverOfLeaf[bestLeaf];
    }

    private boolean mayFit(final int base, final JobView jobs, final int job) {
        for (int d = 0; d < dimensions; d++) {
            if (nodes[base + d] < jobs.size(job, d)) {
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
