package org.stowage.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.stowage.cli.plan.MemoryCheck;
import org.stowage.cli.plan.SweepRules;
import org.stowage.cli.plan.TraceWorkloadPlan;
import org.stowage.cli.plan.WorkloadPlan;
import org.stowage.core.Messages;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability;
import org.stowage.report.Charts;
import org.stowage.report.HtmlReport;
import org.stowage.report.MetricUnits;
import org.stowage.report.RunPlots;
import org.stowage.report.RunTable;
import org.stowage.sweep.OutputDirectory;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepEngine;
import org.stowage.sweep.SweepFiles;
import org.stowage.terminal.Progress;

import picocli.CommandLine.ArgGroup;
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
        "  stowage sweep --scheduler BF-J/S,BF-S --vary servers=5,10,20 \\",
        "      --vary intensity=0.9,0.95 --out s",
        "  stowage sweep --vary 'sizes=uniform:0.01,0.19;uniform:0.1,0.9' \\",
        "      --horizon 1000000 --out s",
        "",
        "  stowage sweep --engine spark --master 'local[2]' --vary intensity=0.9,0.95 \\",
        "      --out s                  (bin/stowage-spark)",
        "",
        "Rerun the same command with the same --out to resume an interrupted sweep: finished runs are kept.",
        "Values: a comma list, a semicolon list (for values that contain commas), or START:END:STEP."})
final class SweepCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @ParentCommand
    private StowageCli cli;

    @Mixin
    private SchedulerOptions schedulerOptions;

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

    @Mixin
    private SeedOption seedOption = new SeedOption(1);

    @ArgGroup(exclusive = false, multiplicity = "1")
    private OutputOption output;

    @Mixin
    private WorkloadOptions workload;

    /** Traces loaded once for every point of this sweep (on this JVM). */
    private final TraceWorkloadPlan.Cache traces = new TraceWorkloadPlan.Cache();
    /** The plans of this sweep's runs (on this JVM): the grid's check makes them, its units reuse them. */
    private final PlannedRuns runs = new PlannedRuns();

    @Mixin
    private PlotsOption plotsOption;

    /** {@code --out}, read once the arguments are parsed. */
    private Path out;

    @Mixin
    private EngineOptions engineOptions;

    @Mixin
    private DryRunOption dryRun;

    @Mixin
    private QuietOption quiet;

    /** The --out directory, held from the moment it is made until the command ends. */
    private OutputDirectory.Held held;

    @Override
    public Integer call() {
        try {
            return sweepAll();
        } finally {
            if (held != null) {
                held.close();
            }
        }
    }

    private Integer sweepAll() {
        // every check first: nothing runs, and nothing is written, unless the whole grid is good
        schedulerOptions.schedulers();
        out = OutputOption.of(output, null);
        SweepRules.requireReplications(replications);
        engineOptions.validate(threads);
        final DryRuns.SweepPlan dryPlan = new DryRuns.SweepPlan(replications, runs);
        final SweepRules.Grid grid = SweepRules.grid(vary, replications, seedOption.seed(), workload.settings(),
            context(cli.maxHeap()), dryPlan::add);
        final Sweep sweep = grid.sweep();
        final int concurrent = engineOptions.concurrentHere(threads, sweep.units().size());
        MemoryCheck.require(grid.largest(), concurrent, cli.maxHeap(), "--threads");
        if (dryRun.dryRun) {
            HtmlReport.requireOurs(out, "--out");
            OutputDirectory.check(out, OutputDirectory.Owner.SWEEP, "--out");
            final int kept = sweep.finishedIn(out).size();
            dryPlan.print(spec.commandLine().getOut(), sweep, concurrent, engineOptions.isLocal()
                ? concurrent + " thread(s) of this JVM" : "--engine " + engineOptions.engine
                + (engineOptions.master == null ? "" : " --master " + engineOptions.master), grid.largest(),
                cli.maxHeap(), out, kept);
            return 0;
        }
        final Sweep.Outcome outcome = run(sweep);
        writeResults(sweep, outcome, grid.toCompletion());
        cli.onInterrupt(() -> null);
        return 0;
    }

    /** Runs {@code sweep} into {@code --out} on the engine, resuming what an earlier run of it finished. */
    private Sweep.Outcome run(final Sweep sweep) {
        final int units = sweep.units().size();
        final PrintWriter printer = spec.commandLine().getOut();
        final PrintWriter errors = spec.commandLine().getErr();
        final Progress.Display display = quiet.display(errors);
        try (SweepEngine engine = engineOptions.open(threads)) {
            // after the engine starts (a bad --master fails there), before anything is written
            HtmlReport.requireOurs(out, "--out");
            OutputDirectory.prepare(out, OutputDirectory.Owner.SWEEP, "--out");
            held = OutputDirectory.lock(out, "--out");
            // from here on a failure is one after work was done: it says what is on disk
            cli.onInterrupt(() -> SweepFiles.finishedOnDisk(out) + " of " + units + " runs are on disk in " + out.resolve("runs")
                + "; rerun the same command to resume");
            printer.printf(Locale.ROOT, "%d runs (%d points x %d replications x %d schedulers) on %s into %s%n",
                units, units / replications / sweep.schedulers().size(), replications, sweep.schedulers().size(),
                engine.description(),
                out);
            printer.flush();
            try (Progress progress = Progress.task("sweep", units).of(units + " runs").start(display)) {
                return sweep.run(out, new Sweep.Work(runner(), CommandRecipe.of(spec, null)), engine,
                    Integer.MAX_VALUE, progress::stepTo, note -> {
                        errors.println(Messages.printable(note));
                        errors.flush();
                    });
            }
        } catch (final OutOfMemoryError e) {
            throw CommandFailure.outOfMemory(e, cli.maxHeap());
        }
    }

    /** The terminal table, the plot of each measure and the page of {@code --out}, from the finished runs. */
    private void writeResults(final Sweep sweep, final Sweep.Outcome outcome, final boolean toCompletion) {
        final PrintWriter printer = spec.commandLine().getOut();
        cli.onInterrupt(() -> "while writing " + out + "; every run is on disk, rerun the same command to finish");
        printer.printf(Locale.ROOT, "ran %d, kept %d finished earlier%n", outcome.executed(), outcome.skipped());
        printTable(printer, sweep, outcome, toCompletion);
        final List<String> plots = new ArrayList<>();
        final List<String> skipped;
        final List<Sweep.Unit> finished = outcome.finished();
        final boolean batch = toCompletion;
        try {
            skipped = plotsOption.drawn() ? Charts.collectingSkips(
                () -> plots.addAll(RunPlots.sweepMeasures(out, sweep, finished, batch))) : List.of();
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write plots to " + out + ": " + e.getMessage(), e);
        }
        try {
            report(sweep, outcome, toCompletion, plots, skipped).write(out);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the report to " + out + ": " + e.getMessage(), e);
        }
        printer.println("wrote " + out.resolve(SweepFiles.RESULTS) + " and " + out.resolve(SweepFiles.SUMMARY)
            + (!plotsOption.drawn() ? "" : plots.isEmpty() ? "; no plots: no axis has two numbers or more"
            : "; plots (.png, .svg) of " + String.join(", ", plots) + " against " + RunPlots.numericAxis(sweep).name())
            + "; open " + out.resolve(HtmlReport.FILE));
        final PrintWriter errors = spec.commandLine().getErr();
        for (final String skip : skipped) {
            // the results are complete: a plot that could not be drawn is a note, never a failure
            errors.println(Messages.printable("stowage sweep: note: " + skip));
        }
        errors.flush();
    }

    /** What planning a point needs: the heap, every scheduler (a LoTES plan is made when one reads it), traces. */
    private WorkloadPlan.Context context(final long heap) {
        return new WorkloadPlan.Context(heap, schedulerOptions.schedulers(), traces, runs);
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
                final WorkloadPlan plan = SweepRules.planAt(workload.settings(), point, context);
                return runs.run(plan.runSpec(SweepRules.schedulerAt(point, scheduler), point.seed()), fraction -> { },
                    point.where(), plan.units());
            }

            @Override
            public double cost(final Sweep.Point point, final String scheduler) {
                return SweepRules.planAt(workload.settings(), point, context).expectedJobs();
            }
        };
    }

    /**
     * One row per point and scheduler: the mean over replications, with the half-width of its 95% interval
     * where there are two or more, of the queue, the response time (arrival to completion: JCT) and, for
     * workloads run to completion, the makespan; the utilization of every resource and the verdict counts. The
     * header gives each column in words and, under it, the metric's name in results.csv and summary.csv.
     */
    private static void printTable(final PrintWriter printer, final Sweep sweep, final Sweep.Outcome outcome,
                                   final boolean toCompletion) {
        final List<SweepFiles.Aggregate> aggregates = SweepFiles.aggregate(sweep, outcome.finished());
        final List<String> utilizations = aggregates.isEmpty() ? List.of("utilization_r0")
            : aggregates.get(0).utilizations();
        final int utilWidth = Math.max(14, 6 * utilizations.size() + utilizations.size() - 1);
        final StringBuilder words = new StringBuilder();
        final StringBuilder names = new StringBuilder();
        for (final Sweep.Axis axis : sweep.axes()) {
            words.append(String.format(Locale.ROOT, "%-14s ", axis.name()));
            names.append(" ".repeat(15));
        }
        final String times = toCompletion ? "JCT" : "response";
        words.append(String.format(Locale.ROOT, "%-14s %17s %17s %17s", "scheduler", "mean queue", "mean " + times,
            "p99 " + times));
        names.append(String.format(Locale.ROOT, "%-14s %17s %17s %17s", "", "mean_queue", "jct_mean", "jct_p99"));
        if (toCompletion) {
            words.append(String.format(Locale.ROOT, " %17s", "makespan"));
            names.append(String.format(Locale.ROOT, " %17s", "makespan"));
        }
        words.append(String.format(Locale.ROOT, " %" + utilWidth + "s %s", "util", "verdicts"));
        names.append(String.format(Locale.ROOT, " %" + utilWidth + "s %s", utilizations.size() == 1 ? "utilization_r0"
            : "utilization_rD", "s/u/i/nd"));
        if (sweep.replications() > 1) {
            printer.println("each value: the mean over " + sweep.replications()
                + " replications +- the half-width of its 95% interval");
        }
        printer.println(words.toString().stripTrailing());
        printer.println(names.toString().stripTrailing());
        printer.println("-".repeat(words.length()));
        for (final SweepFiles.Aggregate aggregate : aggregates) {
            final StringBuilder row = new StringBuilder();
            for (final String value : aggregate.coordinates().values()) {
                row.append(String.format(Locale.ROOT, "%-14s ", value));
            }
            final double[] queue = aggregate.interval(Metric.MEAN_QUEUE);
            row.append(String.format(Locale.ROOT, "%-14s %17s %17s %17s", aggregate.scheduler(),
                withInterval(queue, 3), withInterval(aggregate.interval(Metric.JCT_MEAN), 2),
                withInterval(aggregate.interval(Metric.JCT_P99), 2)));
            if (toCompletion) {
                row.append(String.format(Locale.ROOT, " %17s", withInterval(aggregate.interval(Metric.MAKESPAN), 2)));
            }
            final List<String> util = new ArrayList<>();
            for (final String metric : aggregate.utilizations()) {
                util.add(HtmlReport.number(aggregate.interval(metric)[0], utilizations.size() == 1 ? 4 : 3));
            }
            row.append(String.format(Locale.ROOT, " %" + utilWidth + "s %s", String.join("/", util),
                verdictCounts(aggregate, (int) queue[3])));
            printer.println(row.toString().stripTrailing());
        }
        printer.println("units: mean_queue in jobs; jct_mean, jct_p99" + (toCompletion ? ", makespan" : "") + " in "
            + timeUnit(sweep) + "; util: the fraction of the capacity in use" + (utilizations.size() == 1 ? ""
            : ", per resource"));
        printer.println("verdicts s/u/i/nd: replications judged stable / unstable / inconclusive / not drained"
            + " (docs/MODEL.md, the stability verdict)");
    }

    /** The unit of the sweep's times: slots, time units, or both when the time mode is an axis. */
    static String timeUnit(final Sweep sweep) {
        return MetricUnits.timeUnit(sweep.inputs().get("time_mode"));
    }

    /** "2/0/1/0": replications per verdict, in {@link Stability.Verdict} order (stable, unstable, ...). */
    private static String verdictCounts(final SweepFiles.Aggregate aggregate, final int replications) {
        final StringBuilder verdicts = new StringBuilder();
        for (final Stability.Verdict verdict : Stability.Verdict.values()) {
            verdicts.append(verdicts.length() == 0 ? "" : "/")
                .append(Math.round(aggregate.interval(SweepFiles.verdictMetric(verdict))[0] * replications));
        }
        return verdicts.toString();
    }

    /**
     * The page of the sweep's folder: the command, the grid, the table the terminal shows, a plot per measure,
     * the inputs and the files.
     */
    private HtmlReport report(final Sweep sweep, final Sweep.Outcome outcome, final boolean toCompletion,
                              final List<String> plots, final List<String> skipped) throws IOException {
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
        final List<SweepFiles.Aggregate> aggregates = SweepFiles.aggregate(sweep, outcome.finished());
        final List<String> utilizations = aggregates.isEmpty() ? List.of("utilization_r0")
            : aggregates.get(0).utilizations();
        for (final String utilization : utilizations) {
            header.add(utilizations.size() == 1 ? "utilization" : "utilization r" + utilization.substring(
                "utilization_r".length()));
        }
        header.addAll(List.of("stable", "unstable", "inconclusive", "not drained"));
        final List<List<String>> rows = new ArrayList<>();
        for (final SweepFiles.Aggregate aggregate : aggregates) {
            final List<String> row = new ArrayList<>(aggregate.coordinates().values());
            row.add(aggregate.scheduler());
            row.add(withInterval(aggregate.interval(Metric.MEAN_QUEUE), 3));
            row.add(withInterval(aggregate.interval(Metric.JCT_MEAN), 2));
            row.add(withInterval(aggregate.interval(Metric.JCT_P99), 2));
            if (toCompletion) {
                row.add(withInterval(aggregate.interval(Metric.MAKESPAN), 2));
            }
            for (final String utilization : aggregate.utilizations()) {
                row.add(HtmlReport.number(aggregate.interval(utilization)[0], 4));
            }
            final int n = (int) aggregate.interval(Metric.MEAN_QUEUE)[3];
            for (final Stability.Verdict verdict : Stability.Verdict.values()) {
                row.add(Long.toString(Math.round(aggregate.interval(SweepFiles.verdictMetric(verdict))[0] * n)));
            }
            rows.add(row);
        }
        page.table("results", header, rows);
        page.paragraph((sweep.replications() > 1 ? "Each value is the mean over the replications +- the half-width of"
            + " its 95% Student-t interval. " : "") + "The verdict columns count replications; times are in "
            + timeUnit(sweep) + ". Every metric is in " + SweepFiles.RESULTS + " (each run) and " + SweepFiles.SUMMARY
            + " (means and intervals).");
        if (!plots.isEmpty() || !skipped.isEmpty()) {
            page.section("Plots", "plots");
            for (final String skip : skipped) {
                page.paragraph(skip);
            }
            for (final String plot : plots) {
                page.figure(out, out.resolve(plot + ".svg"), plot + " against " + RunPlots.numericAxis(sweep).name());
            }
        } else {
            page.paragraph(!plotsOption.drawn() ? "Not drawn (--no-plots)."
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
