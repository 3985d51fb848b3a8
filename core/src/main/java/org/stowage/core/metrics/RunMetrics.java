package org.stowage.core.metrics;

import org.HdrHistogram.Histogram;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

/**
 * Time averages and waiting times of one run, recorded without allocation per event.
 *
 * <ul>
 *   <li>Queue length and jobs in service: exact time integrals. The state after the decision at instant
 *       t holds until the next instant, so each decision closes one constant piece.</li>
 *   <li>Utilization per resource: time integral of the units in use over total capacity.</li>
 *   <li>Waiting time (arrival to start) in an HdrHistogram with 3 significant digits, recorded in
 *       1/{@code waitScale} time units (1 for slotted runs: whole slots).</li>
 *   <li>Throughput: completions per unit time.</li>
 * </ul>
 * Everything before {@code warmup} is ignored: integrals start there, and waits and completions count
 * only for jobs that start or finish at or after it. Call {@link #finish(double)} with the end time
 * before reading the averages.
 */
public final class RunMetrics implements SimulationListener {
    private static final long HIGHEST_WAIT = 1L << 50;

    private final SchedulerContext context;
    private final double warmup;
    private final double waitScale;
    private final long[] unitsInUse;
    private final double[] usedIntegral;
    private final long[] totalCapacity;
    private final Histogram waits = new Histogram(HIGHEST_WAIT, 3);
    private double lastTime;
    private double queueIntegral;
    private double runningIntegral;
    private long completedAfterWarmup;
    private long waitsOverflowed;
    private double endTime = Double.NaN;
    private int queued;
    private int running;

    /**
     * @param context   the simulation to observe (its jobs and servers)
     * @param warmup    statistics ignore everything before this time
     * @param waitScale waits are recorded in units of 1/waitScale time units
     */
    public RunMetrics(final SchedulerContext context, final double warmup, final double waitScale) {
        if (!(warmup >= 0) || !(waitScale > 0)) {
            throw new IllegalArgumentException("warm-up must be >= 0 and wait scale > 0: " + warmup + ", " + waitScale);
        }
        this.context = context;
        this.warmup = warmup;
        this.waitScale = waitScale;
        final ServerTable servers = context.servers();
        final int dimensions = servers.dimensions();
        unitsInUse = new long[dimensions];
        usedIntegral = new double[dimensions];
        totalCapacity = new long[dimensions];
        for (int s = 0; s < servers.count(); s++) {
            for (int d = 0; d < dimensions; d++) {
                totalCapacity[d] += servers.capacity(s, d);
            }
        }
        lastTime = warmup;
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        final JobTable jobs = context.jobs();
        for (int d = 0; d < unitsInUse.length; d++) {
            unitsInUse[d] += jobs.size(job, d);
        }
        if (time >= warmup) {
            final long wait = Math.round((time - jobs.arrivalTime(job)) * waitScale);
            if (wait <= HIGHEST_WAIT) {
                waits.recordValue(wait);
            } else {
                waitsOverflowed++;
            }
        }
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        final JobTable jobs = context.jobs();
        for (int d = 0; d < unitsInUse.length; d++) {
            unitsInUse[d] -= jobs.size(job, d);
        }
        if (time >= warmup) {
            completedAfterWarmup++;
        }
    }

    @Override
    public void onDecision(final double time) {
        advanceTo(time);
        queued = context.jobs().queuedCount();
        running = context.jobs().runningCount();
    }

    private void advanceTo(final double time) {
        if (time <= lastTime) {
            return;
        }
        final double span = time - lastTime;
        queueIntegral += span * queued;
        runningIntegral += span * running;
        for (int d = 0; d < unitsInUse.length; d++) {
            usedIntegral[d] += span * unitsInUse[d];
        }
        lastTime = time;
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

    public double meanQueueLength() {
        final double span = observed();
        return span > 0 ? queueIntegral / span : Double.NaN;
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

    public long completed() {
        return completedAfterWarmup;
    }

    /** Waits recorded (jobs started after warm-up). */
    public long waitCount() {
        return waits.getTotalCount();
    }

    /** Waits longer than the histogram's range, counted and left out of the percentiles. */
    public long waitsOverflowed() {
        return waitsOverflowed;
    }

    public double meanWait() {
        return waits.getTotalCount() == 0 ? Double.NaN : waits.getMean() / waitScale;
    }

    /** Waiting-time percentile (0 to 100), in time units. */
    public double waitPercentile(final double percentile) {
        return waits.getTotalCount() == 0 ? Double.NaN : waits.getValueAtPercentile(percentile) / waitScale;
    }

    public double maxWait() {
        return waits.getTotalCount() == 0 ? Double.NaN : waits.getMaxValue() / waitScale;
    }
}
