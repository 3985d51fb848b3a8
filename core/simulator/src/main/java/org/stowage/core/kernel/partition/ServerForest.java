package org.stowage.core.kernel.partition;

import java.util.Arrays;

import org.stowage.core.state.Treaps;

/**
 * A forest of treaps over server ids: every server is in at most one tree, each tree is ordered by server
 * id, and every node keeps the maximum of an {@code int} value over its subtree. Built on the treap toolkit
 * ({@link Treaps}: priorities and rotations), with the maximum restored after each structural step. It answers "the lowest id
 * in tree t whose value is at least x", which is how the partition kernels find the next server of a given
 * virtual-queue type with room for that queue's head.
 *
 * <p>Node priorities are a bijective hash of the id, so the shape is a deterministic function of the ids
 * present and the expected depth is O(log n). Every operation is O(log n) expected: {@link #insert},
 * {@link #remove}, {@link #setValue}, {@link #firstAtLeast}. Arrays are sized at construction (six ints per
 * server plus one per tree); nothing allocates. Not thread-safe.
 */
final class ServerForest {
    static final int NONE = -1;

    private final int[] left;
    private final int[] right;
    private final int[] priority;
    private final int[] value;
    private final int[] max;
    private final int[] treeOf;
    private final int[] root;

    ServerForest(final int servers, final int trees) {
        left = new int[servers];
        right = new int[servers];
        priority = new int[servers];
        value = new int[servers];
        max = new int[servers];
        treeOf = new int[servers];
        root = new int[trees];
        Arrays.fill(treeOf, NONE);
        Arrays.fill(root, NONE);
        for (int s = 0; s < servers; s++) {
            priority[s] = Treaps.priority(s);
        }
    }

    /** The tree holding {@code server}, or {@link #NONE}. */
    int treeOf(final int server) {
        return treeOf[server];
    }

    /** Adds a server that is in no tree to {@code tree} with {@code v}. */
    void insert(final int tree, final int server, final int v) {
        assert treeOf[server] == NONE : "server " + server + " is already in tree " + treeOf[server];
        treeOf[server] = tree;
        value[server] = v;
        max[server] = v;
        left[server] = NONE;
        right[server] = NONE;
        root[tree] = insert(root[tree], server);
    }

    /** Takes {@code server} out of its tree. */
    void remove(final int server) {
        final int tree = treeOf[server];
        assert tree != NONE : "server " + server + " is in no tree";
        root[tree] = remove(root[tree], server);
        treeOf[server] = NONE;
    }

    /** Changes the value of a server that is in a tree. */
    void setValue(final int server, final int v) {
        final int tree = treeOf[server];
        assert tree != NONE : "server " + server + " is in no tree";
        if (value[server] != v) {
            value[server] = v;
            refresh(root[tree], server);
        }
    }

    /** The lowest server id in {@code tree} whose value is at least {@code x}, or {@link #NONE}. */
    int firstAtLeast(final int tree, final int x) {
        int node = root[tree];
        while (node != NONE) {
            final int l = left[node];
            if (l != NONE && max[l] >= x) {
                node = l;
            } else if (value[node] >= x) {
                return node;
            } else {
                final int r = right[node];
                node = r != NONE && max[r] >= x ? r : NONE;
            }
        }
        return NONE;
    }

    /** The lowest server id in {@code tree}, or {@link #NONE}. */
    int first(final int tree) {
        int node = root[tree];
        if (node == NONE) {
            return NONE;
        }
        while (left[node] != NONE) {
            node = left[node];
        }
        return node;
    }

    /** Servers in {@code tree}, by full traversal; for tests. */
    int count(final int tree) {
        return countFrom(root[tree]);
    }

    private int countFrom(final int node) {
        return node == NONE ? 0 : 1 + countFrom(left[node]) + countFrom(right[node]);
    }

    private void pull(final int node) {
        int m = value[node];
        final int l = left[node];
        final int r = right[node];
        if (l != NONE && max[l] > m) {
            m = max[l];
        }
        if (r != NONE && max[r] > m) {
            m = max[r];
        }
        max[node] = m;
    }

    private int insert(final int node, final int server) {
        if (node == NONE) {
            return server;
        }
        if (server < node) {
            left[node] = insert(left[node], server);
            if (priority[left[node]] > priority[node]) {
                return rotateRight(node);
            }
        } else {
            right[node] = insert(right[node], server);
            if (priority[right[node]] > priority[node]) {
                return rotateLeft(node);
            }
        }
        pull(node);
        return node;
    }

    private int remove(final int node, final int server) {
        assert node != NONE : "server " + server + " missing from its tree";
        if (node == server) {
            return merge(left[server], right[server]);
        }
        if (server < node) {
            left[node] = remove(left[node], server);
        } else {
            right[node] = remove(right[node], server);
        }
        pull(node);
        return node;
    }

    private void refresh(final int node, final int server) {
        assert node != NONE : "server " + server + " missing from its tree";
        if (node != server) {
            refresh(server < node ? left[node] : right[node], server);
        }
        pull(node);
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
            pull(a);
            return a;
        }
        left[b] = merge(a, left[b]);
        pull(b);
        return b;
    }

    private int rotateRight(final int node) {
        final int pivot = Treaps.rotateRight(left, right, node);
        pull(node);
        pull(pivot);
        return pivot;
    }

    private int rotateLeft(final int node) {
        final int pivot = Treaps.rotateLeft(left, right, node);
        pull(node);
        pull(pivot);
        return pivot;
    }
}
