package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.Units;
import org.stowage.core.state.ServerTable;

/**
 * Google jobs made of kept tasks ({@link GoogleJobs}) and the batches of jobs drawn from them: a hand-written
 * fixture with every kind of skip, the aggregation against a naive grouping of {@link NaiveGoogleRule}'s kept
 * tasks on random task histories, and the shared trace (skipped with the path tried when absent).
 */
class GoogleJobsTest {
    private static final Units UNITS = Units.defaults();
    private static final Path GOOGLE = Fixtures.sharedTraces().resolve("google-2011").resolve("task_events");

    @TempDir
    Path dir;

    /** One task_events row: time (s), job, task index, event type, CPU, memory, disk. */
    private static String row(final double seconds, final int job, final int index, final int event, final String cpu,
                              final String memory, final String disk) {
        return Math.round(seconds * 1e6) + ",," + job + "," + index + ",m1," + event + ",u,0,0," + cpu + "," + memory
            + "," + disk + ",0\n";
    }

    private Path fixture() throws IOException {
        final StringBuilder rows = new StringBuilder();
        rows.append(row(0.5, 4, 0, 0, "0.05", "0.01", "0.001"));     // job 4: one clean task
        rows.append(row(1, 1, 0, 0, "0.1", "0.05", "0.001"));        // job 1: two clean tasks
        rows.append(row(1, 1, 1, 0, "0.2", "0.05", "0.002"));
        rows.append(row(1, 2, 0, 0, "0.1", "0.1", "0.001"));         // job 2: one clean, one killed
        rows.append(row(1, 2, 1, 0, "0.1", "0.1", "0.001"));
        rows.append(row(1, 3, 0, 0, "0.1", "0.1", "0.001"));         // job 3: its only task fails
        rows.append(row(1, 5, 0, 0, "0.1", "0.1", "0.001"));         // job 5: one clean, one resubmitted after FINISH
        rows.append(row(1, 5, 1, 0, "0.1", "0.1", "0.001"));
        rows.append(row(1, 7, 0, 0, "0.1", "0.1", "0.001"));         // job 7: one clean, one never finishes
        rows.append(row(1, 7, 1, 0, "0.1", "0.1", "0.001"));
        rows.append(row(1.5, 6, 0, 0, "0.2", "0.01", "0.001"));      // job 6: 3 x 0.2 CPU, above one machine of 0.33
        rows.append(row(1.5, 6, 1, 0, "0.2", "0.01", "0.001"));
        rows.append(row(1.5, 6, 2, 0, "0.2", "0.01", "0.001"));
        rows.append(row(2, 1, 0, 1, "", "", ""));
        rows.append(row(2, 2, 0, 1, "", "", ""));
        rows.append(row(2, 2, 1, 1, "", "", ""));
        rows.append(row(2, 3, 0, 1, "", "", ""));
        rows.append(row(2, 4, 0, 1, "", "", ""));
        rows.append(row(2, 5, 0, 1, "", "", ""));
        rows.append(row(2, 5, 1, 1, "", "", ""));
        rows.append(row(2, 6, 0, 1, "", "", ""));
        rows.append(row(2, 6, 1, 1, "", "", ""));
        rows.append(row(2, 6, 2, 1, "", "", ""));
        rows.append(row(2, 7, 0, 1, "", "", ""));
        rows.append(row(2, 7, 1, 1, "", "", ""));
        rows.append(row(3, 1, 1, 1, "", "", ""));
        rows.append(row(3, 2, 1, 5, "", "", ""));                    // KILL
        rows.append(row(3, 3, 0, 3, "", "", ""));                    // FAIL
        rows.append(row(4, 4, 0, 4, "", "", ""));
        rows.append(row(4, 6, 0, 4, "", "", ""));
        rows.append(row(5, 1, 0, 4, "", "", ""));
        rows.append(row(5, 2, 0, 4, "", "", ""));
        rows.append(row(5, 5, 0, 4, "", "", ""));
        rows.append(row(5, 5, 1, 4, "", "", ""));
        rows.append(row(5, 7, 0, 4, "", "", ""));
        rows.append(row(6, 6, 1, 4, "", "", ""));
        rows.append(row(6, 6, 2, 4, "", "", ""));
        rows.append(row(7, 5, 1, 0, "0.1", "0.1", "0.001"));         // job 5's task 1 submitted again: revoked
        rows.append(row(9, 1, 1, 4, "", "", ""));
        final Path part = dir.resolve("part-00000-of-00001.csv");
        Files.writeString(part, rows, StandardCharsets.US_ASCII);
        return part;
    }

    @Test
    void completeJobsSumTheirTasksAndEverySkipIsCounted() throws IOException {
        final Path part = fixture();
        final TraceOptions options = TraceOptions.defaults().withDimensions(3);
        final GoogleJobs jobs = GoogleJobs.load(TraceSpec.of(TraceFormat.GOOGLE_2011, part), options);
        assertEquals(7, jobs.jobsSeen());
        assertEquals(3, jobs.count(), jobs.report());
        assertEquals(3, jobs.incompleteJobs(), "jobs 2, 5 and 7");
        assertEquals(3, jobs.tasksOfIncompleteJobs(), "one kept task each");
        assertEquals(1, jobs.jobsWithoutKeptTask(), "job 3");
        // order: first SUBMIT, then job ID
        assertEquals(4, jobs.jobId(0));
        assertEquals(1, jobs.jobId(1));
        assertEquals(6, jobs.jobId(2));
        // job 1: submitted at 1 s, first start 2 s, last finish 9 s (task 1 started at 3 s, ran 6 s)
        assertEquals(1_000_000, jobs.arrivalMicros(1));
        assertEquals(2_000_000, jobs.startMicros(1));
        assertEquals(7_000_000, jobs.durationMicros(1));
        assertEquals(2, jobs.taskCount(1));
        assertEquals(300_000, jobs.size(1, 0));
        assertEquals(100_000, jobs.size(1, 1));
        assertEquals(3_000, jobs.size(1, 2));
        assertEquals(2_000_000, jobs.durationMicros(0));
        assertEquals(600_000, jobs.size(2, 0), "three tasks of 0.2 CPU");
        assertEquals(4_000_000, jobs.durationMicros(2), "first start 2 s, last finish 6 s");
        assertEquals(jobs.completeTasks() + jobs.tasksOfIncompleteJobs(), jobs.tasks().count(),
            "every kept task is in a complete job or counted with an incomplete one");
        assertEquals("7 jobs seen: 3 complete (every task kept, 6 tasks); skipped 3 with some tasks not kept (3 kept "
            + "tasks left out with them) and 1 with no task kept", jobs.report());
        // the tasks are the trace Traces.load gives
        final LoadedTrace plain = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, part), options);
        assertEquals(plain.count(), jobs.tasks().count());
        for (int i = 0; i < plain.count(); i++) {
            assertEquals(plain.arrivalMicros(i), jobs.tasks().arrivalMicros(i), "task " + i);
            assertEquals(plain.durationMicros(i), jobs.tasks().durationMicros(i), "task " + i);
        }

        final ServerTable cluster = GoogleBatchSample.paperCluster(UNITS, 3);
        assertEquals(1, GoogleBatchSample.jobsAboveOneMachine(jobs, cluster), "job 6");
        final JobList batch = GoogleBatchSample.sampleJobs(jobs, cluster, 2, 9, 10);
        assertEquals(2, batch.count());
        assertTrue(batch.isBatch());
        assertEquals(0.2, batch.duration(0), 1e-12, "job 4: 2 s / 10");
        assertEquals(0.7, batch.duration(1), 1e-12, "job 1: 7 s / 10");
        assertEquals(300_000, batch.size(1, 0));
        assertTrue(batch.source().contains("1 above one machine left out"), batch.source());
        final IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
            () -> GoogleBatchSample.sampleJobs(jobs, cluster, 3, 9, 10));
        assertEquals("batch size must be in [1, 2] (the complete jobs that fit one machine): 3", tooMany.getMessage());
    }

    @Test
    void onlyTheCompletedTasksRuleWithoutTypesMakesJobs() throws IOException {
        final TraceSpec spec = TraceSpec.of(TraceFormat.GOOGLE_2011, fixture());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GoogleJobs.load(spec,
            TraceOptions.defaults().withGoogleRule(GoogleRule.ATTEMPTS)));
        assertEquals("jobs are made of tasks kept by the COMPLETED_TASKS rule, not ATTEMPTS", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> GoogleJobs.load(spec,
            TraceOptions.defaults().withDyadicTypes(10)));
        assertEquals("jobs sum their tasks' requests as read; dyadic types must be 0: 10", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> GoogleJobs.load(
            TraceSpec.parse("swf:" + Fixtures.path("swf/rules.swf.txt")), TraceOptions.defaults()));
        assertEquals("jobs are made from a google2011 trace, not swf", e.getMessage());
    }

    /**
     * Random task histories (the loader's differential generator): the jobs must be exactly the naive grouping
     * of {@link NaiveGoogleRule}'s verdicts: a job is complete when every task it has rows for is kept.
     */
    @Test
    void jobsAreTheNaiveGroupingOfTheKeptTasks() throws IOException {
        final int scenarios = 300;
        int completeJobs = 0;
        int incompleteJobs = 0;
        for (long seed = 1; seed <= scenarios; seed++) {
            final Path scenario = Files.createDirectory(dir.resolve("scenario-" + seed));
            final List<Path> files = GoogleRuleDifferentialTest.writeScenario(new SplittableRandom(seed), scenario);
            final GoogleJobs jobs = GoogleJobs.load(TraceSpec.of(TraceFormat.GOOGLE_2011, scenario),
                TraceOptions.defaults().withDimensions(2));
            final NaiveGoogleRule naive = new NaiveGoogleRule(files, UNITS, 2);
            final Set<List<Long>> kept = new HashSet<>();
            for (final NaiveGoogleRule.Kept task : naive.kept) {
                kept.add(List.of(task.job(), task.index()));
            }
            // job -> its tasks' keys, in job ID order
            final Map<Long, List<List<Long>>> byJob = new TreeMap<>();
            for (final List<Long> key : naive.tasks.keySet()) {
                byJob.computeIfAbsent(key.get(0), k -> new ArrayList<>()).add(key);
            }
            final List<long[]> expected = new ArrayList<>(); // {arrival, job, start, duration, tasks, cpu, memory}
            int incomplete = 0;
            int withoutKept = 0;
            for (final Map.Entry<Long, List<List<Long>>> job : byJob.entrySet()) {
                final long keptTasks = job.getValue().stream().filter(kept::contains).count();
                if (keptTasks == 0) {
                    withoutKept++;
                    continue;
                }
                if (keptTasks < job.getValue().size()) {
                    incomplete++;
                    continue;
                }
                long arrival = Long.MAX_VALUE;
                long start = Long.MAX_VALUE;
                long end = Long.MIN_VALUE;
                long cpu = 0;
                long memory = 0;
                for (final NaiveGoogleRule.Kept task : naive.kept) {
                    if (task.job() != job.getKey()) {
                        continue;
                    }
                    long schedule = -1;
                    for (final NaiveGoogleRule.Row r : naive.tasks.get(List.of(task.job(), task.index()))) {
                        if (r.type() == GoogleTaskEventsLoader.SCHEDULE) {
                            schedule = r.time();
                            break;
                        }
                    }
                    arrival = Math.min(arrival, task.arrival());
                    start = Math.min(start, schedule);
                    end = Math.max(end, schedule + task.duration());
                    cpu += task.size()[0];
                    memory += task.size()[1];
                }
                expected.add(new long[] {arrival, job.getKey(), start, end - start, keptTasks, cpu, memory});
            }
            expected.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
            final String where = "seed " + seed;
            assertEquals(byJob.size(), jobs.jobsSeen(), where + ": jobs seen");
            assertEquals(expected.size(), jobs.count(), where + ": complete jobs");
            assertEquals(incomplete, jobs.incompleteJobs(), where + ": incomplete jobs");
            assertEquals(withoutKept, jobs.jobsWithoutKeptTask(), where + ": jobs without a kept task");
            for (int i = 0; i < expected.size(); i++) {
                final long[] e = expected.get(i);
                final String job = where + ", job " + i + " (ID " + e[1] + ")";
                assertEquals(e[1], jobs.jobId(i), job);
                assertEquals(e[0], jobs.arrivalMicros(i), job + ": arrival");
                assertEquals(e[2], jobs.startMicros(i), job + ": start");
                assertEquals(e[3], jobs.durationMicros(i), job + ": duration");
                assertEquals(e[4], jobs.taskCount(i), job + ": tasks");
                assertEquals(e[5], jobs.size(i, 0), job + ": CPU");
                assertEquals(e[6], jobs.size(i, 1), job + ": memory");
            }
            completeJobs += expected.size();
            incompleteJobs += incomplete;
        }
        System.out.printf("%d scenarios: %d complete jobs, %d incomplete%n", scenarios, completeJobs, incompleteJobs);
        assertTrue(completeJobs > 100 && incompleteJobs > 100, "both kinds of job must occur: " + completeJobs + ", "
            + incompleteJobs);
    }

    @Test
    void realTraceJobsAndTheirSkips() {
        assumeTrue(Files.isDirectory(GOOGLE), "shared Google trace not found at " + GOOGLE.toAbsolutePath());
        final GoogleJobs jobs = GoogleJobs.load(TraceSpec.of(TraceFormat.GOOGLE_2011, GOOGLE),
            TraceOptions.defaults().withDimensions(3));
        assertEquals(290_079, jobs.tasks().count(), "the same kept tasks as the task batches");
        assertEquals(jobs.tasks().count(), jobs.completeTasks() + jobs.tasksOfIncompleteJobs());
        final ServerTable cluster = GoogleBatchSample.paperCluster(UNITS, 3);
        final int above = GoogleBatchSample.jobsAboveOneMachine(jobs, cluster);
        int single = 0;
        double duration = 0;
        for (int i = 0; i < jobs.count(); i++) {
            single += jobs.taskCount(i) == 1 ? 1 : 0;
            duration += jobs.durationMicros(i) / 1e7 / jobs.count();
            assertTrue(jobs.durationMicros(i) >= 0 && jobs.taskCount(i) >= 1, "job " + jobs.jobId(i));
        }
        System.out.printf("%s; %d complete jobs (%.1f%% of one task) above one machine of 0.33 (%.2f%%); mean "
                + "duration / 10: %.1f s%n", jobs.report(), above, 100.0 * single / jobs.count(),
            100.0 * above / jobs.count(), duration);
        assertTrue(jobs.count() > 5_000, jobs.report());
        assertTrue(above < jobs.count() / 20, above + " complete jobs above one machine");
        final JobList first = GoogleBatchSample.sampleJobs(jobs, cluster, GoogleBatchSample.PAPER_JOBS, 1, 10);
        final JobList again = GoogleBatchSample.sampleJobs(jobs, cluster, GoogleBatchSample.PAPER_JOBS, 1, 10);
        assertEquals(1000, first.count());
        for (int i = 0; i < 1000; i++) {
            assertEquals(first.duration(i), again.duration(i), "same seed, same batch");
        }
    }
}
