package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class DeviceTableTest {
    private static final int ANY = DeviceDemand.ANY_MODEL;

    /** Server 0: 4 GPUs of model 0; server 1: none; server 2: 2 GPUs of model 1. */
    private static DeviceTable table() {
        return new DeviceTable(1000, new int[] {4, 0, 2}, new int[] {0, DeviceTable.NO_MODEL, 1}, List.of("A", "B"));
    }

    private static JobTable jobs() {
        return new JobTable(2, 8);
    }

    @Test
    void demandsPackAndUnpack() {
        final int demand = DeviceDemand.of(3, 1000, 0b101);
        assertEquals(3, DeviceDemand.count(demand));
        assertEquals(1000, DeviceDemand.units(demand));
        assertEquals(0b101, DeviceDemand.models(demand));
        assertTrue(DeviceDemand.allows(demand, 2));
        assertFalse(DeviceDemand.allows(demand, 1));
        assertFalse(DeviceDemand.allows(demand, DeviceTable.NO_MODEL));
        assertEquals(3000, DeviceDemand.totalUnits(demand));
        assertEquals(DeviceDemand.NONE, DeviceDemand.of(0, 500, ANY));
        assertEquals(ANY, DeviceDemand.models(DeviceDemand.of(16, DeviceDemand.MAX_UNITS, ANY)));
        assertThrows(IllegalArgumentException.class, () -> DeviceDemand.of(17, 1, ANY));
        assertThrows(IllegalArgumentException.class, () -> DeviceDemand.of(1, 0, ANY));
        assertThrows(IllegalArgumentException.class, () -> DeviceDemand.of(1, 2048, ANY));
        assertThrows(IllegalArgumentException.class, () -> DeviceDemand.of(1, 1, 1 << 16));
    }

    @Test
    void fractionsShareADeviceAndWholeDemandsNeedFreeOnes() {
        final DeviceTable devices = table();
        final JobTable jobs = jobs();
        devices.bind(jobs);
        final int fraction = jobs.allocate(0, 1, 0);
        devices.setDemand(fraction, DeviceDemand.of(1, 600, ANY));
        assertTrue(devices.fits(DeviceDemand.of(1, 600, ANY), 0));
        assertEquals(0b1, devices.lowestFitting(devices.demand(fraction), 0));
        devices.take(fraction, 0, 0b10);
        assertEquals(400, devices.residual(0, 1));
        assertEquals(3, devices.freeDevices(0));
        assertEquals(3400, devices.totalResidual(0));
        assertEquals(600, devices.allocatedUnits());
        assertEquals(0b10, devices.taken(fraction));

        assertTrue(devices.fits(DeviceDemand.of(3, 1000, ANY), 0));
        assertFalse(devices.fits(DeviceDemand.of(4, 1000, ANY), 0));
        assertEquals(0b1101, devices.lowestFitting(DeviceDemand.of(3, 1000, ANY), 0));
        assertTrue(devices.fits(DeviceDemand.of(1, 400, ANY), 0), "the shared device holds 400 more");
        assertFalse(devices.canTake(DeviceDemand.of(1, 401, ANY), 0, 0b10));
        assertTrue(devices.canTake(DeviceDemand.of(1, 400, ANY), 0, 0b10));

        devices.release(fraction, 0);
        assertEquals(4, devices.freeDevices(0));
        assertEquals(4000, devices.totalResidual(0));
        assertEquals(0, devices.allocatedUnits());
        assertEquals(0, devices.taken(fraction));
    }

    @Test
    void modelsAndCountsLimitWhereADemandFits() {
        final DeviceTable devices = table();
        final int onlyB = DeviceDemand.of(1, 100, 0b10);
        assertFalse(devices.fits(onlyB, 0));
        assertFalse(devices.fits(onlyB, 1));
        assertTrue(devices.fits(onlyB, 2));
        assertTrue(devices.fits(DeviceDemand.NONE, 1));
        assertFalse(devices.fits(DeviceDemand.of(3, 1000, ANY), 2));
        assertEquals(0, devices.lowestFitting(DeviceDemand.of(3, 1000, ANY), 2));
        assertEquals(0, devices.lowestFitting(onlyB, 0));
        assertFalse(devices.canTake(DeviceDemand.of(2, 1000, ANY), 0, 0b1), "as many devices as asked");
        assertFalse(devices.canTake(DeviceDemand.of(1, 1000, ANY), 2, 0b100), "only devices the server has");
        assertEquals(1, devices.modelId("B"));
        assertEquals(DeviceTable.NO_MODEL, devices.modelId("C"));
        assertEquals(6, devices.totalDevices());
        assertEquals(6000, devices.totalUnits());
    }

    @Test
    void anUnboundTableReadsNoDemand() {
        final DeviceTable devices = DeviceTable.none(3);
        assertFalse(devices.hasDevices());
        assertFalse(devices.bound());
        assertEquals(DeviceDemand.NONE, devices.demand(0));
        assertEquals(0, devices.taken(0));
    }

    @Test
    void badTablesAreRefused() {
        assertThrows(IllegalArgumentException.class,
            () -> new DeviceTable(1000, new int[] {2}, new int[] {DeviceTable.NO_MODEL}, List.of("A")));
        assertThrows(IllegalArgumentException.class,
            () -> new DeviceTable(1000, new int[] {0}, new int[] {0}, List.of("A")));
        assertThrows(IllegalArgumentException.class,
            () -> new DeviceTable(1000, new int[] {17}, new int[] {0}, List.of("A")));
        assertThrows(IllegalArgumentException.class,
            () -> new DeviceTable(1000, new int[] {1}, new int[] {1}, List.of("A")));
        assertThrows(IllegalArgumentException.class,
            () -> new DeviceTable(1000, new int[] {1}, new int[] {0}, List.of("A", "A")));
        assertThrows(IllegalArgumentException.class,
            () -> new DeviceTable(0, new int[] {1}, new int[] {0}, List.of("A")));
        final DeviceTable devices = table();
        devices.bind(jobs());
        assertThrows(IllegalStateException.class, () -> devices.bind(jobs()));
    }
}
