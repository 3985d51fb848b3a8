package org.stowage.core.kernel.lotes;

/**
 * Queue lengths of {@code n} machines, indexed for join-the-shortest-queue with uniformly random ties: a
 * segment tree keeping, per node, the smallest length in its subtree and how many machines have it, so
 * {@link #ties()} is O(1) and {@link #tie(int)} (the {@code r}-th machine in increasing index among those of
 * the smallest length) and {@link #set} are O(log n).
 *
 * <p>Memory: {@code 4 P} ints for {@code P} the power of two at or above n. Allocation-free after
 * construction; not thread-safe.
 */
final class ShortestQueues {
    private static final int ABSENT = Integer.MAX_VALUE;

    private final int leaves;
    private final int[] min;
    private final int[] count;

    /** {@code n} machines with empty queues. */
    ShortestQueues(final int n) {
        leaves = Integer.highestOneBit(Math.max(1, n - 1)) << (n > 1 ? 1 : 0);
        min = new int[2 * leaves];
        count = new int[2 * leaves];
        for (int i = 0; i < leaves; i++) {
            min[leaves + i] = i < n ? 0 : ABSENT;
            count[leaves + i] = i < n ? 1 : 0;
        }
        for (int node = leaves - 1; node >= 1; node--) {
            pull(node);
        }
    }

    /** Sets machine {@code index}'s queue length. */
    void set(final int index, final int length) {
        int node = leaves + index;
        min[node] = length;
        while (node > 1) {
            node >>>= 1;
            pull(node);
        }
    }

    /** The shortest queue's length. */
    int shortest() {
        return min[1];
    }

    /** How many machines have the shortest queue. */
    int ties() {
        return count[1];
    }

    /** The {@code rank}-th (from 0, in increasing index) machine among those with the shortest queue. */
    int tie(final int rank) {
        assert rank >= 0 && rank < count[1];
        final int shortest = min[1];
        int remaining = rank;
        int node = 1;
        while (node < leaves) {
            final int left = 2 * node;
            if (min[left] == shortest) {
                if (remaining < count[left]) {
                    node = left;
                    continue;
                }
                remaining -= count[left];
            }
            node = left + 1;
        }
        return node - leaves;
    }

    private void pull(final int node) {
        final int left = 2 * node;
        final int right = left + 1;
        if (min[left] < min[right]) {
            min[node] = min[left];
            count[node] = count[left];
        } else if (min[right] < min[left]) {
            min[node] = min[right];
            count[node] = count[right];
        } else {
            min[node] = min[left];
            count[node] = count[left] + count[right];
        }
    }
}
