package org.stowage.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

class MemoryEstimateTest {
    @Test
    void perJobBytesAreTheJobTablesSlot() {
        for (int d = 1; d <= 8; d++) {
            assertEquals(JobTable.bytesPerSlot(d), MemoryEstimate.bytesPerJob(d), "D = " + d);
        }
        assertEquals(40, MemoryEstimate.bytesPerJob(1));
        assertEquals(85, MemoryEstimate.bytesPerServer(1));
        assertEquals(4 * 2 * 2 + 8 + 8 * 2 + 4 * 2, MemoryEstimate.bytesPerServer(2));
    }

    /** 10^7 batch jobs of one resource fit in -Xmx1g by the estimate (the speed issue's target). */
    @Test
    void aTenMillionJobBatchIsBelowOneGibibyte() {
        assertTrue(MemoryEstimate.bytes(5, 1, 10_000_000) < 1L << 30);
    }

    @Test
    void limitsFollowTheArraysThatHitTheVmLimitFirst() {
        assertEquals(1L << 27, MemoryEstimate.maxServers(1), "best-fit hash table: 2 * 4 * n ints");
        assertEquals(1L << 28, MemoryEstimate.maxServers(2), "segment tree: 2 * n * D ints");
        assertEquals(1L << 26, MemoryEstimate.maxServers(8));
        assertEquals((Integer.MAX_VALUE - 16) / 4, MemoryEstimate.maxLiveJobs(1));
        assertEquals((Integer.MAX_VALUE - 16) / 8, MemoryEstimate.maxLiveJobs(8));
    }

    /** The estimate is a lower bound: a real server table of a known size takes at least that much. */
    @Test
    void serverBytesAreALowerBoundOfARealTable() {
        final Runtime runtime = Runtime.getRuntime();
        final int servers = 1 << 20;
        System.gc();
        final long before = runtime.totalMemory() - runtime.freeMemory();
        final ServerTable table = ServerTable.homogeneous(servers, 1_000_000);
        final int[] specCopy = table.capacities();
        System.gc();
        final long after = runtime.totalMemory() - runtime.freeMemory();
        assertEquals(servers, table.count());
        java.lang.ref.Reference.reachabilityFence(table);
        java.lang.ref.Reference.reachabilityFence(specCopy);
        assertTrue(after - before >= MemoryEstimate.bytes(servers, 1, 0) * 9 / 10,
            "measured " + (after - before) + " bytes, estimated " + MemoryEstimate.bytes(servers, 1, 0));
    }

    @Test
    void saturatesInsteadOfOverflowingAndSuggestsWholeGibibytes() {
        assertEquals(Long.MAX_VALUE, MemoryEstimate.bytes(Long.MAX_VALUE / 2, 1, 3));
        assertEquals(Long.MAX_VALUE, MemoryEstimate.suggestedHeap(Long.MAX_VALUE));
        assertEquals(1L << 30, MemoryEstimate.suggestedHeap(1000));
        assertEquals(9L << 30, MemoryEstimate.suggestedHeap(4L << 30));
    }
}
