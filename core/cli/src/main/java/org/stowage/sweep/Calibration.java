package org.stowage.sweep;

import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.metrics.RunMetrics;

/**
 * How long a run would take on this machine, from a short start of it: the run is built as
 * {@link org.stowage.core.experiment.Experiments#run} builds it (its plan, its metrics listener), simulated for a
 * fraction of a second, and its pace over the second half of that time (after the JIT's first compilations and
 * the set-up) is extrapolated to the whole run: the horizon in simulated time, or, for a workload run to completion,
 * the jobs it announces. What {@code --dry-run} prints; nothing is written.
 *
 * <p>An estimate, not a promise: a run whose queue grows (an unstable scheduler) slows down as it goes, so the
 * estimate of such a run is low; a cold JVM is slower than the same JVM a minute later, which makes the estimate
 * of a short calibration high. Measured against real runs in docs/COMMANDS.md.
 */
public final class Calibration {
    /** Seconds a command spends calibrating in all, unless {@value #BUDGET_PROPERTY} says otherwise. */
    public static final double BUDGET_SECONDS = 1.0;
    /** Least seconds of one calibration (a command with many runs to estimate takes longer than the budget). */
    public static final double LEAST_SECONDS = 0.1;
    /** System property: the seconds of {@link #BUDGET_SECONDS} (a positive number; 0.02 in the docs test). */
    public static final String BUDGET_PROPERTY = "stowage.calibration.seconds";

    private Calibration() {
    }

    /** The seconds each of {@code runs} calibrations may take: the budget shared, at least {@link #LEAST_SECONDS}. */
    public static double perRun(final int runs) {
        double budget = BUDGET_SECONDS;
        final String given = System.getProperty(BUDGET_PROPERTY);
        if (given != null) {
            try {
                final double value = Double.parseDouble(given);
                if (value > 0 && value < 3600) {
                    return value / Math.max(1, runs);
                }
            } catch (final NumberFormatException e) {
                // the default, as for a value out of range
            }
        }
        budget /= Math.max(1, runs);
        return Math.max(LEAST_SECONDS, budget);
    }

    /**
     * What a calibration found: the wall-clock seconds the whole run would take and the jobs it would see (both
     * NaN when they cannot be told: a workload run to completion that does not say how many jobs it brings).
     */
    public record Estimate(double seconds, double jobs) {
        /** Jobs per wall-clock second, NaN when unknown. */
        public double jobsPerSecond() {
            return jobs / seconds;
        }
    }

    /** The wall-clock seconds {@code spec} would take, measured over about {@code seconds} of it; NaN when unknown. */
    public static double seconds(final RunSpec spec, final double seconds) {
        return estimate(spec, seconds).seconds();
    }

    /** The time and jobs of {@code spec}, measured over about {@code seconds} of it. */
    public static Estimate estimate(final RunSpec spec, final double seconds) {
        final RunSpec planned = PlannedRuns.planned(spec);
        final Workload workload = planned.workload().open(planned.seed());
        final Simulation simulation = Simulation.builder()
            .servers(planned.servers())
            .workload(workload)
            .model(planned.resolvedModel())
            .scheduler(planned.schedulerFactory())
            .timeMode(planned.timeMode())
            .seed(planned.seed())
            .build();
        simulation.addListener(new RunMetrics(simulation, planned.warmup(), planned.timeMode() == TimeMode.SLOTTED ? 1
            : 1000, planned.seriesInterval(), RunMetrics.DEFAULT_SERIES_CAPACITY));
        final double horizon = planned.horizon();
        final long announced = workload.announcedJobs();
        final boolean byTime = Double.isFinite(horizon);
        if (!byTime && announced <= 0) {
            return new Estimate(Double.NaN, Double.NaN);
        }
        final long start = System.nanoTime();
        final long half = start + (long) (seconds * 0.5e9);
        final long end = start + (long) (seconds * 1e9);
        long halfAt = -1;
        double doneAtHalf = 0;
        long steps = 0;
        while (simulation.step(horizon)) {
            if ((++steps & 255) != 0) {
                continue;
            }
            final long now = System.nanoTime();
            if (halfAt < 0 && now >= half) {
                halfAt = now;
                doneAtHalf = done(simulation, horizon, announced, byTime);
            }
            if (now >= end) {
                final double done = done(simulation, horizon, announced, byTime);
                final double fraction = done - doneAtHalf;
                final double jobs = byTime ? (done > 0 ? simulation.arrivedCount() / done : Double.NaN) : announced;
                return new Estimate(fraction > 0 ? (now - halfAt) / 1e9 / fraction : Double.NaN, jobs);
            }
        }
        // the whole run fit in the calibration: its time and jobs are measured, not estimated
        return new Estimate((System.nanoTime() - start) / 1e9, simulation.arrivedCount());
    }

    /** The fraction of the run done: of the horizon, or of the announced jobs completed. */
    private static double done(final Simulation simulation, final double horizon, final long jobs, final boolean byTime) {
        return byTime ? simulation.now() / horizon : (double) simulation.completedCount() / jobs;
    }
}
