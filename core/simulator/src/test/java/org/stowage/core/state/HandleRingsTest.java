package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link HandleRings} against a list per ring, under random operation sequences. */
class HandleRingsTest {

    /** Random appends, head removals and removals from the middle on a few rings, checked after every step. */
    @Test
    void matchesListsUnderRandomOperations() {
        for (long seed = 1; seed <= 100; seed++) {
            replay(seed);
        }
    }

    private static void replay(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        // few rings, so that rings grow past several chunks; or many, so that descriptor pages and chunk reuse mix
        final int ringCount = random.nextBoolean() ? 1 + random.nextInt(4) : 1 + random.nextInt(3000);
        final HandleRings rings = new HandleRings(ringCount);
        final List<List<Integer>> model = new ArrayList<>();
        for (int r = 0; r < ringCount; r++) {
            model.add(new ArrayList<>());
        }
        final Map<Integer, Integer> positions = new HashMap<>();
        final Map<Integer, Integer> ringOf = new HashMap<>();
        final HandleRings.Relocation relocation = (handle, position) -> {
            assertTrue(positions.containsKey(handle), "seed " + seed + ": relocated handle " + handle + " is not live");
            positions.put(handle, position);
        };
        // phases of growth and of draining, biased toward the middle or the head
        final int steps = 2000 + random.nextInt(4000);
        int nextHandle = 0;
        final int usedRings = 1 + random.nextInt(Math.min(ringCount, 40));
        for (int step = 0; step < steps; step++) {
            final boolean growing = (step / 500) % 2 == 0;
            final int ring = random.nextInt(usedRings) * (ringCount / usedRings);
            final List<Integer> list = model.get(ring);
            final int operation = random.nextInt(100);
            final String where = "seed " + seed + " step " + step + " ring " + ring;
            if (list.isEmpty() || operation < (growing ? 55 : 30)) {
                final int handle = nextHandle++;
                positions.put(handle, rings.append(ring, handle));
                ringOf.put(handle, ring);
                list.add(handle);
            } else if (operation < 70) {
                final int expected = list.remove(0);
                assertEquals(expected, rings.removeFirst(ring), where + ": removeFirst");
                positions.remove(expected);
            } else {
                final int handle = list.remove(random.nextInt(list.size()));
                rings.remove(ring, positions.remove(handle), relocation);
                final int dead = rings.tombstones(ring);
                assertTrue(dead < HandleRings.HANDLES_PER_CHUNK || dead <= list.size(),
                    where + ": " + dead + " tombstones beside " + list.size() + " live handles, not compacted");
            }
            check(rings, model, positions, ringOf, ring, where, step % 64 == 0);
        }
        // drain everything: every chunk goes back to the pool
        for (int r = 0; r < ringCount; r++) {
            while (!model.get(r).isEmpty()) {
                final int handle = model.get(r).remove(0);
                assertEquals(handle, rings.removeFirst(r), "seed " + seed + ": drain of ring " + r);
                positions.remove(handle);
            }
            assertEquals(HandleRings.NONE, rings.removeFirst(r), "seed " + seed + ": ring " + r + " drained");
        }
        assertEquals(0, rings.chunksInUse(), "seed " + seed + ": chunks held after draining");
    }

    private static void check(final HandleRings rings, final List<List<Integer>> model,
                              final Map<Integer, Integer> positions, final Map<Integer, Integer> ringOf,
                              final int ring, final String where, final boolean countChunks) {
        final List<Integer> list = model.get(ring);
        assertEquals(list.size(), rings.size(ring), where + ": size");
        assertEquals(list.isEmpty() ? HandleRings.NONE : list.get(0), rings.first(ring), where + ": first");
        final List<Integer> walked = new ArrayList<>();
        for (int p = rings.firstPosition(ring); p != HandleRings.NONE; p = rings.nextPosition(ring, p)) {
            final int handle = rings.handleAt(p);
            assertEquals(positions.get(handle), p, where + ": recorded position of handle " + handle);
            assertEquals(ring, ringOf.get(handle), where + ": handle " + handle + " in the wrong ring");
            walked.add(handle);
        }
        assertEquals(list, walked, where + ": order");
        if (!countChunks) {
            return;
        }
        // chunks in use: each ring holds what its live handles and tombstones need, plus the tail's chunk
        long bound = 0;
        for (int r = 0; r < model.size(); r++) {
            final int held = model.get(r).size() + rings.tombstones(r);
            if (held > 0) {
                bound += held / HandleRings.HANDLES_PER_CHUNK + 2;
            }
        }
        assertTrue(rings.chunksInUse() <= bound, where + ": " + rings.chunksInUse() + " chunks in use, at most "
            + bound + " expected");
    }

    @Test
    void aRingLongerThanAPageOfThePoolKeepsItsOrder() {
        final HandleRings rings = new HandleRings(2);
        final int count = 3 * HandleRings.PAGE_INTS;
        for (int i = 0; i < count; i++) {
            rings.append(i & 1, i);
        }
        for (int i = 0; i < count; i++) {
            assertEquals(i, rings.removeFirst(i & 1), "handle " + i);
        }
        assertEquals(0, rings.chunksInUse());
    }

    @Test
    void chunksAreReusedNotGrown() {
        final HandleRings rings = new HandleRings(4096);
        for (int round = 0; round < 50; round++) {
            for (int r = 0; r < 4096; r++) {
                for (int k = 0; k < 20; k++) {
                    rings.append(r, k);
                }
            }
            for (int r = 0; r < 4096; r++) {
                while (rings.removeFirst(r) != HandleRings.NONE) {
                    // drain
                }
            }
        }
        // 4096 rings of 20 handles need 2 chunks each and the eagerly linked next: 3 x 4096 x 64 B = 768 KB
        assertTrue(rings.bytes() <= 4096L * 16 + 3L * 4096 * HandleRings.CHUNK * Integer.BYTES + HandleRings.PAGE_INTS * 4L,
            "pool grew to " + rings.bytes() + " bytes");
    }

    @Test
    void rejectsARingOutOfRange() {
        final HandleRings rings = new HandleRings(10);
        final IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, () -> rings.append(10, 1));
        assertEquals("handle rings: ring 10 is outside [0, 10)", thrown.getMessage());
    }
}
