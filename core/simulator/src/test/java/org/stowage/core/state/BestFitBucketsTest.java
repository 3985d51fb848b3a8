package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BestFitBucketsTest {

    /**
     * Random moves of servers between residuals against a linear scan, with residuals drawn from few
     * values (large buckets, as with discrete sizes or many empty servers), from many (buckets of one, the
     * hash table full of probe runs that wrap around), or both.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {3, 41, 600, 90210, 31415926})
    void matchesALinearScanUnderRandomMoves(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int round = 0; round < 12; round++) {
            final int servers = 1 + random.nextInt(round < 6 ? 40 : 3000);
            final int universe = 1 + (random.nextBoolean() ? random.nextInt(64) : random.nextInt(1 << 21));
            final int distinct = random.nextBoolean() ? 1 + random.nextInt(5) : universe;
            final int[] values = new int[Math.min(distinct, universe)];
            for (int i = 0; i < values.length; i++) {
                values[i] = distinct == universe ? i : random.nextInt(universe);
            }
            final BestFitBuckets index = new BestFitBuckets(servers, universe);
            final int[] residual = new int[servers];
            for (int s = 0; s < servers; s++) {
                residual[s] = values[random.nextInt(values.length)];
                index.add(s, residual[s]);
            }
            for (int step = 0; step < 4_000; step++) {
                final String where = "seed " + seed + " round " + round + " step " + step + " L=" + servers + " U="
                    + universe + " distinct=" + values.length;
                final int server = random.nextInt(servers);
                index.remove(server);
                residual[server] = values[random.nextInt(values.length)];
                index.add(server, residual[server]);
                final int units = random.nextInt(4) == 0 ? random.nextInt(universe + 1)
                    : values[random.nextInt(values.length)] - random.nextInt(2);
                assertEquals(bruteLeastAtLeast(residual, units), index.leastAtLeast(units), where + ": best fit for "
                    + units);
                if (step % 499 == 0) {
                    assertEquals(servers, index.count(), where + ": servers indexed");
                }
            }
            // drain: every residual leaves the bitset and the hash table
            for (int s = 0; s < servers; s++) {
                index.remove(s);
            }
            Arrays.fill(residual, -1);
            assertEquals(BestFitBuckets.NONE, index.leastAtLeast(0), "seed " + seed + " round " + round + ": drained");
            assertEquals(0, index.count(), "seed " + seed + " round " + round + ": drained count");
        }
    }

    /**
     * Buckets whose sizes wander across both conversion thresholds (treap to set at {@link
     * BestFitBuckets#TO_SET}, back at {@link BestFitBuckets#TO_TREAP}), with more large buckets than
     * {@link BestFitBuckets#MAX_SETS} at once in some rounds, so that some stay treaps while others are sets
     * and sets are freed and reused: every answer against a linear scan.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {7, 1999, 271828, 4_000_000_007L})
    void bucketsCrossingTheSetThresholdsAnswerLikeAScan(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int round = 0; round < 6; round++) {
            final int buckets = round % 2 == 0 ? 8 + random.nextInt(24) : BestFitBuckets.MAX_SETS + 10 + random.nextInt(40);
            final int servers = buckets * (BestFitBuckets.TO_TREAP + random.nextInt(BestFitBuckets.TO_SET));
            final int universe = 10 * buckets + 1;
            final BestFitBuckets index = new BestFitBuckets(servers, universe);
            final int[] residual = new int[servers];
            // residuals 10 * b for bucket b, so queries between them fall in gaps too
            for (int s = 0; s < servers; s++) {
                residual[s] = 10 * random.nextInt(buckets);
                index.add(s, residual[s]);
            }
            int mostSets = 0;
            int fewestSets = Integer.MAX_VALUE;
            final int steps = Math.max(6_000, 4 * servers);
            for (int step = 0; step < steps; step++) {
                final String where = "seed " + seed + " round " + round + " step " + step + " L=" + servers
                    + " buckets=" + buckets;
                final int server = random.nextInt(servers);
                // drift: a server moves to a bucket near the step's favourite, so bucket sizes swing widely
                final int favourite = (step / (steps / 6)) * buckets / 6 % buckets;
                final int target = random.nextInt(4) == 0 ? random.nextInt(buckets)
                    : Math.min(buckets - 1, favourite + random.nextInt(3));
                if (random.nextBoolean()) {
                    index.update(server, residual[server] = 10 * target);
                } else {
                    index.remove(server);
                    residual[server] = 10 * target;
                    index.add(server, residual[server]);
                }
                final int units = random.nextInt(10 * buckets + 1);
                assertEquals(bruteLeastAtLeast(residual, units), index.leastAtLeast(units), where + ": best fit for "
                    + units);
                if (step % 997 == 0) {
                    assertEquals(servers, index.count(), where + ": servers indexed");
                }
                mostSets = Math.max(mostSets, index.setBuckets());
                fewestSets = Math.min(fewestSets, index.setBuckets());
            }
            final String sets = "seed " + seed + " round " + round + ": set buckets " + fewestSets + ".." + mostSets;
            assertTrue(mostSets > fewestSets, sets + ": no bucket changed form");
            assertTrue(mostSets <= BestFitBuckets.MAX_SETS, sets);
            for (int s = 0; s < servers; s++) {
                index.remove(s);
                residual[s] = -1;
                if (s % 101 == 0) {
                    final int units = random.nextInt(10 * buckets + 1);
                    assertEquals(bruteLeastAtLeast(residual, units), index.leastAtLeast(units), "seed " + seed
                        + " round " + round + " draining at server " + s + ": best fit for " + units);
                }
            }
            assertEquals(BestFitBuckets.NONE, index.leastAtLeast(0), "seed " + seed + " round " + round + ": drained");
            assertEquals(0, index.count(), "seed " + seed + " round " + round + ": drained count");
            assertEquals(0, index.setBuckets(), "seed " + seed + " round " + round + ": sets left after draining");
        }
    }

    private static int bruteLeastAtLeast(final int[] residual, final int units) {
        int best = BestFitBuckets.NONE;
        for (int s = 0; s < residual.length; s++) {
            if (residual[s] >= units && (best == BestFitBuckets.NONE || residual[s] < residual[best])) {
                best = s;
            }
        }
        return best;
    }

    @Test
    void aSubsetWithUpdatesAnswersLikeAScan() {
        for (int round = 0; round < 200; round++) {
            final long seed = 0xB5F1L + round;
            final SplittableRandom random = new SplittableRandom(seed);
            final int servers = 1 + random.nextInt(300);
            final BestFitBuckets index = new BestFitBuckets(servers, 30);
            final int[] key = new int[servers];
            final boolean[] present = new boolean[servers];
            for (int op = 0; op < 2000; op++) {
                final int s = random.nextInt(servers);
                final String where = "seed " + seed + " op " + op;
                switch (random.nextInt(4)) {
                    case 0 -> {
                        if (!present[s]) {
                            present[s] = true;
                            key[s] = random.nextInt(30);
                            index.add(s, key[s]);
                        }
                    }
                    case 1 -> {
                        if (present[s]) {
                            present[s] = false;
                            index.remove(s);
                        }
                    }
                    case 2 -> {
                        if (present[s]) {
                            key[s] = random.nextInt(30);
                            index.update(s, key[s]);
                        }
                    }
                    default -> {
                        final int x = random.nextInt(32);
                        int expected = -1;
                        int count = 0;
                        for (int i = 0; i < servers; i++) {
                            if (present[i]) {
                                count++;
                                if (key[i] >= x && (expected < 0 || key[i] < key[expected])) {
                                    expected = i;
                                }
                            }
                        }
                        assertEquals(expected, index.leastAtLeast(x), where);
                        assertEquals(count, index.count(), where);
                    }
                }
                assertEquals(present[s], index.contains(s), where);
            }
        }
    }
}
