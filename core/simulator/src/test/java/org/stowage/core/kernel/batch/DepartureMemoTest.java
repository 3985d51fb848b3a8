package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

/**
 * {@link DepartureMemo}: an entry answers for machines of the same work class and free resources while its job
 * is queued and no {@link DepartureMemo#invalidate} came after it; nothing else reads it.
 */
class DepartureMemoTest {
    private final JobTable jobs = new JobTable(2, 16);
    private final ServerTable servers = new ServerTable(2, new int[] {10, 10, 10, 10, 10, 8});
    private final FifoQueue queue = new FifoQueue(jobs, 0);

    private int queuedJob(final int size) {
        final int job = jobs.allocate(0, 1, 0);
        jobs.setSize(job, 0, size);
        jobs.setSize(job, 1, size);
        queue.enqueue(job);
        return job;
    }

    @Test
    void anEntryAnswersForAlikeMachinesUntilInvalidated() {
        final DepartureMemo memo = new DepartureMemo(servers, jobs);
        final int job = queuedJob(3);
        final int entry = memo.entry(0, 0);
        assertFalse(memo.holds(entry, 0, 0), "a fresh memo holds nothing");
        memo.store(entry, 0, 0, job, 0.75);
        assertEquals(entry, memo.entry(1, 0), "machines as free share an entry");
        assertTrue(memo.holds(entry, 1, 0), "machine 1 is as free as machine 0");
        assertEquals(job, memo.job(entry));
        assertEquals(0.75, memo.score(entry));
        assertFalse(memo.holds(entry, 0, 1), "another work class");
        memo.invalidate();
        assertFalse(memo.holds(entry, 0, 0), "void after a job arrived or joined the index");
    }

    @Test
    void anEntryWhoseJobLeftTheQueueIsVoidButNoneStaysValid() {
        final DepartureMemo memo = new DepartureMemo(servers, jobs);
        final int job = queuedJob(3);
        final int entry = memo.entry(0, 0);
        memo.store(entry, 0, 0, job, 0.5);
        queue.remove(job);
        assertFalse(memo.holds(entry, 0, 0), "its job is no longer queued");
        memo.store(entry, 0, 0, JobTable.NONE, 0);
        assertTrue(memo.holds(entry, 0, 0), "no job fits: still none after jobs leave");
    }

    @Test
    void theKeyDecidesNotTheEntryIndex() {
        final DepartureMemo memo = new DepartureMemo(servers, jobs);
        final int job = queuedJob(2);
        final int entry = memo.entry(0, 0);
        memo.store(entry, 0, 0, job, 1);
        // asked for this entry as if a machine with other free resources had hashed to it (a collision)
        assertFalse(memo.holds(entry, 2, 0), "machine 2 is 10/8, the key 10/10");
        final int placed = queuedJob(4);
        queue.remove(placed);
        servers.occupy(jobs, placed, 1);
        assertFalse(memo.holds(entry, 1, 0), "machine 1 is less free now");
        assertTrue(entry >= 0 && entry < DepartureMemo.ENTRIES);
    }

    @Test
    void readsAndStoresAllocateNothing() {
        final DepartureMemo memo = new DepartureMemo(servers, jobs);
        final int job = queuedJob(1);
        final long allocated = ThreadAllocation.of(() -> {
            for (int i = 0; i < 100_000; i++) {
                final int server = i % servers.count();
                final int entry = memo.entry(server, i & 1);
                if (!memo.holds(entry, server, i & 1)) {
                    memo.store(entry, server, i & 1, job, i);
                }
                if ((i & 255) == 0) {
                    memo.invalidate();
                }
            }
        });
        assertEquals(0, allocated, "bytes allocated by 100,000 memo reads and stores");
    }
}
