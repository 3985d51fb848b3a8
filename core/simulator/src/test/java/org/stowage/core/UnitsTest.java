package org.stowage.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class UnitsTest {

    @Test
    void sizesRoundUpAndCapacitiesRoundDown() {
        final Units units = new Units(10);
        assertEquals(3, units.sizeUnits(0.21));
        assertEquals(2, units.sizeUnits(0.2));
        assertEquals(2, units.capacityUnits(0.29));
        assertEquals(0, units.sizeUnits(0.0));
    }

    @Test
    void decimalSizesAreExactAtTheDefaultResolution() {
        final Units units = Units.defaults();
        assertEquals(400_000, units.sizeUnits(0.4));
        assertEquals(600_000, units.sizeUnits(0.6), "0.6 is 0.5999... as a double, yet exactly 600000 units");
        assertEquals(units.capacityUnits(1.0), units.sizeUnits(0.4) + units.sizeUnits(0.6), "0.4 + 0.6 fills a unit server");
        assertEquals(300_000, units.sizeUnits(0.1 + 0.2), "0.30000000000000004 is taken as 0.3");
        assertEquals(62_500, units.sizeUnits(0.0625));
        assertEquals(10_000_000, units.capacityUnits(10.0));
        assertEquals(1, units.sizeUnits(Double.MIN_VALUE), "any positive size takes at least one unit");
        assertEquals(1, units.sizeUnits(1e-12), "any positive size takes at least one unit");
        assertEquals(300_001, units.sizeUnits(0.3000001 - 1e-9), "a size off a whole unit by more than the tolerance rounds up");
    }

    @Test
    void powerOfTwoResolutionIsExactAtBoundaries() {
        final Units units = new Units(1 << 20);
        assertEquals(1 << 20, units.sizeUnits(1.0));
        assertEquals(1 << 20, units.capacityUnits(1.0));
        assertEquals(1 << 19, units.sizeUnits(0.5));
        assertEquals(1, units.sizeUnits(Double.MIN_VALUE), "any positive size takes at least one unit");
        assertEquals(0.25, units.toReal(units.sizeUnits(0.25)));
        assertEquals(10 << 20, units.capacityUnits(10.0));
    }

    @Test
    void aFitInUnitsIsATrueFit() {
        final Units units = new Units(1000);
        for (int i = 1; i < 1000; i++) {
            final double size = i / 997.0;
            final double capacity = size + 1e-9;
            if (units.sizeUnits(size) <= units.capacityUnits(capacity)) {
                assertEquals(true, size <= capacity);
            }
            assertEquals(true, units.toReal(units.sizeUnits(size)) >= size);
            assertEquals(true, units.toReal(units.capacityUnits(capacity)) <= capacity);
        }
    }

    @Test
    void rejectsOverflowAndBadValuesNamingThem() {
        assertEquals("resolution must be in [1, 1073741823] units per 1.0: 0",
            assertThrows(IllegalArgumentException.class, () -> new Units(0)).getMessage());
        final Units units = Units.defaults();
        assertEquals("server capacity 2048.0 at resolution 1000000 exceeds 1073741823 units; use a smaller resolution",
            assertThrows(IllegalArgumentException.class, () -> units.capacityUnits(2048)).getMessage());
        assertEquals("job size must be a finite number >= 0: NaN",
            assertThrows(IllegalArgumentException.class, () -> units.sizeUnits(Double.NaN)).getMessage());
        assertEquals("job size must be a finite number >= 0: -0.1",
            assertThrows(IllegalArgumentException.class, () -> units.sizeUnits(-0.1)).getMessage());
        assertEquals("server capacity 1.0E-9 rounds to 0 units at resolution 1000000",
            assertThrows(IllegalArgumentException.class, () -> units.capacityUnits(1e-9)).getMessage());
    }
}
