package org.stowage.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import org.stowage.cli.plan.KernelFit;
import org.stowage.cli.plan.MemoryCheck;
import org.stowage.cli.plan.SweepRules;
import org.stowage.cli.plan.TraceWorkloadPlan;
import org.stowage.cli.plan.WorkloadPlan;
import org.stowage.cli.plan.WorkloadSettings;
import org.stowage.cli.spec.SchedulerList;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability;
import org.stowage.report.HtmlReport;
import org.stowage.report.RunPlots;
import org.stowage.report.RunTable;
import org.stowage.sweep.OutputDirectory;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.ResultFiles;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepEngine;
import org.stowage.sweep.SweepFiles;
import org.stowage.terminal.Progress;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code stowage sweep}: a grid of runs (schedulers x varied options x replications) in parallel, with
 * per-run files that let an interrupted sweep resume, and tidy results with confidence intervals.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Run a grid of schedulers x parameter values x replications in parallel.",
    footer = {"", "Examples:",
        "  stowage sweep --vary intensity=0.85:0.99:0.02 --replications 3 --out sweep-4b",
        "  stowage sweep --scheduler BF-J/S,BF-S --vary servers=5,10,20 --vary intensity=0.9,0.95 --out s",
        "  stowage sweep --vary 'sizes=uniform:0.01,0.19;uniform:0.1,0.9' --horizon 1000000 --out s",
        "",
        "  stowage sweep --engine spark --master local[2] --vary intensity=0.9,0.95 --out s   (bin/stowage-spark)",
        "",
        "Rerun the same command with the same --out to resume an interrupted sweep: finished runs are kept.",
        "Values: a comma list, a semicolon list (for values that contain commas), or START:END:STEP."})
final class SweepCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @ParentCommand
    private StowageCli cli;

    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "BF-J/S,FIFO-FF",
        description = "Schedulers, repeatable or comma-separated, each NAME or NAME:KEY=VALUE,... "
            + "(default: ${DEFAULT-VALUE}); `stowage schedulers` lists them all.")
    private List<String> schedulerValues;

    private List<String> schedulers;

    @Option(names = "--vary", paramLabel = "NAME=VALUES", required = true,
        description = "An axis of the grid: an option of run (servers, sizes, arrivals, service, intensity, lambda, "
            + "time-mode, horizon, warmup, resolution) or scheduler.KEY (a parameter added to every scheduler).")
    private List<String> vary;

    @Option(names = "--replications", paramLabel = "N", defaultValue = "1",
        description = "Independent replications per point (default: ${DEFAULT-VALUE}).")
    private int replications;

    @Option(names = "--threads", paramLabel = "N",
        description = "Worker threads of --engine local (default: all cores). Results do not depend on it.")
    private Integer threads;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
        description = "Base seed; each point's seed derives from it and the point's coordinates (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--out", paramLabel = "DIR", required = true,
        description = "Output directory: manifest.json, runs/, results.csv, summary.csv.")
    private Path out;

    @Mixin
    private WorkloadOptions workload;

    /** Traces loaded once for every point of this sweep (on this JVM). */
    private final TraceWorkloadPlan.Cache traces = new TraceWorkloadPlan.Cache();

    /** Most runs a sweep may have: the grid is listed in memory before anything runs. */
    static final long MAX_UNITS = 1_000_000;
    /** Most worker threads. */
    static final int MAX_THREADS = 1024;

    @Option(names = "--no-plots",
        description = "Leave out the plot of each measure (index.html and the data files are still written); a plot"
            + " takes about half a second.")
    private boolean noPlots;

    @Mixin
    private EngineOptions engineOptions;

    @Override
    public Integer call() {
        // every check first: nothing runs, and nothing is written, unless the whole grid is good
        schedulers = SchedulerList.parse(schedulerValues);
        if (replications < 1) {
            throw new IllegalArgumentException("invalid value for --replications: " + replications + " (must be >= 1)");
        }
        engineOptions.validate(threads);
        final List<Sweep.Axis> axes = new ArrayList<>();
        long gridUnits = (long) replications * schedulers.size();
        for (final String axis : vary) {
            final Sweep.Axis parsed = parseAxis(axis);
            for (final Sweep.Axis earlier : axes) {
                if (earlier.name().equals(parsed.name())) {
                    throw new IllegalArgumentException("invalid value for --vary: '" + axis + "' varies " + parsed.name()
                        + " a second time (give one --vary " + parsed.name() + "=... with every value)");
                }
            }
            axes.add(parsed);
            gridUnits = gridUnits > MAX_UNITS ? gridUnits : gridUnits * parsed.values().size();
        }
        if (gridUnits > MAX_UNITS) {
            throw new IllegalArgumentException("invalid value for --vary: " + String.join(" ", vary) + " with "
                + replications + " replication(s) and " + schedulers.size() + " scheduler(s) makes more than "
                + MAX_UNITS + " runs");
        }
        final WorkloadSettings base = workload.settings();
        SweepRules.check(base, schedulers, axes);
        final WorkloadPlan.Context context = context(cli.maxHeap());
        final Sweep probe = new Sweep(schedulers, axes, replications, seed, Map.of());
        final int units = probe.units().size();
        final int concurrent = engineOptions.concurrentHere(threads, units);
        MemoryCheck.Need largest = null;
        final List<Map<String, Object>> pointInputs = new ArrayList<>();
        boolean toCompletion = true;
        for (final Sweep.Point point : probe.points()) {
            if (point.replication() == 0) {
                // fail fast, before any run, on a bad value or an incompatible scheduler anywhere in the grid
                final WorkloadPlan plan = planAt(point, context);
                for (final String scheduler : schedulers) {
                    KernelFit.prepare(schedulerAt(point, scheduler), plan, point.seed());
                }
                if (largest == null || plan.memory().bytes() > largest.bytes()) {
                    largest = plan.memory();
                }
                pointInputs.add(plan.inputs());
                toCompletion &= plan.toCompletion();
            }
        }
        MemoryCheck.require(largest, concurrent, cli.maxHeap(), "--threads");
        final Map<String, Object> inputs = SweepRules.commonInputs(pointInputs);
        inputs.put("vary", List.copyOf(vary));
        final Sweep sweep = new Sweep(schedulers, axes, replications, seed, inputs);

        final PrintWriter printer = spec.commandLine().getOut();
        final PrintWriter errors = spec.commandLine().getErr();
        cli.onInterrupt(() -> finishedOnDisk(out) + " of " + units + " runs are on disk in " + out.resolve("runs")
            + "; rerun the same command to resume");
        final Sweep.Outcome outcome;
        try (SweepEngine engine = engineOptions.open(threads)) {
            // after the engine starts (a bad --master fails there), before anything is written
            HtmlReport.requireOurs(out, "--out");
            OutputDirectory.prepare(out, OutputDirectory.Owner.SWEEP, "--out");
            printer.printf(Locale.ROOT, "%d runs (%d points x %d replications x %d schedulers) on %s into %s%n",
                units, units / replications / schedulers.size(), replications, schedulers.size(), engine.description(),
                out);
            printer.flush();
            try (Progress progress = Progress.of("sweep", units)) {
                outcome = sweep.run(out, new Sweep.Work(runner(), CommandRecipe.of(spec, null)), engine,
                    Integer.MAX_VALUE, progress::stepTo, note -> {
                        errors.println(org.stowage.core.Messages.printable(note));
                        errors.flush();
                    });
            }
        } catch (final OutOfMemoryError e) {
            throw CommandFailure.outOfMemory(e, cli.maxHeap());
        }
        cli.onInterrupt(() -> "while writing " + out + "; every run is on disk, rerun the same command to finish");
        printer.printf(Locale.ROOT, "ran %d, kept %d finished earlier%n", outcome.executed(), outcome.skipped());
        printTable(printer, sweep, outcome, toCompletion);
        final List<String> plots;
        try {
            plots = noPlots ? List.of() : RunPlots.sweepMeasures(out, sweep, outcome.finished(), toCompletion);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write plots to " + out + ": " + e.getMessage(), e);
        }
        try {
            report(sweep, outcome, toCompletion, plots).write(out);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the report to " + out + ": " + e.getMessage(), e);
        }
        printer.println("wrote " + out.resolve(SweepFiles.RESULTS) + " and " + out.resolve(SweepFiles.SUMMARY)
            + (noPlots ? "" : plots.isEmpty() ? "; no plots: no axis has two numbers or more"
            : "; plots (.png, .svg) of " + String.join(", ", plots) + " against " + RunPlots.numericAxis(sweep).name())
            + "; open " + out.resolve(HtmlReport.FILE));
        cli.onInterrupt(() -> null);
        return 0;
    }

    /** What planning a point needs: the heap, every scheduler (a LoTES plan is made when one reads it), traces. */
    private WorkloadPlan.Context context(final long heap) {
        return new WorkloadPlan.Context(heap, schedulers == null ? SchedulerList.parse(schedulerValues) : schedulers,
            traces);
    }

    /**
     * Runs a point as {@code run} would with the point's values; its cost estimate is the run's expected
     * number of jobs. Plans each unit again (on a remote engine, in the executor's JVM).
     */
    Sweep.PointRunner runner() {
        final WorkloadPlan.Context context = context(Runtime.getRuntime().maxMemory());
        return new Sweep.PointRunner() {
            @Override
            public RunResult run(final Sweep.Point point, final String scheduler) {
                return PlannedRuns.run(planAt(point, context).runSpec(schedulerAt(point, scheduler), point.seed()));
            }

            @Override
            public double cost(final Sweep.Point point, final String scheduler) {
                return planAt(point, context).expectedJobs();
            }
        };
    }

    /** Finished unit files in {@code directory}/runs (what an interrupted sweep keeps). */
    static long finishedOnDisk(final Path directory) {
        long count = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory.resolve("runs"), "u-*.json")) {
            for (final Iterator<Path> each = files.iterator(); each.hasNext(); each.next()) {
                count++;
            }
        } catch (final IOException e) {
            return 0;
        }
        return count;
    }

    /** The workload of {@code point}: the command's settings with the point's axis values. */
    private WorkloadPlan planAt(final Sweep.Point point, final WorkloadPlan.Context context) {
        WorkloadSettings settings = workload.settings();
        for (final Map.Entry<String, String> coordinate : point.coordinates().entrySet()) {
            final String name = coordinate.getKey();
            if (name.startsWith("scheduler.")) {
                continue;
            }
            try {
                settings = settings.with(name, coordinate.getValue());
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException("invalid value for --vary: " + name + "=" + coordinate.getValue()
                    + ": " + e.getMessage(), e);
            }
        }
        return WorkloadPlan.of(settings, context);
    }

    /** {@code scheduler} with the point's {@code scheduler.KEY} values, checked against the registry. */
    static String schedulerAt(final Sweep.Point point, final String scheduler) {
        String schedulerSpec = scheduler;
        for (final Map.Entry<String, String> coordinate : point.coordinates().entrySet()) {
            if (coordinate.getKey().startsWith("scheduler.")) {
                schedulerSpec = withParameter(schedulerSpec, coordinate.getKey().substring("scheduler.".length()),
                    coordinate.getValue());
            }
        }
        try {
            Kernels.byName(schedulerSpec);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --vary: " + e.getMessage(), e);
        }
        return schedulerSpec;
    }

    /** {@code NAME} or {@code NAME:K=V,...} with {@code key=value} added (or replaced). */
    static String withParameter(final String scheduler, final String key, final String value) {
        final int colon = scheduler.indexOf(':');
        if (colon < 0) {
            return scheduler + ":" + key + "=" + value;
        }
        final List<String> parameters = new ArrayList<>();
        for (final String parameter : scheduler.substring(colon + 1).split(",")) {
            if (!parameter.startsWith(key + "=")) {
                parameters.add(parameter);
            }
        }
        parameters.add(key + "=" + value);
        return scheduler.substring(0, colon) + ":" + String.join(",", parameters);
    }

    /** {@code NAME=a,b,c}, {@code NAME=a;b;c} or {@code NAME=START:END:STEP}. */
    static Sweep.Axis parseAxis(final String text) {
        final int equals = text.indexOf('=');
        if (equals <= 0 || equals == text.length() - 1) {
            throw new IllegalArgumentException("invalid value for --vary: '" + text + "' (expected NAME=VALUES)");
        }
        final String name = text.substring(0, equals);
        final String values = text.substring(equals + 1);
        if (!name.startsWith("scheduler.") && !WorkloadSettings.VARIABLE.contains(name)) {
            throw new IllegalArgumentException("invalid value for --vary: '" + text + "': cannot vary '" + name
                + "'; variable: " + String.join(", ", WorkloadSettings.VARIABLE) + ", or scheduler.KEY");
        }
        final String[] range = values.split(":");
        if (range.length == 3 && isNumber(range[0]) && isNumber(range[1]) && isNumber(range[2])) {
            final double start = Double.parseDouble(range[0]);
            final double end = Double.parseDouble(range[1]);
            final double step = Double.parseDouble(range[2]);
            if (!(step > 0) || !(end >= start) || (end - start) / step > 100_000) {
                throw new IllegalArgumentException("invalid value for --vary: '" + text
                    + "' (START:END:STEP needs step > 0, end >= start and at most 100000 values)");
            }
            final List<String> list = new ArrayList<>();
            final long count = (long) Math.floor((end - start) / step + 1e-9);
            for (long i = 0; i <= count; i++) {
                // rounding to 12 significant digits keeps 0.85 + 7 * 0.02 from printing as 0.9900000000000001
                list.add(ResultFiles.number(Double.parseDouble(String.format(Locale.ROOT, "%.12g", start + i * step))));
            }
            return new Sweep.Axis(name, distinct(text, list));
        }
        final String separator = values.contains(";") ? ";" : ",";
        final List<String> list = new ArrayList<>();
        for (final String value : values.split(separator, -1)) {
            if (value.isBlank()) {
                throw new IllegalArgumentException("invalid value for --vary: '" + text + "' has an empty value");
            }
            list.add(value.strip());
        }
        return new Sweep.Axis(name, distinct(text, list));
    }

    /** {@code values}, refused when one appears twice: two points with one coordinate would be one row twice. */
    private static List<String> distinct(final String text, final List<String> values) {
        final Set<String> seen = new HashSet<>();
        for (final String value : values) {
            if (!seen.add(value)) {
                throw new IllegalArgumentException("invalid value for --vary: '" + text + "' gives " + value + " twice");
            }
        }
        return values;
    }

    private static boolean isNumber(final String text) {
        try {
            Double.parseDouble(text);
            return true;
        } catch (final NumberFormatException e) {
            return false;
        }
    }

    /**
     * One row per point and scheduler: the mean over replications, with the half-width of its 95% interval
     * where there are two or more, of the queue, the response time (arrival to completion: JCT) and, for
     * workloads run to completion, the makespan; utilization and the verdict counts.
     */
    private static void printTable(final PrintWriter printer, final Sweep sweep, final Sweep.Outcome outcome,
                                   final boolean toCompletion) {
        final StringBuilder header = new StringBuilder();
        for (final Sweep.Axis axis : sweep.axes()) {
            header.append(String.format(Locale.ROOT, "%-14s ", axis.name()));
        }
        final String times = toCompletion ? "JCT" : "response";
        header.append(String.format(Locale.ROOT, "%-14s %17s %17s %17s", "scheduler", "mean queue",
            "mean " + times, "p99 " + times));
        if (toCompletion) {
            header.append(String.format(Locale.ROOT, " %17s", "makespan"));
        }
        header.append(String.format(Locale.ROOT, " %6s %s", "util", "verdicts s/u/i/nd"));
        if (sweep.replications() > 1) {
            printer.println("each value: the mean over " + sweep.replications()
                + " replications +- the half-width of its 95% interval");
        }
        printer.println(header);
        printer.println("-".repeat(header.length()));
        for (final SweepFiles.Aggregate aggregate : SweepFiles.aggregate(sweep, outcome.finished())) {
            final StringBuilder row = new StringBuilder();
            for (final String value : aggregate.coordinates().values()) {
                row.append(String.format(Locale.ROOT, "%-14s ", value));
            }
            final double[] queue = aggregate.interval(Metric.MEAN_QUEUE);
            final int n = (int) queue[3];
            final StringBuilder verdicts = new StringBuilder();
            for (final Stability.Verdict verdict : Stability.Verdict.values()) {
                verdicts.append(verdicts.length() == 0 ? "" : "/")
                    .append(Math.round(aggregate.interval(SweepFiles.verdictMetric(verdict))[0] * n));
            }
            row.append(String.format(Locale.ROOT, "%-14s %17s %17s %17s", aggregate.scheduler(),
                withInterval(queue, 3), withInterval(aggregate.interval(Metric.JCT_MEAN), 2),
                withInterval(aggregate.interval(Metric.JCT_P99), 2)));
            if (toCompletion) {
                row.append(String.format(Locale.ROOT, " %17s", withInterval(aggregate.interval(Metric.MAKESPAN), 2)));
            }
            row.append(String.format(Locale.ROOT, " %6s %s", HtmlReport.number(aggregate.interval(Metric.utilization(0))[0], 4),
                verdicts));
            printer.println(row.toString().stripTrailing());
        }
    }

    /**
     * The page of the sweep's folder: the command, the grid, the table the terminal shows, a plot per measure,
     * the inputs and the files.
     */
    private HtmlReport report(final Sweep sweep, final Sweep.Outcome outcome, final boolean toCompletion,
                              final List<String> plots) throws IOException {
        final HtmlReport page = new HtmlReport("stowage sweep: " + sweep.units().size() + " runs");
        page.command(spec.commandLine().getParseResult().originalArgs());
        final List<String> grid = new ArrayList<>();
        for (final Sweep.Axis axis : sweep.axes()) {
            grid.add(axis.name() + " = " + String.join(", ", axis.values()));
        }
        page.paragraph("Schedulers " + String.join(", ", sweep.schedulers()) + "; " + String.join("; ", grid) + "; "
            + sweep.replications() + " replication(s) per point, base seed " + sweep.baseSeed() + ".");
        page.section("Results", "results");
        final String times = toCompletion ? "JCT" : "response time";
        final List<String> header = new ArrayList<>();
        for (final Sweep.Axis axis : sweep.axes()) {
            header.add(axis.name());
        }
        header.addAll(List.of("scheduler", "mean queue", "mean " + times, "p99 " + times));
        if (toCompletion) {
            header.add("makespan");
        }
        header.addAll(List.of("utilization", "stable", "unstable", "inconclusive", "not drained"));
        final List<List<String>> rows = new ArrayList<>();
        for (final SweepFiles.Aggregate aggregate : SweepFiles.aggregate(sweep, outcome.finished())) {
            final List<String> row = new ArrayList<>(aggregate.coordinates().values());
            row.add(aggregate.scheduler());
            row.add(withInterval(aggregate.interval(Metric.MEAN_QUEUE), 3));
            row.add(withInterval(aggregate.interval(Metric.JCT_MEAN), 2));
            row.add(withInterval(aggregate.interval(Metric.JCT_P99), 2));
            if (toCompletion) {
                row.add(withInterval(aggregate.interval(Metric.MAKESPAN), 2));
            }
            row.add(HtmlReport.number(aggregate.interval(Metric.utilization(0))[0], 4));
            final int n = (int) aggregate.interval(Metric.MEAN_QUEUE)[3];
            for (final Stability.Verdict verdict : Stability.Verdict.values()) {
                row.add(Long.toString(Math.round(aggregate.interval(SweepFiles.verdictMetric(verdict))[0] * n)));
            }
            rows.add(row);
        }
        page.table("results", header, rows);
        page.paragraph((sweep.replications() > 1 ? "Each value is the mean over the replications +- the half-width of"
            + " its 95% Student-t interval. " : "") + "The verdict columns count replications. Every metric is in "
            + SweepFiles.RESULTS + " (each run) and " + SweepFiles.SUMMARY + " (means and intervals).");
        if (!plots.isEmpty()) {
            page.section("Plots", "plots");
            for (final String plot : plots) {
                page.figure(out, out.resolve(plot + ".svg"), plot + " against " + RunPlots.numericAxis(sweep).name());
            }
        } else {
            page.paragraph(noPlots ? "Not drawn (--no-plots)."
                : "No plots: no axis has two numbers or more to draw a curve along.");
        }
        page.section("Inputs", "inputs");
        page.inputs(sweep.inputs());
        page.section("Files", "files");
        final List<String> files = new ArrayList<>(List.of(SweepFiles.MANIFEST, SweepFiles.RESULTS, SweepFiles.SUMMARY));
        for (final String plot : plots) {
            files.add(plot + ".png");
            files.add(plot + ".svg");
        }
        page.files(files);
        return page;
    }

    /** "mean +-half-width" of {mean, low, high, n}, the mean alone when there is no interval (one replication). */
    static String withInterval(final double[] interval, final int decimals) {
        final String mean = RunTable.fitted(interval[0], decimals, 9);
        if (Double.isNaN(interval[1])) {
            return mean;
        }
        return mean + " +-" + RunTable.fitted((interval[2] - interval[1]) / 2, Math.min(decimals, 2), 6);
    }
}
