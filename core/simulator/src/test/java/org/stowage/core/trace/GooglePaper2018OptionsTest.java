package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.TimeMode;

/**
 * The 2018 paper's preprocessing (Sec. VII-B): the non-production priority filter and the ten dyadic types,
 * on a hand-written fixture with one task per case (priorities at and around the limit, sizes at, just above
 * and below the type boundaries, a size 0, a task whose priority changes after its SUBMIT).
 */
class GooglePaper2018OptionsTest {
    private static final Path FIXTURE = Fixtures.path("google/paper-2018");
    private static final TraceOptions PAPER = TraceOptions.psychasGhaderi2018();

    /** Kept tasks in arrival order: (10,0) (10,1) (10,4) .. (10,12) (20,0), and each one's type. */
    private static final int[] PAPER_TYPES = {1, 1, 5, 4, 9, 9, 0, 0, 9, 8, 1, 4};

    @Test
    void keepsNonProductionTasksAndRoundsEachSizeUpToItsDyadicType() {
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE), PAPER);
        assertEquals(12, trace.count());
        assertEquals(10, trace.classCount());
        final int resolution = 1 << 20;
        for (int i = 0; i < trace.count(); i++) {
            assertEquals(PAPER_TYPES[i], trace.jobClass(i), "type of kept task " + i);
            assertEquals(resolution >> PAPER_TYPES[i], trace.size(i, 0), "size of kept task " + i);
        }
        assertEquals(1_000_000, trace.arrivalMicros(0));
        assertEquals(1_015_000, trace.arrivalMicros(11), "(20,0) kept: its SUBMIT priority is 3, the later 9 is ignored");
        assertEquals(1_000_000, trace.durationMicros(11));
        final TraceSummary summary = trace.summary();
        assertEquals(16, summary.seen());
        assertEquals(3, summary.count(DropReason.PRIORITY_ABOVE_LIMIT),
            "(10,2) priority 9, (10,3) 11, (10,13) 10 (before its missing CPU request)");
        assertEquals(0, summary.count(DropReason.MISSING_REQUEST));
        assertEquals(1, summary.count(DropReason.KILLED), "(10,14)");
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
        assertArrayEquals(new long[] {2, 3, 0, 0, 2, 1, 0, 0, 1, 3}, summary.classCounts());
        final String report = summary.report();
        assertTrue(report.contains("priority above the limit (production tasks: 9-11)"), report);
        assertTrue(report.contains("kept per type (type p: size 2^-p): 0: 2 1: 3 2: 0 3: 0 4: 2 5: 1 6: 0 7: 0 8: 1 9: 3"),
            report);
        assertTrue(report.contains("size max(CPU, memory), typed"), report);
    }

    @Test
    void typesAreTheSameAtAnyResolutionDivisibleBy512() {
        final LoadedTrace binary = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE), PAPER);
        final LoadedTrace decimal = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE),
            PAPER.withUnits(new Units(1_024_000)));
        assertEquals(binary.count(), decimal.count());
        for (int i = 0; i < binary.count(); i++) {
            assertEquals(binary.jobClass(i), decimal.jobClass(i), "task " + i);
            assertEquals(1_024_000 >> binary.jobClass(i), decimal.size(i, 0), "task " + i);
        }
    }

    @Test
    void eachOptionAlone() {
        final LoadedTrace typesOnly = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE),
            TraceOptions.defaults().withUnits(new Units(1 << 20)).withDyadicTypes(10));
        // production tasks (10,2) and (10,3) are kept now (0.1 rounds up to 1/8: type 3); (10,13) lacks a request
        assertEquals(14, typesOnly.count());
        assertEquals(3, typesOnly.jobClass(2));
        assertEquals(3, typesOnly.jobClass(3));
        assertEquals(1, typesOnly.summary().count(DropReason.MISSING_REQUEST));
        assertTrue(!typesOnly.summary().report().contains("priority above"), "no priority rule, no line for it");

        final LoadedTrace priorityOnly = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE),
            TraceOptions.defaults().withGoogleMaxPriority(TraceOptions.GOOGLE_NON_PRODUCTION));
        assertEquals(12, priorityOnly.count());
        assertEquals(false, priorityOnly.hasClasses());
        assertEquals(1, priorityOnly.classCount());
        assertEquals(0, priorityOnly.jobClass(3));
        assertEquals(Units.defaults().sizeUnits(0.0312501), priorityOnly.size(3, 0), "sizes as read");

        final LoadedTrace strict = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE),
            TraceOptions.defaults().withGoogleMaxPriority(0));
        assertEquals(3, strict.count(), "priority 0 only: (10,0), (10,8), (10,9)");
    }

    @Test
    void fewerTypesPutEverySmallerSizeInTheLastType() {
        final LoadedTrace four = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE),
            PAPER.withDyadicTypes(4));
        final int[] expected = {1, 1, 3, 3, 3, 3, 0, 0, 3, 3, 1, 3};
        for (int i = 0; i < four.count(); i++) {
            assertEquals(expected[i], four.jobClass(i), "task " + i);
        }
        assertEquals(4, four.classCount());
    }

    @Test
    void theWorkloadPassesTheTypesOnAsJobClasses() {
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE), PAPER);
        final TraceWorkload workload = trace.workload(TimeMode.CONTINUOUS, 1_000_000, 1.0);
        final JobSpec spec = new JobSpec(1);
        for (int i = 0; i < trace.count(); i++) {
            workload.next(spec);
            assertEquals(PAPER_TYPES[i], spec.jobClass, "job " + i);
            assertEquals((1 << 20) >> PAPER_TYPES[i], spec.size[0], "job " + i);
        }
    }

    @Test
    void typeOfIsTheSmallestDyadicSizeThatHoldsTheTask() {
        final int r = 1 << 20;
        assertEquals(0, DyadicTypes.typeOf(r, r, 10));
        assertEquals(0, DyadicTypes.typeOf(r / 2 + 1, r, 10));
        assertEquals(1, DyadicTypes.typeOf(r / 2, r, 10));
        assertEquals(9, DyadicTypes.typeOf(r / 512, r, 10));
        assertEquals(8, DyadicTypes.typeOf(r / 512 + 1, r, 10));
        assertEquals(9, DyadicTypes.typeOf(1, r, 10));
        assertEquals(9, DyadicTypes.typeOf(0, r, 10));
        assertEquals(0, DyadicTypes.typeOf(0, r, 1), "one type: everything is size 1");
    }

    @Test
    void badOptionsAndBadPrioritiesAreNamed() {
        final IllegalArgumentException resolution = assertThrows(IllegalArgumentException.class,
            () -> Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE),
                TraceOptions.defaults().withDyadicTypes(10)));
        assertEquals("10 dyadic types (sizes down to 2^-9) need a resolution divisible by 2^9 so that each is a whole "
            + "number of units: 1000000 (use e.g. 1048576 = 2^20)", resolution.getMessage());
        final IllegalArgumentException twoResources = assertThrows(IllegalArgumentException.class,
            () -> Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, FIXTURE), PAPER.withDimensions(2)));
        assertEquals("dyadic types need one resource (the larger of CPU and memory): 2 resources",
            twoResources.getMessage());
        final IllegalArgumentException swf = assertThrows(IllegalArgumentException.class,
            () -> Traces.load(TraceSpec.of(TraceFormat.SWF, Fixtures.path("swf/rules.swf.txt")), PAPER));
        assertTrue(swf.getMessage().startsWith("the priority limit and dyadic types are the 2018 paper's preprocessing "
            + "of google2011 traces, not of swf"), swf.getMessage());
        assertEquals("Google priority limit must be in [0, 11] (8 keeps non-production tasks): 12",
            assertThrows(IllegalArgumentException.class, () -> TraceOptions.defaults().withGoogleMaxPriority(12))
                .getMessage());
        assertEquals("dyadic types must be in [0, 30] (0 = sizes as read, 10 = the 2018 paper's): 31",
            assertThrows(IllegalArgumentException.class, () -> TraceOptions.defaults().withDyadicTypes(31))
                .getMessage());

        final Path badPriority = Fixtures.path("google/bad/bad-priority.csv");
        final TraceFormatException e = assertThrows(TraceFormatException.class,
            () -> Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, badPriority), PAPER));
        assertEquals("priority (column 9)", e.field());
        assertEquals("high", e.value());
        assertTrue(e.getMessage().endsWith("not a non-negative integer"), e.getMessage());
        // without a priority limit the column is not read at all
        assertEquals(0, Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, badPriority), TraceOptions.defaults()).count());
    }
}
