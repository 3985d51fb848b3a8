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

/**
 * The preprocessing rule on a two-part fixture with one task per keep or drop rule (the task state
 * crosses the file boundary, and the second part is gzip), and every bad-input case.
 */
class GoogleTaskEventsLoaderTest {
    private static final Units UNITS = Units.defaults();
    private static final Path RULES = Fixtures.path("google/rules");

    @Test
    void keepsExactlyTheCleanTasksSortedByArrivalThenJobThenIndex() {
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, RULES), TraceOptions.defaults());
        // (50,0), (100,0), (100,1) all SUBMIT at 1 s: ties go to the lower job ID, then task index
        assertArrayEquals(new long[] {1_000_000, 1_000_000, 1_000_000, 3_000_000}, arrivals(trace));
        assertArrayEquals(new long[] {4_000_000, 3_000_000, 3_500_000, 0}, durations(trace));
        // one resource: max(CPU, memory); 6.25e-02 parses; decimals are whole units at the default 10^6
        assertArrayEquals(new int[] {UNITS.sizeUnits(0.0625), UNITS.sizeUnits(0.5), UNITS.sizeUnits(0.375),
            UNITS.sizeUnits(0.01)}, sizes(trace, 0));
        assertEquals(10_000, UNITS.sizeUnits(0.01), "0.01 of 10^6 units");
    }

    @Test
    void countsEveryDroppedTaskUnderItsFirstBrokenRule() {
        final TraceSummary summary = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, RULES),
            TraceOptions.defaults()).summary();
        final Map<DropReason, Long> expected = new EnumMap<>(DropReason.class);
        expected.put(DropReason.SUBMITTED_BEFORE_WINDOW, 1L);   // (200,0)
        expected.put(DropReason.FIRST_EVENT_NOT_SUBMIT, 1L);    // (200,1)
        expected.put(DropReason.MISSING_REQUEST, 2L);           // (300,0) no CPU, (300,1) no memory
        expected.put(DropReason.NEGATIVE_REQUEST, 1L);          // (300,2)
        expected.put(DropReason.ABOVE_CAPACITY, 1L);            // (300,3) memory 1.5
        expected.put(DropReason.REPEATED_SUBMIT, 2L);           // (400,0); (400,4) resubmitted after FINISH
        expected.put(DropReason.REPEATED_SCHEDULE, 1L);         // (400,1)
        expected.put(DropReason.FINISH_BEFORE_SCHEDULE, 1L);    // (400,2)
        expected.put(DropReason.REPEATED_FINISH, 1L);           // (400,3), in the second part
        expected.put(DropReason.EVICTED, 1L);
        expected.put(DropReason.FAILED, 1L);
        expected.put(DropReason.KILLED, 1L);
        expected.put(DropReason.LOST, 1L);
        expected.put(DropReason.AFTER_WINDOW, 1L);              // (950,0) FINISH at 2^63-1
        expected.put(DropReason.UNKNOWN_EVENT, 1L);             // (700,0) event type 9
        expected.put(DropReason.NO_FINISH_IN_WINDOW, 1L);       // (800,0)
        expected.put(DropReason.UNKNOWN_EVENT_TYPE_ROW, 1L);
        for (final DropReason reason : DropReason.values()) {
            assertEquals(expected.getOrDefault(reason, 0L), summary.count(reason), reason.toString());
        }
        assertEquals(22, summary.seen());
        assertEquals(4, summary.kept());
        assertEquals(18, summary.dropped());
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
        assertEquals(1, summary.skippedRows());
        assertEquals(2, summary.filesRead());
        assertEquals(57, summary.rowsRead());
        assertEquals(1_000_000, summary.firstRowMicros(), "rows at time 0 are before the window");
        assertEquals(7_000_000, summary.lastRowMicros(), "the 2^63-1 row is after the window");
        assertEquals(1_000_000, summary.firstArrivalMicros());
        assertEquals(3_000_000, summary.lastArrivalMicros());
        final String report = summary.report();
        for (final DropReason reason : GoogleTaskEventsLoader.REASONS) {
            assertTrue(report.contains(reason.description()), reason + " missing from\n" + report);
        }
        assertTrue(report.contains("tasks: 22 seen = 4 kept + 18 dropped"), report);
    }

    @Test
    void twoResourcesKeepCpuAndMemorySeparately() {
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, RULES),
            TraceOptions.defaults().withDimensions(2));
        assertEquals(2, trace.dimensions());
        assertArrayEquals(new int[] {UNITS.sizeUnits(0.0625), UNITS.sizeUnits(0.5), UNITS.sizeUnits(0.125), 0},
            sizes(trace, 0));
        assertArrayEquals(new int[] {UNITS.sizeUnits(0.0625), UNITS.sizeUnits(0.25), UNITS.sizeUnits(0.375),
            UNITS.sizeUnits(0.01)}, sizes(trace, 1));
        final double[] cpu = trace.summary().sizeQuantiles(0);
        assertEquals(0.0, cpu[0]);
        assertEquals(0.5, cpu[cpu.length - 1]);
    }

    @Test
    void explicitFilesInOrderEqualTheirDirectory() {
        final LoadedTrace fromFiles = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011,
            RULES.resolve("part-00000-of-00002.csv"), RULES.resolve("part-00001-of-00002.csv.gz")),
            TraceOptions.defaults());
        final LoadedTrace fromDirectory = Traces.load("google2011:" + RULES, TraceOptions.defaults());
        assertArrayEquals(arrivals(fromDirectory), arrivals(fromFiles));
        assertArrayEquals(durations(fromDirectory), durations(fromFiles));
        assertArrayEquals(sizes(fromDirectory, 0), sizes(fromFiles, 0));
    }

    @Test
    void firstPartAloneLeavesTheLateFinishersOpen() {
        final TraceSummary summary = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011,
            RULES.resolve("part-00000-of-00002.csv")), TraceOptions.defaults()).summary();
        // (100,1), (50,0) finish in part 1; (800,0) never: three open at the end; (400,3), (400,4) stay kept
        assertEquals(3, summary.count(DropReason.NO_FINISH_IN_WINDOW));
        assertEquals(4, summary.kept(), "(100,0), (900,5), (400,3), (400,4)");
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
    }

    @Test
    void crlfLineEndingsAndAFinalLineWithoutNewlineRead() {
        final LoadedTrace trace = Traces.load("google2011:" + Fixtures.path("google/crlf"), TraceOptions.defaults());
        assertEquals(1, trace.count());
        assertEquals(100_000, trace.durationMicros(0));
        assertEquals(UNITS.sizeUnits(0.5), trace.size(0, 0));
    }

    // ---- bad input: errors name file, line, field and value ----

    @Test
    void truncatedGzipIsAnErrorNamingTheFileAndLine() {
        final TraceFormatException e = load("google/bad/truncated.csv.gz");
        assertTrue(e.getMessage().contains("truncated.csv.gz line "), e.getMessage());
        assertTrue(e.getMessage().contains("truncated or corrupt data"), e.getMessage());
        assertTrue(e.line() > 1, "the rows before the cut were read: " + e.line());
    }

    @Test
    void wrongColumnCountIsAnError() {
        final TraceFormatException e = load("google/bad/wrong-columns.csv");
        assertEquals(2, e.line());
        assertTrue(e.getMessage().endsWith("expected 13 comma-separated columns, found 12"), e.getMessage());
        assertTrue(e.getMessage().contains("wrong-columns.csv line 2 = '2000000,,100,0,m1,1,u,0,0,0.5,0.25,0'"),
            e.getMessage());
    }

    @Test
    void nonNumericFieldIsAnErrorNamingFieldAndValue() {
        final TraceFormatException e = load("google/bad/non-numeric.csv");
        assertEquals("job ID (column 3)", e.field());
        assertEquals("12x4", e.value());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("non-numeric.csv line 2, job ID (column 3) = '12x4': not a non-negative"
            + " integer"), e.getMessage());
    }

    @Test
    void nanRequestIsAnError() {
        final TraceFormatException e = load("google/bad/nan.csv");
        assertEquals("CPU request (column 10)", e.field());
        assertEquals("NaN", e.value());
        assertTrue(e.getMessage().endsWith("not a number"), e.getMessage());
    }

    @Test
    void negativeTimestampIsAnError() {
        final TraceFormatException e = load("google/bad/negative-time.csv");
        assertEquals("timestamp (column 1)", e.field());
        assertEquals("-5", e.value());
    }

    @Test
    void timestampsGoingBackwardsAcrossFilesIsAnErrorNamingBothPlaces() {
        final TraceFormatException e = load("google/bad/backwards");
        assertTrue(e.file().endsWith("part-00001-of-00002.csv"), e.getMessage());
        assertEquals(1, e.line());
        assertEquals("4000000", e.value());
        assertTrue(e.getMessage().contains("goes backwards: earlier than 5000000 at "), e.getMessage());
        assertTrue(e.getMessage().contains("part-00000-of-00002.csv line 2"), e.getMessage());
    }

    @Test
    void emptyFileIsAnError() {
        final TraceFormatException e = load("google/bad/empty.csv");
        assertEquals(0, e.line());
        assertTrue(e.getMessage().endsWith("empty.csv: file is empty (0 bytes)"), e.getMessage());
    }

    @Test
    void missingFileIsAnError() {
        final Path missing = RULES.resolve("part-00099-of-00500.csv.gz");
        final TraceFormatException e = assertThrows(TraceFormatException.class,
            () -> Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, missing), TraceOptions.defaults()));
        assertEquals(missing + ": no such file", e.getMessage());
    }

    @Test
    void directoryWithoutPartsIsAnError() {
        final TraceFormatException e = load("google/bad/no-parts");
        assertTrue(e.getMessage().endsWith("no-parts: directory has no .csv or .csv.gz files"), e.getMessage());
    }

    @Test
    void overLongLineIsAnError() {
        final Path file = Fixtures.path("google/bad/long-line.csv");
        final TraceFormatException e = assertThrows(TraceFormatException.class,
            () -> Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, file), TraceOptions.defaults().withMaxLineBytes(256)));
        assertEquals(2, e.line());
        assertEquals("line", e.field());
        assertTrue(e.getMessage().endsWith("longer than 256 bytes (not a trace row)"), e.getMessage());
        assertTrue(e.value().startsWith("2000000,,100,0,m1,1,xxx"), e.value());
        // the same file is fine under the default limit
        assertEquals(2, Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, file), TraceOptions.defaults())
            .summary().rowsRead());
    }

    private static TraceFormatException load(final String fixture) {
        return assertThrows(TraceFormatException.class, () -> Traces.load(
            TraceSpec.of(TraceFormat.GOOGLE_2011, Fixtures.path(fixture)), TraceOptions.defaults()));
    }

    static long[] arrivals(final LoadedTrace trace) {
        final long[] values = new long[trace.count()];
        for (int i = 0; i < values.length; i++) {
            values[i] = trace.arrivalMicros(i);
        }
        return values;
    }

    static long[] durations(final LoadedTrace trace) {
        final long[] values = new long[trace.count()];
        for (int i = 0; i < values.length; i++) {
            values[i] = trace.durationMicros(i);
        }
        return values;
    }

    static int[] sizes(final LoadedTrace trace, final int d) {
        final int[] values = new int[trace.count()];
        for (int i = 0; i < values.length; i++) {
            values[i] = trace.size(i, d);
        }
        return values;
    }
}
