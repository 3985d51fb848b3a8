package org.stowage.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.reproduce.vqs.Paper2019;

/** The registry of figures: names derived from the papers' declarations, one name each, errors that list them. */
class FiguresTest {
    private static final Figures FIGURES = Figures.of(Path.of("no-such-trace"));

    @Test
    void namesAreEachPapersFiguresThenItsGroup() {
        final List<String> expected = new ArrayList<>();
        for (final Paper paper : FIGURES.papers()) {
            for (final Figure figure : paper.figures()) {
                expected.add(figure.name());
            }
            expected.add("all-" + paper.key());
            assertEquals(paper.figures(), FIGURES.select(paper.group()));
        }
        assertEquals(expected, FIGURES.names());
        assertEquals(expected.size(), new HashSet<>(expected).size(), "unique names");
        assertEquals(List.of("all-2019", "all-2018", "all-lotes", "all-djsf", "all-fgd"),
            FIGURES.papers().stream().map(Paper::group).toList());
        for (final Figure figure : FIGURES.all()) {
            assertEquals(List.of(figure), FIGURES.select(figure.name()));
        }
    }

    @Test
    void anUnknownNameIsRefusedWithEveryKnownName() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> FIGURES.select("fig99"));
        assertEquals("invalid value for FIGURE: 'fig99' (known: " + String.join(", ", FIGURES.names()) + ")",
            error.getMessage());
    }

    @Test
    void aNameDeclaredTwiceIsRefused() {
        final Figure figure = Paper2019.fig4b();
        final IllegalStateException error = assertThrows(IllegalStateException.class, () -> new Figures(List.of(
            new Paper("a", "Paper A", List.of(figure)), new Paper("b", "Paper B", List.of(figure)))));
        assertEquals("figure name 'fig4b' is declared twice (again by Paper B)", error.getMessage());
    }

    /** Building the registry reads no trace: the figures that need one load it when they first run. */
    @Test
    void theTraceFiguresDeclareIt() {
        final List<String> reading = new ArrayList<>();
        for (final Figure figure : FIGURES.all()) {
            if (figure.readsGoogleTrace()) {
                reading.add(figure.name());
            }
        }
        assertTrue(reading.containsAll(List.of("fig5", "2018-fig8", "lotes-fig8", "djsf-fig8", "djsf-table5")), reading
            .toString());
        assertTrue(!reading.contains("fig4b") && !reading.contains("djsf-fig1") && !reading.contains("lotes-fig11"),
            reading.toString());
        assertEquals(List.of("fgd-fig7-9a", "fgd-fig11", "fgd-fig12", "fgd-fig13", "fgd-fig14"), FIGURES.openbFigureNames(),
            "the FGD figures read the openb pod lists");
    }

    @Test
    void aQuickRunLeavesOnlyPaperScaleClaimsUnchecked() {
        final Claim any = Claim.of("p", "ours", false).withEvidence("docs/DJSF.md#reproduction");
        assertEquals(any, any.at(Scale.QUICK));
        final Claim paperOnly = Claim.atPaperScale("p", "3 of 10", false);
        assertEquals(paperOnly, paperOnly.at(Scale.PAPER));
        final Claim quick = paperOnly.at(Scale.QUICK);
        assertEquals(Claim.Verdict.NOT_CHECKED, quick.verdict());
        assertEquals("not checked at quick scale (quick run: 3 of 10)", quick.ours());
    }
}
