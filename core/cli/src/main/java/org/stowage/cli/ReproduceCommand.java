package org.stowage.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Figures;
import org.stowage.reproduce.PaperDjsf;
import org.stowage.reproduce.Reproduction;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.OutputDirectory;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepEngine;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code stowage reproduce FIGURE}: runs a figure of the 2019 paper at the paper's scale (or {@code --quick}),
 * writes its CSV, PNG and SVG, and prints the paper's claims next to our results.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Reproduce a figure or table of Psychas and Ghaderi 2019 or 2018, Tran et al. 2018 (LoTES) or Hu"
        + " and Li 2022 (DJSF): data, plots and a claim-by-claim verdict.",
    footer = {"", "Examples:",
        "  stowage reproduce fig3a",
        "  stowage reproduce all-2019 --out reproduce",
        "  stowage reproduce 2018-fig5 --quick",
        "  stowage reproduce lotes-fig11 --quick",
        "  stowage reproduce fig4b --quick --threads 1",
        "  stowage reproduce fig4a --engine spark --master local[2]   (bin/stowage-spark)",
        "",
        "Rerun the same command to resume an interrupted reproduction: finished runs are kept."})
final class ReproduceCommand implements Callable<Integer> {
    /** Where the shared traces sit beside a checkout of this repository. */
    static final String DEFAULT_TRACE = "../shared/traces/google-2011/task_events";

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private StowageCli cli;

    @Parameters(paramLabel = "FIGURE", description = "fig3a, fig3b, fig4a, fig4b, fig5 or all-2019 (Psychas and"
        + " Ghaderi 2019); 2018-fig1b, 2018-fig2a, 2018-fig2b, 2018-fig3, 2018-fig4, 2018-fig5, 2018-fig6, 2018-fig8 or"
        + " all-2018 (Psychas and Ghaderi 2018); lotes-fig8 ... lotes-fig13 or all-lotes (Tran et al. 2018);"
        + " djsf-fig1, djsf-table2, djsf-fig8 ... djsf-fig12, djsf-table3 ... djsf-table5 or all-djsf (Hu and Li 2022).")
    private String figure;

    @Option(names = "--quick", description = "A short version (seconds) that checks only the robust verdicts.")
    private boolean quick;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "reproduce",
        description = "Output directory; each figure writes into DIR/FIGURE (default: ${DEFAULT-VALUE}).")
    private Path out;

    @Option(names = "--threads", paramLabel = "N",
        description = "Worker threads of --engine local (default: all cores).")
    private Integer threads;

    @Option(names = "--trace", paramLabel = "DIR",
        description = "Google 2011 task_events directory for fig5 and lotes-fig8 to 10 (default: " + DEFAULT_TRACE
            + " when present).")
    private Path trace;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "2019",
        description = "Base seed of every run (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Mixin
    private EngineOptions engineOptions;

    /** The Google 2011 task_events directory Fig. 5 reads. */
    private Path taskEvents() {
        return trace != null ? trace : Path.of(DEFAULT_TRACE);
    }

    /** The figures this command can run: Fig. 5 only when its trace is there. */
    private Map<String, Figure> figures() {
        final Path taskEvents = taskEvents();
        final boolean haveTrace = Files.isDirectory(taskEvents);
        final Map<String, Figure> figures = new LinkedHashMap<>(haveTrace ? Figures.paper2019(taskEvents)
            : Figures.paper2019());
        figures.putAll(Figures.paper2018(haveTrace ? taskEvents : null));
        figures.putAll(haveTrace ? Figures.lotes(taskEvents) : Figures.lotesGenerated());
        return figures;
    }

    private Scale scale() {
        return quick ? Scale.QUICK : Scale.PAPER;
    }

    /** The runs of {@code figure} as this command makes them (see {@link CommandRecipe}). */
    Sweep.PointRunner runner(final String figure) {
        final Figure chosen = figures().get(figure);
        if (chosen == null) {
            throw new IllegalArgumentException("no figure " + figure + " (known here: " + figures().keySet() + ")");
        }
        return Reproduction.runner(chosen, scale());
    }

    @Override
    public Integer call() {
        final PrintWriter printer = spec.commandLine().getOut();
        engineOptions.validate(threads);
        if (figure.startsWith("djsf-") || figure.equals("all-djsf")) {
            return reproduceDjsf(printer);
        }
        final Path taskEvents = taskEvents();
        if (trace != null && !Files.isDirectory(trace)) {
            throw new IllegalArgumentException("invalid value for --trace: '" + trace + "' is not a directory");
        }
        final boolean haveTrace = Files.isDirectory(taskEvents);
        final Map<String, Figure> known = figures();
        final List<Figure> chosen = new ArrayList<>();
        if (figure.equals("all-lotes")) {
            for (final Figure each : known.values()) {
                if (each.name().startsWith("lotes-")) {
                    chosen.add(each);
                }
            }
            if (!haveTrace) {
                printer.println("lotes-fig8 to lotes-fig10 skipped: no Google 2011 trace at " + taskEvents
                    + " (pass --trace DIR)");
            }
        } else if (figure.equals("all-2019") || figure.equals("all-2018")) {
            final boolean of2018 = figure.equals("all-2018");
            for (final Map.Entry<String, Figure> each : known.entrySet()) {
                if (each.getKey().startsWith("2018-") == of2018 && !each.getKey().startsWith("lotes-")) {
                    chosen.add(each.getValue());
                }
            }
            if (!haveTrace) {
                printer.println((of2018 ? "2018-fig8" : "fig5") + " skipped: no Google 2011 trace at " + taskEvents
                    + " (pass --trace DIR)");
            }
        } else if (known.containsKey(figure)) {
            chosen.add(known.get(figure));
        } else if (figure.equals("fig5") || figure.equals("2018-fig8") || figure.matches("lotes-fig(8|9|10)")) {
            throw new IllegalArgumentException(figure + " needs the Google 2011 task_events: none at " + taskEvents
                + " (pass --trace DIR)");
        } else {
            throw new IllegalArgumentException("invalid value for FIGURE: '" + figure + "' (known: "
                + String.join(", ", Figures.names()) + ")");
        }
        final Scale scale = scale();
        for (final Figure each : chosen) {
            // every run made and checked before anything is written: an unreadable trace leaves no manifest
            KernelFit.checkFigure(each, scale, seed, trace != null ? "--trace '" + trace + "'"
                : "--trace '" + taskEvents + "' (the default)");
        }
        final long start = System.nanoTime();
        int disagreements = 0;
        try (SweepEngine engine = engineOptions.open(threads)) {
            // after the engine starts (a bad --master fails there), before anything is written
            OutputDirectory.prepare(out, OutputDirectory.Owner.FIGURES, "--out");
            for (final Figure each : chosen) {
                final Path directory = out.resolve(each.name());
                final int total = Reproduction.units(each, scale);
                cli.onInterrupt(() -> SweepCommand.finishedOnDisk(directory) + " of " + total + " runs of "
                    + each.name() + " are on disk in " + directory.resolve("runs") + "; rerun the same command to resume");
                final Reproduction reproduction;
                try (Progress progress = Progress.of(each.name(), total)) {
                    reproduction = Reproduction.run(each, scale, directory, engine, CommandRecipe.of(spec, each.name()),
                        seed, progress::stepTo);
                }
                reproduction.print(printer);
                disagreements += (int) reproduction.claims().stream().filter(claim -> !claim.agrees()).count();
                printer.println("wrote " + directory.resolve(each.name() + ".csv") + " (.png, .svg)");
            }
        }
        cli.onInterrupt(() -> null);
        printer.printf(Locale.ROOT, "%s at %s scale: %.1f s, %d claim(s) not reproduced%n", figure,
            scale.name().toLowerCase(Locale.ROOT), (System.nanoTime() - start) / 1e9, disagreements);
        return 0;
    }

    /** Hu and Li 2022's items ({@link PaperDjsf}), run in this JVM. */
    private int reproduceDjsf(final PrintWriter printer) {
        final List<String> names = figure.equals("all-djsf") ? PaperDjsf.NAMES : List.of(figure);
        if (!PaperDjsf.NAMES.containsAll(names)) {
            throw new IllegalArgumentException("invalid value for FIGURE: '" + figure + "' (known: "
                + String.join(", ", Figures.names()) + ")");
        }
        if (trace != null && !Files.isDirectory(trace)) {
            throw new IllegalArgumentException("invalid value for --trace: '" + trace + "' is not a directory");
        }
        final Path taskEvents = taskEvents();
        final boolean haveTrace = Files.isDirectory(taskEvents);
        if (!haveTrace && !figure.equals("all-djsf") && PaperDjsf.GOOGLE.contains(figure)) {
            throw new IllegalArgumentException(figure + " needs the Google 2011 task_events: none at " + taskEvents
                + " (pass --trace DIR)");
        }
        OutputDirectory.prepare(out, OutputDirectory.Owner.FIGURES, "--out");
        final PaperDjsf paper = new PaperDjsf(taskEvents, scale(), seed);
        final long start = System.nanoTime();
        int disagreements = 0;
        for (final String name : names) {
            if (!haveTrace && PaperDjsf.GOOGLE.contains(name)) {
                printer.println(name + " skipped: no Google 2011 trace at " + taskEvents + " (pass --trace DIR)");
                continue;
            }
            final long itemStart = System.nanoTime();
            printer.println("== " + name);
            final List<org.stowage.reproduce.Claim> claims = paper.run(name, out.resolve(name), printer);
            printer.printf(Locale.ROOT, "%.1f s%n", (System.nanoTime() - itemStart) / 1e9);
            for (final org.stowage.reproduce.Claim claim : claims) {
                printer.printf(Locale.ROOT, "  paper: %s%n  ours:  %s  [%s]%n", claim.paper(), claim.ours(),
                    claim.agrees() ? "agrees" : "differs");
                disagreements += claim.agrees() ? 0 : 1;
            }
            printer.println("wrote " + out.resolve(name));
        }
        printer.printf(Locale.ROOT, "%s at %s scale: %.1f s, %d claim(s) not reproduced%n", figure,
            scale().name().toLowerCase(Locale.ROOT), (System.nanoTime() - start) / 1e9, disagreements);
        printer.flush();
        return 0;
    }
}
