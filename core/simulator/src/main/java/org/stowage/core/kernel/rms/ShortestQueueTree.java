package org.stowage.core.kernel.rms;

import java.util.random.RandomGenerator;

/**
 * Join-the-shortest-queue routing over per-server local queues, one tree per job type: each node holds the
 * least local length below it and how many servers have it, so the k-th shortest queue in index order (k
 * uniform among the ties) is found by one descent. Shared by the local-queue kernels ({@link RmsLocalQueues},
 * {@link LocalMaxWeight}), whose naive twins scan every server and draw the same uniform.
 *
 * <p>Routing and updates are O(log L); memory 4 J L' ints ({@code L'} the next power of two). A server that
 * cannot hold a type is out of that type's routing for good. Nothing allocates after construction. Not
 * thread-safe.
 */
final class ShortestQueueTree {
    private final int leaves;
    private final int[] treeMin;
    private final int[] treeCount;

    /** @param routable {@code routable[j][l]}: whether server {@code l}'s capacity holds type {@code j} */
    ShortestQueueTree(final int servers, final boolean[][] routable) {
        leaves = Integer.highestOneBit(Math.max(1, servers - 1)) << 1;
        final int types = routable.length;
        treeMin = new int[types * 2 * leaves];
        treeCount = new int[types * 2 * leaves];
        for (int j = 0; j < types; j++) {
            final int base = j * 2 * leaves;
            for (int leaf = 0; leaf < leaves; leaf++) {
                final boolean holds = leaf < servers && routable[j][leaf];
                treeMin[base + leaves + leaf] = holds ? 0 : Integer.MAX_VALUE;
                treeCount[base + leaves + leaf] = holds ? 1 : 0;
            }
            for (int node = leaves - 1; node >= 1; node--) {
                combine(base, node);
            }
        }
    }

    /** Server {@code server}'s type-{@code type} queue now has {@code length} jobs. O(log L). */
    void lengthChanged(final int type, final int server, final int length) {
        final int base = type * 2 * leaves;
        int node = leaves + server;
        treeMin[base + node] = length;
        for (node >>= 1; node >= 1; node >>= 1) {
            combine(base, node);
        }
    }

    /** The k-th server (k uniform from {@code routing} when there are ties), in index order, of least length. */
    int shortest(final int type, final RandomGenerator routing) {
        final int base = type * 2 * leaves;
        final int ties = treeCount[base + 1];
        int k = ties > 1 ? routing.nextInt(ties) : 0;
        final int least = treeMin[base + 1];
        int node = 1;
        while (node < leaves) {
            final int left = 2 * node;
            if (treeMin[base + left] == least) {
                if (k < treeCount[base + left]) {
                    node = left;
                    continue;
                }
                k -= treeCount[base + left];
            }
            node = left + 1;
        }
        return node - leaves;
    }

    private void combine(final int base, final int node) {
        final int left = base + 2 * node;
        final int right = left + 1;
        final int least = Math.min(treeMin[left], treeMin[right]);
        treeMin[base + node] = least;
        treeCount[base + node] = (treeMin[left] == least ? treeCount[left] : 0)
            + (treeMin[right] == least ? treeCount[right] : 0);
    }
}
