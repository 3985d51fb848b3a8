package org.stowage.core.engine;

import java.util.Arrays;

import org.stowage.core.state.JobTable;

/**
 * The departures of running jobs, popped in order of (time, scheduling order).
 *
 * <h2>Structure</h2>
 * In slotted time departures are whole slots, so most of them go into a timing wheel: a ring of
 * {@link #WHEEL_SLOTS} per-slot buckets covering the slots {@code [base, base + WHEEL_SLOTS)}, where
 * {@code base} is the slot of the latest push (the floor of its {@code now}). A bucket is a FIFO of job
 * handles in chunks of {@value #CHUNK_HANDLES} (64 bytes with the link to the next chunk) taken from one
 * pool shared by every bucket and recycled LIFO (a bucket takes the chunk another just gave back, still in
 * cache): a push appends (it touches the bucket's tail chunk, never a job), a pop reads the next handle.
 * When a slot falls due, its first pop walks the bucket's chunks once and loads every departing job's record
 * ({@link JobTable#touchForDeparture}): their handles are known at once, so their misses overlap, where a
 * list chained through the jobs made each job's miss wait for the one before. A two-level bitset marks the
 * non-empty buckets, and the earliest non-empty slot is cached so that {@link #peekTime} is O(1). A departure
 * beyond the wheel, or at a fractional time (a placement by a tick between slots), goes to an overflow
 * {@link TimedEventHeap}. In continuous time every departure goes to a {@link CalendarQueue} of job handles
 * instead: buckets of time, only the due bucket kept ordered, so a departure costs amortised O(1) and a few
 * cache lines where a heap of 10^5-10^6 running jobs costs about 20 levels; it pops in exactly the heap's
 * (time, sequence) order.
 *
 * <h2>Order</h2>
 * Departures of one instant leave in the order they were scheduled: within a bucket in push order
 * (no push reaches a slot once its pops have begun: pushes are for later slots), and the
 * overflow entries of a slot before its wheel entries. In continuous time the calendar queue orders by
 * (time, sequence) exactly, as the heap did. The latter holds because the wheel covers exactly
 * {@link #WHEEL_SLOTS} slots from the base and the base never decreases: a departure at slot {@code t} went
 * to the overflow heap only if it was pushed when {@code t >= base + WHEEL_SLOTS}, and to the wheel only if
 * pushed when {@code t < base + WHEEL_SLOTS}, which is later, so with a larger sequence number.
 *
 * <h2>Cancellation</h2>
 * A dummy job removed before its time stays where it is, as a tombstone (its state is CANCELLED, its
 * handle still allocated, still in its bucket), and the engine releases it when it is popped. So
 * cancellation is O(1) and the hot path pays nothing for it; the memory a tombstone holds is one job slot
 * until its original departure time.
 *
 * <h2>Contract</h2>
 * A push is made at the current instant {@code now}, after the departures due at {@code now} have been
 * popped, and its time is not before {@code now}; so every pending departure is at or after the base, and the
 * wheel's entries fall in distinct buckets. Slotted: {@link #push}, {@link #pop} and {@link #peekTime} are
 * O(1) for departures within the wheel (a bucket that empties costs a search of two bitset words, or of at
 * most {@code WHEEL_SLOTS / 64} words when the next departure is far away), O(log n) for the n overflow
 * entries. Continuous: the calendar queue's amortised O(1) (O(log n) at worst, when many departures share a
 * time). Memory: in slotted mode four ints per wheel bucket (64 KB) and the chunks: 64 bytes per
 * {@value #CHUNK_HANDLES} departures in the wheel plus at most one partly filled chunk per non-empty bucket
 * (about 4.3 bytes per running job when buckets are full); in continuous mode 24 bytes per running job and
 * 4 bytes per calendar bucket (about one per running job). Allocates only when the chunk pool, the overflow
 * heap or the calendar grows (doubling, to the run's high-water mark). Not thread-safe.
 */
final class DepartureQueue {
    /** Slots the wheel covers ahead of the base: departures up to this far ahead cost O(1). */
    static final int WHEEL_SLOTS = 1 << 12;
    private static final int MASK = WHEEL_SLOTS - 1;
    private static final int NONE = JobTable.NONE;

    private final JobTable jobs;
    private final boolean wheel;
    private final TimedEventHeap overflow;
    /** Every departure in continuous time; null in slotted time. */
    private final CalendarQueue calendar;

    /** Ints per chunk: the next chunk of the bucket, then {@link #CHUNK_HANDLES} handles. */
    private static final int CHUNK = 16;
    static final int CHUNK_HANDLES = CHUNK - 1;

    /** Per bucket: its first and last chunk ({@link #NONE} when empty), the next handle to pop, handles in the last. */
    private final int[] headChunk;
    private final int[] tailChunk;
    private final int[] readAt;
    private final int[] writeAt;
    /** The chunks, {@link #CHUNK} ints each; a free chunk's first int links the free list. */
    private int[] pool;
    private int chunksMade;
    private int freeChunk = NONE;
    /** The slot whose departures have been loaded ahead of their pops, or {@link Long#MIN_VALUE}. */
    private long dueSlot = Long.MIN_VALUE;
    /** Bit {@code i} set when bucket {@code i} is non-empty; {@code summary} bit {@code w} when word {@code w} is. */
    private final long[] occupied;
    private long summary;
    /** Slot of the latest push: every pending departure is at or after it. */
    private long base = Long.MIN_VALUE;
    /** Earliest non-empty wheel slot, or {@link Long#MAX_VALUE} when the wheel is empty. */
    private long nextSlot = Long.MAX_VALUE;
    private double nextTime = Double.POSITIVE_INFINITY;
    private int wheelCount;
    /** Receives the loads of {@link #touchBucket}'s look-ahead, so that the JIT keeps them. */
    private int touchSink;

    /**
     * @param jobs            the table of the jobs that depart
     * @param slotted         whether departures are whole slots (a wheel is kept); otherwise a heap alone
     * @param initialCapacity continuous-time departures held before the calendar first grows
     */
    DepartureQueue(final JobTable jobs, final boolean slotted, final int initialCapacity) {
        this.jobs = jobs;
        this.wheel = slotted;
        this.overflow = new TimedEventHeap(16);
        if (slotted) {
            headChunk = new int[WHEEL_SLOTS];
            tailChunk = new int[WHEEL_SLOTS];
            readAt = new int[WHEEL_SLOTS];
            writeAt = new int[WHEEL_SLOTS];
            Arrays.fill(headChunk, NONE);
            Arrays.fill(tailChunk, NONE);
            pool = new int[CHUNK * 64];
            occupied = new long[WHEEL_SLOTS / 64];
            calendar = null;
        } else {
            headChunk = null;
            tailChunk = null;
            readAt = null;
            writeAt = null;
            occupied = null;
            calendar = new CalendarQueue(initialCapacity);
        }
    }

    int size() {
        return wheel ? wheelCount + overflow.size() : calendar.size();
    }

    /** Time of the earliest departure, or positive infinity when there is none. O(1) (amortised in continuous time). */
    double peekTime() {
        if (!wheel) {
            return calendar.peekTime();
        }
        return Math.min(nextTime, overflow.peekTime());
    }

    /**
     * Schedules the departure of RUNNING job {@code job} at {@code time}, made at instant {@code now}.
     *
     * @param sequence the scheduling order (increasing over pushes); breaks ties in the overflow heap and the
     *                 calendar
     */
    void push(final double now, final double time, final long sequence, final int job) {
        assert time >= now : "departure at " + time + " is before now " + now;
        if (!wheel) {
            calendar.push(time, sequence, job);
            return;
        }
        final long nowSlot = (long) Math.floor(now);
        if (nowSlot > base) {
            base = nowSlot;
        }
        final long slot = (long) time;
        // a fractional time (a decision at a tick between slots) never ties a wheel slot: heap
        if (slot == time && slot - base < WHEEL_SLOTS) {
            append(slot, job);
            return;
        }
        overflow.push(time, sequence, job);
    }

    /** Removes the earliest departure (overflow first on a tie, see the class comment) and returns its job. */
    int pop() {
        if (!wheel) {
            return calendar.pop();
        }
        if (overflow.peekTime() <= nextTime) {
            return (int) overflow.pop();
        }
        final int bucket = (int) (nextSlot & MASK);
        if (dueSlot != nextSlot) {
            touchBucket(bucket);
            dueSlot = nextSlot;
        }
        final int chunk = headChunk[bucket];
        final int at = readAt[bucket];
        final int job = pool[chunk * CHUNK + 1 + at];
        wheelCount--;
        if (chunk == tailChunk[bucket] && at + 1 == writeAt[bucket]) {
            freeChunk(chunk);
            headChunk[bucket] = NONE;
            tailChunk[bucket] = NONE;
            clearBit(bucket);
            dueSlot = Long.MIN_VALUE;
            findNextSlot(nextSlot);
        } else if (at + 1 == CHUNK_HANDLES) {
            headChunk[bucket] = pool[chunk * CHUNK];
            readAt[bucket] = 0;
            freeChunk(chunk);
        } else {
            readAt[bucket] = at + 1;
        }
        return job;
    }

    /**
     * Loads the record of every job in a bucket that falls due, before its first pop: the handles sit in
     * the chunks, so the records' misses overlap instead of following one another.
     */
    private void touchBucket(final int bucket) {
        int touched = 0;
        for (int chunk = headChunk[bucket]; chunk != NONE; chunk = pool[chunk * CHUNK]) {
            final int end = chunk == tailChunk[bucket] ? writeAt[bucket] : CHUNK_HANDLES;
            for (int i = chunk == headChunk[bucket] ? readAt[bucket] : 0; i < end; i++) {
                touched ^= jobs.touchForDeparture(pool[chunk * CHUNK + 1 + i]);
            }
        }
        touchSink ^= touched;
    }

    private void append(final long slot, final int job) {
        assert slot != dueSlot : "push into slot " + slot + " after its departures began";
        final int index = (int) (slot & MASK);
        int chunk = tailChunk[index];
        if (chunk == NONE) {
            chunk = takeChunk();
            headChunk[index] = chunk;
            tailChunk[index] = chunk;
            readAt[index] = 0;
            writeAt[index] = 0;
            occupied[index >>> 6] |= 1L << index;
            summary |= 1L << (index >>> 6);
            if (slot < nextSlot) {
                nextSlot = slot;
                nextTime = slot;
            }
        } else if (writeAt[index] == CHUNK_HANDLES) {
            final int next = takeChunk();
            pool[chunk * CHUNK] = next;
            tailChunk[index] = next;
            writeAt[index] = 0;
            chunk = next;
        }
        pool[chunk * CHUNK + 1 + writeAt[index]++] = job;
        wheelCount++;
    }

    /** A chunk with no successor: the last one freed, or a new one (the pool doubles when full). */
    private int takeChunk() {
        int chunk = freeChunk;
        if (chunk != NONE) {
            freeChunk = pool[chunk * CHUNK];
        } else {
            chunk = chunksMade++;
            if ((long) chunksMade * CHUNK > pool.length) {
                pool = Arrays.copyOf(pool, Math.multiplyExact(pool.length, 2));
            }
        }
        pool[chunk * CHUNK] = NONE;
        return chunk;
    }

    private void freeChunk(final int chunk) {
        pool[chunk * CHUNK] = freeChunk;
        freeChunk = chunk;
    }

    private void clearBit(final int index) {
        final int word = index >>> 6;
        occupied[word] &= ~(1L << index);
        if (occupied[word] == 0) {
            summary &= ~(1L << word);
        }
    }

    /**
     * Sets the cached earliest slot after {@code emptied}, whose bucket just emptied: every wheel entry is
     * in {@code (emptied, emptied + WHEEL_SLOTS)}, so the first marked bucket in circular order after it is
     * the earliest.
     */
    private void findNextSlot(final long emptied) {
        if (wheelCount == 0) {
            nextSlot = Long.MAX_VALUE;
            nextTime = Double.POSITIVE_INFINITY;
            return;
        }
        final int start = (int) ((emptied + 1) & MASK);
        int found = nextSetBit(start);
        if (found < 0) {
            found = nextSetBit(0);
        }
        assert found >= 0 : "wheel holds " + wheelCount + " departures but no bucket is marked";
        final long slot = emptied + 1 + ((found - start) & MASK);
        nextSlot = slot;
        nextTime = slot;
    }

    /** First marked bucket at or after {@code from} (no wrap), or -1. */
    private int nextSetBit(final int from) {
        int word = from >>> 6;
        final long first = occupied[word] & (-1L << from);
        if (first != 0) {
            return (word << 6) + Long.numberOfTrailingZeros(first);
        }
        if (word + 1 >= occupied.length) {
            return -1;
        }
        final long words = summary & (-1L << (word + 1));
        if (words == 0) {
            return -1;
        }
        word = Long.numberOfTrailingZeros(words);
        return (word << 6) + Long.numberOfTrailingZeros(occupied[word]);
    }
}
