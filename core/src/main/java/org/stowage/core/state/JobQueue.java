package org.stowage.core.state;

import java.util.Arrays;

/**
 * A queue of jobs in FIFO order that also answers "largest queued job with size at most r".
 *
 * <p>The queue is intrusive: its links live in the {@link JobTable} (a job is in at most one queue or one
 * server at a time), so any number of queues can share one table (central queue, virtual queues per type,
 * local queues per server).
 *
 * <h2>Structure</h2>
 * <ul>
 *   <li>FIFO order: a doubly linked list in insertion order, through the table's {@code prev}/{@code next}
 *       links; {@link #head()} and {@link #next(int)}.</li>
 *   <li>Size index: one FIFO bucket per exact size in units on the key resource (resource 0), linked
 *       through the table's {@code left}/{@code right} links, with bucket heads and tails in arrays
 *       indexed by size. A 64-ary hierarchy of bitsets marks the non-empty sizes, so "largest size
 *       &lt;= r" is a predecessor search that reads one word per level: O(log<sub>64</sub> U) for a size
 *       universe of U units, about 4 words at the default resolution, independent of the queue length.
 *       Ties between jobs of the largest fitting size go to the one inserted first, which is the earliest
 *       arrival when jobs are enqueued as they arrive.</li>
 * </ul>
 * The universe is {@code [0, universe)}: a queue made by the simulation covers every size that fits some
 * server on resource 0.
 *
 * <h2>Complexity and allocation</h2>
 * {@link #enqueue}, {@link #remove}: O(1) plus O(log<sub>64</sub> U) when a size bucket becomes empty or
 * non-empty. {@link #largestAtMost}, {@link #smallestKeySize}: O(log<sub>64</sub> U). {@link #head},
 * {@link #next}, {@link #size}: O(1).
 * Memory: the bitset levels above the bottom take U/512 bytes; the bottom level and the bucket heads and
 * tails are pages of {@value #PAGE_SIZE} sizes (about 33 KB each) made the first time a size in their range
 * is enqueued and kept for reuse. Once every page a run touches exists, nothing allocates. Not thread-safe.
 */
public final class JobQueue {
    /** The null handle. */
    public static final int NONE = JobTable.NONE;

    static final int PAGE_SIZE = 1 << 12;
    private static final int PAGE_SHIFT = 12;
    private static final int WORDS_PER_PAGE = PAGE_SIZE / 64;

    private final JobTable jobs;
    private final int id;
    private final int universe;
    private int head = NONE;
    private int tail = NONE;
    private int size;

    /** Bucket heads and tails per page of sizes; null until the page is first used. */
    private final int[][] bucketHead;
    private final int[][] bucketTail;
    /** Level 0 of the bitset (one bit per size), paged like the buckets. */
    private final long[][] sizeBits;
    /** Levels 1..: bit i of level k is set when word i of level k - 1 is non-zero. The last has one word. */
    private final long[][] summary;

    /**
     * @param jobs     the table whose jobs this queue holds
     * @param id       an identifier for messages and for schedulers that keep several queues
     * @param universe one more than the largest key-resource size (in units) this queue will hold
     */
    public JobQueue(final JobTable jobs, final int id, final int universe) {
        if (universe < 1) {
            throw new IllegalArgumentException("queue size universe must be >= 1 unit: " + universe);
        }
        this.jobs = jobs;
        this.id = id;
        this.universe = universe;
        final int pages = (int) ((universe + (long) PAGE_SIZE - 1) / PAGE_SIZE);
        bucketHead = new int[pages][];
        bucketTail = new int[pages][];
        sizeBits = new long[pages][];
        int levels = 0;
        for (long bits = (universe + 63L) / 64; bits > 1; bits = (bits + 63) / 64) {
            levels++;
        }
        summary = new long[Math.max(1, levels)][];
        long bits = (universe + 63L) / 64;
        for (int level = 0; level < summary.length; level++) {
            summary[level] = new long[(int) ((bits + 63) / 64)];
            bits = (bits + 63) / 64;
        }
    }

    public int id() {
        return id;
    }

    /** One more than the largest key size this queue can hold. */
    public int universe() {
        return universe;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The earliest-inserted job, or {@link #NONE}. */
    public int head() {
        return head;
    }

    /** The job inserted after {@code job} that is still queued here, or {@link #NONE}. */
    public int next(final int job) {
        assert jobs.state[job] == JobTable.QUEUED : "job " + job + " is not queued";
        return jobs.next[job];
    }

    /**
     * Appends a PENDING job at the tail and indexes it by size.
     *
     * @throws IllegalArgumentException if its key-resource size is outside this queue's universe
     */
    public void enqueue(final int job) {
        final int key = jobs.size[job * jobs.dimensions];
        if (key >= universe) {
            throw new IllegalArgumentException("job " + job + " of size " + key + " units is outside queue " + id
                + ", which holds sizes below " + universe);
        }
        jobs.markQueued(job);
        final int[] prev = jobs.prev;
        final int[] next = jobs.next;
        prev[job] = tail;
        next[job] = NONE;
        if (tail == NONE) {
            head = job;
        } else {
            next[tail] = job;
        }
        tail = job;
        size++;

        final int page = key >>> PAGE_SHIFT;
        final int slot = key & (PAGE_SIZE - 1);
        if (bucketHead[page] == null) {
            allocatePage(page);
        }
        final int last = bucketTail[page][slot];
        jobs.right[job] = NONE;
        if (bucketHead[page][slot] == NONE) {
            jobs.left[job] = NONE;
            bucketHead[page][slot] = job;
            markNonEmpty(key);
        } else {
            jobs.left[job] = last;
            jobs.right[last] = job;
        }
        bucketTail[page][slot] = job;
    }

    /** Removes a job queued here, wherever it is; it becomes PENDING. */
    public void remove(final int job) {
        final int[] prev = jobs.prev;
        final int[] next = jobs.next;
        final int before = prev[job];
        final int after = next[job];
        if (before == NONE) {
            assert head == job : "job " + job + " is not in queue " + id;
            head = after;
        } else {
            next[before] = after;
        }
        if (after == NONE) {
            tail = before;
        } else {
            prev[after] = before;
        }
        prev[job] = NONE;
        next[job] = NONE;
        size--;

        final int key = jobs.size[job * jobs.dimensions];
        final int page = key >>> PAGE_SHIFT;
        final int slot = key & (PAGE_SIZE - 1);
        final int bucketBefore = jobs.left[job];
        final int bucketAfter = jobs.right[job];
        if (bucketBefore == NONE) {
            assert bucketHead[page][slot] == job : "job " + job + " is not in queue " + id;
            bucketHead[page][slot] = bucketAfter;
        } else {
            jobs.right[bucketBefore] = bucketAfter;
        }
        if (bucketAfter == NONE) {
            bucketTail[page][slot] = bucketBefore;
        } else {
            jobs.left[bucketAfter] = bucketBefore;
        }
        if (bucketHead[page][slot] == NONE) {
            markEmpty(key);
        }
        jobs.left[job] = NONE;
        jobs.right[job] = NONE;
        jobs.markDequeued(job);
    }

    /**
     * The largest queued job whose key-resource size is at most {@code units}; among jobs of that size,
     * the one inserted first. {@link #NONE} if no queued job is that small.
     */
    public int largestAtMost(final int units) {
        if (units < 0 || size == 0) {
            return NONE;
        }
        final int key = predecessor(Math.min(units, universe - 1));
        return key < 0 ? NONE : bucketHead[key >>> PAGE_SHIFT][key & (PAGE_SIZE - 1)];
    }

    /** Smallest key-resource size in the queue, or {@link Integer#MAX_VALUE} when empty. */
    public int smallestKeySize() {
        if (size == 0) {
            return Integer.MAX_VALUE;
        }
        final int key = successor(0);
        assert key >= 0;
        return key;
    }

    /** Jobs reachable through the size buckets, by a full walk; for tests. */
    int indexedCount() {
        int count = 0;
        for (int key = size == 0 ? -1 : successor(0); key >= 0; key = key + 1 < universe ? successor(key + 1) : -1) {
            for (int job = bucketHead[key >>> PAGE_SHIFT][key & (PAGE_SIZE - 1)]; job != NONE; job = jobs.right[job]) {
                count++;
            }
        }
        return count;
    }

    private void allocatePage(final int page) {
        bucketHead[page] = new int[PAGE_SIZE];
        bucketTail[page] = new int[PAGE_SIZE];
        Arrays.fill(bucketHead[page], NONE);
        Arrays.fill(bucketTail[page], NONE);
        sizeBits[page] = new long[WORDS_PER_PAGE];
    }

    /** Word {@code index} of bitset level {@code level} (0 = one bit per size). */
    private long word(final int level, final int index) {
        if (level == 0) {
            final long[] page = sizeBits[index / WORDS_PER_PAGE];
            return page == null ? 0L : page[index % WORDS_PER_PAGE];
        }
        return summary[level - 1][index];
    }

    private int levels() {
        return summary.length + 1;
    }

    private void markNonEmpty(final int key) {
        int index = key;
        final long[] page = sizeBits[key >>> PAGE_SHIFT];
        final int wordInPage = (key & (PAGE_SIZE - 1)) >>> 6;
        final boolean wasEmpty = page[wordInPage] == 0;
        page[wordInPage] |= 1L << (key & 63);
        if (!wasEmpty) {
            return;
        }
        index >>>= 6;
        for (final long[] level : summary) {
            final int word = index >>> 6;
            final boolean wordWasEmpty = level[word] == 0;
            level[word] |= 1L << (index & 63);
            if (!wordWasEmpty) {
                return;
            }
            index = word;
        }
    }

    private void markEmpty(final int key) {
        int index = key;
        final long[] page = sizeBits[key >>> PAGE_SHIFT];
        final int wordInPage = (key & (PAGE_SIZE - 1)) >>> 6;
        page[wordInPage] &= ~(1L << (key & 63));
        if (page[wordInPage] != 0) {
            return;
        }
        index >>>= 6;
        for (final long[] level : summary) {
            final int word = index >>> 6;
            level[word] &= ~(1L << (index & 63));
            if (level[word] != 0) {
                return;
            }
            index = word;
        }
    }

    /** Largest non-empty size &lt;= {@code x}, or -1. */
    private int predecessor(final int x) {
        int index = x;
        for (int level = 0; level < levels(); level++) {
            final int word = index >>> 6;
            final long bits = word(level, word) & (-1L >>> (63 - (index & 63)));
            if (bits != 0) {
                int found = (word << 6) + 63 - Long.numberOfLeadingZeros(bits);
                for (int below = level - 1; below >= 0; below--) {
                    found = (found << 6) + 63 - Long.numberOfLeadingZeros(word(below, found));
                }
                return found;
            }
            if (word == 0) {
                return -1;
            }
            index = word - 1;
        }
        return -1;
    }

    /** Smallest non-empty size &gt;= {@code x}, or -1. */
    private int successor(final int x) {
        int index = x;
        for (int level = 0; level < levels(); level++) {
            final int word = index >>> 6;
            final int words = level == 0 ? sizeBits.length * WORDS_PER_PAGE : summary[level - 1].length;
            if (word >= words) {
                return -1;
            }
            final long bits = word(level, word) & (-1L << (index & 63));
            if (bits != 0) {
                int found = (word << 6) + Long.numberOfTrailingZeros(bits);
                for (int below = level - 1; below >= 0; below--) {
                    found = (found << 6) + Long.numberOfTrailingZeros(word(below, found));
                }
                return found;
            }
            index = word + 1;
        }
        return -1;
    }

    @Override
    public String toString() {
        return "JobQueue[" + id + ", size=" + size + ", sizes below " + universe + "]";
    }
}
