package org.stowage.core.kernel;

/**
 * Best fit over a subset of the servers: a treap ordered by (key, server id), answering "the server with the
 * least key &gt;= x, ties to the lowest id". The stalling BF-J/S keeps here the residuals of the servers
 * that are not stalled, since the cluster's own best-fit index cannot leave servers out.
 *
 * <p>{@link #insert}, {@link #remove}, {@link #update}, {@link #ceiling}: O(log n) expected. Arrays are sized
 * at construction; nothing allocates. Not thread-safe.
 */
final class BestFitIndex {
    static final int NONE = -1;

    private final int[] left;
    private final int[] right;
    private final int[] priority;
    private final int[] key;
    private final boolean[] present;
    private int root = NONE;

    BestFitIndex(final int servers) {
        left = new int[servers];
        right = new int[servers];
        priority = new int[servers];
        key = new int[servers];
        present = new boolean[servers];
        for (int s = 0; s < servers; s++) {
            int h = s * 0x9E3779B9;
            h ^= h >>> 16;
            h *= 0x85EBCA6B;
            h ^= h >>> 13;
            priority[s] = h;
        }
    }

    boolean contains(final int server) {
        return present[server];
    }

    void insert(final int server, final int k) {
        assert !present[server] : "server " + server + " already indexed";
        present[server] = true;
        key[server] = k;
        left[server] = NONE;
        right[server] = NONE;
        root = insertAt(root, server);
    }

    void remove(final int server) {
        assert present[server] : "server " + server + " not indexed";
        root = removeAt(root, server);
        present[server] = false;
    }

    /** Moves an indexed server to a new key. */
    void update(final int server, final int k) {
        if (key[server] != k) {
            remove(server);
            insert(server, k);
        }
    }

    /** The server with the least key &gt;= {@code x} (ties: lowest id), or {@link #NONE}. */
    int ceiling(final int x) {
        int best = NONE;
        int node = root;
        while (node != NONE) {
            if (key[node] >= x) {
                best = node;
                node = left[node];
            } else {
                node = right[node];
            }
        }
        return best;
    }

    private boolean precedes(final int a, final int b) {
        return key[a] != key[b] ? key[a] < key[b] : a < b;
    }

    private int insertAt(final int node, final int server) {
        if (node == NONE) {
            return server;
        }
        if (precedes(server, node)) {
            left[node] = insertAt(left[node], server);
            if (priority[left[node]] > priority[node]) {
                final int pivot = left[node];
                left[node] = right[pivot];
                right[pivot] = node;
                return pivot;
            }
        } else {
            right[node] = insertAt(right[node], server);
            if (priority[right[node]] > priority[node]) {
                final int pivot = right[node];
                right[node] = left[pivot];
                left[pivot] = node;
                return pivot;
            }
        }
        return node;
    }

    private int removeAt(final int node, final int server) {
        assert node != NONE : "server " + server + " missing from the best-fit index";
        if (node == server) {
            return merge(left[server], right[server]);
        }
        if (precedes(server, node)) {
            left[node] = removeAt(left[node], server);
        } else {
            right[node] = removeAt(right[node], server);
        }
        return node;
    }

    private int merge(final int a, final int b) {
        if (a == NONE) {
            return b;
        }
        if (b == NONE) {
            return a;
        }
        if (priority[a] > priority[b]) {
            right[a] = merge(right[a], b);
            return a;
        }
        left[b] = merge(a, left[b]);
        return b;
    }

    /** Number of indexed servers by traversal; for tests. */
    int count() {
        return countFrom(root);
    }

    private int countFrom(final int node) {
        return node == NONE ? 0 : 1 + countFrom(left[node]) + countFrom(right[node]);
    }
}
