package org.stowage.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.stowage.cli.plan.MemoryCheck;
import org.stowage.cli.plan.WorkloadPlan;
import org.stowage.core.experiment.RunSpec;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.Calibration;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;
import org.stowage.terminal.Progress;

/**
 * What {@code --dry-run} prints once the whole request has passed every check: the plan, one labelled line per
 * item (servers, workload, schedulers, jobs, runs, memory, time, output), and that nothing ran and nothing was
 * written. The time comes from a short {@link Calibration} of each run on this machine, or says "unknown".
 */
final class DryRuns {
    /** The first line of every dry run. */
    static final String HEADER = "dry run: every check passed; nothing was run and nothing was written";
    private static final String LABEL = "  %-11s %s%n";

    private DryRuns() {
    }

    /** The plan of {@code run}: {@code runs} are its schedulers' runs, in order. */
    static void printRun(final PrintWriter out, final WorkloadPlan plan, final List<RunSpec> runs, final long seed,
                         final Path directory, final long heap, final PlannedRuns planned) {
        out.println(HEADER);
        item(out, "servers", plan.servers());
        item(out, "workload", plan.workload() + ", seed " + seed);
        final List<String> names = new ArrayList<>();
        for (final RunSpec run : runs) {
            names.add(run.scheduler());
        }
        item(out, "schedulers", String.join(", ", names));
        item(out, "jobs", jobs(plan) + " per scheduler");
        item(out, "runs", runs.size() + (runs.size() == 1 ? " run" : " runs, one after the other"));
        item(out, "memory", memory(plan.memory(), 1, heap));
        final double each = Calibration.perRun(runs.size());
        Calibration.warmUp(planned, runs.get(0), each);
        final List<String> parts = new ArrayList<>();
        double total = 0;
        for (final RunSpec run : runs) {
            final double seconds = Calibration.seconds(planned, run, each);
            total += seconds;
            parts.add(run.scheduler() + " " + about(seconds) + (Double.isNaN(seconds) || plan.toCompletion() ? ""
                : " at " + Progress.quantity(plan.expectedJobs() / seconds) + " jobs/s"));
        }
        item(out, "time", upTo(total) + " on this machine (" + String.join(", ", parts) + "; from "
            + seconds(each * (runs.size() + 1)) + " of calibration)");
        item(out, "output", directory == null ? "none (no --out)" : directory + " " + whenWritten(directory)
            + ": results.csv, series.csv, summary.json, queue.png and .svg, index.html");
        out.flush();
    }

    /**
     * What a sweep's dry run gathers while its grid is checked (every point's plan with every scheduler), and then
     * prints.
     */
    static final class SweepPlan {
        private final int replications;
        private final PlannedRuns planned;
        private WorkloadPlan first;
        /** Per scheduler, its run at the point with the most jobs, which calibrates it, and those jobs. */
        private final Map<String, RunSpec> largestRun = new LinkedHashMap<>();
        private final Map<String, Double> largestJobs = new LinkedHashMap<>();
        /** Per scheduler, the jobs of its runs at every point (one replication). */
        private final Map<String, Double> jobsPerReplication = new LinkedHashMap<>();
        private double fewest = Double.POSITIVE_INFINITY;
        private double most;
        private double all;
        private boolean counted = true;

        SweepPlan(final int replications, final PlannedRuns planned) {
            this.replications = replications;
            this.planned = planned;
        }

        /** The run of {@code scheduler} on {@code plan}, at one point of the grid (its first replication). */
        void add(final WorkloadPlan plan, final String scheduler, final RunSpec run) {
            if (first == null) {
                first = plan;
            }
            final double jobs = plan.expectedJobs();
            fewest = Math.min(fewest, jobs);
            most = Math.max(most, jobs);
            all += jobs * replications;
            counted &= plan.toCompletion();
            jobsPerReplication.merge(scheduler, jobs, Double::sum);
            if (!largestJobs.containsKey(scheduler) || jobs > largestJobs.get(scheduler)) {
                largestJobs.put(scheduler, jobs);
                largestRun.put(scheduler, run);
            }
        }

        void print(final PrintWriter out, final Sweep sweep, final int concurrent, final String engine,
                   final MemoryCheck.Need largest, final long heap, final Path directory, final int kept) {
            out.println(HEADER);
            final String where = sweep.axes().isEmpty() ? "" : " (at the grid's first point)";
            item(out, "servers", first.servers() + where);
            item(out, "workload", first.workload() + where);
            final List<String> grid = new ArrayList<>();
            for (final Sweep.Axis axis : sweep.axes()) {
                grid.add(axis.name() + " = " + String.join(", ", axis.values()));
            }
            if (!grid.isEmpty()) {
                item(out, "grid", String.join("; ", grid));
            }
            item(out, "schedulers", String.join(", ", sweep.schedulers()));
            final String about = counted ? "" : "about ";
            item(out, "jobs", about + (fewest == most ? count(most) : count(fewest) + " to " + count(most))
                + " per run, " + about + count(all) + " in all");
            final int units = sweep.units().size();
            final int points = units / replications / sweep.schedulers().size();
            item(out, "runs", String.format(Locale.ROOT, "%,d (%d point%s x %d replication%s x %d scheduler%s) on %s%s",
                units, points, points == 1 ? "" : "s", replications, replications == 1 ? "" : "s",
                sweep.schedulers().size(), sweep.schedulers().size() == 1 ? "" : "s", engine,
                kept == 0 ? "" : String.format(Locale.ROOT, "; %,d finished in %s already, kept", kept, directory)));
            item(out, "memory", memory(largest, concurrent, heap));
            final double each = Calibration.perRun(largestRun.size());
            Calibration.warmUp(planned, largestRun.values().iterator().next(), each);
            final List<String> rates = new ArrayList<>();
            double total = 0;
            double longest = 0;
            for (final Map.Entry<String, RunSpec> run : largestRun.entrySet()) {
                final String scheduler = run.getKey();
                final double seconds = Calibration.seconds(planned, run.getValue(), each);
                final double perJob = seconds / largestJobs.get(scheduler);
                total += perJob * jobsPerReplication.get(scheduler) * replications;
                longest = Math.max(longest, seconds);
                rates.add(scheduler + " " + (Double.isNaN(seconds) ? "unknown" : Progress.quantity(1 / perJob)
                    + " jobs/s"));
            }
            final double remaining = total * (units - kept) / units;
            final double wall = Math.max(remaining / Math.max(1, concurrent), kept == units ? 0 : longest);
            item(out, "time", upTo(wall) + " on this machine" + (concurrent > 1 ? " with " + concurrent + " threads"
                : "") + " (" + String.join(", ", rates) + ", each at its largest point; from "
                + seconds(each * (largestRun.size() + 1)) + " of calibration)");
            item(out, "output", directory + " " + whenWritten(directory) + ": manifest.json, runs/, results.csv,"
                + " summary.csv, a plot per measure, index.html");
            out.flush();
        }
    }

    /**
     * The plan of {@code reproduce}: each chosen figure with its grid and an estimate of its runs (each scheduler
     * calibrated at its costliest point, the others scaled by the figure's cost estimates), then the total.
     *
     * @param notes lines already printed about figures left out or run without the added kernels
     */
    static void printReproduce(final PrintWriter out, final List<Figure> figures, final Scale scale, final long seed,
                               final int concurrent, final String engine, final Path directory,
                               final PlannedRuns planned) {
        out.println(HEADER);
        item(out, "scale", scale.name().toLowerCase(Locale.ROOT) + (scale == Scale.PAPER ? " (--quick: a short version)"
            : " (without --quick: the paper's)"));
        int calibrations = 0;
        for (final Figure figure : figures) {
            calibrations += figure.sweep(scale, seed).schedulers().size();
        }
        final double each = Calibration.perRun(calibrations);
        warmUp(figures, scale, seed, each, planned);
        double wall = 0;
        int runs = 0;
        final List<String> unknown = new ArrayList<>();
        for (final Figure figure : figures) {
            final Sweep sweep = figure.sweep(scale, seed);
            final List<Sweep.Unit> units = sweep.units();
            final int kept = sweep.finishedIn(directory.resolve(figure.name())).size();
            runs += units.size() - kept;
            final Map<String, Calibration.Estimate> estimates = new LinkedHashMap<>();
            final Map<String, Double> costs = new LinkedHashMap<>();
            for (final String scheduler : sweep.schedulers()) {
                Sweep.Point costliest = null;
                double cost = 0;
                for (final Sweep.Point point : sweep.points()) {
                    final double pointCost = figure.cost(point, scheduler, scale);
                    if (point.replication() == 0 && (costliest == null || pointCost > cost)) {
                        costliest = point;
                        cost = pointCost;
                    }
                }
                final RunSpec spec = costliest == null ? null : figure.spec(costliest, scheduler, scale);
                estimates.put(scheduler, spec == null ? new Calibration.Estimate(Double.NaN, Double.NaN)
                    : Calibration.estimate(planned, spec, each));
                costs.put(scheduler, cost);
            }
            double total = 0;
            double longest = 0;
            double jobs = 0;
            for (final Sweep.Unit unit : units) {
                final Calibration.Estimate estimate = estimates.get(unit.scheduler());
                final double seconds = estimate.seconds() * figure.cost(unit.point(), unit.scheduler(), scale)
                    / costs.get(unit.scheduler());
                total += seconds;
                longest = Math.max(longest, seconds);
                jobs = Math.max(jobs, estimate.jobs());
            }
            total *= (double) (units.size() - kept) / units.size();
            final double figureWall = kept == units.size() ? 0 : Math.max(total / Math.max(1, concurrent), longest);
            if (Double.isNaN(figureWall)) {
                unknown.add(figure.name());
            } else {
                wall += figureWall;
            }
            final int points = units.size() / sweep.replications() / sweep.schedulers().size();
            item(out, figure.name(), figure.title());
            item(out, "", String.format(Locale.ROOT, "%s; %,d run%s (%d point%s x %d scheduler%s x %d replication%s)%s%s,"
                    + " %s", String.join(", ", sweep.schedulers()), units.size(), units.size() == 1 ? "" : "s", points,
                points == 1 ? "" : "s", sweep.schedulers().size(), sweep.schedulers().size() == 1 ? "" : "s",
                sweep.replications(), sweep.replications() == 1 ? "" : "s",
                Double.isNaN(jobs) ? "" : ", about " + count(jobs) + " jobs in the largest",
                kept == 0 ? "" : String.format(Locale.ROOT, "; %,d finished already, kept", kept), about(figureWall)));
        }
        item(out, "runs", String.format(Locale.ROOT, "%,d to run on %s", runs, engine));
        final String known = upTo(wall) + " on this machine" + (concurrent > 1 ? " with " + concurrent + " threads" : "");
        item(out, "time", (unknown.size() == figures.size() ? "unknown (" + String.join(", ", unknown)
            + ": no plain simulation runs to time)" : known + (unknown.isEmpty() ? "" : ", and unknown for "
            + String.join(", ", unknown) + " (no plain simulation runs to time)")) + "; from "
            + seconds(each * (calibrations + 1)) + " of calibration");
        item(out, "output", directory + " " + whenWritten(directory) + ": a folder per figure (CSV, PNG, SVG, claims,"
            + " index.html) and index.html");
        out.flush();
    }

    /** Calibrates the first plain run of {@code figures} once, unmeasured (see {@link Calibration#warmUp}). */
    private static void warmUp(final List<Figure> figures, final Scale scale, final long seed, final double seconds,
                               final PlannedRuns planned) {
        for (final Figure figure : figures) {
            final Sweep sweep = figure.sweep(scale, seed);
            final RunSpec spec = figure.spec(sweep.points().get(0), sweep.schedulers().get(0), scale);
            if (spec != null) {
                Calibration.warmUp(planned, spec, seconds);
                return;
            }
        }
    }

    private static String count(final double jobs) {
        return String.format(Locale.ROOT, "%,.0f", jobs);
    }

    /** "12 files, 29.0 MB under DIR" (a directory counts the files under it), or one file and its size. */
    static String files(final List<Path> paths) {
        long bytes = 0;
        int count = 0;
        for (final Path path : paths) {
            try (Stream<Path> files = Files.walk(path)) {
                for (final Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                    bytes += Files.size(file);
                    count++;
                }
            } catch (final IOException | UncheckedIOException e) {
                throw new IllegalArgumentException("cannot read " + path + ": " + e.getMessage(), e);
            }
        }
        return String.format(Locale.ROOT, "%,d file%s, %.1f MB: %s", count, count == 1 ? "" : "s", bytes / 1e6,
            paths.size() == 1 ? paths.get(0) : paths.get(0) + " and " + (paths.size() - 1) + " more");
    }

    /** One labelled line. */
    static void item(final PrintWriter out, final String label, final String text) {
        out.printf(Locale.ROOT, LABEL, label, text);
    }

    /** "about 380,000" for a Poisson workload, "5,000" for one whose jobs are counted. */
    static String jobs(final WorkloadPlan plan) {
        final double jobs = plan.expectedJobs();
        return (plan.toCompletion() ? "" : "about ") + String.format(Locale.ROOT, "%,.0f", jobs);
    }

    /** "at least 12 MB of the 4 GB heap", for {@code concurrent} runs at once. */
    static String memory(final MemoryCheck.Need need, final int concurrent, final long heap) {
        final long bytes = need == null ? 0 : need.bytes() * concurrent;
        return (bytes < 1 << 20 ? "under 1 MiB" : "at least " + MemoryCheck.size(bytes))
            + (concurrent > 1 ? " (" + concurrent + " runs at once)" : "") + " of the " + MemoryCheck.size(heap)
            + " heap this JVM may use";
    }

    /**
     * "up to about 2 min": a calibration measures the pace of a JVM whose JIT has not yet compiled the kernel
     * fully, so whole runs go faster (measured on a loaded 2-core machine: the README's runs took 0.3 to 1 times
     * the estimate).
     */
    static String upTo(final double seconds) {
        return Double.isNaN(seconds) || seconds < 1 ? about(seconds) : "up to " + about(seconds);
    }

    /** "about 2 min", "unknown" for NaN. */
    static String about(final double seconds) {
        return Double.isNaN(seconds) ? "unknown" : seconds < 1 ? "under a second" : "about " + Progress.duration(seconds);
    }

    private static String seconds(final double seconds) {
        return String.format(Locale.ROOT, "%.1f s", seconds);
    }

    /** "(would be created)", or what is there already. */
    static String whenWritten(final Path directory) {
        return Files.isDirectory(directory) ? "(exists; its files would be replaced)" : "(would be created)";
    }
}
