package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.min;
import static org.stowage.reproduce.Numbers.spread;
import static org.stowage.reproduce.Numbers.spreadPlain;
import static org.stowage.reproduce.djsf.PaperDjsf.JOBS_EVIDENCE;
import static org.stowage.reproduce.djsf.PaperDjsf.JOBS_SJF_REASON;
import static org.stowage.reproduce.djsf.PaperDjsf.PAPER_SEEDS;
import static org.stowage.reproduce.djsf.PaperDjsf.SEED;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.trace.GoogleBatchSample;
import org.stowage.core.trace.GoogleJobs;
import org.stowage.core.trace.JobList;
import org.stowage.report.Charts;
import org.stowage.report.Legends;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepFiles;

/**
 * The paper's unit is a job (Sec. 5.1), ours elsewhere a task: the four batch kernels (SJF, Tetris, DJSF per
 * server, DJSF-pooled) on batches of 1000 Google tasks and on batches of 1000 Google jobs
 * ({@link GoogleJobs}: a job's request is the sum of its tasks', its duration first start to last finish;
 * jobs with a task not kept are skipped, jobs above one machine left out, both counted), same seeds, same
 * cluster.
 */
final class JobsAndTasks extends GoogleFigure {
    static final List<String> FOUR = List.of("SJF", "Tetris", "DJSF", "DJSF-pooled");
    static final String UNIT = "batch-unit";
    static final String TASKS = "tasks";
    static final String JOBS = "jobs";
    /**
     * The paper's average JCT over its mean job length on its batches of jobs (Sec. 5.1), in the order of
     * {@link #FOUR}; NaN for DJSF-pooled, which it does not run.
     */
    static final double[] PAPER_MULTIPLES = {2.47, 2.47, 1.90, Double.NaN};
    /** The kernel of {@link #FOUR} the paper does not show. */
    static final String POOLED = "DJSF-pooled";
    private final GoogleBatches batches;

    JobsAndTasks(final GoogleBatches batches) {
        super("djsf-jobs", "Hu and Li 2022 Sec. 5.1: batches of Google jobs beside batches of tasks, four kernels",
            FOUR, batches, true);
        this.batches = batches;
    }

    @Override
    List<Sweep.Axis> axes(final Scale scale, final long seed) {
        return List.of(new Sweep.Axis(UNIT, List.of(TASKS, JOBS)),
            seedAxis(SEED, seed, scale == Scale.PAPER ? PAPER_SEEDS : 1));
    }

    @Override
    Map<String, Object> inputs() {
        final Map<String, Object> inputs = super.inputs();
        inputs.put("batch", GoogleBatchSample.PAPER_JOBS + " kept tasks, or " + GoogleBatchSample.PAPER_JOBS
            + " complete Google jobs that fit one machine (request = sum of the tasks', duration = first start to"
            + " last finish), uniform without replacement, durations / " + GoogleBatchSample.PAPER_SPEEDUP);
        return inputs;
    }

    @Override
    public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale,
                         final PlannedRuns runs) {
        final long seed = seedOf(point);
        final JobList batch = point.text(UNIT).equals(JOBS) ? batches.jobBatch(seed) : batches.batch(seed);
        return BatchRun.of(batch, GoogleBatches.cluster(), scheduler).result(false);
    }

    /** The runs by unit, then seed, then kernel. */
    private static Map<String, Map<Long, Map<String, BatchRun>>> byUnit(final List<Sweep.Unit> finished) {
        final Map<String, Map<Long, Map<String, BatchRun>>> runs = new LinkedHashMap<>();
        for (final Map.Entry<Map<String, String>, Map<String, BatchRun>> point : byPoint(finished).entrySet()) {
            runs.computeIfAbsent(point.getKey().get(UNIT), key -> new LinkedHashMap<>())
                .put(Long.parseLong(point.getKey().get(SEED)), point.getValue());
        }
        return runs;
    }

    /** Per seed of {@code unit}, the average JCT of {@code kernel} over the batch's mean job length. */
    private static List<Double> multiples(final Map<Long, Map<String, BatchRun>> unit, final String kernel) {
        final List<Double> multiples = new ArrayList<>();
        for (final Map<String, BatchRun> runs : unit.values()) {
            multiples.add(runs.get(kernel).metrics().averageJct() / runs.get(kernel).meanDuration());
        }
        return multiples;
    }

    /** Per seed of {@code unit}, DJSF's reduction of the average JCT against {@code other}. */
    private static List<Double> djsfBelow(final Map<Long, Map<String, BatchRun>> unit, final String other) {
        final List<Double> reductions = new ArrayList<>();
        for (final Map<String, BatchRun> runs : unit.values()) {
            final double them = runs.get(other).metrics().averageJct();
            reductions.add((them - runs.get("DJSF").metrics().averageJct()) / them);
        }
        return reductions;
    }

    @Override
    public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
        final StringBuilder csv = new StringBuilder(
            "unit,seed,scheduler,mean_duration,average_jct,ratio_to_mean,makespan,job_sets\n");
        for (final Map.Entry<String, Map<Long, Map<String, BatchRun>>> unit : byUnit(finished).entrySet()) {
            for (final Map.Entry<Long, Map<String, BatchRun>> seed : unit.getValue().entrySet()) {
                for (final String kernel : FOUR) {
                    final BatchRun run = seed.getValue().get(kernel);
                    csv.append(String.format(Locale.ROOT, "%s,%d,%s,%.6f,%.6f,%.6f,%.6f,%d%n", unit.getKey(),
                        seed.getKey(), kernel, run.meanDuration(), run.metrics().averageJct(),
                        run.metrics().averageJct() / run.meanDuration(), run.metrics().makespan(),
                        run.setJce().length));
                }
            }
        }
        write(directory, "djsf-jobs.csv", csv);
        Files.createDirectories(directory);
        final Map<String, Map<Long, Map<String, BatchRun>>> units = byUnit(finished);
        final int seeds = units.get(TASKS).size();
        Charts.saveBars(directory.resolve("djsf-jobs"), "Average JCT over mean job length (Hu and Li 2022"
            + " Sec. 5.1; " + (seeds == 1 ? "1 seed)" : seeds + " seeds, 95% interval)"),
            groups(units), "batch unit (mean job length of the batch)", "average JCT / mean job length (ratio)",
            bars(units));
    }

    /** The plot's groups: each unit with its batches' mean job length, then the paper's. */
    private static List<String> groups(final Map<String, Map<Long, Map<String, BatchRun>>> units) {
        final List<String> groups = new ArrayList<>();
        for (final Map.Entry<String, Map<Long, Map<String, BatchRun>>> unit : units.entrySet()) {
            double meanLength = 0;
            for (final Map<String, BatchRun> runs : unit.getValue().values()) {
                meanLength += runs.get("DJSF").meanDuration() / unit.getValue().size();
            }
            groups.add(String.format(Locale.ROOT, "%s (%.0f s)", unit.getKey(), meanLength));
        }
        groups.add("paper (jobs)");
        return groups;
    }

    /**
     * Per kernel, the mean multiple over the seeds of each unit with its 95% half-width (none from one seed),
     * then the paper's value.
     */
    static List<Charts.Bars> bars(final Map<String, Map<Long, Map<String, BatchRun>>> units) {
        final List<Charts.Bars> bars = new ArrayList<>();
        for (int k = 0; k < FOUR.size(); k++) {
            final String kernel = FOUR.get(k);
            final double[] y = new double[units.size() + 1];
            final double[] error = new double[y.length];
            boolean withErrors = false;
            int i = 0;
            for (final Map<Long, Map<String, BatchRun>> unit : units.values()) {
                final double[] interval = SweepFiles.meanAndInterval(
                    multiples(unit, kernel).stream().mapToDouble(Double::doubleValue).toArray());
                y[i] = interval[0];
                error[i] = interval[2] - interval[0];
                withErrors |= !Double.isNaN(error[i]);
                i++;
            }
            y[i] = PAPER_MULTIPLES[k];
            error[i] = Double.NaN;
            bars.add(new Charts.Bars(kernel, Legends.label(kernel, kernel.equals(POOLED), null), y,
                withErrors ? error : null));
        }
        return bars;
    }

    @Override
    public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
        out.println("  jobs: " + batches.jobsReport());
        out.println(String.format(Locale.ROOT, "  average JCT / mean job length (paper: SJF %.2f, Tetris %.2f,"
            + " DJSF %.2f); DJSF's job sets (paper: 127)", PAPER_MULTIPLES[0], PAPER_MULTIPLES[1],
            PAPER_MULTIPLES[2]));
        for (final Map.Entry<String, Map<Long, Map<String, BatchRun>>> unit : byUnit(finished).entrySet()) {
            final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-5s", unit.getKey()));
            for (final String kernel : FOUR) {
                line.append("  ").append(kernel).append(' ').append(spreadPlain(multiples(unit.getValue(), kernel)));
            }
            final List<Double> sets = new ArrayList<>();
            double meanLength = 0;
            for (final Map<String, BatchRun> runs : unit.getValue().values()) {
                sets.add((double) runs.get("DJSF").setJce().length);
                meanLength += runs.get("DJSF").meanDuration() / unit.getValue().size();
            }
            out.println(line.append("; sets ").append(spreadPlain(sets)).append(String.format(Locale.ROOT,
                "; mean job length %.1f s", meanLength)));
            out.println("         DJSF below SJF " + spread(djsfBelow(unit.getValue(), "SJF")) + ", below Tetris "
                + spread(djsfBelow(unit.getValue(), "Tetris")) + ", below DJSF-pooled "
                + spread(djsfBelow(unit.getValue(), "DJSF-pooled")));
        }
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        final Map<Long, Map<String, BatchRun>> jobs = byUnit(finished).get(JOBS);
        final List<Double> overTetris = djsfBelow(jobs, "Tetris");
        final List<Double> overSjf = djsfBelow(jobs, "SJF");
        return List.of(
            Claim.of("on Google-job batches, DJSF's average JCT below Tetris's (paper: 23.2%)",
                spread(overTetris),
                min(overTetris) > 0),
            Claim.of("on batches of Google jobs, DJSF's average JCT 23.19% below SJF's", spread(overSjf),
                min(overSjf) > 0).withEvidence(JOBS_SJF_REASON, JOBS_EVIDENCE));
    }
}
