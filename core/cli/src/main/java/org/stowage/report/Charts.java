package org.stowage.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.IChart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Line charts of the figures, and grouped bar charts of a few values per scheduler ({@link #saveBars}), saved as
 * PNG and SVG, headless: every plot the project draws (run, sweep, every paper's figures) goes through here, so
 * they all follow the same rules. The axes are worked out in {@link ChartScales}; the drawing, the files and
 * the skips are {@link ChartFiles}'.
 * <ul>
 *   <li><b>Scale.</b> The y axis is logarithmic when the values drawn span more than {@link #LOG_RATIO} (the 99th
 *       percentile of the positive values over their 1st, so a few near-empty buckets do not decide it), and its
 *       title then says "log scale"; a value of zero on it is drawn at the axis floor under a black cross with its
 *       own legend entry, never moved silently to a small positive value.</li>
 *   <li><b>Error bars</b> are drawn here, in their scheduler's colour, clipped to the measure's {@link Domain}:
 *       never below 0 for counts and times, never above 1 for a fraction such as a utilization; on a
 *       logarithmic axis an interval that reaches 0 ends at the axis floor. The CSV keeps the whole interval.</li>
 *   <li><b>Ticks.</b> Linear axes end on round numbers ({@link ChartScales#roundBounds}: multiples of a 1-2-5 step), so
 *       their ticks are 1-2-5 steps too (left to itself, xchart puts the ticks of equally spaced x values on the
 *       values themselves: 245, 490, 735 for a queue series with buckets 245 wide); logarithmic ones have a tick
 *       per decade. Every label is a plain number with thousands separators ({@link #tickLabel}): 0.25, 10,000,
 *       never 1E4; only an axis whose values reach {@link #SCIENTIFIC_FROM} or stay below
 *       {@link #SCIENTIFIC_BELOW} takes scientific labels.</li>
 *   <li><b>Looks.</b> Every line takes its scheduler's colour, marker and pattern from {@link SchedulerStyles};
 *       its legend label says "(ours)" or "(added)" ({@link Legends}).</li>
 *   <li><b>Safety.</b> A chart can neither hang nor fail the command that draws it. Points that are not finite
 *       are left out, and a line without points; every axis gets finite ends at least a relative
 *       {@value #MIN_RELATIVE_SPAN} apart (xchart's tick loop never ends on a range tiny next to its values: 1e15
 *       to 1e15 + 0.125). It is drawn in memory on a thread of its own, given {@link #DRAW_LIMIT} to finish, and
 *       only then written. A chart that still cannot be drawn (no finite point, values beyond 1e100, xchart
 *       refusing it, too slow) is skipped: no file is written (an earlier one of that name is removed), the
 *       save returns the reason, and whoever {@link #collectingSkips collects} skips on this thread hears of
 *       it.</li>
 * </ul>
 */
public final class Charts {
    /** Legend entry of the zeros on a logarithmic axis, unless the y axis names its own ({@link YAxis#zeroLabel}). */
    public static final String ZERO_LABEL = "0 (drawn at the axis floor)";

    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** Least span of an axis, relative to the largest magnitude on it. */
    static final double MIN_RELATIVE_SPAN = 1e-9;

    /**
     * Values beyond this magnitude (and, on a log axis, positive values below its inverse) are not drawn:
     * xchart's log axis fails past 1e200, and its tick loop never ends on a linear axis near 1e300.
     */
    static final double MAX_MAGNITUDE = 1e100;

    /**
     * An axis whose values reach this magnitude takes scientific tick labels ({@value #SCIENTIFIC}): with grouped
     * digits ({@code 1,000,000,000,000,000}) xchart's tick loop never ends from 1e15 on, its labels never fitting.
     */
    static final double SCIENTIFIC_FROM = 1e12;

    /** An axis whose values all stay below this magnitude (and a log axis's ticks below it) read scientific too. */
    static final double SCIENTIFIC_BELOW = 1e-6;

    /** The tick pattern of an axis of very large (or very small) values. */
    static final String SCIENTIFIC = "0.###E0";

    /** How long a chart may take to draw before it is skipped. */
    static final Duration DRAW_LIMIT = Duration.ofSeconds(60);

    /** Work that draws charts. */
    @FunctionalInterface
    public interface Drawing {
        void draw() throws IOException;
    }

    /**
     * Runs {@code drawing} and returns what it skipped, one line per chart ({@code queue.png and .svg not drawn:
     * REASON}); empty when every chart was drawn.
     */
    public static List<String> collectingSkips(final Drawing drawing) throws IOException {
        return ChartFiles.collectingSkips(drawing);
    }

    /** Why a chart cannot be drawn. */
    public static final class Undrawable extends Exception {
        private static final long serialVersionUID = 1L;

        Undrawable(final String reason) {
            super(reason);
        }
    }

    /** Most points drawn per line: more add nothing visible and make the SVG slow to write and read. */
    static final int MAX_POINTS = 400;

    /** Name of the series that marks the zeros of a logarithmic chart. */
    static final String ZEROS = "zeros";

    /** Suffix of the name of the series that draws a line's error bars (not in the legend). */
    static final String INTERVALS = " interval";

    /** Span of the values above which the y axis is logarithmic. */
    public static final double LOG_RATIO = 100;

    /** Where a measure's values can lie, which bounds its error bars and its axis. */
    public enum Domain {
        /** Counts, times, rates: 0 or more. */
        NON_NEGATIVE,
        /** A fraction of a whole, such as a utilization: from 0 to 1. */
        FRACTION,
        /** Anything. */
        ANY;

        double low() {
            return this == ANY ? Double.NEGATIVE_INFINITY : 0;
        }

        double high() {
            return this == FRACTION ? 1 : Double.POSITIVE_INFINITY;
        }
    }

    /**
     * The y axis: its title, with the unit ("mean wait (slots)"; {@link MetricUnits} gives it for a run's
     * metrics), the domain of its values, and the legend entry of its zeros when they are drawn at the floor of a
     * logarithmic axis.
     */
    public record YAxis(String title, Domain domain, String zeroLabel) {
        /** A y axis whose zeros, if drawn on a logarithmic axis, get the generic {@link #ZERO_LABEL}. */
        public static YAxis of(final String title, final Domain domain) {
            return new YAxis(title, domain, ZERO_LABEL);
        }

        /** This axis with {@code label} as the legend entry of its zeros. */
        public YAxis withZeroLabel(final String label) {
            return new YAxis(title, domain, label);
        }

        /** The title on a logarithmic axis: "mean wait (slots, log scale)", "total queue size (log scale)". */
        String logTitle() {
            return title.endsWith(")") ? title.substring(0, title.length() - 1) + ", log scale)" : title + " (log scale)";
        }
    }

    /**
     * One line: the scheduler spec it shows (which sets its look), its legend label, x values, y values
     * and optional error half-widths (null for none).
     */
    public record Line(String scheduler, String label, double[] x, double[] y, double[] error) {
        /**
         * The line without its points whose x or y is not finite (NaN, infinite) or beyond
         * {@link #MAX_MAGNITUDE}; an error bar that is not finite is dropped (0).
         */
        Line finite() {
            int kept = 0;
            for (int i = 0; i < x.length; i++) {
                kept += drawable(x[i]) && drawable(y[i]) ? 1 : 0;
            }
            boolean errorsFinite = true;
            for (int i = 0; error != null && i < error.length; i++) {
                errorsFinite &= drawable(error[i]);
            }
            if (kept == x.length && errorsFinite) {
                return this;
            }
            final double[] keptX = new double[kept];
            final double[] keptY = new double[kept];
            final double[] keptError = error == null ? null : new double[kept];
            for (int i = 0, j = 0; i < x.length; i++) {
                if (drawable(x[i]) && drawable(y[i])) {
                    keptX[j] = x[i];
                    keptY[j] = y[i];
                    if (error != null) {
                        keptError[j] = drawable(error[i]) ? error[i] : 0;
                    }
                    j++;
                }
            }
            return new Line(scheduler, label, keptX, keptY, keptError);
        }

        private static boolean drawable(final double value) {
            return Math.abs(value) <= MAX_MAGNITUDE;
        }

        /**
         * A line of at most {@link #MAX_POINTS} points: consecutive points merged by averaging (exact for
         * the equal-width buckets of a queue series), each at the first merged x.
         */
        Line thinned() {
            if (x.length <= MAX_POINTS || error != null) {
                return this;
            }
            final int group = (x.length + MAX_POINTS - 1) / MAX_POINTS;
            final int count = x.length / group;
            final double[] thinX = new double[count];
            final double[] thinY = new double[count];
            for (int i = 0; i < count; i++) {
                thinX[i] = x[i * group];
                double sum = 0;
                for (int j = 0; j < group; j++) {
                    sum += y[i * group + j];
                }
                thinY[i] = sum / group;
            }
            return new Line(scheduler, label, thinX, thinY, null);
        }
    }

    private Charts() {
    }

    /**
     * Writes {@code base}.png and {@code base}.svg of {@link #chart}.
     *
     * @return null when the chart was drawn; why not when it was skipped (see the class comment)
     */
    public static String save(final Path base, final String title, final String xTitle, final YAxis y,
                              final List<Line> lines) throws IOException {
        final XYChart chart;
        try {
            chart = chart(title, xTitle, y, lines);
        } catch (final Undrawable | RuntimeException e) {
            return ChartFiles.skipped(base, e);
        }
        return write(base, chart);
    }

    /**
     * One scheduler's bars, one per group: its spec (which sets its colour), its legend label, its value per
     * group (NaN where it has none: no bar, a gap) and optional error half-widths (null for none; NaN for
     * none at a group).
     */
    public record Bars(String scheduler, String label, double[] y, double[] error) {
    }

    /**
     * Writes {@code base}.png and {@code base}.svg: a bar chart with the bars of {@code bars} side by side in
     * each of {@code groups} (each {@link Bars#y()} has one value per group), the value printed on each bar.
     *
     * @return null when the chart was drawn; why not when it was skipped (see the class comment)
     */
    public static String saveBars(final Path base, final String title, final List<String> groups, final String xTitle,
                                  final YAxis y, final List<Bars> bars) throws IOException {
        final CategoryChart chart;
        try {
            chart = barChart(title, groups, xTitle, y, bars);
        } catch (final RuntimeException e) {
            return ChartFiles.skipped(base, e);
        }
        return write(base, chart);
    }

    /**
     * The chart {@link #saveBars} writes: one series per scheduler, its y axis linear from 0 to a round end (a bar
     * stands on zero: a logarithmic axis would misdraw it), its error bars in a darker shade of the bar's colour,
     * each cut to the measure's domain (a bar's interval is symmetric in xchart, so its half-width is shortened to
     * reach no further than the domain on either side). A value or error beyond {@link #MAX_MAGNITUDE} is left
     * out, as a missing one.
     */
    static CategoryChart barChart(final String title, final List<String> groups, final String xTitle, final YAxis yAxis,
                                  final List<Bars> bars) {
        final CategoryChart chart = new CategoryChartBuilder().width(900).height(540).title(title).xAxisTitle(xTitle)
            .yAxisTitle(yAxis.title()).build();
        final CategoryStyler styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setLabelsVisible(true);
        styler.setLabelsPosition(0.5);
        styler.setErrorBarsColorSeriesColor(true);
        double top = 0;
        for (final Bars scheduler : bars) {
            if (scheduler.y().length != groups.size()) {
                throw new IllegalArgumentException(scheduler.label() + " has " + scheduler.y().length
                    + " values for " + groups.size() + " groups");
            }
            final List<Double> y = new ArrayList<>();
            final List<Double> error = new ArrayList<>();
            for (int i = 0; i < groups.size(); i++) {
                final double value = Math.abs(scheduler.y()[i]) <= MAX_MAGNITUDE ? scheduler.y()[i] : Double.NaN;
                final double given = scheduler.error() == null ? Double.NaN : scheduler.error()[i];
                final double half = Double.isNaN(value) || !(Math.abs(given) <= MAX_MAGNITUDE) ? Double.NaN
                    : Math.min(given, Math.min(value - yAxis.domain().low(), yAxis.domain().high() - value));
                // xchart leaves a null bar out, and a null error bar; NaN would draw a bar of no height with a
                // label, and 0 an error bar of no width, as if the value had no spread
                y.add(Double.isNaN(value) ? null : value);
                error.add(Double.isNaN(half) ? null : Math.max(0, half));
                if (!Double.isNaN(value)) {
                    top = Math.max(top, value + (Double.isNaN(half) ? 0 : Math.max(0, half)));
                }
            }
            final CategorySeries series = scheduler.error() == null ? chart.addSeries(scheduler.scheduler(), groups, y)
                : chart.addSeries(scheduler.scheduler(), groups, y, error);
            series.setLabel(scheduler.label());
            final Color colour = SchedulerStyles.of(scheduler.scheduler()).color();
            series.setFillColor(colour);
            // the error bars take the line colour: the bar's own colour would vanish where it crosses the bar
            series.setLineColor(colour.darker().darker());
        }
        styler.setYAxisMin(0.0);
        final double end = top > 0 ? ChartScales.roundBounds(new double[] {0, top})[1] : 1.0;
        styler.setYAxisMax(yAxis.domain() == Domain.FRACTION ? Math.min(1.0, end) : end);
        // the ticks and the values printed on the bars (xchart formats both alike): two decimals at most
        final Function<Double, String> labels = ChartScales.labels(new double[] {0, end});
        chart.setCustomYAxisTickLabelsFormatter(value -> labels.apply(Math.abs(value) < SCIENTIFIC_FROM
            ? Math.round(value * 100) / 100.0 : value));
        return chart;
    }

    /**
     * Writes {@code chart} as {@code base}.png and {@code base}.svg, the SVG's ids made stable: drawn in memory
     * first, on a thread of its own within {@link #DRAW_LIMIT}, then each file written and renamed into place.
     *
     * @return null when the chart was drawn; why not when it was skipped (nothing is written then)
     */
    public static String write(final Path base, final IChart chart) throws IOException {
        return ChartFiles.write(base, chart, DRAW_LIMIT);
    }

    /**
     * Skips the chart of {@code base} that {@link #chart} could not make: removes an earlier one of that name and
     * tells whoever {@link #collectingSkips collects} skips. For a caller that styles a chart of its own.
     *
     * @return why it was skipped
     */
    public static String skip(final Path base, final Undrawable why) throws IOException {
        return ChartFiles.skipped(base, why);
    }

    /**
     * The chart {@link #save} writes: one series per line (named by its scheduler), a hidden series of its error
     * bars, then the zeros of a logarithmic axis; only the finite points of each line, and only lines with points.
     * The y axis is logarithmic when {@link ChartScales#wantsLog} says so and no value drawn lies below 1 / {@link
     * #MAX_MAGNITUDE} (xchart cannot draw such an axis; the values are drawn on a linear one then).
     *
     * @throws Undrawable when no line has a point to draw, or an axis has no safe ends
     */
    public static XYChart chart(final String title, final String xTitle, final YAxis yAxis, final List<Line> lines)
        throws Undrawable {
        final List<Line> shown = drawable(lines);
        final boolean log = ChartScales.wantsLog(shown) && ChartScales.logFloor(shown, yAxis.domain()) >= MIN_LOG_FLOOR;
        return build(title, xTitle, yAxis, shown, log);
    }

    /**
     * {@link #chart}, its y axis logarithmic or not as {@code log} says: for a figure that sets its own axis range
     * (as the paper's plot does), and a test's way to draw either.
     */
    public static XYChart chart(final String title, final String xTitle, final YAxis yAxis, final List<Line> lines,
                         final boolean log) throws Undrawable {
        return build(title, xTitle, yAxis, drawable(lines), log);
    }

    /** The least floor of a logarithmic axis: a decade below {@link #MAX_MAGNITUDE}'s inverse, and a margin. */
    private static final double MIN_LOG_FLOOR = 1 / MAX_MAGNITUDE / 100;

    /** The lines' finite points ({@link Line#finite}), thinned, lines without points left out. */
    private static List<Line> drawable(final List<Line> given) throws Undrawable {
        final List<Line> shown = new ArrayList<>();
        boolean anyPoint = false;
        for (final Line line : given) {
            anyPoint |= line.x().length > 0;
            final Line finite = line.finite();
            if (finite.x().length > 0) {
                shown.add(finite.thinned());
            }
        }
        if (shown.isEmpty()) {
            throw new Undrawable(anyPoint ? "no point of any series is a finite number within " + MAX_MAGNITUDE
                : "no series has a point to draw");
        }
        return shown;
    }

    private static XYChart build(final String title, final String xTitle, final YAxis yAxis, final List<Line> shown,
                                 final boolean log) throws Undrawable {
        final XYChart chart = new XYChartBuilder().width(900).height(540).title(title).xAxisTitle(xTitle)
            .yAxisTitle(log ? yAxis.logTitle() : yAxis.title()).build();
        final XYStyler styler = chart.getStyler();
        styler.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        styler.setYAxisLogarithmic(log);
        // curves of queue sizes rise to the right, so over time (linear) the upper left is free; on a
        // logarithmic axis a curve may end in any corner (zeros at the floor, Fig. 13's LoTES at the lower
        // right, Fig. 8's Tetris windows at the floor on the right): below the plot the legend hides nothing
        styler.setLegendPosition(log ? Styler.LegendPosition.OutsideS : Styler.LegendPosition.InsideNW);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setMarkerSize(shown.get(0).x().length <= 50 ? 6 : 0);
        final double[] xBounds = ChartScales.safe(ChartScales.roundBounds(ChartScales.extent(shown, true)), "x");
        styler.setXAxisMin(xBounds[0]);
        styler.setXAxisMax(xBounds[1]);
        chart.setCustomXAxisTickLabelsFormatter(ChartScales.labels(xBounds));
        final Domain domain = yAxis.domain();
        final double floor = log ? ChartScales.logFloor(shown, domain) : Double.NaN;
        if (log && !(floor >= MIN_LOG_FLOOR)) {
            throw new Undrawable("a value below " + 1 / MAX_MAGNITUDE + " cannot be drawn on a logarithmic axis");
        }
        final Function<Double, String> logLabels = ChartScales.labels(log ? ChartScales.extent(shown, false) : null);
        if (!log) {
            final double[] yBounds = ChartScales.roundBounds(ChartScales.extentWithin(shown, domain));
            final double[] clipped = ChartScales.safe(yBounds == null ? null
                : new double[] {Math.max(domain.low(), yBounds[0]), Math.min(domain.high(), yBounds[1])}, "y");
            if (clipped != null) {
                styler.setYAxisMin(clipped[0]);
                styler.setYAxisMax(clipped[1]);
            }
            chart.setCustomYAxisTickLabelsFormatter(ChartScales.labels(clipped));
        } else {
            chart.setCustomYAxisTickLabelsFormatter(value -> ChartScales.yTickLabel(value, Double.NaN, logLabels));
        }
        final List<double[]> zeros = new ArrayList<>();
        boolean reachesFloor = false;
        for (final Line line : shown) {
            final double[] y = log ? ChartScales.atFloor(line, floor, zeros) : line.y();
            // named by its scheduler; by its label when the scheduler has a curve already (a sweep's curve per
            // scheduler and value of its other axes), as xchart wants unique names
            final String name = chart.getSeries(line.scheduler()) != null ? line.label() : line.scheduler();
            final XYSeries series = chart.addSeries(name, line.x(), y);
            final SchedulerStyles.Style style = SchedulerStyles.of(line.scheduler());
            series.setLabel(line.label());
            series.setLineColor(style.color());
            series.setMarkerColor(style.color());
            series.setMarker(style.marker());
            series.setLineStyle(stroke(style.pattern()));
            if (line.error() != null) {
                final double[][] bars = ChartScales.intervals(line, domain, log ? floor : Double.NaN, xBounds);
                if (bars[0].length == 0) {
                    continue;
                }
                final XYSeries intervals = chart.addSeries(name + INTERVALS, bars[0], bars[1]);
                intervals.setShowInLegend(false);
                intervals.setMarker(SeriesMarkers.NONE);
                intervals.setLineColor(style.color());
                intervals.setLineStyle(SeriesLines.SOLID);
                intervals.setLineWidth(1.2f);
                for (final double low : bars[1]) {
                    reachesFloor |= log && low == floor;
                }
            }
        }
        if (!zeros.isEmpty()) {
            final double[] x = new double[zeros.size()];
            final double[] y = new double[zeros.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = zeros.get(i)[0];
                y[i] = zeros.get(i)[1];
            }
            final XYSeries series = chart.addSeries(ZEROS, x, y);
            series.setLabel(yAxis.zeroLabel());
            series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            series.setMarker(SchedulerStyles.ZERO_MARKER);
            series.setMarkerColor(SchedulerStyles.ZERO_COLOR);
            chart.setCustomYAxisTickLabelsFormatter(value -> ChartScales.yTickLabel(value, floor, logLabels));
        }
        if (!zeros.isEmpty() || reachesFloor) {
            styler.setYAxisMin(floor);
        }
        return chart;
    }

    private static BasicStroke stroke(final SchedulerStyles.Pattern pattern) {
        return switch (pattern) {
            case SOLID -> SeriesLines.SOLID;
            case DASHED -> SeriesLines.DASH_DASH;
            case DOTTED -> SeriesLines.DOT_DOT;
        };
    }

    /**
     * A tick label: a plain number with thousands separators and as many decimals as it has (rounded to 10
     * significant digits, so 0.30000000000000004 reads 0.3): 0.25, 10,000, 0.000001, never 1E4. Only a
     * magnitude from {@link #SCIENTIFIC_FROM} on, or below {@link #SCIENTIFIC_BELOW}, reads as a power of ten
     * ({@value #SCIENTIFIC}): 1.25E15, 1E-7.
     */
    public static String tickLabel(final double value) {
        return ChartScales.tickLabel(value);
    }
}
