package org.stowage.core.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.stowage.core.metrics.Stability;

/**
 * The outcome of one run: named metric values in a stable order, the stability verdict, the queue-length
 * series, and the wall-clock time (kept apart from the metrics because it is the only value that is not
 * a function of the inputs).
 *
 * @param scheduler   the scheduler spec that ran
 * @param metrics     metric name to value, in a documented, stable order (see {@link Experiments#run})
 * @param stability   the stability verdict
 * @param seriesStart start time of each queue-series bucket
 * @param seriesMean  time-average total queue length in each bucket
 * @param wallSeconds wall-clock seconds the simulation took
 */
public record RunResult(String scheduler, Map<String, Double> metrics, Stability stability, double[] seriesStart,
                        double[] seriesMean, double wallSeconds) {
    public RunResult {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        seriesStart = seriesStart.clone();
        seriesMean = seriesMean.clone();
    }

    /** A metric by name. */
    public double metric(final String name) {
        final Double value = metrics.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no metric '" + name + "'; known: " + metrics.keySet());
        }
        return value;
    }

    /** Jobs that arrived (over the whole run, warm-up included) per wall-clock second. */
    public double jobsPerSecond() {
        return metric("arrived_total") / wallSeconds;
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
