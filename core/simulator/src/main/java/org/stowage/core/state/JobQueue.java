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
 *   <li>Size index: one FIFO bucket per exact size in units on the key resource (resource 0), two ints
 *       side by side in one array indexed by size (one cache line per bucket touched). A bucket of up to
 *       {@value #LINE} jobs holds their handles there, in insertion order (a <i>line</i>): at
 *       10<sup>6</sup> queued jobs over 800,000 sizes most buckets are that short, and their enqueues and
 *       removals touch the bucket and the job's own record, no other job's. A third job turns the bucket
 *       into a <i>chain</i> linked through the table's {@code left}/{@code right} links, the bucket holding
 *       its head and its tail (encoded {@code -2 - tail}, which tells a chain from a line); it stays a chain
 *       until it empties. The chain's head is recognised by the bucket, not by its links, so taking the
 *       head writes no neighbour's record: the new head's {@code left} is left stale and never read. A
 *       64-ary hierarchy of bitsets ({@link SuccessorBitset}) marks the non-empty sizes, so "largest size
 *       &lt;= r" is a predecessor search that reads one word per level: O(log<sub>64</sub> U) for a size
 *       universe of U units, about 4 words at the default resolution, independent of the queue length.
 *       Ties between jobs of the largest fitting size go to the one inserted first, which is the earliest
 *       arrival when jobs are enqueued as they arrive.</li>
 * </ul>
 * The universe is {@code [0, universe)}: a queue made by the simulation covers every size that fits some
 * server on resource 0.
 *
 * <h2>Order kept ({@link Order})</h2>
 * <ul>
 *   <li>{@link Order#ARRIVAL}: the FIFO list above, for kernels that walk the queue in arrival order
 *       (BF-J, FIFO-FF).</li>
 *   <li>{@link Order#NONE}: no FIFO list, for kernels that only ask {@link #largestAtMost} (BF-S);
 *       {@link #head()} and {@link #next(int)} throw. Enqueue and removal then touch only the job, its
 *       bucket and, in a chain, its bucket neighbours, not its FIFO neighbours, which at a million queued
 *       jobs are two cache misses per removal (the FIFO list links jobs that arrived next to each other,
 *       whose records are long evicted).</li>
 *   <li>{@link Order#RECENT}: the FIFO list holds only the jobs enqueued since the last
 *       {@link #forgetRecent()} ({@link #recentHead()}, {@link #recentNext(int)}), for kernels that
 *       visit each slot's arrivals in order (BF-J/S): the list's members are the slot's arrivals, still
 *       in cache, and the kernel needs no buffer of its own (a buffer of handles held the capacity of the
 *       largest slot: 40 MB for a batch of 10^7 jobs).</li>
 * </ul>
 * The size buckets keep insertion order in every mode, so every answer is the same.
 *
 * <h2>Complexity and allocation</h2>
 * {@link #enqueue}, {@link #remove}: O(1) plus O(log<sub>64</sub> U) when a size bucket becomes empty or
 * non-empty. Records written besides the job's own: an enqueue, none into a line, the two line jobs' when
 * it makes a chain, the old tail's into a chain; a removal, none from a line or a chain's head, its chain
 * neighbours' from elsewhere in a chain. {@link #largestAtMost}, {@link #smallestKeySize}:
 * O(log<sub>64</sub> U), and O(1) when the answer is "nothing that small": the smallest queued size is
 * cached (refreshed lazily after the smallest job leaves), which is the usual last query of a best-fit fill.
 * {@link #head}, {@link #next}, {@link #size}: O(1).
 * Memory: nothing per job beyond its record in the table. The bitset levels above the bottom take U/512
 * bytes; the bottom level and the buckets (two ints per size) are pages of {@value #PAGE_SIZE} sizes (about
 * 33 KB each) made the first time a size in their range is enqueued and kept for reuse. Once every page a
 * run touches exists, nothing allocates. Not thread-safe.
 */
public final class JobQueue implements JobQueueView {
    static final int PAGE_SIZE = 1 << 12;
    private static final int PAGE_SHIFT = 12;
    /** Jobs a bucket holds as handles (a line) before it becomes a chain. */
    static final int LINE = 2;

    private final JobTable jobs;
    private final int id;
    private final int universe;
    private final QueueChanges changes;
    /** Which jobs the FIFO list holds (see the class comment). */
    public enum Order {
        /** Every queued job, in insertion order. */
        ARRIVAL,
        /** The jobs inserted since the last {@link #forgetRecent()} and still queued, in insertion order. */
        RECENT,
        /** None: the queue answers size queries only. */
        NONE
    }

    /** {@link Order#ARRIVAL}: {@link #head}, {@link #next} allowed. */
    private final boolean arrivalOrder;
    /** {@link Order#ARRIVAL} or {@link Order#RECENT}: the FIFO list is kept. */
    private final boolean listed;
    private int head = NONE;
    private int tail = NONE;
    private int size;

    /**
     * The buckets per page of sizes, two ints each: size {@code key}'s first int at
     * {@code buckets[page][2 * slot]} is its head (the earliest job, {@link #NONE} when empty); the second
     * is the line's second job or {@link #NONE} for a line, {@code -2 - tail} for a chain. Null until the
     * page is first used.
     */
    private final int[][] buckets;
    /** The sizes whose bucket is non-empty. */
    private final SuccessorBitset sizes;
    /** The smallest queued key size when {@link #smallestKnown}; {@link Integer#MAX_VALUE} when empty. */
    private int smallestKey = Integer.MAX_VALUE;
    private boolean smallestKnown = true;

    /**
     * @param jobs     the table whose jobs this queue holds
     * @param id       an identifier for messages and for schedulers that keep several queues
     * @param universe one more than the largest key-resource size (in units) this queue will hold
     * @param changes  where length changes are recorded
     */
    public JobQueue(final JobTable jobs, final int id, final int universe, final QueueChanges changes) {
        this(jobs, id, universe, changes, Order.ARRIVAL);
    }

    /**
     * @param jobs         the table whose jobs this queue holds
     * @param id           an identifier for messages and for schedulers that keep several queues
     * @param universe     one more than the largest key-resource size (in units) this queue will hold
     * @param changes      where length changes are recorded
     * @param order        which jobs the FIFO list holds
     */
    public JobQueue(final JobTable jobs, final int id, final int universe, final QueueChanges changes,
                    final Order order) {
        if (universe < 1) {
            throw new IllegalArgumentException("queue size universe must be >= 1 unit: " + universe);
        }
        this.jobs = jobs;
        this.id = id;
        this.universe = universe;
        this.changes = changes;
        this.arrivalOrder = order == Order.ARRIVAL;
        this.listed = order != Order.NONE;
        buckets = new int[(int) ((universe + (long) PAGE_SIZE - 1) / PAGE_SIZE)][];
        sizes = new SuccessorBitset(universe);
    }

    /** A queue of its own, outside any simulation (tests, tools). */
    public JobQueue(final JobTable jobs, final int id, final int universe) {
        this(jobs, id, universe, new QueueChanges());
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    /** Whether this queue keeps arrival order ({@link #head}, {@link #next}). */
    public boolean keepsArrivalOrder() {
        return arrivalOrder;
    }

    /**
     * The earliest job enqueued since the last {@link #forgetRecent()} that is still queued, or {@link #NONE}
     * ({@link Order#RECENT} queues only).
     */
    public int recentHead() {
        requireRecent();
        return head;
    }

    /** The recent job enqueued after {@code job} that is still queued, or {@link #NONE}. */
    public int recentNext(final int job) {
        requireRecent();
        assert jobs.rawState(job) == JobTable.QUEUED : "job " + job + " is not queued";
        return jobs.next(job);
    }

    /**
     * Empties the list of recent jobs (they stay queued). O(recent jobs), which are in cache: the kernel
     * has just visited them.
     */
    public void forgetRecent() {
        requireRecent();
        for (int job = head; job != NONE; ) {
            final int following = jobs.next(job);
            jobs.setPrev(job, NONE);
            jobs.setNext(job, NONE);
            job = following;
        }
        head = NONE;
        tail = NONE;
    }

    /** @throws IllegalStateException if this queue keeps no arrival order */
    @Override
    public int head() {
        requireArrivalOrder();
        return head;
    }

    /** @throws IllegalStateException if this queue keeps no arrival order */
    @Override
    public int next(final int job) {
        requireArrivalOrder();
        assert jobs.rawState(job) == JobTable.QUEUED : "job " + job + " is not queued";
        return jobs.next(job);
    }

    /**
     * Appends a PENDING job at the tail and indexes it by size.
     *
     * @throws IllegalArgumentException if its key-resource size is outside this queue's universe
     */
    @Override
    public void enqueue(final int job) {
        final int key = jobs.keySize(job);
        if (key >= universe) {
            throw new IllegalArgumentException("job " + job + " of size " + key + " units is outside queue " + id
                + ", which holds sizes below " + universe);
        }
        jobs.markQueued(job);
        if (listed) {
            jobs.setPrev(job, tail);
            jobs.setNext(job, NONE);
            if (tail == NONE) {
                head = job;
            } else {
                jobs.setNext(tail, job);
            }
            tail = job;
        }
        size++;
        changes.touched(id);

        int[] page = buckets[key >>> PAGE_SHIFT];
        if (page == null) {
            page = allocatePage(key >>> PAGE_SHIFT);
        }
        final int headAt = 2 * (key & (PAGE_SIZE - 1));
        jobs.setLeft(job, NONE);
        jobs.setRight(job, NONE);
        // Ask the bitset (a hundred KB, cache-resident) whether the bucket is empty rather than load the
        // bucket (megabytes, usually a cache miss): a new bucket is then only written, never read.
        if (!sizes.contains(key)) {
            page[headAt] = job;
            sizes.add(key);
            if (key < smallestKey) {
                smallestKey = key; // still a lower bound when not known; exact when known
            }
            return;
        }
        final int second = page[headAt + 1];
        final int last;
        if (second == NONE) {
            page[headAt + 1] = job; // a line of two
            return;
        } else if (second >= 0) {
            link(page[headAt], second); // a line of two becomes a chain of three
            last = second;
        } else {
            last = chainTail(second);
        }
        link(last, job);
        page[headAt + 1] = chainTail(job);
    }

    @Override
    public void remove(final int job) {
        assert jobs.rawState(job) == JobTable.QUEUED : "job " + job + " is not queued";
        if (listed) {
            final int before = jobs.prev(job);
            if (before != NONE || head == job) {
                final int after = jobs.next(job);
                if (before == NONE) {
                    head = after;
                } else {
                    jobs.setNext(before, after);
                }
                if (after == NONE) {
                    tail = before;
                } else {
                    jobs.setPrev(after, before);
                }
                jobs.setPrev(job, NONE);
                jobs.setNext(job, NONE);
            } else {
                assert !arrivalOrder : "job " + job + " is not in queue " + id;
            }
        }
        size--;

        final int key = jobs.keySize(job);
        final int[] page = buckets[key >>> PAGE_SHIFT];
        final int headAt = 2 * (key & (PAGE_SIZE - 1));
        final int first = page[headAt];
        final int second = page[headAt + 1];
        if (second >= NONE) { // a line
            if (first == job) {
                page[headAt] = second;
            } else {
                assert second == job : "job " + job + " is not in queue " + id;
            }
            page[headAt + 1] = NONE;
        } else if (first == job) { // a chain's head: its successor's left is left stale
            final int after = jobs.right(job);
            page[headAt] = after;
            if (after == NONE) {
                page[headAt + 1] = NONE;
            }
        } else {
            final int before = jobs.left(job);
            final int after = jobs.right(job);
            jobs.setRight(before, after);
            if (after == NONE) {
                page[headAt + 1] = chainTail(before);
            } else {
                jobs.setLeft(after, before);
            }
        }
        if (page[headAt] == NONE) {
            sizes.remove(key);
            if (key == smallestKey || size == 0) {
                smallestKnown = size == 0;
                smallestKey = Integer.MAX_VALUE;
            }
        }
        jobs.setLeft(job, NONE);
        jobs.setRight(job, NONE);
        jobs.markDequeued(job);
        changes.touched(id);
    }

    private void link(final int before, final int after) {
        jobs.setRight(before, after);
        jobs.setLeft(after, before);
    }

    /** A chain's tail as its bucket holds it, and back: {@code -2 - x} (an involution; below {@link #NONE}). */
    private static int chainTail(final int x) {
        return -2 - x;
    }

    /**
     * The largest queued job whose key-resource size is at most {@code units}; among jobs of that size,
     * the one inserted first. {@link #NONE} if no queued job is that small.
     */
    public int largestAtMost(final int units) {
        if (units < 0 || size == 0 || (smallestKnown && units < smallestKey)) {
            return NONE;
        }
        final int key = sizes.predecessor(units);
        return key < 0 ? NONE : buckets[key >>> PAGE_SHIFT][2 * (key & (PAGE_SIZE - 1))];
    }

    /**
     * Loads what taking {@link #largestAtMost}{@code (units)} would read (the bucket, the job's links, size,
     * state and service) and returns it mixed; changes nothing. A kernel
     * about to fill several servers calls it for each first, so that their misses overlap instead of
     * coming one fill after another (software prefetch, which Java lacks, by plain loads). O(log<sub>64</sub> U).
     */
    public int touchLargestAtMost(final int units) {
        final int job = largestAtMost(units);
        if (job == NONE) {
            return 0;
        }
        return jobs.right(job) ^ jobs.keySize(job) ^ jobs.rawState(job)
            ^ (int) Double.doubleToRawLongBits(jobs.serviceTime(job));
    }

    /** Smallest key-resource size in the queue, or {@link Integer#MAX_VALUE} when empty. */
    public int smallestKeySize() {
        if (size == 0) {
            return Integer.MAX_VALUE;
        }
        if (!smallestKnown) {
            smallestKey = sizes.successor(0);
            smallestKnown = true;
        }
        assert smallestKey == sizes.successor(0) : "cached smallest size " + smallestKey + " is stale";
        return smallestKey;
    }

    /** Jobs reachable through the size buckets, by a full walk; for tests. */
    int indexedCount() {
        int count = 0;
        for (int key = sizes.successor(0); key >= 0; key = sizes.successor(key + 1)) {
            final int[] page = buckets[key >>> PAGE_SHIFT];
            final int headAt = 2 * (key & (PAGE_SIZE - 1));
            if (page[headAt + 1] >= NONE) {
                count += page[headAt + 1] == NONE ? 1 : 2;
                continue;
            }
            int last = NONE;
            for (int job = page[headAt]; job != NONE; job = jobs.right(job)) {
                assert last == NONE || jobs.left(job) == last : "size " + key + ": job " + job + " links back to "
                    + jobs.left(job) + ", not " + last;
                last = job;
                count++;
            }
            assert last == chainTail(page[headAt + 1]) : "size " + key + ": chain ends at " + last + ", not "
                + chainTail(page[headAt + 1]);
        }
        return count;
    }

    private void requireArrivalOrder() {
        if (!arrivalOrder) {
            throw new IllegalStateException("queue " + id + " keeps no arrival order (made for size queries only)");
        }
    }

    private void requireRecent() {
        if (listed == arrivalOrder) {
            throw new IllegalStateException("queue " + id + " keeps no list of recent jobs");
        }
    }

    private int[] allocatePage(final int index) {
        final int[] page = new int[2 * PAGE_SIZE];
        Arrays.fill(page, NONE);
        buckets[index] = page;
        return page;
    }

    @Override
    public String toString() {
        return "JobQueue[" + id + ", size=" + size + ", sizes below " + universe + "]";
    }
}
