package org.stowage.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.stowage.cli.plan.KernelFit;
import org.stowage.cli.spec.SchedulerList;
import org.stowage.report.HtmlReport;
import org.stowage.reproduce.AddedSchedulers;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Figures;
import org.stowage.reproduce.Reproduction;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.OutputDirectory;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepEngine;
import org.stowage.sweep.SweepFiles;
import org.stowage.terminal.InvalidValueException;
import org.stowage.terminal.Progress;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code stowage reproduce FIGURE}: runs a figure or table of the four papers (or a paper's group of them) at
 * the paper's scale (or {@code --quick}), writes its CSV, PNG and SVG, and prints the paper's claims next to
 * our results. Every figure is a resumable sweep found in the {@link Figures} registry, which also gives the
 * names this command's help and errors list.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Reproduce a figure or table of Psychas and Ghaderi 2019 or 2018, Tran et al. 2018 (LoTES), Hu"
        + " and Li 2022 (DJSF) or Weng et al. 2023 (FGD): data, plots and a claim-by-claim verdict.",
    footer = {"", "Examples:",
        "  stowage reproduce fig3a",
        "  stowage reproduce all-2019 --out reproduce",
        "  stowage reproduce 2018-fig5 --quick",
        "  stowage reproduce lotes-fig11 --quick",
        "  stowage reproduce djsf-fig8 --quick",
        "  stowage reproduce all-fgd --quick",
        "  stowage reproduce fig4b --quick --threads 1",
        "  stowage reproduce fig4b --quick --add-scheduler FIFO-RF",
        "  stowage reproduce fig4a --engine spark --master local[2]   (bin/stowage-spark)",
        "",
        "Rerun the same command to resume an interrupted reproduction: finished runs are kept."})
final class ReproduceCommand implements Callable<Integer> {
    /** Where the figures go without {@code --out}. */
    static final String DEFAULT_OUT = "reproduce";
    /** Where the shared traces sit beside a checkout of this repository. */
    static final String DEFAULT_TRACE = "../shared/traces/google-2011/task_events";
    /** What to do when the trace is missing: the command that fetches it and the --trace it prints. */
    static final String FETCH_HINT = "get it with `stowage traces fetch google2011` (about 29 MB), then pass"
        + " --trace traces/google-2011/task_events";
    /** Where the Alibaba openb pod lists sit beside a checkout of this repository. */
    static final String DEFAULT_OPENB = "../shared/traces/alibaba-gpu-2023";
    /** What to do when the openb pod lists are missing. */
    static final String OPENB_HINT = "get them with `stowage traces fetch alibaba2023` (its 24 pod lists and 2 node"
        + " lists, docs/TRACES.md) and pass --trace DIR";

    /** The names FIGURE takes, from the registry (picocli lists them in the help). */
    static final class FigureNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Figures.of(null).names().iterator();
        }
    }

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private StowageCli cli;

    @Parameters(paramLabel = "FIGURE", completionCandidates = FigureNames.class,
        description = "A figure or table, or all-PAPER for all of a paper's: ${COMPLETION-CANDIDATES}.")
    private String figure;

    @Option(names = "--quick", description = "A short version (seconds) that checks only the claims it can decide.")
    private boolean quick;

    @ArgGroup(exclusive = false, multiplicity = "0..1")
    private OutputOption output;

    @Option(names = "--threads", paramLabel = "N",
        description = "Worker threads of --engine local (default: all cores).")
    private Integer threads;

    @Option(names = "--trace", paramLabel = "DIR",
        description = "Google 2011 task_events directory, for the figures that read it (default: " + DEFAULT_TRACE
            + " when present); for the FGD figures, the folder of the Alibaba openb pod lists (default: "
            + DEFAULT_OPENB + ").")
    private Path trace;

    @Mixin
    private SeedOption seedOption = new SeedOption(2019);

    @Option(names = "--add-scheduler", paramLabel = "NAME[:key=value,...]",
        description = "Kernels to add to each chosen figure whose runs are one per kernel, as extra curves or rows"
            + " (comma-separated, repeatable; any kernel of `stowage schedulers`, yours included). The paper's claims"
            + " read only the figure's own schedulers.")
    private List<String> addSchedulerValues = List.of();

    @Mixin
    private EngineOptions engineOptions;

    /** The registry, made once per command. */
    private Figures registry;
    /** The plans of this command's runs (on this JVM): the figures' checks make them, their units reuse them. */
    private final PlannedRuns runs = new PlannedRuns();

    /** The Google 2011 task_events directory the trace figures read. */
    private Path taskEvents() {
        return trace != null ? trace : Path.of(DEFAULT_TRACE);
    }

    /** The Alibaba openb folder (alibaba-gpu-2023) the FGD figures read. */
    private Path openb() {
        return trace != null ? trace : Path.of(DEFAULT_OPENB);
    }

    private Figures registry() {
        if (registry == null) {
            registry = Figures.of(taskEvents(), openb());
        }
        return registry;
    }

    /** The output directory: {@code --out}, or {@value #DEFAULT_OUT}. */
    private Path out() {
        return OutputOption.of(output, Path.of(DEFAULT_OUT));
    }

    private Scale scale() {
        return quick ? Scale.QUICK : Scale.PAPER;
    }

    /** The --add-scheduler specs, each checked against the kernel registry. */
    private List<String> added() {
        final List<String> added = new ArrayList<>();
        for (final String value : addSchedulerValues) {
            for (final String name : value.split(SchedulerList.SPLIT, -1)) {
                if (name.isBlank()) {
                    throw new InvalidValueException("--add-scheduler", "'" + value
                        + "' has an empty scheduler name");
                }
                SchedulerList.check(name.strip(), "--add-scheduler");
                if (added.contains(name.strip())) {
                    throw new InvalidValueException("--add-scheduler", name.strip()
                        + " given twice");
                }
                added.add(name.strip());
            }
        }
        return added;
    }

    /** {@code figure} with the added kernels, checked against its workload. */
    private Figure withAdded(final Figure chosen, final List<String> added) {
        return AddedSchedulers.of(chosen, added, scale(), "--add-scheduler", runs);
    }

    /** The runs of {@code name} as this command makes them (see {@link CommandRecipe}). */
    Sweep.PointRunner runner(final String name) {
        final Figure chosen = registry().figure(name);
        if (chosen == null) {
            throw new IllegalArgumentException("no figure " + name + " (known: " + registry().names() + ")");
        }
        final List<String> added = added();
        return Reproduction.runner(chosen.takesAddedKernels() ? withAdded(chosen, added) : chosen, scale(), runs);
    }

    /**
     * Writes {@code page} into {@code folder}: the command, a contents list when there is more than one
     * figure, then each figure (its table, plots and claims; {@link Reproduction#addTo}).
     */
    /** Writes {@code folder}'s index.html; {@code skippedNote} (or null) says which chosen figures did not run. */
    private Path writePage(final HtmlReport page, final Path folder, final List<Reproduction> reproductions,
                           final String skippedNote) {
        try {
            page.command(spec.commandLine().getParseResult().originalArgs());
            if (skippedNote != null) {
                page.paragraph(skippedNote);
            }
            final Path docs = HtmlReport.findDocs();
            if (reproductions.size() > 1) {
                final List<List<String>> rows = new ArrayList<>();
                for (final Reproduction reproduction : reproductions) {
                    rows.add(List.of(reproduction.figure().name(), reproduction.figure().title(),
                        Integer.toString(reproduction.count(Claim.Verdict.AGREES)),
                        Integer.toString(reproduction.count(Claim.Verdict.DIFFERS)),
                        Integer.toString(reproduction.count(Claim.Verdict.NOT_CHECKED))));
                }
                page.table("contents", List.of("figure", "title", "agree", "differ", "not checked"), rows);
            }
            for (final Reproduction reproduction : reproductions) {
                reproduction.addTo(page, folder, out().resolve(reproduction.figure().name()), docs);
            }
            return page.write(folder);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write " + folder.resolve(HtmlReport.FILE) + ": " + e.getMessage(), e);
        }
    }

    /** The --out directory, held from the moment it is made until the command ends. */
    private OutputDirectory.Held held;

    @Override
    public Integer call() {
        try {
            return reproduce();
        } finally {
            if (held != null) {
                held.close();
            }
        }
    }

    private Integer reproduce() {
        final Path out = out();
        final long seed = seedOption.seed();
        final PrintWriter printer = spec.commandLine().getOut();
        engineOptions.validate(threads);
        final List<Figure> selected = registry().select(figure);
        final List<String> added = added();
        if (trace != null && !Files.isDirectory(trace)) {
            throw new InvalidValueException("--trace", "'" + trace + "' "
                + (Files.exists(trace) ? "is not a directory" : "does not exist; " + FETCH_HINT));
        }
        if (trace != null && selected.stream().noneMatch(each -> each.readsGoogleTrace() || each.readsOpenbTrace())) {
            throw new InvalidValueException("--trace", "'" + trace + "': " + figure
                + " reads no trace (the figures that do: " + String.join(", ", registry().traceFigureNames()) + ", "
                + String.join(", ", registry().openbFigureNames()) + ")");
        }
        final Path taskEvents = taskEvents();
        final boolean haveTrace = Files.isDirectory(taskEvents);
        final boolean haveOpenb = Files.isRegularFile(openb().resolve("openb_node_list_gpu_node.csv"));
        final List<Figure> chosen = new ArrayList<>();
        final List<String> skipped = new ArrayList<>();
        final List<String> withoutAdded = new ArrayList<>();
        for (final Figure each : selected) {
            if (each.readsGoogleTrace() && !haveTrace) {
                if (selected.size() == 1) {
                    throw new IllegalArgumentException(each.name() + " needs the Google 2011 task_events: none at "
                        + taskEvents + "; " + FETCH_HINT);
                }
                skipped.add(each.name());
            } else if (each.readsOpenbTrace() && !haveOpenb) {
                // a paper's figures all read it: the whole group stops here
                throw new IllegalArgumentException(each.name() + " needs the Alibaba openb pod lists: no"
                    + " openb_node_list_gpu_node.csv in " + openb() + "; " + OPENB_HINT);
            } else if (!added.isEmpty() && !each.takesAddedKernels()) {
                if (selected.size() == 1) {
                    throw new InvalidValueException("--add-scheduler", each.name()
                        + " has no per-kernel runs to add " + String.join(", ", added) + " to");
                }
                withoutAdded.add(each.name());
                chosen.add(each);
            } else {
                chosen.add(added.isEmpty() ? each : withAdded(each, added));
            }
        }
        final Scale scale = scale();
        for (final Figure each : chosen) {
            // every run made and checked before anything is written: an unreadable trace leaves no manifest
            KernelFit.checkFigure(each, scale, seed, trace != null ? "--trace '" + trace + "'"
                : "--trace '" + taskEvents + "' (the default)", runs);
        }
        final String skippedNames = String.join(", ", skipped);
        final String skippedNote = skipped.isEmpty() ? null
            : skippedNames + " skipped: no Google 2011 trace at " + taskEvents + "; " + FETCH_HINT;
        if (skippedNote != null) {
            printer.println(skippedNote);
        }
        if (!withoutAdded.isEmpty()) {
            printer.println(String.join(", ", withoutAdded) + ": run without " + String.join(", ", added)
                + " (their curves are not one per kernel)");
        }
        final long start = System.nanoTime();
        final int[] verdicts = new int[Claim.Verdict.values().length];
        final List<Reproduction> reproductions = new ArrayList<>();
        try (SweepEngine engine = engineOptions.open(threads)) {
            // after the engine starts (a bad --master fails there), before anything is written
            HtmlReport.requireOurs(out, "--out");
            OutputDirectory.prepare(out, OutputDirectory.Owner.FIGURES, "--out");
            held = OutputDirectory.lock(out, "--out");
            for (final Figure each : chosen) {
                final Path directory = out.resolve(each.name());
                final int total = Reproduction.units(each, scale);
                cli.onInterrupt(() -> SweepFiles.finishedOnDisk(directory) + " of " + total + " runs of "
                    + each.name() + " are on disk in " + directory.resolve("runs") + "; rerun the same command to resume");
                final Reproduction reproduction;
                try (Progress progress = Progress.of(each.name(), total)) {
                    reproduction = Reproduction.run(each, scale, directory, engine, CommandRecipe.of(spec, each.name()),
                        runs, seed, progress::stepTo);
                }
                reproduction.print(printer);
                writePage(new HtmlReport(each.name() + ": " + each.title()), directory, List.of(reproduction), null);
                reproductions.add(reproduction);
                for (final Claim.Verdict verdict : Claim.Verdict.values()) {
                    verdicts[verdict.ordinal()] += reproduction.count(verdict);
                }
                printer.println("wrote " + directory);
            }
        }
        cli.onInterrupt(() -> null);
        final Path page = writePage(new HtmlReport("stowage reproduce " + figure + " (" + scale.name().toLowerCase(Locale.ROOT)
            + " scale)"), out, reproductions, skippedNote);
        printer.println("open " + page);
        printer.printf(Locale.ROOT, "%s at %s scale: %.1f s; claims: %d agree, %d differ, %d not checked%s%s%n", figure,
            scale.name().toLowerCase(Locale.ROOT), (System.nanoTime() - start) / 1e9,
            verdicts[Claim.Verdict.AGREES.ordinal()], verdicts[Claim.Verdict.DIFFERS.ordinal()],
            verdicts[Claim.Verdict.NOT_CHECKED.ordinal()], scale == Scale.QUICK ? " at quick scale" : "",
            skipped.isEmpty() ? "" : "; " + skippedNames + " skipped (no trace)");
        return 0;
    }
}
