package org.stowage.core.state;

/**
 * Key-independent parts of an intrusive treap over int handles (used by {@link ServerTable}): priorities,
 * rotations and merge, as static functions over child arrays (fastutil style), so the structure keeps its
 * own comparison inline.
 *
 * <p>A node's heap priority is a bijective hash of its handle, so distinct handles never tie and the tree
 * shape is a deterministic function of the keys and handles present. The expected depth is O(log n)
 * because the hash is unrelated to the keys.
 */
public final class Treaps {
    static final int NONE = -1;

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

    static int rotateRight(final int[] left, final int[] right, final int node) {
        final int pivot = left[node];
        left[node] = right[pivot];
        right[pivot] = node;
        return pivot;
    }

    static int rotateLeft(final int[] left, final int[] right, final int node) {
        final int pivot = right[node];
        right[node] = left[pivot];
        left[pivot] = node;
        return pivot;
    }

    /** Merges two treaps where every key of {@code a} precedes every key of {@code b}. */
    static int merge(final int[] left, final int[] right, final int[] priority, final int a, final int b) {
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
    static int count(final int[] left, final int[] right, final int node) {
        return node == NONE ? 0 : 1 + count(left, right, left[node]) + count(left, right, right[node]);
    }
}
