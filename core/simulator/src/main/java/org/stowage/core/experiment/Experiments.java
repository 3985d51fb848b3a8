package org.stowage.core.experiment;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleConsumer;

import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.gpu.GpuUsage;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.metrics.BucketSeries;
import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.metrics.Stability;
import org.stowage.core.model.Model;
import org.stowage.core.state.DeviceLayout;

/**
 * Runs one {@link RunSpec} and collects its {@link RunResult}. Stateless; any number of runs may go on
 * side by side on different threads.
 */
public final class Experiments {
    /** Progress reports per run with a finite horizon. */
    private static final int PROGRESS_STEPS = 100;

    private Experiments() {
    }

    /**
     * The simulation {@link #run} makes of {@code spec} (its servers, the devices of its model's
     * {@link DeviceLayout}, its scheduler, time mode and seed), fed by {@code workload}: for tools that step a
     * run themselves, as the sweep's calibration does.
     */
    public static Simulation simulation(final RunSpec spec, final Workload workload) {
        final Model model = spec.resolvedModel();
        return Simulation.builder()
            .servers(spec.servers())
            .devices(model.hasPlan(DeviceLayout.class) ? model.plan(DeviceLayout.class).table() : null)
            .workload(workload)
            .model(model)
            .scheduler(spec.schedulerFactory())
            .timeMode(spec.timeMode())
            .seed(spec.seed())
            .build();
    }

    /** The metrics listener {@link #run} gives {@code simulation} of {@code spec}; the caller adds it. */
    public static RunMetrics metrics(final Simulation simulation, final RunSpec spec) {
        final double timeScale = spec.timeMode() == TimeMode.SLOTTED ? 1 : 1000;
        return new RunMetrics(simulation, spec.warmup(), timeScale, spec.seriesInterval(),
            RunMetrics.DEFAULT_SERIES_CAPACITY).trackQueues(spec.perQueue());
    }

    /** Runs without progress reports. */
    public static RunResult run(final RunSpec spec) {
        return run(spec, fraction -> { });
    }

    /**
     * Runs {@code spec}. The metrics ({@link Metric}), in this order: the {@linkplain Metric#standard() standard
     * ones} up to {@link Metric#MEAN_RUNNING}, {@link Metric#utilization} and then {@link Metric#usefulUtilization}
     * per resource, the rest of the standard ones; when the jobs have more than one class, per class K
     * {@link Metric#classArrivalRate}, {@link Metric#classThroughput}, {@link Metric#classMeanQueue},
     * {@link Metric#classWaitMean} and {@link Metric#classJctMean}; and with {@link RunSpec#perQueue()},
     * {@link Metric#meanQueueOf} each queue the scheduler made. With devices (a {@link DeviceLayout} in the model)
     * also {@code gpu_allocation} (time average of the share of device units allocated) and {@code gpu_fragment}
     * (time average of the GPU fragmentation as a share of the devices, NaN without {@link TypicalPods} in the
     * model), after the standard ones, and the arrays {@code gpu_series_start} and {@code gpu_allocation_series}
     * (the share allocated over time). The verdict is
     * {@link Stability.Verdict#NOT_DRAINED} when the arrivals ended before the judged half of the window and
     * jobs were left queued or running at the end (a batch cut short by the horizon).
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
        final Model model = spec.resolvedModel();
        final Simulation simulation = simulation(spec, workload);
        final RunMetrics metrics = metrics(simulation, spec);
        simulation.addListener(metrics);
        final LastArrival lastArrival = new LastArrival();
        simulation.addListener(lastArrival);
        final GpuUsage gpus = simulation.deviceTable().bound() ? new GpuUsage(simulation,
            model.hasPlan(TypicalPods.class) ? model.plan(TypicalPods.class) : null, spec.warmup(),
            spec.seriesInterval()) : null;
        if (gpus != null) {
            if (gpus.fragmentation() != null) {
                simulation.addListener(gpus.fragmentation());
            }
            simulation.addListener(gpus);
        }

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
        put(values, Metric.ARRIVED_TOTAL, simulation.arrivedCount());
        put(values, Metric.COMPLETED_TOTAL, simulation.completedCount());
        put(values, Metric.REJECTED_TOTAL, simulation.rejectedCount());
        put(values, Metric.QUEUED_AT_END, simulation.jobTable().queuedCount());
        put(values, Metric.RUNNING_AT_END, simulation.jobTable().runningCount());
        put(values, Metric.ARRIVAL_RATE, metrics.arrivalRate());
        put(values, Metric.THROUGHPUT, metrics.throughput());
        put(values, Metric.MEAN_QUEUE, metrics.meanQueueLength());
        put(values, Metric.MEAN_RUNNING, metrics.meanRunning());
        for (int d = 0; d < spec.dimensions(); d++) {
            put(values, Metric.utilization(d), metrics.utilization(d));
        }
        for (int d = 0; d < spec.dimensions(); d++) {
            put(values, Metric.usefulUtilization(d), metrics.usefulUtilization(d));
        }
        put(values, Metric.WAIT_MEAN, metrics.meanWait());
        put(values, Metric.WAIT_P50, metrics.waitPercentile(50));
        put(values, Metric.WAIT_P90, metrics.waitPercentile(90));
        put(values, Metric.WAIT_P99, metrics.waitPercentile(99));
        put(values, Metric.WAIT_P999, metrics.waitPercentile(99.9));
        put(values, Metric.WAIT_MAX, metrics.maxWait());
        put(values, Metric.JCT_MEAN, metrics.meanCompletionTime());
        put(values, Metric.JCT_P50, metrics.completionTimePercentile(50));
        put(values, Metric.JCT_P99, metrics.completionTimePercentile(99));
        put(values, Metric.MAKESPAN, metrics.makespan());
        final Stability stability = drained(metrics.stability(), simulation, workload, lastArrival.time,
            spec.warmup() + (end - spec.warmup()) / 2);
        put(values, Metric.GROWTH, stability.growth());
        put(values, Metric.GROWTH_ERROR, stability.growthError());
        put(values, Metric.DUMMIES_PLACED, simulation.dummiesPlaced());
        if (metrics.classCount() > 1) {
            for (int k = 0; k < metrics.classCount(); k++) {
                put(values, Metric.classArrivalRate(k), metrics.arrivalRateOfClass(k));
                put(values, Metric.classThroughput(k), metrics.throughputOfClass(k));
                put(values, Metric.classMeanQueue(k), metrics.meanQueueLengthOfClass(k));
                put(values, Metric.classWaitMean(k), metrics.meanWaitOfClass(k));
                put(values, Metric.classJctMean(k), metrics.meanCompletionTimeOfClass(k));
            }
        }
        for (int q = 0; q < metrics.queueCount(); q++) {
            put(values, Metric.meanQueueOf(q), metrics.meanQueueLength(q));
        }
        final Map<String, double[]> arrays = new LinkedHashMap<>();
        if (gpus != null) {
            gpus.finish(end);
            values.put(Metric.GPU_ALLOCATION.name(), gpus.meanAllocation());
            values.put(Metric.GPU_FRAGMENT.name(), gpus.meanFragment());
            arrays.put("gpu_series_start", gpus.seriesStarts());
            arrays.put("gpu_allocation_series", gpus.seriesAllocation());
        }

        final BucketSeries series = metrics.queueSeries();
        final double[] starts = new double[series.size()];
        final double[] means = new double[series.size()];
        for (int i = 0; i < series.size(); i++) {
            starts[i] = series.start(i);
            means[i] = series.mean(i);
        }
        return new RunResult(spec.scheduler(), values, stability, starts, means, wallSeconds, arrays);
    }

    private static void put(final Map<String, Double> values, final Metric metric, final double value) {
        values.put(metric.name(), value);
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
