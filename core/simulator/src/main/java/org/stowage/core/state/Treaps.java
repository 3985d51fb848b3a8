package org.stowage.core.state;

/**
 * The treap toolkit: an intrusive treap over int handles as static functions over child arrays (fastutil
 * style), shared by every treap in Stowage: {@link BestFitBuckets} (a treap of servers per residual,
 * ordered by index) and the partition kernels' max-augmented forest (which adds its augmentation around
 * these rotations). Priorities, rotations, merge, and insertion and deletion ordered by handle.
 *
 * <p>A node's heap priority is a bijective hash of its handle, so distinct handles never tie and the tree
 * shape is a deterministic function of the keys and handles present. The expected depth is O(log n)
 * because the hash is unrelated to the keys.
 */
public final class Treaps {
    /** The null handle. */
    public static final int NONE = -1;

    private Treaps() {
    }

    /** Bijective 32-bit mix (multiply by odd constants, xor-shifts), so distinct handles never tie. */
    public static int priority(final int handle) {
        int h = handle * 0x9E3779B9;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h;
    }

    public static int rotateRight(final int[] left, final int[] right, final int node) {
        final int pivot = left[node];
        left[node] = right[pivot];
        right[pivot] = node;
        return pivot;
    }

    public static int rotateLeft(final int[] left, final int[] right, final int node) {
        final int pivot = right[node];
        right[node] = left[pivot];
        left[pivot] = node;
        return pivot;
    }

    /**
     * Inserts {@code node} (not in the tree, children cleared) into the treap rooted at {@code root},
     * ordered by handle; returns the new root. O(log n) expected; recursion depth the tree's depth.
     */
    public static int insertById(final int[] left, final int[] right, final int[] priority, final int root,
                                 final int node) {
        if (root == NONE) {
            return node;
        }
        if (node < root) {
            left[root] = insertById(left, right, priority, left[root], node);
            if (priority[left[root]] > priority[root]) {
                return rotateRight(left, right, root);
            }
        } else {
            right[root] = insertById(left, right, priority, right[root], node);
            if (priority[right[root]] > priority[root]) {
                return rotateLeft(left, right, root);
            }
        }
        return root;
    }

    /** Deletes {@code node} from the treap rooted at {@code root}, ordered by handle; returns the new root. */
    public static int deleteById(final int[] left, final int[] right, final int[] priority, final int root,
                                 final int node) {
        assert root != NONE : "handle " + node + " missing from its treap";
        if (root == node) {
            final int merged = merge(left, right, priority, left[node], right[node]);
            left[node] = NONE;
            right[node] = NONE;
            return merged;
        }
        if (node < root) {
            left[root] = deleteById(left, right, priority, left[root], node);
        } else {
            right[root] = deleteById(left, right, priority, right[root], node);
        }
        return root;
    }

    /** Merges two treaps where every key of {@code a} precedes every key of {@code b}. */
    public static int merge(final int[] left, final int[] right, final int[] priority, final int a, final int b) {
        if (a == NONE) {
            return b;
        }
        if (b == NONE) {
            return a;
        }
        if (priority[a] > priority[b]) {
            right[a] = merge(left, right, priority, right[a], b);
            return a;
        }
        left[b] = merge(left, right, priority, a, left[b]);
        return b;
    }

    /** Number of nodes, by full traversal; for tests and assertions only. */
    public static int count(final int[] left, final int[] right, final int node) {
        return node == NONE ? 0 : 1 + count(left, right, left[node]) + count(left, right, right[node]);
    }
}
