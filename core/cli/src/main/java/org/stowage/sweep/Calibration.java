package org.stowage.sweep;

import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.Workload;
import org.stowage.core.experiment.Experiments;
import org.stowage.core.experiment.RunSpec;

/**
 * How long a run would take on this machine, from a short start of it: the run is built as
 * {@link Experiments#run} builds it ({@link Experiments#simulation}, {@link Experiments#metrics}), simulated for a
 * fraction of a second, and its pace in the fastest of the windows after the first ({@link #WINDOWS}: not the
 * set-up nor the JIT's first compilations) is extrapolated to the whole run: the horizon in simulated time, or,
 * for a workload run to completion, the jobs it announces. What {@code --dry-run} prints; nothing is written.
 *
 * <p>An estimate, not a promise: a run whose queue grows (an unstable scheduler) slows down as it goes, so the
 * estimate of such a run is low; a cold JVM is slower than the same JVM a minute later, which makes the estimate
 * of a short calibration high. Measured against real runs in docs/COMMANDS.md.
 */
public final class Calibration {
    /** Seconds a command spends calibrating in all, unless {@value #BUDGET_PROPERTY} says otherwise. */
    public static final double BUDGET_SECONDS = 2.0;
    /** Least seconds of one calibration (a command with many runs to estimate takes longer than the budget). */
    public static final double LEAST_SECONDS = 0.3;
    /**
     * Windows a calibration is cut into: its pace is that of the fastest window but the first, so the set-up, the
     * JIT's first compilations and a moment when other work takes the cores do not make the estimate: measured
     * against whole runs on a loaded 2-core machine, the pace of the last half of 0.3 s was 3 to 20 times too
     * slow, the fastest of eight windows within 2x.
     */
    static final int WINDOWS = 8;
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

    /**
     * Runs {@code spec} for about {@code seconds} and forgets it: the JIT compiles the engine's hot paths during the
     * first calibration of a JVM, which would otherwise make the first run measured look several times slower than
     * it is (measured: 7 k against 36 k jobs/s for BF-J/S on a loaded 2-core machine).
     */
    public static void warmUp(final PlannedRuns runs, final RunSpec spec, final double seconds) {
        estimate(runs, spec, seconds);
    }

    /** The wall-clock seconds {@code spec} would take, measured over about {@code seconds} of it; NaN when unknown. */
    public static double seconds(final PlannedRuns runs, final RunSpec spec, final double seconds) {
        return estimate(runs, spec, seconds).seconds();
    }

    /** The time and jobs of {@code spec}, its plan made by {@code runs}, measured over about {@code seconds} of it. */
    public static Estimate estimate(final PlannedRuns runs, final RunSpec spec, final double seconds) {
        final RunSpec planned = runs.planned(spec);
        final Workload workload = planned.workload().open(planned.seed());
        final Simulation simulation = Experiments.simulation(planned, workload);
        simulation.addListener(Experiments.metrics(simulation, planned));
        final double horizon = planned.horizon();
        final long announced = workload.announcedJobs();
        final boolean byTime = Double.isFinite(horizon);
        if (!byTime && announced <= 0) {
            return new Estimate(Double.NaN, Double.NaN);
        }
        final long start = System.nanoTime();
        final long end = start + (long) (seconds * 1e9);
        final long window = Math.max(1, (long) (seconds * 1e9 / WINDOWS));
        long windowStart = start;
        double doneAtWindow = 0;
        double fastest = 0;
        long steps = 0;
        while (simulation.step(horizon)) {
            if ((++steps & 255) != 0) {
                continue;
            }
            final long now = System.nanoTime();
            if (now - windowStart >= window) {
                final double done = done(simulation, horizon, announced, byTime);
                // the first window pays for the set-up and the JIT's first compilations: never the pace
                if (windowStart > start) {
                    fastest = Math.max(fastest, (done - doneAtWindow) / ((now - windowStart) / 1e9));
                }
                windowStart = now;
                doneAtWindow = done;
            }
            if (now >= end) {
                final double done = done(simulation, horizon, announced, byTime);
                final double jobs = byTime ? (done > 0 ? simulation.arrivedCount() / done : Double.NaN) : announced;
                return new Estimate(fastest > 0 ? 1 / fastest : Double.NaN, jobs);
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
