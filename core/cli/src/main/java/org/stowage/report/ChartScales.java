package org.stowage.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.stowage.report.Charts.Domain;
import org.stowage.report.Charts.Line;

/**
 * The axes of {@link Charts}: whether the y axis is logarithmic and where its floor lies, the round 1-2-5 ends
 * and ticks of a linear axis, the error bars cut to a measure's domain, and the tick labels (plain numbers,
 * scientific only for very large or very small values). Pure functions of the values drawn.
 */
final class ChartScales {
    /** Ticks a linear axis aims at: {@link #roundBounds} picks the 1-2-5 step that gives closest to this many. */
    static final int TICKS = 8;

    /**
     * The error bars of {@code line} as one series: for each point a vertical segment from the lower to the upper
     * end of its interval, each end cut to {@code domain} (on a logarithmic axis, a lower end at or below 0 moved
     * to {@code floor}), with short caps, the segments parted by NaN (xchart breaks a line there). Returns
     * {x values, y values}.
     */
    static double[][] intervals(final Line line, final Domain domain, final double floor, final double[] xBounds) {
        final double cap = xBounds == null || !(xBounds[1] > xBounds[0]) ? 0 : (xBounds[1] - xBounds[0]) * 0.004;
        final List<double[]> points = new ArrayList<>();
        for (int i = 0; i < line.x().length; i++) {
            final double y = line.y()[i];
            final double half = line.error()[i];
            if (!Double.isFinite(y) || !(half > 0)) {
                continue;
            }
            double low = Math.max(domain.low(), y - half);
            final double high = Math.min(domain.high(), y + half);
            if (!Double.isNaN(floor) && !(low > 0)) {
                low = floor;
            }
            final double x = line.x()[i];
            points.add(new double[] {x, low});
            points.add(new double[] {x, high});
            points.add(new double[] {Double.NaN, Double.NaN});
            if (cap > 0) {
                for (final double end : new double[] {low, high}) {
                    points.add(new double[] {x - cap, end});
                    points.add(new double[] {x + cap, end});
                    points.add(new double[] {Double.NaN, Double.NaN});
                }
            }
        }
        final double[][] xy = new double[2][points.size()];
        for (int i = 0; i < points.size(); i++) {
            xy[0][i] = points.get(i)[0];
            xy[1][i] = points.get(i)[1];
        }
        return xy;
    }

    /**
     * Whether the y axis should be logarithmic: no value is negative, and the positive values span more than
     * {@link Charts#LOG_RATIO}, measured from their 1st to their 99th percentile (a few near-empty buckets of a queue
     * series, or one outlier, do not decide it). Empty, constant or all-zero series are drawn linear.
     */
    static boolean wantsLog(final List<Line> lines) {
        final List<Double> positive = new ArrayList<>();
        for (final Line line : lines) {
            for (final double y : line.y()) {
                if (y < 0) {
                    return false;
                }
                if (y > 0 && Double.isFinite(y)) {
                    positive.add(y);
                }
            }
        }
        if (positive.size() < 2) {
            return false;
        }
        Collections.sort(positive);
        final int last = positive.size() - 1;
        final double low = positive.get((int) Math.floor(0.01 * last));
        final double high = positive.get((int) Math.ceil(0.99 * last));
        return high > Charts.LOG_RATIO * low;
    }

    /** {min, max} of the y values and of their error bars cut to {@code domain}, or null when there are none. */
    static double[] extentWithin(final List<Line> lines, final Domain domain) {
        final double[] extent = extent(lines, false);
        return extent == null ? null
            : new double[] {Math.max(domain.low(), extent[0]), Math.min(domain.high(), extent[1])};
    }

    /** The tick label {@link Charts#tickLabel} describes. */
    static String tickLabel(final double value) {
        if (!Double.isFinite(value)) {
            return String.valueOf(value);
        }
        if (value == 0) {
            return "0";
        }
        if (Math.abs(value) >= Charts.SCIENTIFIC_FROM || Math.abs(value) < Charts.SCIENTIFIC_BELOW) {
            return scientificLabel(value);
        }
        final BigDecimal exact = new BigDecimal(value).round(new MathContext(10)).stripTrailingZeros();
        final int decimals = Math.max(0, exact.scale());
        final DecimalFormat format = new DecimalFormat(decimals == 0 ? "#,##0" : "#,##0." + "0".repeat(decimals),
            DecimalFormatSymbols.getInstance(Locale.ROOT));
        return format.format(exact);
    }

    /** {@code value} as a power of ten ({@value Charts#SCIENTIFIC}); 0 as "0". */
    static String scientificLabel(final double value) {
        return value == 0 ? "0"
            : new DecimalFormat(Charts.SCIENTIFIC, DecimalFormatSymbols.getInstance(Locale.ROOT)).format(value);
    }

    /**
     * The tick labels of an axis over {@code extent} ({min, max}; null for one xchart scales itself): scientific
     * throughout when {@link #scientific} says so, {@link #tickLabel} otherwise.
     */
    static Function<Double, String> labels(final double[] extent) {
        return scientific(extent) ? ChartScales::scientificLabel : ChartScales::tickLabel;
    }

    /**
     * Whether an axis over {@code extent} needs scientific labels: its values reach {@link Charts#SCIENTIFIC_FROM}, or
     * are all below {@link Charts#SCIENTIFIC_BELOW} (and not all 0).
     */
    static boolean scientific(final double[] extent) {
        if (extent == null) {
            return false;
        }
        final double largest = Math.max(Math.abs(extent[0]), Math.abs(extent[1]));
        return largest >= Charts.SCIENTIFIC_FROM || largest > 0 && largest < Charts.SCIENTIFIC_BELOW;
    }

    /** {@code bounds} when both are finite and apart; an axis that cannot be drawn otherwise. */
    static double[] safe(final double[] bounds, final String axis) throws Charts.Undrawable {
        if (bounds != null && !(Double.isFinite(bounds[0]) && Double.isFinite(bounds[1]) && bounds[0] < bounds[1])) {
            throw new Charts.Undrawable("the " + axis + " axis has no finite range to draw (" + bounds[0] + " to " + bounds[1]
                + ")");
        }
        return bounds;
    }

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
     * than a relative {@link Charts#MIN_RELATIVE_SPAN} of their magnitude (xchart's ticks would not advance over
     * it), get a unit of their magnitude on either side. Null when {@code extent} is null.
     */
    static double[] roundBounds(final double[] extent) {
        if (extent == null) {
            return null;
        }
        double min = extent[0];
        double max = extent[1];
        final double magnitude = Math.max(Math.abs(min), Math.abs(max));
        if (!(max - min > Charts.MIN_RELATIVE_SPAN * magnitude) || magnitude < 1 / Charts.MAX_MAGNITUDE) {
            final double unit = magnitude < 1 / Charts.MAX_MAGNITUDE ? 1 : Math.pow(10, Math.floor(Math.log10(magnitude)));
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
     * lies between it and the next decade; NaN when no zero is drawn), {@link #tickLabel} elsewhere.
     */
    static String yTickLabel(final double value, final double floor) {
        return yTickLabel(value, floor, ChartScales::tickLabel);
    }

    static String yTickLabel(final double value, final double floor, final Function<Double, String> labels) {
        if (Math.abs(value - floor) <= 1e-9 * floor) {
            return "0";
        }
        return labels.apply(value);
    }

    /**
     * The floor of a logarithmic axis: a decade below the decade of the smallest positive value drawn (the lower
     * ends of its error bars, cut to {@code domain}, included), so zeros sit visibly under every real point; 1 when
     * nothing is positive.
     */
    static double logFloor(final List<Line> lines, final Domain domain) {
        double smallest = Double.POSITIVE_INFINITY;
        for (final Line line : lines) {
            for (int i = 0; i < line.y().length; i++) {
                final double y = line.y()[i];
                if (y > 0) {
                    smallest = Math.min(smallest, y);
                    final double low = line.error() == null ? y : Math.max(domain.low(), y - line.error()[i]);
                    if (low > 0) {
                        smallest = Math.min(smallest, low);
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

    private ChartScales() {
    }
}
