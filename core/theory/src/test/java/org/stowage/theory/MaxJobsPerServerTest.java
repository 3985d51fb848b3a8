package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;

/** The 2018 paper's M on its own settings, on a mix that beats every single type, and against brute force. */
class MaxJobsPerServerTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0x3A55L);

    @Test
    void figure1bHoldsFiveJobsOfSizeTwo() {
        final Units units = Units.defaults();
        final JobTypes types = JobTypes.of(units, new double[][] {{2}, {5}}, new double[] {2, 1});
        assertEquals(5, MaxJobsPerServer.of(types, ServerClasses.homogeneous(10, units.capacityUnits(10))));
    }

    /** Table I on 90 GB / 90 CPU / 5000 GB: five High-Memory Extra Large instances (memory 85.5, storage 2100). */
    @Test
    void ec2ServerHoldsFiveJobs() {
        final Units tenths = new Units(10);
        final JobTypes types = JobTypes.of(tenths, new double[][] {{15, 8, 1690}, {17.1, 6.5, 420}, {7, 20, 1690}},
            new double[] {1, 1, 1});
        final ServerClasses server = ServerClasses.homogeneous(20, tenths.capacityUnits(90), tenths.capacityUnits(90),
            tenths.capacityUnits(5000));
        assertEquals(5, MaxJobsPerServer.of(types, server));
        // the six maximal configurations hold at most 5 jobs, and one of them holds 5
        int most = 0;
        for (final int[] k : Configurations.maximal(types, server, 0, 100)) {
            most = Math.max(most, k[0] + k[1] + k[2]);
        }
        assertEquals(5, most);
    }

    @Test
    void dyadicTraceTypesOnAUnitServerHold512() {
        final Units units = new Units(1 << 20);
        final double[][] sizes = new double[10][1];
        for (int p = 0; p < 10; p++) {
            sizes[p][0] = Math.scalb(1.0, -p);
        }
        final JobTypes types = JobTypes.of(units, sizes, new double[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        assertEquals(512, MaxJobsPerServer.of(types, ServerClasses.homogeneous(1000, units.capacityUnits(1.0))));
    }

    @Test
    void aMixCanHoldMoreJobsThanAnySingleTypeAlone() {
        final int[][] sizes = {{60, 10}, {10, 60}};
        assertEquals(1, Configurations.maxCount(sizes[0], new int[] {100, 100}));
        assertEquals(1, Configurations.maxCount(sizes[1], new int[] {100, 100}));
        assertEquals(2, MaxJobsPerServer.ofServer(sizes, new int[] {100, 100}));
    }

    @Test
    void theLargestServerClassDecides() {
        final JobTypes types = JobTypes.ofUnits(new int[][] {{3}, {7}}, new double[] {1, 1});
        assertEquals(6, MaxJobsPerServer.of(types, ServerClasses.of(new int[][] {{10}, {20}, {7}}, new int[] {4, 1, 2})));
    }

    @Test
    void noTypeFittingAnyServerIsAnError() {
        final JobTypes types = JobTypes.ofUnits(new int[][] {{30}}, new double[] {1});
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> MaxJobsPerServer.of(types, ServerClasses.homogeneous(3, 20)));
        assertTrue(error.getMessage().startsWith("no job type fits any server"), error.getMessage());
    }

    @Test
    void equalsTheLargestFeasibleConfigurationOnRandomInstances() {
        for (int i = 0; i < 500; i++) {
            final long seed = BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final RandomInstance instance = RandomInstance.generate(seed, 1 + i % 3, true);
            final int[][] sizes = instance.types().sizes();
            int expected = 0;
            for (int c = 0; c < instance.servers().count(); c++) {
                final List<int[]> feasible = Configurations.feasible(sizes, instance.servers().capacity(c), 10_000_000);
                for (final int[] k : feasible) {
                    int total = 0;
                    for (final int count : k) {
                        total += count;
                    }
                    expected = Math.max(expected, total);
                }
            }
            if (expected == 0) {
                continue;
            }
            assertEquals(expected, MaxJobsPerServer.of(instance.types(), instance.servers()), instance.toString());
        }
    }
}
