package org.stowage.core.trace;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.Units;
import org.stowage.core.engine.Seeds;
import org.stowage.core.state.ServerTable;

/**
 * The batch of Hu and Li 2022, Sec. 5.1 (Figs. 7-12, Tables 3-5): "1000 jobs from the Google trace ...
 * submitted in one batch ... 10 times faster than the trace", each with CPU, memory and disk requests.
 *
 * <h2>Which jobs</h2>
 * The paper says no more. A "job" here is a kept task of the Google 2011 trace loaded with three resources
 * ({@code TraceOptions.defaults().withDimensions(3)}: a task that ran once, cleanly, and whose SUBMIT row
 * carries CPU, memory and disk requests; {@link GoogleTaskEventsLoader} has the rule), since the trace gives
 * durations and requests per task. {@link #sample} draws {@code jobs} of them uniformly at random without
 * replacement (Knuth's selection sampling, Algorithm S: one pass over the kept tasks in arrival order,
 * taking task i of N with probability (still wanted) / (N - i), drawn exactly as
 * {@code nextLong(N - i) < still wanted}) from the stream {@link Seeds#generator}{@code (seed, }
 * {@value #SAMPLE_PURPOSE}{@code )}. The chosen tasks keep the trace's order (arrival, then job ID and task
 * index), which is the batch's index order and so its tie order. Uniform sampling is chosen over a
 * contiguous window because the tasks of one Google job arrive together with near-identical requests and
 * durations: a window of 1000 arrivals is often two or three jobs, not a sample of the workload.
 *
 * <h2>The batch</h2>
 * Every job arrives at 0; its duration is the task's (FINISH - SCHEDULE, at least 1 microsecond) divided by
 * the speed-up, in seconds; its sizes are the trace's normalized requests in units (rounded up); no class;
 * no prediction. Our 14 shared parts cover 19.6 h, so their kept tasks are shorter than the paper's whole
 * month: the mean duration of a sample is about 150 s after the 10x speed-up, against the paper's 685.39 s
 * (docs/DJSF.md).
 *
 * <h2>The cluster the paper leaves unsaid</h2>
 * {@link #paperCluster}: {@value #PAPER_MACHINES} identical machines of capacity
 * {@value #PAPER_MACHINE_CAPACITY} (of the largest Google machine) on each of CPU, memory and disk. The
 * paper's own numbers fix both: with one machine as Algorithm 3's C, our samples pack into 127 job sets per
 * 1000 jobs on average (the paper's 127; 121 to 134 over seeds 1-10), and with the whole cluster as
 * Eq. (15)'s C they give G = 6 (the paper's "6 according to the characteristic of the test workload") for
 * every one of seeds 1-20, which holds for 19 or 20 machines only. docs/DJSF.md has the derivation.
 *
 * <h2>Batches of jobs</h2>
 * The paper's unit is a job: {@link #sampleJobs} draws the batch from {@link GoogleJobs} instead (a job's
 * request = the sum of its tasks', its duration = first start to last finish), by the same selection sampling
 * over the complete jobs whose summed request fits one machine of the cluster, in their (first SUBMIT, job ID)
 * order. The jobs that fit no machine are left out of the population, counted by {@link #jobsAboveOneMachine}
 * (the engine places a job on one machine; the paper's jobs may span machines).
 *
 * <p>Stateless; {@link #sample} and {@link #sampleJobs} allocate the list they return.
 */
public final class GoogleBatchSample {
    /** Jobs in the paper's batch. */
    public static final int PAPER_JOBS = 1000;
    /** The paper runs the trace 10 times faster. */
    public static final double PAPER_SPEEDUP = 10;
    /** Machines of {@link #paperCluster}. */
    public static final int PAPER_MACHINES = 20;
    /** Capacity of each machine on each resource, as a fraction of the largest Google machine. */
    public static final double PAPER_MACHINE_CAPACITY = 0.33;
    /** The purpose under which {@link Seeds#generator} derives the sampling stream from the seed. */
    public static final int SAMPLE_PURPOSE = 101;

    private GoogleBatchSample() {
    }

    /**
     * A batch of {@code jobs} kept tasks drawn uniformly without replacement (see the class comment).
     *
     * @param trace   a loaded Google 2011 trace; the sample has its resources (three for the paper)
     * @param jobs    batch size, in [1, trace.count()]
     * @param seed    the sampling seed; the same seed always draws the same tasks
     * @param speedup durations are divided by it (10 in the paper), finite and &gt; 0
     */
    public static JobList sample(final LoadedTrace trace, final int jobs, final long seed, final double speedup) {
        if (trace.format() != TraceFormat.GOOGLE_2011) {
            throw new IllegalArgumentException("the DJSF batch is drawn from a google2011 trace, not "
                + trace.format().specName());
        }
        if (!(speedup > 0) || Double.isInfinite(speedup)) {
            throw new IllegalArgumentException("speed-up must be a finite number > 0: " + speedup);
        }
        final int[] chosen = sampleIndices(trace.count(), jobs, seed);
        final int dimensions = trace.dimensions();
        final double[] arrival = new double[jobs];
        final double[] duration = new double[jobs];
        final double[] predicted = new double[jobs];
        final int[] classes = new int[jobs];
        final int[] sizes = new int[jobs * dimensions];
        for (int i = 0; i < jobs; i++) {
            final int task = chosen[i];
            duration[i] = Math.max(trace.durationMicros(task), 1) / 1e6 / speedup;
            predicted[i] = Double.NaN;
            for (int d = 0; d < dimensions; d++) {
                sizes[i * dimensions + d] = trace.size(task, d);
            }
        }
        final String source = jobs + " tasks of " + trace + " drawn with seed " + seed + ", durations / " + speedup;
        return new JobList(source, trace.units(), dimensions, arrival, duration, predicted, classes, sizes);
    }

    /**
     * A batch of {@code jobs} Google jobs drawn uniformly without replacement among the complete jobs whose
     * summed request fits one machine of {@code cluster} (on every resource, its largest capacity), kept in job
     * order: arrival 0, duration = max(last FINISH - first SCHEDULE, 1 us) / {@code speedup} seconds, sizes the
     * summed requests.
     *
     * @param cluster the machines the batch will run on; it must have the jobs' resources
     * @throws IllegalArgumentException unless 1 &lt;= jobs &lt;= the fitting jobs, or for a bad speed-up, naming it
     */
    public static JobList sampleJobs(final GoogleJobs trace, final ServerTable cluster, final int jobs, final long seed,
                                     final double speedup) {
        if (!(speedup > 0) || Double.isInfinite(speedup)) {
            throw new IllegalArgumentException("speed-up must be a finite number > 0: " + speedup);
        }
        final int[] fitting = fittingJobs(trace, cluster);
        if (jobs < 1 || jobs > fitting.length) {
            throw new IllegalArgumentException("batch size must be in [1, " + fitting.length + "] (the complete jobs "
                + "that fit one machine): " + jobs);
        }
        final int[] chosen = sampleIndices(fitting.length, jobs, seed);
        final int dimensions = trace.dimensions();
        final double[] arrival = new double[jobs];
        final double[] duration = new double[jobs];
        final double[] predicted = new double[jobs];
        final int[] sizes = new int[jobs * dimensions];
        for (int i = 0; i < jobs; i++) {
            final int job = fitting[chosen[i]];
            duration[i] = Math.max(trace.durationMicros(job), 1) / 1e6 / speedup;
            predicted[i] = Double.NaN;
            for (int d = 0; d < dimensions; d++) {
                sizes[i * dimensions + d] = (int) trace.size(job, d);
            }
        }
        final String source = jobs + " of the " + fitting.length + " complete Google jobs that fit one machine (of "
            + trace.count() + "; " + (trace.count() - fitting.length) + " above one machine left out), drawn with seed "
            + seed + ", durations / " + speedup;
        return new JobList(source, trace.units(), dimensions, arrival, duration, predicted, new int[jobs], sizes);
    }

    /** Complete jobs whose summed request exceeds every machine of {@code cluster} on some resource. */
    public static int jobsAboveOneMachine(final GoogleJobs trace, final ServerTable cluster) {
        return trace.count() - fittingJobs(trace, cluster).length;
    }

    /** The jobs that fit the largest machine of {@code cluster} on every resource, in job order. */
    private static int[] fittingJobs(final GoogleJobs trace, final ServerTable cluster) {
        final int dimensions = trace.dimensions();
        if (cluster.dimensions() != dimensions) {
            throw new IllegalArgumentException("the cluster has " + cluster.dimensions() + " resources, the jobs "
                + dimensions);
        }
        final long[] largest = new long[dimensions];
        for (int s = 0; s < cluster.count(); s++) {
            for (int d = 0; d < dimensions; d++) {
                largest[d] = Math.max(largest[d], cluster.capacity(s, d));
            }
        }
        final int[] fitting = new int[trace.count()];
        int n = 0;
        for (int j = 0; j < trace.count(); j++) {
            boolean fits = true;
            for (int d = 0; d < dimensions && fits; d++) {
                fits = trace.size(j, d) <= largest[d];
            }
            if (fits) {
                fitting[n++] = j;
            }
        }
        return Arrays.copyOf(fitting, n);
    }

    /**
     * The indices in {@code [0, population)} that {@link #sample} takes, increasing.
     *
     * @throws IllegalArgumentException unless 1 &lt;= jobs &lt;= population
     */
    public static int[] sampleIndices(final int population, final int jobs, final long seed) {
        if (jobs < 1 || jobs > population) {
            throw new IllegalArgumentException("batch size must be in [1, " + population + "] (the kept tasks): "
                + jobs);
        }
        final RandomGenerator random = Seeds.generator(seed, SAMPLE_PURPOSE);
        final int[] chosen = new int[jobs];
        int taken = 0;
        for (int i = 0; i < population && taken < jobs; i++) {
            if (random.nextLong(population - i) < jobs - taken) {
                chosen[taken++] = i;
            }
        }
        assert taken == jobs;
        return chosen;
    }

    /**
     * The cluster chosen for the paper's batch: {@value #PAPER_MACHINES} machines, each with
     * {@value #PAPER_MACHINE_CAPACITY} on every one of {@code dimensions} resources (rounded down to units).
     */
    public static ServerTable paperCluster(final Units units, final int dimensions) {
        final int[] capacity = new int[dimensions];
        Arrays.fill(capacity, units.capacityUnits(PAPER_MACHINE_CAPACITY));
        return ServerTable.homogeneous(PAPER_MACHINES, capacity);
    }
}
