package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.Units;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.batch.PaperExamples;
import org.stowage.core.state.ServerTable;

/** User job lists: the paper's examples as files, every bad-input message, time conversion, allocation. */
class JobListTest {
    private static final Units UNITS = Units.defaults();

    @TempDir
    Path dir;

    @Test
    void figureOneFileHoldsThePapersJobs() {
        final JobList jobs = JobList.load(PaperExamples.path(PaperExamples.FIG1_CSV), UNITS);
        assertEquals(5, jobs.count());
        assertEquals(1, jobs.dimensions());
        assertTrue(jobs.isBatch());
        assertEquals(0, jobs.predictionCount());
        for (int i = 0; i < 5; i++) {
            assertEquals(PaperExamples.FIG1_JCT[i], jobs.duration(i));
            assertEquals(PaperExamples.FIG1_SIZES[i], jobs.size(i, 0));
            assertEquals(0, jobs.jobClass(i));
            assertTrue(Double.isNaN(jobs.predictedDuration(i)));
        }
    }

    @Test
    void sectionFourThreeAndTableTwoFilesHoldThePapersJobs() {
        final JobList sec43 = JobList.load(PaperExamples.path(PaperExamples.SEC43_CSV), UNITS);
        for (int i = 0; i < 6; i++) {
            assertEquals(PaperExamples.SEC43_JCT[i], sec43.duration(i));
            assertEquals(PaperExamples.SEC43_SIZES[i], sec43.size(i, 0));
        }
        final JobList table2 = JobList.load(PaperExamples.path(PaperExamples.TABLE2_CSV), UNITS);
        assertEquals(3, table2.dimensions());
        for (int i = 0; i < 5; i++) {
            assertEquals(PaperExamples.TABLE2_JCT[i], table2.duration(i));
            for (int d = 0; d < 3; d++) {
                assertEquals(PaperExamples.TABLE2_SIZES[3 * i + d], table2.size(i, d), "job " + i + " resource " + d);
            }
        }
    }

    @Test
    void figureOneRunsInTheEngineInFileOrderUnderFifo() {
        // FIFO in file order is SJF's order here (job 1, the shortest, first): completions 4, then 8.2 for the
        // four others; the mean is Fig. 1's 7.36 s. The list in reverse is DJSF's order: 4.2 for four jobs,
        // then 8.2, mean 5.0.
        final JobList jobs = JobList.load(PaperExamples.path(PaperExamples.FIG1_CSV), UNITS);
        assertArrayEquals(PaperExamples.FIG1_SJF_COMPLETIONS, completions(jobs), 1e-12);
        final double[] reversedDuration = new double[5];
        final int[] reversedSizes = new int[5];
        for (int i = 0; i < 5; i++) {
            reversedDuration[i] = jobs.duration(4 - i);
            reversedSizes[i] = jobs.size(4 - i, 0);
        }
        final JobList reversed = JobList.of("reversed", UNITS, 1, new double[5], reversedDuration, null, null,
            reversedSizes);
        final double[] djsfOrder = completions(reversed);
        assertArrayEquals(new double[] {4.2, 4.2, 4.2, 4.2, 8.2}, djsfOrder, 1e-12);
        double mean = 0;
        for (final double c : djsfOrder) {
            mean += c / 5;
        }
        assertEquals(PaperExamples.FIG1_DJSF_MEAN_JCT, mean, 1e-12);
    }

    private static double[] completions(final JobList jobs) {
        final double[] done = new double[jobs.count()];
        final int[] order = {0};
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, UNITS.capacityUnits(1.0)))
            .workload(jobs.workload(TimeMode.CONTINUOUS, 1.0))
            .scheduler(Kernels.byName("FIFO-FF"))
            .timeMode(TimeMode.CONTINUOUS)
            .checkInvariants(true)
            .build();
        final int[] arrivalOrder = new int[jobs.count()];
        simulation.addListener(new SimulationListener() {
            @Override
            public void onArrival(final double time, final int job) {
                arrivalOrder[order[0]++] = job;
            }

            @Override
            public void onDeparture(final double time, final int job, final int server) {
                for (int i = 0; i < order[0]; i++) {
                    if (arrivalOrder[i] == job) {
                        done[i] = time;
                    }
                }
            }
        });
        simulation.runToCompletion();
        return done;
    }

    @Test
    void optionalColumnsCommentsBlanksSpacesBomAndCrlf() throws IOException {
        final Path file = write("\uFEFF# a comment before the header\r\n"
            + " predicted_duration , arrival,class, r2 ,duration,r1\r\n"
            + "\r\n"
            + "3.5, 0 ,7,0.5,4,0.25\r\n"
            + "# a comment among the jobs, with, commas\r\n"
            + "   \r\n"
            + ",1.5,,0,2,1\r\n");
        final JobList jobs = JobList.load(file, UNITS);
        assertEquals(2, jobs.count());
        assertEquals(2, jobs.dimensions());
        assertEquals(1, jobs.predictionCount());
        assertEquals(3.5, jobs.predictedDuration(0));
        assertTrue(Double.isNaN(jobs.predictedDuration(1)));
        assertEquals(7, jobs.jobClass(0));
        assertEquals(0, jobs.jobClass(1), "an empty class is 0");
        assertEquals(250_000, jobs.size(0, 0));
        assertEquals(500_000, jobs.size(0, 1));
        assertEquals(1_000_000, jobs.size(1, 0));
        assertEquals(0, jobs.size(1, 1));
        assertEquals(1.5, jobs.arrival(1));
        assertTrue(!jobs.isBatch());
    }

    @Test
    void jobsAreSortedByArrivalKeepingFileOrderOnTies() throws IOException {
        final JobList jobs = JobList.load(write("arrival,duration,r1,class\n5,1,0.1,0\n0,1,0.1,1\n5,1,0.1,2\n"
            + "0,1,0.1,3\n2,1,0.1,4\n"), UNITS);
        final int[] classes = new int[5];
        for (int i = 0; i < 5; i++) {
            classes[i] = jobs.jobClass(i);
        }
        assertArrayEquals(new int[] {1, 3, 4, 0, 2}, classes);
    }

    @Test
    void sizesRoundUpToUnits() throws IOException {
        final JobList jobs = JobList.load(write("arrival,duration,r1\n0,1,0.6\n0,1,0.0000001\n0,1,0.1234567\n"),
            UNITS);
        assertEquals(600_000, jobs.size(0, 0), "0.6 is exactly 600,000 units (the double's error is snapped)");
        assertEquals(1, jobs.size(1, 0), "a positive size takes at least one unit");
        assertEquals(123_457, jobs.size(2, 0), "rounded up");
    }

    @Test
    void slottedAndContinuousTimes() throws IOException {
        final JobList jobs = JobList.load(write("arrival,duration,r1,predicted_duration\n0,4.2,0.1,3.99\n"
            + "0.3,0.01,0.1,\n"), UNITS);
        final JobListWorkload slotted = jobs.workload(TimeMode.SLOTTED, 0.1);
        assertEquals(0, slotted.arrivalTime(0));
        assertEquals(42, slotted.serviceTime(0), "4.2 / 0.1 is 42 slots, not 43");
        assertEquals(40, slotted.predictedServiceTime(0));
        assertEquals(3, slotted.arrivalTime(1), "0.3 / 0.1 is slot 3, not 2");
        assertEquals(1, slotted.serviceTime(1), "a job shorter than a slot holds it for one");
        assertTrue(Double.isNaN(slotted.predictedServiceTime(1)));
        final JobListWorkload continuous = jobs.workload(TimeMode.CONTINUOUS, 2.0);
        assertEquals(2.1, continuous.serviceTime(0));
        assertEquals(1.995, continuous.predictedServiceTime(0));
        assertEquals(0.15, continuous.arrivalTime(1), 1e-15);
        final JobSpec spec = new JobSpec(1);
        spec.predictedServiceTime = 99;
        continuous.next(spec);
        assertEquals(1.995, spec.predictedServiceTime);
        continuous.next(spec);
        assertTrue(Double.isNaN(spec.predictedServiceTime), "no prediction overwrites an earlier one");
        assertEquals(Double.POSITIVE_INFINITY, continuous.peekArrivalTime());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> jobs.workload(TimeMode.SLOTTED, 0));
        assertEquals("time unit must be a finite number > 0: 0.0", e.getMessage());
    }

    @Test
    void everyBadInputIsOneLineNamingFileLineFieldAndValue() throws IOException {
        bad("arrival,duration\n0,1\n", "line 1, header = 'arrival,duration': has no column 'r1' (a job needs at least "
            + "one resource)");
        bad("duration,r1\n1,0.5\n", "line 1, header = 'duration,r1': has no column 'arrival'");
        bad("arrival,r1\n0,0.5\n", "line 1, header = 'arrival,r1': has no column 'duration'");
        bad("arrival,duration,r1,predicted\n0,1,0.5,1\n", "line 1, header = 'arrival,duration,r1,predicted': unknown "
            + "column 'predicted' (the columns are arrival, duration, r1 to r8, and optionally class and "
            + "predicted_duration)");
        bad("arrival,duration,r1,r1\n", "line 1, header = 'arrival,duration,r1,r1': has column 'r1' twice");
        bad("arrival,duration,r1,r3\n0,1,0.5,0.5\n", "line 1, header = 'arrival,duration,r1,r3': has column 'r3' but "
            + "no 'r2'");
        bad("arrival,duration,r9\n", "unknown column 'r9' (the columns are arrival, duration, r1 to r8, and "
            + "optionally class and predicted_duration)");
        bad("# only a comment\n\n", "no header line (expected arrival,duration,r1,...)");
        bad("arrival,duration,r1\n# no jobs\n", "no jobs after the header");
        bad("arrival,duration,r1\n0,1,0.5\n0,1\n", "line 3 = '0,1': expected 3 comma-separated columns (as the "
            + "header), found 2");
        bad("arrival,duration,r1\n0,,0.5\n", "line 2, duration (column 2) = '': is empty");
        bad("arrival,duration,r1\n0,-1,0.5\n", "line 2, duration (column 2) = '-1': must be a finite number > 0");
        bad("arrival,duration,r1\n0,0,0.5\n", "line 2, duration (column 2) = '0': must be a finite number > 0");
        bad("arrival,duration,r1\n0,1e999,0.5\n", "line 2, duration (column 2) = '1e999': not a finite number");
        bad("arrival,duration,r1\n0,four,0.5\n", "line 2, duration (column 2) = 'four': not a number");
        bad("arrival,duration,r1\n-0.5,1,0.5\n", "line 2, arrival (column 1) = '-0.5': must be a finite number >= 0");
        bad("arrival,duration,r1\nNaN,1,0.5\n", "line 2, arrival (column 1) = 'NaN': not a number");
        bad("arrival,duration,r1\n0,1,-0.5\n", "line 2, r1 (column 3) = '-0.5': must be a finite number >= 0 (a "
            + "fraction of a unit server)");
        bad("arrival,duration,r1\n0,1,5000\n", "line 2, r1 (column 3) = '5000': above the largest size, 1073741823 "
            + "units at resolution 1000000");
        bad("arrival,duration,r1\n0,1,\"0.5\"\n", "line 2, r1 (column 3) = '\"0.5\"': quoted CSV fields are not "
            + "supported");
        bad("arrival,duration,r1,class\n0,1,0.5,40000\n", "line 2, class (column 4) = '40000': must be an integer in "
            + "[0, 32767]");
        bad("arrival,duration,r1,class\n0,1,0.5,1.5\n", "line 2, class (column 4) = '1.5': must be an integer in "
            + "[0, 32767]");
        bad("arrival,duration,r1,predicted_duration\n0,1,0.5,0\n", "line 2, predicted_duration (column 4) = '0': "
            + "must be a finite number > 0, or empty for no prediction");
        final Path empty = dir.resolve("empty.csv");
        Files.write(empty, new byte[0]);
        final TraceFormatException e = assertThrows(TraceFormatException.class, () -> JobList.load(empty, UNITS));
        assertEquals(empty + ": file is empty (0 bytes)", e.getMessage());
        final TraceFormatException missing = assertThrows(TraceFormatException.class,
            () -> JobList.load(dir.resolve("absent.csv"), UNITS));
        assertEquals(dir.resolve("absent.csv") + ": no such file", missing.getMessage());
    }

    @Test
    void programmaticListsAreValidatedByJobIndex() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JobList.of("x", UNITS, 1,
            new double[] {0, 0}, new double[] {1, -2}, null, null, new int[] {1, 1}));
        assertEquals("job 1: duration must be a finite number > 0: -2.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> JobList.of("x", UNITS, 1, new double[] {0},
            new double[] {1}, new double[] {0}, null, new int[] {1}));
        assertEquals("job 0: predicted duration must be a finite number > 0 (or NaN for none): 0.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> JobList.of("x", UNITS, 2, new double[] {0},
            new double[] {1}, null, null, new int[] {1}));
        assertEquals("arrays of 1 jobs differ in length", e.getMessage());
    }

    @Test
    void classesMadeAfterLoadingReplaceTheColumnAndReachTheWorkload() {
        final JobList list = JobList.of("x", UNITS, 1, new double[] {2, 0, 1}, new double[] {1, 2, 3}, null, null,
            new int[] {10, 20, 30});
        final JobList labelled = list.withClasses(new int[] {5, 0, 7});
        assertEquals(0, list.jobClass(0), "the original keeps its column");
        assertEquals(5, labelled.jobClass(0));
        assertEquals(7, labelled.jobClass(2));
        assertEquals(list.arrival(2), labelled.arrival(2));
        assertEquals(list.size(1, 0), labelled.size(1, 0));
        assertEquals(7, labelled.workload(TimeMode.CONTINUOUS, 1.0).jobClass(2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> list.withClasses(new int[] {1, 2}));
        assertEquals("job list classes: 2 classes for 3 jobs", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> list.withClasses(new int[] {0, -1, 0}));
        assertEquals("job list classes: class of job 1 must be in [0, 32767]: -1", e.getMessage());
    }

    @Test
    void writtenListsReadBackToTheSameJobs() throws IOException {
        final SplittableRandom random = new SplittableRandom(42);
        final int n = 500;
        final double[] arrival = new double[n];
        final double[] duration = new double[n];
        final double[] predicted = new double[n];
        final int[] classes = new int[n];
        final int[] sizes = new int[3 * n];
        for (int i = 0; i < n; i++) {
            arrival[i] = random.nextInt(3) == 0 ? 0 : random.nextDouble() * 1000;
            duration[i] = Math.exp(random.nextDouble() * 10) / 7;
            predicted[i] = random.nextBoolean() ? Double.NaN : duration[i] * (1 - random.nextDouble() * 0.2);
            classes[i] = random.nextInt(JobList.MAX_CLASS + 1);
            for (int d = 0; d < 3; d++) {
                sizes[3 * i + d] = random.nextInt(2_000_001);
            }
        }
        final JobList original = JobList.of("random", UNITS, 3, arrival, duration, predicted, classes, sizes);
        final StringBuilder text = new StringBuilder();
        original.writeCsv(text);
        final JobList again = JobList.load(write(text.toString()), UNITS);
        assertEquals(original.count(), again.count());
        for (int i = 0; i < n; i++) {
            assertEquals(original.arrival(i), again.arrival(i), "job " + i);
            assertEquals(original.duration(i), again.duration(i), "job " + i);
            assertEquals(original.predictedDuration(i), again.predictedDuration(i), "job " + i);
            assertEquals(original.jobClass(i), again.jobClass(i), "job " + i);
            for (int d = 0; d < 3; d++) {
                assertEquals(original.size(i, d), again.size(i, d), "job " + i + " resource " + d);
            }
        }
    }

    /**
     * Issue 39, cause 1: 1e-12 after an arrival of 1e15 is lost in a double (its job would complete the
     * instant it starts, JCT 0), and 0.1 is kept as 0.125: both refused at load, naming the line and field.
     */
    @Test
    void aDurationLostNextToItsArrivalIsRefusedByLine() throws IOException {
        bad("arrival,duration,r1\n1e15,1e-12,0.5\n1e15,0.001,0.5\n", "line 2, duration (column 2) = '1e-12': is lost"
            + " next to its arrival 1.0E15: in a double, arrival + duration - arrival = 0.0, more than 1.0E-6 of the"
            + " duration off; make the arrivals relative to the first one (subtract it from every arrival)");
        bad("arrival,duration,r1\n0,1,0.5\n1e15,0.1,0.5\n", "line 3, duration (column 2) = '0.1': is lost next"
            + " to its arrival 1.0E15: in a double, arrival + duration - arrival = 0.125, more than 1.0E-6 of the"
            + " duration off; make the arrivals relative to the first one (subtract it from every arrival)");
        // what a double keeps well is accepted: a millisecond after 10^6 s, a microsecond after 10^3
        final JobList kept = JobList.load(write("arrival,duration,r1\n1e6,0.001,0.5\n1000,1e-6,0.5\n"), UNITS);
        assertEquals(2, kept.count());
        final IllegalArgumentException fromArrays = assertThrows(IllegalArgumentException.class, () -> JobList.of("made",
            UNITS, 1, new double[] {0, 1e15}, new double[] {1, 1e-12}, null, null, new int[] {1, 1}));
        assertTrue(fromArrays.getMessage().startsWith("job 1: duration 1.0E-12 is lost next to its arrival 1.0E15"),
            fromArrays.getMessage());
    }

    /** Issue 39: -0 is 0, in a size and in a time (a size of -0.0 is no way around a check that refuses 0). */
    @Test
    void negativeZeroReadsAsZero() throws IOException {
        final JobList jobs = JobList.load(write("arrival,duration,r1\n-0.0,1,-0.0\n-0,2,0.5\n"), UNITS);
        assertEquals(0, jobs.size(0, 0));
        assertEquals(0.0, jobs.arrival(0));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(jobs.arrival(0)), "+0, not -0");
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(jobs.arrival(1)), "+0, not -0");
        assertTrue(jobs.isBatch());
        final JobList made = JobList.of("made", UNITS, 1, new double[] {-0.0}, new double[] {1}, null, null, new int[] {0});
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(made.arrival(0)), "+0, not -0");
    }

    @Test
    void servingJobsAllocatesNothing() {
        final int n = 100_000;
        final double[] arrival = new double[n];
        final double[] duration = new double[n];
        final double[] predicted = new double[n];
        final int[] sizes = new int[2 * n];
        for (int i = 0; i < n; i++) {
            arrival[i] = i * 0.5;
            duration[i] = 1 + i % 7;
            predicted[i] = i % 2 == 0 ? Double.NaN : 2;
            sizes[2 * i] = 1 + i % 1000;
        }
        final JobList jobs = JobList.of("generated", UNITS, 2, arrival, duration, predicted, null, sizes);
        final JobSpec spec = new JobSpec(2);
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long allocated = -1;
        double sum = 0;
        for (int round = 0; round < 10 && allocated != 0; round++) {
            final JobListWorkload workload = jobs.workload(round % 2 == 0 ? TimeMode.SLOTTED : TimeMode.CONTINUOUS, 0.5);
            final long before = threads.getThreadAllocatedBytes(thread);
            while (workload.peekArrivalTime() != Double.POSITIVE_INFINITY) {
                workload.next(spec);
                sum += spec.serviceTime;
            }
            allocated = threads.getThreadAllocatedBytes(thread) - before;
        }
        assertEquals(0, allocated, "bytes allocated serving " + n + " jobs");
        assertTrue(sum > n);
    }

    /** Issue 23: what a reader asks of the rows beyond the format is named by line like any bad value. */
    @Test
    void limitsAreCheckedRowByRowAndNamedByLine() throws IOException {
        final JobList.Limits slotted = JobList.Limits.NONE.withTimesBelow(0x1p53, "beyond 2^53 times are not exact")
            .withWholeTimes("slotted time needs whole slots").withSizesAtMost(new int[] {500_000}, "it would be rejected");
        final Path fractional = write("arrival,duration,r1\n0,4,0.5\n# a comment\n1,2.5,0.25\n");
        assertEquals(fractional + " line 4, duration (column 2) = '2.5': is not a whole number: slotted time needs whole"
            + " slots", assertThrows(TraceFormatException.class, () -> JobList.load(fractional, UNITS, slotted))
            .getMessage());
        final Path huge = write("arrival,duration,r1\n1e300,4,0.5\n");
        assertEquals(huge + " line 2, arrival (column 1) = '1e300': must be below 9007199254740992: beyond 2^53 times"
            + " are not exact", assertThrows(TraceFormatException.class, () -> JobList.load(huge, UNITS, slotted))
            .getMessage());
        final Path large = write("arrival,duration,r1\n0,4,0.5\n0,4,0.6\n");
        assertEquals(large + " line 3, r1 (column 3) = '0.6': is 600000 units, more than the 500000 of the largest server"
            + " on resource 1: it would be rejected", assertThrows(TraceFormatException.class,
                () -> JobList.load(large, UNITS, slotted)).getMessage());
        assertEquals(2, JobList.load(large, UNITS, JobList.Limits.NONE).count(), "no limits, no refusal");
        final Path predicted = write("arrival,duration,r1,predicted_duration\n0,4,0.5,3.5\n");
        assertEquals(predicted + " line 2, predicted_duration (column 4) = '3.5': is not a whole number: slotted time"
            + " needs whole slots", assertThrows(TraceFormatException.class, () -> JobList.load(predicted, UNITS, slotted))
            .getMessage());
    }

    private void bad(final String content, final String expectedTail) throws IOException {
        final Path file = write(content);
        final TraceFormatException e = assertThrows(TraceFormatException.class, () -> JobList.load(file, UNITS),
            content);
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().endsWith(expectedTail), "message '" + e.getMessage() + "' should end with '"
            + expectedTail + "'");
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    private int files;

    private Path write(final String content) throws IOException {
        final Path file = dir.resolve("jobs-" + files++ + ".csv");
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }
}
