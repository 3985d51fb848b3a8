package org.stowage.reproduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntConsumer;

import org.stowage.core.experiment.RunResult;
import org.stowage.report.Charts;
import org.stowage.report.HtmlReport;
import org.stowage.sweep.KernelFailure;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepEngine;

/**
 * Runs one figure: its sweep (in parallel, resumable), its CSV/PNG/SVG, its table and its claims.
 *
 * @param figure  the figure
 * @param outcome what the sweep ran
 * @param claims  the paper's claims checked against the results, as the scale that ran decides them
 *                ({@link Claim#at}: a quick run leaves the claims only the paper's scale decides not checked)
 * @param seconds wall-clock seconds
 */
public record Reproduction(Figure figure, Sweep sweep, Sweep.Outcome outcome, List<Claim> claims, double seconds) {

    /** Runs {@code figure} at {@code scale} into {@code directory} on {@code threads} threads of this JVM. */
    public static Reproduction run(final Figure figure, final Scale scale, final Path directory, final int threads,
                                   final long seed, final IntConsumer progress) {
        try (SweepEngine engine = SweepEngine.threads(threads)) {
            return run(figure, scale, directory, engine, null, new PlannedRuns(), seed, progress);
        }
    }

    /**
     * Runs {@code figure} at {@code scale} into {@code directory} on {@code engine}.
     *
     * @param portable rebuilds {@link #runner} in other JVMs (null when the engine runs units in this one)
     * @param runs     plans the runs in this JVM (shared with whatever checked them before)
     */
    public static Reproduction run(final Figure figure, final Scale scale, final Path directory, final SweepEngine engine,
                                   final Sweep.PortableRunner portable, final PlannedRuns runs, final long seed,
                                   final IntConsumer progress) {
        final long start = System.nanoTime();
        final Sweep sweep = figure.sweep(scale, seed);
        final Sweep.Outcome ran = sweep.run(directory, new Sweep.Work(runner(figure, scale, runs), portable), engine,
            Integer.MAX_VALUE, progress);
        final Sweep.Outcome outcome;
        try {
            // a plot that cannot be drawn is skipped, and said so in the figure's notes: the results stand
            final List<String> skipped = Charts.collectingSkips(() -> figure.render(directory, sweep, ran.finished()));
            final List<String> notes = new ArrayList<>(ran.notes());
            skipped.forEach(skip -> notes.add("note: " + skip));
            outcome = new Sweep.Outcome(ran.units(), ran.executed(), ran.skipped(), ran.complete(), ran.finished(),
                List.copyOf(notes));
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write " + figure.name() + " into " + directory + ": " + e.getMessage(), e);
        }
        final List<Claim> claims = new ArrayList<>();
        for (final Claim claim : figure.claims(sweep, outcome.finished())) {
            claims.add(claim.at(scale));
        }
        return new Reproduction(figure, sweep, outcome, List.copyOf(claims), (System.nanoTime() - start) / 1e9);
    }

    /** The runs of {@code figure} at {@code scale}, planned by {@code runs}, with the figure's cost estimate. */
    public static Sweep.PointRunner runner(final Figure figure, final Scale scale, final PlannedRuns runs) {
        return new Sweep.PointRunner() {
            @Override
            public RunResult run(final Sweep.Point point, final String scheduler) {
                try {
                    return figure.run(point, scheduler, scale, runs);
                } catch (final KernelFailure failure) {
                    throw failure.at("in " + figure.name() + " " + point.where());
                }
            }

            @Override
            public double cost(final Sweep.Point point, final String scheduler) {
                return figure.cost(point, scheduler, scale);
            }
        };
    }

    /** Runs in the figure's sweep (for progress bars). */
    public static int units(final Figure figure, final Scale scale) {
        return figure.sweep(scale, 0).units().size();
    }

    /** How many of the claims got {@code verdict}. */
    public int count(final Claim.Verdict verdict) {
        int count = 0;
        for (final Claim claim : claims) {
            count += claim.verdict() == verdict ? 1 : 0;
        }
        return count;
    }

    /**
     * Adds this figure to {@code page}: a section with its title, its table as printed, every plot of its folder
     * inlined, and its claims with verdicts and links to the evidence.
     *
     * @param pageFolder the folder of the page (links to the figure's files are relative to it)
     * @param figureFolder the figure's folder
     * @param docs       the repository's docs folder, or null (the evidence is then named, not linked)
     */
    public void addTo(final HtmlReport page, final Path pageFolder, final Path figureFolder, final Path docs)
        throws IOException {
        page.section(figure.name() + ": " + figure.title(), figure.name());
        page.paragraph(String.format(Locale.ROOT, "%d runs (%d kept from an earlier try). Claims: %d agree, %d differ,"
            + " %d not checked.", outcome.units(), outcome.skipped(), count(Claim.Verdict.AGREES),
            count(Claim.Verdict.DIFFERS), count(Claim.Verdict.NOT_CHECKED)));
        for (final String note : outcome.notes()) {
            page.paragraph(note);
        }
        final StringWriter table = new StringWriter();
        try (PrintWriter writer = new PrintWriter(table)) {
            figure.report(writer, sweep, outcome.finished());
        }
        if (!table.toString().isBlank()) {
            page.subsection("Table");
            page.preformatted(table.toString());
        }
        final List<Path> plots = HtmlReport.svgs(figureFolder);
        if (!plots.isEmpty()) {
            page.subsection("Plots");
            for (final Path plot : plots) {
                final String name = plot.getFileName().toString();
                page.figure(pageFolder, plot, name.substring(0, name.length() - ".svg".length()));
            }
        }
        page.subsection("Claims");
        page.claims(claims, docs);
        page.subsection("Inputs");
        page.inputs(sweep.inputs());
        final List<String> files = new ArrayList<>();
        try (var listed = Files.list(figureFolder)) {
            listed.map(file -> file.getFileName().toString())
                .filter(name -> name.endsWith(".csv") || name.endsWith(".json") || name.endsWith(".png"))
                .sorted().forEach(name -> files.add(pageFolder.toAbsolutePath().normalize()
                    .relativize(figureFolder.toAbsolutePath().normalize().resolve(name)).toString().replace('\\', '/')));
        }
        page.subsection("Files");
        page.files(files);
    }

    /**
     * The figure's table, then its claims: paper, verdict (agrees, differs, not checked), ours; a difference
     * with its evidence in the docs says where ("see docs/X.md#section").
     */
    public void print(final PrintWriter out) {
        out.println("== " + figure.name() + ": " + figure.title());
        out.printf(Locale.ROOT, "%d runs (%d kept from an earlier try) in %.1f s%n", outcome.units(), outcome.skipped(),
            seconds);
        outcome.notes().forEach(out::println);
        figure.report(out, sweep, outcome.finished());
        out.printf(Locale.ROOT, "%-72s | %-11s | %s%n", "paper", "verdict", "ours");
        for (final Claim claim : claims) {
            final String evidence = claim.verdict() != Claim.Verdict.DIFFERS || claim.evidence() == null ? ""
                : claim.reason() == null ? " (see " + claim.evidence() + ")"
                : " (" + claim.reason() + "; see " + claim.evidence() + ")";
            out.printf(Locale.ROOT, "%-72s | %-11s | %s%s%n", claim.paper(), claim.verdict().label(), claim.ours(),
                evidence);
        }
        out.println();
        out.flush();
    }
}
