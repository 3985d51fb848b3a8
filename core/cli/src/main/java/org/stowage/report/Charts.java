package org.stowage.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder;
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
import org.stowage.core.Messages;
import org.stowage.sweep.ResultFiles;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;

/**
 * Line charts of the figures, and grouped bar charts of a few values per scheduler ({@link #saveBars}), saved as
 * PNG and SVG, headless. Every line takes its scheduler's look from
 * {@link SchedulerStyles}; on a logarithmic axis a value of zero is drawn at the axis floor under a black
 * cross with its own legend entry, never moved silently to a small positive value.
 *
 * <p>Linear axes end on round numbers ({@link #roundBounds}: multiples of a 1-2-5 step), so their ticks are
 * round too: left to itself, xchart puts the ticks of equally spaced x values on the values themselves (245,
 * 490, 735 for a queue series with buckets 245 wide); given round ends it picks a 1-2-5 step between them.
 *
 * <p>A chart can neither hang nor fail the command that draws it. Points that are not finite are left out,
 * and a line without points; every axis gets finite ends at least a relative {@value #MIN_RELATIVE_SPAN}
 * apart (xchart's tick loop never ends on a range tiny next to its values: 1e15 to 1e15 + 0.125). It is drawn
 * in memory on a thread of its own, given {@link #DRAW_LIMIT} to finish, and only then written. A chart that
 * still cannot be drawn (no finite point, values beyond 1e300, xchart refusing it, too slow) is skipped: no
 * file is written (an earlier one of that name is removed), the save returns the reason, and whoever
 * {@link #collectingSkips collects} skips on this thread hears of it.
 */
public final class Charts {
    /** Legend entry of the zeros on a logarithmic queue axis. */
    public static final String ZERO_LABEL = "0 = empty queue (at the axis floor)";

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
     * An axis whose values reach this magnitude takes scientific tick labels ({@value #SCIENTIFIC}): with a
     * grouping pattern ({@code #,##0}) xchart's tick loop never ends from 1e15 on, its labels never fitting.
     */
    static final double SCIENTIFIC_FROM = 1e12;

    /** The tick pattern of an axis of very large (or very small) values. */
    static final String SCIENTIFIC = "0.###E0";

    /** How long a chart may take to draw before it is skipped. */
    static final Duration DRAW_LIMIT = Duration.ofSeconds(60);

    /** Where the skips of this thread's charts go, while someone collects them ({@link #collectingSkips}). */
    private static final ThreadLocal<List<String>> SKIPS = new ThreadLocal<>();

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
        final List<String> outer = SKIPS.get();
        final List<String> skips = new ArrayList<>();
        SKIPS.set(skips);
        try {
            drawing.draw();
        } finally {
            SKIPS.set(outer);
            if (outer != null) {
                outer.addAll(skips);
            }
        }
        return skips;
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
     * Writes {@code base}.png and {@code base}.svg; {@code xPattern} formats the x axis (DecimalFormat);
     * {@code zeroLabel} is the legend entry of the zeros on a logarithmic axis (unused on a linear one).
     *
     * @return null when the chart was drawn; why not when it was skipped (see the class comment)
     */
    public static String save(final Path base, final String title, final String xTitle, final String xPattern,
                     final String yTitle, final boolean logarithmicY, final String zeroLabel, final List<Line> lines)
        throws IOException {
        final XYChart chart;
        try {
            chart = chart(title, xTitle, xPattern, yTitle, logarithmicY, zeroLabel, lines);
        } catch (final Undrawable | RuntimeException e) {
            return skipped(base, e);
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
     */
    public static String saveBars(final Path base, final String title, final List<String> groups, final String xTitle,
                         final String yTitle, final List<Bars> bars) throws IOException {
        final CategoryChart chart;
        try {
            chart = barChart(title, groups, xTitle, yTitle, bars);
        } catch (final RuntimeException e) {
            return skipped(base, e);
        }
        return write(base, chart);
    }

    /** The chart {@link #saveBars} writes: one series per scheduler, its y axis from 0 to a round end. */
    static CategoryChart barChart(final String title, final List<String> groups, final String xTitle,
                                  final String yTitle, final List<Bars> bars) {
        final CategoryChart chart = new CategoryChartBuilder().width(900).height(540).title(title).xAxisTitle(xTitle)
            .yAxisTitle(yTitle).build();
        final CategoryStyler styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setYAxisDecimalPattern("0.00");
        styler.setLabelsVisible(true);
        styler.setLabelsPosition(0.5);
        styler.setErrorBarsColor(Color.BLACK);
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
                final double half = Math.abs(given) <= MAX_MAGNITUDE ? given : Double.NaN;
                // xchart leaves a null bar out, and a null error bar; NaN would draw a bar of no height with a
                // label, and 0 an error bar of no width, as if the value had no spread
                y.add(Double.isNaN(value) ? null : value);
                error.add(Double.isNaN(half) ? null : half);
                if (!Double.isNaN(value)) {
                    top = Math.max(top, value + (Double.isNaN(half) ? 0 : half));
                }
            }
            final CategorySeries series = scheduler.error() == null ? chart.addSeries(scheduler.scheduler(), groups, y)
                : chart.addSeries(scheduler.scheduler(), groups, y, error);
            series.setLabel(scheduler.label());
            series.setFillColor(SchedulerStyles.of(scheduler.scheduler()).color());
        }
        styler.setYAxisMin(0.0);
        styler.setYAxisMax(top > 0 ? roundBounds(new double[] {0, top})[1] : 1.0);
        return chart;
    }

    /**
     * Writes {@code chart} as {@code base}.png and {@code base}.svg, the SVG's ids made stable: drawn in memory
     * first, on a thread of its own within {@link #DRAW_LIMIT}, then each file written and renamed into place.
     *
     * @return null when the chart was drawn; why not when it was skipped (nothing is written then)
     */
    public static String write(final Path base, final IChart chart) throws IOException {
        return write(base, chart, DRAW_LIMIT);
    }

    static String write(final Path base, final IChart chart, final Duration limit) throws IOException {
        final Drawn drawn;
        try {
            drawn = draw(chart, base.getFileName().toString(), limit);
        } catch (final Undrawable e) {
            return skipped(base, e);
        }
        ResultFiles.atomically(base.resolveSibling(base.getFileName() + ".png"), target -> Files.write(target, drawn.png()));
        ResultFiles.writeString(base.resolveSibling(base.getFileName() + ".svg"), drawn.svg());
        return null;
    }

    /** A chart drawn in memory: its PNG bytes and SVG text. */
    private record Drawn(byte[] png, String svg) {
    }

    /**
     * Draws {@code chart} on a daemon thread, waiting at most {@code limit}: a drawing that does not end is
     * left to itself (it writes nothing) and the chart is skipped.
     */
    private static Drawn draw(final IChart chart, final String name, final Duration limit) throws Undrawable {
        final FutureTask<Drawn> task = new FutureTask<>(() -> {
            final ByteArrayOutputStream png = new ByteArrayOutputStream();
            ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", png);
            final ByteArrayOutputStream svg = new ByteArrayOutputStream();
            // what xchart's deprecated SVG encoder does: record the painting, then write it as SVG
            final VectorGraphics2D graphics = new VectorGraphics2D();
            chart.paint(graphics, chart.getWidth(), chart.getHeight());
            new SVGProcessor().getDocument(graphics.getCommands(), new PageSize(0, 0, chart.getWidth(),
                chart.getHeight())).writeTo(svg);
            return new Drawn(png.toByteArray(), withoutNaNLines(stableIds(svg.toString(StandardCharsets.UTF_8), name)));
        });
        final Thread thread = new Thread(task, "stowage-chart-" + name);
        thread.setDaemon(true);
        thread.start();
        try {
            return task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final TimeoutException e) {
            task.cancel(true);
            throw new Undrawable("drawing it took more than " + limit.toSeconds() + " s");
        } catch (final ExecutionException e) {
            throw new Undrawable(Messages.describe(e.getCause()));
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            task.cancel(true);
            throw new Undrawable("interrupted");
        }
    }

    /**
     * The reason {@code base} was skipped, after removing files of that name an earlier command drew (they
     * would show what this one did not) and telling whoever collects skips on this thread.
     */
    /**
     * Skips the chart of {@code base} that {@link #chart} could not make: removes an earlier one of that name and
     * tells whoever {@link #collectingSkips collects} skips. For a caller that styles a chart of its own.
     *
     * @return why it was skipped
     */
    public static String skip(final Path base, final Undrawable why) throws IOException {
        return skipped(base, why);
    }

    private static String skipped(final Path base, final Exception why) throws IOException {
        final String reason = why instanceof Undrawable ? why.getMessage() : Messages.describe(why);
        Files.deleteIfExists(base.resolveSibling(base.getFileName() + ".png"));
        Files.deleteIfExists(base.resolveSibling(base.getFileName() + ".svg"));
        final List<String> skips = SKIPS.get();
        if (skips != null) {
            skips.add(base.getFileName() + ".png and .svg not drawn: " + reason);
        }
        return reason;
    }

    private static final Pattern NAN_LINE = Pattern.compile("<line [^>]*=\"NaN\"[^>]*/>\\R?");

    /**
     * The SVG without its {@code <line>} elements at NaN coordinates: xchart draws an error bar that is
     * absent (a bar chart's group without one) at y = NaN, which draws nothing in the PNG but is an invalid
     * attribute a browser reports.
     */
    static String withoutNaNLines(final String svg) {
        return NAN_LINE.matcher(svg).replaceAll("");
    }

    private static final Pattern CLIP_ID = Pattern.compile("(id=\"|url\\(#)clip(-?\\d+)");

    /**
     * The SVG with its clip-path ids renamed {@code clip-NAME-1}, {@code -2}, ... in order of appearance:
     * VectorGraphics2D numbers them from identity hash codes, so the same chart would differ from run to
     * run, and two charts inlined in one HTML page could share an id.
     */
    static String stableIds(final String svg, final String name) {
        final String prefix = "clip-" + name.replaceAll("[^A-Za-z0-9_-]", "_") + "-";
        final Map<String, Integer> renamed = new HashMap<>();
        final Matcher matcher = CLIP_ID.matcher(svg);
        final StringBuilder out = new StringBuilder(svg.length());
        while (matcher.find()) {
            final int id = renamed.computeIfAbsent(matcher.group(2), key -> renamed.size() + 1);
            matcher.appendReplacement(out, Matcher.quoteReplacement(matcher.group(1) + prefix + id));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    /**
     * The chart {@link #save} writes: one series per line (named by its scheduler), then the zeros; only the
     * finite points of each line, and only lines with points.
     *
     * @throws Undrawable when no line has a point to draw, or an axis has no safe ends
     */
    public static XYChart chart(final String title, final String xTitle, final String xPattern, final String yTitle,
                         final boolean logarithmicY, final String zeroLabel, final List<Line> given)
        throws Undrawable {
        final List<Line> lines = new ArrayList<>();
        for (final Line line : given) {
            final Line finite = line.finite();
            if (finite.x().length > 0) {
                lines.add(finite);
            }
        }
        if (lines.isEmpty()) {
            throw new Undrawable(given.isEmpty() || given.stream().allMatch(line -> line.x().length == 0)
                ? "no series has a point to draw" : "no point of any series is a finite number within " + MAX_MAGNITUDE);
        }
        final XYChart chart = new XYChartBuilder().width(900).height(540).title(title).xAxisTitle(xTitle)
            .yAxisTitle(yTitle).build();
        final XYStyler styler = chart.getStyler();
        styler.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        styler.setYAxisLogarithmic(logarithmicY);
        styler.setXAxisDecimalPattern(scientific(extent(lines, true)) ? SCIENTIFIC : xPattern);
        // curves of queue sizes rise to the right, so over time (linear) the upper left is free; on a
        // logarithmic axis a curve may end in any corner (zeros at the floor, Fig. 13's LoTES at the lower
        // right, Fig. 8's Tetris windows at the floor on the right): below the plot the legend hides nothing
        styler.setLegendPosition(logarithmicY ? Styler.LegendPosition.OutsideS : Styler.LegendPosition.InsideNW);
        styler.setChartBackgroundColor(Color.WHITE);
        // each interval in its scheduler's colour: black bars of crossing curves cannot be told apart
        styler.setErrorBarsColorSeriesColor(true);
        styler.setMarkerSize(lines.isEmpty() || lines.get(0).x().length <= 50 ? 6 : 0);
        final double[] xBounds = safe(roundBounds(extent(lines, true)), "x");
        if (xBounds != null) {
            styler.setXAxisMin(xBounds[0]);
            styler.setXAxisMax(xBounds[1]);
        }
        if (!logarithmicY) {
            final double[] yBounds = safe(roundBounds(extent(lines, false)), "y");
            if (yBounds != null) {
                // values that are never negative (queues, times) keep the axis at 0 or above: an error bar
                // that reaches below is cut by the frame, the CSV keeps the interval
                styler.setYAxisMin(nonNegative(lines) ? Math.max(0, yBounds[0]) : yBounds[0]);
                styler.setYAxisMax(yBounds[1]);
            }
            if (scientific(extent(lines, false))) {
                styler.setYAxisDecimalPattern(SCIENTIFIC);
            }
        }
        final double floor = logarithmicY ? logFloor(lines) : Double.NaN;
        if (logarithmicY && !(floor >= 1 / MAX_MAGNITUDE / 100)) {
            throw new Undrawable("a value below " + 1 / MAX_MAGNITUDE + " cannot be drawn on a logarithmic axis");
        }
        if (logarithmicY) {
            // plain numbers (0.01, 10,000) rather than xchart's 1E4; powers of ten below 0.001; the floor reads 0
            styler.setYAxisDecimalPattern("#,##0.###");
            chart.setCustomYAxisTickLabelsFormatter(value -> yTickLabel(value, Double.NaN));
        }
        final List<double[]> zeros = new ArrayList<>();
        for (final Line all : lines) {
            final Line line = all.thinned();
            final double[] y = logarithmicY ? atFloor(line, floor, zeros) : line.y();
            // named by its scheduler; by its label when the scheduler has a curve already (a sweep's curve per
            // scheduler and value of its other axes), as xchart wants unique names
            final String name = chart.getSeries(line.scheduler()) != null ? line.label() : line.scheduler();
            final XYSeries series = line.error() == null ? chart.addSeries(name, line.x(), y)
                : chart.addSeries(name, line.x(), y, logarithmicY ? belowZero(y, line.error()) : line.error());
            final SchedulerStyles.Style style = SchedulerStyles.of(line.scheduler());
            series.setLabel(line.label());
            series.setLineColor(style.color());
            series.setMarkerColor(style.color());
            series.setMarker(style.marker());
            series.setLineStyle(stroke(style.pattern()));
        }
        if (!zeros.isEmpty()) {
            final double[] x = new double[zeros.size()];
            final double[] y = new double[zeros.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = zeros.get(i)[0];
                y[i] = zeros.get(i)[1];
            }
            final XYSeries series = chart.addSeries(ZEROS, x, y);
            series.setLabel(zeroLabel);
            series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            series.setMarker(SchedulerStyles.ZERO_MARKER);
            series.setMarkerColor(SchedulerStyles.ZERO_COLOR);
            styler.setYAxisMin(floor);
            chart.setCustomYAxisTickLabelsFormatter(value -> yTickLabel(value, floor));
        }
        return chart;
    }

    /** Whether an axis over {@code extent} needs scientific labels: its values reach {@link #SCIENTIFIC_FROM}. */
    static boolean scientific(final double[] extent) {
        return extent != null && Math.max(Math.abs(extent[0]), Math.abs(extent[1])) >= SCIENTIFIC_FROM;
    }

    /** {@code bounds} when both are finite; an axis that cannot be drawn otherwise. */
    private static double[] safe(final double[] bounds, final String axis) throws Undrawable {
        if (bounds != null && !(Double.isFinite(bounds[0]) && Double.isFinite(bounds[1]) && bounds[0] < bounds[1])) {
            throw new Undrawable("the " + axis + " axis has no finite range to draw (" + bounds[0] + " to " + bounds[1]
                + ")");
        }
        return bounds;
    }

    /** Ticks a linear axis aims at: {@link #roundBounds} picks the 1-2-5 step that gives closest to this many. */
    static final int TICKS = 8;

    /**
     * {min, max} of the finite x (or y, error bars included) values of {@code lines}, or null when there are none.
     */
    static double[] extent(final List<Line> lines, final boolean x) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (final Line line : lines) {
            final double[] values = x ? line.x() : line.y();
            for (int i = 0; i < values.length; i++) {
                final double error = x || line.error() == null || Double.isNaN(line.error()[i]) ? 0 : line.error()[i];
                if (Double.isFinite(values[i])) {
                    min = Math.min(min, values[i] - error);
                    max = Math.max(max, values[i] + error);
                }
            }
        }
        return min <= max ? new double[] {min, max} : null;
    }

    /** Whether no y value of {@code lines} is negative. */
    static boolean nonNegative(final List<Line> lines) {
        for (final Line line : lines) {
            for (final double y : line.y()) {
                if (y < 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The 1-2-5 step (1, 2 or 5 times a power of ten) that cuts {@code span} into about {@link #TICKS} parts,
     * the fewest parts when two are as close.
     */
    static double roundStep(final double span) {
        final double rough = span / TICKS;
        final double decade = Math.pow(10, Math.floor(Math.log10(rough)));
        double best = decade;
        for (final double mantissa : new double[] {1, 2, 5, 10}) {
            if (Math.abs(Math.log(mantissa * decade / rough)) <= Math.abs(Math.log(best / rough))) {
                best = mantissa * decade;
            }
        }
        return best;
    }

    /**
     * Round ends for an axis over {@code extent} ({min, max}): the multiples of {@link #roundStep} at or
     * just outside it, so the data touch the frame at most; a single value, and values whose spread is less
     * than a relative {@link #MIN_RELATIVE_SPAN} of their magnitude (xchart's ticks would not advance over
     * it), get a unit of their magnitude on either side. Null when {@code extent} is null.
     */
    static double[] roundBounds(final double[] extent) {
        if (extent == null) {
            return null;
        }
        double min = extent[0];
        double max = extent[1];
        final double magnitude = Math.max(Math.abs(min), Math.abs(max));
        if (!(max - min > MIN_RELATIVE_SPAN * magnitude) || magnitude < 1 / MAX_MAGNITUDE) {
            final double unit = magnitude < 1 / MAX_MAGNITUDE ? 1 : Math.pow(10, Math.floor(Math.log10(magnitude)));
            min -= unit;
            max += unit;
        }
        final double step = roundStep(max - min);
        // a relative tolerance keeps 2450.0000001 from adding a whole step for a rounding error
        final double slack = step * 1e-9;
        return new double[] {Math.floor((min + slack) / step) * step, Math.ceil((max - slack) / step) * step};
    }

    /**
     * A y tick label of a logarithmic chart that draws zeros at {@code floor}: "0" at the floor (no value
     * lies between it and the next decade; NaN when no zero is drawn), plain numbers elsewhere, powers of ten
     * below 0.001.
     */
    static String yTickLabel(final double value, final double floor) {
        if (Math.abs(value - floor) <= 1e-9 * floor) {
            return "0";
        }
        // below 0.001 the plain pattern would print 0 (LoTES's response times reach 1e-7 h): powers of ten then,
        // and from 1e12 on, where grouped digits would make labels too wide to fit
        final String pattern = value != 0 && (Math.abs(value) < 0.001 || Math.abs(value) >= SCIENTIFIC_FROM) ? "0.##E0"
            : "#,##0.###";
        return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT)).format(value);
    }

    private static BasicStroke stroke(final SchedulerStyles.Pattern pattern) {
        return switch (pattern) {
            case SOLID -> SeriesLines.SOLID;
            case DASHED -> SeriesLines.DASH_DASH;
            case DOTTED -> SeriesLines.DOT_DOT;
        };
    }

    /**
     * The floor of a logarithmic axis: a decade below the decade of the smallest positive value drawn
     * (its error bars included), so zeros sit visibly under every real point; 1 when nothing is positive.
     */
    static double logFloor(final List<Line> lines) {
        double smallest = Double.POSITIVE_INFINITY;
        for (final Line line : lines) {
            for (int i = 0; i < line.y().length; i++) {
                final double y = line.y()[i];
                if (y > 0) {
                    smallest = Math.min(smallest, y);
                    if (line.error() != null && y - line.error()[i] > 0) {
                        smallest = Math.min(smallest, y - line.error()[i]);
                    }
                }
            }
        }
        return smallest == Double.POSITIVE_INFINITY ? 1 : Math.pow(10, Math.floor(Math.log10(smallest)) - 1);
    }

    /**
     * The line's y values for a logarithmic axis: zeros moved to {@code floor} and recorded in
     * {@code zeros} as (x, floor), once per x; positive values unchanged. A negative value has no place on
     * a logarithmic axis and is refused, naming the line and x.
     */
    static double[] atFloor(final Line line, final double floor, final List<double[]> zeros) {
        final double[] y = line.y().clone();
        for (int i = 0; i < y.length; i++) {
            if (y[i] < 0) {
                throw new IllegalArgumentException("negative value " + y[i] + " of " + line.label() + " at x = "
                    + line.x()[i] + " cannot be drawn on a logarithmic axis");
            }
            if (y[i] == 0) {
                y[i] = floor;
                boolean seen = false;
                for (final double[] zero : zeros) {
                    seen |= zero[0] == line.x()[i];
                }
                if (!seen) {
                    zeros.add(new double[] {line.x()[i], floor});
                }
            }
        }
        return y;
    }

    /**
     * Error bars on a log axis cannot reach 0: a bar whose lower end would is shortened to end at half the
     * value (the CSV keeps the true interval; it is symmetric, so the upper end still shows its width).
     */
    private static double[] belowZero(final double[] y, final double[] error) {
        final double[] clipped = error.clone();
        for (int i = 0; i < clipped.length; i++) {
            if (!(y[i] - clipped[i] > 0)) {
                clipped[i] = y[i] / 2;
            }
        }
        return clipped;
    }
}
