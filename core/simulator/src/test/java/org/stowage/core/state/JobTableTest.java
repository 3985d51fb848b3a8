package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

class JobTableTest {

    @Test
    void storesAtMostFortyBytesPerJobForOneResource() {
        assertEquals(40, JobTable.bytesPerSlot(1));
        assertEquals(4 * 3 + 36, JobTable.bytesPerSlot(3));
    }

    @Test
    void heapActuallyAllocatedPerJobSlotMatchesTheDocumentedLayout() {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        final int slots = 1_000_000;
        new JobTable(1, 1); // load the class outside the measurement
        final long before = threads.getThreadAllocatedBytes(thread);
        final JobTable table = new JobTable(1, slots);
        final long after = threads.getThreadAllocatedBytes(thread);
        final double perJob = (double) (after - before) / slots;
        System.out.printf("JobTable heap per job slot (D=1): %.3f bytes (layout %d)%n", perJob, table.bytesPerSlot());
        // the record pages' array headers add 16 bytes per 2^16 jobs
        assertTrue(perJob <= table.bytesPerSlot() + 0.01, "bytes per job slot: " + perJob);
        assertTrue(table.bytesPerSlot() <= 40, "layout: " + table.bytesPerSlot());
        assertTrue(perJob >= table.bytesPerSlot(), "allocation below the documented layout: " + perJob);
    }

    @Test
    void recyclesHandlesLastInFirstOutAndCountsStates() {
        final JobTable table = new JobTable(2, 2);
        final int a = table.allocate(0, 1, 0);
        final int b = table.allocate(0, 1, 3);
        final int c = table.allocate(0, 1, 0); // grows
        assertEquals(3, table.pendingCount());
        assertTrue(table.capacity() >= 3);
        table.release(b);
        assertEquals(b, table.allocate(1, 2, 7), "the most recently freed handle comes back first");
        assertEquals(7, table.jobClass(b));
        assertEquals(0, table.size(b, 1), "a recycled handle starts with zero size");
        table.release(a);
        table.release(c);
        assertEquals(1, table.liveCount());
    }

    /** The state byte and the class share one word of the record: no state change may touch the class. */
    @Test
    void keepsClassTimesAndStateApartInTheRecordThroughEveryTransition() {
        final JobTable table = new JobTable(1, 4);
        final JobQueue queue = new JobQueue(table, 0, 100);
        final int job = table.allocate(1e15 + 0.5, Math.nextUp(3.0), JobTable.MAX_CLASS);
        table.setSize(job, 0, 42);
        queue.enqueue(job);
        assertEquals(JobTable.QUEUED, table.state(job));
        queue.remove(job);
        table.markRunning(job, 7);
        assertEquals(JobTable.RUNNING, table.state(job));
        assertEquals(7, table.serverOf(job));
        table.markStopped(job);
        assertEquals(JobTable.PENDING, table.state(job));
        assertEquals(JobTable.MAX_CLASS, table.jobClass(job));
        assertEquals(42, table.size(job, 0));
        assertEquals(1e15 + 0.5, table.arrivalTime(job));
        assertEquals(Math.nextUp(3.0), table.serviceTime(job));

        final int dummy = table.allocateDummy(-0.0, 3);
        assertTrue(table.isDummy(dummy));
        assertEquals(3, table.jobClass(dummy));
        assertTrue(Double.isNaN(table.arrivalTime(dummy)));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(table.serviceTime(dummy)));
    }

    @Test
    void rejectsBadDimensionsAndCapacities() {
        assertThrows(IllegalArgumentException.class, () -> new JobTable(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new JobTable(9, 10));
        assertThrows(IllegalArgumentException.class, () -> new JobTable(1, 0));
    }
}
