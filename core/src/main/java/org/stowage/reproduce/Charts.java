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
import org.stowage.core.experiment.ResultFiles;

/** Line charts of the figures, saved as PNG and SVG, headless. */
final class Charts {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** One line: a name, x values, y values and optional error half-widths (null for none). */
    record Line(String name, double[] x, double[] y, double[] error) {
    }

    private Charts() {
    }

    /** Writes {@code base}.png and {@code base}.svg. */
    static void save(final Path base, final String title, final String xTitle, final String yTitle,
                     final boolean logarithmicY, final List<Line> lines) throws IOException {
        final XYChart chart = new XYChartBuilder().width(900).height(540).title(title).xAxisTitle(xTitle)
            .yAxisTitle(yTitle).build();
        chart.getStyler()
            .setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line)
            .setYAxisLogarithmic(logarithmicY)
            .setLegendPosition(Styler.LegendPosition.InsideNW)
            .setChartBackgroundColor(Color.WHITE)
            .setMarkerSize(5);
        for (final Line line : lines) {
            final double[] y = logarithmicY ? positive(line.y()) : line.y();
            if (line.error() == null) {
                chart.addSeries(line.name(), line.x(), y);
            } else {
                chart.addSeries(line.name(), line.x(), y, line.error());
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

    /** A log axis cannot show 0: values below 0.01 are drawn at 0.01 (the CSV keeps the true values). */
    private static double[] positive(final double[] values) {
        final double[] copy = values.clone();
        for (int i = 0; i < copy.length; i++) {
            copy[i] = Math.max(copy[i], 0.01);
        }
        return copy;
    }
}
