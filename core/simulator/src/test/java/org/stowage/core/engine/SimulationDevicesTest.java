package org.stowage.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;

/** The engine with a device layer: placements that name their devices, releases, rejections, checks. */
class SimulationDevicesTest {
    private static final int ANY = DeviceDemand.ANY_MODEL;

    /** Jobs given as rows {arrival, service, cpu, memory, demand}. */
    private static ScriptedWorkload rows(final double[]... rows) {
        return ScriptedWorkload.withDevices(rows);
    }

    /** Places every arrival where and on the devices the test says, in arrival order. */
    private static final class Scripted implements Scheduler {
        private final int[][] placements;
        private final List<Integer> arrivals = new ArrayList<>();
        private SchedulerContext context;
        private int placed;
        private FifoQueue queue;

        Scripted(final int[]... placements) {
            this.placements = placements;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public void attach(final SchedulerContext schedulerContext) {
            context = schedulerContext;
            queue = context.newFifoQueue();
        }

        @Override
        public void onArrival(final int job) {
            queue.enqueue(job);
            arrivals.add(job);
        }

        @Override
        public void onDeparture(final int job, final int server) {
        }

        @Override
        public void decide(final double now) {
            for (final int job : arrivals) {
                queue.remove(job);
                final int[] where = placements[placed++];
                if (where.length == 1) {
                    context.place(job, where[0]);
                } else {
                    context.place(job, where[0], where[1]);
                }
            }
            arrivals.clear();
        }
    }

    private static Simulation simulation(final Workload workload, final Scheduler scheduler) {
        return Simulation.builder()
            .servers(new ServerTable(2, new int[] {64000, 262144, 8000, 65536}))
            .devices(new DeviceTable(1000, new int[] {2, 1}, new int[] {0, 1}, List.of("A", "B")))
            .workload(workload)
            .scheduler(scheduler)
            .timeMode(TimeMode.CONTINUOUS)
            .checkInvariants(true)
            .build();
    }

    @Test
    void placementsTakeTheirDevicesAndDeparturesGiveThemBack() {
        final Simulation simulation = simulation(rows(
            new double[] {0, 10, 4000, 1024, DeviceDemand.of(1, 500, ANY)},
            new double[] {1, 10, 4000, 1024, DeviceDemand.of(1, 500, ANY)},
            new double[] {2, 5, 4000, 1024, DeviceDemand.of(1, 1000, ANY)},
            new double[] {3, 5, 1000, 1024, DeviceDemand.NONE}),
            new Scripted(new int[] {0, 0b1}, new int[] {0, 0b1}, new int[] {0, 0b10}, new int[] {1}));
        final DeviceTable devices = simulation.deviceTable();
        simulation.runUntil(3.5);
        assertEquals(0, devices.residual(0, 0), "two halves on device 0");
        assertEquals(0, devices.residual(0, 1));
        assertEquals(2000, devices.allocatedUnits());
        simulation.runToCompletion();
        assertEquals(0, devices.allocatedUnits());
        assertEquals(2, devices.freeDevices(0));
        assertEquals(4, simulation.completedCount());
    }

    @Test
    void aPlacementMustNameDevicesItCanTake() {
        final double[] half = {0, 10, 4000, 1024, DeviceDemand.of(1, 500, ANY)};
        assertThrows(IllegalStateException.class,
            () -> simulation(rows(half), new Scripted(new int[] {0})).runToCompletion(), "devices unnamed");
        assertThrows(IllegalStateException.class,
            () -> simulation(rows(half), new Scripted(new int[] {0, 0b11})).runToCompletion(), "two for one");
        assertThrows(IllegalStateException.class,
            () -> simulation(rows(half), new Scripted(new int[] {0, 0b100})).runToCompletion(), "no device 2");
        final double[] onlyB = {0, 10, 4000, 1024, DeviceDemand.of(1, 500, 0b10)};
        assertThrows(IllegalStateException.class,
            () -> simulation(rows(onlyB), new Scripted(new int[] {0, 0b1})).runToCompletion(), "model A");
        final IllegalStateException message = assertThrows(IllegalStateException.class,
            () -> simulation(rows(half, half, half), new Scripted(new int[] {0, 0b1}, new int[] {0, 0b1},
                new int[] {0, 0b1})).runToCompletion());
        assertTrue(message instanceof SchedulerFault && message.getMessage().contains("on devices 0x1 of server 0, which it"
            + " cannot take"), message.getMessage());
    }

    @Test
    void demandsNoServerCouldEverMeetAreRejectedAtArrival() {
        final Simulation simulation = simulation(rows(
            new double[] {0, 1, 4000, 1024, DeviceDemand.of(2, 1000, 0b10)},
            new double[] {0, 1, 4000, 1024, DeviceDemand.of(3, 1000, ANY)},
            new double[] {0, 1, 16000, 1024, DeviceDemand.of(1, 1000, 0b10)},
            new double[] {0, 1, 4000, 1024, DeviceDemand.of(1, 100, 0b100)},
            new double[] {0, 1, 128000, 1024, DeviceDemand.of(1, 100, ANY)}),
            new Scripted());
        simulation.runToCompletion();
        assertEquals(4, simulation.rejectedCount(RejectReason.DEVICES_ON_NO_SERVER));
        assertEquals(1, simulation.rejectedCount(RejectReason.LARGER_THAN_EVERY_SERVER));
    }

    @Test
    void devicesWithoutADeviceTableAreRefused() {
        final Simulation simulation = Simulation.builder()
            .servers(new ServerTable(2, new int[] {64000, 262144}))
            .workload(rows(new double[] {0, 1, 4000, 1024, DeviceDemand.of(1, 500, ANY)}))
            .scheduler(new Scripted(new int[] {0, 1}))
            .timeMode(TimeMode.CONTINUOUS)
            .build();
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, simulation::runToCompletion);
        assertTrue(e.getMessage().contains("asks for devices"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Simulation.builder()
            .servers(new ServerTable(2, new int[] {64000, 262144}))
            .devices(new DeviceTable(1000, new int[] {1, 1}, new int[] {0, 0}, List.of("A")))
            .workload(rows(new double[] {0, 1, 4000, 1024, DeviceDemand.NONE})).scheduler(new Scripted()).build(),
            "one device entry per server");
    }
}
