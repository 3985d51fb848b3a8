package org.knowm.xchart.internal.chartpart;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * The tick labels xchart draws on a chart's axes, read after painting it (test code in xchart's package: its axes
 * are package-private), so a test checks what a reader sees rather than the formatter alone.
 */
public final class TickLabels {
    private TickLabels() {
    }

    /** Paints {@code chart} (off screen) and returns the labels of its x axis. */
    public static List<String> x(final AxesChart<?, ?> chart) {
        paint(chart);
        return shown(chart.getAxisPair().getXAxis().getAxisTickCalculator().getTickLabels());
    }

    /** Paints {@code chart} (off screen) and returns the labels of its y axis. */
    public static List<String> y(final AxesChart<?, ?> chart) {
        paint(chart);
        return shown(chart.getAxisPair().getYAxis().getAxisTickCalculator().getTickLabels());
    }

    /** The labels drawn: a logarithmic axis's ticks between decades have none (null). */
    private static List<String> shown(final List<String> labels) {
        final List<String> shown = new ArrayList<>();
        for (final String label : labels) {
            if (label != null) {
                shown.add(label);
            }
        }
        return shown;
    }

    private static void paint(final AxesChart<?, ?> chart) {
        final BufferedImage image = new BufferedImage(chart.getWidth(), chart.getHeight(), BufferedImage.TYPE_INT_RGB);
        chart.paint(image.createGraphics(), chart.getWidth(), chart.getHeight());
    }
}
