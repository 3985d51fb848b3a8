package org.stowage.core.trace;

import java.util.Arrays;

import it.unimi.dsi.fastutil.longs.LongArrays;

/**
 * The tasks a loader keeps, appended in the order they complete (struct of arrays, doubling growth), with
 * a revoke bit for a task that a later event disqualifies. {@link #build} drops the revoked ones and sorts
 * the rest by (arrival, tie key) with a stable radix sort of a permutation. Load-time only; 24 + 4·D
 * bytes per task plus one bit, and 8 more when the start times are kept ({@link #KeptTasks(int, int, boolean)},
 * for {@link GoogleJobs}).
 */
final class KeptTasks {
    private final int dimensions;
    private long[] arrival;
    private long[] duration;
    private long[] tieKey;
    private int[] sizes;
    private long[] revoked;
    /** Each task's start (SCHEDULE) time, or null when not kept. */
    private long[] start;
    private int count;
    private int revokedCount;

    KeptTasks(final int dimensions, final int initialCapacity) {
        this(dimensions, initialCapacity, false);
    }

    /** @param withStart also keep each task's start time ({@link #recordStart}) */
    KeptTasks(final int dimensions, final int initialCapacity, final boolean withStart) {
        assert dimensions >= 1 && dimensions <= 3;
        this.dimensions = dimensions;
        final int capacity = Math.max(16, initialCapacity);
        arrival = new long[capacity];
        duration = new long[capacity];
        tieKey = new long[capacity];
        sizes = new int[capacity * dimensions];
        revoked = new long[(capacity + 63) >>> 6];
        start = withStart ? new long[capacity] : null;
    }

    /**
     * Appends a task; {@code size1} is ignored for one resource.
     *
     * @return its index, for {@link #revoke}
     */
    int add(final long arrivalMicros, final long durationMicros, final long tie, final int size0, final int size1) {
        assert dimensions <= 2;
        return add(arrivalMicros, durationMicros, tie, size0, size1, 0);
    }

    /** Appends a task; sizes beyond the dimensions are ignored. */
    int add(final long arrivalMicros, final long durationMicros, final long tie, final int size0, final int size1,
            final int size2) {
        assert durationMicros >= 0 && size0 >= 0 && size1 >= 0 && size2 >= 0;
        if (count == arrival.length) {
            grow();
        }
        final int index = count++;
        arrival[index] = arrivalMicros;
        duration[index] = durationMicros;
        tieKey[index] = tie;
        sizes[index * dimensions] = size0;
        if (dimensions >= 2) {
            sizes[index * dimensions + 1] = size1;
        }
        if (dimensions == 3) {
            sizes[index * 3 + 2] = size2;
        }
        return index;
    }

    /** Sets the start time of task {@code index}; only when the start times are kept. */
    void recordStart(final int index, final long startMicros) {
        start[index] = startMicros;
    }

    void revoke(final int index) {
        assert index >= 0 && index < count && (revoked[index >>> 6] & (1L << index)) == 0;
        revoked[index >>> 6] |= 1L << index;
        revokedCount++;
    }

    /** Tasks kept and not revoked. */
    int liveCount() {
        return count - revokedCount;
    }

    /** Tasks appended, revoked ones included: the indices are [0, appended()). */
    int appended() {
        return count;
    }

    boolean isRevoked(final int index) {
        return (revoked[index >>> 6] & (1L << index)) != 0;
    }

    long arrival(final int index) {
        return arrival[index];
    }

    long duration(final int index) {
        return duration[index];
    }

    long tieKey(final int index) {
        return tieKey[index];
    }

    /** Start time of task {@code index}; only when the start times are kept. */
    long start(final int index) {
        return start[index];
    }

    int size(final int index, final int d) {
        return sizes[index * dimensions + d];
    }

    private void grow() {
        final int capacity = Math.min(Integer.MAX_VALUE - 8, arrival.length * 2);
        if (capacity == arrival.length) {
            throw new IllegalStateException("more than " + capacity + " kept tasks");
        }
        arrival = Arrays.copyOf(arrival, capacity);
        duration = Arrays.copyOf(duration, capacity);
        tieKey = Arrays.copyOf(tieKey, capacity);
        sizes = Arrays.copyOf(sizes, capacity * dimensions);
        revoked = Arrays.copyOf(revoked, (capacity + 63) >>> 6);
        if (start != null) {
            start = Arrays.copyOf(start, capacity);
        }
    }

    /** The live tasks sorted by (arrival, tie key); ties on both keep insertion order (stable sort). */
    LoadedTrace build(final TraceFormat format, final org.stowage.core.Units units, final int[] serverCapacities,
                      final TraceSummary summary) {
        final int n = liveCount();
        final long[] liveArrival = new long[n];
        final long[] liveTie = new long[n];
        final int[] from = new int[n];
        int k = 0;
        for (int i = 0; i < count; i++) {
            if ((revoked[i >>> 6] & (1L << i)) == 0) {
                liveArrival[k] = arrival[i];
                liveTie[k] = tieKey[i];
                from[k] = i;
                k++;
            }
        }
        assert k == n;
        final int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        LongArrays.radixSortIndirect(order, liveArrival, liveTie, true);
        final long[] sortedArrival = new long[n];
        final long[] sortedDuration = new long[n];
        final int[] sortedSizes = new int[n * dimensions];
        for (int i = 0; i < n; i++) {
            final int source = from[order[i]];
            sortedArrival[i] = arrival[source];
            sortedDuration[i] = duration[source];
            System.arraycopy(sizes, source * dimensions, sortedSizes, i * dimensions, dimensions);
        }
        return new LoadedTrace(format, units, dimensions, sortedArrival, sortedDuration, sortedSizes,
            serverCapacities, summary);
    }
}
