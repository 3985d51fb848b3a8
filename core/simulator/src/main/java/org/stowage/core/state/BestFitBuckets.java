package org.stowage.core.state;

import java.util.Arrays;

/**
 * The best-fit index of one resource: servers grouped by exact residual, answering "the server with the
 * least residual &gt;= x, ties to the lowest index". {@link ServerTable} keeps one over every server for D = 1;
 * a kernel can keep one over a subset of the servers (the stalling BF-J/S indexes the servers that are not
 * stalled), since it holds each server under the key it was last given ({@link #keyOf}).
 *
 * <h2>Structure</h2>
 * <ul>
 *   <li>A {@link SuccessorBitset} over residual values {@code [0, universe)} marks the residuals some
 *       server has, so the least residual &gt;= x is a successor search: one word per level, about 4 words
 *       at the default resolution.</li>
 *   <li>Each such residual has a bucket: a treap of its servers keyed by server index (priorities a
 *       bijective hash of the index, {@link Treaps#priority}), so the lowest index is its leftmost node.
 *       With fine sizes almost every bucket holds one server and costs O(1); the bucket of empty servers,
 *       or the few buckets of a discrete size distribution, can hold thousands and cost O(log b).</li>
 *   <li>The bucket roots are found through an open-addressing hash table from residual to root (linear
 *       probing, deletion by backward shift), at most a quarter full so that probe runs stay short, so memory stays O(L) however large the
 *       residual universe.</li>
 * </ul>
 *
 * <h2>Complexity and allocation</h2>
 * {@link #add}, {@link #remove}: O(1) expected for the hash probe, O(log b) expected in a bucket of b
 * servers, O(log<sub>64</sub> U) when a residual appears or disappears. {@link #leastAtLeast}:
 * O(log<sub>64</sub> U + log b). Memory: 16 bytes per server (children, priority, key), 32 bytes per server
 * for the hash table (at least four times as many slots as servers, 8 bytes each), and the bitset (U/512 bytes
 * plus the level-0 pages the run touches, at most U/8). Only {@link #add} allocates, and only the first
 * time a bitset page is used; every array is sized at construction. Not thread-safe.
 */
public final class BestFitBuckets {
    /** The null server; also the key of a server that is not indexed. */
    public static final int NONE = -1;
    /** A free hash slot's key; residuals are never negative. */
    private static final int FREE = -1;

    private final SuccessorBitset residuals;
    private final int[] left;
    private final int[] right;
    private final int[] priority;
    /** The key each indexed server is held under, or {@link #NONE}. */
    private final int[] keyOf;
    /** Open addressing: residual at {@code table[2 * i]}, its bucket's root at {@code table[2 * i + 1]}. */
    private final int[] table;
    private final int mask;
    private final int shift;

    /**
     * @param servers  number of servers, indexed {@code [0, servers)}
     * @param universe one more than the largest residual
     */
    public BestFitBuckets(final int servers, final int universe) {
        residuals = new SuccessorBitset(universe);
        left = new int[servers];
        right = new int[servers];
        priority = new int[servers];
        keyOf = new int[servers];
        Arrays.fill(left, NONE);
        Arrays.fill(right, NONE);
        Arrays.fill(keyOf, NONE);
        for (int s = 0; s < servers; s++) {
            priority[s] = Treaps.priority(s);
        }
        int slots = 16;
        while (slots < 4L * servers) {
            slots <<= 1;
        }
        table = new int[2 * slots];
        Arrays.fill(table, FREE);
        mask = slots - 1;
        shift = 32 - Integer.numberOfTrailingZeros(slots);
    }

    /** Whether {@code server} is indexed. */
    public boolean contains(final int server) {
        return keyOf[server] != NONE;
    }

    /** The key {@code server} is indexed under, or {@link #NONE}. */
    public int keyOf(final int server) {
        return keyOf[server];
    }

    /** Moves an indexed server to {@code residual} (nothing to do when its key is already that). */
    public void update(final int server, final int residual) {
        if (keyOf[server] != residual) {
            remove(server);
            add(server, residual);
        }
    }

    /** Indexes {@code server} (not indexed now) under {@code residual}. */
    public void add(final int server, final int residual) {
        assert keyOf[server] == NONE : "server " + server + " is already indexed";
        assert residual >= 0 : residual;
        keyOf[server] = residual;
        left[server] = NONE;
        right[server] = NONE;
        int slot = home(residual);
        while (true) {
            final int key = table[2 * slot];
            if (key == residual) {
                table[2 * slot + 1] = Treaps.insertById(left, right, priority, table[2 * slot + 1], server);
                return;
            }
            if (key == FREE) {
                table[2 * slot] = residual;
                table[2 * slot + 1] = server;
                residuals.add(residual);
                return;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Removes an indexed server. */
    public void remove(final int server) {
        final int residual = keyOf[server];
        assert residual != NONE : "server " + server + " is not indexed";
        keyOf[server] = NONE;
        final int slot = find(residual);
        assert slot >= 0 : "no server has residual " + residual;
        final int root = Treaps.deleteById(left, right, priority, table[2 * slot + 1], server);
        if (root != NONE) {
            table[2 * slot + 1] = root;
            return;
        }
        residuals.remove(residual);
        deleteSlot(slot);
    }

    /** The server with the least residual &gt;= {@code units}, ties to the lowest index, or {@link #NONE}. */
    public int leastAtLeast(final int units) {
        final int residual = residuals.successor(units);
        if (residual < 0) {
            return NONE;
        }
        int node = table[2 * find(residual) + 1];
        for (int next = left[node]; next != NONE; next = left[next]) {
            node = next;
        }
        return node;
    }

    /** Servers indexed, by traversal of every bucket; for tests. */
    int count() {
        int count = 0;
        for (int slot = 0; slot <= mask; slot++) {
            if (table[2 * slot] != FREE) {
                count += Treaps.count(left, right, table[2 * slot + 1]);
            }
        }
        return count;
    }

    private int home(final int residual) {
        return (residual * 0x9E3779B9) >>> shift;
    }

    /** The hash slot of {@code residual}, or -1. */
    private int find(final int residual) {
        int slot = home(residual);
        while (true) {
            final int key = table[2 * slot];
            if (key == residual) {
                return slot;
            }
            if (key == FREE) {
                return -1;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Frees a slot, shifting back later entries of the probe run that would no longer be found. */
    private void deleteSlot(final int freed) {
        int hole = freed;
        int slot = freed;
        while (true) {
            slot = (slot + 1) & mask;
            final int key = table[2 * slot];
            if (key == FREE) {
                break;
            }
            final int home = home(key);
            // the entry may move to the hole if its home is not in the cyclic range (hole, slot]
            if (((slot - home) & mask) >= ((slot - hole) & mask)) {
                table[2 * hole] = key;
                table[2 * hole + 1] = table[2 * slot + 1];
                hole = slot;
            }
        }
        table[2 * hole] = FREE;
        table[2 * hole + 1] = NONE;
    }
}
