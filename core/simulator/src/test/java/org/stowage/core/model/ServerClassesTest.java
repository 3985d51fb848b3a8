package org.stowage.core.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.state.ServerTable;

/**
 * {@link ServerClasses} made from a cluster and from counts: the same classes, servers and equality either
 * way; counts of any size without a per-server array until one is asked for; the counts' refusals.
 */
class ServerClassesTest {

    @Test
    void classesInOrderOfFirstAppearanceServersInIndexOrder() {
        // 2 x 10/10, 3 x 5/8, 1 x 10/10 again
        final ServerClasses classes = ServerClasses.of(new int[][] {{10, 10}, {5, 8}, {10, 10}}, new int[] {2, 3, 1});
        assertEquals(2, classes.count());
        assertEquals(2, classes.dimensions());
        assertEquals(6, classes.servers());
        assertEquals(3, classes.size(0));
        assertEquals(3, classes.size(1));
        assertArrayEquals(new int[] {10, 10}, classes.capacity(0));
        assertEquals(8, classes.capacity(1, 1));
        assertArrayEquals(new int[] {0, 0, 1, 1, 1, 0}, classOfEach(classes));
        assertEquals(5, classes.server(0, 2));
        assertEquals(2, classes.server(1, 0));
        assertEquals("ServerClasses[3x[10, 10], 3x[5, 8]]", classes.toString());
    }

    @Test
    void aClusterAndItsCountsAreTheSameClasses() {
        final SplittableRandom random = new SplittableRandom(7);
        for (int scenario = 0; scenario < 200; scenario++) {
            final int dimensions = 1 + random.nextInt(3);
            final int groups = 1 + random.nextInt(6);
            final int[][] vectors = new int[groups][dimensions];
            final int[] counts = new int[groups];
            int total = 0;
            for (int g = 0; g < groups; g++) {
                for (int d = 0; d < dimensions; d++) {
                    vectors[g][d] = 1 + random.nextInt(3);
                }
                counts[g] = 1 + random.nextInt(4);
                total += counts[g];
            }
            final int[] packed = new int[total * dimensions];
            for (int g = 0, s = 0; g < groups; g++) {
                for (int i = 0; i < counts[g]; i++, s++) {
                    System.arraycopy(vectors[g], 0, packed, s * dimensions, dimensions);
                }
            }
            final ServerClasses fromCounts = ServerClasses.of(vectors, counts);
            final ServerClasses fromCluster = ServerClasses.of(new ServerTable(dimensions, packed));
            final String where = "scenario " + scenario + ": " + fromCluster;
            assertEquals(fromCluster, fromCounts, where);
            assertEquals(fromCluster.hashCode(), fromCounts.hashCode(), where);
            assertEquals(fromCluster.toString(), fromCounts.toString(), where);
            assertArrayEquals(classOfEach(fromCluster), classOfEach(fromCounts), where);
            for (int c = 0; c < fromCluster.count(); c++) {
                for (int i = 0; i < fromCluster.size(c); i++) {
                    assertEquals(fromCluster.server(c, i), fromCounts.server(c, i), where + " class " + c + " #" + i);
                }
            }
        }
    }

    @Test
    void orderMattersForEquality() {
        final ServerClasses ab = ServerClasses.of(1, new int[] {4, 2});
        final ServerClasses ba = ServerClasses.of(1, new int[] {2, 4});
        assertNotEquals(ab, ba);
        assertEquals(ab, ServerClasses.of(new int[][] {{4}, {2}}, new int[] {1, 1}));
    }

    @Test
    void billionsOfServersFromCountsKeepOnlyTheirClasses() {
        final ServerClasses many = ServerClasses.of(new int[][] {{8}, {4}}, new int[] {2_000_000_000, 100_000_000});
        assertEquals(2_100_000_000, many.servers());
        assertEquals(2_000_000_000, many.size(0));
        assertEquals(ServerClasses.homogeneous(5, 3), ServerClasses.of(1, new int[] {3, 3, 3, 3, 3}));
    }

    @Test
    void countsAreRefusedWithTheReason() {
        assertEquals("server classes need one count per capacity vector and at least one class: 1 vectors, 2 counts",
            assertThrows(IllegalArgumentException.class,
                () -> ServerClasses.of(new int[][] {{1}}, new int[] {1, 1})).getMessage());
        assertEquals("server class 1 has 2 resources, class 0 has 1", assertThrows(IllegalArgumentException.class,
            () -> ServerClasses.of(new int[][] {{1}, {1, 1}}, new int[] {1, 1})).getMessage());
        assertEquals("server class 0, resource 0: capacity must be in [1, " + Units.MAX_UNITS + "] units: 0",
            assertThrows(IllegalArgumentException.class, () -> ServerClasses.homogeneous(1, 0)).getMessage());
        assertEquals("server class 0: count must be >= 1: 0",
            assertThrows(IllegalArgumentException.class, () -> ServerClasses.homogeneous(0, 1)).getMessage());
        assertEquals("too many servers: 4294967294", assertThrows(IllegalArgumentException.class,
            () -> ServerClasses.of(new int[][] {{1}, {2}}, new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE}))
            .getMessage());
    }

    private static int[] classOfEach(final ServerClasses classes) {
        final int[] classOf = new int[classes.servers()];
        for (int s = 0; s < classOf.length; s++) {
            classOf[s] = classes.classOf(s);
        }
        return classOf;
    }
}
