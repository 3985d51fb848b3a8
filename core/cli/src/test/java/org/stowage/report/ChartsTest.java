package org.stowage.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
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
    private static final Charts.YAxis UTILIZATION = Charts.YAxis.of("utilization", Charts.Domain.FRACTION);

    private static XYChart chart(final Charts.YAxis y, final Charts.Line... lines) {
        return Charts.chart("t", "x", y, List.of(lines));
    }

    @Test
    void theAxisIsLogarithmicWhenTheValuesSpanMoreThanAHundredfoldAndItsTitleSaysSo() {
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
        assertFalse(Charts.wantsLog(List.of()), "nothing");
        assertFalse(Charts.wantsLog(List.of(new Charts.Line("VQS", "VQS", new double[] {1}, new double[] {5}, null))),
            "one point");
        assertFalse(Charts.wantsLog(List.of(new Charts.Line("VQS", "VQS", X, new double[] {7, 7, 7, 7}, null))),
            "a constant");
        assertFalse(Charts.wantsLog(List.of(new Charts.Line("VQS", "VQS", X, new double[4], null))), "all zeros");
        assertFalse(Charts.wantsLog(List.of(new Charts.Line("VQS", "VQS", X, new double[] {-1, 1, 1000, 2000}, null))),
            "a negative value has no place on a logarithmic axis");
        assertTrue(Charts.wantsLog(List.of(new Charts.Line("VQS", "VQS", X, new double[] {1e-12, 1, 1e6, 1e12}, null))),
            "tiny and huge");
    }

    @Test
    void aZeroOnALogAxisSitsAtTheFloorUnderItsOwnLegendEntry() {
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
    void errorBarsStayInTheirDomainAndTheirSchedulersColourOutOfTheLegend() {
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
    void tickLabelsArePlainNumbersWithThousandsSeparatorsOnOneTwoFiveSteps() {
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

    @Test
    void linearAxesEndOnMultiplesOfAOneTwoFiveStep() {
        assertEquals(200, Charts.roundStep(2450), 0);
        assertEquals(0.05, Charts.roundStep(0.4), 1e-15);
        assertArrayEquals(new double[] {0, 2600}, Charts.roundBounds(new double[] {0, 2450}), 0);
        assertArrayEquals(new double[] {0.84, 1.0}, Charts.roundBounds(new double[] {0.85, 0.99}), 1e-12, "step 0.02");
        assertArrayEquals(new double[] {4, 6}, Charts.roundBounds(new double[] {5, 5}), 0, "one value: a unit either side");
    }

    @Test
    void everyLineTakesItsSchedulersLookAndItsLabel() {
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
        assertEquals("<svg>\n" + kept + "<path d=\"M 0 0\"/>\n</svg>", Charts.withoutNaNLines(svg));
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
