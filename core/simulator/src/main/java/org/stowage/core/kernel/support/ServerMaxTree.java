package org.stowage.core.kernel.support;

import java.util.Arrays;

/**
 * An {@code int} per server under a max segment tree: "the lowest server {@code >= from} whose value is at
 * least x" in O(log L). Kernels keep here a value that the cluster's own index does not have, such as the
 * residual of the servers that are not stalled ({@link Integer#MIN_VALUE} for the others).
 *
 * <p>{@link #set} and {@link #nextAtLeast} are O(log L); arrays are sized at construction; nothing allocates.
 * Not thread-safe.
 */
public final class ServerMaxTree {
    public static final int NONE = -1;

    private final int count;
    private final int leaves;
    private final int[] max;

    public ServerMaxTree(final int count, final int initial) {
        this.count = count;
        int n = 1;
        while (n < count) {
            n <<= 1;
        }
        leaves = n;
        max = new int[2 * n];
        Arrays.fill(max, Integer.MIN_VALUE);
        Arrays.fill(max, n, n + count, initial);
        for (int node = n - 1; node >= 1; node--) {
            max[node] = Math.max(max[2 * node], max[2 * node + 1]);
        }
    }

    public void set(final int server, final int v) {
        int node = leaves + server;
        if (max[node] == v) {
            return;
        }
        max[node] = v;
        node >>>= 1;
        while (node >= 1) {
            final int m = Math.max(max[2 * node], max[2 * node + 1]);
            if (max[node] == m) {
                return;
            }
            max[node] = m;
            node >>>= 1;
        }
    }

    /** The lowest server {@code >= from} whose value is at least {@code x}, or {@link #NONE}. */
    public int nextAtLeast(final int x, final int from) {
        if (from >= count) {
            return NONE;
        }
        int node = leaves + from;
        if (max[node] >= x) {
            return from;
        }
        // climb until a right sibling may hold a match, then descend to its leftmost match
        while (node > 1) {
            if ((node & 1) == 0 && max[node + 1] >= x) {
                node = node + 1;
                while (node < leaves) {
                    node = max[2 * node] >= x ? 2 * node : 2 * node + 1;
                }
                return node - leaves;
            }
            node >>>= 1;
        }
        return NONE;
    }
}
