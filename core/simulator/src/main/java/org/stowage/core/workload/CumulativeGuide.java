package org.stowage.core.workload;

/**
 * The first index whose running weight exceeds a draw (the last index if none does), found through a guide
 * table (Chen and Asau's): the draw's bucket among {@code n} equal buckets of [0, total) gives an index at or
 * below the answer, from which a scan climbs, usually zero to two steps. It returns exactly what a binary
 * search over the same running sums returns, for every draw (ties and zero weights included), so replacing the
 * binary search changes no stream and no drawn value; it avoids the search's log2(n) unpredictable branches
 * (seven for 128 types).
 *
 * <p>Why the start is never past the answer: bucket {@code j}'s start is the number of running sums below
 * {@code j / scale * (1 - 2^-40)}; a draw {@code u} whose computed bucket is {@code j} has
 * {@code u * scale >= j} after rounding, so {@code u >= j / scale * (1 - 2^-51)} at worst, above every one of
 * those sums: the answer (the first sum above {@code u}) comes later.
 *
 * <p>Complexity: O(1) expected per draw, O(n) worst case (all weight on a few types among many); O(n) to build.
 * Allocation: none per draw; immutable, thread-safe.
 */
final class CumulativeGuide {
    private final double[] cumulative;
    private final int[] start;
    private final double scale;
    private final int last;

    /** @param cumulative non-decreasing running sums of non-negative weights, the last one positive (not copied) */
    CumulativeGuide(final double[] cumulative) {
        this.cumulative = cumulative;
        final int buckets = cumulative.length;
        this.last = buckets - 1;
        this.scale = buckets / cumulative[last];
        this.start = new int[buckets];
        int below = 0;
        for (int j = 0; j < buckets; j++) {
            final double bucketLow = j / scale * (1 - 0x1p-40);
            while (below < last && cumulative[below] < bucketLow) {
                below++;
            }
            start[j] = below;
        }
    }

    /** The first index whose running sum exceeds {@code u}, else the last index; {@code u} in [0, total]. */
    int pick(final double u) {
        final int bucket = (int) (u * scale);
        int index = start[bucket < start.length ? bucket : start.length - 1];
        final double[] sums = cumulative;
        while (index < last && u >= sums[index]) {
            index++;
        }
        return index;
    }

    /** The same answer by binary search over {@code cumulative}, O(log n): the reference twin of {@link #pick}. */
    static int binarySearch(final double[] cumulative, final double u) {
        int low = 0;
        int high = cumulative.length - 1;
        while (low < high) {
            final int middle = (low + high) >>> 1;
            if (u >= cumulative[middle]) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
