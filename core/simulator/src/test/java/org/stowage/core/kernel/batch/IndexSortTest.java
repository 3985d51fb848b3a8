package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The allocation-free stable index sort against {@link Arrays#sort} with a comparator (stable too). */
class IndexSortTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x1D5047L);

    @Test
    void matchesTheLibrarysStableSortOnRandomRangesWithTies() {
        for (int i = 0; i < 3000; i++) {
            final long seed = BASE_SEED + i;
            final SplittableRandom random = new SplittableRandom(seed);
            final int n = random.nextInt(300);
            final double[] key = new double[n];
            final int distinct = 1 + random.nextInt(Math.max(1, n));
            for (int j = 0; j < n; j++) {
                key[j] = random.nextInt(distinct) * 0.5 - 3;
            }
            final int[] indices = new int[n];
            for (int j = 0; j < n; j++) {
                indices[j] = (j * 7 + 3) % Math.max(1, n);
            }
            if (n > 0 && gcd(7, n) != 1) {
                for (int j = 0; j < n; j++) {
                    indices[j] = n - 1 - j;
                }
            }
            final int from = n == 0 ? 0 : random.nextInt(n);
            final int to = from + random.nextInt(n - from + 1);
            final boolean descending = random.nextBoolean();
            final Integer[] expected = new Integer[to - from];
            for (int p = from; p < to; p++) {
                expected[p - from] = indices[p];
            }
            final Comparator<Integer> byKey = Comparator.comparingDouble(j -> key[j]);
            Arrays.sort(expected, descending ? byKey.reversed() : byKey);
            final int[] actual = indices.clone();
            final int[] scratch = new int[n];
            if (descending) {
                IndexSort.byKeyDescending(actual, from, to, key, scratch);
            } else {
                IndexSort.byKey(actual, from, to, key, scratch);
            }
            for (int p = from; p < to; p++) {
                indices[p] = expected[p - from];
            }
            assertArrayEquals(indices, actual, "seed " + seed + ", range [" + from + ", " + to + ")"
                + (descending ? " descending" : ""));
        }
    }

    private static int gcd(final int a, final int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
