package org.stowage.core.trace;

import java.util.Arrays;
import java.util.Locale;

import org.stowage.core.Units;

import it.unimi.dsi.fastutil.longs.LongArrays;

/**
 * The Google 2011 trace as <em>jobs</em> (Hu and Li 2022's unit) rather than tasks: each job ID whose every task
 * was kept by the completed-tasks rule ({@link GoogleTaskEventsLoader}) becomes one job whose request is the
 * sum of its tasks' requests and whose duration runs from its first task's start (SCHEDULE) to its last
 * task's FINISH. {@link #load} reads the parts once and gives both the jobs and the kept tasks
 * ({@link #tasks()}, the same trace {@link Traces#load} would give).
 *
 * <h2>Which jobs</h2>
 * A job is <em>complete</em> when at least one of its tasks was kept and none of the tasks that appear in the
 * files was dropped or still open at the end (a task dropped for any reason of the rule, or revoked by a
 * later event, makes its job incomplete). Only complete jobs are kept: a job missing some tasks has neither
 * its true request nor its true span. The skips are counted, never silent: {@link #incompleteJobs()} jobs with
 * some but not all tasks kept (and {@link #tasksOfIncompleteJobs()} kept tasks left out with them), and
 * {@link #jobsWithoutKeptTask()} jobs none of whose tasks was kept. Task indices that never appear in the
 * files are not tasks of the job.
 *
 * <h2>The model this makes</h2>
 * The summed request is held for the job's whole span, although its tasks may have run one after another or on
 * several machines: a job is one rigid request, as the paper's Algorithm 1 treats it. The summed request may
 * exceed one machine (a Google job's tasks may span machines); the engine places a job on one machine, so
 * such jobs cannot run there: {@link GoogleBatchSample#sampleJobs} leaves them out and counts them. With one
 * resource the size summed is each task's max(CPU, memory).
 *
 * <p>Jobs are sorted by (first SUBMIT, job ID). Immutable; memory 36 + 8·D bytes per job. The aggregation
 * walks the loader's task states once: O(tasks seen + J log J) for J complete jobs.
 */
public final class GoogleJobs {
    private final LoadedTrace tasks;
    private final int dimensions;
    private final long[] jobId;
    private final long[] arrivalMicros;
    private final long[] startMicros;
    private final long[] durationMicros;
    private final int[] taskCount;
    private final long[] sizes;
    private final int jobsSeen;
    private final int incompleteJobs;
    private final long tasksOfIncompleteJobs;
    private final int jobsWithoutKeptTask;

    private GoogleJobs(final LoadedTrace tasks, final long[] jobId, final long[] arrivalMicros,
                       final long[] startMicros, final long[] durationMicros, final int[] taskCount,
                       final long[] sizes, final int jobsSeen, final int incompleteJobs,
                       final long tasksOfIncompleteJobs, final int jobsWithoutKeptTask) {
        this.tasks = tasks;
        this.dimensions = tasks.dimensions();
        this.jobId = jobId;
        this.arrivalMicros = arrivalMicros;
        this.startMicros = startMicros;
        this.durationMicros = durationMicros;
        this.taskCount = taskCount;
        this.sizes = sizes;
        this.jobsSeen = jobsSeen;
        this.incompleteJobs = incompleteJobs;
        this.tasksOfIncompleteJobs = tasksOfIncompleteJobs;
        this.jobsWithoutKeptTask = jobsWithoutKeptTask;
    }

    /**
     * Loads Google 2011 {@code task_events} parts and makes jobs of the kept tasks.
     *
     * @param spec    a {@code google2011} trace
     * @param options the completed-tasks rule ({@link GoogleRule#COMPLETED_TASKS}) with no dyadic types: a job's
     *                request is a sum of its tasks' requests as read
     * @throws IllegalArgumentException for another format, rule or dyadic types, naming it
     */
    public static GoogleJobs load(final TraceSpec spec, final TraceOptions options) {
        if (spec.format() != TraceFormat.GOOGLE_2011) {
            throw new IllegalArgumentException("jobs are made from a google2011 trace, not " + spec.format().specName());
        }
        if (options.googleRule() != GoogleRule.COMPLETED_TASKS) {
            throw new IllegalArgumentException("jobs are made of tasks kept by the COMPLETED_TASKS rule, not "
                + options.googleRule());
        }
        if (options.dyadicTypes() > 0) {
            throw new IllegalArgumentException("jobs sum their tasks' requests as read; dyadic types must be 0: "
                + options.dyadicTypes());
        }
        final String source = String.join(",", spec.paths().stream().map(Object::toString).toList());
        return GoogleTaskEventsLoader.loadJobs(spec.paths(), options, source);
    }

    /**
     * Aggregates the loader's state: for each job handle of {@code states}, its tasks' states ({@code dropped}
     * for a dropped task, &gt;= 0 for a task still open, {@code -(k + 2)} for kept task k of {@code kept}).
     */
    static GoogleJobs of(final LoadedTrace trace, final TaskStates states, final KeptTasks kept, final int dropped) {
        final int dimensions = trace.dimensions();
        final int jobs = states.jobCount();
        int complete = 0;
        int incomplete = 0;
        long tasksOfIncomplete = 0;
        int withoutKept = 0;
        long[] id = new long[1 << 10];
        long[] arrival = new long[id.length];
        long[] start = new long[id.length];
        long[] end = new long[id.length];
        int[] count = new int[id.length];
        long[] size = new long[id.length * dimensions];
        for (int job = 0; job < jobs; job++) {
            int keptTasks = 0;
            int lost = 0;
            for (int index = 0; index < states.taskSlots(job); index++) {
                final int state = states.state(job, index);
                if (state == TaskStates.MISSING) {
                    continue;
                }
                if (state == dropped || state >= 0) {
                    lost++;
                } else {
                    keptTasks++;
                }
            }
            if (keptTasks == 0) {
                withoutKept++;
                continue;
            }
            if (lost > 0) {
                incomplete++;
                tasksOfIncomplete += keptTasks;
                continue;
            }
            if (complete == id.length) {
                final int capacity = 2 * id.length;
                id = Arrays.copyOf(id, capacity);
                arrival = Arrays.copyOf(arrival, capacity);
                start = Arrays.copyOf(start, capacity);
                end = Arrays.copyOf(end, capacity);
                count = Arrays.copyOf(count, capacity);
                size = Arrays.copyOf(size, capacity * dimensions);
            }
            final int j = complete++;
            id[j] = states.jobId(job);
            arrival[j] = Long.MAX_VALUE;
            start[j] = Long.MAX_VALUE;
            end[j] = Long.MIN_VALUE;
            for (int index = 0; index < states.taskSlots(job); index++) {
                final int state = states.state(job, index);
                if (state == TaskStates.MISSING) {
                    continue;
                }
                final int k = -(state + 2);
                assert !kept.isRevoked(k) : "a revoked task's state is dropped";
                arrival[j] = Math.min(arrival[j], kept.arrival(k));
                start[j] = Math.min(start[j], kept.start(k));
                end[j] = Math.max(end[j], kept.start(k) + kept.duration(k));
                for (int d = 0; d < dimensions; d++) {
                    size[j * dimensions + d] += kept.size(k, d);
                }
            }
            count[j] = keptTasks;
        }
        final int[] order = new int[complete];
        for (int j = 0; j < complete; j++) {
            order[j] = j;
        }
        LongArrays.radixSortIndirect(order, Arrays.copyOf(arrival, complete), Arrays.copyOf(id, complete), true);
        final long[] sortedId = new long[complete];
        final long[] sortedArrival = new long[complete];
        final long[] sortedStart = new long[complete];
        final long[] sortedDuration = new long[complete];
        final int[] sortedCount = new int[complete];
        final long[] sortedSize = new long[complete * dimensions];
        for (int i = 0; i < complete; i++) {
            final int j = order[i];
            sortedId[i] = id[j];
            sortedArrival[i] = arrival[j];
            sortedStart[i] = start[j];
            sortedDuration[i] = end[j] - start[j];
            sortedCount[i] = count[j];
            System.arraycopy(size, j * dimensions, sortedSize, i * dimensions, dimensions);
        }
        return new GoogleJobs(trace, sortedId, sortedArrival, sortedStart, sortedDuration, sortedCount, sortedSize,
            jobs, incomplete, tasksOfIncomplete, withoutKept);
    }

    /** The kept tasks the jobs were made of: the trace {@link Traces#load} gives for the same options. */
    public LoadedTrace tasks() {
        return tasks;
    }

    public Units units() {
        return tasks.units();
    }

    /** Resources per job: the trace's. */
    public int dimensions() {
        return dimensions;
    }

    /** Complete jobs. */
    public int count() {
        return jobId.length;
    }

    public long jobId(final int i) {
        return jobId[i];
    }

    /** First SUBMIT of job i's tasks, microseconds of trace time; non-decreasing in i. */
    public long arrivalMicros(final int i) {
        return arrivalMicros[i];
    }

    /** First SCHEDULE of job i's tasks, microseconds. */
    public long startMicros(final int i) {
        return startMicros[i];
    }

    /** Last FINISH minus first SCHEDULE of job i's tasks, microseconds, &gt;= 0. */
    public long durationMicros(final int i) {
        return durationMicros[i];
    }

    /** Tasks of job i (all kept). */
    public int taskCount(final int i) {
        return taskCount[i];
    }

    /** The sum of job i's tasks' sizes on resource d, in units (may exceed a machine and an int). */
    public long size(final int i, final int d) {
        return sizes[i * dimensions + d];
    }

    /** Tasks of the complete jobs. */
    public long completeTasks() {
        long sum = 0;
        for (final int tasksOfJob : taskCount) {
            sum += tasksOfJob;
        }
        return sum;
    }

    /** Job IDs with at least one row in the files read. */
    public int jobsSeen() {
        return jobsSeen;
    }

    /** Jobs skipped because some but not all of their tasks were kept. */
    public int incompleteJobs() {
        return incompleteJobs;
    }

    /** Kept tasks of the {@link #incompleteJobs()}, left out with them. */
    public long tasksOfIncompleteJobs() {
        return tasksOfIncompleteJobs;
    }

    /** Jobs none of whose tasks was kept. */
    public int jobsWithoutKeptTask() {
        return jobsWithoutKeptTask;
    }

    /** One line: the jobs kept and every skip, with counts. */
    public String report() {
        return String.format(Locale.ROOT, "%d jobs seen: %d complete (every task kept, %d tasks); skipped "
                + "%d with some tasks not kept (%d kept tasks left out with them) and %d with no task kept",
            jobsSeen, count(), completeTasks(), incompleteJobs, tasksOfIncompleteJobs,
            jobsWithoutKeptTask);
    }

    @Override
    public String toString() {
        return "GoogleJobs[" + count() + " complete jobs of " + tasks + "]";
    }
}
