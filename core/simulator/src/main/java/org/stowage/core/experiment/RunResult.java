package org.stowage.core.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability;

/**
 * The outcome of one run: named metric values in a stable order, the stability verdict, the queue-length
 * series, the wall-clock time (kept apart from the metrics because it is the only value that is not
 * a function of the inputs), and any named arrays a caller keeps beside them (for example each job's
 * completion time in a batch, which a figure needs but a table of metrics does not).
 *
 * @param scheduler   the scheduler spec that ran
 * @param metrics     metric name ({@link Metric#name()}) to value, in a documented, stable order (see
 *                    {@link Experiments#run})
 * @param stability   the stability verdict
 * @param seriesStart start time of each queue-series bucket
 * @param seriesMean  time-average total queue length in each bucket
 * @param wallSeconds wall-clock seconds the simulation took
 * @param arrays      named arrays kept with the run, in a stable order; empty for {@link Experiments#run}
 */
public record RunResult(String scheduler, Map<String, Double> metrics, Stability stability, double[] seriesStart,
                        double[] seriesMean, double wallSeconds, Map<String, double[]> arrays) {
    public RunResult {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        seriesStart = seriesStart.clone();
        seriesMean = seriesMean.clone();
        arrays = copy(arrays);
    }

    /** A run with no arrays kept beside its metrics. */
    public RunResult(final String scheduler, final Map<String, Double> metrics, final Stability stability,
                     final double[] seriesStart, final double[] seriesMean, final double wallSeconds) {
        this(scheduler, metrics, stability, seriesStart, seriesMean, wallSeconds, Map.of());
    }

    private static Map<String, double[]> copy(final Map<String, double[]> arrays) {
        final Map<String, double[]> copies = new LinkedHashMap<>();
        arrays.forEach((name, values) -> copies.put(name, values.clone()));
        return Collections.unmodifiableMap(copies);
    }

    /** A kept array by name (a copy). */
    public double[] array(final String name) {
        final double[] values = arrays.get(name);
        if (values == null) {
            throw new IllegalArgumentException("no array '" + name + "' kept with this run; kept: " + arrays.keySet());
        }
        return values.clone();
    }

    /** The kept arrays (copies). */
    @Override
    public Map<String, double[]> arrays() {
        return copy(arrays);
    }

    /**
     * The value of {@code metric}.
     *
     * @throws IllegalArgumentException naming the metric and those the run has, when it has not this one
     */
    public double metric(final Metric metric) {
        return metric(metric.name());
    }

    /** A metric by name ({@link Metric#name()}); {@link #metric(Metric)} is the typed way. */
    public double metric(final String name) {
        final Double value = metrics.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no metric '" + name + "'; known: " + metrics.keySet());
        }
        return value;
    }

    /** Jobs that arrived (over the whole run, warm-up included) per wall-clock second. */
    public double jobsPerSecond() {
        return metric(Metric.ARRIVED_TOTAL) / wallSeconds;
    }

    @Override
    public double[] seriesStart() {
        return seriesStart.clone();
    }

    @Override
    public double[] seriesMean() {
        return seriesMean.clone();
    }
}
