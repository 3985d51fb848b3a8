package org.stowage.reproduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleBiFunction;

import de.siegmar.fastcsv.writer.CsvWriter;

import org.stowage.sweep.ResultFiles;
import org.stowage.core.experiment.RunSpec;
import org.stowage.sweep.Sweep;

/**
 * A figure of the average queue size against one parameter (2019 paper, Figs. 4a, 4b and 5): one line per
 * scheduler with 95% intervals over replications, on a logarithmic axis because the schedulers differ by
 * orders of magnitude. A scheduler the paper's figure does not show is labelled "(ours)"; an average of
 * zero (no job ever waited) is drawn at the axis floor under its own legend entry.
 */
final class AxisFigure implements Figure {
    /** How a point of the axis becomes a run. */
    @FunctionalInterface
    interface SpecMaker {
        RunSpec make(Sweep.Point point, String scheduler, Scale scale);
    }

    private final String name;
    private final String title;
    private final String axis;
    private final String axisTitle;
    private final List<String> schedulers;
    /** The curves of the quick version (a subset of {@link #schedulers}). */
    private final List<String> quickSchedulers;
    private final List<String> ours;
    private final double[] paperValues;
    private final double[] quickValues;
    private final int paperReplications;
    private final int quickReplications;
    private final Map<String, Object> inputs;
    private final SpecMaker specMaker;
    private final ToDoubleBiFunction<Sweep.Point, Scale> cost;
    private final Function<Means, List<Claim>> claims;
    private final List<String> notes;
    /** Claims read from the runs themselves (stability verdicts), after those from the means; may be null. */
    private final Function<List<Sweep.Unit>, List<Claim>> unitClaims;
    /** Whether the report shows each point's stability verdicts. */
    private final boolean verdicts;
    /** The plotted metric and its axis label: the average queue size unless {@link #metric} says otherwise. */
    private String metric = "mean_queue";
    private String metricLabel = "average queue size";
    private Supplier<List<String>> extraNotes = List::of;

    /**
     * @param schedulers every scheduler run, in plot order
     * @param ours       those of {@code schedulers} that the paper's figure does not show
     */
    AxisFigure(final String name, final String title, final String axis, final String axisTitle,
               final List<String> schedulers, final List<String> ours, final double[] paperValues,
               final int paperReplications,
               final double[] quickValues, final int quickReplications, final Map<String, Object> inputs,
               final SpecMaker specMaker, final ToDoubleBiFunction<Sweep.Point, Scale> cost,
               final Function<Means, List<Claim>> claims, final List<String> notes) {
        this.name = name;
        this.title = title;
        this.axis = axis;
        this.axisTitle = axisTitle;
        this.schedulers = List.copyOf(schedulers);
        this.quickSchedulers = this.schedulers;
        if (!schedulers.containsAll(ours)) {
            throw new IllegalArgumentException(name + ": schedulers marked as ours " + ours + " are not all in "
                + schedulers);
        }
        this.ours = List.copyOf(ours);
        this.paperValues = paperValues.clone();
        this.quickValues = quickValues.clone();
        this.paperReplications = paperReplications;
        this.quickReplications = quickReplications;
        this.inputs = new LinkedHashMap<>(inputs);
        this.specMaker = specMaker;
        this.cost = cost;
        this.claims = claims;
        this.notes = List.copyOf(notes);
        this.unitClaims = null;
        this.verdicts = false;
    }

    private AxisFigure(final AxisFigure base, final List<String> quickCurves,
                       final Function<List<Sweep.Unit>, List<Claim>> unitClaims, final boolean verdicts) {
        this.name = base.name;
        this.title = base.title;
        this.axis = base.axis;
        this.axisTitle = base.axisTitle;
        this.schedulers = base.schedulers;
        if (!schedulers.containsAll(quickCurves) || quickCurves.isEmpty()) {
            throw new IllegalArgumentException(name + ": quick curves " + quickCurves + " are not a subset of "
                + schedulers);
        }
        this.quickSchedulers = List.copyOf(quickCurves);
        this.ours = base.ours;
        this.paperValues = base.paperValues;
        this.quickValues = base.quickValues;
        this.paperReplications = base.paperReplications;
        this.quickReplications = base.quickReplications;
        this.inputs = base.inputs;
        this.specMaker = base.specMaker;
        this.cost = base.cost;
        this.claims = base.claims;
        this.notes = base.notes;
        this.unitClaims = unitClaims;
        this.verdicts = verdicts;
        this.metric = base.metric;
        this.metricLabel = base.metricLabel;
        this.extraNotes = base.extraNotes;
    }

    /** This figure with fewer curves in its quick version (the paper's version keeps all). */
    AxisFigure withQuickCurves(final List<String> quickCurves) {
        return new AxisFigure(this, quickCurves, unitClaims, verdicts);
    }

    /** This figure with each point's stability verdicts in its report and claims read from them. */
    AxisFigure withVerdicts(final Function<List<Sweep.Unit>, List<Claim>> fromRuns) {
        return new AxisFigure(this, quickSchedulers, fromRuns, true);
    }

    /** Plots and checks {@code key} (a run metric, e.g. {@code wait_mean}) under {@code label} instead. */
    AxisFigure metric(final String key, final String label) {
        this.metric = key;
        this.metricLabel = label;
        return this;
    }

    /** Notes known only once the runs are made (e.g. a plan's lambda* per point), printed after the others. */
    AxisFigure extraNotes(final Supplier<List<String>> supplier) {
        this.extraNotes = supplier;
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public Sweep sweep(final Scale scale, final long seed) {
        final Map<String, Object> all = new LinkedHashMap<>();
        all.put("figure", name);
        all.put("scale", scale.name().toLowerCase(Locale.ROOT));
        all.putAll(inputs);
        return new Sweep(scale == Scale.PAPER ? schedulers : quickSchedulers, List.of(Sweep.Axis.of(axis, scale == Scale.PAPER ? paperValues : quickValues)),
            scale == Scale.PAPER ? paperReplications : quickReplications, seed, all);
    }

    @Override
    public RunSpec spec(final Sweep.Point point, final String scheduler, final Scale scale) {
        return specMaker.make(point, scheduler, scale);
    }

    @Override
    public double cost(final Sweep.Point point, final String scheduler, final Scale scale) {
        return cost.applyAsDouble(point, scale);
    }

    @Override
    public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
        final Means means = new Means(sweep, finished, axis, metric);
        ResultFiles.atomically(directory.resolve(name + ".csv"), target -> {
            try (CsvWriter csv = ResultFiles.csv(target)) {
                csv.writeRecord(axis, "scheduler", "n", metric, "ci95_low", "ci95_high");
                for (final double value : means.values()) {
                    for (final String scheduler : means.schedulers()) {
                        final double[] interval = means.at(scheduler, value);
                        csv.writeRecord(ResultFiles.number(value), scheduler, Integer.toString((int) interval[3]),
                            ResultFiles.number(interval[0]), ResultFiles.number(interval[1]),
                            ResultFiles.number(interval[2]));
                    }
                }
            }
        });
        Charts.save(directory.resolve(name), title, axisTitle, "0.00", metricLabel, true, ZERO_LABEL,
            lines(means));
    }

    /** Legend entry of the zeros on the logarithmic axis. */
    static final String ZERO_LABEL = "0 = empty queue (at the axis floor)";

    /** The plotted lines: one per scheduler, labelled "(ours)" when the paper's figure does not show it. */
    private List<Charts.Line> lines(final Means means) {
        final List<Charts.Line> lines = new ArrayList<>();
        for (final String scheduler : means.schedulers()) {
            final double[] x = new double[means.values().size()];
            final double[] y = new double[x.length];
            final double[] error = new double[x.length];
            boolean withErrors = true;
            for (int i = 0; i < x.length; i++) {
                x[i] = means.values().get(i);
                final double[] interval = means.at(scheduler, x[i]);
                y[i] = interval[0];
                error[i] = interval[2] - interval[0];
                withErrors &= !Double.isNaN(error[i]);
            }
            lines.add(new Charts.Line(scheduler, Legends.label(scheduler, ours.contains(scheduler), null), x, y,
                withErrors ? error : null));
        }
        return lines;
    }

    /** The rendered lines of {@code finished}, for tests. */
    List<Charts.Line> lines(final Sweep sweep, final List<Sweep.Unit> finished) {
        return lines(new Means(sweep, finished, axis, metric));
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        final List<Claim> all = new ArrayList<>(claims.apply(new Means(sweep, finished, axis, metric)));
        if (unitClaims != null) {
            all.addAll(unitClaims.apply(finished));
        }
        return all;
    }

    @Override
    public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
        final Means means = new Means(sweep, finished, axis, metric);
        out.printf(Locale.ROOT, "%-10s", axis);
        for (final String scheduler : means.schedulers()) {
            out.printf(Locale.ROOT, " %16s", scheduler);
        }
        out.println("   (" + metricLabel + ")");
        for (final double value : means.values()) {
            out.printf(Locale.ROOT, "%-10s", ResultFiles.number(value));
            for (final String scheduler : means.schedulers()) {
                // queues print as 0.00-style averages; other metrics (response times in hours) need digits
                out.printf(Locale.ROOT, metric.equals("mean_queue") ? " %16.2f" : " %16.4g", means.mean(scheduler, value));
            }
            out.println();
        }
        if (verdicts) {
            reportVerdicts(out, means, finished);
        }
        for (final String note : notes) {
            out.println(note);
        }
        for (final String note : extraNotes.get()) {
            out.println(note);
        }
        if (!ours.isEmpty()) {
            out.println("(ours): " + String.join(", ", ours) + " not in the paper's figure; run for comparison.");
        }
        boolean zero = false;
        for (final double value : means.values()) {
            for (final String scheduler : means.schedulers()) {
                zero |= means.mean(scheduler, value) == 0;
            }
        }
        if (zero) {
            out.println("A zero average (no job ever waited) is drawn at the floor of the logarithmic axis, under a"
                + " black cross.");
        }
    }

    /** Per point and scheduler, the replications' verdicts as stable/inconclusive/unstable counts. */
    private void reportVerdicts(final PrintWriter out, final Means means, final List<Sweep.Unit> finished) {
        out.printf(Locale.ROOT, "%-10s", axis);
        for (final String scheduler : means.schedulers()) {
            out.printf(Locale.ROOT, " %16s", scheduler);
        }
        out.println("   (verdicts: stable/inconclusive/unstable replications)");
        for (final double value : means.values()) {
            out.printf(Locale.ROOT, "%-10s", ResultFiles.number(value));
            for (final String scheduler : means.schedulers()) {
                final int[] counts = new int[3];
                for (final Sweep.Unit unit : finished) {
                    if (unit.scheduler().equals(scheduler) && unit.point().number(axis) == value) {
                        switch (unit.result().stability().verdict()) {
                            case STABLE -> counts[0]++;
                            case UNSTABLE -> counts[2]++;
                            default -> counts[1]++;
                        }
                    }
                }
                out.printf(Locale.ROOT, " %16s", counts[0] + "/" + counts[1] + "/" + counts[2]);
            }
            out.println();
        }
    }
}
