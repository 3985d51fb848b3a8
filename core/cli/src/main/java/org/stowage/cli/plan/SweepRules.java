package org.stowage.cli.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.stowage.sweep.Sweep;

/**
 * What a sweep adds to the rules of a run ({@link OptionRules}, checked at every point): an axis sets its
 * option at every point, so the same option given on the command line would never be used and is refused,
 * as is a scheduler parameter that both a {@code --scheduler} spec and a {@code --vary scheduler.KEY} axis
 * give. And what the manifest may say about the inputs: only what holds at every point. Stateless.
 */
public final class SweepRules {
    private SweepRules() {
    }

    /** Refuses an axis whose option, or scheduler parameter, the command line also gives. */
    public static void check(final WorkloadSettings base, final List<String> schedulers, final List<Sweep.Axis> axes) {
        for (final Sweep.Axis axis : axes) {
            if (axis.name().startsWith("scheduler.")) {
                final String key = axis.name().substring("scheduler.".length());
                for (final String scheduler : schedulers) {
                    if (givesParameter(scheduler, key)) {
                        throw new IllegalArgumentException("--scheduler " + scheduler + " and --vary " + axis.name()
                            + " both set " + key + ": give one (the axis sets it at every point)");
                    }
                }
                continue;
            }
            final WorkloadSettings.Option<?> option = WorkloadSettings.byName(axis.name());
            if (option != null && base.isGiven(option)) {
                throw new IllegalArgumentException(base.describe(option) + " and --vary " + axis.name()
                    + " both set " + axis.name() + ": give one (the axis sets it at every point)");
            }
        }
    }

    /** Whether spec {@code NAME:k=v,...} gives parameter {@code key}. */
    private static boolean givesParameter(final String scheduler, final String key) {
        final int colon = scheduler.indexOf(':');
        if (colon < 0) {
            return false;
        }
        for (final String pair : scheduler.substring(colon + 1).split(",")) {
            if (pair.startsWith(key + "=")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The inputs every point shares (in the first point's order), and under {@code per_point} the names of
     * those that differ from point to point (each point's value follows from its coordinates): a manifest
     * never states a value that some runs did not use.
     */
    public static Map<String, Object> commonInputs(final List<Map<String, Object>> points) {
        final Map<String, Object> common = new LinkedHashMap<>();
        final List<String> perPoint = new ArrayList<>();
        for (final Map.Entry<String, Object> entry : points.get(0).entrySet()) {
            boolean same = true;
            for (final Map<String, Object> other : points) {
                same &= other.containsKey(entry.getKey()) && Objects.deepEquals(entry.getValue(), other.get(entry.getKey()));
            }
            if (same) {
                common.put(entry.getKey(), entry.getValue());
            } else {
                perPoint.add(entry.getKey());
            }
        }
        for (final Map<String, Object> other : points) {
            for (final String key : other.keySet()) {
                if (!common.containsKey(key) && !perPoint.contains(key)) {
                    perPoint.add(key);
                }
            }
        }
        if (!perPoint.isEmpty()) {
            common.put("per_point", perPoint);
        }
        return common;
    }
}
