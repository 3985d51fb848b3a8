package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
