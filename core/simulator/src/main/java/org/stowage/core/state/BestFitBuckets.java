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
 *       With fine sizes almost every bucket holds one server and costs O(1); the bucket of full servers
 *       (residual 0, a quarter of a loaded cluster of 10,000 servers, measured), the bucket of empty
 *       servers, or the few buckets of a discrete size distribution, hold thousands.</li>
 *   <li>A bucket that reaches {@value #TO_SET} servers becomes a {@link SuccessorBitset} over server
 *       index (lowest index: a successor search from 0), which moves a server in and out in a few word
 *       operations where the treap of 2,700 full servers took about 16 levels of recursion; it becomes a
 *       treap again when it falls to {@value #TO_TREAP} (the gap keeps a bucket near a threshold from
 *       converting back and forth). At most {@value #MAX_SETS} buckets are sets at once; a larger bucket
 *       beyond them stays a treap. Either form gives the same answer.</li>
 *   <li>The bucket roots are found through an open-addressing hash table from residual to root (linear
 *       probing, deletion by backward shift), at most a quarter full so that probe runs stay short, so memory stays
 * O(L) however large the
 *       residual universe.</li>
 * </ul>
 *
 * <h2>Complexity and allocation</h2>
 * {@link #add}, {@link #remove}: O(1) expected for the hash probe, O(log b) expected in a treap bucket of
 * b servers (b &lt; {@value #TO_SET}), O(log<sub>64</sub> L) in a set bucket, O(log<sub>64</sub> U) when a
 * residual appears or disappears; a conversion costs O(b log b) once per {@value #TO_SET} -
 * {@value #TO_TREAP} moves at least. {@link #leastAtLeast}: O(log<sub>64</sub> U + log b), or
 * O(log<sub>64</sub> U + log<sub>64</sub> L) for a set bucket. Memory: 16 bytes per server (children,
 * priority, key), 48 bytes per server for the hash table (at least four times as many slots as servers,
 * 12 bytes each: residual, root, count), the residual bitset (U/512 bytes plus the level-0 pages the run
 * touches, at most U/8), and per set bucket a bitset over the servers (at most L/8 + L/512 bytes, made
 * the first time that many buckets are sets at once and reused after). Only {@link #add} allocates: a
 * bitset page's first use (of the residual bitset, or of a set bucket's bitset, reused sets included: a
 * page of 512 bytes the first time a server of that page enters it), and a set bucket beyond the most the
 * run has held at once. Not thread-safe.
 */
public final class BestFitBuckets {
    /** The null server; also the key of a server that is not indexed. */
    public static final int NONE = -1;
    /** A free hash slot's key; residuals are never negative. */
    private static final int FREE = -1;
    /** Servers at which a treap bucket becomes a set of server indices. */
    static final int TO_SET = 32;
    /** Servers at which a set bucket becomes a treap again. */
    static final int TO_TREAP = 8;
    /** Most buckets held as sets at once (bounds their memory at {@code MAX_SETS * L / 8} bytes). */
    static final int MAX_SETS = 64;
    /** Hash slot stride: residual, root (a treap's root server, or {@link #setRoot} of a set), servers. */
    private static final int STRIDE = 3;

    private final SuccessorBitset residuals;
    private final int[] left;
    private final int[] right;
    private final int[] priority;
    /** The key each indexed server is held under, or {@link #NONE}. */
    private final int[] keyOf;
    /**
     * Open addressing: residual at {@code table[3 * i]}, its bucket's root at {@code + 1} (a server, the
     * treap's root, when {@code >= 0}; a set bucket's {@link #setRoot} when negative), its servers at
     * {@code + 2}.
     */
    private final int[] table;
    private final int mask;
    private final int shift;
    private final int servers;
    /** Set buckets' bitsets by set number; null until first needed. */
    private final SuccessorBitset[] sets = new SuccessorBitset[MAX_SETS];
    /** Set numbers not in use (a stack), and how many. */
    private final int[] freeSets = new int[MAX_SETS];
    private int freeSetCount;
    /** Set numbers handed out so far (the high-water mark). */
    private int setsMade;

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
        table = new int[STRIDE * slots];
        Arrays.fill(table, FREE);
        this.servers = servers;
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
            final int at = STRIDE * slot;
            final int key = table[at];
            if (key == residual) {
                final int root = table[at + 1];
                final int count = ++table[at + 2];
                if (root < 0) {
                    sets[setOf(root)].add(server);
                } else if (count >= TO_SET && (freeSetCount > 0 || setsMade < MAX_SETS)) {
                    table[at + 1] = toSet(root, server);
                } else {
                    table[at + 1] = Treaps.insertById(left, right, priority, root, server);
                }
                return;
            }
            if (key == FREE) {
                table[at] = residual;
                table[at + 1] = server;
                table[at + 2] = 1;
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
        final int at = STRIDE * slot;
        final int root = table[at + 1];
        final int count = --table[at + 2];
        if (root < 0) {
            sets[setOf(root)].remove(server);
            if (count <= TO_TREAP) {
                table[at + 1] = toTreap(root);
            }
            return;
        }
        final int newRoot = Treaps.deleteById(left, right, priority, root, server);
        if (newRoot != NONE) {
            table[at + 1] = newRoot;
            return;
        }
        residuals.remove(residual);
        deleteSlot(slot);
    }

    /**
     * Moves a treap bucket and a server joining it into a set; returns the set's root. Allocates a bitset
     * only beyond the most set buckets held at once so far.
     */
    private int toSet(final int root, final int server) {
        final int set;
        if (freeSetCount > 0) {
            set = freeSets[--freeSetCount];
        } else {
            set = setsMade++;
            sets[set] = new SuccessorBitset(servers);
        }
        final SuccessorBitset members = sets[set];
        moveIntoSet(root, members);
        members.add(server);
        return setRoot(set);
    }

    /** Adds a treap's servers to {@code members} and clears their links. Recursion depth: the treap's. */
    private void moveIntoSet(final int node, final SuccessorBitset members) {
        if (node == NONE) {
            return;
        }
        moveIntoSet(left[node], members);
        moveIntoSet(right[node], members);
        left[node] = NONE;
        right[node] = NONE;
        members.add(node);
    }

    /** Moves a set bucket's servers into a treap and frees the set; returns the treap's root. */
    private int toTreap(final int root) {
        final int set = setOf(root);
        final SuccessorBitset members = sets[set];
        int treap = NONE;
        for (int server = members.successor(0); server >= 0; server = members.successor(server + 1)) {
            members.remove(server);
            treap = Treaps.insertById(left, right, priority, treap, server);
        }
        freeSets[freeSetCount++] = set;
        return treap;
    }

    /** The root value standing for set number {@code set}: below {@link #NONE}, so never a server. */
    private static int setRoot(final int set) {
        return -2 - set;
    }

    private static int setOf(final int root) {
        return -2 - root;
    }

    /** The server with the least residual &gt;= {@code units}, ties to the lowest index, or {@link #NONE}. */
    public int leastAtLeast(final int units) {
        final int residual = residuals.successor(units);
        if (residual < 0) {
            return NONE;
        }
        int node = table[STRIDE * find(residual) + 1];
        if (node < 0) {
            return sets[setOf(node)].successor(0);
        }
        for (int next = left[node]; next != NONE; next = left[next]) {
            node = next;
        }
        return node;
    }

    /** Buckets held as sets now; for tests. */
    int setBuckets() {
        return setsMade - freeSetCount;
    }

    /** Servers indexed, by traversal of every bucket; for tests. */
    int count() {
        int count = 0;
        for (int slot = 0; slot <= mask; slot++) {
            final int at = STRIDE * slot;
            if (table[at] == FREE) {
                continue;
            }
            final int root = table[at + 1];
            int members = 0;
            if (root < 0) {
                final SuccessorBitset set = sets[setOf(root)];
                for (int server = set.successor(0); server >= 0; server = set.successor(server + 1)) {
                    members++;
                }
            } else {
                members = Treaps.count(left, right, root);
            }
            assert members == table[at + 2] : "bucket of residual " + table[at] + " counts " + table[at + 2]
                + " servers but holds " + members;
            count += members;
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
            final int key = table[STRIDE * slot];
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
            final int key = table[STRIDE * slot];
            if (key == FREE) {
                break;
            }
            final int home = home(key);
            // the entry may move to the hole if its home is not in the cyclic range (hole, slot]
            if (((slot - home) & mask) >= ((slot - hole) & mask)) {
                table[STRIDE * hole] = key;
                table[STRIDE * hole + 1] = table[STRIDE * slot + 1];
                table[STRIDE * hole + 2] = table[STRIDE * slot + 2];
                hole = slot;
            }
        }
        table[STRIDE * hole] = FREE;
        table[STRIDE * hole + 1] = NONE;
        table[STRIDE * hole + 2] = 0;
    }
}
