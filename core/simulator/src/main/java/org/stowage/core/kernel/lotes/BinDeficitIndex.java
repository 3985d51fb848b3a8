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
 * <p>Cost: {@link #update} O((D + K) log n); {@link #best} O(log n) when the machines of highest {@code v}
 * have room, O(n) in the worst case (every high-{@code v} subtree has room on each resource separately but
 * no machine in it fits), never a scan of other configurations. Memory: {@code 2 P (D + K)} ints for
 * {@code P} the power of two at or above n. Allocation-free after construction; not thread-safe.
 */
final class BinDeficitIndex {
    private static final int EMPTY = Integer.MIN_VALUE;

    private final int dimensions;
    private final int classes;
    private final int leaves;
    private final int height;
    private final int[] serverOfLeaf;
    /** Largest residual per node and resource at {@code [node * D + d]}; -1 at absent leaves. */
    private final int[] maxResidual;
    /** Largest v per node and class at {@code [node * K + k]}; {@link #EMPTY} at absent leaves. */
    private final int[] maxDeficit;
    private final int[] stack;

    /**
     * @param servers the configuration's machines in increasing id, at least one
     */
    BinDeficitIndex(final int[] servers, final int dimensions, final int classes) {
        this.dimensions = dimensions;
        this.classes = classes;
        this.serverOfLeaf = servers.clone();
        this.leaves = Integer.highestOneBit(Math.max(1, servers.length - 1)) << (servers.length > 1 ? 1 : 0);
        this.height = Integer.numberOfTrailingZeros(leaves);
        maxResidual = new int[2 * leaves * dimensions];
        maxDeficit = new int[2 * leaves * classes];
        java.util.Arrays.fill(maxResidual, -1);
        java.util.Arrays.fill(maxDeficit, EMPTY);
        stack = new int[2 * (height + 2)];
    }

    /**
     * Rereads leaf {@code index}'s residuals from {@code servers} and its deficits from {@code deficit}
     * ({@code [k]} = v of class k), then repairs the path to the root.
     */
    void update(final int index, final ServerView servers, final int[] deficit, final int deficitBase) {
        int node = leaves + index;
        final int server = serverOfLeaf[index];
        for (int d = 0; d < dimensions; d++) {
            maxResidual[node * dimensions + d] = servers.residual(server, d);
        }
        System.arraycopy(deficit, deficitBase, maxDeficit, node * classes, classes);
        while (node > 1) {
            node >>>= 1;
            final int left = 2 * node;
            final int right = left + 1;
            for (int d = 0; d < dimensions; d++) {
                maxResidual[node * dimensions + d] = Math.max(maxResidual[left * dimensions + d],
                    maxResidual[right * dimensions + d]);
            }
            for (int k = 0; k < classes; k++) {
                maxDeficit[node * classes + k] = Math.max(maxDeficit[left * classes + k],
                    maxDeficit[right * classes + k]);
            }
        }
    }

    /**
     * The machine (server id) with the highest deficit of class {@code k} that fits {@code job}, ties to
     * the lowest id, or {@link ServerView#NONE}.
     */
    int best(final int k, final JobView jobs, final int job, final ServerView servers) {
        int bestLeaf = -1;
        int bestDeficit = EMPTY;
        int top = 0;
        stack[top++] = 1;
        while (top > 0) {
            final int node = stack[--top];
            final int deficit = maxDeficit[node * classes + k];
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
            if (maxDeficit[right * classes + k] > maxDeficit[left * classes + k]) {
                stack[top++] = left;
                stack[top++] = right;
            } else {
                stack[top++] = right;
                stack[top++] = left;
            }
        }
        return bestLeaf < 0 ? ServerView.NONE : serverOfLeaf[bestLeaf];
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
