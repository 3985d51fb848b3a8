package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.Units;

class ServerTableTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 7, 99, 31337, 5_000_000_011L, 123456789})
    void indexesMatchBruteForceUnderRandomPlacementsAndDepartures(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final int dimensions = 1 + random.nextInt(3);
        final int count = 1 + random.nextInt(random.nextBoolean() ? 7 : 300);
        final int scale = random.nextBoolean() ? 10 : 1 << 20;
        final int[] capacities = new int[count * dimensions];
        for (int i = 0; i < capacities.length; i++) {
            capacities[i] = random.nextBoolean() ? scale : 1 + random.nextInt(2 * scale);
        }
        final ServerTable servers = new ServerTable(dimensions, capacities);
        final JobTable jobs = new JobTable(dimensions, 8);
        final List<Integer> running = new ArrayList<>();
        for (int step = 0; step < 20_000; step++) {
            final int job = jobs.allocate(step, 1, 0);
            for (int d = 0; d < dimensions; d++) {
                jobs.setSize(job, d, random.nextInt(random.nextBoolean() ? scale / 4 + 1 : 2 * scale + 1));
            }
            final String where = "seed " + seed + " step " + step + " D=" + dimensions + " L=" + count;
            final int best = LinearScans.bestFit(servers, jobs, job);
            assertEquals(best, servers.bestFit(jobs, job), where + ": best fit");
            final int first = LinearScans.firstFit(servers, jobs, job);
            assertEquals(first, servers.firstFit(jobs, job), where + ": first fit");
            final int from = random.nextInt(count + 1);
            final int threshold = random.nextInt(2 * scale + 1);
            assertEquals(bruteNextWithResidual(servers, threshold, from), servers.nextWithResidualAtLeast(threshold, from),
                where + ": next server >= " + from + " with residual >= " + threshold);
            for (int d = 0; d < dimensions; d++) {
                assertEquals(bruteMaxResidual(servers, d), servers.maxResidual(d), where + ": max residual " + d);
            }
            if (first != ServerTable.NONE && random.nextInt(3) != 0) {
                servers.occupy(jobs, job, random.nextBoolean() ? first : best);
                running.add(job);
            } else {
                jobs.release(job);
            }
            if (!running.isEmpty() && random.nextInt(2) == 0) {
                final int leaving = running.remove(random.nextInt(running.size()));
                servers.vacate(jobs, leaving);
                jobs.release(leaving);
            }
            if (dimensions == 1 && step % 101 == 0) {
                assertEquals(count, servers.bestFitIndexedCount(), where + ": servers in the best-fit index");
            }
        }
    }

    /**
     * Queries when they are rare: the segment tree and, for D &gt; 1, {@link FirstFitBounds} stop their
     * repairs after a number of changes without a query and are rebuilt at the next one; every answer (first
     * fit, the largest residual, the next server with room) must still be the scan's.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {3, 11, 2024, 77_777, 9_000_000_001L, 5, 6, 7})
    void queriesStayExactWhenTheyAreRareAndTheIndexesGoStale(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final int dimensions = 1 + random.nextInt(3);
        final int count = 1 + random.nextInt(600);
        final int scale = 1 << 16;
        final int[] capacities = new int[count * dimensions];
        for (int i = 0; i < capacities.length; i++) {
            capacities[i] = random.nextBoolean() ? scale : 1 + random.nextInt(scale);
        }
        final ServerTable servers = new ServerTable(dimensions, capacities);
        final JobTable jobs = new JobTable(dimensions, 8);
        final List<Integer> running = new ArrayList<>();
        final int probe = jobs.allocate(0, 1, 0);
        for (int query = 0; query < 300; query++) {
            final int changes = random.nextInt(random.nextBoolean() ? 8 : 400);
            for (int change = 0; change < changes; change++) {
                if (!running.isEmpty() && random.nextInt(5) < 2) {
                    final int leaving = running.remove(random.nextInt(running.size()));
                    servers.vacate(jobs, leaving);
                    jobs.release(leaving);
                    continue;
                }
                final int job = jobs.allocate(change, 1, 0);
                for (int d = 0; d < dimensions; d++) {
                    jobs.setSize(job, d, random.nextInt(scale / 8));
                }
                final int first = LinearScans.firstFit(servers, jobs, job);
                if (first == ServerTable.NONE) {
                    jobs.release(job);
                } else {
                    servers.occupy(jobs, job, first);
                    running.add(job);
                }
            }
            for (int d = 0; d < dimensions; d++) {
                jobs.setSize(probe, d, random.nextInt(scale / 4));
            }
            final String where = "seed " + seed + " query " + query + " after " + changes + " changes, D="
                + dimensions + " L=" + count;
            switch (random.nextInt(3)) {
                case 0 -> assertEquals(LinearScans.firstFit(servers, jobs, probe), servers.firstFit(jobs, probe),
                    where + ": first fit");
                case 1 -> {
                    final int d = random.nextInt(dimensions);
                    int largest = 0;
                    for (int s = 0; s < count; s++) {
                        largest = Math.max(largest, servers.residual(s, d));
                    }
                    assertEquals(largest, servers.maxResidual(d), where + ": largest residual on resource " + d);
                }
                default -> {
                    final int units = random.nextInt(scale);
                    final int from = random.nextInt(count);
                    int next = ServerTable.NONE;
                    for (int s = from; s < count && next == ServerTable.NONE; s++) {
                        next = servers.residual(s, 0) >= units ? s : ServerTable.NONE;
                    }
                    assertEquals(next, servers.nextWithResidualAtLeast(units, from), where + ": next server with "
                        + units + " units from " + from);
                }
            }
        }
    }

    @Test
    void bestFitPrefersLeastResidualThenLowestIndex() {
        final ServerTable servers = new ServerTable(1, new int[] {10, 6, 6, 8});
        final JobTable jobs = new JobTable(1, 4);
        final int job = jobs.allocate(0, 1, 0);
        jobs.setSize(job, 0, 5);
        assertEquals(1, servers.bestFit(jobs, job));
        assertEquals(0, servers.firstFit(jobs, job));
        jobs.setSize(job, 0, 7);
        assertEquals(3, servers.bestFit(jobs, job));
        jobs.setSize(job, 0, 11);
        assertEquals(ServerTable.NONE, servers.bestFit(jobs, job));
        assertEquals(ServerTable.NONE, servers.firstFit(jobs, job));
    }

    @Test
    void multiResourceBestFitMaximisesInnerProductWithOccupiedResources() {
        final ServerTable servers = ServerTable.homogeneous(3, 10, 10);
        final JobTable jobs = new JobTable(2, 4);
        final int cpuHeavy = place(servers, jobs, 0, 6, 1);
        final int memoryHeavy = place(servers, jobs, 1, 1, 6);
        final int probe = jobs.allocate(0, 1, 0);
        jobs.setSize(probe, 0, 1);
        jobs.setSize(probe, 1, 3);
        // scores: server 0 = 1*6 + 3*1 = 9, server 1 = 1*1 + 3*6 = 19, server 2 = 0
        assertEquals(1, servers.bestFit(jobs, probe));
        jobs.setSize(probe, 0, 4);
        jobs.setSize(probe, 1, 1);
        // server 1 residual (9, 4); scores: server 0 = 4*6 + 1*1 = 25, server 1 = 4*1 + 1*6 = 10
        assertEquals(0, servers.bestFit(jobs, probe));
        assertEquals(0, jobs.serverOf(cpuHeavy));
        assertEquals(1, jobs.serverOf(memoryHeavy));
    }

    @Test
    void occupyRefusesAJobThatDoesNotFit() {
        final ServerTable servers = ServerTable.homogeneous(1, 4);
        final JobTable jobs = new JobTable(1, 2);
        final int job = jobs.allocate(0, 1, 0);
        jobs.setSize(job, 0, 5);
        assertThrows(IllegalStateException.class, () -> servers.occupy(jobs, job, 0));
    }

    @Test
    void rejectsCapacitiesOutsideTheUnitRange() {
        assertThrows(IllegalArgumentException.class, () -> new ServerTable(1, new int[] {Units.MAX_UNITS + 1}));
        assertThrows(IllegalArgumentException.class, () -> new ServerTable(2, new int[] {1, 2, 3}));
        assertThrows(IllegalArgumentException.class, () -> new ServerTable(9, new int[9]));
    }

    private static int place(final ServerTable servers, final JobTable jobs, final int server, final int a, final int b) {
        final int job = jobs.allocate(0, 1, 0);
        jobs.setSize(job, 0, a);
        jobs.setSize(job, 1, b);
        servers.occupy(jobs, job, server);
        return job;
    }

    private static int bruteNextWithResidual(final ServerTable servers, final int units, final int from) {
        for (int s = from; s < servers.count(); s++) {
            if (servers.residual(s, 0) >= units) {
                return s;
            }
        }
        return ServerTable.NONE;
    }

    private static int bruteMaxResidual(final ServerTable servers, final int d) {
        int max = -1;
        for (int s = 0; s < servers.count(); s++) {
            max = Math.max(max, servers.residual(s, d));
        }
        return max;
    }
}
