package org.stowage.reproduce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepFiles;

/** Mean and 95% interval of one metric per axis value and scheduler, over replications. */
public final class Means {
    private final String axis;
    private final List<Double> values = new ArrayList<>();
    private final Map<String, Map<Double, double[]>> bySchedulerAndValue = new LinkedHashMap<>();

    private final Sweep sweep;
    private final List<Sweep.Unit> finished;

    Means(final Sweep sweep, final List<Sweep.Unit> finished, final String axis, final String metric) {
        this.axis = axis;
        this.sweep = sweep;
        this.finished = finished;
        for (final SweepFiles.Aggregate aggregate : SweepFiles.aggregate(sweep, finished)) {
            final double value = Double.parseDouble(aggregate.coordinates().get(axis));
            if (!values.contains(value)) {
                values.add(value);
            }
            bySchedulerAndValue.computeIfAbsent(aggregate.scheduler(), k -> new LinkedHashMap<>())
                .put(value, aggregate.interval(metric));
        }
    }

    /** The same runs' means of another metric (a verdict indicator, a percentile). */
    public Means of(final String metric) {
        return new Means(sweep, finished, axis, metric);
    }

    public String axis() {
        return axis;
    }

    /** Axis values in grid order. */
    public List<Double> values() {
        return values;
    }

    public List<String> schedulers() {
        return new ArrayList<>(bySchedulerAndValue.keySet());
    }

    /** {mean, low, high, n} of {@code scheduler} at axis value {@code value}. */
    double[] at(final String scheduler, final double value) {
        final Map<Double, double[]> row = bySchedulerAndValue.get(scheduler);
        if (row == null || !row.containsKey(value)) {
            throw new IllegalArgumentException("no result for " + scheduler + " at " + axis + " = " + value);
        }
        return row.get(value);
    }

    public double mean(final String scheduler, final double value) {
        return at(scheduler, value)[0];
    }
}
