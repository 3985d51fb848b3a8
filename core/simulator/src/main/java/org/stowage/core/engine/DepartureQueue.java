package org.stowage.core.engine;

import java.util.Arrays;

import org.stowage.core.state.JobTable;

/**
 * The departures of running jobs, popped in order of (time, scheduling order).
 *
 * <h2>Structure</h2>
 * In slotted time departures are whole slots, so most of them go into a timing wheel: a ring of
 * {@link #WHEEL_SLOTS} per-slot buckets covering the slots {@code [base, base + WHEEL_SLOTS)}, where
 * {@code base} is the slot of the latest push (the floor of its {@code now}). A bucket is a singly linked
 * list of jobs through the job table's departure link ({@link JobTable#departureLink}: the {@code right}
 * link, which a running job does not use otherwise), so the wheel adds nothing per job. A push prepends
 * (it touches only the new job, whose links are in cache, never an older job's), and the first pop of a
 * slot reverses its list once into scheduling order: a walk the pops of that slot would make anyway. A
 * two-level bitset marks the non-empty buckets, and the earliest non-empty slot is cached so that
 * {@link #peekTime} is O(1). A departure beyond the wheel, or at a fractional time (a placement by a tick
 * between slots), goes to an overflow {@link TimedEventHeap}. In continuous time every departure goes to a
 * {@link CalendarQueue} of job handles instead: buckets of time, only the due bucket kept ordered, so a
 * departure costs amortised O(1) and a few cache lines where a heap of 10^5-10^6 running jobs costs about 20
 * levels; it pops in exactly the heap's (time, sequence) order.
 *
 * <h2>Order</h2>
 * Departures of one instant leave in the order they were scheduled: within a bucket by that reversal
 * (no push reaches a slot once its pops have begun: pushes are for later slots), and the
 * overflow entries of a slot before its wheel entries. In continuous time the calendar queue orders by
 * (time, sequence) exactly, as the heap did. The latter holds because the wheel covers exactly
 * {@link #WHEEL_SLOTS} slots from the base and the base never decreases: a departure at slot {@code t} went
 * to the overflow heap only if it was pushed when {@code t >= base + WHEEL_SLOTS}, and to the wheel only if
 * pushed when {@code t < base + WHEEL_SLOTS}, which is later, so with a larger sequence number.
 *
 * <h2>Cancellation</h2>
 * A dummy job removed before its time stays where it is, as a tombstone (its state is CANCELLED, its
 * handle still allocated, its departure link intact), and the engine releases it when it is popped. So
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
 * time). Memory: {@value #WHEEL_SLOTS} bucket heads (16 KB) in slotted mode, nothing per job; in continuous
 * mode 24 bytes per running job and 4 bytes per calendar bucket (about one per running job). Allocates
 * only when the overflow heap or the calendar grows. Not thread-safe.
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

    /** First job of each slot's bucket: the latest pushed, or, once the slot is due, the next to leave. */
    private final int[] buckets;
    /** The slot whose bucket has been reversed into scheduling order, or {@link Long#MIN_VALUE}. */
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
    /** Receives the loads of {@link #reverse}'s look-ahead, so that the JIT keeps them. */
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
            buckets = new int[WHEEL_SLOTS];
            Arrays.fill(buckets, NONE);
            occupied = new long[WHEEL_SLOTS / 64];
            calendar = null;
        } else {
            buckets = null;
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
            buckets[bucket] = reverse(buckets[bucket]);
            dueSlot = nextSlot;
        }
        final int job = buckets[bucket];
        final int after = jobs.departureLink(job);
        jobs.setDepartureLink(job, NONE);
        buckets[bucket] = after;
        wheelCount--;
        if (after == NONE) {
            clearBit(bucket);
            dueSlot = Long.MIN_VALUE;
            findNextSlot(nextSlot);
        }
        return job;
    }

    /** Reverses a bucket's list (latest push first) into scheduling order; returns the new first job. */
    private int reverse(final int first) {
        int reversed = NONE;
        int job = first;
        int touched = 0;
        while (job != NONE) {
            final int after = jobs.departureLink(job);
            // Load the fields each departure reads (state, size) now: their addresses are known, so the
            // misses overlap the chain's next one instead of each departure waiting for its own.
            touched ^= jobs.touchForDeparture(job);
            jobs.setDepartureLink(job, reversed);
            reversed = job;
            job = after;
        }
        touchSink ^= touched;
        return reversed;
    }

    private void append(final long slot, final int job) {
        assert slot != dueSlot : "push into slot " + slot + " after its departures began";
        final int index = (int) (slot & MASK);
        final int first = buckets[index];
        jobs.setDepartureLink(job, first);
        buckets[index] = job;
        if (first == NONE) {
            occupied[index >>> 6] |= 1L << index;
            summary |= 1L << (index >>> 6);
            if (slot < nextSlot) {
                nextSlot = slot;
                nextTime = slot;
            }
        }
        wheelCount++;
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
