package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;

/** SWF: one fixture job per keep or drop rule, -1 fallbacks, two resources, and the bad-input cases. */
class SwfLoaderTest {
    private static final Units UNITS = Units.defaults();

    @Test
    void keepsJobsWithKnownTimesAndProcessorsSortedBySubmitTime() {
        final LoadedTrace trace = Traces.load("swf:" + Fixtures.path("swf/rules.swf.txt"), TraceOptions.defaults());
        // jobs 1, 2, 10, 11, 12; job 10 (submit 65) comes before job 9's line (70) in time
        assertArrayEquals(new long[] {0, 10_000_000, 65_000_000, 80_000_000, 90_000_000},
            GoogleTaskEventsLoaderTest.arrivals(trace));
        assertArrayEquals(new long[] {100_000_000, 50_000_000, 0, 30_000_000, 30_000_000},
            GoogleTaskEventsLoaderTest.durations(trace));
        // processors / MaxProcs 64; job 2 falls back to its 4 allocated processors
        assertArrayEquals(new int[] {UNITS.sizeUnits(8 / 64.0), UNITS.sizeUnits(4 / 64.0), UNITS.sizeUnits(1.0),
            UNITS.sizeUnits(16 / 64.0), UNITS.sizeUnits(16 / 64.0)}, GoogleTaskEventsLoaderTest.sizes(trace, 0));

        final TraceSummary summary = trace.summary();
        final Map<DropReason, Long> expected = new EnumMap<>(DropReason.class);
        expected.put(DropReason.PROCESSORS_UNKNOWN, 1L);   // job 3
        expected.put(DropReason.RUN_TIME_UNKNOWN, 1L);     // job 4
        expected.put(DropReason.NEGATIVE_DURATION, 1L);    // job 5
        expected.put(DropReason.SUBMIT_TIME_UNKNOWN, 1L);  // job 6
        expected.put(DropReason.ZERO_SIZE, 1L);            // job 7
        expected.put(DropReason.ABOVE_CAPACITY, 1L);       // job 8: 100 > 64
        expected.put(DropReason.NEGATIVE_REQUEST, 1L);     // job 9: -3 processors
        expected.put(DropReason.BLANK_LINE, 1L);
        for (final DropReason reason : DropReason.values()) {
            assertEquals(expected.getOrDefault(reason, 0L), summary.count(reason), reason.toString());
        }
        assertEquals(12, summary.seen());
        assertEquals(5, summary.kept());
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
        assertEquals(Long.valueOf(1), summary.notes().get("processors taken from allocated (field 5): requested is -1"));
        assertEquals(Long.valueOf(1), summary.notes().get("jobs submitted before the previous line's job (sorted on load)"));
        assertEquals(18, summary.rowsRead(), "5 header lines, 12 jobs, 1 blank line");
    }

    @Test
    void gzipReadsTheSame() {
        final LoadedTrace plain = Traces.load("swf:" + Fixtures.path("swf/rules.swf.txt"), TraceOptions.defaults());
        final LoadedTrace gzip = Traces.load("swf:" + Fixtures.path("swf/rules.swf.txt.gz"), TraceOptions.defaults());
        assertArrayEquals(GoogleTaskEventsLoaderTest.arrivals(plain), GoogleTaskEventsLoaderTest.arrivals(gzip));
        assertArrayEquals(GoogleTaskEventsLoaderTest.sizes(plain, 0), GoogleTaskEventsLoaderTest.sizes(gzip, 0));
    }

    @Test
    void twoResourcesNormalizeMemoryByTheGivenCapacity() {
        final TraceOptions options = TraceOptions.defaults().withDimensions(2).withSwfMemoryKb(64 * 4096);
        final LoadedTrace trace = Traces.load("swf:" + Fixtures.path("swf/rules.swf.txt"), options);
        assertEquals(2, trace.count(), "jobs 11 and 12; 1, 2 and 10 have no memory");
        assertEquals(3, trace.summary().count(DropReason.MEMORY_UNKNOWN));
        // job 11: 16 processors x 1024 KB requested; job 12: 16 x 2048 KB used (requested is -1)
        assertArrayEquals(new int[] {UNITS.sizeUnits(0.0625), UNITS.sizeUnits(0.125)},
            GoogleTaskEventsLoaderTest.sizes(trace, 1));
        assertEquals(Long.valueOf(1), trace.summary().notes().get("memory taken from used (field 7): requested is -1"));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Traces.load("swf:" + Fixtures.path("swf/rules.swf.txt"), TraceOptions.defaults().withDimensions(2)));
        assertTrue(e.getMessage().startsWith("two-resource SWF needs the machine's memory in KB"), e.getMessage());
    }

    @Test
    void givenCapacityOverridesTheHeader() {
        final LoadedTrace trace = Traces.load("swf:" + Fixtures.path("swf/rules.swf.txt"),
            TraceOptions.defaults().withSwfProcessors(128));
        assertEquals(UNITS.sizeUnits(8 / 128.0), trace.size(0, 0));
        assertEquals(0, trace.summary().count(DropReason.ABOVE_CAPACITY), "100 processors fit 128");
        assertEquals(6, trace.count());
    }

    @Test
    void wrongFieldCountIsAnError() {
        final TraceFormatException e = load("swf/wrong-fields.swf.txt");
        assertEquals(3, e.line());
        assertTrue(e.getMessage().endsWith("expected 18 whitespace-separated fields, found 17"), e.getMessage());
    }

    @Test
    void nonNumericFieldIsAnError() {
        final TraceFormatException e = load("swf/non-numeric.swf.txt");
        assertEquals(2, e.line());
        assertEquals("run time (field 4)", e.field());
        assertEquals("1O0", e.value());
    }

    @Test
    void missingMaxProcsIsAnErrorUnlessACapacityIsGiven() {
        final TraceFormatException e = load("swf/no-maxprocs.swf.txt");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("no MaxProcs header before the first job"), e.getMessage());
        assertEquals(1, Traces.load("swf:" + Fixtures.path("swf/no-maxprocs.swf.txt"),
            TraceOptions.defaults().withSwfProcessors(16)).count());
    }

    @Test
    void badMaxProcsHeaderIsAnError() {
        final TraceFormatException e = load("swf/bad-maxprocs.swf.txt");
        assertEquals("MaxProcs header", e.field());
        assertEquals("sixty-four", e.value());
    }

    @Test
    void aFileWithoutJobsIsAnError() {
        assertTrue(load("swf/header-only.swf.txt").getMessage().endsWith("header-only.swf.txt: no job lines"));
    }

    @Test
    void missingFileIsAnError() {
        final Path missing = Fixtures.path("swf").resolve("absent.swf");
        final TraceFormatException e = assertThrows(TraceFormatException.class,
            () -> Traces.load("swf:" + missing, TraceOptions.defaults()));
        assertEquals(missing + ": no such file", e.getMessage());
    }

    private static TraceFormatException load(final String fixture) {
        return assertThrows(TraceFormatException.class,
            () -> Traces.load("swf:" + Fixtures.path(fixture), TraceOptions.defaults()));
    }
}
