package org.stowage.core.metrics;

import java.util.Arrays;

import org.HdrHistogram.Histogram;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

/**
 * Time averages, waiting and completion times, a queue-length series and a stability verdict for one run,
 * recorded without allocation per event.
 *
 * <ul>
 *   <li>Queue length (total and per queue the scheduler made) and jobs in service: exact time integrals.
 *       The state after the decision at instant t holds until the next instant, so each decision closes
 *       one constant piece. Per-queue integrals cost O(Q) per decision for Q queues.</li>
 *   <li>Utilization per resource: time integral of the units in use over the cluster's total capacity.</li>
 *   <li>Waiting time (arrival to start) and completion time (arrival to departure, the job completion
 *       time of batch runs) in HdrHistograms with 3 significant digits, recorded in 1/{@code timeScale}
 *       time units (1 for slotted runs: whole slots; 1000 for continuous runs: milli-units).</li>
 *   <li>Throughput: completions per unit time; makespan: the time of the last departure.</li>
 *   <li>A {@link BucketSeries} of the total queue length from the start of the run, exact bucket averages in bounded
 *       memory, and a {@link Stability} verdict computed from it over the observed window.</li>
 * </ul>
 * Everything before {@code warmup} is ignored by the statistics (not by the series): integrals start
 * there, and waits, completions and arrivals count only for jobs that start, finish or arrive at or
 * after it. Call {@link #finish(double)} with the end time before reading the averages.
 */
public final class RunMetrics implements SimulationListener {
    /** Buckets kept by the queue-length series unless told otherwise. */
    public static final int DEFAULT_SERIES_CAPACITY = 4096;
    private static final long HIGHEST_TRACKED = 1L << 50;

    private final Simulation simulation;
    private final double warmup;
    private final double timeScale;
    private final long[] unitsInUse;
    private final double[] usedIntegral;
    private final long[] totalCapacity;
    private final Histogram waits = new Histogram(HIGHEST_TRACKED, 3);
    private final Histogram completions = new Histogram(HIGHEST_TRACKED, 3);
    private final BucketSeries series;
    private double[] queueIntegrals;
    private int[] queueLengths;
    private double lastTime;
    private double queueIntegral;
    private double runningIntegral;
    private long arrivedAfterWarmup;
    private long completedAfterWarmup;
    private long outOfRange;
    private double makespan;
    private double endTime = Double.NaN;
    private int queued;
    private int running;

    /**
     * @param simulation the simulation to observe
     * @param warmup     statistics ignore everything before this time
     * @param timeScale  waits and completion times are recorded in units of 1/timeScale time units
     */
    public RunMetrics(final Simulation simulation, final double warmup, final double timeScale) {
        this(simulation, warmup, timeScale, 1, DEFAULT_SERIES_CAPACITY);
    }

    /**
     * @param seriesInterval initial bucket width of the queue-length series
     * @param seriesCapacity buckets the series keeps (even); the width doubles when they are full
     */
    public RunMetrics(final Simulation simulation, final double warmup, final double timeScale,
                      final double seriesInterval, final int seriesCapacity) {
        if (!(warmup >= 0) || Double.isInfinite(warmup)) {
            throw new IllegalArgumentException("warm-up must be finite and >= 0: " + warmup);
        }
        if (!(timeScale > 0) || Double.isInfinite(timeScale)) {
            throw new IllegalArgumentException("time scale must be finite and > 0: " + timeScale);
        }
        this.simulation = simulation;
        this.warmup = warmup;
        this.timeScale = timeScale;
        final ServerTable servers = simulation.servers();
        final int dimensions = servers.dimensions();
        unitsInUse = new long[dimensions];
        usedIntegral = new double[dimensions];
        totalCapacity = new long[dimensions];
        for (int s = 0; s < servers.count(); s++) {
            for (int d = 0; d < dimensions; d++) {
                totalCapacity[d] += servers.capacity(s, d);
            }
        }
        queueIntegrals = new double[simulation.queueCount()];
        queueLengths = new int[simulation.queueCount()];
        series = new BucketSeries(simulation.now(), seriesInterval, seriesCapacity);
        lastTime = simulation.now();
    }

    @Override
    public void onArrival(final double time, final int job) {
        if (time >= warmup) {
            arrivedAfterWarmup++;
        }
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        final JobTable jobs = simulation.jobs();
        for (int d = 0; d < unitsInUse.length; d++) {
            unitsInUse[d] += jobs.size(job, d);
        }
        if (time >= warmup) {
            record(waits, time - jobs.arrivalTime(job));
        }
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        final JobTable jobs = simulation.jobs();
        for (int d = 0; d < unitsInUse.length; d++) {
            unitsInUse[d] -= jobs.size(job, d);
        }
        makespan = time;
        if (time >= warmup) {
            completedAfterWarmup++;
            record(completions, time - jobs.arrivalTime(job));
        }
    }

    private void record(final Histogram histogram, final double duration) {
        final long value = Math.round(duration * timeScale);
        if (value <= HIGHEST_TRACKED) {
            histogram.recordValue(value);
        } else {
            outOfRange++;
        }
    }

    @Override
    public void onDecision(final double time) {
        advanceTo(time);
        final JobTable jobs = simulation.jobs();
        queued = jobs.queuedCount();
        running = jobs.runningCount();
        final int queues = simulation.queueCount();
        if (queues != queueLengths.length) {
            growQueues(queues);
        }
        for (int q = 0; q < queues; q++) {
            queueLengths[q] = simulation.queue(q).size();
        }
    }

    private void growQueues(final int queues) {
        queueIntegrals = Arrays.copyOf(queueIntegrals, queues);
        queueLengths = Arrays.copyOf(queueLengths, queues);
    }

    private void advanceTo(final double time) {
        if (time <= lastTime) {
            return;
        }
        series.add(queued, time);
        final double from = Math.max(lastTime, warmup);
        lastTime = time;
        if (time <= from) {
            return;
        }
        final double span = time - from;
        queueIntegral += span * queued;
        runningIntegral += span * running;
        for (int d = 0; d < unitsInUse.length; d++) {
            usedIntegral[d] += span * unitsInUse[d];
        }
        for (int q = 0; q < queueLengths.length; q++) {
            queueIntegrals[q] += span * queueLengths[q];
        }
    }

    /** Closes the integrals at {@code time}, the end of the observed period. */
    public void finish(final double time) {
        advanceTo(time);
        endTime = Math.max(time, warmup);
    }

    private double observed() {
        if (Double.isNaN(endTime)) {
            throw new IllegalStateException("call finish(endTime) before reading time averages");
        }
        return endTime - warmup;
    }

    public double warmup() {
        return warmup;
    }

    /** End of the observed period, as given to {@link #finish}. */
    public double endTime() {
        observed();
        return endTime;
    }

    public double meanQueueLength() {
        final double span = observed();
        return span > 0 ? queueIntegral / span : Double.NaN;
    }

    /** Number of queues with a tracked time average: those the scheduler made. */
    public int queueCount() {
        return queueLengths.length;
    }

    /** Time-average length of the queue with id {@code queue}. */
    public double meanQueueLength(final int queue) {
        final double span = observed();
        return span > 0 ? queueIntegrals[queue] / span : Double.NaN;
    }

    public double meanRunning() {
        final double span = observed();
        return span > 0 ? runningIntegral / span : Double.NaN;
    }

    /** Mean fraction of the cluster's capacity in use on resource {@code d}. */
    public double utilization(final int d) {
        final double span = observed();
        return span > 0 ? usedIntegral[d] / (span * totalCapacity[d]) : Double.NaN;
    }

    /** Completions per unit time after warm-up. */
    public double throughput() {
        final double span = observed();
        return span > 0 ? completedAfterWarmup / span : Double.NaN;
    }

    /** Arrivals per unit time after warm-up. */
    public double arrivalRate() {
        final double span = observed();
        return span > 0 ? arrivedAfterWarmup / span : Double.NaN;
    }

    public long arrived() {
        return arrivedAfterWarmup;
    }

    public long completed() {
        return completedAfterWarmup;
    }

    /** Time of the last departure so far (the makespan of a batch run), or 0 if none. */
    public double makespan() {
        return makespan;
    }

    /** Waits recorded (jobs started after warm-up). */
    public long waitCount() {
        return waits.getTotalCount();
    }

    /** Waits or completion times longer than the histograms' range, counted and left out of them. */
    public long outOfRange() {
        return outOfRange;
    }

    public double meanWait() {
        return waits.getTotalCount() == 0 ? Double.NaN : waits.getMean() / timeScale;
    }

    /** Waiting-time percentile (0 to 100), in time units. */
    public double waitPercentile(final double percentile) {
        return waits.getTotalCount() == 0 ? Double.NaN : waits.getValueAtPercentile(percentile) / timeScale;
    }

    public double maxWait() {
        return waits.getTotalCount() == 0 ? Double.NaN : waits.getMaxValue() / timeScale;
    }

    /** Mean job completion time (arrival to departure) of jobs that finished after warm-up. */
    public double meanCompletionTime() {
        return completions.getTotalCount() == 0 ? Double.NaN : completions.getMean() / timeScale;
    }

    /** Job completion time percentile (0 to 100), in time units. */
    public double completionTimePercentile(final double percentile) {
        return completions.getTotalCount() == 0 ? Double.NaN
            : completions.getValueAtPercentile(percentile) / timeScale;
    }

    /** The total queue length over time, from the start of the run. */
    public BucketSeries queueSeries() {
        return series;
    }

    /** The stability verdict over the observed window (see {@link Stability}). */
    public Stability stability() {
        return Stability.judge(series, warmup, endTime(), arrivalRate());
    }
}
