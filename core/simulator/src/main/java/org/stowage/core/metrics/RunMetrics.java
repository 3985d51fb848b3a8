package org.stowage.core.metrics;

import java.util.Arrays;

import org.HdrHistogram.Histogram;
import org.stowage.core.engine.RejectReason;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.QueueChanges;
import org.stowage.core.state.ServerView;

/**
 * Time averages, waiting and completion times, a queue-length series and a stability verdict for one run,
 * recorded without allocation per event.
 *
 * <ul>
 *   <li>Queue length and jobs in service: exact time integrals. The state after the decision at instant t
 *       holds until the next instant, so each decision closes one constant piece.</li>
 *   <li>Per job class (the workload's types): queued jobs as an exact time integral, arrivals, starts,
 *       completions and the sums of waits and completion times, each updated in O(1) when a job of the class
 *       arrives, starts or leaves. Classes are counted up to {@link #MAX_CLASSES}; jobs of higher class ids
 *       are counted in the totals only ({@link #untrackedClassJobs()} says how many).</li>
 *   <li>Per queue the scheduler made (opt-in, {@link #trackQueues}): exact time integrals of each queue's
 *       length, updated only for the queues that changed at an instant, so L x J local queues cost O(changed)
 *       per decision.</li>
 *   <li>Utilization per resource: time integral of the units in use over the cluster's total capacity, dummy
 *       jobs included ({@link #utilization}); useful utilization counts real jobs only
 *       ({@link #usefulUtilization}). The units in use change at the instant a job starts or leaves, and the
 *       interval before that instant is credited with the occupancy before it.</li>
 *   <li>Waiting time (arrival to start) and completion time (arrival to departure: the response time, the job
 *       completion time of batch runs) in HdrHistograms with 3 significant digits, recorded in
 *       1/{@code timeScale} time units (1 for slotted runs: whole slots; 1000 for continuous runs:
 *       milli-units), for the percentiles, each capped at the exact maximum (a bucket's top may lie above
 *       every value in it); their means are exact sums over counts, so a hand-computed run
 *       (Hu and Li's Fig. 1: 7.36 and 5.0) reads back exactly.</li>
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
    /** Most job classes tracked one by one. */
    public static final int MAX_CLASSES = 1024;

    private final JobTable jobs;
    private final long[] unitsInUse;
    private final long[] dummyUnitsInUse;
    private final double[] usedIntegral;
    private final double[] dummyIntegral;
    private double usageTime;
    private final long[] totalCapacity;
    private final Histogram waits = new Histogram(HIGHEST_TRACKED, 3);
    private final Histogram completions = new Histogram(HIGHEST_TRACKED, 3);
    /** The longest wait and completion time recorded, exact: the histograms only know their buckets' tops. */
    private double longestWait;
    private double longestCompletion;
    private double waitSum;
    private long waitsSummed;
    private double completionSum;
    private long completionsSummed;
    private final BucketSeries series;
    private boolean trackQueues;
    private double[] queueIntegrals = new double[0];
    private int[] queueLengths = new int[0];
    private double[] queueChangedAt = new double[0];

    private int classCount;
    private long untrackedClassJobs;
    private int[] classQueued = new int[0];
    private double[] classQueuedAt = new double[0];
    private double[] classQueueIntegral = new double[0];
    private long[] classArrived = new long[0];
    private long[] classStarted = new long[0];
    private long[] classCompleted = new long[0];
    private double[] classWaitSum = new double[0];
    private double[] classCompletionSum = new double[0];

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
        this.jobs = simulation.jobTable();
        this.warmup = warmup;
        this.timeScale = timeScale;
        final ServerView servers = simulation.servers();
        final int dimensions = servers.dimensions();
        unitsInUse = new long[dimensions];
        dummyUnitsInUse = new long[dimensions];
        usedIntegral = new double[dimensions];
        dummyIntegral = new double[dimensions];
        totalCapacity = new long[dimensions];
        for (int s = 0; s < servers.count(); s++) {
            for (int d = 0; d < dimensions; d++) {
                totalCapacity[d] += servers.capacity(s, d);
            }
        }
        series = new BucketSeries(simulation.now(), seriesInterval, seriesCapacity);
        lastTime = simulation.now();
        usageTime = simulation.now();
    }

    /**
     * Keeps a time average per queue the scheduler made ({@link #meanQueueLength(int)}); off by default.
     * Call before the run starts. Uses the simulation's {@link Simulation#queueChanges()}, so one per-queue
     * tracker per simulation.
     */
    public RunMetrics trackQueues(final boolean enabled) {
        this.trackQueues = enabled;
        return this;
    }

    @Override
    public void onArrival(final double time, final int job) {
        if (time >= warmup) {
            arrivedAfterWarmup++;
        }
        final int k = trackedClass(job);
        if (k >= 0) {
            classQueueChange(k, time, 1);
            if (time >= warmup) {
                classArrived[k]++;
            }
        }
    }

    @Override
    public void onRejected(final double time, final int job, final RejectReason reason) {
        final int k = trackedClass(job);
        if (k >= 0) {
            classQueueChange(k, time, -1);
        }
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        advanceUsage(time);
        for (int d = 0; d < unitsInUse.length; d++) {
            unitsInUse[d] += jobs.size(job, d);
        }
        final double wait = time - jobs.arrivalTime(job);
        if (time >= warmup) {
            record(waits, wait);
            longestWait = Math.max(longestWait, wait);
            waitSum += wait;
            waitsSummed++;
        }
        final int k = trackedClass(job);
        if (k >= 0) {
            classQueueChange(k, time, -1);
            if (time >= warmup) {
                classStarted[k]++;
                classWaitSum[k] += wait;
            }
        }
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        advanceUsage(time);
        for (int d = 0; d < unitsInUse.length; d++) {
            unitsInUse[d] -= jobs.size(job, d);
        }
        makespan = time;
        final double completion = time - jobs.arrivalTime(job);
        if (time >= warmup) {
            completedAfterWarmup++;
            record(completions, completion);
            longestCompletion = Math.max(longestCompletion, completion);
            completionSum += completion;
            completionsSummed++;
            final int k = trackedClass(job);
            if (k >= 0) {
                classCompleted[k]++;
                classCompletionSum[k] += completion;
            }
        }
    }

    @Override
    public void onDummyStart(final double time, final int job, final int server) {
        advanceUsage(time);
        for (int d = 0; d < dummyUnitsInUse.length; d++) {
            dummyUnitsInUse[d] += jobs.size(job, d);
        }
    }

    @Override
    public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
        advanceUsage(time);
        for (int d = 0; d < dummyUnitsInUse.length; d++) {
            dummyUnitsInUse[d] -= jobs.size(job, d);
        }
    }

    /** The job's class if it is tracked (growing the per-class arrays the first time), else -1. */
    private int trackedClass(final int job) {
        final int k = jobs.jobClass(job);
        if (k >= MAX_CLASSES) {
            untrackedClassJobs++;
            return -1;
        }
        if (k >= classCount) {
            growClasses(k + 1);
        }
        return k;
    }

    private void growClasses(final int count) {
        classQueued = Arrays.copyOf(classQueued, count);
        classQueuedAt = Arrays.copyOf(classQueuedAt, count);
        for (int k = classCount; k < count; k++) {
            classQueuedAt[k] = lastTime;
        }
        classQueueIntegral = Arrays.copyOf(classQueueIntegral, count);
        classArrived = Arrays.copyOf(classArrived, count);
        classStarted = Arrays.copyOf(classStarted, count);
        classCompleted = Arrays.copyOf(classCompleted, count);
        classWaitSum = Arrays.copyOf(classWaitSum, count);
        classCompletionSum = Arrays.copyOf(classCompletionSum, count);
        classCount = count;
    }

    /** Class {@code k}'s queued count changes by {@code delta} at {@code time}; its integral is closed first. */
    private void classQueueChange(final int k, final double time, final int delta) {
        classQueueIntegral[k] += classQueued[k] * observedSpan(classQueuedAt[k], time);
        classQueuedAt[k] = time;
        classQueued[k] += delta;
    }

    /** The part of [from, to) after warm-up. */
    private double observedSpan(final double from, final double to) {
        final double start = Math.max(from, warmup);
        return to > start ? to - start : 0;
    }

    /** Credits the units in use since the last change with the span up to {@code time}. */
    private void advanceUsage(final double time) {
        final double span = observedSpan(usageTime, time);
        usageTime = Math.max(usageTime, time);
        if (span > 0) {
            for (int d = 0; d < unitsInUse.length; d++) {
                usedIntegral[d] += span * unitsInUse[d];
                dummyIntegral[d] += span * dummyUnitsInUse[d];
            }
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
        queued = jobs.queuedCount();
        running = jobs.runningCount();
        if (trackQueues) {
            final QueueChanges changes = simulation.queueChanges();
            final int queues = simulation.queueCount();
            if (queues != queueLengths.length) {
                growQueues(queues);
            }
            for (int i = 0; i < changes.count(); i++) {
                final int q = changes.changed(i);
                queueIntegrals[q] += queueLengths[q] * observedSpan(queueChangedAt[q], time);
                queueChangedAt[q] = time;
                queueLengths[q] = simulation.queue(q).size();
            }
            changes.drain();
        }
    }

    private void growQueues(final int queues) {
        final int before = queueLengths.length;
        queueIntegrals = Arrays.copyOf(queueIntegrals, queues);
        queueLengths = Arrays.copyOf(queueLengths, queues);
        queueChangedAt = Arrays.copyOf(queueChangedAt, queues);
        for (int q = before; q < queues; q++) {
            queueChangedAt[q] = lastTime;
        }
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
    }

    /** Closes the integrals at {@code time}, the end of the observed period. */
    public void finish(final double time) {
        advanceTo(time);
        advanceUsage(time);
        for (int q = 0; q < queueLengths.length; q++) {
            queueIntegrals[q] += queueLengths[q] * observedSpan(queueChangedAt[q], time);
            queueChangedAt[q] = time;
        }
        for (int k = 0; k < classCount; k++) {
            classQueueChange(k, time, 0);
        }
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

    /** Number of queues with a tracked time average: those the scheduler made, when tracked (else 0). */
    public int queueCount() {
        return queueLengths.length;
    }

    /** Number of job classes tracked: one more than the largest class id seen, at most {@link #MAX_CLASSES}. */
    public int classCount() {
        return classCount;
    }

    /** Jobs whose class id was {@link #MAX_CLASSES} or more, counted in the totals only. */
    public long untrackedClassJobs() {
        return untrackedClassJobs;
    }

    /** Time-average number of queued jobs of class {@code k}. */
    public double meanQueueLengthOfClass(final int k) {
        final double span = observed();
        return span > 0 ? classQueueIntegral[k] / span : Double.NaN;
    }

    /** Mean wait of the jobs of class {@code k} that started after warm-up. */
    public double meanWaitOfClass(final int k) {
        return classStarted[k] == 0 ? Double.NaN : classWaitSum[k] / classStarted[k];
    }

    /** Mean completion time of the jobs of class {@code k} that finished after warm-up. */
    public double meanCompletionTimeOfClass(final int k) {
        return classCompleted[k] == 0 ? Double.NaN : classCompletionSum[k] / classCompleted[k];
    }

    /** Completions of class {@code k} per unit time after warm-up. */
    public double throughputOfClass(final int k) {
        final double span = observed();
        return span > 0 ? classCompleted[k] / span : Double.NaN;
    }

    /** Arrivals of class {@code k} per unit time after warm-up. */
    public double arrivalRateOfClass(final int k) {
        final double span = observed();
        return span > 0 ? classArrived[k] / span : Double.NaN;
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

    /** Mean fraction of the cluster's capacity occupied on resource {@code d}, by real and dummy jobs. */
    public double utilization(final int d) {
        final double span = observed();
        return span > 0 ? (usedIntegral[d] + dummyIntegral[d]) / (span * totalCapacity[d]) : Double.NaN;
    }

    /** Mean fraction of the cluster's capacity occupied on resource {@code d} by real jobs (no dummies). */
    public double usefulUtilization(final int d) {
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

    /** Mean wait (arrival to start) of the jobs that started after warm-up, exact. */
    public double meanWait() {
        return waitsSummed == 0 ? Double.NaN : waitSum / waitsSummed;
    }

    /**
     * Waiting-time percentile (0 to 100), in time units: the histogram's value (the top of its bucket, 3
     * significant digits), capped at the longest wait recorded, so no percentile exceeds the maximum.
     */
    public double waitPercentile(final double percentile) {
        return waits.getTotalCount() == 0 ? Double.NaN
            : Math.min(waits.getValueAtPercentile(percentile) / timeScale, longestWait);
    }

    /** The longest wait of a job that started after warm-up, exact. */
    public double maxWait() {
        return waits.getTotalCount() == 0 ? Double.NaN : longestWait;
    }

    /** Mean job completion time (arrival to departure) of jobs that finished after warm-up. */
    public double meanCompletionTime() {
        return completionsSummed == 0 ? Double.NaN : completionSum / completionsSummed;
    }

    /**
     * Job completion time percentile (0 to 100), in time units: the histogram's value, capped at the longest
     * completion time recorded (so never above the maximum, nor above the makespan of a batch).
     */
    public double completionTimePercentile(final double percentile) {
        return completions.getTotalCount() == 0 ? Double.NaN
            : Math.min(completions.getValueAtPercentile(percentile) / timeScale, longestCompletion);
    }

    /** The longest completion time of a job that finished after warm-up, exact. */
    public double maxCompletionTime() {
        return completions.getTotalCount() == 0 ? Double.NaN : longestCompletion;
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
