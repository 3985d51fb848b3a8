package org.stowage.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;

class ChartsTest {
    private static final double[] X = {1.0, 1.1, 1.2, 1.3};

    private static XYChart logChart(final List<Charts.Line> lines) throws Charts.Undrawable {
        return Charts.chart("t", "x", "0.0", "y", true, Charts.ZERO_LABEL, lines);
    }

    @Test
    void aZeroOnALogAxisSitsAtTheFloorUnderItsOwnLegendEntry() throws Charts.Undrawable {
        final XYChart chart = logChart(List.of(
            new Charts.Line("BF-J/S", "BF-J/S", X, new double[] {0, 0, 9.3, 27}, null),
            new Charts.Line("VQS", "VQS", X, new double[] {0, 0.5, 14, 58}, null)));
        // smallest positive value 0.5: its decade is 0.1, the floor a decade lower
        assertEquals(0.01, chart.getStyler().getYAxisMin(), 1e-15);
        final XYSeries bfjs = chart.getSeries("BF-J/S");
        assertArrayEquals(new double[] {0.01, 0.01, 9.3, 27}, bfjs.getYData(), 1e-15);
        final XYSeries zeros = chart.getSeries(Charts.ZEROS);
        assertEquals(Charts.ZERO_LABEL, zeros.getLabel());
        assertTrue(zeros.isShowInLegend());
        assertSame(SchedulerStyles.ZERO_MARKER, zeros.getMarker());
        assertEquals(SchedulerStyles.ZERO_COLOR, zeros.getMarkerColor());
        assertEquals(XYSeries.XYSeriesRenderStyle.Scatter, zeros.getXYSeriesRenderStyle().orElseThrow());
        // one cross per x at which some line is zero
        assertArrayEquals(new double[] {1.0, 1.1}, zeros.getXData(), 0);
        assertArrayEquals(new double[] {0.01, 0.01}, zeros.getYData(), 1e-15);
    }

    @Test
    void withoutZerosThereIsNoZeroEntryAndValuesAreUnchanged() throws Charts.Undrawable {
        final double[] y = {0.004, 3, 40, 500};
        final XYChart chart = logChart(List.of(new Charts.Line("VQS", "VQS", X, y, null)));
        assertNull(chart.getSeries(Charts.ZEROS));
        assertArrayEquals(y, chart.getSeries("VQS").getYData(), 0);
        assertNull(chart.getStyler().getYAxisMin(), "the axis scales itself when nothing is zero");
    }

    @Test
    void theFloorTickReadsZeroAndOthersArePlainNumbers() {
        assertEquals("0", Charts.yTickLabel(0.01, 0.01));
        assertEquals("0", Charts.yTickLabel(0.01 * (1 + 1e-12), 0.01));
        assertEquals("0.1", Charts.yTickLabel(0.1, 0.01));
        assertEquals("10,000", Charts.yTickLabel(1e4, 0.01));
        assertEquals("0.001", Charts.yTickLabel(0.001, 1));
        assertEquals("1E-4", Charts.yTickLabel(1e-4, 1e-9), "not 0: tiny response times have their own ticks");
        assertEquals("1E-8", Charts.yTickLabel(1e-8, 1e-9));
    }

    @Test
    void theFloorIsBelowTheLowerEndOfEveryErrorBar() {
        final List<Charts.Line> lines = List.of(
            new Charts.Line("VQS", "VQS", X, new double[] {2, 30, 400, 5000}, new double[] {1.5, 1, 1, 1}));
        assertEquals(0.01, Charts.logFloor(lines), 1e-15);
        assertEquals(1, Charts.logFloor(List.of(new Charts.Line("VQS", "VQS", X, new double[4], null))), 0);
    }

    @Test
    void aNegativeValueIsRefusedNamingTheLine() {
        final Charts.Line line = new Charts.Line("VQS", "VQS", X, new double[] {1, -2, 3, 4}, null);
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> Charts.atFloor(line, 0.1, new ArrayList<>()));
        assertEquals("negative value -2.0 of VQS at x = 1.1 cannot be drawn on a logarithmic axis", error.getMessage());
    }

    /** The issue's example: queue-series buckets 245 wide put xchart's ticks at 245, 490, 735 unless the ends are round. */
    @Test
    void linearAxesEndOnMultiplesOfAOneTwoFiveStep() throws Charts.Undrawable {
        assertEquals(200, Charts.roundStep(2450), 0);
        assertEquals(0.05, Charts.roundStep(0.4), 1e-15);
        assertEquals(5e5, Charts.roundStep(4e6), 0);
        assertArrayEquals(new double[] {0, 2600}, Charts.roundBounds(new double[] {0, 2450}), 0);
        assertArrayEquals(new double[] {0.84, 1.0}, Charts.roundBounds(new double[] {0.85, 0.99}), 1e-12, "step 0.02");
        assertArrayEquals(new double[] {0, 4e6}, Charts.roundBounds(new double[] {0, 4e6}), 0);
        assertArrayEquals(new double[] {4, 6}, Charts.roundBounds(new double[] {5, 5}), 0, "one value: a unit either side");
        final double[] x = new double[11];
        final double[] y = new double[11];
        for (int i = 0; i < x.length; i++) {
            x[i] = 245 * i;
            y[i] = 37.3 * Math.sqrt(i);
        }
        final XYChart chart = Charts.chart("t", "x", "#,##0", "y", false, "", List.of(
            new Charts.Line("VQS", "VQS", x, y, new double[] {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5})));
        assertEquals(0, chart.getStyler().getXAxisMin(), 0);
        assertEquals(2600, chart.getStyler().getXAxisMax(), 0);
        assertEquals(0, chart.getStyler().getYAxisMin(), 0);
        assertEquals(140, chart.getStyler().getYAxisMax(), 0, "step 20; the top error bar (118 + 5) inside the frame");
    }

    @Test
    void aLinearAxisDrawsZerosAsZeros() throws Charts.Undrawable {
        final XYChart chart = Charts.chart("t", "x", "0.0", "y", false, "", List.of(
            new Charts.Line("VQS", "VQS", X, new double[] {0, 1, 0, 2}, null)));
        assertArrayEquals(new double[] {0, 1, 0, 2}, chart.getSeries("VQS").getYData(), 0);
        assertNull(chart.getSeries(Charts.ZEROS));
    }

    @Test
    void everyLineTakesItsSchedulersLookAndItsLabel() throws Charts.Undrawable {
        final XYChart chart = logChart(List.of(
            new Charts.Line("BF-J/S", "BF-J/S", X, new double[] {1, 2, 3, 4}, null),
            new Charts.Line("BF-J/S:stall=true", "BF-J/S:stall=true (ours; identical to BF-J/S here)", X,
                new double[] {1, 2, 3, 4}, null),
            new Charts.Line("FIFO-FF", "FIFO-FF (ours)", X, new double[] {5, 6, 7, 8}, null)));
        for (final String scheduler : List.of("BF-J/S", "BF-J/S:stall=true", "FIFO-FF")) {
            final XYSeries series = chart.getSeries(scheduler);
            final SchedulerStyles.Style style = SchedulerStyles.of(scheduler);
            assertEquals(style.color(), series.getLineColor(), scheduler);
            assertEquals(style.color(), series.getMarkerColor(), scheduler);
            assertSame(style.marker(), series.getMarker(), scheduler);
        }
        assertSame(SeriesLines.SOLID, chart.getSeries("BF-J/S").getLineStyle());
        assertSame(SeriesLines.DASH_DASH, chart.getSeries("BF-J/S:stall=true").getLineStyle());
        assertEquals("FIFO-FF (ours)", chart.getSeries("FIFO-FF").getLabel());
        assertTrue(chart.getStyler().isErrorBarsColorSeriesColor(), "error bars in their scheduler's colour");
    }

    @Test
    void labelsMarkOurCurvesAndIdenticalOnes() {
        assertEquals("VQS", Legends.label("VQS", false, null));
        assertEquals("FIFO-FF (ours)", Legends.label("FIFO-FF", true, null));
        assertEquals("BF-J/S:stall=true (ours; identical to BF-J/S here)",
            Legends.label("BF-J/S:stall=true", true, "BF-J/S"));
        assertThrows(IllegalArgumentException.class, () -> Legends.label("VQS", false, "BF-J/S"));
    }

    /**
     * A bar chart holds one series per scheduler in its colour with its legend label, a value per group, no bar
     * and no error bar where there is none, and a y axis from 0 to a round end above the highest error bar.
     */
    @Test
    void barsGroupEachSchedulersValuesAndLeaveOutTheMissingOnes() {
        final List<String> groups = List.of("tasks", "jobs", "paper");
        final CategoryChart chart = Charts.barChart("t", groups, "unit", "ratio", List.of(
            new Charts.Bars("SJF", "SJF", new double[] {1.38, 1.25, 2.47}, new double[] {0.01, 0.02, Double.NaN}),
            new Charts.Bars("DJSF-pooled", "DJSF-pooled (ours)", new double[] {2.38, 2.69, Double.NaN}, null)));
        final List<CategorySeries> series = new ArrayList<>(chart.getSeriesCollection());
        assertEquals(List.of("SJF", "DJSF-pooled"), series.stream().map(CategorySeries::getName).toList());
        assertEquals(List.of("SJF", "DJSF-pooled (ours)"), series.stream().map(CategorySeries::getLabel).toList());
        for (final CategorySeries one : series) {
            assertEquals(SchedulerStyles.of(one.getName()).color(), one.getFillColor(), one.getName());
            assertEquals(groups, new ArrayList<>(one.getXData()), one.getName());
        }
        assertArrayEquals(new double[] {1.38, 1.25, 2.47}, series.get(0).getYData(), 0);
        assertArrayEquals(new double[] {0.01, 0.02, Double.NaN}, series.get(0).getExtraValues(), 0);
        assertTrue(Double.isNaN(series.get(1).getYData()[2]), "no bar where there is no value");
        assertNull(series.get(1).getExtraValues(), "no error bars without errors");
        assertEquals(0.0, chart.getStyler().getYAxisMin(), 0);
        assertEquals(3.0, chart.getStyler().getYAxisMax(), 1e-12, "2.69 rounded up on a step of 0.5");
        assertThrows(IllegalArgumentException.class, () -> Charts.barChart("t", groups, "unit", "ratio",
            List.of(new Charts.Bars("SJF", "SJF", new double[] {1, 2}, null))));
    }

    /**
     * Issue 39, cause 2: no series can hang the drawing or fail the command. Empty, a single point, tiny,
     * huge, constant, a range tiny next to its magnitude (xchart's tick loop never ended on 1e15 to 1e15 +
     * 0.125), NaN and infinite points: each is drawn with finite, safe axis ends, or skipped with a reason
     * and no file; never an exception, never a hang.
     */
    @Test
    void everySeriesIsDrawnSafelyOrSkippedWithAReason(@TempDir final Path directory) throws IOException,
        Charts.Undrawable {
        final double[][] drawable = {
            {5}, // a single point
            {1e-90, 2e-90, 3e-90}, // tiny
            {1e89, 5e89, 9e89}, // huge
            {0, 5e15, 9e15}, // times near 2^53, as --horizon allows
            {7, 7, 7, 7}, // constant
            {1e15, 1e15 + 0.125, 1e15 + 0.25}, // a range tiny next to its magnitude
            {0, 0, 0}, // zeros
            {-3, Double.NaN, 4, Double.POSITIVE_INFINITY}, // points that are not numbers among ones that are
            {1e-200, 1}, // a log axis xchart cannot draw
            {1e250, 1}, // beyond any axis
        };
        for (int i = 0; i < drawable.length; i++) {
            for (final boolean log : new boolean[] {false, true}) {
                final double[] y = drawable[i];
                if (log && Arrays.stream(y).anyMatch(v -> v < 0)) {
                    continue;
                }
                final double[] x = new double[y.length];
                for (int j = 0; j < x.length; j++) {
                    x[j] = i == 5 ? y[j] : j;
                }
                final Path base = directory.resolve("series-" + i + (log ? "-log" : ""));
                final long started = System.nanoTime();
                final String skipped = Charts.save(base, "t", "x", "#,##0.###", "y", log, Charts.ZERO_LABEL,
                    List.of(new Charts.Line("VQS", "VQS", x, y, null)));
                assertTrue(System.nanoTime() - started < 120_000_000_000L, "drawn in time: " + Arrays.toString(y));
                final Path png = Path.of(base + ".png");
                if (skipped == null) {
                    assertTrue(Files.size(png) > 0 && Files.size(Path.of(base + ".svg")) > 0, Arrays.toString(y));
                } else {
                    assertFalse(Files.exists(png), Arrays.toString(y));
                }
                if (i < 7) {
                    assertNull(skipped, Arrays.toString(y) + (log ? " (log)" : "") + ": " + skipped);
                }
                assertFalse(Files.exists(Path.of(base + ".png.tmp")) || Files.exists(Path.of(base + ".svg.tmp")));
            }
        }
        final XYChart tiny = Charts.chart("t", "x", "0", "y", false, "", List.of(new Charts.Line("VQS", "VQS",
            new double[] {1e15, 1e15 + 0.125}, new double[] {1, 2}, null)));
        final double span = tiny.getStyler().getXAxisMax() - tiny.getStyler().getXAxisMin();
        assertTrue(span >= Charts.MIN_RELATIVE_SPAN * 1e15, "a span xchart's ticks can walk: " + span);
    }

    @Test
    void aChartWithNothingToDrawIsSkippedSayingWhy(@TempDir final Path directory) throws IOException {
        Files.writeString(directory.resolve("empty.png"), "an earlier run's plot");
        final List<String> skips = Charts.collectingSkips(() -> {
            assertEquals("no series has a point to draw", Charts.save(directory.resolve("empty"), "t", "x", "0", "y",
                false, "", List.of(new Charts.Line("VQS", "VQS", new double[0], new double[0], null))));
            assertEquals("no point of any series is a finite number within 1.0E100", Charts.save(directory.resolve("nan"),
                "t", "x", "0", "y", true, "", List.of(new Charts.Line("VQS", "VQS", new double[] {1, 2},
                    new double[] {Double.NaN, Double.POSITIVE_INFINITY}, null))));
            assertEquals("no series has a point to draw", Charts.save(directory.resolve("none"), "t", "x", "0", "y",
                false, "", List.of()));
        });
        assertEquals(List.of("empty.png and .svg not drawn: no series has a point to draw",
            "nan.png and .svg not drawn: no point of any series is a finite number within 1.0E100",
            "none.png and .svg not drawn: no series has a point to draw"), skips);
        assertFalse(Files.exists(directory.resolve("empty.png")), "an earlier plot of that name would mislead");
        assertThrows(Charts.Undrawable.class, () -> Charts.chart("t", "x", "0", "y", false, "", List.of()));
    }

    /** A drawing that does not end in its time is left behind: the chart is skipped, nothing is written. */
    @Test
    void aDrawingThatNeverEndsIsSkippedAfterItsLimit(@TempDir final Path directory) throws IOException {
        final CountDownLatch never = new CountDownLatch(1);
        final XYChart stuck = new XYChart(100, 100) {
            @Override
            public void paint(final java.awt.Graphics2D graphics, final int width, final int height) {
                try {
                    never.await();
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        assertEquals("drawing it took more than 1 s", Charts.write(directory.resolve("stuck"), stuck,
            Duration.ofSeconds(1)));
        never.countDown();
        try (var files = Files.list(directory)) {
            assertEquals(0, files.count(), "nothing written, not even a temporary");
        }
    }

    @Test
    void anSvgLosesOnlyItsLinesAtNaNCoordinates() {
        final String kept = "<line style=\"stroke:rgb(0,0,0);\" x1=\"1.5\" x2=\"1.5\" y1=\"10\" y2=\"20\"/>\n";
        final String svg = "<svg>\n" + kept + "<line style=\"stroke:rgb(0,0,0);\" x1=\"3\" x2=\"3\" y1=\"NaN\""
            + " y2=\"NaN\"/>\n<path d=\"M 0 0\"/>\n</svg>";
        assertEquals("<svg>\n" + kept + "<path d=\"M 0 0\"/>\n</svg>", Charts.withoutNaNLines(svg));
    }
}
