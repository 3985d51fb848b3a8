package org.stowage.core.engine;

import java.util.Arrays;

/**
 * A calendar queue of timed events with an {@code int} payload (a job handle), popped in order of (time,
 * sequence number) exactly as {@link TimedEventHeap}, its reference twin: the continuous-time departures.
 *
 * <h2>Why</h2>
 * With 10^5-10^6 jobs running at once, every pop of a binary heap walks about 20 levels of an array too
 * large for the cache, half of them misses. Here an event is written once into a bucket of the time it
 * falls in and read once more when its bucket comes due; only the few events of the due bucket are kept
 * ordered, in a small heap that stays in the first-level cache.
 *
 * <h2>Structure</h2>
 * Time is cut into buckets of a fixed {@code width} from an {@code origin}; bucket number
 * {@code k = floor((time - origin) / width)}. Three parts hold the events:
 * <ul>
 *   <li>{@code near}: a {@link TimedEventHeap} of the events of buckets before {@code current}, the next
 *       bucket not yet opened: the events due now and soon, a handful;</li>
 *   <li>the ring: {@code buckets} (a power of two) singly linked lists of entries, bucket {@code k} in list
 *       {@code k mod buckets}, for {@code k} in {@code [current, current + buckets)}; entries live in a pool
 *       of parallel arrays and are recycled through a free list, so a push reuses the line a pop just
 *       freed; a bitset marks the non-empty lists;</li>
 *   <li>{@code far}: a heap of the events at or beyond the ring's reach when they were pushed; they move into
 *       the ring when the ring comes within reach of them.</li>
 * </ul>
 * When {@code near} is empty, the earliest non-empty bucket is opened: its entries go into {@code near} and
 * {@code current} moves past it.
 *
 * <h2>Order</h2>
 * {@code k} is a monotone function of time (a subtraction, a multiplication by a positive constant and a
 * floor never reverse two values), so every event of a lower bucket is earlier than every event of a higher
 * one, and events of equal time share a bucket. Every event in {@code near} is in a bucket before
 * {@code current} and every other event in a bucket at or after it, so the earliest event, ties broken by
 * the lower sequence number, is at the top of {@code near}: the order is (time, sequence) exactly, whatever
 * the width, with no floating-point slack. An event pushed into a bucket already opened goes straight into
 * {@code near}.
 *
 * <h2>Tuning</h2>
 * The width is set by a rebuild: when the size has doubled since the last one, or when more than half of
 * the events are in {@code far}. A rebuild takes the earliest event's time as origin, {@code buckets} as
 * the next power of two at or above the size (at least {@value #MIN_BUCKETS}, never fewer than before),
 * and the width so that the ring reaches {@value #REACH} times the mean distance of the events from the
 * earliest: by Markov's inequality at most a quarter of them are then in {@code far}, so rebuilds are at
 * least a quarter of the size apart. Exponential service then puts at most four events in a bucket at the
 * front, deterministic service two.
 *
 * <h2>Contract</h2>
 * {@link #push} and {@link #pop} are amortised O(1) when the events' spread is steady (a pop opens a
 * bucket of O(1) events; the empty buckets skipped are paid by the advance of time, 64 per bitset word);
 * O(log n) at worst, when many events share a time. {@link #peekTime} may open the next bucket, so it is
 * not a pure read. Memory: 24 bytes per event in the ring's pool (28 in a heap), plus 4 bytes and a bit
 * per bucket. Allocates only when the pool, a heap or the ring grows. Not thread-safe.
 */
final class CalendarQueue {
    /** Fewest ring buckets; also the size under which the width is never retuned. */
    static final int MIN_BUCKETS = 1 << 10;
    /** The ring reaches this many times the mean distance of the events from the earliest at a rebuild. */
    static final double REACH = 4;
    private static final int NONE = -1;
    /** Bucket number of events too far for any ring: {@code current + buckets} cannot overflow below it. */
    private static final long BEYOND = 1L << 60;

    private final TimedEventHeap near;
    private final TimedEventHeap far;

    /**
     * The pool, three longs per entry, so that an entry is one cache line (or two) rather than a line in each
     * of four arrays: {@code [3e]} the time's bits, {@code [3e + 1]} the sequence number, {@code [3e + 2]} the
     * payload in the high half and the next entry of its list (or of the free list) in the low half.
     */
    private long[] entries;
    private int entryCapacity;
    private int freeEntries = NONE;
    private int entriesUsed;

    private int[] bucketHead;
    private long[] occupied;
    private int mask;
    private int ringCount;

    private double origin;
    private double inverseWidth = 1;
    private long current;
    private int size;
    private int tunedSize;
    private int rebuilds;

    /** @param initialCapacity events held before the pool first grows */
    CalendarQueue(final int initialCapacity) {
        near = new TimedEventHeap(64);
        far = new TimedEventHeap(64);
        entryCapacity = Math.max(16, initialCapacity);
        entries = new long[3 * entryCapacity];
        bucketHead = new int[MIN_BUCKETS];
        Arrays.fill(bucketHead, NONE);
        occupied = new long[MIN_BUCKETS / 64];
        mask = MIN_BUCKETS - 1;
    }

    int size() {
        return size;
    }

    /** Rebuilds so far (each retunes the width): for tests and benchmarks. */
    int rebuilds() {
        return rebuilds;
    }

    /** Time of the earliest event, or positive infinity when empty; opens the next bucket if need be. */
    double peekTime() {
        if (near.size() == 0) {
            if (size == 0) {
                return Double.POSITIVE_INFINITY;
            }
            openNextBucket();
        }
        return near.peekTime();
    }

    void push(final double time, final long sequence, final int payload) {
        size++;
        final long bucket = bucketOf(time);
        if (bucket < current) {
            near.push(time, sequence, payload);
        } else if (bucket - current <= mask) {
            link(bucket, newEntry(time, sequence, payload));
        } else {
            far.push(time, sequence, payload);
            if (far.size() > (size >> 1) + MIN_BUCKETS) {
                rebuild();
            }
            return;
        }
        if (size > 2 * tunedSize + MIN_BUCKETS) {
            rebuild();
        }
    }

    /** Removes the earliest event (the lowest sequence number among equal times) and returns its payload. */
    int pop() {
        assert size > 0 : "pop from an empty calendar queue";
        if (near.size() == 0) {
            openNextBucket();
        }
        size--;
        return (int) near.pop();
    }

    private long bucketOf(final double time) {
        final double offset = (time - origin) * inverseWidth;
        if (offset < 0) {
            return -1;
        }
        // also NaN and infinity: beyond every ring, kept in order by the far heap
        return offset < BEYOND ? (long) offset : BEYOND;
    }

    /** Moves the earliest bucket's events into {@code near}; {@code near} is empty and {@code size > 0}. */
    private void openNextBucket() {
        while (true) {
            bringFarWithinReach();
            if (ringCount > 0) {
                final int start = (int) (current & mask);
                int index = nextOccupied(start);
                if (index < 0) {
                    index = nextOccupied(0);
                }
                final long bucket = current + ((index - start) & mask);
                final long[] pool = entries;
                int entry = bucketHead[index];
                bucketHead[index] = NONE;
                occupied[index >>> 6] &= ~(1L << index);
                while (entry != NONE) {
                    final int at = 3 * entry;
                    final long payloadAndNext = pool[at + 2];
                    near.push(Double.longBitsToDouble(pool[at]), pool[at + 1], (int) (payloadAndNext >> 32));
                    pool[at + 2] = (payloadAndNext & ~0xFFFF_FFFFL) | (freeEntries & 0xFFFF_FFFFL);
                    freeEntries = entry;
                    ringCount--;
                    entry = (int) payloadAndNext;
                }
                current = bucket + 1;
                return;
            }
            final long bucket = bucketOf(far.peekTime());
            if (bucket >= BEYOND) {
                // nothing any ring reaches (infinite or absurdly distant times): open every bucket, so that
                // all events go through near, a plain heap, until the next rebuild
                current = BEYOND + 1;
                bringFarWithinReach();
                return;
            }
            current = bucket;
        }
    }

    private void bringFarWithinReach() {
        while (far.size() > 0) {
            final double time = far.peekTime();
            final long bucket = bucketOf(time);
            if (bucket - current > mask) {
                return;
            }
            final long sequence = far.peekSequence();
            final int payload = (int) far.pop();
            if (bucket < current) {
                near.push(time, sequence, payload);
            } else {
                link(bucket, newEntry(time, sequence, payload));
            }
        }
    }

    private int newEntry(final double time, final long sequence, final int payload) {
        int entry = freeEntries;
        if (entry != NONE) {
            freeEntries = next(entry);
        } else {
            if (entriesUsed == entryCapacity) {
                growPool();
            }
            entry = entriesUsed++;
        }
        final int at = 3 * entry;
        entries[at] = Double.doubleToRawLongBits(time);
        entries[at + 1] = sequence;
        entries[at + 2] = (long) payload << 32 | (NONE & 0xFFFF_FFFFL);
        return entry;
    }

    private int next(final int entry) {
        return (int) entries[3 * entry + 2];
    }

    private void setNext(final int entry, final int next) {
        final int at = 3 * entry + 2;
        entries[at] = (entries[at] & ~0xFFFF_FFFFL) | (next & 0xFFFF_FFFFL);
    }

    private double timeOf(final int entry) {
        return Double.longBitsToDouble(entries[3 * entry]);
    }

    private void link(final long bucket, final int entry) {
        final int index = (int) (bucket & mask);
        setNext(entry, bucketHead[index]);
        bucketHead[index] = entry;
        occupied[index >>> 6] |= 1L << index;
        ringCount++;
    }

    /** First marked bucket at or after {@code from} (no wrap), or -1. */
    private int nextOccupied(final int from) {
        int word = from >>> 6;
        long bits = occupied[word] & (-1L << from);
        while (bits == 0) {
            if (++word == occupied.length) {
                return -1;
            }
            bits = occupied[word];
        }
        return (word << 6) + Long.numberOfTrailingZeros(bits);
    }

    /**
     * Retunes origin, width and ring size to the events held now and puts every event back (see the class
     * comment, "Tuning"). O(n); allocates only when the ring or the pool grows.
     */
    private void rebuild() {
        rebuilds++;
        int chain = NONE;
        for (int word = 0; word < occupied.length; word++) {
            long bits = occupied[word];
            while (bits != 0) {
                final int index = (word << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int entry = bucketHead[index];
                while (entry != NONE) {
                    final int after = next(entry);
                    setNext(entry, chain);
                    chain = entry;
                    entry = after;
                }
                bucketHead[index] = NONE;
            }
            occupied[word] = 0;
        }
        chain = drainInto(near, chain);
        chain = drainInto(far, chain);
        ringCount = 0;

        double earliest = Double.POSITIVE_INFINITY;
        for (int entry = chain; entry != NONE; entry = next(entry)) {
            earliest = Math.min(earliest, timeOf(entry));
        }
        double distance = 0;
        int finite = 0;
        for (int entry = chain; entry != NONE; entry = next(entry)) {
            final double time = timeOf(entry);
            if (time - earliest < Double.POSITIVE_INFINITY) {
                distance += time - earliest;
                finite++;
            }
        }
        final int wanted = Math.max(MIN_BUCKETS, Integer.highestOneBit(Math.max(1, size - 1)) << 1);
        if (wanted > bucketHead.length) {
            bucketHead = new int[wanted];
            Arrays.fill(bucketHead, NONE);
            occupied = new long[wanted / 64];
            mask = wanted - 1;
        }
        final double width = finite == 0 ? 0 : REACH * (distance / finite) / bucketHead.length;
        final double inverse = 1 / width;
        // all at one time (or one event): any width keeps the order; the next rebuild finds a better one
        inverseWidth = inverse > 0 && inverse < Double.MAX_VALUE ? inverse : 1;
        origin = earliest < Double.POSITIVE_INFINITY ? earliest : 0;
        current = 0;

        int entry = chain;
        while (entry != NONE) {
            final int after = next(entry);
            final long bucket = bucketOf(timeOf(entry));
            if (bucket <= mask) {
                link(bucket, entry);
            } else {
                far.push(timeOf(entry), entries[3 * entry + 1], (int) (entries[3 * entry + 2] >> 32));
                setNext(entry, freeEntries);
                freeEntries = entry;
            }
            entry = after;
        }
        tunedSize = size;
    }

    /** Moves every event of {@code heap} into pool entries prepended to {@code chain}; empties the heap. */
    private int drainInto(final TimedEventHeap heap, final int chain) {
        int head = chain;
        for (int i = 0; i < heap.size(); i++) {
            final int entry = newEntry(heap.timeAt(i), heap.sequenceAt(i), (int) heap.payloadAt(i));
            setNext(entry, head);
            head = entry;
        }
        heap.clear();
        return head;
    }

    private void growPool() {
        entryCapacity *= 2;
        entries = Arrays.copyOf(entries, 3 * entryCapacity);
    }
}
