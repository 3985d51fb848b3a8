package org.stowage.reproduce.djsf;

import java.util.LinkedHashMap;
import java.util.Map;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.batch.DensestJobSetFirst;
import org.stowage.core.metrics.BatchMetrics;
import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;

/**
 * One batch run for the Hu and Li 2022 figures: a job list on a fresh cluster under one kernel spec, with
 * its {@link BatchMetrics}, the wall time spent inside the kernel's callbacks (Table 3's overhead), and for
 * DJSF its last plan's job sets (Fig. 11).
 *
 * <p>A run is a unit of its figure's sweep: {@link #result} keeps it as a {@link RunResult} (metrics, and the
 * arrays the figures read: each job's arrival and completion, the use over time when asked for, the job sets'
 * JCE) and {@link #of(RunResult)} reads it back, equal in every number, so a figure is drawn from its unit
 * files whichever engine ran them. A batch has no arrival process whose growth could be judged: its units'
 * stability verdict is inconclusive, with no buckets.
 *
 * @param spec         the kernel spec
 * @param metrics      JCTs, CDF, throughput, use over time
 * @param overhead     seconds spent in the kernel's callbacks
 * @param setJce       JCE of each job set of DJSF's (first) plan, in set order; empty for other kernels
 * @param meanDuration the batch's mean job duration (each job's JCT if it ran alone)
 * @param wallSeconds  wall-clock seconds the whole simulation took
 */
public record BatchRun(String spec, BatchMetrics metrics, double overhead, double[] setJce, double meanDuration,
                       double wallSeconds) {
    /** The verdict of every batch unit: the growth test does not apply. */
    static final Stability NO_VERDICT = Stability.of(Stability.Verdict.INCONCLUSIVE, Double.NaN, Double.NaN,
        Double.NaN, Double.NaN, 0);

    /** Runs {@code jobs} (continuous time, the list's time unit) on {@code cluster} under {@code spec}. */
    public static BatchRun of(final JobList jobs, final ServerTable cluster, final String spec) {
        final long start = System.nanoTime();
        final Model model = Model.of(cluster);
        final TimedScheduler timed = new TimedScheduler(Kernels.byName(spec).create(model));
        final Simulation simulation = Simulation.builder()
            .servers(cluster)
            .workload(jobs.workload(TimeMode.CONTINUOUS, 1.0))
            .model(model)
            .scheduler(timed)
            .timeMode(TimeMode.CONTINUOUS)
            .initialJobCapacity(Math.max(16, jobs.count()))
            .build();
        final BatchMetrics metrics = new BatchMetrics(simulation.jobTable(), simulation.servers());
        simulation.addListener(metrics);
        simulation.runToCompletion();
        double[] jce = new double[0];
        if (timed.delegate instanceof DensestJobSetFirst djsf && djsf.plans() == 1) {
            jce = new double[djsf.planner().setCount()];
            for (int m = 0; m < jce.length; m++) {
                jce[m] = djsf.planner().setJce(m);
            }
        }
        double durations = 0;
        for (int i = 0; i < jobs.count(); i++) {
            durations += jobs.duration(i);
        }
        return new BatchRun(spec, metrics, timed.nanos / 1e9, jce, durations / jobs.count(),
            (System.nanoTime() - start) / 1e9);
    }

    /** Jobs in the batch. */
    static final Metric JOBS = Metric.of("jobs", Metric.Unit.JOBS, "jobs", "jobs in the batch");
    /** Jobs of the batch that completed. */
    static final Metric COMPLETED = Metric.of("completed", Metric.Unit.JOBS, "completed", "jobs of the batch that"
        + " completed");
    /** Resources per job and server. */
    static final Metric DIMENSIONS = Metric.of("dimensions", Metric.Unit.NUMBER, "resources",
        "resources per job and server");
    /** Mean duration of the batch's jobs. */
    static final Metric MEAN_DURATION = Metric.of("mean_duration", Metric.Unit.TIME, "mean duration",
        "mean duration (service time) of the batch's jobs");
    /** Average job completion time. */
    static final Metric AVERAGE_JCT = Metric.of("average_jct", Metric.Unit.TIME, "average JCT",
        "average job completion time of the batch, arrival (0) to completion");
    /** Job sets of a DJSF plan. */
    static final Metric JOB_SETS = Metric.of("job_sets", Metric.Unit.NUMBER, "job sets",
        "job sets of the DJSF plan");

    /**
     * This run as a sweep unit's result: metrics {@code jobs}, {@code completed}, {@code dimensions},
     * {@code mean_duration}, {@code average_jct}, {@code makespan} (and {@code job_sets} for a DJSF plan);
     * arrays {@code arrival} and {@code completion} per job, {@code use_time} and {@code use_share} (the use
     * step function, {@code dimensions} shares per step) when {@code keepUse}, {@code set_jce} for a DJSF plan,
     * and {@code overhead_s}, the one value of the time spent in the kernel: kept apart from the metrics
     * because, like the wall time, it is not a function of the inputs (the sweep's tables stay byte-identical).
     */
    public RunResult result(final boolean keepUse) {
        final Map<String, Double> values = new LinkedHashMap<>();
        values.put(JOBS.name(), (double) metrics.jobs());
        values.put(COMPLETED.name(), (double) metrics.completed());
        values.put(DIMENSIONS.name(), (double) metrics.dimensions());
        values.put(MEAN_DURATION.name(), meanDuration);
        values.put(AVERAGE_JCT.name(), metrics.averageJct());
        values.put(Metric.MAKESPAN.name(), metrics.makespan());
        if (setJce.length > 0) {
            values.put(JOB_SETS.name(), (double) setJce.length);
        }
        final BatchMetrics.Recording recording = metrics.recording();
        final Map<String, double[]> arrays = new LinkedHashMap<>();
        arrays.put("arrival", recording.arrival());
        arrays.put("completion", recording.completion());
        if (keepUse) {
            arrays.put("use_time", recording.stepTime());
            arrays.put("use_share", recording.stepUse());
        }
        if (setJce.length > 0) {
            arrays.put("set_jce", setJce);
        }
        arrays.put("overhead_s", new double[] {overhead});
        return new RunResult(spec, values, NO_VERDICT, new double[0], new double[0], wallSeconds, arrays);
    }

    /** The run {@link #result} kept, read back: every metric of it answers as the original's did. */
    public static BatchRun of(final RunResult kept) {
        final Map<String, double[]> arrays = kept.arrays();
        final int dimensions = (int) kept.metric(DIMENSIONS);
        final double[] stepTime = arrays.getOrDefault("use_time", new double[0]);
        final double[] stepUse = arrays.getOrDefault("use_share", new double[0]);
        final BatchMetrics metrics = BatchMetrics.of(new BatchMetrics.Recording(dimensions, kept.array("arrival"),
            kept.array("completion"), stepTime, stepUse));
        return new BatchRun(kept.scheduler(), metrics, kept.array("overhead_s")[0],
            arrays.getOrDefault("set_jce", new double[0]), kept.metric(MEAN_DURATION), kept.wallSeconds());
    }

    /** Forwards every callback and adds up the wall time spent in them. */
    private static final class TimedScheduler implements Scheduler {
        private final Scheduler delegate;
        private long nanos;

        TimedScheduler(final Scheduler delegate) {
            this.delegate = delegate;
        }

        @Override
        public String name() {
            return delegate.name();
        }

        @Override
        public void attach(final SchedulerContext context) {
            final long start = System.nanoTime();
            delegate.attach(context);
            nanos += System.nanoTime() - start;
        }

        @Override
        public void onArrival(final int job) {
            final long start = System.nanoTime();
            delegate.onArrival(job);
            nanos += System.nanoTime() - start;
        }

        @Override
        public void onDeparture(final int job, final int server) {
            final long start = System.nanoTime();
            delegate.onDeparture(job, server);
            nanos += System.nanoTime() - start;
        }

        @Override
        public void onTick(final long tag) {
            final long start = System.nanoTime();
            delegate.onTick(tag);
            nanos += System.nanoTime() - start;
        }

        @Override
        public void decide(final double now) {
            final long start = System.nanoTime();
            delegate.decide(now);
            nanos += System.nanoTime() - start;
        }
    }
}
