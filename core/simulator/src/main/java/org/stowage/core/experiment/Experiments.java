package org.stowage.core.experiment;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleConsumer;

import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.metrics.BucketSeries;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.metrics.Stability;

/**
 * Runs one {@link RunSpec} and collects its {@link RunResult}. Stateless; any number of runs may go on
 * side by side on different threads.
 */
public final class Experiments {
    /** Progress reports per run with a finite horizon. */
    private static final int PROGRESS_STEPS = 100;

    private Experiments() {
    }

    /** Runs without progress reports. */
    public static RunResult run(final RunSpec spec) {
        return run(spec, fraction -> { });
    }

    /**
     * Runs {@code spec}. The metrics, in this order: {@code arrived_total}, {@code completed_total},
     * {@code rejected_total}, {@code queued_at_end}, {@code running_at_end} (whole run); then, over the
     * observed window after warm-up: {@code arrival_rate}, {@code throughput}, {@code mean_queue},
     * {@code mean_running}, {@code utilization_rD} per resource D (dummy jobs included),
     * {@code useful_utilization_rD} (real jobs only), {@code wait_mean}, {@code wait_p50},
     * {@code wait_p90}, {@code wait_p99}, {@code wait_p999}, {@code wait_max}, {@code jct_mean},
     * {@code jct_p50}, {@code jct_p99}, {@code makespan}, {@code growth}, {@code growth_error},
     * {@code dummies_placed}; when the jobs have more than one class, per class K: {@code class_K_arrival_rate},
     * {@code class_K_throughput}, {@code class_K_mean_queue}, {@code class_K_wait_mean},
     * {@code class_K_jct_mean}; and with {@link RunSpec#perQueue()}, {@code mean_queue_qN} for each queue N
     * the scheduler made. Times are in slots (slotted) or time units (continuous); waits of continuous runs
     * are recorded to 1/1000 of a time unit. The verdict is {@link Stability.Verdict#NOT_DRAINED} when the
     * arrivals ended before the judged half of the window and jobs were left queued or running at the end (a
     * batch cut short by the horizon).
     *
     * @param progress receives the fraction of the horizon done, from the simulation thread
     */
    public static RunResult run(final RunSpec spec, final DoubleConsumer progress) {
        return run(spec, progress, RunObserver.NONE);
    }

    /**
     * As {@link #run(RunSpec, DoubleConsumer)}, telling {@code observer} when the simulation is built and when
     * the run ends (a watchdog that stops a kernel that never returns).
     */
    public static RunResult run(final RunSpec spec, final DoubleConsumer progress, final RunObserver observer) {
        final Workload workload = spec.workload().open(spec.seed());
        final Simulation simulation = Simulation.builder()
            .servers(spec.servers())
            .workload(workload)
            .model(spec.resolvedModel())
            .scheduler(spec.schedulerFactory())
            .timeMode(spec.timeMode())
            .seed(spec.seed())
            .build();
        final double timeScale = spec.timeMode() == TimeMode.SLOTTED ? 1 : 1000;
        final RunMetrics metrics = new RunMetrics(simulation, spec.warmup(), timeScale, spec.seriesInterval(),
            RunMetrics.DEFAULT_SERIES_CAPACITY).trackQueues(spec.perQueue());
        simulation.addListener(metrics);
        final LastArrival lastArrival = new LastArrival();
        simulation.addListener(lastArrival);

        final long start = System.nanoTime();
        final double horizon = spec.horizon();
        final double end;
        observer.started(simulation, spec);
        try {
            if (Double.isInfinite(horizon)) {
                simulation.runToCompletion();
                end = Math.max(simulation.now(), spec.warmup());
            } else {
                for (int step = 1; step <= PROGRESS_STEPS; step++) {
                    simulation.runUntil(step == PROGRESS_STEPS ? horizon : horizon * step / PROGRESS_STEPS);
                    progress.accept((double) step / PROGRESS_STEPS);
                }
                end = horizon;
            }
        } finally {
            observer.ended(simulation);
        }
        final double wallSeconds = (System.nanoTime() - start) / 1e9;
        metrics.finish(end);

        final Map<String, Double> values = new LinkedHashMap<>();
        values.put("arrived_total", (double) simulation.arrivedCount());
        values.put("completed_total", (double) simulation.completedCount());
        values.put("rejected_total", (double) simulation.rejectedCount());
        values.put("queued_at_end", (double) simulation.jobTable().queuedCount());
        values.put("running_at_end", (double) simulation.jobTable().runningCount());
        values.put("arrival_rate", metrics.arrivalRate());
        values.put("throughput", metrics.throughput());
        values.put("mean_queue", metrics.meanQueueLength());
        values.put("mean_running", metrics.meanRunning());
        for (int d = 0; d < spec.dimensions(); d++) {
            values.put("utilization_r" + d, metrics.utilization(d));
        }
        for (int d = 0; d < spec.dimensions(); d++) {
            values.put("useful_utilization_r" + d, metrics.usefulUtilization(d));
        }
        values.put("wait_mean", metrics.meanWait());
        values.put("wait_p50", metrics.waitPercentile(50));
        values.put("wait_p90", metrics.waitPercentile(90));
        values.put("wait_p99", metrics.waitPercentile(99));
        values.put("wait_p999", metrics.waitPercentile(99.9));
        values.put("wait_max", metrics.maxWait());
        values.put("jct_mean", metrics.meanCompletionTime());
        values.put("jct_p50", metrics.completionTimePercentile(50));
        values.put("jct_p99", metrics.completionTimePercentile(99));
        values.put("makespan", metrics.makespan());
        final Stability stability = drained(metrics.stability(), simulation, workload, lastArrival.time,
            spec.warmup() + (end - spec.warmup()) / 2);
        values.put("growth", stability.growth());
        values.put("growth_error", stability.growthError());
        values.put("dummies_placed", (double) simulation.dummiesPlaced());
        if (metrics.classCount() > 1) {
            for (int k = 0; k < metrics.classCount(); k++) {
                values.put("class_" + k + "_arrival_rate", metrics.arrivalRateOfClass(k));
                values.put("class_" + k + "_throughput", metrics.throughputOfClass(k));
                values.put("class_" + k + "_mean_queue", metrics.meanQueueLengthOfClass(k));
                values.put("class_" + k + "_wait_mean", metrics.meanWaitOfClass(k));
                values.put("class_" + k + "_jct_mean", metrics.meanCompletionTimeOfClass(k));
            }
        }
        for (int q = 0; q < metrics.queueCount(); q++) {
            values.put("mean_queue_q" + q, metrics.meanQueueLength(q));
        }

        final BucketSeries series = metrics.queueSeries();
        final double[] starts = new double[series.size()];
        final double[] means = new double[series.size()];
        for (int i = 0; i < series.size(); i++) {
            starts[i] = series.start(i);
            means[i] = series.mean(i);
        }
        return new RunResult(spec.scheduler(), values, stability, starts, means, wallSeconds);
    }

    /**
     * The verdict, or {@link Stability#notDrained()} when the arrivals had ended before the judged second
     * half began (from {@code judgedFrom}) and jobs were still queued or running at the end: a batch cut
     * short by its horizon has no arrival process whose growth could be judged, and is not done.
     */
    private static Stability drained(final Stability stability, final Simulation simulation, final Workload workload,
                                     final double lastArrivalTime, final double judgedFrom) {
        final long left = (long) simulation.jobs().queuedCount() + simulation.jobs().runningCount();
        final boolean arrivalsEnded = workload.peekArrivalTime() == Double.POSITIVE_INFINITY;
        return left > 0 && arrivalsEnded && lastArrivalTime < judgedFrom ? stability.notDrained() : stability;
    }

    /** Remembers the time of the latest arrival; allocation-free. */
    private static final class LastArrival implements SimulationListener {
        double time = Double.NEGATIVE_INFINITY;

        @Override
        public void onArrival(final double at, final int job) {
            time = at;
        }
    }
}
