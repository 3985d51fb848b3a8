package org.stowage.reproduce;

import org.stowage.report.Charts;
import org.stowage.report.Legends;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.kernel.batch.DjsfOptions;
import org.stowage.core.kernel.batch.JobSetPlanner;
import org.stowage.core.kernel.batch.Jce;
import org.stowage.core.kernel.batch.TetrisScore;
import org.stowage.core.metrics.BatchMetrics;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.GoogleBatchSample;
import org.stowage.core.trace.GoogleJobs;
import org.stowage.core.trace.JobList;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.PredictionError;
import org.stowage.core.trace.TraceFormat;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.TraceSpec;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepFiles;

/**
 * Hu and Li 2022's results (docs/DJSF.md) as figures: the worked examples (Fig. 1, Table 2, Sec. 4.3), exact,
 * and the Google batch (Figs. 8-12, Tables 3-5) on 1000 tasks drawn per seed from the shared Google 2011
 * sample, run on 20 machines of 0.33 under SJF, Tetris and DJSF (per server). Each item is a sweep of batch
 * runs ({@link BatchFigure}): the batch seeds are its points, the kernels its schedulers; it writes its CSV
 * (Figs. 8-12 and djsf-jobs also PNG and SVG plots; Fig. 12 one per resource) from the finished units and
 * checks the paper's claims against ours; ratios are compared, not absolute times (our tasks are shorter and smaller
 * than the paper's). {@link Scale#PAPER} draws 20 batches (seeds N, N+1, ...) and reports the spread;
 * {@link Scale#QUICK} draws one. Figs. 9 and 12 and Tables 4 and 5 use the first batch.
 */
final class PaperDjsf {
    static final List<String> KERNELS = List.of("SJF", "Tetris", "DJSF");
    /** DJSF's plan as a job priority (ours, not the paper's): reported beside the paper's DJSF in Fig. 8. */
    static final String JOBWISE = "DJSF:jobwise=true";
    /** The paper's three kernels and the job-wise order (Figs. 8 and 12). */
    static final List<String> WITH_JOBWISE = List.of("SJF", "Tetris", "DJSF", JOBWISE);
    /** Batches at paper scale. */
    static final int PAPER_SEEDS = 20;
    /** The axis of batch seeds. */
    static final String SEED = "batch-seed";
    /** Where the docs explain why DJSF does not beat our SJF. */
    static final String SJF_EVIDENCE = "docs/DJSF.md#evidence-why-our-sjf-beats-the-papers";
    /** Why the claims against SJF differ, in one line (the evidence is at {@link #SJF_EVIDENCE}). */
    static final String SJF_REASON = "our SJF gains from its order: average JCT 1.38x the mean job length, the"
        + " paper's SJF 2.47x like its Tetris";
    /** Where the docs give the batches of Google jobs, their skips and the four kernels on them. */
    static final String JOBS_EVIDENCE = "docs/DJSF.md#batches-of-google-jobs";
    /** Why the claim against SJF differs on batches of jobs too, in one line. */
    static final String JOBS_SJF_REASON = "the job unit does not change it: our SJF gains from its order on job"
        + " batches too (about 1.25x the mean job length), the paper's SJF 2.47x like its Tetris";
    private static final Units UNITS = Units.defaults();

    private PaperDjsf() {
    }

    /** Every item in the paper's order; the Google items read the Google 2011 task_events in {@code taskEvents}. */
    static Paper paper(final Path taskEvents) {
        final GoogleBatches batches = new GoogleBatches(taskEvents);
        return new Paper("djsf", "Hu and Li 2022 (DJSF)", List.of(new Fig1(), new Table2(), new Fig8(batches),
            new Fig9(batches), new Fig10(batches), new Fig11(batches), new Fig12(batches), new Table3(batches),
            new Table4(batches), new Table5(batches), new JobsAndTasks(batches)));
    }

    // ---- the worked examples ----

    static JobList fig1Jobs() {
        return JobList.of("Hu and Li 2022 Fig. 1", UNITS, 1, new double[5], new double[] {4, 4.2, 4.2, 4.2, 4.2},
            null, null, new int[] {UNITS.sizeUnits(1.0), UNITS.sizeUnits(0.25), UNITS.sizeUnits(0.25),
                UNITS.sizeUnits(0.25), UNITS.sizeUnits(0.25)});
    }

    /** Fig. 1: five jobs on one unit machine, exact average JCTs. */
    static final class Fig1 extends BatchFigure {
        Fig1() {
            super("djsf-fig1", "Hu and Li 2022 Fig. 1: five jobs on one machine, average JCT",
                List.of("SJF", "DJSF", "DJSF-pooled", "Tetris"));
        }

        @Override
        public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale) {
            return BatchRun.of(fig1Jobs(), ServerTable.homogeneous(1, UNITS.capacityUnits(1.0)), scheduler).result(false);
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final StringBuilder csv = new StringBuilder("scheduler,job,completion\n");
            for (final Sweep.Unit unit : finished) {
                final BatchMetrics metrics = BatchRun.of(unit.result()).metrics();
                for (int i = 0; i < metrics.jobs(); i++) {
                    csv.append(unit.scheduler()).append(',').append(i + 1).append(',').append(metrics.completion(i))
                        .append('\n');
                }
            }
            write(directory, "djsf-fig1.csv", csv);
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            for (final Sweep.Unit unit : finished) {
                out.printf(Locale.ROOT, "  %-12s average JCT %.4f s%n", unit.scheduler(),
                    unit.result().metric("average_jct"));
            }
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final Map<String, RunResult> results = results(finished);
            final double sjf = results.get("SJF").metric("average_jct");
            final double djsf = results.get("DJSF").metric("average_jct");
            final double pooled = results.get("DJSF-pooled").metric("average_jct");
            final double reduction = (sjf - djsf) / sjf;
            return List.of(
                Claim.of("Fig. 1: SJF averages 7.36 s", fmt(sjf) + " s", Math.abs(sjf - 7.36) < 1e-9),
                Claim.of("Fig. 1: DJSF averages 5.0 s", fmt(djsf) + " s (pooled: " + fmt(pooled) + " s)",
                    Math.abs(djsf - 5.0) < 1e-9 && Math.abs(pooled - 5.0) < 1e-9),
                Claim.of("Fig. 1: DJSF 32.07% below SJF", pct(reduction), Math.abs(reduction - 0.3207) < 5e-5));
        }
    }

    /**
     * Table 2 and Sec. 4.3: Tetris's scores of five jobs on a free (0.2, 0.2, 0.2), and DJSF's plan of six jobs
     * of 0.5 with JCTs 1, 2, 5, 6, 9, 10 in a unit capacity (three groups) against the misaligned grouping.
     * Its two units compute these (no simulation runs): Tetris's the scores, DJSF's the plan.
     */
    static final class Table2 extends BatchFigure {
        private static final double[][] REQUESTS = {{0.2, 0.1, 0.1}, {0.2, 0.3, 0.1}, {0.8, 0.7, 0.6}, {0.2, 0.2, 0.1},
            {0.2, 0.1, 0.1}};
        private static final double[] PAPER_SCORES = {0.08, 0.12, 0.42, 0.10, 0.08};

        Table2() {
            super("djsf-table2", "Hu and Li 2022 Table 2 and Sec. 4.3: Tetris scores, total JCE of a plan",
                List.of("Tetris", "DJSF"));
        }

        @Override
        public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale) {
            final long start = System.nanoTime();
            final Map<String, Double> values = new LinkedHashMap<>();
            if (scheduler.equals("Tetris")) {
                final int[] free = {UNITS.sizeUnits(0.2), UNITS.sizeUnits(0.2), UNITS.sizeUnits(0.2)};
                for (int j = 0; j < REQUESTS.length; j++) {
                    final int[] request = new int[3];
                    for (int d = 0; d < 3; d++) {
                        request[d] = UNITS.sizeUnits(REQUESTS[j][d]);
                    }
                    values.put("score_" + (j + 1), TetrisScore.real(TetrisScore.dot(request, 0, free, 0, 3), UNITS));
                }
            } else {
                final double[] jct = {1, 2, 5, 6, 9, 10};
                final int[] sizes = new int[6];
                Arrays.fill(sizes, UNITS.sizeUnits(0.5));
                final JobSetPlanner planner = new JobSetPlanner(1);
                planner.plan(6, jct, sizes, new long[] {UNITS.capacityUnits(1.0)}, DjsfOptions.defaults(), null);
                values.put("total_jce", planner.totalJce());
                values.put("job_sets", (double) planner.setCount());
                // the same six jobs grouped across the JCT gaps, as the paper's counter-example
                values.put("misaligned_total_jce", Jce.of(2, 10) + Jce.of(2, 9) + Jce.of(2, 6));
            }
            return new RunResult(scheduler, values, BatchRun.NO_VERDICT, new double[0], new double[0],
                (System.nanoTime() - start) / 1e9);
        }

        private static double[] scores(final Map<String, RunResult> results) {
            final double[] scores = new double[REQUESTS.length];
            for (int j = 0; j < scores.length; j++) {
                scores[j] = results.get("Tetris").metric("score_" + (j + 1));
            }
            return scores;
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final double[] scores = scores(results(finished));
            final StringBuilder csv = new StringBuilder("job,cpu,ram,disk,score_paper,score_ours\n");
            for (int j = 0; j < REQUESTS.length; j++) {
                csv.append(String.format(Locale.ROOT, "%d,%s,%s,%s,%s,%s%n", j + 1, REQUESTS[j][0], REQUESTS[j][1],
                    REQUESTS[j][2], PAPER_SCORES[j], scores[j]));
            }
            write(directory, "djsf-table2.csv", csv);
        }

        private static String oursText(final double[] scores) {
            final StringBuilder ours = new StringBuilder();
            for (int j = 0; j < scores.length; j++) {
                ours.append(j == 0 ? "" : ", ").append(fmt(scores[j]));
            }
            return ours.toString();
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            final Map<String, RunResult> results = results(finished);
            final RunResult djsf = results.get("DJSF");
            out.println("  Tetris scores on free (0.2, 0.2, 0.2): " + oursText(scores(results)));
            out.printf(Locale.ROOT, "  Sec. 4.3: total JCE aligned %.4f (%d sets), misaligned %.4f%n",
                djsf.metric("total_jce"), (int) djsf.metric("job_sets"), djsf.metric("misaligned_total_jce"));
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final Map<String, RunResult> results = results(finished);
            final double[] scores = scores(results);
            boolean exact = true;
            for (int j = 0; j < scores.length; j++) {
                exact &= Math.abs(scores[j] - PAPER_SCORES[j]) < 1e-12;
            }
            final double aligned = results.get("DJSF").metric("total_jce");
            final double misaligned = results.get("DJSF").metric("misaligned_total_jce");
            return List.of(
                Claim.of("Table 2: scores 0.08, 0.12, 0.42, 0.10, 0.08", oursText(scores), exact),
                Claim.of("Sec. 4.3: total JCE about 1.53 aligned", fmt(aligned), Math.abs(aligned - 23.0 / 15) < 1e-12),
                Claim.of("Sec. 4.3: about 0.75 misaligned", fmt(misaligned), Math.abs(misaligned - 34.0 / 45) < 1e-12));
        }
    }

    // ---- the Google batch ----

    /**
     * The Google 2011 sample the batch items draw from, loaded on first use (as tasks and as jobs, in one read)
     * and shared by the items of one registry, and the batch of each seed and unit (read-only once made).
     * Thread-safe.
     */
    static final class GoogleBatches {
        private final Path taskEvents;
        private GoogleJobs jobs;
        private final Map<Long, JobList> bySeed = new LinkedHashMap<>();
        private final Map<Long, JobList> jobsBySeed = new LinkedHashMap<>();

        GoogleBatches(final Path taskEvents) {
            this.taskEvents = taskEvents;
        }

        Path taskEvents() {
            return taskEvents;
        }

        private GoogleJobs load() {
            if (jobs == null) {
                if (taskEvents == null || !Files.isDirectory(taskEvents)) {
                    throw new IllegalArgumentException("the DJSF Google batch needs the Google 2011 task_events: none"
                        + " at " + taskEvents + " (pass --trace DIR)");
                }
                jobs = GoogleJobs.load(TraceSpec.of(TraceFormat.GOOGLE_2011, taskEvents),
                    TraceOptions.defaults().withDimensions(3));
            }
            return jobs;
        }

        /** The 1000-task batch of {@code seed}. */
        synchronized JobList batch(final long seed) {
            final LoadedTrace trace = load().tasks();
            return bySeed.computeIfAbsent(seed, key -> GoogleBatchSample.sample(trace, GoogleBatchSample.PAPER_JOBS, key,
                GoogleBatchSample.PAPER_SPEEDUP));
        }

        /** The batch of 1000 Google jobs of {@code seed} (complete jobs that fit one machine of the cluster). */
        synchronized JobList jobBatch(final long seed) {
            final GoogleJobs all = load();
            return jobsBySeed.computeIfAbsent(seed, key -> GoogleBatchSample.sampleJobs(all, cluster(),
                GoogleBatchSample.PAPER_JOBS, key, GoogleBatchSample.PAPER_SPEEDUP));
        }

        /** The jobs and every skip, in one line, with the jobs above one machine that the batches leave out. */
        synchronized String jobsReport() {
            final GoogleJobs all = load();
            return all.report() + "; " + GoogleBatchSample.jobsAboveOneMachine(all, cluster()) + " complete jobs"
                + " above one machine of " + GoogleBatchSample.PAPER_MACHINE_CAPACITY + " left out";
        }

        /** A fresh cluster of the paper's reading: 20 machines of 0.33 on each of three resources. */
        static ServerTable cluster() {
            return GoogleBatchSample.paperCluster(UNITS, 3);
        }
    }

    /**
     * An item on the Google batch: its points are batch seeds (all of them, or the first only), its runs one
     * kernel on one batch.
     */
    abstract static class GoogleFigure extends BatchFigure {
        private final GoogleBatches batches;
        private final boolean everySeed;

        /** @param everySeed every batch of the scale (20 at paper scale), else the first one only */
        GoogleFigure(final String name, final String title, final List<String> schedulers, final GoogleBatches batches,
                     final boolean everySeed) {
            super(name, title, schedulers);
            this.batches = batches;
            this.everySeed = everySeed;
        }

        @Override
        public final boolean readsGoogleTrace() {
            return true;
        }

        /** Loads the trace and samples the first batch, so that a bad trace fails before anything is written. */
        @Override
        public final void prepareInputs(final Scale scale, final long seed) {
            batches.batch(sweep(scale, seed).points().get(0).seed());
        }

        @Override
        Map<String, Object> inputs() {
            final Map<String, Object> inputs = new LinkedHashMap<>();
            inputs.put("trace", "google2011:" + batches.taskEvents());
            inputs.put("batch", GoogleBatchSample.PAPER_JOBS + " kept tasks, uniform without replacement, durations / "
                + GoogleBatchSample.PAPER_SPEEDUP);
            inputs.put("servers", GoogleBatchSample.PAPER_MACHINES + " x " + GoogleBatchSample.PAPER_MACHINE_CAPACITY
                + " per resource");
            return inputs;
        }

        @Override
        List<Sweep.Axis> axes(final Scale scale, final long seed) {
            return List.of(seedAxis(SEED, seed, everySeed && scale == Scale.PAPER ? PAPER_SEEDS : 1));
        }

        /** Whether the runs keep the use over time (Fig. 12). */
        boolean keepsUse() {
            return false;
        }

        /** The batch the runs at {@code point} share. */
        JobList batch(final Sweep.Point point) {
            return batches.batch(seedOf(point));
        }

        @Override
        public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale) {
            return BatchRun.of(batch(point), GoogleBatches.cluster(), scheduler).result(keepsUse());
        }

        static long seedOf(final Sweep.Point point) {
            return Long.parseLong(point.text(SEED));
        }

        /** The finished runs by batch seed (in seed order), then by scheduler. */
        static Map<Long, Map<String, BatchRun>> bySeed(final List<Sweep.Unit> finished) {
            final Map<Long, Map<String, BatchRun>> runs = new LinkedHashMap<>();
            for (final Map.Entry<Map<String, String>, Map<String, BatchRun>> point : byPoint(finished).entrySet()) {
                runs.put(Long.parseLong(point.getKey().get(SEED)), point.getValue());
            }
            return runs;
        }

        /** The first batch's runs. */
        static Map<String, BatchRun> first(final List<Sweep.Unit> finished) {
            return bySeed(finished).values().iterator().next();
        }

        static long firstSeed(final List<Sweep.Unit> finished) {
            return bySeed(finished).keySet().iterator().next();
        }
    }

    /** Fig. 8: the CDF of completions and the average JCTs; the plan as a job priority beside it (ours). */
    static final class Fig8 extends GoogleFigure {
        Fig8(final GoogleBatches batches) {
            super("djsf-fig8", "Hu and Li 2022 Fig. 8: completed jobs over time, average JCT", WITH_JOBWISE, batches,
                true);
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final StringBuilder csv = new StringBuilder("seed,scheduler,mean_jct_alone,average_jct,ratio_to_mean,makespan\n");
            for (final Map.Entry<Long, Map<String, BatchRun>> seed : bySeed(finished).entrySet()) {
                final Map<String, BatchRun> runs = seed.getValue();
                for (final String kernel : WITH_JOBWISE) {
                    final BatchRun run = runs.get(kernel);
                    final double alone = run.meanDuration();
                    csv.append(String.format(Locale.ROOT, "%d,%s,%.6f,%.6f,%.6f,%.6f%n", seed.getKey(), kernel, alone,
                        run.metrics().averageJct(), run.metrics().averageJct() / alone, run.metrics().makespan()));
                }
            }
            // the CDF of the first batch, up to the last completion of any of its runs
            final Map<String, BatchRun> first = first(finished);
            double end = 0;
            for (final BatchRun run : first.values()) {
                end = Math.max(end, run.metrics().makespan());
            }
            final StringBuilder cdf = new StringBuilder("time,SJF,Tetris,DJSF\n");
            final double[] times = new double[201];
            final double[][] fractions = new double[KERNELS.size()][times.length];
            for (int k = 0; k < times.length; k++) {
                final double t = end * k / 200;
                times[k] = t;
                cdf.append(String.format(Locale.ROOT, "%.3f", t));
                for (int i = 0; i < KERNELS.size(); i++) {
                    final BatchRun run = first.get(KERNELS.get(i));
                    fractions[i][k] = run.metrics().completedBy(t) / (double) run.metrics().jobs();
                    cdf.append(String.format(Locale.ROOT, ",%.4f", fractions[i][k]));
                }
                cdf.append('\n');
            }
            plot(directory, "djsf-fig8", "Completed jobs over time (Hu and Li 2022, Fig. 8; seed "
                + firstSeed(finished) + ")", "time (s)", "fraction of the batch completed", perKernel(times, fractions));
            write(directory, "djsf-fig8.csv", csv);
            write(directory, "djsf-fig8-cdf.csv", cdf);
        }

        /** The reductions of the average JCT, per seed: DJSF and the job-wise order against SJF and Tetris. */
        private static List<List<Double>> reductions(final List<Sweep.Unit> finished) {
            final List<Double> overSjf = new ArrayList<>();
            final List<Double> overTetris = new ArrayList<>();
            final List<Double> jobwiseOverSjf = new ArrayList<>();
            final List<Double> jobwiseOverTetris = new ArrayList<>();
            for (final Map<String, BatchRun> runs : bySeed(finished).values()) {
                final double sjf = runs.get("SJF").metrics().averageJct();
                final double tetris = runs.get("Tetris").metrics().averageJct();
                final double djsf = runs.get("DJSF").metrics().averageJct();
                final double jobwise = runs.get(JOBWISE).metrics().averageJct();
                overSjf.add((sjf - djsf) / sjf);
                overTetris.add((tetris - djsf) / tetris);
                jobwiseOverSjf.add((sjf - jobwise) / sjf);
                jobwiseOverTetris.add((tetris - jobwise) / tetris);
            }
            return List.of(overSjf, overTetris, jobwiseOverSjf, jobwiseOverTetris);
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            out.println("  seed  mean JCT alone  SJF  Tetris  DJSF (average JCT, s)  DJSF vs SJF  DJSF vs Tetris");
            for (final Map.Entry<Long, Map<String, BatchRun>> seed : bySeed(finished).entrySet()) {
                final Map<String, BatchRun> runs = seed.getValue();
                final double sjf = runs.get("SJF").metrics().averageJct();
                final double tetris = runs.get("Tetris").metrics().averageJct();
                final double djsf = runs.get("DJSF").metrics().averageJct();
                out.printf(Locale.ROOT, "  %4d  %14.1f  %6.1f  %6.1f  %6.1f  %s  %s%n", seed.getKey(),
                    runs.get("SJF").meanDuration(), sjf, tetris, djsf, pct((sjf - djsf) / sjf),
                    pct((tetris - djsf) / tetris));
            }
            final List<List<Double>> reductions = reductions(finished);
            out.println("  " + JOBWISE + " (the plan as a job priority, ours): below SJF " + spread(reductions.get(2))
                + ", below Tetris " + spread(reductions.get(3)));
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final List<List<Double>> reductions = reductions(finished);
            final List<Double> overSjf = reductions.get(0);
            final List<Double> overTetris = reductions.get(1);
            final List<Double> jobwiseOverSjf = reductions.get(2);
            return List.of(
                Claim.of("(ours) DJSF's order as a job priority below SJF's average JCT", spread(jobwiseOverSjf),
                    min(jobwiseOverSjf) > 0),
                Claim.of("DJSF's average JCT 23.19% below SJF's (1302.2 vs 1695.4 s)", spread(overSjf),
                    min(overSjf) > 0).withEvidence(SJF_REASON, SJF_EVIDENCE),
                Claim.of("DJSF's average JCT 23.2% below Tetris's (1302.2 vs 1696.3 s)", spread(overTetris),
                    min(overTetris) > 0));
        }
    }

    /** Fig. 9: the per-job JCT reduction of DJSF (Eq. (12)), first batch. */
    static final class Fig9 extends GoogleFigure {
        Fig9(final GoogleBatches batches) {
            super("djsf-fig9", "Hu and Li 2022 Fig. 9: per-job JCT reduction of DJSF", KERNELS, batches, false);
        }

        /** DJSF's reduction against SJF and against Tetris, job by job. */
        private static double[][] reductions(final List<Sweep.Unit> finished) {
            final Map<String, BatchRun> runs = first(finished);
            return new double[][] {
                BatchMetrics.reduction(runs.get("DJSF").metrics(), runs.get("SJF").metrics()),
                BatchMetrics.reduction(runs.get("DJSF").metrics(), runs.get("Tetris").metrics())};
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final double[][] reductions = reductions(finished);
            final double[] vsSjf = reductions[0];
            final double[] vsTetris = reductions[1];
            final StringBuilder csv = new StringBuilder("job,reduction_vs_SJF,reduction_vs_Tetris\n");
            for (int i = 0; i < vsSjf.length; i++) {
                csv.append(String.format(Locale.ROOT, "%d,%.6f,%.6f%n", i + 1, vsSjf[i], vsTetris[i]));
            }
            write(directory, "djsf-fig9.csv", csv);
            plot(directory, "djsf-fig9", "Per-job JCT reduction of DJSF, jobs by decreasing reduction (Fig. 9)",
                "job rank", "JCT reduction (Eq. 12)", List.of(
                    new Charts.Line("SJF", "DJSF vs SJF", rank(vsSjf.length), descending(vsSjf), null),
                    new Charts.Line("Tetris", "DJSF vs Tetris", rank(vsTetris.length), descending(vsTetris), null)));
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            final double[][] reductions = reductions(finished);
            out.printf(Locale.ROOT, "  jobs faster under DJSF: %s vs SJF (max reduction %s), %s vs Tetris (max %s)%n",
                pct(positive(reductions[0])), pct(max(reductions[0])), pct(positive(reductions[1])),
                pct(max(reductions[1])));
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final double[][] reductions = reductions(finished);
            final double positiveSjf = positive(reductions[0]);
            final double positiveTetris = positive(reductions[1]);
            final double largest = Math.max(max(reductions[0]), max(reductions[1]));
            return List.of(
                Claim.of("most jobs finish sooner under DJSF than under Tetris", pct(positiveTetris) + " of jobs",
                    positiveTetris > 0.5),
                Claim.of("most jobs finish sooner under DJSF than under SJF", pct(positiveSjf) + " of jobs",
                    positiveSjf > 0.5).withEvidence(SJF_REASON, SJF_EVIDENCE),
                Claim.of("the largest per-job reduction is up to 80%", pct(largest), largest >= 0.5));
        }
    }

    /** Fig. 10: the throughput N*(t) / t (Eq. (13)). */
    static final class Fig10 extends GoogleFigure {
        Fig10(final GoogleBatches batches) {
            super("djsf-fig10", "Hu and Li 2022 Fig. 10: throughput over time (Eq. 13)", KERNELS, batches, true);
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final Map<String, BatchRun> firstRuns = first(finished);
            final double firstEnd = firstRuns.get("SJF").metrics().makespan();
            final double[] times = new double[100];
            final double[][] throughputs = new double[KERNELS.size()][times.length];
            for (int k = 0; k < times.length; k++) {
                times[k] = firstEnd * (k + 1) / 100;
                for (int i = 0; i < KERNELS.size(); i++) {
                    throughputs[i][k] = firstRuns.get(KERNELS.get(i)).metrics().throughput(times[k]);
                }
            }
            plot(directory, "djsf-fig10", "Throughput over time (Eq. 13; Fig. 10; seed " + firstSeed(finished) + ")",
                "time (s)", "jobs completed per second so far", perKernel(times, throughputs));
            final StringBuilder csv = new StringBuilder("seed,time,SJF,Tetris,DJSF\n");
            for (final Map.Entry<Long, Map<String, BatchRun>> seed : bySeed(finished).entrySet()) {
                final Map<String, BatchRun> runs = seed.getValue();
                final double end = runs.get("SJF").metrics().makespan();
                for (int k = 1; k <= 100; k++) {
                    final double t = end * k / 100;
                    csv.append(String.format(Locale.ROOT, "%d,%.3f,%.6f,%.6f,%.6f%n", seed.getKey(), t,
                        runs.get("SJF").metrics().throughput(t), runs.get("Tetris").metrics().throughput(t),
                        runs.get("DJSF").metrics().throughput(t)));
                }
            }
            write(directory, "djsf-fig10.csv", csv);
        }

        /** Per seed, DJSF's throughput over SJF's and over Tetris's, minus 1, at DJSF's half-batch time. */
        private static List<List<Double>> gains(final List<Sweep.Unit> finished) {
            final List<Double> gainSjf = new ArrayList<>();
            final List<Double> gainTetris = new ArrayList<>();
            for (final Map<String, BatchRun> runs : bySeed(finished).values()) {
                final double half = halfTime(runs.get("DJSF"));
                final double djsf = runs.get("DJSF").metrics().throughput(half);
                gainSjf.add(djsf / runs.get("SJF").metrics().throughput(half) - 1);
                gainTetris.add(djsf / runs.get("Tetris").metrics().throughput(half) - 1);
            }
            return List.of(gainSjf, gainTetris);
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            final List<List<Double>> gains = gains(finished);
            out.println("  throughput N*(t)/t at DJSF's half-batch time: DJSF over SJF " + spread(gains.get(0))
                + ", over Tetris " + spread(gains.get(1)));
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final List<List<Double>> gains = gains(finished);
            return List.of(
                Claim.of("DJSF's throughput 42.19% above SJF's", spread(gains.get(0)), min(gains.get(0)) > 0)
                    .withEvidence(SJF_REASON, SJF_EVIDENCE),
                Claim.of("DJSF's throughput above Tetris's early on", spread(gains.get(1)), min(gains.get(1)) > 0));
        }

        /** The time DJSF has completed half the batch. */
        private static double halfTime(final BatchRun run) {
            final double[] done = new double[run.metrics().jobs()];
            for (int i = 0; i < done.length; i++) {
                done[i] = run.metrics().completion(i);
            }
            Arrays.sort(done);
            return done[(done.length - 1) / 2];
        }
    }

    /** Fig. 11: the JCE of each job set of DJSF's plan, in start order. */
    static final class Fig11 extends GoogleFigure {
        Fig11(final GoogleBatches batches) {
            super("djsf-fig11", "Hu and Li 2022 Fig. 11: JCE of each job set", List.of("DJSF"), batches, true);
        }

        private static Map<Long, double[]> setJce(final List<Sweep.Unit> finished) {
            final Map<Long, double[]> jce = new LinkedHashMap<>();
            bySeed(finished).forEach((seed, runs) -> jce.put(seed, runs.get("DJSF").setJce()));
            return jce;
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final Map<Long, double[]> jce = setJce(finished);
            final StringBuilder csv = new StringBuilder("seed,set,jce\n");
            jce.forEach((seed, sets) -> {
                for (int m = 0; m < sets.length; m++) {
                    csv.append(seed).append(',').append(m + 1).append(',').append(sets[m]).append('\n');
                }
            });
            write(directory, "djsf-fig11.csv", csv);
            final double[] firstJce = jce.values().iterator().next();
            plot(directory, "djsf-fig11", "JCE of each job set in start order (Fig. 11; seed " + firstSeed(finished)
                + ")", "job set", "JCE (jobs per second)", List.of(new Charts.Line("DJSF", "DJSF", rank(firstJce.length),
                firstJce, null)));
        }

        /** The number of sets and the mean JCE per set, per seed. */
        private static List<List<Double>> counts(final List<Sweep.Unit> finished) {
            final List<Double> setCounts = new ArrayList<>();
            final List<Double> meanJce = new ArrayList<>();
            for (final double[] sets : setJce(finished).values()) {
                double sum = 0;
                for (final double value : sets) {
                    sum += value;
                }
                setCounts.add((double) sets.length);
                meanJce.add(sum / sets.length);
            }
            return List.of(setCounts, meanJce);
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            final List<List<Double>> counts = counts(finished);
            out.println("  job sets: " + spreadPlain(counts.get(0)) + "; mean JCE per set: " + spreadPlain(counts.get(1))
                + " jobs/s");
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final List<Double> setCounts = counts(finished).get(0);
            return List.of(Claim.of("the packing makes 127 job sets", spreadPlain(setCounts),
                min(setCounts) >= 100 && max(setCounts) <= 160));
        }
    }

    /**
     * Fig. 12: the normalised use of each resource over time, first batch. The time axis spans the longest
     * run, the job-wise order's included (as in Fig. 8's CDF).
     */
    static final class Fig12 extends GoogleFigure {
        private static final String[] RESOURCES = {"cpu", "memory", "disk"};

        Fig12(final GoogleBatches batches) {
            super("djsf-fig12", "Hu and Li 2022 Fig. 12: normalised resource use over time", WITH_JOBWISE, batches,
                false);
        }

        @Override
        boolean keepsUse() {
            return true;
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final Map<String, BatchRun> runs = first(finished);
            final StringBuilder csv = new StringBuilder("time");
            for (final String kernel : KERNELS) {
                for (final String resource : RESOURCES) {
                    csv.append(',').append(kernel).append('_').append(resource);
                }
            }
            csv.append('\n');
            double end = 0;
            for (final BatchRun run : runs.values()) {
                end = Math.max(end, run.metrics().makespan());
            }
            for (int k = 0; k <= 200; k++) {
                final double t = end * k / 200;
                csv.append(String.format(Locale.ROOT, "%.3f", t));
                for (final String kernel : KERNELS) {
                    for (int d = 0; d < 3; d++) {
                        csv.append(String.format(Locale.ROOT, ",%.5f", runs.get(kernel).metrics().use(t, d)));
                    }
                }
                csv.append('\n');
            }
            write(directory, "djsf-fig12.csv", csv);
            final double[] times = new double[201];
            for (int k = 0; k < times.length; k++) {
                times[k] = end * k / 200;
            }
            for (int d = 0; d < RESOURCES.length; d++) {
                final double[][] use = new double[KERNELS.size()][times.length];
                for (int i = 0; i < KERNELS.size(); i++) {
                    for (int k = 0; k < times.length; k++) {
                        use[i][k] = runs.get(KERNELS.get(i)).metrics().use(times[k], d);
                    }
                }
                plot(directory, "djsf-fig12-" + RESOURCES[d], "Normalised " + RESOURCES[d] + " use over time (Fig. 12;"
                    + " seed " + firstSeed(finished) + ")", "time (s)", RESOURCES[d] + " in use / cluster total",
                    perKernel(times, use));
            }
        }

        /** Per kernel, the mean use of each resource over its makespan. */
        private static double[][] meanUse(final List<Sweep.Unit> finished) {
            final Map<String, BatchRun> runs = first(finished);
            final double[][] mean = new double[KERNELS.size()][3];
            for (int k = 0; k < KERNELS.size(); k++) {
                for (int d = 0; d < 3; d++) {
                    mean[k][d] = runs.get(KERNELS.get(k)).metrics().meanUse(d);
                }
            }
            return mean;
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            final double[][] mean = meanUse(finished);
            for (int k = 0; k < KERNELS.size(); k++) {
                out.printf(Locale.ROOT, "  %-7s mean use over its makespan: cpu %.3f, memory %.3f, disk %.4f%n",
                    KERNELS.get(k), mean[k][0], mean[k][1], mean[k][2]);
            }
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final double[] djsf = meanUse(finished)[KERNELS.indexOf("DJSF")];
            return List.of(Claim.of("memory is the most used resource", "cpu " + fmt(djsf[0]) + ", memory "
                + fmt(djsf[1]) + " under DJSF", djsf[1] > djsf[0]).withEvidence("CPU is the bottleneck of our sampled tasks on our cluster",
                "docs/DJSF.md#open-questions"));
        }
    }

    /** Table 3: the time spent in each kernel per batch. */
    static final class Table3 extends GoogleFigure {
        Table3(final GoogleBatches batches) {
            super("djsf-table3", "Hu and Li 2022 Table 3: scheduling overhead per batch", KERNELS, batches, true);
        }

        private static Map<String, List<Double>> overheads(final List<Sweep.Unit> finished) {
            final Map<String, List<Double>> overhead = new LinkedHashMap<>();
            for (final Map<String, BatchRun> runs : bySeed(finished).values()) {
                for (final String kernel : KERNELS) {
                    overhead.computeIfAbsent(kernel, k -> new ArrayList<>()).add(runs.get(kernel).overhead());
                }
            }
            return overhead;
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final StringBuilder csv = new StringBuilder("seed,scheduler,overhead_s\n");
            for (final Map.Entry<Long, Map<String, BatchRun>> seed : bySeed(finished).entrySet()) {
                for (final String kernel : KERNELS) {
                    csv.append(String.format(Locale.ROOT, "%d,%s,%.6f%n", seed.getKey(), kernel,
                        seed.getValue().get(kernel).overhead()));
                }
            }
            write(directory, "djsf-table3.csv", csv);
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            for (final Map.Entry<String, List<Double>> entry : overheads(finished).entrySet()) {
                out.printf(Locale.ROOT, "  %-7s %s s in the kernel per 1000-job batch (paper: %s)%n", entry.getKey(),
                    spreadPlain(entry.getValue()), switch (entry.getKey()) {
                        case "SJF" -> "0.199 s";
                        case "Tetris" -> "0.555 s";
                        default -> "0.969 s";
                    });
            }
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final Map<String, List<Double>> overhead = overheads(finished);
            final double sjf = median(overhead.get("SJF"));
            final double tetris = median(overhead.get("Tetris"));
            final double djsf = median(overhead.get("DJSF"));
            // wall time of milliseconds per batch: one batch's timing is noise, the median of 20 is not
            return List.of(Claim.atPaperScale("SJF has the least overhead (0.199 s against 0.555 and 0.969 s)",
                "SJF " + fmt(sjf) + " s, Tetris " + fmt(tetris) + " s, DJSF " + fmt(djsf) + " s (medians)",
                sjf <= tetris && sjf <= djsf));
        }
    }

    /** Table 4: average JCTs with prediction errors, first batch. */
    static final class Table4 extends GoogleFigure {
        /** The error ranges {low, high} of the relative prediction error. */
        private static final double[][] RANGES = {{0, 0}, {0.0001, 0.001}, {0.001, 0.01}, {0.01, 0.2}};
        private static final String ERROR = "prediction-error";

        Table4(final GoogleBatches batches) {
            super("djsf-table4", "Hu and Li 2022 Table 4: average JCT with prediction errors", KERNELS, batches, false);
        }

        @Override
        List<Sweep.Axis> axes(final Scale scale, final long seed) {
            final List<String> ranges = new ArrayList<>();
            for (final double[] range : RANGES) {
                ranges.add(range[0] + ".." + range[1]);
            }
            return List.of(seedAxis(SEED, seed, 1), new Sweep.Axis(ERROR, ranges));
        }

        /** The range {low, high} of {@code point}. */
        private static double[] range(final Map<String, String> coordinates) {
            final String[] bounds = coordinates.get(ERROR).split("\\.\\.");
            return new double[] {Double.parseDouble(bounds[0]), Double.parseDouble(bounds[1])};
        }

        @Override
        public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale) {
            final double[] range = range(point.coordinates());
            final JobList predicted = PredictionError.apply(batch(point), range[0], range[1], seedOf(point));
            return BatchRun.of(predicted, GoogleBatches.cluster(), scheduler).result(false);
        }

        /** One row per error range: {low, high, SJF, Tetris, DJSF} (average JCTs). */
        private static List<double[]> rows(final List<Sweep.Unit> finished) {
            final List<double[]> rows = new ArrayList<>();
            for (final Map.Entry<Map<String, String>, Map<String, BatchRun>> point : byPoint(finished).entrySet()) {
                final double[] range = range(point.getKey());
                final double[] row = new double[2 + KERNELS.size()];
                row[0] = range[0];
                row[1] = range[1];
                for (int k = 0; k < KERNELS.size(); k++) {
                    row[2 + k] = point.getValue().get(KERNELS.get(k)).metrics().averageJct();
                }
                rows.add(row);
            }
            return rows;
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final long s = firstSeed(finished);
            final StringBuilder csv = new StringBuilder("eps_low,eps_high,seed,SJF,Tetris,DJSF\n");
            for (final double[] row : rows(finished)) {
                csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.6f%n", row[0], row[1], s, row[2], row[3],
                    row[4]));
            }
            write(directory, "djsf-table4.csv", csv);
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            out.println("  error range     SJF      Tetris   DJSF    DJSF vs SJF  DJSF vs Tetris (seed "
                + firstSeed(finished) + ")");
            for (final double[] row : rows(finished)) {
                out.printf(Locale.ROOT, "  [%.4f, %.4f]  %7.1f  %7.1f  %7.1f  %s  %s%n", row[0], row[1], row[2], row[3],
                    row[4], pct((row[2] - row[4]) / row[2]), pct((row[3] - row[4]) / row[3]));
            }
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            boolean tetrisUnchanged = true;
            boolean djsfBeatsTetris = true;
            double tetrisBase = Double.NaN;
            for (final double[] row : rows(finished)) {
                final double[] jct = Arrays.copyOfRange(row, 2, row.length);
                if (Double.isNaN(tetrisBase)) {
                    tetrisBase = jct[1];
                }
                tetrisUnchanged &= jct[1] == tetrisBase;
                djsfBeatsTetris &= jct[2] < jct[1];
            }
            return List.of(
                Claim.of("Tetris is not affected by prediction errors", tetrisUnchanged ? "identical JCTs" : "changed",
                    tetrisUnchanged),
                Claim.of("DJSF stays about 23% below Tetris at every error range", djsfBeatsTetris
                    ? "below at every range" : "not below at some range", djsfBeatsTetris));
        }
    }

    /** Table 5: DJSF's average JCT for G = 1..10 groups against SJF and Tetris, first batch. */
    static final class Table5 extends GoogleFigure {
        private static final int MAX_GROUPS = 10;

        Table5(final GoogleBatches batches) {
            super("djsf-table5", "Hu and Li 2022 Table 5: DJSF's average JCT against the number of groups G",
                schedulers(), batches, false);
        }

        private static List<String> schedulers() {
            final List<String> schedulers = new ArrayList<>(List.of("SJF", "Tetris"));
            for (int g = 1; g <= MAX_GROUPS; g++) {
                schedulers.add("DJSF:G=" + g);
            }
            return schedulers;
        }

        /** {SJF, Tetris, DJSF at G = 1, ..., 10} average JCTs. */
        private static double[] jcts(final List<Sweep.Unit> finished) {
            final Map<String, BatchRun> runs = first(finished);
            final List<String> schedulers = schedulers();
            final double[] jct = new double[schedulers.size()];
            for (int i = 0; i < jct.length; i++) {
                jct[i] = runs.get(schedulers.get(i)).metrics().averageJct();
            }
            return jct;
        }

        @Override
        public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
            final double[] jct = jcts(finished);
            final long s = firstSeed(finished);
            final StringBuilder csv = new StringBuilder("G,seed,DJSF,improvement_vs_SJF,improvement_vs_Tetris\n");
            for (int g = 1; g <= MAX_GROUPS; g++) {
                final double djsf = jct[g + 1];
                csv.append(String.format(Locale.ROOT, "%d,%d,%.6f,%.6f,%.6f%n", g, s, djsf, (jct[0] - djsf) / jct[0],
                    (jct[1] - djsf) / jct[1]));
            }
            write(directory, "djsf-table5.csv", csv);
        }

        @Override
        public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
            final double[] jct = jcts(finished);
            out.println("  G   DJSF JCT  vs SJF   vs Tetris (seed " + firstSeed(finished) + ")");
            for (int g = 1; g <= MAX_GROUPS; g++) {
                final double djsf = jct[g + 1];
                out.printf(Locale.ROOT, "  %2d  %8.1f  %s  %s%n", g, djsf, pct((jct[0] - djsf) / jct[0]),
                    pct((jct[1] - djsf) / jct[1]));
            }
        }

        @Override
        public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
            final double[] jct = jcts(finished);
            boolean allBeatTetris = true;
            for (int g = 1; g <= MAX_GROUPS; g++) {
                allBeatTetris &= jct[g + 1] < jct[1];
            }
            return List.of(Claim.of("DJSF beats Tetris by 20-24% for every G in 1..10", allBeatTetris
                ? "below Tetris for every G" : "not below Tetris for some G", allBeatTetris));
        }
    }

    /**
     * The paper's unit is a job (Sec. 5.1), ours elsewhere a task: the four batch kernels (SJF, Tetris, DJSF per
     * server, DJSF-pooled) on batches of 1000 Google tasks and on batches of 1000 Google jobs
     * ({@link GoogleJobs}: a job's request is the sum of its tasks', its duration first start to last finish;
     * jobs with a task not kept are skipped, jobs above one machine left out, both counted), same seeds, same
     * cluster.
     */
    static final class JobsAndTasks extends GoogleFigure {
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
        public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale) {
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

    // ---- plots ----

    /** A PNG and an SVG of {@code lines} beside the item's CSV, in the look every figure gives a scheduler. */
    private static void plot(final Path directory, final String name, final String title, final String xTitle,
                             final String yTitle, final List<Charts.Line> lines) throws IOException {
        Files.createDirectories(directory);
        Charts.save(directory.resolve(name), title, xTitle, "#,##0", yTitle, false, "", lines);
    }

    /** One line per kernel of {@link #KERNELS} over {@code x}. */
    private static List<Charts.Line> perKernel(final double[] x, final double[][] yByKernel) {
        final List<Charts.Line> lines = new ArrayList<>();
        for (int i = 0; i < KERNELS.size(); i++) {
            lines.add(new Charts.Line(KERNELS.get(i), KERNELS.get(i), x, yByKernel[i], null));
        }
        return lines;
    }

    /** 1, 2, ..., n. */
    private static double[] rank(final int n) {
        final double[] ranks = new double[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i + 1;
        }
        return ranks;
    }

    private static double[] descending(final double[] values) {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        for (int i = 0, j = sorted.length - 1; i < j; i++, j--) {
            final double swap = sorted[i];
            sorted[i] = sorted[j];
            sorted[j] = swap;
        }
        return sorted;
    }

    // ---- formatting ----

    private static String fmt(final double value) {
        return String.format(Locale.ROOT, "%.4g", value);
    }

    private static String pct(final double fraction) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }

    private static String spread(final List<Double> fractions) {
        return fractions.size() == 1 ? pct(fractions.get(0))
            : pct(mean(fractions)) + " (" + pct(min(fractions)) + " to " + pct(max(fractions)) + " over "
                + fractions.size() + " seeds)";
    }

    private static String spreadPlain(final List<Double> values) {
        return values.size() == 1 ? fmt(values.get(0))
            : fmt(mean(values)) + " (" + fmt(min(values)) + " to " + fmt(max(values)) + ")";
    }

    private static double mean(final List<Double> values) {
        double sum = 0;
        for (final double v : values) {
            sum += v;
        }
        return sum / values.size();
    }

    private static double median(final List<Double> values) {
        final double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }

    private static double min(final List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(final List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    private static double max(final double[] values) {
        return Arrays.stream(values).max().orElse(Double.NaN);
    }

    private static double positive(final double[] values) {
        return Arrays.stream(values).filter(v -> v > 0).count() / (double) values.length;
    }
}
