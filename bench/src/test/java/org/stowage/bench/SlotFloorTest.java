package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

/** The floor does the slot's counted work, allocation-free, and the same work for the same seed. */
class SlotFloorTest {

    @Test
    void takesItsCountsFromTheKernelsSteadyState() {
        final SteadyState state = new SteadyState("BF-J/S", 1000, 10_000, 100, 7).warmUp(2_000);
        for (int i = 0; i < 1000; i++) {
            state.step();
        }
        final SlotFloor floor = SlotFloor.of("BF-J/S", 1000, 10_000, 100, 7);
        assertEquals(state.simulation.jobTable().liveCount(), floor.handles(), "live job records");
        assertEquals(String.format("per slot: %.1f departures, %.1f arrivals, %.1f placements over %,d records of %d bytes",
                state.workload.departuresPerSlot(), state.workload.arrivalsPerSlot(), state.workload.placementsPerSlot(),
                floor.handles(), SlotFloor.RECORD_BYTES), floor.counts());
        assertTrue(SlotFloor.RECORD_BYTES >= org.stowage.core.state.JobTable.bytesPerSlot(1), "a record is a job's bytes");
    }

    @Test
    void isDeterministicAndAllocatesNothingPerSlot() {
        final SlotFloor a = new SlotFloor(1000, 50_000, 10.4, 10.4, 10.3, 19, 3);
        final SlotFloor b = new SlotFloor(1000, 50_000, 10.4, 10.4, 10.3, 19, 3);
        long sumA = 0;
        long sumB = 0;
        for (int i = 0; i < 20_000; i++) {
            sumA += a.slot();
            sumB += b.slot();
        }
        assertEquals(sumA, sumB, "same seed, same records read");
        final com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long before = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 20_000; i++) {
            sumA += a.slot();
        }
        assertEquals(0, mx.getCurrentThreadAllocatedBytes() - before, "bytes allocated by 20,000 floor slots");
    }
}
