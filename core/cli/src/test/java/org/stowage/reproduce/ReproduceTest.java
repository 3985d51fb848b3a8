package org.stowage.reproduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.experiment.Experiments;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepFiles;
import org.stowage.core.testing.SharedTraces;

/**
 * The quick versions of the 2019 figures: every claim checked here is one that holds robustly at that
 * length (instability of VQS in Fig. 3a and of BF-J/S and VQS-BF in Fig. 3b is a drift of 2-5% of arrivals;
 * the Fig. 4 orderings differ by factors of 2 to 100).
 */
class ReproduceTest {

    @Test
    void everyQuickFigureReproducesThePapersRobustClaims(@TempDir final Path directory) throws IOException {
        final Path taskEvents = SharedTraces.googleTaskEvents();
        final boolean haveTrace = taskEvents != null;
        if (!haveTrace) {
            System.out.println("fig5 skipped: no shared/traces/google-2011/task_events beside the repository");
        }
        for (final Figure figure : (haveTrace ? Figures.paper2019(taskEvents) : Figures.paper2019()).values()) {
            final Reproduction reproduction = Reproduction.run(figure, Scale.QUICK, directory.resolve(figure.name()), 2,
                2019, done -> { });
            final StringWriter text = new StringWriter();
            reproduction.print(new PrintWriter(text));
            System.out.print(text);
            assertTrue(reproduction.claims().size() >= 2, figure.name());
            for (final Claim claim : reproduction.claims()) {
                assertTrue(claim.agrees() || !claim.robust(), figure.name() + ": " + claim);
            }
            assertLabels(figure, reproduction);
            for (final String suffix : List.of(".csv", ".png", ".svg")) {
                final Path file = directory.resolve(figure.name()).resolve(figure.name() + suffix);
                assertTrue(Files.size(file) > 100, file.toString());
            }
        }
    }

    /** The quick LoTES figures (Tran et al. 2018, Figs. 8-13): robust claims only, ~30 s in all. */
    @Test
    void everyQuickLotesFigureReproducesThePapersRobustClaims(@TempDir final Path directory) throws IOException {
        final Path taskEvents = SharedTraces.googleTaskEvents();
        if (taskEvents == null) {
            System.out.println("lotes-fig8 to 10 skipped: no shared/traces/google-2011/task_events beside the repository");
        }
        for (final Figure figure : (taskEvents != null ? Figures.lotes(taskEvents) : Figures.lotesGenerated()).values()) {
            final Reproduction reproduction = Reproduction.run(figure, Scale.QUICK, directory.resolve(figure.name()), 2,
                2018, done -> { });
            final StringWriter text = new StringWriter();
            reproduction.print(new PrintWriter(text));
            System.out.print(text);
            assertTrue(reproduction.claims().size() >= 2, figure.name());
            for (final Claim claim : reproduction.claims()) {
                assertTrue(claim.agrees() || !claim.robust(), figure.name() + ": " + claim);
            }
            assertTrue(text.toString().contains("lambda* "), figure.name() + " prints lambda*");
            for (final String suffix : List.of(".csv", ".png", ".svg")) {
                final Path file = directory.resolve(figure.name()).resolve(figure.name() + suffix);
                assertTrue(Files.size(file) > 100, file.toString());
            }
        }
    }

    /**
     * The quick versions of the 2018 figures (Psychas and Ghaderi 2018, Sec. VII): each runs, writes its CSV,
     * PNG and SVG, checks at least two claims, and every claim marked robust agrees. The lock-in of Fig. 1b and
     * most orderings need the paper-scale lengths, so only the robust ones are held here.
     */
    @Test
    void everyQuick2018FigureRunsAndReproducesItsRobustClaims(@TempDir final Path directory) throws IOException {
        final long start = System.nanoTime();
        for (final Figure figure : Figures.paper2018(SharedTraces.googleTaskEvents()).values()) {
            final long figureStart = System.nanoTime();
            final Reproduction reproduction = Reproduction.run(figure, Scale.QUICK, directory.resolve(figure.name()), 2,
                2018, done -> { });
            final StringWriter text = new StringWriter();
            reproduction.print(new PrintWriter(text));
            System.out.print(text);
            System.out.printf("%s quick: %.1f s%n", figure.name(), (System.nanoTime() - figureStart) / 1e9);
            assertTrue(reproduction.claims().size() >= 2, figure.name());
            for (final Claim claim : reproduction.claims()) {
                assertTrue(claim.agrees() || !claim.robust(), figure.name() + ": " + claim);
            }
            for (final String suffix : List.of(".csv", ".png", ".svg")) {
                final Path file = directory.resolve(figure.name()).resolve(figure.name() + suffix);
                assertTrue(Files.size(file) > 100, file.toString());
            }
        }
        System.out.printf("all 2018 quick figures: %.1f s%n", (System.nanoTime() - start) / 1e9);
    }

    /**
     * Hu and Li 2022 at quick scale (one Google batch; the worked examples exact): every robust claim holds,
     * each item writes its CSV (Figs. 8-12 their plots too); the whole set takes about 15 s, most of it the trace load.
     */
    @Test
    void quickDjsfItemsReproduceThePapersRobustClaims(@TempDir final Path directory) throws IOException {
        final Path taskEvents = SharedTraces.googleTaskEvents();
        final PaperDjsf paper = new PaperDjsf(taskEvents, Scale.QUICK, 2019);
        final long start = System.nanoTime();
        for (final String name : PaperDjsf.NAMES) {
            if (taskEvents == null && PaperDjsf.GOOGLE.contains(name)) {
                System.out.println(name + " skipped: no shared Google 2011 trace");
                continue;
            }
            final StringWriter text = new StringWriter();
            final List<Claim> claims = paper.run(name, directory.resolve(name), new PrintWriter(text, true));
            System.out.print(text);
            assertTrue(!claims.isEmpty(), name);
            for (final Claim claim : claims) {
                System.out.println("  " + name + ": " + claim);
                assertTrue(claim.agrees() || !claim.robust(), name + ": " + claim);
            }
            try (var files = Files.list(directory.resolve(name))) {
                assertTrue(files.anyMatch(file -> file.toString().endsWith(".csv")), name);
            }
            if (name.matches("djsf-fig(8|9|10|11|12)")) {
                final String plot = name.equals("djsf-fig12") ? name + "-memory" : name;
                assertTrue(Files.size(directory.resolve(name).resolve(plot + ".png")) > 0, plot + ".png");
                assertTrue(Files.size(directory.resolve(name).resolve(plot + ".svg")) > 0, plot + ".svg");
            }
        }
        // the time is reported, not asserted: speed targets live in benchmarks and the README
        System.out.printf("all-djsf quick: %.1f s%n", (System.nanoTime() - start) / 1e9);
    }

    /**
     * The legend marks what the paper does not show: FIFO-FF in Fig. 4, the stalled variants in Fig. 3b,
     * and says when a stalled variant's results are those of its plain kernel.
     */
    private static void assertLabels(final Figure figure, final Reproduction reproduction) {
        final List<Sweep.Unit> finished = reproduction.outcome().finished();
        final List<Charts.Line> lines = figure instanceof QueueTraceFigure trace ? trace.lines(finished)
            : ((AxisFigure) figure).lines(reproduction.sweep(), finished);
        final Map<String, String> labels = new LinkedHashMap<>();
        for (final Charts.Line line : lines) {
            labels.put(line.scheduler(), line.label());
        }
        System.out.println(figure.name() + " legend: " + labels.values());
        final Set<String> ours = switch (figure.name()) {
            case "fig3b" -> Set.of("BF-J/S:stall=true", "VQS-BF:stall=0.5", "VQS:stall=0.5");
            case "fig4a", "fig4b" -> Set.of("FIFO-FF");
            default -> Set.of();
        };
        for (final Map.Entry<String, String> label : labels.entrySet()) {
            assertEquals(ours.contains(label.getKey()), label.getValue().contains("(ours"), figure.name() + ": " + label);
            assertTrue(label.getValue().startsWith(label.getKey()), figure.name() + ": " + label);
        }
        if (figure.name().equals("fig3b")) {
            final boolean identical = sameResults(finished, "BF-J/S:stall=true", "BF-J/S");
            assertEquals(identical, labels.get("BF-J/S:stall=true").endsWith("(ours; identical to BF-J/S here)"),
                labels.toString());
            assertTrue(labels.get("VQS-BF:stall=0.5").endsWith(" (ours)"), labels.toString());
        }
    }

    private static boolean sameResults(final List<Sweep.Unit> finished, final String one, final String other) {
        final Map<Integer, String> first = new HashMap<>();
        final Map<Integer, String> second = new HashMap<>();
        for (final Sweep.Unit unit : finished) {
            final String fingerprint = unit.result().metrics() + java.util.Arrays.toString(unit.result().seriesMean());
            if (unit.scheduler().equals(one)) {
                first.put(unit.point().replication(), fingerprint);
            } else if (unit.scheduler().equals(other)) {
                second.put(unit.point().replication(), fingerprint);
            }
        }
        return !first.isEmpty() && first.equals(second);
    }

    @Test
    void resultsDoNotDependOnTheThreadCount(@TempDir final Path directory) throws IOException {
        final Figure figure = Paper2019.fig4b();
        Reproduction.run(figure, Scale.QUICK, directory.resolve("one"), 1, 7, done -> { });
        Reproduction.run(figure, Scale.QUICK, directory.resolve("two"), 2, 7, done -> { });
        for (final String file : List.of(SweepFiles.RESULTS, SweepFiles.SUMMARY, "fig4b.csv")) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("one").resolve(file)),
                Files.readAllBytes(directory.resolve("two").resolve(file)), file);
        }
    }

    @Test
    void anInterruptedFigureRedoesNothingFinished(@TempDir final Path directory) {
        final Figure figure = Paper2019.fig4b();
        final var sweep = figure.sweep(Scale.QUICK, 7);
        final var first = sweep.run(directory, (point, scheduler) -> Experiments.run(figure.spec(point, scheduler,
            Scale.QUICK)), 2, 3, done -> { });
        assertEquals(3, first.executed());
        final Reproduction resumed = Reproduction.run(figure, Scale.QUICK, directory, 2, 7, done -> { });
        assertEquals(3, resumed.outcome().skipped());
        assertEquals(resumed.outcome().units() - 3, resumed.outcome().executed());
    }
}
