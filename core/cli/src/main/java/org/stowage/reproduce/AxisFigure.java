package org.stowage.reproduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleBiFunction;

import org.stowage.core.experiment.RunSpec;
import org.stowage.core.metrics.Metric;
import org.stowage.report.Charts;
import org.stowage.report.Legends;
import org.stowage.report.MetricUnits;
import org.stowage.report.TextTable;
import org.stowage.sweep.ResultFiles;
import org.stowage.sweep.Sweep;

import de.siegmar.fastcsv.writer.CsvWriter;

/**
 * A figure of one metric (the average queue size unless it says otherwise) against one parameter (2019 paper,
 * Figs. 4a, 4b and 5; 2018 paper, Figs. 2-8; LoTES, Figs. 11-13): one line per scheduler with 95% intervals
 * over replications, on a logarithmic axis when the schedulers differ by more than a hundredfold (they often differ
 * by orders of magnitude). A scheduler
 * the paper's figure does not show is labelled "(ours)"; an average of zero (no job ever waited) is drawn at
 * the axis floor under its own legend entry. Made with {@link #builder}.
 */
public final class AxisFigure implements SpecFigure {
    /** How a point of the axis becomes a run. */
    @FunctionalInterface
    public interface SpecMaker {
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
    /** The plotted metric and its axis label. */
    private final Metric metric;
    private final String metricLabel;
    private final Supplier<List<String>> extraNotes;
    private final boolean readsGoogleTrace;
    private final boolean curvesAreKernels;

    private AxisFigure(final Builder builder) {
        this.name = builder.name;
        this.title = builder.title;
        this.axis = Objects.requireNonNull(builder.axis, builder.name + ": no axis");
        this.axisTitle = builder.axisTitle;
        this.schedulers = List.copyOf(builder.schedulers);
        this.quickSchedulers = builder.quickSchedulers == null ? schedulers : List.copyOf(builder.quickSchedulers);
        this.ours = List.copyOf(builder.ours);
        if (schedulers.isEmpty() || quickSchedulers.isEmpty() || !schedulers.containsAll(quickSchedulers)) {
            throw new IllegalArgumentException(name + ": quick curves " + quickSchedulers + " are not a subset of "
                + schedulers);
        }
        if (!schedulers.containsAll(ours)) {
            throw new IllegalArgumentException(name + ": schedulers marked as ours " + ours + " are not all in "
                + schedulers);
        }
        this.paperValues = builder.paperValues.clone();
        this.quickValues = builder.quickValues.clone();
        this.paperReplications = builder.paperReplications;
        this.quickReplications = builder.quickReplications;
        this.inputs = new LinkedHashMap<>(builder.inputs);
        this.specMaker = Objects.requireNonNull(builder.specMaker, builder.name + ": no runs");
        this.cost = builder.cost;
        this.claims = Objects.requireNonNull(builder.claims, builder.name + ": no claims");
        this.notes = List.copyOf(builder.notes);
        this.unitClaims = builder.unitClaims;
        this.verdicts = builder.verdicts;
        this.metric = builder.metric;
        this.metricLabel = builder.metricLabel;
        this.extraNotes = builder.extraNotes;
        this.readsGoogleTrace = builder.readsGoogleTrace;
        this.curvesAreKernels = builder.curvesAreKernels;
    }

    /** A figure named {@code name} (its command-line name) showing {@code title}; see {@link Builder}. */
    public static Builder builder(final String name, final String title) {
        return new Builder(name, title);
    }

    /**
     * What an {@link AxisFigure} is made of. Required: {@link #axis}, {@link #schedulers}, {@link #runs} and
     * {@link #claims}; everything else has a default (one replication at each scale, every run of equal cost,
     * the average queue size as the metric, no notes).
     */
    public static final class Builder {
        private final String name;
        private final String title;
        private String axis;
        private String axisTitle;
        private double[] paperValues;
        private double[] quickValues;
        private int paperReplications = 1;
        private int quickReplications = 1;
        private List<String> schedulers = List.of();
        private List<String> quickSchedulers;
        private List<String> ours = List.of();
        private Map<String, Object> inputs = Map.of();
        private SpecMaker specMaker;
        private ToDoubleBiFunction<Sweep.Point, Scale> cost = (point, scale) -> 1;
        private Function<Means, List<Claim>> claims;
        private Function<List<Sweep.Unit>, List<Claim>> unitClaims;
        private boolean verdicts;
        private List<String> notes = List.of();
        private Metric metric = Metric.MEAN_QUEUE;
        private String metricLabel = "average queue size (jobs)";
        private Supplier<List<String>> extraNotes = List::of;
        private boolean readsGoogleTrace;
        private boolean curvesAreKernels = true;

        private Builder(final String name, final String title) {
            this.name = name;
            this.title = title;
        }

        /** The x axis: its key in the sweep and its files, its title on the plot, its values at each scale. */
        public Builder axis(final String key, final String plotTitle, final double[] paper, final double[] quick) {
            this.axis = key;
            this.axisTitle = plotTitle;
            this.paperValues = paper.clone();
            this.quickValues = quick.clone();
            return this;
        }

        /** Independent replications per point at each scale. */
        public Builder replications(final int paper, final int quick) {
            this.paperReplications = paper;
            this.quickReplications = quick;
            return this;
        }

        /** Every curve, in plot order: one run per curve, point and replication ({@link #runs}). */
        public Builder schedulers(final List<String> all) {
            this.schedulers = all;
            return this;
        }

        /** The curves of the quick version, a subset (default: all). */
        public Builder quickSchedulers(final List<String> quick) {
            this.quickSchedulers = quick;
            return this;
        }

        /** Those of the curves that the paper's figure does not show: labelled "(ours)". */
        public Builder ours(final List<String> notInThePaper) {
            this.ours = notInThePaper;
            return this;
        }

        /**
         * The curves are settings of one kernel (the 2018 paper's Fig. 2: numbers of servers, intensities),
         * not kernels, so a kernel cannot be added to the figure ({@code reproduce --add-scheduler}).
         */
        public Builder curvesAreSettings() {
            this.curvesAreKernels = false;
            return this;
        }

        /** Every other input, recorded in the sweep's manifest. */
        public Builder inputs(final Map<String, Object> recorded) {
            this.inputs = recorded;
            return this;
        }

        /** How a point and a curve become a run. */
        public Builder runs(final SpecMaker maker) {
            this.specMaker = maker;
            return this;
        }

        /** A relative estimate of a run's cost (see {@link Sweep.PointRunner#cost}). */
        public Builder cost(final ToDoubleBiFunction<Sweep.Point, Scale> estimate) {
            this.cost = estimate;
            return this;
        }

        /** The paper's claims, checked against the means of the plotted metric. */
        public Builder claims(final Function<Means, List<Claim>> fromMeans) {
            this.claims = fromMeans;
            return this;
        }

        /**
         * Each point's stability verdicts in the report, and claims read from the runs themselves (listed
         * after those of {@link #claims}).
         */
        public Builder verdicts(final Function<List<Sweep.Unit>, List<Claim>> fromRuns) {
            this.verdicts = true;
            this.unitClaims = fromRuns;
            return this;
        }

        /** Each point's stability verdicts in the report, no claim read from them. */
        public Builder verdicts() {
            return verdicts(units -> List.of());
        }

        /** Lines printed under the table. */
        public Builder notes(final List<String> lines) {
            this.notes = lines;
            return this;
        }

        /** Plots and checks {@code key} (a run metric, e.g. {@link Metric#WAIT_MEAN}) under {@code label}, its unit included. */
        public Builder metric(final Metric key, final String label) {
            this.metric = key;
            this.metricLabel = label;
            return this;
        }

        /** Notes known only once the runs are made (e.g. a plan's lambda* per point), printed after the others. */
        public Builder extraNotes(final Supplier<List<String>> supplier) {
            this.extraNotes = supplier;
            return this;
        }

        /** Its runs read the Google 2011 task_events. */
        public Builder readsGoogleTrace() {
            this.readsGoogleTrace = true;
            return this;
        }

        public AxisFigure build() {
            return new AxisFigure(this);
        }
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
        return new Sweep(scale == Scale.PAPER ? schedulers : quickSchedulers, List.of(Sweep.Axis.of(axis,
            scale == Scale.PAPER ? paperValues : quickValues)),
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
    public boolean readsGoogleTrace() {
        return readsGoogleTrace;
    }

    @Override
    public boolean takesAddedKernels() {
        return curvesAreKernels;
    }

    @Override
    public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
        final Means means = new Means(sweep, finished, axis, metric.name());
        ResultFiles.atomically(directory.resolve(name + ".csv"), target -> {
            try (CsvWriter csv = ResultFiles.csv(target)) {
                csv.writeRecord(axis, "scheduler", "n", metric.name(), "ci95_low", "ci95_high");
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
        Charts.save(directory.resolve(name), title, axisTitle, Charts.YAxis.of(metricLabel, MetricUnits.domain(metric.name()))
            .withZeroLabel("0 = no job ever waited (at the axis floor)"), lines(means, AddedSchedulers.in(sweep)));
    }

    /**
     * The plotted lines: one per scheduler, labelled "(ours)" when the paper's figure does not show it, "(added)"
     * when it is one of {@code added}.
     */
    private List<Charts.Line> lines(final Means means, final List<String> added) {
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
            lines.add(new Charts.Line(scheduler, Legends.label(scheduler, ours.contains(scheduler), null,
                added.contains(scheduler)), x, y, withErrors ? error : null));
        }
        return lines;
    }

    /** The rendered lines of {@code finished}, for tests. */
    List<Charts.Line> lines(final Sweep sweep, final List<Sweep.Unit> finished) {
        return lines(new Means(sweep, finished, axis, metric.name()), AddedSchedulers.in(sweep));
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        final List<Claim> all = new ArrayList<>(claims.apply(new Means(sweep, finished, axis, metric.name())));
        if (unitClaims != null) {
            all.addAll(unitClaims.apply(finished));
        }
        return all;
    }

    @Override
    public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
        final Means means = new Means(sweep, finished, axis, metric.name());
        out.println(metricLabel + ", the mean over the replications:");
        final List<String> header = new ArrayList<>(List.of(axis));
        header.addAll(means.schedulers());
        final TextTable table = TextTable.flush(header.toArray(String[]::new));
        for (final double value : means.values()) {
            final List<String> row = new ArrayList<>(List.of(ResultFiles.number(value)));
            for (final String scheduler : means.schedulers()) {
                // queues print as 0.00-style averages; other metrics (response times in hours) need digits
                row.add(String.format(Locale.ROOT, metric.equals(Metric.MEAN_QUEUE) ? "%.2f" : "%.4g",
                    means.mean(scheduler, value)));
            }
            table.row(row);
        }
        table.printTo(out);
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
            out.println("A zero average (no job ever waited) is drawn at the floor of a logarithmic axis, under a"
                + " black cross.");
        }
    }

    /** Per point and scheduler, the replications' verdicts as stable/inconclusive/unstable counts. */
    private void reportVerdicts(final PrintWriter out, final Means means, final List<Sweep.Unit> finished) {
        out.println("Verdicts: stable/inconclusive/unstable replications:");
        final List<String> header = new ArrayList<>(List.of(axis));
        header.addAll(means.schedulers());
        final TextTable table = TextTable.flush(header.toArray(String[]::new));
        for (final double value : means.values()) {
            final List<String> row = new ArrayList<>(List.of(ResultFiles.number(value)));
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
                row.add(counts[0] + "/" + counts[1] + "/" + counts[2]);
            }
            table.row(row);
        }
        table.printTo(out);
    }
}
