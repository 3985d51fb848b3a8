package org.stowage.reproduce.fgd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.gpu.ArrivalCurves;
import org.stowage.core.gpu.FgdEvaluation;
import org.stowage.core.gpu.PodSequence;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.ResultFiles;
import org.stowage.sweep.Sweep;

/**
 * A figure of the FGD evaluation: its units are experiments (a pod list, a policy, a seed: {@link FgdRun}),
 * its schedulers the six policies, its axes the pod lists it shows and the seeds (ten at the paper's scale,
 * from {@code --seed} on; one at quick scale, which also shows fewer lists).
 */
abstract class FgdFigure implements Figure {
    static final String LIST = "pod-list";
    static final String SEED = "seed";
    /** Experiments per list and policy at the paper's scale: the artifact's ten seeds. */
    static final int PAPER_SEEDS = FgdEvaluation.SEEDS.size();

    private final String name;
    private final String title;
    private final List<String> paperLists;
    private final List<String> quickLists;
    final OpenbLists lists;

    FgdFigure(final String name, final String title, final List<String> paperLists, final List<String> quickLists,
              final OpenbLists lists) {
        this.name = name;
        this.title = title;
        this.paperLists = List.copyOf(paperLists);
        this.quickLists = List.copyOf(quickLists);
        this.lists = lists;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String title() {
        return title;
    }

    @Override
    public final boolean readsOpenbTrace() {
        return true;
    }

    /** The pod lists at {@code scale}. */
    final List<String> podLists(final Scale scale) {
        return scale == Scale.PAPER ? paperLists : quickLists;
    }

    @Override
    public final Sweep sweep(final Scale scale, final long seed) {
        final List<String> seeds = new ArrayList<>();
        for (int i = 0; i < (scale == Scale.PAPER ? PAPER_SEEDS : 1); i++) {
            seeds.add(Long.toString(seed + i));
        }
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("figure", name);
        inputs.put("scale", scale.name().toLowerCase(Locale.ROOT));
        inputs.put("trace", "alibaba-gpu-2023 pod lists on " + lists.folder().resolve("openb_node_list_gpu_node.csv"));
        inputs.put("tuning", PodSequence.PAPER_RATIO + " x the cluster's GPUs, pods arrive one by one and never leave");
        return new Sweep(FgdEvaluation.POLICIES, List.of(new Sweep.Axis(LIST, podLists(scale)), new Sweep.Axis(SEED, seeds)),
            1, seed, inputs);
    }

    @Override
    public final void prepareInputs(final Scale scale, final long seed) {
        for (final String list : podLists(scale)) {
            lists.get(list);
        }
    }

    /** The experiment of the FGD artifact, one pod per slot, never through {@code runs} (no plan to make). */
    @Override
    public final RunResult run(final Sweep.Point point, final String scheduler, final Scale scale,
                               final PlannedRuns runs) {
        return FgdRun.run(lists.get(point.text(LIST)), scheduler, Long.parseLong(point.text(SEED)));
    }

    /** Random scans twice, FGD reads cached scores: their relative costs, measured (docs/FGD.md). */
    @Override
    public final double cost(final Sweep.Point point, final String scheduler, final Scale scale) {
        return switch (scheduler) {
            case "FGD" -> 1;
            case "Random" -> 3;
            default -> 2;
        };
    }

    /** The finished runs by pod list (in axis order), then policy (in sweep order), each seed's run. */
    static Map<String, Map<String, List<FgdRun>>> byList(final Sweep sweep, final List<Sweep.Unit> finished) {
        final Map<String, Map<String, List<FgdRun>>> runs = new LinkedHashMap<>();
        for (final String list : sweep.axes().get(0).values()) {
            final Map<String, List<FgdRun>> policies = new LinkedHashMap<>();
            for (final String policy : sweep.schedulers()) {
                policies.put(policy, new ArrayList<>());
            }
            runs.put(list, policies);
        }
        for (final Sweep.Unit unit : finished) {
            runs.get(unit.point().text(LIST)).get(unit.scheduler()).add(FgdRun.of(unit.result()));
        }
        return runs;
    }

    /** Mean over {@code runs} of {@code column} of array {@code which} (NaNs left out; NaN when none). */
    static double mean(final List<FgdRun> runs, final Column which, final int column) {
        double sum = 0;
        int count = 0;
        for (final FgdRun run : runs) {
            final double value = which.of(run)[column];
            if (!Double.isNaN(value)) {
                sum += value;
                count++;
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }

    /** Sample standard deviation over {@code runs} (0 for one run, NaN for none). */
    static double sd(final List<FgdRun> runs, final Column which, final int column) {
        final double mean = mean(runs, which, column);
        double sum = 0;
        int count = 0;
        for (final FgdRun run : runs) {
            final double value = which.of(run)[column];
            if (!Double.isNaN(value)) {
                sum += (value - mean) * (value - mean);
                count++;
            }
        }
        return count == 0 ? Double.NaN : count == 1 ? 0 : Math.sqrt(sum / (count - 1));
    }

    /** The median over {@code runs} (the artifact's plots draw medians). */
    static double median(final List<FgdRun> runs, final Column which, final int column) {
        final List<Double> values = new ArrayList<>();
        for (final FgdRun run : runs) {
            final double value = which.of(run)[column];
            if (!Double.isNaN(value)) {
                values.add(value);
            }
        }
        if (values.isEmpty()) {
            return Double.NaN;
        }
        values.sort(null);
        final int n = values.size();
        return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
    }

    /** The three per-percent measures of a run. */
    enum Column {
        ALLOCATION, UNALLOCATED, FRAGMENT_AMOUNT, FRAGMENT_RATIO;

        double[] of(final FgdRun run) {
            return switch (this) {
                case ALLOCATION -> run.allocation();
                case UNALLOCATED -> {
                    final double[] unallocated = new double[run.allocation().length];
                    for (int i = 0; i < unallocated.length; i++) {
                        unallocated[i] = 100 - run.allocation()[i];
                    }
                    yield unallocated;
                }
                case FRAGMENT_AMOUNT -> run.amount();
                case FRAGMENT_RATIO -> run.ratio();
            };
        }
    }

    /** Writes {@code text} as {@code directory/file} (whole or not at all). */
    static void write(final Path directory, final String file, final CharSequence text) throws IOException {
        Files.createDirectories(directory);
        ResultFiles.writeString(directory.resolve(file), text.toString());
    }

    /** Every seed's columns 0..130 of {@code which}, one CSV row per list, policy and seed. */
    static String columns(final Column which, final List<Sweep.Unit> finished) {
        final StringBuilder csv = new StringBuilder("pod_list,policy,seed");
        for (int a = 0; a < ArrivalCurves.COLUMNS; a++) {
            csv.append(',').append(a);
        }
        csv.append('\n');
        for (final Sweep.Unit unit : finished) {
            final FgdRun run = FgdRun.of(unit.result());
            csv.append(unit.point().text(LIST)).append(',').append(unit.scheduler()).append(',')
                .append(unit.point().text(SEED));
            for (final double value : which.of(run)) {
                csv.append(',').append(Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.2f", value));
            }
            csv.append('\n');
        }
        return csv.toString();
    }
}
