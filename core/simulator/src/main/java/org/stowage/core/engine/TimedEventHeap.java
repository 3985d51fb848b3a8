package org.stowage.core.engine;

import java.util.Arrays;

/**
 * A binary min-heap of timed events with a {@code long} payload, as three parallel primitive arrays.
 *
 * <p>Order: time ascending, then sequence number ascending. The simulation hands out sequence numbers in
 * the order events are scheduled, so simultaneous events of one kind leave the heap in the order they
 * were scheduled.
 *
 * <p>{@link #push} and {@link #pop} are O(log n); {@link #peekTime} O(1). Nothing allocates except
 * {@link #push} when the heap is full (doubling, amortised O(1)). Not thread-safe.
 */
final class TimedEventHeap {
    private double[] time;
    private long[] sequence;
    private long[] payload;
    private int size;

    TimedEventHeap(final int initialCapacity) {
        time = new double[Math.max(4, initialCapacity)];
        sequence = new long[time.length];
        payload = new long[time.length];
    }

    int size() {
        return size;
    }

    /** Time of the earliest event, or positive infinity when empty. */
    double peekTime() {
        return size == 0 ? Double.POSITIVE_INFINITY : time[0];
    }

    /** Sequence number of the earliest event; the heap is not empty. */
    long peekSequence() {
        assert size > 0;
        return sequence[0];
    }

    /** Time of the event at array position {@code index} (heap order, not time order), for draining. */
    double timeAt(final int index) {
        return time[index];
    }

    long sequenceAt(final int index) {
        return sequence[index];
    }

    long payloadAt(final int index) {
        return payload[index];
    }

    /** Forgets every event; keeps the arrays. */
    void clear() {
        size = 0;
    }

    void push(final double eventTime, final long eventSequence, final long eventPayload) {
        if (size == time.length) {
            grow();
        }
        int hole = size++;
        while (hole > 0) {
            final int parent = (hole - 1) >>> 1;
            if (!before(eventTime, eventSequence, time[parent], sequence[parent])) {
                break;
            }
            move(parent, hole);
            hole = parent;
        }
        time[hole] = eventTime;
        sequence[hole] = eventSequence;
        payload[hole] = eventPayload;
    }

    /** Removes the earliest event and returns its payload. */
    long pop() {
        assert size > 0;
        final long top = payload[0];
        final int last = --size;
        if (last > 0) {
            final double lastTime = time[last];
            final long lastSequence = sequence[last];
            final long lastPayload = payload[last];
            int hole = 0;
            while (true) {
                int child = 2 * hole + 1;
                if (child >= last) {
                    break;
                }
                if (child + 1 < last && before(time[child + 1], sequence[child + 1], time[child], sequence[child])) {
                    child++;
                }
                if (!before(time[child], sequence[child], lastTime, lastSequence)) {
                    break;
                }
                move(child, hole);
                hole = child;
            }
            time[hole] = lastTime;
            sequence[hole] = lastSequence;
            payload[hole] = lastPayload;
        }
        return top;
    }

    private static boolean before(final double timeA, final long sequenceA, final double timeB, final long sequenceB) {
        return timeA < timeB || (timeA == timeB && sequenceA < sequenceB);
    }

    private void move(final int from, final int to) {
        time[to] = time[from];
        sequence[to] = sequence[from];
        payload[to] = payload[from];
    }

    private void grow() {
        final int capacity = time.length * 2;
        time = Arrays.copyOf(time, capacity);
        sequence = Arrays.copyOf(sequence, capacity);
        payload = Arrays.copyOf(payload, capacity);
    }
}
