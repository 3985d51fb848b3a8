package org.stowage.core.kernel.batch;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A random small batch for the differential tests: n jobs, D resources, JCTs drawn from a small pool of
 * random doubles (so equal JCTs occur, but no structured ties between clustering costs), sizes of up to the
 * capacity, sometimes zero, sometimes the whole capacity.
 */
record RandomBatch(long seed, int n, int dimensions, double[] jct, int[] sizes, long[] capacity, int groups) {

    static RandomBatch generate(final long seed, final int maxJobs, final int maxDimensions) {
        final SplittableRandom random = new SplittableRandom(seed);
        final int n = 1 + random.nextInt(maxJobs);
        final int dimensions = 1 + random.nextInt(maxDimensions);
        final long[] capacity = new long[dimensions];
        for (int d = 0; d < dimensions; d++) {
            capacity[d] = random.nextBoolean() ? 1_000_000 : 1 + random.nextInt(5_000_000);
        }
        final double[] pool = new double[1 + random.nextInt(Math.max(1, n))];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = random.nextBoolean() ? 0.5 + random.nextDouble() * 20 : Math.exp(random.nextDouble() * 8);
        }
        final double[] jct = new double[n];
        final int[] sizes = new int[n * dimensions];
        final int scale = 1 + random.nextInt(4);
        for (int j = 0; j < n; j++) {
            jct[j] = pool[random.nextInt(pool.length)];
            for (int d = 0; d < dimensions; d++) {
                final int roll = random.nextInt(20);
                final long cap = capacity[d];
                sizes[j * dimensions + d] = roll == 0 ? 0 : roll == 1 ? (int) cap
                    : (int) Math.min(cap, 1 + random.nextLong(Math.max(1, cap / scale)));
            }
        }
        final int groups = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(Math.min(n, 6));
        return new RandomBatch(seed, n, dimensions, jct, sizes, capacity, groups);
    }

    @Override
    public String toString() {
        return "batch seed " + seed + " (n=" + n + ", D=" + dimensions + ", G=" + (groups == 0 ? "Eq.15" : groups)
            + ", C=" + Arrays.toString(capacity) + ", JCT=" + Arrays.toString(jct) + ", sizes="
            + Arrays.toString(sizes) + ")";
    }
}
