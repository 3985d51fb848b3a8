package org.stowage.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.metrics.Metric;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepFiles;

/**
 * The plots of {@code run --out} and {@code sweep --out}, drawn as the reproduced figures are ({@link Charts}:
 * each scheduler's colour and marker, round ticks, a logarithmic axis when the values span more than a hundredfold
 * (an unstable scheduler's queue of 40,000 next to a stable one's of 20 would otherwise flatten the stable curve
 * onto the x axis), zeros on it marked, error bars cut to the measure's domain, units on the axes, PNG and SVG).
 */
public final class RunPlots {
    /** Base name of a run's queue plot ({@value}.png, {@value}.svg). */
    public static final String QUEUE = "queue";

    /**
     * A measure a sweep plots against its varied parameter: the metric (its label is the axis title), whether
     * it is a response time (called the JCT, as batch users do, when the workload runs to completion), and
     * whether it is drawn only for workloads run to completion (the makespan).
     */
    public record Measure(Metric metric, boolean responseTime, boolean batchOnly) {
        /** The axis title for a sweep whose points run to completion or not. */
        public String title(final boolean toCompletion) {
            return responseTime && toCompletion ? metric.label() + " (JCT)" : metric.label();
        }
    }

    /**
     * What a sweep plots, one file each ({@code METRIC.png}, {@code METRIC.svg}); the utilization of resource 0
     * stands for one plot per resource the runs have.
     */
    public static final List<Measure> MEASURES = List.of(
        new Measure(Metric.MEAN_QUEUE, false, false),
        new Measure(Metric.WAIT_MEAN, false, false),
        new Measure(Metric.JCT_MEAN, true, false),
        new Measure(Metric.JCT_P99, true, false),
        new Measure(Metric.utilization(0), false, false),
        new Measure(Metric.MAKESPAN, false, true));

    private RunPlots() {
    }

    /**
     * Draws the queue length over time of every run in {@code results} into {@code directory}/{@value #QUEUE}
     * (.png and .svg).
     *
     * @param workload the workload's one-line description, in the title when it is short (the HTML report and
     *                 summary.json have it whole)
     * @param timeUnit what a unit of the run's time is called ("slots", "time units")
     * @return null when drawn; why not when the plot was skipped ({@link Charts})
     */
    public static String queueOverTime(final Path directory, final String workload, final String timeUnit,
                                       final List<RunResult> results) throws IOException {
        final List<Charts.Line> lines = new ArrayList<>();
        for (final RunResult result : results) {
            lines.add(new Charts.Line(result.scheduler(), result.scheduler(), result.seriesStart(), result.seriesMean(),
                null));
        }
        return Charts.save(directory.resolve(QUEUE), "Queue length over time" + (workload.length() <= 60 ? ": " + workload : ""),
            "time (" + timeUnit + ")", MetricUnits.yAxis("mean_queue", "total queue length, mean over each bucket",
                timeUnit).withZeroLabel("0 = empty queue (at the axis floor)"), lines);
    }

    /**
     * Draws the share of the cluster's GPU milli allocated over time, a curve per scheduler ({@code gpu}).
     *
     * @return null when drawn; why not when the plot was skipped ({@link Charts})
     */
    public static String gpuAllocationOverTime(final Path directory, final String timeUnit,
                                               final List<RunResult> results) throws IOException {
        final List<Charts.Line> lines = new ArrayList<>();
        for (final RunResult result : results) {
            final double[] shares = result.array("gpu_allocation_series");
            final double[] percent = new double[shares.length];
            for (int i = 0; i < shares.length; i++) {
                percent[i] = 100 * shares[i];
            }
            lines.add(new Charts.Line(result.scheduler(), result.scheduler(), result.array("gpu_series_start"), percent,
                null));
        }
        return Charts.save(directory.resolve(RunOutputs.GPU_PLOT), "GPU allocation over time", "time (" + timeUnit + ")",
            Charts.YAxis.of("GPU milli allocated (% of the cluster's, bucket mean)", Charts.Domain.NON_NEGATIVE), lines);
    }

    /**
     * Draws each of {@link #MEASURES} that the runs report (a utilization per resource) against the sweep's first
     * numeric axis, a curve per scheduler (and per value of the other axes), each point the mean over
     * replications with its 95% interval as an error bar.
     *
     * @param toCompletion whether every point runs to completion (then the makespan is drawn too)
     * @return the base names written, in {@link #MEASURES} order; empty when no axis is numeric with two
     *         values or more (nothing to draw a curve along). A plot that cannot be drawn is left out and told
     *         to whoever {@link Charts#collectingSkips collects} skips.
     */
    public static List<String> sweepMeasures(final Path directory, final Sweep sweep, final List<Sweep.Unit> units,
                                             final boolean toCompletion) throws IOException {
        final Sweep.Axis axis = numericAxis(sweep);
        if (axis == null) {
            return List.of();
        }
        final List<SweepFiles.Aggregate> aggregates = SweepFiles.aggregate(sweep, units);
        final String timeUnit = MetricUnits.timeUnit(sweep.inputs().get("time_mode"));
        final List<Measure> measures = new ArrayList<>();
        for (final Measure measure : MEASURES) {
            if (!measure.metric().name().equals(Metric.utilization(0).name()) || aggregates.isEmpty()) {
                measures.add(measure);
                continue;
            }
            // a utilization per resource: resource 0 alone says nothing of the others of a multi-resource sweep
            final List<String> utilizations = aggregates.get(0).utilizations();
            for (int d = 0; d < utilizations.size(); d++) {
                measures.add(new Measure(Metric.utilization(d), false, false));
            }
        }
        final List<String> written = new ArrayList<>();
        for (final Measure measure : measures) {
            if (measure.batchOnly() && !toCompletion || aggregates.isEmpty() || !aggregates.get(0).has(measure.metric().name())) {
                continue;
            }
            final List<Charts.Line> lines = curves(sweep, axis, aggregates, measure.metric());
            if (lines.isEmpty()) {
                continue;
            }
            final String title = measure.title(toCompletion);
            final String skipped = Charts.save(directory.resolve(measure.metric().name()), title + " against " + axis.name()
                    + (sweep.replications() > 1 ? " (95% intervals over " + sweep.replications() + " replications)" : ""),
                axisTitle(axis.name(), timeUnit), MetricUnits.yAxis(measure.metric().name(), title, timeUnit), lines);
            if (skipped == null) {
                written.add(measure.metric().name());
            }
        }
        return written;
    }

    /** The title of a sweep's x axis: the option, with its unit where it has one ("horizon (slots)"). */
    static String axisTitle(final String option, final String timeUnit) {
        return switch (option) {
            case "horizon", "warmup" -> option + " (" + timeUnit + ")";
            case "lambda" -> "lambda (" + MetricUnits.label(MetricUnits.Unit.RATE, timeUnit) + ")";
            case "servers" -> "servers (count)";
            default -> option;
        };
    }

    /** The first axis of two values or more, every one a number, or null. */
    public static Sweep.Axis numericAxis(final Sweep sweep) {
        for (final Sweep.Axis axis : sweep.axes()) {
            boolean numeric = axis.values().size() >= 2;
            for (final String value : axis.values()) {
                numeric &= isNumber(value);
            }
            if (numeric) {
                return axis;
            }
        }
        return null;
    }

    private static boolean isNumber(final String text) {
        try {
            return Double.isFinite(Double.parseDouble(text));
        } catch (final NumberFormatException e) {
            return false;
        }
    }

    /** One curve per scheduler and values of the other axes, in grid order; points without a value are left out. */
    private static List<Charts.Line> curves(final Sweep sweep, final Sweep.Axis axis,
                                            final List<SweepFiles.Aggregate> aggregates, final Metric metric) {
        final Map<String, List<double[]>> points = new LinkedHashMap<>();
        final Map<String, String> schedulerOf = new LinkedHashMap<>();
        for (final SweepFiles.Aggregate aggregate : aggregates) {
            final StringBuilder label = new StringBuilder(aggregate.scheduler());
            for (final Map.Entry<String, String> coordinate : aggregate.coordinates().entrySet()) {
                if (!coordinate.getKey().equals(axis.name())) {
                    label.append(", ").append(coordinate.getKey()).append('=').append(coordinate.getValue());
                }
            }
            final double[] interval = aggregate.interval(metric);
            if (Double.isNaN(interval[0])) {
                continue;
            }
            final double x = Double.parseDouble(aggregate.coordinates().get(axis.name()));
            final double error = Double.isNaN(interval[1]) ? 0 : (interval[2] - interval[1]) / 2;
            points.computeIfAbsent(label.toString(), k -> new ArrayList<>()).add(new double[] {x, interval[0], error});
            schedulerOf.put(label.toString(), aggregate.scheduler());
        }
        final List<Charts.Line> lines = new ArrayList<>();
        for (final Map.Entry<String, List<double[]>> curve : points.entrySet()) {
            final List<double[]> values = curve.getValue();
            final double[] x = new double[values.size()];
            final double[] y = new double[values.size()];
            final double[] error = new double[values.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = values.get(i)[0];
                y[i] = values.get(i)[1];
                error[i] = values.get(i)[2];
            }
            lines.add(new Charts.Line(schedulerOf.get(curve.getKey()), curve.getKey(), x, y,
                sweep.replications() > 1 ? error : null));
        }
        return lines;
    }
}
