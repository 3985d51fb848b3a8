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
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.TimeMode;

/**
 * The attempts rule of Tran et al. 2018 (failed and resubmitted tasks are new jobs) on a hand-written
 * fixture with one task per case (google/attempts), beside the 2019 rule on the same rows; the before-window
 * batch; and the class column of a loaded trace.
 */
class GoogleAttemptsRuleTest {
    private static final Units UNITS = Units.defaults();
    private static final Path ATTEMPTS = Fixtures.path("google/attempts");
    private static final TraceOptions RULE = TraceOptions.defaults().withDimensions(2).withGoogleRule(GoogleRule.ATTEMPTS);

    @Test
    void everyAttemptThatRanToAnEndEventIsAJob() {
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, ATTEMPTS), RULE);
        // (100,0) FAIL at 3 s then FINISH; (100,1) EVICT; (700,0) clean; (300,0) LOST after a bad attempt
        assertArrayEquals(new long[] {1_000_000, 1_000_000, 2_000_000, 4_000_000, 5_000_000}, arrivals(trace));
        assertArrayEquals(new long[] {1_000_000, 1_000_000, 1_500_000, 4_000_000, 1_000_000}, durations(trace));
        assertArrayEquals(new int[] {units(0.25), units(0.0625), units(0.2), units(0.5), units(0.125)}, sizes(trace, 0),
            "each attempt has its own SUBMIT's requests");
        assertArrayEquals(new int[] {units(0.125), units(0.375), units(0.3), units(0.25), units(0.0625)}, sizes(trace, 1));
    }

    @Test
    void countsEveryDroppedAttemptUnderItsFirstBrokenRule() {
        final TraceSummary summary = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, ATTEMPTS), RULE).summary();
        final Map<DropReason, Long> expected = new EnumMap<>(DropReason.class);
        expected.put(DropReason.SUBMITTED_BEFORE_WINDOW, 2L);   // (200,0), (200,1)
        expected.put(DropReason.ENDED_BEFORE_SCHEDULE, 1L);     // (100,1)'s second attempt, KILLed while pending
        expected.put(DropReason.MISSING_REQUEST, 1L);           // (300,0)'s first attempt
        expected.put(DropReason.FIRST_EVENT_NOT_SUBMIT, 2L);    // (300,1): SCHEDULE (+ its FINISH), a lone FINISH
        expected.put(DropReason.REPEATED_SUBMIT, 1L);           // (400,0)'s first SUBMIT
        expected.put(DropReason.REPEATED_SCHEDULE, 1L);         // (400,0)'s second attempt
        expected.put(DropReason.FINISH_BEFORE_SCHEDULE, 1L);    // (400,1)
        expected.put(DropReason.UNKNOWN_EVENT, 1L);             // (500,0) event type 9
        expected.put(DropReason.AFTER_WINDOW, 1L);              // (500,1) FINISH at 2^63-1
        expected.put(DropReason.NO_END_IN_WINDOW, 1L);          // (600,0)
        expected.put(DropReason.NEGATIVE_REQUEST, 1L);          // (600,1)
        expected.put(DropReason.ABOVE_CAPACITY, 1L);            // (600,2)
        expected.put(DropReason.UNKNOWN_EVENT_TYPE_ROW, 1L);
        for (final DropReason reason : DropReason.values()) {
            assertEquals(expected.getOrDefault(reason, 0L), summary.count(reason), reason.toString());
        }
        assertEquals(19, summary.seen());
        assertEquals(5, summary.kept());
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
        assertEquals("attempt", summary.unitNoun());
        assertEquals(1L, summary.notes().get("kept attempts ended by EVICT"));
        assertEquals(1L, summary.notes().get("kept attempts ended by FAIL"));
        assertEquals(2L, summary.notes().get("kept attempts ended by FINISH"));
        assertEquals(0L, summary.notes().get("kept attempts ended by KILL"));
        assertEquals(1L, summary.notes().get("kept attempts ended by LOST"));
        final String report = summary.report();
        assertTrue(report.contains("attempts: 19 seen = 5 kept + 14 dropped"), report);
        for (final DropReason reason : GoogleTaskEventsLoader.ATTEMPT_REASONS) {
            assertTrue(report.contains(reason.description()), reason + " missing from\n" + report);
        }
    }

    @Test
    void theTwoThousandNineteenRuleKeepsOnlyTheCleanTaskOfTheSameRows() {
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, ATTEMPTS),
            TraceOptions.defaults().withDimensions(2));
        assertArrayEquals(new long[] {2_000_000}, arrivals(trace), "(700,0) alone");
        assertEquals("task", trace.summary().unitNoun());
        assertEquals(14, trace.summary().seen(), "tasks, not attempts");
    }

    @Test
    void beforeWindowAttemptsArriveAsABatchAtTheWindowStart() {
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, ATTEMPTS),
            RULE.withGoogleBeforeWindow(true));
        final TraceSummary summary = trace.summary();
        assertEquals(6, trace.count());
        final int last = trace.count() - 1;
        // (200,0): SUBMIT and SCHEDULE at 0 are read as 600 s; it finishes at 700 s
        assertEquals(600_000_000, trace.arrivalMicros(last));
        assertEquals(100_000_000, trace.durationMicros(last));
        assertEquals(units(0.2), trace.size(last, 1));
        assertEquals(0, summary.count(DropReason.SUBMITTED_BEFORE_WINDOW));
        assertEquals(1, summary.count(DropReason.NEGATIVE_DURATION), "(200,1) ends at 5 s, before 600 s");
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
    }

    @Test
    void theBeforeWindowBatchNeedsTheAttemptsRule() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> TraceOptions.defaults().withGoogleBeforeWindow(true));
        assertTrue(e.getMessage().contains("needs the ATTEMPTS rule"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
            () -> RULE.withGoogleBeforeWindow(true).withGoogleRule(GoogleRule.COMPLETED_TASKS));
        assertThrows(IllegalArgumentException.class, () -> TraceOptions.defaults().withGoogleRule(null));
    }

    @Test
    void aClassColumnSharesTheTasksAndReachesTheWorkload() {
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, ATTEMPTS), RULE);
        assertEquals(1, trace.classCount());
        assertEquals(0, trace.jobClass(3));
        final LoadedTrace classified = trace.withClasses(3, new int[] {2, 0, 1, 1, 2});
        assertTrue(classified.hasClasses());
        assertEquals(3, classified.classCount());
        assertEquals(trace.summary(), classified.summary());
        assertArrayEquals(arrivals(trace), arrivals(classified));
        final TraceWorkload workload = classified.workload(TimeMode.CONTINUOUS, 100_000, 1.0);
        final JobSpec spec = new JobSpec(2);
        final int[] classes = new int[5];
        for (int i = 0; i < 5; i++) {
            workload.next(spec);
            classes[i] = spec.jobClass;
        }
        assertArrayEquals(new int[] {2, 0, 1, 1, 2}, classes);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> trace.withClasses(3, new int[] {0, 0, 3, 0, 0}));
        assertEquals("trace classes: class of task 2 must be in [0, 3): 3", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> trace.withClasses(3, new int[4]));
        assertThrows(IllegalArgumentException.class, () -> trace.withClasses(0, new int[5]));
    }

    private static int units(final double size) {
        return UNITS.sizeUnits(size);
    }

    private static long[] arrivals(final LoadedTrace trace) {
        final long[] values = new long[trace.count()];
        for (int i = 0; i < values.length; i++) {
            values[i] = trace.arrivalMicros(i);
        }
        return values;
    }

    private static long[] durations(final LoadedTrace trace) {
        final long[] values = new long[trace.count()];
        for (int i = 0; i < values.length; i++) {
            values[i] = trace.durationMicros(i);
        }
        return values;
    }

    private static int[] sizes(final LoadedTrace trace, final int d) {
        final int[] values = new int[trace.count()];
        for (int i = 0; i < values.length; i++) {
            values[i] = trace.size(i, d);
        }
        return values;
    }
}
