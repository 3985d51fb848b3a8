package org.stowage.core.kernel.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The type of a unit size under partition I (Eq. 6): golden values at the cut points, and exhaustive checks. */
class UniversalPartitionTest {

    @Test
    void goldenTypesAtTheCutPointsOfTheDefaultResolution() {
        final UniversalPartition partition = new UniversalPartition(10, 1 << 20);
        // 2/3 of 2^20 is 699050.67: 699050 is at most 2/3 (type 1), 699051 above it (type 0)
        assertEquals(0, partition.typeOf(1 << 20));
        assertEquals(0, partition.typeOf(699_051));
        assertEquals(1, partition.typeOf(699_050));
        // 1/2 belongs to (1/3, 1/2] (type 2); one unit more is in (1/2, 2/3] (type 1)
        assertEquals(1, partition.typeOf(524_289));
        assertEquals(2, partition.typeOf(524_288));
        // 1/3 is 349525.33
        assertEquals(2, partition.typeOf(349_526));
        assertEquals(3, partition.typeOf(349_525));
        assertEquals(3, partition.typeOf(262_145));
        assertEquals(4, partition.typeOf(262_144));
        // 2/3 * 2^-9 = 1365.33 units: I_18 = (1/768, 1/512], I_19 = (1/1024, 1/768]
        assertEquals(18, partition.typeOf(2048));
        assertEquals(17, partition.typeOf(2049));
        assertEquals(18, partition.typeOf(1366));
        assertEquals(19, partition.typeOf(1365));
        assertEquals(19, partition.typeOf(1025));
        // at most 1/2^J = 1024 units: the catch-all, the same last queue
        assertEquals(19, partition.typeOf(1024));
        assertEquals(19, partition.typeOf(1));
        assertEquals(19, partition.typeOf(0));
        assertEquals(699_050, partition.upper(1));
        assertEquals(524_288, partition.lowerExclusive(1));
        assertEquals(-1, partition.lowerExclusive(19));
        assertEquals(1365, partition.upper(19));
    }

    @Test
    void goldenTypesAtACoarseResolution() {
        final UniversalPartition partition = new UniversalPartition(2, 12);
        final int[] expected = {3, 3, 3, 3, 3, 2, 2, 1, 1, 0, 0, 0, 0};
        for (int units = 0; units <= 12; units++) {
            assertEquals(expected[units], partition.typeOf(units), units + " units of 12, J = 2");
        }
        final UniversalPartition thousand = new UniversalPartition(3, 1000);
        assertEquals(0, thousand.typeOf(667));
        assertEquals(1, thousand.typeOf(666));
        assertEquals(1, thousand.typeOf(501));
        assertEquals(2, thousand.typeOf(500));
        assertEquals(4, thousand.typeOf(250));
        assertEquals(4, thousand.typeOf(167));
        assertEquals(5, thousand.typeOf(166));
        assertEquals(5, thousand.typeOf(126));
        assertEquals(5, thousand.typeOf(125));
        assertEquals(5, thousand.typeOf(0));
    }

    /** Every unit size of many capacities: the type is the one interval of Eq. 6 (by exact products) it lies in. */
    @Test
    void everySizeLiesInExactlyTheIntervalOfItsType() {
        for (int levels = 2; levels <= 8; levels++) {
            for (int capacity = 1; capacity <= 300; capacity++) {
                final UniversalPartition partition = new UniversalPartition(levels, capacity);
                int previous = 2 * levels - 1;
                for (int units = 0; units <= capacity; units++) {
                    final int type = partition.typeOf(units);
                    int containing = -1;
                    int matches = 0;
                    for (int m = 0; m < levels; m++) {
                        final long scaled = (long) units << m;
                        if (3 * scaled > 2L * capacity && scaled <= capacity) {
                            containing = 2 * m;
                            matches++;
                        }
                        if (2 * scaled > capacity && 3 * scaled <= 2L * capacity) {
                            containing = 2 * m + 1;
                            matches++;
                        }
                    }
                    if (matches == 0) {
                        assertTrue(((long) units << levels) <= capacity, units + " of " + capacity + " is in no interval");
                        containing = 2 * levels - 1;
                    }
                    assertTrue(matches <= 1, units + " of " + capacity + " is in " + matches + " intervals");
                    assertEquals(containing, type, units + " units of " + capacity + ", J = " + levels);
                    assertTrue(type <= previous, "types must not grow with size: " + units + " of " + capacity);
                    assertTrue(units <= partition.upper(type) && units > partition.lowerExclusive(type));
                    previous = type;
                }
            }
        }
    }

    @Test
    void badArgumentsAreRejectedWithTheValue() {
        assertEquals("partition levels J must be in [2, 30]: 1",
            assertThrows(IllegalArgumentException.class, () -> new UniversalPartition(1, 10)).getMessage());
        assertEquals("size 11 units is outside [0, 10], the range of this partition",
            assertThrows(IllegalArgumentException.class, () -> new UniversalPartition(2, 10).typeOf(11)).getMessage());
    }
}
