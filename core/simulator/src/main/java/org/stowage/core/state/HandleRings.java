package org.stowage.core.state;

import java.util.Arrays;

/**
 * Many FIFO rings of {@code int} handles (job handles, as a rule) sharing one pool of fixed-size chunks:
 * the buckets of a timing wheel, the size buckets of a queue. A ring is a chain of chunks of
 * {@value #CHUNK} ints (64 bytes): {@value #HANDLES_PER_CHUNK} handles and, in the last int, the position
 * of the next chunk. A ring grows by taking one chunk from the pool's free list (LIFO, so the chunk a ring
 * takes is usually the one another ring just gave back, still in cache) and gives each chunk back as its
 * head passes it; the pool grows by whole pages of {@value #PAGE_INTS} ints and never copies a handle.
 * So appending at the tail and taking the head touch the ring's descriptor and one chunk, never the
 * records of the handles' neighbours, and a ring's handles lie side by side, so loads of the records they
 * name can be issued together.
 *
 * <h2>Positions and removal from the middle</h2>
 * {@link #append} returns the handle's <em>position</em>, an index into the pool that stays valid until
 * the handle is removed or the ring is compacted. {@link #remove} at a position that is not the head
 * leaves a tombstone ({@link #NONE}); the head is always a live handle (removing it skips the tombstones
 * behind it). When a ring's tombstones outnumber its live handles (and fill at least a chunk), it is
 * compacted in place, in order, and every handle that moves is reported to the caller's
 * {@link Relocation} with its new position. A ring that empties gives all its chunks back.
 *
 * <h2>Complexity and allocation</h2>
 * {@link #append}, {@link #first}, {@link #removeFirst}, {@link #size}: O(1). {@link #remove}: O(1)
 * amortised (a compaction of a ring of n live and more than n dead handles costs O(n) and follows at
 * least n removals from the middle); O(1) plus the tombstones skipped when it removes the head, each
 * skipped once. Memory: 16 bytes per ring (descriptor pages of {@value #RING_PAGE} rings made the first
 * time a ring of their range is used), and {@value #CHUNK} ints per chunk in use, about
 * {@code 4 * 16 / 15} bytes per live handle plus at most one partly filled chunk per non-empty ring
 * (and the tombstones not yet compacted). Allocates only when the pool needs a new page or a ring of a
 * new descriptor page is first used; a run that has reached its high-water mark allocates nothing.
 * Positions and handles are ints; {@link #NONE} is never a handle. Not thread-safe.
 */
public final class HandleRings {
    /** The null handle and position; also a tombstone in a chunk. */
    public static final int NONE = -1;
    /** Ints per chunk: {@value #HANDLES_PER_CHUNK} handles and the next chunk's position. */
    static final int CHUNK = 16;
    static final int HANDLES_PER_CHUNK = CHUNK - 1;
    private static final int CHUNK_MASK = CHUNK - 1;
    private static final int LINK = CHUNK - 1;
    /** Ints per pool page (4096 chunks, 256 KB). */
    static final int PAGE_INTS = 1 << 16;
    private static final int PAGE_SHIFT = 16;
    private static final int PAGE_MASK = PAGE_INTS - 1;
    /** Rings per descriptor page. */
    static final int RING_PAGE = 1 << 12;
    private static final int RING_SHIFT = 12;
    private static final int RING_MASK = RING_PAGE - 1;
    /** Descriptor fields: the head's position, the tail's (the next append's), live handles, tombstones. */
    private static final int HEAD = 0;
    private static final int TAIL = 1;
    private static final int LIVE = 2;
    private static final int DEAD = 3;
    private static final int FIELDS = 4;

    /** Told of every handle a compaction moves. */
    @FunctionalInterface
    public interface Relocation {
        /** {@code handle} is now at {@code position}. */
        void relocated(int handle, int position);
    }

    private final int rings;
    private final int[][] descriptors;
    private int[][] pool = new int[0][];
    /** Chunks made so far (positions below {@code madeChunks * CHUNK} exist). */
    private int madeChunks;
    private int freeChunk = NONE;
    private int chunksInUse;

    /** @param rings number of rings, identified by {@code [0, rings)} */
    public HandleRings(final int rings) {
        if (rings < 1) {
            throw new IllegalArgumentException("handle rings: need at least one ring: " + rings);
        }
        this.rings = rings;
        descriptors = new int[(int) ((rings + (long) RING_PAGE - 1) >>> RING_SHIFT)][];
    }

    /** Number of rings. */
    public int rings() {
        return rings;
    }

    /** Appends {@code handle} (not {@link #NONE}) at the tail of {@code ring}; returns its position. */
    public int append(final int ring, final int handle) {
        assert handle != NONE : "NONE is not a handle";
        final int[] page = descriptorPage(ring);
        final int at = FIELDS * (ring & RING_MASK);
        int tail = page[at + TAIL];
        if (page[at + LIVE] == 0) {
            tail = takeChunk();
            page[at + HEAD] = tail;
        }
        final int[] chunkPage = pool[tail >>> PAGE_SHIFT];
        final int offset = tail & PAGE_MASK;
        chunkPage[offset] = handle;
        int next = tail + 1;
        if ((next & CHUNK_MASK) == LINK) {
            // The chunk is full: link the next one now, so that the tail is always a slot to write.
            final int fresh = takeChunk();
            chunkPage[offset + 1] = fresh;
            next = fresh;
        }
        page[at + TAIL] = next;
        page[at + LIVE]++;
        return tail;
    }

    /** The handle at the head of {@code ring}, or {@link #NONE} if it is empty. */
    public int first(final int ring) {
        final int[] page = descriptors[ring >>> RING_SHIFT];
        if (page == null) {
            return NONE;
        }
        final int at = FIELDS * (ring & RING_MASK);
        return page[at + LIVE] == 0 ? NONE : handleAt(page[at + HEAD]);
    }

    /** The position of the head of {@code ring}, or {@link #NONE} if it is empty. */
    public int firstPosition(final int ring) {
        final int[] page = descriptors[ring >>> RING_SHIFT];
        if (page == null) {
            return NONE;
        }
        final int at = FIELDS * (ring & RING_MASK);
        return page[at + LIVE] == 0 ? NONE : page[at + HEAD];
    }

    /** The handle at {@code position}, or {@link #NONE} for a tombstone. */
    public int handleAt(final int position) {
        return pool[position >>> PAGE_SHIFT][position & PAGE_MASK];
    }

    /**
     * The position of the next live handle after {@code position} in {@code ring}, or {@link #NONE}: in-order
     * iteration from {@link #firstPosition}. O(1) plus the tombstones skipped.
     */
    public int nextPosition(final int ring, final int position) {
        final int[] page = descriptors[ring >>> RING_SHIFT];
        final int tail = page[FIELDS * (ring & RING_MASK) + TAIL];
        int p = position;
        do {
            p = step(p);
            if (p == tail) {
                return NONE;
            }
        } while (handleAt(p) == NONE);
        return p;
    }

    /** Live handles in {@code ring}. */
    public int size(final int ring) {
        final int[] page = descriptors[ring >>> RING_SHIFT];
        return page == null ? 0 : page[FIELDS * (ring & RING_MASK) + LIVE];
    }

    /** Tombstones in {@code ring} not yet compacted away; for tests and memory accounting. */
    int tombstones(final int ring) {
        final int[] page = descriptors[ring >>> RING_SHIFT];
        return page == null ? 0 : page[FIELDS * (ring & RING_MASK) + DEAD];
    }

    /** Removes and returns the head of {@code ring}, or returns {@link #NONE} if it is empty. */
    public int removeFirst(final int ring) {
        final int[] page = descriptors[ring >>> RING_SHIFT];
        if (page == null) {
            return NONE;
        }
        final int at = FIELDS * (ring & RING_MASK);
        if (page[at + LIVE] == 0) {
            return NONE;
        }
        final int head = page[at + HEAD];
        final int handle = handleAt(head);
        dropHead(page, at, head);
        return handle;
    }

    /**
     * Removes the live handle at {@code position} of {@code ring}: the head is taken (and the tombstones
     * behind it skipped), any other leaves a tombstone. May compact the ring, telling {@code relocation}
     * of every handle that moves; {@code relocation} may be null only for a ring whose handles are taken
     * from the head alone.
     */
    public void remove(final int ring, final int position, final Relocation relocation) {
        final int[] page = descriptors[ring >>> RING_SHIFT];
        final int at = FIELDS * (ring & RING_MASK);
        assert page != null && page[at + LIVE] > 0 && handleAt(position) != NONE
            : "no live handle at position " + position + " of ring " + ring;
        final int head = page[at + HEAD];
        if (position == head) {
            dropHead(page, at, head);
        } else {
            pool[position >>> PAGE_SHIFT][position & PAGE_MASK] = NONE;
            page[at + LIVE]--;
            page[at + DEAD]++;
        }
        final int dead = page[at + DEAD];
        if (dead >= HANDLES_PER_CHUNK && dead > page[at + LIVE]) {
            compact(page, at, relocation);
        }
    }

    /** Chunks held by rings now. */
    public int chunksInUse() {
        return chunksInUse;
    }

    /** Bytes this structure holds: descriptor pages and pool pages (in use or free). */
    public long bytes() {
        long bytes = (long) pool.length * PAGE_INTS * Integer.BYTES;
        for (final int[] page : descriptors) {
            if (page != null) {
                bytes += (long) page.length * Integer.BYTES;
            }
        }
        return bytes;
    }

    /** Takes the head at {@code head} out: the next live handle becomes the head, or the ring empties. */
    private void dropHead(final int[] page, final int at, final int head) {
        final int live = --page[at + LIVE];
        if (live == 0) {
            releaseChain(head, page[at + TAIL]);
            page[at + DEAD] = 0;
            page[at + HEAD] = NONE;
            page[at + TAIL] = NONE;
            return;
        }
        int p = stepGivingBack(head);
        int dead = page[at + DEAD];
        while (handleAt(p) == NONE) { // a tombstone: live handles remain, so one follows
            dead--;
            p = stepGivingBack(p);
        }
        page[at + DEAD] = dead;
        page[at + HEAD] = p;
    }

    /** Gives back every chunk from the one holding {@code from} to the one holding {@code tail}. */
    private void releaseChain(final int from, final int tail) {
        final int last = tail & ~CHUNK_MASK;
        int chunk = from & ~CHUNK_MASK;
        while (chunk != last) {
            final int following = handleAt(chunk + LINK);
            giveBack(chunk);
            chunk = following;
        }
        giveBack(last);
    }

    /** Moves the live handles of a ring to its front, in order, and gives back the chunks left over. */
    private void compact(final int[] page, final int at, final Relocation relocation) {
        if (relocation == null) {
            throw new IllegalStateException("handle rings: a ring with removals from the middle needs a relocation");
        }
        final int tail = page[at + TAIL];
        int read = page[at + HEAD];
        int write = read;
        while (read != tail) {
            final int handle = handleAt(read);
            if (handle != NONE) {
                if (write != read) {
                    pool[write >>> PAGE_SHIFT][write & PAGE_MASK] = handle;
                    relocation.relocated(handle, write);
                }
                write = step(write);
            }
            read = step(read);
        }
        final int kept = write & ~CHUNK_MASK;
        if (kept != (tail & ~CHUNK_MASK)) {
            releaseChain(handleAt(kept + LINK), tail);
        }
        page[at + TAIL] = write;
        page[at + DEAD] = 0;
    }

    /** The position after {@code position}, giving its chunk back when the step leaves it. */
    private int stepGivingBack(final int position) {
        final int following = position + 1;
        if ((following & CHUNK_MASK) != LINK) {
            return following;
        }
        final int next = handleAt(following);
        giveBack(following - LINK);
        return next;
    }

    /** The position after {@code position} in its chain. */
    private int step(final int position) {
        final int following = position + 1;
        return (following & CHUNK_MASK) == LINK ? handleAt(following) : following;
    }

    private int takeChunk() {
        chunksInUse++;
        final int chunk = freeChunk;
        if (chunk != NONE) {
            freeChunk = handleAt(chunk + LINK);
            return chunk;
        }
        final int made = madeChunks * CHUNK;
        if ((made & PAGE_MASK) == 0) {
            final int index = made >>> PAGE_SHIFT;
            if (index >= (Integer.MAX_VALUE >>> PAGE_SHIFT)) {
                throw new IllegalStateException("handle rings: the pool is full at " + madeChunks + " chunks");
            }
            pool = Arrays.copyOf(pool, index + 1);
            pool[index] = new int[PAGE_INTS];
        }
        madeChunks++;
        return made;
    }

    private void giveBack(final int chunk) {
        chunksInUse--;
        pool[chunk >>> PAGE_SHIFT][(chunk & PAGE_MASK) + LINK] = freeChunk;
        freeChunk = chunk;
    }

    private int[] descriptorPage(final int ring) {
        if (ring < 0 || ring >= rings) {
            throw new IllegalArgumentException("handle rings: ring " + ring + " is outside [0, " + rings + ")");
        }
        int[] page = descriptors[ring >>> RING_SHIFT];
        if (page == null) {
            page = new int[FIELDS * RING_PAGE];
            for (int i = 0; i < RING_PAGE; i++) {
                page[FIELDS * i + HEAD] = NONE;
                page[FIELDS * i + TAIL] = NONE;
            }
            descriptors[ring >>> RING_SHIFT] = page;
        }
        return page;
    }
}
