package org.stowage.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.state.ServerTable;

class ClustersTest {
    private final Units units = Units.defaults();

    @Test
    void google2011HasTable1sTwelveThousandFiveHundredEightyThreeMachinesInTableOrder() {
        final ServerTable cluster = Clusters.google2011(units);
        assertEquals(12_583, cluster.count());
        assertEquals(2, cluster.dimensions());
        assertEquals(units.capacityUnits(0.5), cluster.capacity(0, 0));
        assertEquals(units.capacityUnits(0.5), cluster.capacity(6731, 1));
        assertEquals(units.capacityUnits(0.25), cluster.capacity(6732, 1)); // first of the second configuration
        assertEquals(units.capacityUnits(1.0), cluster.capacity(12_582, 0)); // the single last machine
        assertEquals(units.capacityUnits(0.06), cluster.capacity(12_582, 1));
    }

    @Test
    void google2011WithAThousandMachinesPerConfiguration() {
        final ServerTable cluster = Clusters.google2011(units, 1000);
        assertEquals(10_000, cluster.count());
        for (int c = 0; c < Clusters.google2011Configurations(); c++) {
            assertEquals(units.capacityUnits(Clusters.google2011Capacity(c, 1)), cluster.capacity(1000 * c + 999, 1));
        }
        assertThrows(IllegalArgumentException.class, () -> Clusters.google2011(units, -1));
    }
}
