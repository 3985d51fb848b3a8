package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SuccessorBitsetTest {

    /** Random adds, removes and queries against a TreeSet, over universes of one to four levels. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {2, 13, 404, 77777, 123456789})
    void matchesATreeSetUnderRandomOperations(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        for (final int universe : new int[] {1, 63, 64, 65, 4095, 4097, 262_145, (1 << 20) + 1, 1 << 24}) {
            final SuccessorBitset set = new SuccessorBitset(universe);
            final TreeSet<Integer> model = new TreeSet<>();
            // values clustered in a few windows, so that words and pages fill and empty again
            final int window = Math.min(universe, 1 + random.nextInt(300));
            final int[] origins = new int[4];
            for (int i = 0; i < origins.length; i++) {
                origins[i] = random.nextInt(universe - window + 1);
            }
            for (int step = 0; step < 6_000; step++) {
                final String where = "seed " + seed + " universe " + universe + " step " + step;
                final int value = random.nextInt(8) == 0 ? random.nextInt(universe)
                    : origins[random.nextInt(origins.length)] + random.nextInt(window);
                if (random.nextInt(5) < 3) {
                    set.add(value);
                    model.add(value);
                } else {
                    set.remove(value);
                    model.remove(value);
                }
                assertEquals(model.contains(value), set.contains(value), where + ": contains " + value);
                final int probe = random.nextInt(4) == 0 ? random.nextInt(universe)
                    : origins[random.nextInt(origins.length)] + random.nextInt(window);
                final Integer floor = model.floor(probe);
                final Integer ceiling = model.ceiling(probe);
                assertEquals(floor == null ? -1 : floor, set.predecessor(probe), where + ": predecessor of " + probe);
                assertEquals(ceiling == null ? -1 : ceiling, set.successor(probe), where + ": successor of " + probe);
                assertEquals(model.isEmpty(), set.isEmpty(), where + ": empty");
            }
            assertEquals(model.isEmpty() ? -1 : model.last(), set.predecessor(Integer.MAX_VALUE), "seed " + seed);
            assertEquals(model.isEmpty() ? -1 : model.first(), set.successor(Integer.MIN_VALUE), "seed " + seed);
            assertEquals(-1, set.successor(universe), "seed " + seed + ": successor past the universe");
            assertEquals(-1, set.predecessor(-1), "seed " + seed + ": predecessor below 0");
        }
    }

    @Test
    void extremesOfTheUniverse() {
        final SuccessorBitset set = new SuccessorBitset(1 << 20);
        set.add(0);
        set.add((1 << 20) - 1);
        assertEquals(0, set.successor(0));
        assertEquals((1 << 20) - 1, set.successor(1));
        assertEquals(0, set.predecessor((1 << 20) - 2));
        set.remove(0);
        assertEquals(-1, set.predecessor((1 << 20) - 2));
        set.remove((1 << 20) - 1);
        assertEquals(-1, set.successor(0));
        assertThrows(IllegalArgumentException.class, () -> new SuccessorBitset(0));
    }
}
