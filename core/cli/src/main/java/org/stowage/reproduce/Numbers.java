package org.stowage.reproduce;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The statistics and number formats the figures' claims and tables share: means, medians and extremes over
 * replications or batches, and the few ways a number is printed in a claim.
 */
public final class Numbers {
    private Numbers() {
    }

    /** A whole number without a fraction ({@code 20}), anything else as Java prints it ({@code 0.95}). */
    public static String number(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
            : Double.toString(value);
    }

    public static String fmt(final double value) {
        return String.format(Locale.ROOT, "%.4g", value);
    }

    public static String pct(final double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }

    public static String spread(final List<Double> fractions) {
        return fractions.size() == 1 ? pct(fractions.get(0))
            : pct(mean(fractions)) + " (" + pct(min(fractions)) + " to " + pct(max(fractions)) + " over "
                + fractions.size() + " seeds)";
    }

    public static String spreadPlain(final List<Double> values) {
        return values.size() == 1 ? fmt(values.get(0))
            : fmt(mean(values)) + " (" + fmt(min(values)) + " to " + fmt(max(values)) + ")";
    }

    public static double mean(final List<Double> values) {
        double sum = 0;
        for (final double v : values) {
            sum += v;
        }
        return sum / values.size();
    }

    public static double median(final List<Double> values) {
        final double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }

    public static double min(final List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    public static double max(final List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    public static double max(final double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    public static double positive(final double[] values) {
        return Arrays.stream(values).filter(v -> v > 0).count() / (double) values.length;
    }
}
