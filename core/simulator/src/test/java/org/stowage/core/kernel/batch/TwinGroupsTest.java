package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.state.ServerView;

/**
 * {@link TwinGroups}: machines grouped by work class and capacities in the order of their first machine, and
 * per group the lowest empty machine, kept through placements and departures.
 */
class TwinGroupsTest {
    // machines 0, 2, 4: capacity 10/10; 1, 3: 8/8; 5: 10/10 of another work class
    private final ServerTable servers = new ServerTable(2, new int[] {10, 10, 8, 8, 10, 10, 8, 8, 10, 10, 10, 10});
    private final int[] workClassOf = {0, 0, 0, 0, 0, 1};
    private final JobTable jobs = new JobTable(2, 16);

    private int job(final int size) {
        final int job = jobs.allocate(0, 1, 0);
        jobs.setSize(job, 0, size);
        jobs.setSize(job, 1, size);
        return job;
    }

    @Test
    void groupsByWorkClassAndCapacitiesInOrderOfFirstMachine() {
        final TwinGroups twins = new TwinGroups(servers, workClassOf);
        assertEquals(3, twins.count());
        assertEquals(0, twins.groupOf(0));
        assertEquals(1, twins.groupOf(1));
        assertEquals(0, twins.groupOf(2));
        assertEquals(1, twins.groupOf(3));
        assertEquals(0, twins.groupOf(4));
        assertEquals(2, twins.groupOf(5), "same capacities, another work class");
    }

    @Test
    void theLowestEmptyMachineStandsForItsGroup() {
        final TwinGroups twins = new TwinGroups(servers, workClassOf);
        assertEquals(0, twins.firstEmpty(0));
        assertTrue(twins.standsIn(0));
        assertFalse(twins.standsIn(2), "empty, and machine 0 is an empty twin below it");
        final int placed = job(3);
        servers.occupy(jobs, placed, 0);
        twins.refresh(0);
        assertFalse(twins.isEmpty(0));
        assertTrue(twins.standsIn(0), "a busy machine stands for itself");
        assertEquals(2, twins.firstEmpty(0));
        assertTrue(twins.standsIn(2));
        assertFalse(twins.standsIn(4));
        final int other = job(1);
        servers.occupy(jobs, other, 2);
        twins.refresh(2);
        servers.occupy(jobs, job(1), 4);
        twins.refresh(4);
        assertEquals(ServerView.NONE, twins.firstEmpty(0), "no empty machine left in the group");
        servers.vacate(jobs, other);
        twins.refresh(2);
        assertEquals(2, twins.firstEmpty(0), "machine 2 emptied again");
        assertEquals(1, twins.firstEmpty(1), "other groups untouched");
    }

    @Test
    void aGroupBeyondOneWordFindsItsFirstEmptyMachine() {
        final int count = 200;
        final int[] capacities = new int[count];
        Arrays.fill(capacities, 5);
        final ServerTable many = new ServerTable(1, capacities);
        final JobTable table = new JobTable(1, 256);
        final TwinGroups twins = new TwinGroups(many, new int[count]);
        for (int s = 0; s < 150; s++) {
            final int job = table.allocate(0, 1, 0);
            table.setSize(job, 0, 1);
            many.occupy(table, job, s);
            twins.refresh(s);
        }
        assertEquals(150, twins.firstEmpty(0));
        final long allocated = ThreadAllocation.of(() -> {
            for (int i = 0; i < 50_000; i++) {
                twins.refresh(i % count);
                if (twins.firstEmpty(0) != 150 || !twins.standsIn(i % 150)) {
                    throw new AssertionError("machine " + i % count);
                }
            }
        });
        assertEquals(0, allocated, "bytes allocated by 50,000 refreshes and lookups");
    }
}
