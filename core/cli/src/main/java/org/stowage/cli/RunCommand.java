package org.stowage.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.stowage.cli.plan.KernelFit;
import org.stowage.cli.plan.MemoryCheck;
import org.stowage.cli.plan.TraceWorkloadPlan;
import org.stowage.cli.plan.WorkloadPlan;
import org.stowage.core.Messages;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.report.HtmlReport;
import org.stowage.report.RunOutputs;
import org.stowage.report.RunTable;
import org.stowage.sweep.OutputDirectory;
import org.stowage.sweep.PlannedRuns;
import org.stowage.terminal.Progress;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code stowage run}: every scheduler on the same workload and seed, one table row each, optionally
 * written to a tidy CSV and a JSON summary that records every input. The defaults are the 2019 paper's
 * Fig. 4b setting: 5 unit servers, sizes U[0.1, 0.9], geometric service with mean 100 slots, Poisson
 * arrivals at traffic intensity 0.95.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Run schedulers on one workload and compare them.",
    footer = {"", "Examples:",
        "  stowage run",
        "  stowage run --scheduler BF-J/S --scheduler BF-S --servers 100 --intensity 0.9",
        "  stowage run --servers 1 --sizes discrete:0.4@1,0.6@1 --lambda 0.014 --horizon 2000000",
        "  stowage run --servers 1x10 --sizes discrete:2@2,5@1 --service deterministic:100 --lambda 0.0306",
        "  stowage run --servers 4x1.0/1.0,4x0.5/2.0 --sizes uniform:0.1/0.1,0.5/0.4 --scheduler BF-J,FIFO-FF",
        "  stowage run --time-mode continuous --service exponential:1 --servers 20 --intensity 0.85",
        "  stowage run --arrivals batch:5000 --sizes truncnormal:0.5:0.2@1,0.05@2 --scheduler BF-J,FIFO-FF",
        "  stowage run --out results/ --seed 7"})
final class RunCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @ParentCommand
    private StowageCli cli;

    @Mixin
    private SchedulerOptions schedulerOptions;

    @Mixin
    WorkloadOptions workload;

    @Mixin
    private SeedOption seedOption = new SeedOption(1);

    @ArgGroup(exclusive = false, multiplicity = "0..1")
    private OutputOption output;

    @Mixin
    private PlotsOption plotsOption;

    /** The schedulers and {@code --out} (null without it), read once the arguments are parsed. */
    private List<String> schedulers;
    private Path out;

    @Override
    public Integer call() {
        // every check first: nothing runs, and nothing is written, unless all of the input is good
        schedulers = schedulerOptions.schedulers();
        out = OutputOption.of(output, null);
        final long seed = seedOption.seed();
        final PlannedRuns planned = new PlannedRuns();
        final WorkloadPlan plan = WorkloadPlan.of(workload.settings(),
            new WorkloadPlan.Context(cli.maxHeap(), schedulers, new TraceWorkloadPlan.Cache(), planned));
        final List<RunSpec> runs = new ArrayList<>();
        for (final String name : schedulers) {
            runs.add(KernelFit.prepare(name, plan, seed, planned));
        }
        MemoryCheck.require(plan.memory(), 1, cli.maxHeap(), null);
        if (!plotsOption.drawn() && out == null) {
            throw new IllegalArgumentException("--no-plots applies with --out only (nothing is drawn without it)");
        }
        if (out != null) {
            // checked, not created: the directory appears with the first scheduler's results
            OutputDirectory.check(out, OutputDirectory.Owner.RUN, "--out");
            HtmlReport.requireOurs(out, "--out");
        }
        final PrintWriter printer = spec.commandLine().getOut();
        final List<RunResult> results = new ArrayList<>();
        // from here on an interruption or a failure says what was kept; the header below tells a watcher so
        cli.onInterrupt(() -> kept(results));
        printer.println(plan.description() + ", seed " + seed);
        int longest = 0;
        for (final RunSpec run : runs) {
            longest = Math.max(longest, run.scheduler().length());
        }
        final RunTable table = new RunTable(plan.toCompletion(), longest);
        table.header().forEach(printer::println);
        printer.flush();
        String skipped = null;
        for (final RunSpec run : runs) {
            final String name = run.scheduler();
            final RunResult result;
            try (Progress progress = Progress.of(Messages.printable(name), 1000)) {
                result = planned.run(run, fraction -> progress.stepTo(Math.round(fraction * 1000)), null,
                    plan.units());
            } catch (final OutOfMemoryError e) {
                throw CommandFailure.outOfMemory(e, cli.maxHeap());
            }
            printer.println(table.row(result));
            printer.flush();
            // each scheduler's results are kept as it finishes: a later one that fails costs only itself
            final List<RunResult> finished = new ArrayList<>(results);
            finished.add(result);
            if (out != null) {
                cli.onInterrupt(() -> "while writing " + out + "; each file there is whole, with the results of "
                    + (finished.size() - 1) + " or " + finished.size() + " of " + runs.size() + " schedulers");
                try {
                    skipped = RunOutputs.write(out, plan.description(), plan.toCompletion(), plotsOption.drawn(), inputs(plan),
                        finished, finished.size() == runs.size());
                } catch (final IOException e) {
                    throw new UncheckedIOException("cannot write results to " + out + ": " + e.getMessage(), e);
                }
            }
            results.add(result);
            cli.onInterrupt(() -> kept(results));
        }
        if (plan.hasDevices()) {
            printer.println("GPUs (time averages after the warm-up): " + RunOutputs.gpuLine(results));
        }
        if (out != null) {
            final boolean drawn = plotsOption.drawn() && skipped == null;
            printer.println("wrote " + out.resolve(RunOutputs.RESULTS) + ", " + out.resolve(RunOutputs.SERIES) + ", "
                + out.resolve(RunOutputs.SUMMARY) + (drawn ? ", " + out.resolve(RunOutputs.QUEUE_PLOT) + ".png and .svg" : "")
                + "; open " + out.resolve(HtmlReport.FILE));
            if (skipped != null) {
                // the results are complete: the plot that could not be drawn is a note, never a failure
                note(RunOutputs.QUEUE_PLOT + ".png and .svg not drawn: " + skipped);
            }
        }
        cli.onInterrupt(() -> null);
        return 0;
    }

    /** One line on standard error: {@code stowage run: note: TEXT}. */
    private void note(final String text) {
        final PrintWriter errors = spec.commandLine().getErr();
        errors.println(Messages.printable("stowage run: note: " + text));
        errors.flush();
    }

    /** What is on disk after {@code finished} of this run's schedulers, for an interruption or a failure. */
    private String kept(final List<RunResult> finished) {
        final int done = finished.size();
        if (out == null || done == 0) {
            return done + " of " + schedulers.size() + " schedulers had finished; nothing was written"
                + (out == null ? " (no --out)" : " to " + out);
        }
        final List<String> names = new ArrayList<>();
        for (final RunResult result : finished) {
            names.add(result.scheduler());
        }
        return done + " of " + schedulers.size() + " schedulers had finished; the results of " + String.join(", ", names)
            + " are in " + out + " (summary.json says \"complete\": false)";
    }

    /** Every input, including the command that repeats this run exactly. */
    private Map<String, Object> inputs(final WorkloadPlan plan) {
        final long seed = seedOption.seed();
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("schedulers", List.copyOf(schedulers));
        inputs.putAll(plan.inputs());
        inputs.put("seed", seed);
        final List<String> command = new ArrayList<>(List.of("run"));
        for (final String name : schedulers) {
            command.add("--scheduler");
            command.add(name);
        }
        command.addAll(plan.arguments());
        command.addAll(List.of("--seed", Long.toString(seed)));
        inputs.put("command", command);
        return inputs;
    }
}
