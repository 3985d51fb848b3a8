package org.stowage.core.kernel.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.kernel.support.ServerMaxTree;

/** The kernels' private indexes against brute force under random operations; the seed is in every message. */
class KernelIndexTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x1DE5L);

    @Test
    void serverForestAnswersLikeAScan() {
        for (int round = 0; round < 200; round++) {
            final long seed = BASE_SEED + round;
            final SplittableRandom random = new SplittableRandom(seed);
            final int servers = 1 + random.nextInt(300);
            final int trees = 1 + random.nextInt(6);
            final ServerForest forest = new ServerForest(servers, trees);
            final int[] tree = new int[servers];
            final int[] value = new int[servers];
            Arrays.fill(tree, -1);
            for (int op = 0; op < 2000; op++) {
                final int s = random.nextInt(servers);
                final String where = "seed " + seed + " op " + op;
                switch (random.nextInt(4)) {
                    case 0 -> {
                        if (tree[s] < 0) {
                            tree[s] = random.nextInt(trees);
                            value[s] = random.nextInt(100) - 10;
                            forest.insert(tree[s], s, value[s]);
                        }
                    }
                    case 1 -> {
                        if (tree[s] >= 0) {
                            forest.remove(s);
                            tree[s] = -1;
                        }
                    }
                    case 2 -> {
                        if (tree[s] >= 0) {
                            value[s] = random.nextInt(100) - 10;
                            forest.setValue(s, value[s]);
                        }
                    }
                    default -> {
                        final int t = random.nextInt(trees);
                        final int x = random.nextInt(110) - 15;
                        int expected = -1;
                        int first = -1;
                        int count = 0;
                        for (int i = servers - 1; i >= 0; i--) {
                            if (tree[i] == t) {
                                first = i;
                                count++;
                                if (value[i] >= x) {
                                    expected = i;
                                }
                            }
                        }
                        assertEquals(expected, forest.firstAtLeast(t, x), where);
                        assertEquals(first, forest.first(t), where);
                        assertEquals(count, forest.count(t), where);
                    }
                }
                assertEquals(tree[s], forest.treeOf(s), where);
            }
        }
    }

    @Test
    void serverMaxTreeAnswersLikeAScan() {
        for (int round = 0; round < 200; round++) {
            final long seed = BASE_SEED + 1000 + round;
            final SplittableRandom random = new SplittableRandom(seed);
            final int servers = 1 + random.nextInt(300);
            final ServerMaxTree tree = new ServerMaxTree(servers, 5);
            final int[] value = new int[servers];
            Arrays.fill(value, 5);
            for (int op = 0; op < 2000; op++) {
                if (random.nextBoolean()) {
                    final int s = random.nextInt(servers);
                    value[s] = random.nextInt(8) == 0 ? Integer.MIN_VALUE : random.nextInt(100);
                    tree.set(s, value[s]);
                } else {
                    final int x = random.nextInt(105);
                    final int from = random.nextInt(servers + 2);
                    int expected = -1;
                    for (int i = from; i < servers && expected < 0; i++) {
                        if (value[i] >= x) {
                            expected = i;
                        }
                    }
                    assertEquals(expected, tree.nextAtLeast(x, from), "seed " + seed + " op " + op);
                }
            }
        }
    }
}
