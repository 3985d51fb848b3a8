package org.stowage.reproduce;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.stowage.sweep.ResultFiles;

/** Line charts of the figures, saved as PNG and SVG, headless. */
final class Charts {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** Most points drawn per line: more add nothing visible and make the SVG slow to write and read. */
    static final int MAX_POINTS = 400;

    /** One line: a name, x values, y values and optional error half-widths (null for none). */
    record Line(String name, double[] x, double[] y, double[] error, boolean dashed) {
        Line(final String name, final double[] x, final double[] y, final double[] error) {
            this(name, x, y, error, false);
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
            return new Line(name, thinX, thinY, null, dashed);
        }
    }

    private Charts() {
    }

    /** Writes {@code base}.png and {@code base}.svg; {@code xPattern} formats the x axis (DecimalFormat). */
    static void save(final Path base, final String title, final String xTitle, final String xPattern,
                     final String yTitle, final boolean logarithmicY, final List<Line> lines) throws IOException {
        final XYChart chart = new XYChartBuilder().width(900).height(540).title(title).xAxisTitle(xTitle)
            .yAxisTitle(yTitle).build();
        final XYStyler styler = chart.getStyler();
        styler.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        styler.setYAxisLogarithmic(logarithmicY);
        styler.setXAxisDecimalPattern(xPattern);
        styler.setLegendPosition(Styler.LegendPosition.InsideNW);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setMarkerSize(lines.isEmpty() || lines.get(0).x().length <= 50 ? 5 : 0);
        for (final Line all : lines) {
            final Line line = all.thinned();
            final double[] y = logarithmicY ? positive(line.y()) : line.y();
            final XYSeries series = line.error() == null ? chart.addSeries(line.name(), line.x(), y)
                : chart.addSeries(line.name(), line.x(), y, logarithmicY ? belowZero(y, line.error()) : line.error());
            if (line.dashed()) {
                series.setLineStyle(SeriesLines.DASH_DASH);
            }
        }
        ResultFiles.atomically(base.resolveSibling(base.getFileName() + ".png"), target -> {
            try (OutputStream out = Files.newOutputStream(target)) {
                BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
            }
        });
        ResultFiles.atomically(base.resolveSibling(base.getFileName() + ".svg"), target -> {
            try (OutputStream out = Files.newOutputStream(target)) {
                VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            }
        });
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

    /** A log axis cannot show 0: values below 0.01 are drawn at 0.01 (the CSV keeps the true values). */
    private static double[] positive(final double[] values) {
        final double[] copy = values.clone();
        for (int i = 0; i < copy.length; i++) {
            copy[i] = Math.max(copy[i], 0.01);
        }
        return copy;
    }
}
