package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.Units;
import org.stowage.core.state.ServerTable;

/** Alibaba openb: pods per keep or drop rule, nodes as a heterogeneous cluster, and the bad-input cases. */
class AlibabaLoaderTest {
    private static final Units UNITS = Units.defaults();

    @Test
    void keepsScheduledAndDeletedPodsNormalizedToTheLargestNode() {
        final LoadedTrace trace = Traces.load(spec("alibaba/rules"),
            TraceOptions.defaults().withDimensions(2));
        // pod-0 (created 0), pod-9 (3), pod-1 (5); duration = deletion - scheduled
        assertArrayEquals(new long[] {0, 3_000_000, 5_000_000}, GoogleTaskEventsLoaderTest.arrivals(trace));
        assertArrayEquals(new long[] {90_000_000, 26_000_000, 45_000_000}, GoogleTaskEventsLoaderTest.durations(trace));
        // largest node: 64,000 milli-CPU, 262,144 MiB
        assertArrayEquals(new int[] {UNITS.sizeUnits(0.25), UNITS.sizeUnits(1.0), UNITS.sizeUnits(0.125)},
            GoogleTaskEventsLoaderTest.sizes(trace, 0));
        assertArrayEquals(new int[] {UNITS.sizeUnits(0.25), 0, UNITS.sizeUnits(0.5)},
            GoogleTaskEventsLoaderTest.sizes(trace, 1));

        final TraceSummary summary = trace.summary();
        final Map<DropReason, Long> expected = new EnumMap<>(DropReason.class);
        expected.put(DropReason.NEVER_SCHEDULED, 1L);
        expected.put(DropReason.NOT_DELETED, 1L);
        expected.put(DropReason.NEGATIVE_DURATION, 1L);
        expected.put(DropReason.MISSING_REQUEST, 1L);
        expected.put(DropReason.NEGATIVE_REQUEST, 1L);
        expected.put(DropReason.ABOVE_CAPACITY, 1L);
        expected.put(DropReason.ZERO_SIZE, 1L);
        for (final DropReason reason : DropReason.values()) {
            assertEquals(expected.getOrDefault(reason, 0L), summary.count(reason), reason.toString());
        }
        assertEquals(10, summary.seen());
        assertEquals(3, summary.kept());
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
        assertEquals(Long.valueOf(1), summary.notes().get("pods requesting GPUs (GPU demand not modeled)"));
        assertEquals(2, summary.filesRead());
    }

    @Test
    void nodesBecomeAHeterogeneousServerTable() {
        final LoadedTrace two = Traces.load(spec("alibaba/rules"),
            TraceOptions.defaults().withDimensions(2));
        assertEquals(3, two.serverCount());
        final ServerTable servers = two.newServerTable();
        assertEquals(2, servers.dimensions());
        final int[][] expected = {{UNITS.capacityUnits(1.0), UNITS.capacityUnits(0.5)},
            {UNITS.capacityUnits(0.5), UNITS.capacityUnits(1.0)}, {UNITS.capacityUnits(0.25), UNITS.capacityUnits(0.25)}};
        for (int s = 0; s < 3; s++) {
            for (int d = 0; d < 2; d++) {
                assertEquals(expected[s][d], servers.capacity(s, d), "server " + s + " resource " + d);
            }
        }
        // one resource: pod size max(CPU, memory), node capacity min(CPU, memory)
        final LoadedTrace one = Traces.load(spec("alibaba/rules"), TraceOptions.defaults());
        assertArrayEquals(new int[] {UNITS.sizeUnits(0.25), UNITS.sizeUnits(1.0), UNITS.sizeUnits(0.5)},
            GoogleTaskEventsLoaderTest.sizes(one, 0));
        assertEquals(UNITS.capacityUnits(0.5), one.serverCapacity(0, 0));
        assertEquals(UNITS.capacityUnits(0.5), one.serverCapacity(1, 0));
        assertEquals(UNITS.capacityUnits(0.25), one.serverCapacity(2, 0));
        assertTrue(two.newServerTable() != two.newServerTable(), "each run gets its own table");
    }

    /** The published file names, in a directory or beside a pod list (copied at test time, never committed). */
    @Test
    void aDirectoryOrAPodFileFindsTheNodeListByItsPublishedName(@TempDir final Path directory) throws IOException {
        Files.copy(Fixtures.path("alibaba/rules/pods.csv"), directory.resolve(AlibabaLoader.POD_FILE));
        Files.copy(Fixtures.path("alibaba/rules/nodes.csv"), directory.resolve(AlibabaLoader.NODE_FILE));
        for (final String spec : List.of("alibaba:" + directory, "alibaba:" + directory.resolve(AlibabaLoader.POD_FILE))) {
            final LoadedTrace trace = Traces.load(spec, TraceOptions.defaults());
            assertEquals(3, trace.count(), spec);
            assertEquals(3, trace.serverCount(), spec);
        }
    }

    @Test
    void missingColumnIsAnErrorNamingIt() {
        final TraceFormatException e = load("alibaba/bad-header");
        assertEquals(1, e.line());
        assertTrue(e.getMessage().endsWith("has no column 'memory_mib'"), e.getMessage());
        assertTrue(e.file().endsWith("pods.csv"), e.getMessage());
    }

    @Test
    void nodeWithoutCapacityIsAnError() {
        final TraceFormatException e = load("alibaba/bad-node");
        assertEquals(3, e.line());
        assertEquals("cpu_milli (column 2)", e.field());
        assertEquals("0", e.value());
    }

    @Test
    void missingDirectoryIsAnError() {
        final TraceFormatException e = assertThrows(TraceFormatException.class,
            () -> Traces.load("alibaba:" + Fixtures.path("alibaba").resolve("absent"), TraceOptions.defaults()));
        assertTrue(e.getMessage().endsWith(": no such file"), e.getMessage());
    }

    private static TraceFormatException load(final String fixture) {
        return assertThrows(TraceFormatException.class, () -> Traces.load(spec(fixture), TraceOptions.defaults()));
    }

    /** The pod list and node list of a fixture directory, named explicitly. */
    static String spec(final String fixture) {
        return "alibaba:" + Fixtures.path(fixture + "/pods.csv") + "," + Fixtures.path(fixture + "/nodes.csv");
    }
}
