package org.stowage.cli.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.stowage.core.kernel.Kernels;
import org.stowage.sweep.ResultFiles;
import org.stowage.sweep.Sweep;
import org.stowage.terminal.InvalidValueException;

/**
 * What a sweep adds to the rules of a run ({@link OptionRules}, checked at every point), all of it checked
 * before anything runs or is written: {@code --replications} and the {@code --vary} axes (each parsed, none
 * twice, at most {@value #MAX_UNITS} runs in all); an axis sets its option at every point, so the same option
 * given on the command line would never be used and is refused, as is a scheduler parameter that both a
 * {@code --scheduler} spec and a {@code --vary scheduler.KEY} axis give; then every point of the grid planned
 * and every (scheduler, point) pair fitted ({@link KernelFit}), the largest point kept for the memory check.
 * And what the manifest may say about the inputs: only what holds at every point. Stateless.
 */
public final class SweepRules {
    /** Most runs a sweep may have: the grid is listed in memory before anything runs. */
    public static final long MAX_UNITS = 1_000_000;

    private SweepRules() {
    }

    /**
     * The grid of {@code schedulers} over the {@code vary} axes with {@code replications}, seeded from
     * {@code seed}, on the command's {@code base} settings, checked whole: every point planned, every scheduler
     * fitted to it (plans made by {@code context}'s runs, which the sweep's units reuse).
     *
     * @throws IllegalArgumentException one line naming the option and value, for the first of them that is bad
     */
    public static Grid grid(final List<String> vary, final int replications, final long seed,
                            final WorkloadSettings base, final WorkloadPlan.Context context) {
        final List<String> schedulers = context.schedulers();
        final List<Sweep.Axis> axes = axes(vary, replications, schedulers.size());
        check(base, schedulers, axes);
        final Sweep probe = new Sweep(schedulers, axes, replications, seed, Map.of());
        MemoryCheck.Need largest = null;
        final List<Map<String, Object>> pointInputs = new ArrayList<>();
        boolean toCompletion = true;
        for (final Sweep.Point point : probe.points()) {
            if (point.replication() == 0) {
                // fail fast, before any run, on a bad value or an incompatible scheduler anywhere in the grid
                final WorkloadPlan plan = planAt(base, point, context);
                for (final String scheduler : schedulers) {
                    KernelFit.prepare(schedulerAt(point, scheduler), plan, point.seed(), context.runs());
                }
                if (largest == null || plan.memory().bytes() > largest.bytes()) {
                    largest = plan.memory();
                }
                pointInputs.add(plan.inputs());
                toCompletion &= plan.toCompletion();
            }
        }
        final Map<String, Object> inputs = commonInputs(pointInputs);
        inputs.put("vary", List.copyOf(vary));
        return new Grid(new Sweep(schedulers, axes, replications, seed, inputs), largest, toCompletion);
    }

    /**
     * A sweep checked whole.
     *
     * @param sweep        the grid, with the inputs every point shares
     * @param largest      the memory the largest point's run needs
     * @param toCompletion whether every point runs its jobs to completion (batches, job lists)
     */
    public record Grid(Sweep sweep, MemoryCheck.Need largest, boolean toCompletion) {
    }

    /** Refuses fewer than one replication. */
    public static void requireReplications(final int replications) {
        if (replications < 1) {
            throw new InvalidValueException("--replications", replications + " (must be >= 1)");
        }
    }

    /**
     * The {@code --vary} axes, each parsed ({@link #parseAxis}); refused when one varies an option a second time
     * or the grid with {@code replications} and {@code schedulers} makes more than {@value #MAX_UNITS} runs.
     */
    static List<Sweep.Axis> axes(final List<String> vary, final int replications, final int schedulers) {
        final List<Sweep.Axis> axes = new ArrayList<>();
        long gridUnits = (long) replications * schedulers;
        for (final String axis : vary) {
            final Sweep.Axis parsed = parseAxis(axis);
            for (final Sweep.Axis earlier : axes) {
                if (earlier.name().equals(parsed.name())) {
                    throw new InvalidValueException("--vary", "'" + axis + "' varies " + parsed.name()
                        + " a second time (give one --vary " + parsed.name() + "=... with every value)");
                }
            }
            axes.add(parsed);
            gridUnits = gridUnits > MAX_UNITS ? gridUnits : gridUnits * parsed.values().size();
        }
        if (gridUnits > MAX_UNITS) {
            throw new InvalidValueException("--vary", String.join(" ", vary) + " with "
                + replications + " replication(s) and " + schedulers + " scheduler(s) makes more than "
                + MAX_UNITS + " runs");
        }
        return axes;
    }

    /** The workload of {@code point}: {@code base} with the point's axis values. */
    public static WorkloadPlan planAt(final WorkloadSettings base, final Sweep.Point point,
                                      final WorkloadPlan.Context context) {
        WorkloadSettings settings = base;
        for (final Map.Entry<String, String> coordinate : point.coordinates().entrySet()) {
            final String name = coordinate.getKey();
            if (name.startsWith("scheduler.")) {
                continue;
            }
            try {
                settings = settings.with(name, coordinate.getValue());
            } catch (final IllegalArgumentException e) {
                throw new InvalidValueException("--vary", name + "=" + coordinate.getValue()
                    + ": " + e.getMessage(), e);
            }
        }
        return WorkloadPlan.of(settings, context);
    }

    /** {@code scheduler} with the point's {@code scheduler.KEY} values, checked against the registry. */
    public static String schedulerAt(final Sweep.Point point, final String scheduler) {
        String schedulerSpec = scheduler;
        for (final Map.Entry<String, String> coordinate : point.coordinates().entrySet()) {
            if (coordinate.getKey().startsWith("scheduler.")) {
                schedulerSpec = withParameter(schedulerSpec, coordinate.getKey().substring("scheduler.".length()),
                    coordinate.getValue());
            }
        }
        try {
            Kernels.byName(schedulerSpec);
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException("--vary", e.getMessage(), e);
        }
        return schedulerSpec;
    }

    /** {@code NAME} or {@code NAME:K=V,...} with {@code key=value} added (or replaced). */
    static String withParameter(final String scheduler, final String key, final String value) {
        final int colon = scheduler.indexOf(':');
        if (colon < 0) {
            return scheduler + ":" + key + "=" + value;
        }
        final List<String> parameters = new ArrayList<>();
        for (final String parameter : scheduler.substring(colon + 1).split(",")) {
            if (!parameter.startsWith(key + "=")) {
                parameters.add(parameter);
            }
        }
        parameters.add(key + "=" + value);
        return scheduler.substring(0, colon) + ":" + String.join(",", parameters);
    }

    /** {@code NAME=a,b,c}, {@code NAME=a;b;c} or {@code NAME=START:END:STEP}. */
    static Sweep.Axis parseAxis(final String text) {
        final int equals = text.indexOf('=');
        if (equals <= 0 || equals == text.length() - 1) {
            throw new InvalidValueException("--vary", "'" + text + "' (expected NAME=VALUES)");
        }
        final String name = text.substring(0, equals);
        final String values = text.substring(equals + 1);
        if (!name.startsWith("scheduler.") && !WorkloadSettings.VARIABLE.contains(name)) {
            throw new InvalidValueException("--vary", "'" + text + "': cannot vary '" + name
                + "'; variable: " + String.join(", ", WorkloadSettings.VARIABLE) + ", or scheduler.KEY");
        }
        final String[] range = values.split(":");
        if (range.length == 3 && isNumber(range[0]) && isNumber(range[1]) && isNumber(range[2])) {
            final double start = Double.parseDouble(range[0]);
            final double end = Double.parseDouble(range[1]);
            final double step = Double.parseDouble(range[2]);
            if (!(step > 0) || !(end >= start) || (end - start) / step > 100_000) {
                throw new InvalidValueException("--vary", "'" + text
                    + "' (START:END:STEP needs step > 0, end >= start and at most 100000 values)");
            }
            final List<String> list = new ArrayList<>();
            final long count = (long) Math.floor((end - start) / step + 1e-9);
            for (long i = 0; i <= count; i++) {
                // rounding to 12 significant digits keeps 0.85 + 7 * 0.02 from printing as 0.9900000000000001
                list.add(ResultFiles.number(Double.parseDouble(String.format(Locale.ROOT, "%.12g", start + i * step))));
            }
            return new Sweep.Axis(name, distinct(text, list));
        }
        final String separator = values.contains(";") ? ";" : ",";
        final List<String> list = new ArrayList<>();
        for (final String value : values.split(separator, -1)) {
            if (value.isBlank()) {
                throw new InvalidValueException("--vary", "'" + text + "' has an empty value");
            }
            list.add(value.strip());
        }
        return new Sweep.Axis(name, distinct(text, list));
    }

    /** {@code values}, refused when one appears twice: two points with one coordinate would be one row twice. */
    private static List<String> distinct(final String text, final List<String> values) {
        final Set<String> seen = new HashSet<>();
        for (final String value : values) {
            if (!seen.add(value)) {
                throw new InvalidValueException("--vary", "'" + text + "' gives " + value + " twice");
            }
        }
        return values;
    }

    private static boolean isNumber(final String text) {
        try {
            Double.parseDouble(text);
            return true;
        } catch (final NumberFormatException e) {
            return false;
        }
    }

    /** Refuses an axis whose option, or scheduler parameter, the command line also gives. */
    static void check(final WorkloadSettings base, final List<String> schedulers, final List<Sweep.Axis> axes) {
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
    static Map<String, Object> commonInputs(final List<Map<String, Object>> points) {
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
