package org.stowage.core.kernel.batch;

/**
 * A stable sort of int indices by a double key, increasing or decreasing, allocation-free (the caller lends
 * the scratch array): insertion sort on runs of 16, then bottom-up merges. O(n log n) comparisons. Keys
 * must not be NaN.
 */
final class IndexSort {
    private static final int RUN = 16;

    private IndexSort() {
    }

    /**
     * Sorts {@code indices[from, to)} by increasing {@code key[indices[i]]}; equal keys keep their order.
     *
     * @param scratch at least {@code to} long; its contents in {@code [from, to)} are overwritten
     */
    static void byKey(final int[] indices, final int from, final int to, final double[] key, final int[] scratch) {
        sort(indices, from, to, key, scratch, false);
    }

    /** As {@link #byKey}, by decreasing key; equal keys keep their order. */
    static void byKeyDescending(final int[] indices, final int from, final int to, final double[] key,
                                final int[] scratch) {
        sort(indices, from, to, key, scratch, true);
    }

    private static void sort(final int[] indices, final int from, final int to, final double[] key,
                             final int[] scratch, final boolean descending) {
        assert scratch.length >= to && from <= to;
        if (to - from < 2) {
            return;
        }
        for (int lo = from; lo < to; lo += RUN) {
            insertion(indices, lo, Math.min(lo + RUN, to), key, descending);
        }
        int[] source = indices;
        int[] target = scratch;
        for (int width = RUN; width < to - from; width <<= 1) {
            for (int lo = from; lo < to; lo += 2 * width) {
                final int mid = Math.min(lo + width, to);
                final int hi = Math.min(lo + 2 * width, to);
                merge(source, target, lo, mid, hi, key, descending);
            }
            final int[] swap = source;
            source = target;
            target = swap;
        }
        if (source != indices) {
            System.arraycopy(source, from, indices, from, to - from);
        }
    }

    /** True if {@code a} must come strictly before {@code b}. */
    private static boolean before(final double a, final double b, final boolean descending) {
        return descending ? a > b : a < b;
    }

    private static void insertion(final int[] a, final int lo, final int hi, final double[] key,
                                  final boolean descending) {
        for (int i = lo + 1; i < hi; i++) {
            final int value = a[i];
            final double k = key[value];
            int j = i - 1;
            while (j >= lo && before(k, key[a[j]], descending)) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = value;
        }
    }

    private static void merge(final int[] source, final int[] target, final int lo, final int mid, final int hi,
                              final double[] key, final boolean descending) {
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            // Strictly before: on equal keys the left run's element goes first, which makes the sort stable.
            target[k++] = before(key[source[j]], key[source[i]], descending) ? source[j++] : source[i++];
        }
        while (i < mid) {
            target[k++] = source[i++];
        }
        while (j < hi) {
            target[k++] = source[j++];
        }
    }
}
