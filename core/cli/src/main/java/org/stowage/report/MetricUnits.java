package org.stowage.report;

import java.util.regex.Pattern;

/**
 * The unit of a run's metric, by its name, for axis titles ("mean wait (slots)") and the domain of its error
 * bars ({@link Charts.Domain}): the one place the plots learn units from. The typed {@code Metric} of the
 * library (issue 36) declares each metric's unit; once it is on main, {@link #of} becomes
 * {@code Metric.named(name).unit()} and nothing else here changes.
 */
public final class MetricUnits {
    /** What a metric's value counts (the same five kinds as the library's {@code Metric.Unit}). */
    public enum Unit {
        /** A number of jobs, or a time average of one (a queue length). */
        JOBS,
        /** Simulated time: slots in slotted runs, the run's time unit in continuous ones. */
        TIME,
        /** Jobs per unit of simulated time. */
        RATE,
        /** A fraction of a whole, from 0 to 1: a utilization, a verdict's share of the replications. */
        FRACTION,
        /** Any other number, possibly negative (a queue's growth). */
        NUMBER
    }

    private static final Pattern JOBS = Pattern.compile("(arrived|completed|rejected)_total|queued_at_end|running_at_end"
        + "|mean_queue(_q\\d+)?|mean_running|dummies_placed|class_\\d+_mean_queue");
    private static final Pattern TIME = Pattern.compile("(wait|jct)_(mean|p\\d+|max)|makespan|class_\\d+_(wait|jct)_mean");
    private static final Pattern RATE = Pattern.compile("arrival_rate|throughput|class_\\d+_(arrival_rate|throughput)");
    private static final Pattern FRACTION = Pattern.compile("(useful_)?utilization_r\\d+|verdict_[a-z_]+");

    private MetricUnits() {
    }

    /** The unit of the metric named {@code metric}; {@link Unit#NUMBER} for one it does not know. */
    public static Unit of(final String metric) {
        if (JOBS.matcher(metric).matches()) {
            return Unit.JOBS;
        }
        if (TIME.matcher(metric).matches()) {
            return Unit.TIME;
        }
        if (RATE.matcher(metric).matches()) {
            return Unit.RATE;
        }
        return FRACTION.matcher(metric).matches() ? Unit.FRACTION : Unit.NUMBER;
    }

    /** Where the metric's values lie: [0, 1] for a fraction, 0 or more for counts, times and rates. */
    public static Charts.Domain domain(final String metric) {
        return switch (of(metric)) {
            case FRACTION -> Charts.Domain.FRACTION;
            case NUMBER -> Charts.Domain.ANY;
            default -> Charts.Domain.NON_NEGATIVE;
        };
    }

    /**
     * The unit as an axis shows it, when a unit of simulated time is called {@code timeUnit} ("slots", "time
     * units", "h", "s"): "jobs", the time unit, "jobs per slot", or "" for a fraction or a plain number.
     */
    public static String label(final Unit unit, final String timeUnit) {
        return switch (unit) {
            case JOBS -> "jobs";
            case TIME -> timeUnit;
            case RATE -> "jobs per " + (timeUnit.endsWith("s") && timeUnit.length() > 2
                ? timeUnit.substring(0, timeUnit.length() - 1) : timeUnit);
            default -> "";
        };
    }

    /** "mean wait (slots)": {@code words} and the metric's unit, or {@code words} alone for a fraction. */
    public static String axisTitle(final String metric, final String words, final String timeUnit) {
        final String unit = label(of(metric), timeUnit);
        return unit.isEmpty() ? words : words + " (" + unit + ")";
    }

    /** The y axis of {@code metric} under {@code words}, with its unit and domain. */
    public static Charts.YAxis yAxis(final String metric, final String words, final String timeUnit) {
        return Charts.YAxis.of(axisTitle(metric, words, timeUnit), domain(metric));
    }

    /**
     * The unit of simulated time of a time mode as the inputs of a run or sweep record it ({@code "slotted"} or
     * {@code "continuous"}): "slots", "time units", or both when the mode is not one (a sweep that varies it).
     */
    public static String timeUnit(final Object timeMode) {
        return "slotted".equals(timeMode) ? "slots" : "continuous".equals(timeMode) ? "time units"
            : "slots or time units";
    }
}
