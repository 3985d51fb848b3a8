package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.state.ServerTable;

/**
 * The loaders on the real traces in {@code ../shared/traces} (or {@code -Dstowage.traces=DIR}); each test
 * skips with the path it tried when the trace is absent. The Google counts were cross-checked by an
 * independent script (Python, per-task event lists) on the same 14 parts: 614,019 tasks, 290,079 kept.
 */
class RealTracesTest {
    private static final Path TRACES = Fixtures.sharedTraces();
    private static final Path GOOGLE = TRACES.resolve("google-2011").resolve("task_events");

    @Test
    void googleFourteenPartsFollowTheRuleAndAddUp() {
        assumePresent(GOOGLE);
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, GOOGLE), TraceOptions.defaults());
        final TraceSummary summary = trace.summary();
        System.out.print(summary.report());
        assertEquals(14, summary.filesRead());
        assertEquals(2_609_335, summary.rowsRead());
        assertEquals(614_019, summary.seen());
        assertEquals(290_079, summary.kept());
        assertEquals(144_339, summary.count(DropReason.SUBMITTED_BEFORE_WINDOW), "as the traces README says");
        assertEquals(2_976, summary.count(DropReason.REPEATED_SUBMIT), "finished, then resubmitted");
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
        assertEquals(0, summary.skippedRows());
        checkKeptArrays(trace, true);
        for (int i = 0; i < trace.count(); i++) {
            assertTrue(trace.arrivalMicros(i) > 0, "kept arrivals are inside the window: task " + i);
        }
    }

    /**
     * The attempts rule (Tran et al. 2018) on the 14 parts. An independent script (Python, each task's rows in
     * a list cut into attempts) gives 936,182 attempts of 614,019 tasks, 695,383 kept (320,840 ended by FINISH,
     * 184,412 EVICT, 172,573 KILL, 17,558 FAIL, 0 LOST), and 752,827 with the before-window batch.
     */
    @Test
    void googleFourteenPartsUnderTheAttemptsRuleMatchTheIndependentCount() {
        assumePresent(GOOGLE);
        final TraceOptions attempts = TraceOptions.defaults().withDimensions(2).withGoogleRule(GoogleRule.ATTEMPTS);
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, GOOGLE), attempts);
        final TraceSummary summary = trace.summary();
        System.out.print(summary.report());
        assertEquals(936_182, summary.seen());
        assertEquals(695_383, summary.kept());
        assertEquals(320_840L, summary.notes().get("kept attempts ended by FINISH"));
        assertEquals(184_412L, summary.notes().get("kept attempts ended by EVICT"));
        assertEquals(172_573L, summary.notes().get("kept attempts ended by KILL"));
        assertEquals(17_558L, summary.notes().get("kept attempts ended by FAIL"));
        assertEquals(0L, summary.notes().get("kept attempts ended by LOST"));
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
        // unlike the clean completions, some attempts request 0 CPU and 0 memory (a zero-size job fits anywhere)
        checkKeptArrays(trace, false);
        int zero = 0;
        for (int i = 0; i < trace.count(); i++) {
            zero += trace.size(i, 0) == 0 && trace.size(i, 1) == 0 ? 1 : 0;
        }
        System.out.printf("attempts of size 0 on both resources: %,d%n", zero);
        final LoadedTrace batch = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, GOOGLE),
            attempts.withGoogleBeforeWindow(true));
        assertEquals(752_827, batch.count());
        assertEquals(GoogleTaskEventsLoader.WINDOW_START_MICROS, batch.arrivalMicros(0), "the batch comes first");
    }

    @Test
    void googleFirstPartMatchesTheNaiveRuleTaskByTask() {
        final Path part = GOOGLE.resolve("part-00000-of-00500.csv.gz");
        assumePresent(part);
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, part), TraceOptions.defaults());
        final NaiveGoogleRule naive = new NaiveGoogleRule(List.of(part), Units.defaults(), 1);
        System.out.printf("part 0: %,d tasks seen, %,d kept (naive rule: %,d, %,d)%n", trace.summary().seen(),
            trace.count(), naive.tasks.size(), naive.kept.size());
        assertEquals(naive.tasks.size(), trace.summary().seen());
        assertEquals(naive.kept.size(), trace.count());
        for (int i = 0; i < trace.count(); i++) {
            final NaiveGoogleRule.Kept expected = naive.kept.get(i);
            assertEquals(expected.arrival(), trace.arrivalMicros(i), "arrival of kept task " + i);
            assertEquals(expected.duration(), trace.durationMicros(i), "duration of kept task " + i);
            assertEquals(expected.size()[0], trace.size(i, 0), "size of kept task " + i);
        }
        final LoadedTrace two = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, part),
            TraceOptions.defaults().withDimensions(2));
        assertEquals(trace.count(), two.count(), "the rule does not depend on the resources");
        for (int i = 0; i < trace.count(); i++) {
            assertEquals(trace.size(i, 0), Math.max(two.size(i, 0), two.size(i, 1)), "max(CPU, memory) of task " + i);
        }
    }

    @Test
    void googleFirstPartRunsUnderBestFitOnAThousandServersWithInvariantsChecked() {
        final Path part = GOOGLE.resolve("part-00000-of-00500.csv.gz");
        assumePresent(part);
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, part), TraceOptions.defaults());
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1000, Units.defaults().capacityUnits(1.0)))
            .workload(trace.workload(TimeMode.SLOTTED, TraceWorkload.DEFAULT_INTERVAL_MICROS, 1.0))
            .scheduler(org.stowage.core.kernel.Kernels.byName("BF-J/S"))
            .timeMode(TimeMode.SLOTTED)
            .checkInvariants(true)
            .build();
        simulation.runToCompletion();
        System.out.printf("part 0 under BF-J/S on 1000 unit servers: %,d jobs, %,d decisions, last departure at slot"
            + " %.0f%n", simulation.completedCount(), simulation.decisionCount(), simulation.now());
        assertEquals(trace.count(), simulation.arrivedCount());
        assertEquals(trace.count(), simulation.completedCount());
        assertEquals(0, simulation.rejectedCount());
    }

    /**
     * The 2018 paper's preprocessing (Sec. VII-B) on the 14 parts: the same completion rule, non-production
     * priorities (0-8) only, and ten dyadic types. Prints the tasks per type; part 0 is also checked against
     * the naive rule with the same options task by task.
     */
    @Test
    void googleFourteenPartsWithThe2018PaperPreprocessing() {
        assumePresent(GOOGLE);
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, GOOGLE),
            TraceOptions.psychasGhaderi2018());
        final TraceSummary summary = trace.summary();
        System.out.print(summary.report());
        assertEquals(614_019, summary.seen(), "the same tasks are read");
        assertEquals(summary.seen(), summary.kept() + summary.dropped());
        assertEquals(3_372, summary.count(DropReason.PRIORITY_ABOVE_LIMIT), "production tasks that were not "
            + "dropped by an earlier rule (most production tasks were submitted before the window)");
        assertEquals(288_424, trace.count(), "290,079 kept without the priority filter");
        assertEquals(10, trace.classCount());
        // the sample's largest request is 0.25, so types 0 and 1 (sizes 1 and 1/2) are empty
        assertArrayEquals(new long[] {0, 0, 2_789, 35_352, 100_987, 71_428, 50_981, 25_719, 98, 1_070},
            summary.classCounts());
        long typed = 0;
        for (final long count : summary.classCounts()) {
            typed += count;
        }
        assertEquals(trace.count(), typed);
        checkKeptArrays(trace, true);
        final int resolution = TraceOptions.PAPER_2018_RESOLUTION;
        for (int i = 0; i < trace.count(); i++) {
            assertEquals(resolution >> trace.jobClass(i), trace.size(i, 0), "task " + i + " has its type's size");
        }

        final Path part = GOOGLE.resolve("part-00000-of-00500.csv.gz");
        final LoadedTrace first = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, part),
            TraceOptions.psychasGhaderi2018());
        final NaiveGoogleRule naive = new NaiveGoogleRule(List.of(part), new Units(resolution), 1,
            TraceOptions.GOOGLE_NON_PRODUCTION, TraceOptions.PAPER_2018_DYADIC_TYPES);
        assertEquals(naive.kept.size(), first.count());
        for (int i = 0; i < first.count(); i++) {
            final NaiveGoogleRule.Kept expected = naive.kept.get(i);
            assertEquals(expected.arrival(), first.arrivalMicros(i), "arrival of kept task " + i);
            assertEquals(expected.type(), first.jobClass(i), "type of kept task " + i);
            assertEquals(expected.size()[0], first.size(i, 0), "size of kept task " + i);
        }
        System.out.printf("part 0 with the 2018 options: %,d kept (naive rule: %,d)%n", first.count(), naive.kept.size());
    }

    @Test
    void swfLogsLoad() {
        final Path hpc2n = TRACES.resolve("swf").resolve("hpc2n.swf");
        final Path nasa = TRACES.resolve("swf").resolve("NASA-iPSC-1993-3.1-cln.swf.gz");
        assumePresent(hpc2n);
        assumePresent(nasa);
        final LoadedTrace seth = Traces.load(TraceSpec.of(TraceFormat.SWF, hpc2n), TraceOptions.defaults());
        System.out.print(seth.summary().report());
        assertEquals(3_170, seth.summary().seen());
        assertEquals(3_145, seth.count());
        assertEquals(25, seth.summary().count(DropReason.RUN_TIME_UNKNOWN));
        checkKeptArrays(seth, true);
        final LoadedTrace ipsc = Traces.load(TraceSpec.of(TraceFormat.SWF, nasa), TraceOptions.defaults());
        System.out.print(ipsc.summary().report());
        assertEquals(18_239, ipsc.count());
        assertEquals(Long.valueOf(18_239), ipsc.summary().notes().get(
            "processors taken from allocated (field 5): requested is -1"));
        checkKeptArrays(ipsc, true);
    }

    @Test
    void alibabaPodsAndNodesLoad() {
        final Path openb = TRACES.resolve("alibaba-gpu-2023");
        assumePresent(openb.resolve(AlibabaLoader.POD_FILE));
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.ALIBABA_GPU_2023, openb),
            TraceOptions.defaults().withDimensions(2));
        System.out.print(trace.summary().report());
        assertEquals(8_152, trace.summary().seen());
        assertEquals(7_255, trace.count());
        assertEquals(897, trace.summary().count(DropReason.NEVER_SCHEDULED));
        assertEquals(1_523, trace.serverCount());
        checkKeptArrays(trace, false);
        final Simulation simulation = Simulation.builder()
            .servers(trace.newServerTable())
            .workload(trace.workload(TimeMode.CONTINUOUS, 1_000_000, 1.0))
            .scheduler(org.stowage.core.kernel.Kernels.byName("BF-J"))
            .timeMode(TimeMode.CONTINUOUS)
            .checkInvariants(100)
            .build();
        simulation.runToCompletion();
        assertEquals(trace.count(), simulation.completedCount() + simulation.rejectedCount());
    }

    /** Sorted arrivals, non-negative durations, sizes within one unit server (and positive, if asked). */
    private static void checkKeptArrays(final LoadedTrace trace, final boolean positive) {
        final int unit = trace.units().capacityUnits(1.0);
        for (int i = 0; i < trace.count(); i++) {
            if (i > 0) {
                assertTrue(trace.arrivalMicros(i - 1) <= trace.arrivalMicros(i), "arrivals sorted at task " + i);
            }
            assertTrue(trace.durationMicros(i) >= 0, "duration of task " + i);
            int largest = 0;
            for (int d = 0; d < trace.dimensions(); d++) {
                final int size = trace.size(i, d);
                assertTrue(size >= 0 && size <= unit, "size of task " + i + " on resource " + d + ": " + size);
                largest = Math.max(largest, size);
            }
            assertTrue(!positive || largest > 0, "task " + i + " has size 0 on every resource");
        }
    }

    private static void assumePresent(final Path path) {
        assumeTrue(Files.exists(path), "real trace not found, skipped: " + path.toAbsolutePath()
            + " (set -D" + Fixtures.TRACES_PROPERTY + "=DIR to point at shared/traces)");
    }
}
