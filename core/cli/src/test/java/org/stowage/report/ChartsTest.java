package org.stowage.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
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
import org.knowm.xchart.internal.chartpart.TickLabels;
import org.knowm.xchart.style.lines.SeriesLines;

/**
 * The rules every plot follows, checked on the chart xchart draws: the axis type and its title, the error bars
 * (their ends, colour and legend), the tick labels a reader sees, and the legend.
 */
class ChartsTest {
    private static final double[] X = {1.0, 1.1, 1.2, 1.3};
    private static final Charts.YAxis QUEUE = Charts.YAxis.of("mean queue (jobs)", Charts.Domain.NON_NEGATIVE);
    private static final Charts.YAxis ANY = Charts.YAxis.of("y", Charts.Domain.ANY);
    private static final Charts.YAxis UTILIZATION = Charts.YAxis.of("utilization", Charts.Domain.FRACTION);

    private static XYChart chart(final Charts.YAxis y, final Charts.Line... lines) throws Charts.Undrawable {
        return Charts.chart("t", "x", y, List.of(lines));
    }

    @Test
    void theAxisIsLogarithmicWhenTheValuesSpanMoreThanAHundredfoldAndItsTitleSaysSo() throws Charts.Undrawable {
        final XYChart log = chart(QUEUE, new Charts.Line("FIFO-FF", "FIFO-FF", X, new double[] {100, 20_000, 30_000,
            40_000}, null), new Charts.Line("BF-J/S", "BF-J/S", X, new double[] {10, 20, 30, 25}, null));
        assertTrue(log.getStyler().isYAxisLogarithmic());
        assertEquals("mean queue (jobs, log scale)", log.getYAxisTitle());
        final XYChart linear = chart(QUEUE, new Charts.Line("FIFO-FF", "FIFO-FF", X, new double[] {100, 1000, 1500,
            1900}, null), new Charts.Line("BF-J/S", "BF-J/S", X, new double[] {20, 30, 40, 25}, null));
        assertFalse(linear.getStyler().isYAxisLogarithmic(), "1,900 over 20: under a hundredfold");
        assertEquals("mean queue (jobs)", linear.getYAxisTitle());
        assertEquals("the probability (log scale)", Charts.YAxis.of("the probability", Charts.Domain.FRACTION).logTitle());
    }

    @Test
    void degenerateSeriesAreDrawnLinear() {
        assertFalse(ChartScales.wantsLog(List.of()), "nothing");
        assertFalse(ChartScales.wantsLog(List.of(new Charts.Line("VQS", "VQS", new double[] {1}, new double[] {5}, null))),
            "one point");
        assertFalse(ChartScales.wantsLog(List.of(new Charts.Line("VQS", "VQS", X, new double[] {7, 7, 7, 7}, null))),
            "a constant");
        assertFalse(ChartScales.wantsLog(List.of(new Charts.Line("VQS", "VQS", X, new double[4], null))), "all zeros");
        assertFalse(ChartScales.wantsLog(List.of(new Charts.Line("VQS", "VQS", X, new double[] {-1, 1, 1000, 2000}, null))),
            "a negative value has no place on a logarithmic axis");
        assertTrue(ChartScales.wantsLog(List.of(new Charts.Line("VQS", "VQS", X, new double[] {1e-12, 1, 1e6, 1e12}, null))),
            "tiny and huge");
    }

    @Test
    void aZeroOnALogAxisSitsAtTheFloorUnderItsOwnLegendEntry() throws Charts.Undrawable {
        final XYChart chart = chart(QUEUE.withZeroLabel("0 = empty queue"),
            new Charts.Line("BF-J/S", "BF-J/S", X, new double[] {0, 0, 9.3, 270}, null),
            new Charts.Line("VQS", "VQS", X, new double[] {0, 0.5, 14, 5800}, null));
        assertTrue(chart.getStyler().isYAxisLogarithmic());
        // smallest positive value 0.5: its decade is 0.1, the floor a decade lower
        assertEquals(0.01, chart.getStyler().getYAxisMin(), 1e-15);
        assertArrayEquals(new double[] {0.01, 0.01, 9.3, 270}, chart.getSeries("BF-J/S").getYData(), 1e-15);
        final XYSeries zeros = chart.getSeries(Charts.ZEROS);
        assertEquals("0 = empty queue", zeros.getLabel());
        assertTrue(zeros.isShowInLegend());
        assertSame(SchedulerStyles.ZERO_MARKER, zeros.getMarker());
        assertEquals(SchedulerStyles.ZERO_COLOR, zeros.getMarkerColor());
        assertArrayEquals(new double[] {1.0, 1.1}, zeros.getXData(), 0, "one cross per x at which some line is zero");
        assertEquals("0", TickLabels.y(chart).get(0), "the floor reads 0");
    }

    @Test
    void errorBarsStayInTheirDomainAndTheirSchedulersColourOutOfTheLegend() throws Charts.Undrawable {
        final XYChart queue = chart(QUEUE, new Charts.Line("BF-J/S", "BF-J/S", X, new double[] {2, 30, 40, 50},
            new double[] {5, 1, 60, 1}));
        assertFalse(queue.getStyler().isYAxisLogarithmic());
        final XYSeries bars = queue.getSeries("BF-J/S" + Charts.INTERVALS);
        assertFalse(bars.isShowInLegend());
        assertEquals(SchedulerStyles.of("BF-J/S").color(), bars.getLineColor());
        assertEquals(0, min(bars.getYData()), 0, "2 +- 5 stops at 0");
        assertEquals(100, max(bars.getYData()), 0);
        assertEquals(0, queue.getStyler().getYAxisMin(), 0);

        final XYChart utilization = chart(UTILIZATION, new Charts.Line("VQS", "VQS", X, new double[] {0.5, 0.7, 0.9,
            0.98}, new double[] {0.01, 0.02, 0.05, 0.1}));
        assertEquals(1, max(utilization.getSeries("VQS" + Charts.INTERVALS).getYData()), 0, "0.98 +- 0.1 stops at 1");
        assertTrue(utilization.getStyler().getYAxisMax() <= 1, "the axis ends at 1 at most");

        final XYChart log = chart(QUEUE, new Charts.Line("VQS", "VQS", X, new double[] {2, 30, 400, 5000},
            new double[] {3, 1, 1, 1}));
        assertTrue(log.getStyler().isYAxisLogarithmic());
        final double floor = log.getStyler().getYAxisMin();
        assertEquals(floor, min(log.getSeries("VQS" + Charts.INTERVALS).getYData()), 0,
            "an interval that reaches 0 ends at the floor of a logarithmic axis");
        assertTrue(floor > 0 && floor < 2, "under every value: " + floor);
    }

    @Test
    void tickLabelsArePlainNumbersWithThousandsSeparatorsOnOneTwoFiveSteps() throws Charts.Undrawable {
        assertEquals("10,000", Charts.tickLabel(1e4));
        assertEquals("0.3", Charts.tickLabel(0.1 + 0.2));
        assertEquals("0.0001", Charts.tickLabel(1e-4));
        assertEquals("1,250,000", Charts.tickLabel(1.25e6));
        assertEquals("-2.5", Charts.tickLabel(-2.5));
        assertEquals("0", Charts.tickLabel(-0.0));
        final double[] x = new double[11];
        final double[] y = new double[11];
        for (int i = 0; i < x.length; i++) {
            x[i] = 245 * i;
            y[i] = 37_300 * Math.sqrt(i);
        }
        final XYChart linear = chart(QUEUE, new Charts.Line("VQS", "VQS", x, y, null));
        assertFalse(linear.getStyler().isYAxisLogarithmic());
        for (final List<String> labels : List.of(TickLabels.x(linear), TickLabels.y(linear))) {
            assertOneTwoFiveSteps(labels);
        }
        assertTrue(TickLabels.y(linear).contains("20,000"), TickLabels.y(linear).toString());
        final XYChart log = chart(QUEUE, new Charts.Line("VQS", "VQS", X, new double[] {3, 300, 30_000, 3e6}, null));
        for (final String label : TickLabels.y(log)) {
            assertTrue(label.matches("[0-9]{1,3}(,[0-9]{3})*(\\.[0-9]+)?"), "a plain number: " + label);
        }
        assertTrue(TickLabels.y(log).contains("1,000,000"), TickLabels.y(log).toString());
    }

    /** Labels that read as numbers with thousands separators, a constant 1-2-5 step apart. */
    private static void assertOneTwoFiveSteps(final List<String> labels) {
        final List<Double> values = new ArrayList<>();
        for (final String label : labels) {
            assertTrue(label.matches("-?[0-9]{1,3}(,[0-9]{3})*(\\.[0-9]+)?"), "a plain number: " + label + " of " + labels);
            values.add(Double.parseDouble(label.replace(",", "")));
        }
        assertTrue(values.size() >= 3, labels.toString());
        final double step = values.get(1) - values.get(0);
        final double mantissa = step / Math.pow(10, Math.floor(Math.log10(step)));
        assertTrue(Math.abs(mantissa - 1) < 1e-9 || Math.abs(mantissa - 2) < 1e-9 || Math.abs(mantissa - 5) < 1e-9,
            "a 1-2-5 step: " + step + " in " + labels);
        for (int i = 1; i < values.size(); i++) {
            assertEquals(step, values.get(i) - values.get(i - 1), step * 1e-9, labels.toString());
        }
    }

    /** The example: queue-series buckets 245 wide put xchart's ticks at 245, 490, 735 unless the ends are round. */
    @Test
    void linearAxesEndOnMultiplesOfAOneTwoFiveStep() throws Charts.Undrawable {
        assertEquals(200, ChartScales.roundStep(2450), 0);
        assertEquals(0.05, ChartScales.roundStep(0.4), 1e-15);
        assertEquals(5e5, ChartScales.roundStep(4e6), 0);
        assertArrayEquals(new double[] {0, 2600}, ChartScales.roundBounds(new double[] {0, 2450}), 0);
        assertArrayEquals(new double[] {0.84, 1.0}, ChartScales.roundBounds(new double[] {0.85, 0.99}), 1e-12, "step 0.02");
        assertArrayEquals(new double[] {0, 4e6}, ChartScales.roundBounds(new double[] {0, 4e6}), 0);
        assertArrayEquals(new double[] {4, 6}, ChartScales.roundBounds(new double[] {5, 5}), 0, "one value: a unit either side");
        final double[] x = new double[11];
        final double[] y = new double[11];
        for (int i = 0; i < x.length; i++) {
            x[i] = 245 * i;
            y[i] = 37.3 * Math.sqrt(i);
        }
        final XYChart chart = chart(QUEUE, new Charts.Line("VQS", "VQS", x, y, new double[] {0, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            5}));
        assertFalse(chart.getStyler().isYAxisLogarithmic());
        assertEquals(0, chart.getStyler().getXAxisMin(), 0);
        assertEquals(2600, chart.getStyler().getXAxisMax(), 0);
        assertEquals(0, chart.getStyler().getYAxisMin(), 0);
        assertEquals(140, chart.getStyler().getYAxisMax(), 0, "step 20; the top error bar (118 + 5) inside the frame");
    }

    @Test
    void withoutZerosThereIsNoZeroEntryAndValuesAreUnchanged() throws Charts.Undrawable {
        final double[] y = {0.004, 3, 40, 500};
        final XYChart chart = chart(QUEUE, new Charts.Line("VQS", "VQS", X, y, null));
        assertTrue(chart.getStyler().isYAxisLogarithmic());
        assertNull(chart.getSeries(Charts.ZEROS));
        assertArrayEquals(y, chart.getSeries("VQS").getYData(), 0);
        assertNull(chart.getStyler().getYAxisMin(), "the axis scales itself when nothing is zero");
    }

    @Test
    void aLinearAxisDrawsZerosAsZeros() throws Charts.Undrawable {
        final XYChart chart = chart(QUEUE, new Charts.Line("VQS", "VQS", X, new double[] {0, 1, 0, 2}, null));
        assertFalse(chart.getStyler().isYAxisLogarithmic());
        assertArrayEquals(new double[] {0, 1, 0, 2}, chart.getSeries("VQS").getYData(), 0);
        assertNull(chart.getSeries(Charts.ZEROS));
    }

    @Test
    void theFloorTickReadsZeroAndOthersArePlainNumbersUntilTheyAreTiny() {
        assertEquals("0", ChartScales.yTickLabel(0.01, 0.01));
        assertEquals("0", ChartScales.yTickLabel(0.01 * (1 + 1e-12), 0.01));
        assertEquals("0.1", ChartScales.yTickLabel(0.1, 0.01));
        assertEquals("10,000", ChartScales.yTickLabel(1e4, 0.01));
        assertEquals("0.001", ChartScales.yTickLabel(0.001, 1));
        assertEquals("0.0001", ChartScales.yTickLabel(1e-4, 1e-9), "not 0: tiny response times have their own ticks");
        assertEquals("1E-8", ChartScales.yTickLabel(1e-8, 1e-9), "a power of ten below 1e-6");
    }

    @Test
    void theFloorIsBelowTheLowerEndOfEveryErrorBar() {
        final List<Charts.Line> lines = List.of(
            new Charts.Line("VQS", "VQS", X, new double[] {2, 30, 400, 5000}, new double[] {1.5, 1, 1, 1}));
        assertEquals(0.01, ChartScales.logFloor(lines, Charts.Domain.NON_NEGATIVE), 1e-15);
        assertEquals(1, ChartScales.logFloor(List.of(new Charts.Line("VQS", "VQS", X, new double[4], null)),
            Charts.Domain.NON_NEGATIVE), 0);
    }

    @Test
    void aNegativeValueIsRefusedOnALogAxisNamingTheLine() {
        final Charts.Line line = new Charts.Line("VQS", "VQS", X, new double[] {1, -2, 3, 4}, null);
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> ChartScales.atFloor(line, 0.1, new ArrayList<>()));
        assertEquals("negative value -2.0 of VQS at x = 1.1 cannot be drawn on a logarithmic axis", error.getMessage());
    }

    @Test
    void everyLineTakesItsSchedulersLookAndItsLabel() throws Charts.Undrawable {
        final XYChart chart = chart(QUEUE,
            new Charts.Line("BF-J/S", "BF-J/S", X, new double[] {1, 2, 3, 4}, null),
            new Charts.Line("BF-J/S:stall=true", "BF-J/S:stall=true (ours; identical to BF-J/S here)", X,
                new double[] {1, 2, 3, 4}, null),
            new Charts.Line("FIFO-WF", "FIFO-WF (added)", X, new double[] {5, 6, 7, 8}, null));
        for (final String scheduler : List.of("BF-J/S", "BF-J/S:stall=true", "FIFO-WF")) {
            final XYSeries series = chart.getSeries(scheduler);
            final SchedulerStyles.Style style = SchedulerStyles.of(scheduler);
            assertEquals(style.color(), series.getLineColor(), scheduler);
            assertEquals(style.color(), series.getMarkerColor(), scheduler);
            assertSame(style.marker(), series.getMarker(), scheduler);
        }
        assertSame(SeriesLines.SOLID, chart.getSeries("BF-J/S").getLineStyle());
        assertSame(SeriesLines.DASH_DASH, chart.getSeries("BF-J/S:stall=true").getLineStyle());
        assertEquals("FIFO-WF (added)", chart.getSeries("FIFO-WF").getLabel());
        assertNull(chart.getSeries(Charts.ZEROS));
    }

    @Test
    void labelsMarkOurCurvesAddedOnesAndIdenticalOnes() {
        assertEquals("VQS", Legends.label("VQS", false, null));
        assertEquals("FIFO-FF (ours)", Legends.label("FIFO-FF", true, null));
        assertEquals("FIFO-WF (added)", Legends.label("FIFO-WF", false, null, true));
        assertEquals("BF-J/S:stall=true (ours; identical to BF-J/S here)",
            Legends.label("BF-J/S:stall=true", true, "BF-J/S"));
        assertThrows(IllegalArgumentException.class, () -> Legends.label("VQS", false, "BF-J/S"));
    }

    /**
     * A bar chart holds one series per scheduler in its colour with its legend label, a value per group, no bar
     * and no error bar where there is none, error bars in a darker shade of the bar's colour cut to the domain,
     * and a y axis from 0 to a round end above the highest error bar.
     */
    @Test
    void barsGroupEachSchedulersValuesAndLeaveOutTheMissingOnes() {
        final List<String> groups = List.of("tasks", "jobs", "paper");
        final CategoryChart chart = Charts.barChart("t", groups, "unit", Charts.YAxis.of("ratio", Charts.Domain.NON_NEGATIVE),
            List.of(new Charts.Bars("SJF", "SJF", new double[] {1.38, 1.25, 2.47}, new double[] {0.01, 2, Double.NaN}),
                new Charts.Bars("DJSF-pooled", "DJSF-pooled (ours)", new double[] {2.38, 2.69, Double.NaN}, null)));
        final List<CategorySeries> series = new ArrayList<>(chart.getSeriesCollection());
        assertEquals(List.of("SJF", "DJSF-pooled"), series.stream().map(CategorySeries::getName).toList());
        assertEquals(List.of("SJF", "DJSF-pooled (ours)"), series.stream().map(CategorySeries::getLabel).toList());
        for (final CategorySeries one : series) {
            final Color colour = SchedulerStyles.of(one.getName()).color();
            assertEquals(colour, one.getFillColor(), one.getName());
            assertEquals(colour.darker().darker(), one.getLineColor(), "its error bars' colour");
        }
        assertTrue(chart.getStyler().isErrorBarsColorSeriesColor());
        assertArrayEquals(new double[] {0.01, 1.25, Double.NaN}, series.get(0).getExtraValues(), 1e-12,
            "1.25 +- 2 cut to reach 0 at most");
        assertTrue(Double.isNaN(series.get(1).getYData()[2]), "no bar where there is no value");
        assertNull(series.get(1).getExtraValues(), "no error bars without errors");
        assertEquals(0.0, chart.getStyler().getYAxisMin(), 0);
        assertEquals(3.0, chart.getStyler().getYAxisMax(), 1e-12, "2.69 rounded up on a step of 0.5");
        assertThrows(IllegalArgumentException.class, () -> Charts.barChart("t", groups, "unit", Charts.YAxis.of("ratio",
            Charts.Domain.NON_NEGATIVE), List.of(new Charts.Bars("SJF", "SJF", new double[] {1, 2}, null))));
    }

    @Test
    void anSvgLosesOnlyItsLinesAtNaNCoordinates() {
        final String kept = "<line style=\"stroke:rgb(0,0,0);\" x1=\"1.5\" x2=\"1.5\" y1=\"10\" y2=\"20\"/>\n";
        final String svg = "<svg>\n" + kept + "<line style=\"stroke:rgb(0,0,0);\" x1=\"3\" x2=\"3\" y1=\"NaN\""
            + " y2=\"NaN\"/>\n<path d=\"M 0 0\"/>\n</svg>";
        assertEquals("<svg>\n" + kept + "<path d=\"M 0 0\"/>\n</svg>", ChartFiles.withoutNaNLines(svg));
    }

    /**
     * Issue 39, cause 2: no series can hang the drawing or fail the command. Empty, a single point, tiny,
     * huge, constant, a range tiny next to its magnitude (xchart's tick loop never ended on 1e15 to 1e15 +
     * 0.125), NaN and infinite points: each is drawn with finite, safe axis ends, or skipped with a reason
     * and no file; never an exception, never a hang. Each is drawn as the scale rule picks, and on a
     * logarithmic axis too (forced) when it has no negative value.
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
            {1e-200, 1}, // a log axis xchart cannot draw (drawn linear by the rule)
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
                final List<Charts.Line> lines = List.of(new Charts.Line("VQS", "VQS", x, y, null));
                final long started = System.nanoTime();
                String skipped;
                if (log) {
                    try {
                        skipped = Charts.write(base, Charts.chart("t", "x", ANY, lines, true));
                    } catch (final Charts.Undrawable e) {
                        skipped = e.getMessage();
                    }
                } else {
                    skipped = Charts.save(base, "t", "x", ANY, lines);
                }
                assertTrue(System.nanoTime() - started < 120_000_000_000L, "drawn in time: " + Arrays.toString(y));
                final Path png = Path.of(base + ".png");
                if (skipped == null) {
                    assertTrue(Files.size(png) > 0 && Files.size(Path.of(base + ".svg")) > 0, Arrays.toString(y));
                } else {
                    assertFalse(Files.exists(png), Arrays.toString(y));
                }
                if (i < 7 || i == 8 && !log) {
                    assertNull(skipped, Arrays.toString(y) + (log ? " (log)" : "") + ": " + skipped);
                }
                assertFalse(Files.exists(Path.of(base + ".png.tmp")) || Files.exists(Path.of(base + ".svg.tmp")));
            }
        }
        assertFalse(Charts.chart("t", "x", QUEUE, List.of(new Charts.Line("VQS", "VQS", new double[] {0, 1},
            new double[] {1e-200, 1}, null))).getStyler().isYAxisLogarithmic(), "no log axis below 1e-100");
        assertEquals("a value below 1.0E-100 cannot be drawn on a logarithmic axis", assertThrows(Charts.Undrawable.class,
            () -> Charts.chart("t", "x", QUEUE, List.of(new Charts.Line("VQS", "VQS", new double[] {0, 1},
                new double[] {1e-200, 1}, null)), true)).getMessage());
        final XYChart tiny = Charts.chart("t", "x", ANY, List.of(new Charts.Line("VQS", "VQS",
            new double[] {1e15, 1e15 + 0.125}, new double[] {1, 2}, null)));
        final double span = tiny.getStyler().getXAxisMax() - tiny.getStyler().getXAxisMin();
        assertTrue(span >= Charts.MIN_RELATIVE_SPAN * 1e15, "a span xchart's ticks can walk: " + span);
    }

    /** From 1e12 on an axis reads in powers of ten: grouped digits never fit from 1e15 on, and xchart would loop. */
    @Test
    void hugeAndTinyAxesTakeScientificLabels() throws Charts.Undrawable {
        assertEquals("1.25E15", Charts.tickLabel(1.25e15));
        assertEquals("500,000,000,000", Charts.tickLabel(5e11));
        assertEquals("1E-7", Charts.tickLabel(1e-7));
        assertEquals("0.000001", Charts.tickLabel(1e-6));
        assertTrue(ChartScales.scientific(new double[] {0, 2e12}));
        assertTrue(ChartScales.scientific(new double[] {0, 5e-7}));
        assertFalse(ChartScales.scientific(new double[] {0, 0}));
        assertFalse(ChartScales.scientific(new double[] {1e-7, 1}));
        final XYChart huge = Charts.chart("t", "x", QUEUE, List.of(new Charts.Line("VQS", "VQS",
            new double[] {0, 4e15, 9e15}, new double[] {0, 5e15, 9e15}, null)));
        final List<String> labels = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> TickLabels.x(huge));
        for (final String label : labels) {
            assertTrue(label.equals("0") || label.matches("[0-9](\\.[0-9]+)?E[0-9]+"), "scientific: " + labels);
        }
    }

    /** Error bars that are not finite are left out; their points are drawn. */
    @Test
    void errorBarsThatAreNotNumbersAreLeftOut() throws Charts.Undrawable {
        final XYChart chart = chart(QUEUE, new Charts.Line("VQS", "VQS", X, new double[] {10, 20, 30, 40},
            new double[] {1, Double.NaN, Double.POSITIVE_INFINITY, 2}));
        assertArrayEquals(new double[] {10, 20, 30, 40}, chart.getSeries("VQS").getYData(), 0);
        assertEquals(42, max(chart.getSeries("VQS" + Charts.INTERVALS).getYData()), 0);
        assertEquals(9, min(chart.getSeries("VQS" + Charts.INTERVALS).getYData()), 0);
    }

    @Test
    void aChartWithNothingToDrawIsSkippedSayingWhy(@TempDir final Path directory) throws IOException {
        Files.writeString(directory.resolve("empty.png"), "an earlier run's plot");
        final List<String> skips = Charts.collectingSkips(() -> {
            assertEquals("no series has a point to draw", Charts.save(directory.resolve("empty"), "t", "x", QUEUE,
                List.of(new Charts.Line("VQS", "VQS", new double[0], new double[0], null))));
            assertEquals("no point of any series is a finite number within 1.0E100", Charts.save(directory.resolve("nan"),
                "t", "x", QUEUE, List.of(new Charts.Line("VQS", "VQS", new double[] {1, 2},
                    new double[] {Double.NaN, Double.POSITIVE_INFINITY}, null))));
            assertEquals("no series has a point to draw", Charts.save(directory.resolve("none"), "t", "x", QUEUE,
                List.of()));
        });
        assertEquals(List.of("empty.png and .svg not drawn: no series has a point to draw",
            "nan.png and .svg not drawn: no point of any series is a finite number within 1.0E100",
            "none.png and .svg not drawn: no series has a point to draw"), skips);
        assertFalse(Files.exists(directory.resolve("empty.png")), "an earlier plot of that name would mislead");
        assertThrows(Charts.Undrawable.class, () -> Charts.chart("t", "x", QUEUE, List.of()));
    }

    /** A drawing that does not end in its time is left behind: the chart is skipped, nothing is written. */
    @Test
    void aDrawingThatNeverEndsIsSkippedAfterItsLimit(@TempDir final Path directory) throws IOException {
        final CountDownLatch never = new CountDownLatch(1);
        final XYChart stuck = new XYChart(100, 100) {
            @Override
            public void paint(final Graphics2D graphics, final int width, final int height) {
                try {
                    never.await();
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        assertEquals("drawing it took more than 1 s", ChartFiles.write(directory.resolve("stuck"), stuck,
            Duration.ofSeconds(1)));
        never.countDown();
        try (var files = Files.list(directory)) {
            assertEquals(0, files.count(), "nothing written, not even a temporary");
        }
    }

    @Test
    void unitsComeFromTheMetric() {
        assertEquals("mean wait (slots)", MetricUnits.axisTitle("wait_mean", "mean wait", "slots"));
        assertEquals("mean queue length (jobs)", MetricUnits.axisTitle("mean_queue", "mean queue length", "h"));
        assertEquals("throughput (jobs per slot)", MetricUnits.axisTitle("throughput", "throughput", "slots"));
        assertEquals("utilization (resource 1)", MetricUnits.axisTitle("utilization_r1", "utilization (resource 1)",
            "slots"));
        assertEquals(Charts.Domain.FRACTION, MetricUnits.domain("utilization_r3"));
        assertEquals(Charts.Domain.NON_NEGATIVE, MetricUnits.domain("jct_p99"));
        assertEquals(Charts.Domain.ANY, MetricUnits.domain("growth"));
        assertEquals("time units", MetricUnits.timeUnit("continuous"));
    }

    private static double min(final double[] values) {
        double min = Double.POSITIVE_INFINITY;
        for (final double value : values) {
            min = Double.isNaN(value) ? min : Math.min(min, value);
        }
        return min;
    }

    private static double max(final double[] values) {
        double max = Double.NEGATIVE_INFINITY;
        for (final double value : values) {
            max = Double.isNaN(value) ? max : Math.max(max, value);
        }
        return max;
    }
}
