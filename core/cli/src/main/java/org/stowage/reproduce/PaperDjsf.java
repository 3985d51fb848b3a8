package org.stowage.reproduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.kernel.batch.DjsfOptions;
import org.stowage.core.kernel.batch.JobSetPlanner;
import org.stowage.core.kernel.batch.Jce;
import org.stowage.core.kernel.batch.TetrisScore;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.GoogleBatchSample;
import org.stowage.core.trace.JobList;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.PredictionError;
import org.stowage.core.trace.TraceFormat;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.TraceSpec;
import org.stowage.core.trace.Traces;

/**
 * Hu and Li 2022's results (docs/DJSF.md): the worked examples (Fig. 1, Table 2, Sec. 4.3), exact, and the
 * Google batch (Figs. 8-12, Tables 3-5) on 1000 tasks drawn per seed from the shared Google 2011 sample, run
 * on 20 machines of 0.33 under SJF, Tetris and DJSF (per server). Each item writes a CSV into its directory
 * (Figs. 8-12 also PNG and SVG plots; Fig. 12 one per resource)
 * and returns the paper's claims against ours; ratios are compared, not absolute times (our tasks are
 * shorter and smaller than the paper's). {@link Scale#PAPER} sweeps 20 seeds for the batch choice and reports
 * the spread; {@link Scale#QUICK} runs one seed.
 */
public final class PaperDjsf {
    /** Every item, in the paper's order; {@code all-djsf} runs them all. */
    public static final List<String> NAMES = List.of("djsf-fig1", "djsf-table2", "djsf-fig8", "djsf-fig9",
        "djsf-fig10", "djsf-fig11", "djsf-fig12", "djsf-table3", "djsf-table4", "djsf-table5");
    /** The Google-batch items, which need the trace. */
    public static final List<String> GOOGLE = NAMES.subList(2, NAMES.size());
    static final String[] KERNELS = {"SJF", "Tetris", "DJSF"};
    /** DJSF's plan as a job priority (ours, not the paper's): reported beside the paper's DJSF in Fig. 8. */
    static final String JOBWISE = "DJSF:jobwise=true";
    private static final Units UNITS = Units.defaults();

    private final Path taskEvents;
    private final Scale scale;
    private final long seed;
    private LoadedTrace trace;
    private final Map<Long, Map<String, BatchRun>> batches = new LinkedHashMap<>();

    /** @param taskEvents the Google 2011 task_events directory (null when absent: the Google items fail) */
    public PaperDjsf(final Path taskEvents, final Scale scale, final long seed) {
        this.taskEvents = taskEvents;
        this.scale = scale;
        this.seed = seed;
    }

    /** Runs {@code name} into {@code directory}, prints its table to {@code out}, returns its claims. */
    public List<Claim> run(final String name, final Path directory, final PrintWriter out) {
        try {
            Files.createDirectories(directory);
            return switch (name) {
                case "djsf-fig1" -> fig1(directory, out);
                case "djsf-table2" -> table2(directory, out);
                case "djsf-fig8" -> fig8(directory, out);
                case "djsf-fig9" -> fig9(directory, out);
                case "djsf-fig10" -> fig10(directory, out);
                case "djsf-fig11" -> fig11(directory, out);
                case "djsf-fig12" -> fig12(directory, out);
                case "djsf-table3" -> table3(directory, out);
                case "djsf-table4" -> table4(directory, out);
                case "djsf-table5" -> table5(directory, out);
                default -> throw new IllegalArgumentException("invalid value for FIGURE: '" + name + "' (known: "
                    + String.join(", ", NAMES) + ", all-djsf)");
            };
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write " + name + " into " + directory + ": " + e.getMessage(), e);
        }
    }

    // ---- the worked examples ----

    static JobList fig1Jobs() {
        return JobList.of("Hu and Li 2022 Fig. 1", UNITS, 1, new double[5], new double[] {4, 4.2, 4.2, 4.2, 4.2},
            null, null, new int[] {UNITS.sizeUnits(1.0), UNITS.sizeUnits(0.25), UNITS.sizeUnits(0.25),
                UNITS.sizeUnits(0.25), UNITS.sizeUnits(0.25)});
    }

    private List<Claim> fig1(final Path directory, final PrintWriter out) throws IOException {
        final JobList jobs = fig1Jobs();
        final StringBuilder csv = new StringBuilder("scheduler,job,completion\n");
        final Map<String, Double> mean = new LinkedHashMap<>();
        for (final String kernel : List.of("SJF", "DJSF", "DJSF-pooled", "Tetris")) {
            final BatchRun run = BatchRun.of(jobs, ServerTable.homogeneous(1, UNITS.capacityUnits(1.0)), kernel);
            for (int i = 0; i < jobs.count(); i++) {
                csv.append(kernel).append(',').append(i + 1).append(',').append(run.metrics().completion(i)).append('\n');
            }
            mean.put(kernel, run.metrics().averageJct());
            out.printf(Locale.ROOT, "  %-12s average JCT %.4f s%n", kernel, run.metrics().averageJct());
        }
        Files.writeString(directory.resolve("djsf-fig1.csv"), csv);
        final double sjf = mean.get("SJF");
        final double djsf = mean.get("DJSF");
        final double reduction = (sjf - djsf) / sjf;
        return List.of(
            new Claim("Fig. 1: SJF averages 7.36 s", fmt(sjf) + " s", Math.abs(sjf - 7.36) < 1e-9),
            new Claim("Fig. 1: DJSF averages 5.0 s", fmt(djsf) + " s (pooled: " + fmt(mean.get("DJSF-pooled")) + " s)",
                Math.abs(djsf - 5.0) < 1e-9 && Math.abs(mean.get("DJSF-pooled") - 5.0) < 1e-9),
            new Claim("Fig. 1: DJSF 32.07% below SJF", pct(reduction), Math.abs(reduction - 0.3207) < 5e-5));
    }

    private List<Claim> table2(final Path directory, final PrintWriter out) throws IOException {
        final double[][] requests = {{0.2, 0.1, 0.1}, {0.2, 0.3, 0.1}, {0.8, 0.7, 0.6}, {0.2, 0.2, 0.1}, {0.2, 0.1, 0.1}};
        final double[] paper = {0.08, 0.12, 0.42, 0.10, 0.08};
        final int[] free = {UNITS.sizeUnits(0.2), UNITS.sizeUnits(0.2), UNITS.sizeUnits(0.2)};
        final StringBuilder csv = new StringBuilder("job,cpu,ram,disk,score_paper,score_ours\n");
        boolean exact = true;
        final StringBuilder ours = new StringBuilder();
        for (int j = 0; j < requests.length; j++) {
            final int[] request = new int[3];
            for (int d = 0; d < 3; d++) {
                request[d] = UNITS.sizeUnits(requests[j][d]);
            }
            final double score = TetrisScore.real(TetrisScore.dot(request, 0, free, 0, 3), UNITS);
            exact &= Math.abs(score - paper[j]) < 1e-12;
            ours.append(j == 0 ? "" : ", ").append(fmt(score));
            csv.append(String.format(Locale.ROOT, "%d,%s,%s,%s,%s,%s%n", j + 1, requests[j][0], requests[j][1],
                requests[j][2], paper[j], score));
        }
        Files.writeString(directory.resolve("djsf-table2.csv"), csv);
        out.println("  Tetris scores on free (0.2, 0.2, 0.2): " + ours);
        // Sec. 4.3: six jobs of 0.5 with JCTs 1, 2, 5, 6, 9, 10 in a unit capacity, three groups.
        final double[] jct = {1, 2, 5, 6, 9, 10};
        final int[] sizes = new int[6];
        Arrays.fill(sizes, UNITS.sizeUnits(0.5));
        final JobSetPlanner planner = new JobSetPlanner(1);
        planner.plan(6, jct, sizes, new long[] {UNITS.capacityUnits(1.0)}, DjsfOptions.defaults(), null);
        final double aligned = planner.totalJce();
        final double misaligned = Jce.of(2, 10) + Jce.of(2, 9) + Jce.of(2, 6);
        out.printf(Locale.ROOT, "  Sec. 4.3: total JCE aligned %.4f (%d sets), misaligned %.4f%n", aligned,
            planner.setCount(), misaligned);
        return List.of(
            new Claim("Table 2: scores 0.08, 0.12, 0.42, 0.10, 0.08", ours.toString(), exact),
            new Claim("Sec. 4.3: total JCE about 1.53 aligned", fmt(aligned), Math.abs(aligned - 23.0 / 15) < 1e-12),
            new Claim("Sec. 4.3: about 0.75 misaligned", fmt(misaligned), Math.abs(misaligned - 34.0 / 45) < 1e-12));
    }

    // ---- the Google batch ----

    private long[] seeds() {
        final int count = scale == Scale.QUICK ? 1 : 20;
        final long[] seeds = new long[count];
        for (int i = 0; i < count; i++) {
            seeds[i] = seed + i;
        }
        return seeds;
    }

    private JobList batch(final long batchSeed) {
        if (trace == null) {
            if (taskEvents == null || !Files.isDirectory(taskEvents)) {
                throw new IllegalArgumentException("the DJSF Google batch needs the Google 2011 task_events: none at "
                    + taskEvents + " (pass --trace DIR)");
            }
            trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, taskEvents),
                TraceOptions.defaults().withDimensions(3));
        }
        return GoogleBatchSample.sample(trace, GoogleBatchSample.PAPER_JOBS, batchSeed, GoogleBatchSample.PAPER_SPEEDUP);
    }

    private static ServerTable cluster() {
        return GoogleBatchSample.paperCluster(UNITS, 3);
    }

    /** SJF, Tetris and DJSF on the batch of {@code batchSeed}, run once and kept. */
    private Map<String, BatchRun> runs(final long batchSeed) {
        return batches.computeIfAbsent(batchSeed, key -> {
            final JobList jobs = batch(key);
            final Map<String, BatchRun> runs = new LinkedHashMap<>();
            for (final String kernel : KERNELS) {
                runs.put(kernel, BatchRun.of(jobs, cluster(), kernel));
            }
            runs.put(JOBWISE, BatchRun.of(jobs, cluster(), JOBWISE));
            return runs;
        });
    }

    private static double meanDuration(final JobList jobs) {
        double sum = 0;
        for (int i = 0; i < jobs.count(); i++) {
            sum += jobs.duration(i);
        }
        return sum / jobs.count();
    }

    private List<Claim> fig8(final Path directory, final PrintWriter out) throws IOException {
        final StringBuilder csv = new StringBuilder("seed,scheduler,mean_jct_alone,average_jct,ratio_to_mean,makespan\n");
        final List<Double> overSjf = new ArrayList<>();
        final List<Double> overTetris = new ArrayList<>();
        final List<Double> jobwiseOverSjf = new ArrayList<>();
        final List<Double> jobwiseOverTetris = new ArrayList<>();
        out.println("  seed  mean JCT alone  SJF  Tetris  DJSF (average JCT, s)  DJSF vs SJF  DJSF vs Tetris");
        for (final long s : seeds()) {
            final Map<String, BatchRun> runs = runs(s);
            final double alone = meanDuration(batch(s));
            for (final String kernel : KERNELS) {
                final BatchRun run = runs.get(kernel);
                csv.append(String.format(Locale.ROOT, "%d,%s,%.6f,%.6f,%.6f,%.6f%n", s, kernel, alone,
                    run.metrics().averageJct(), run.metrics().averageJct() / alone, run.metrics().makespan()));
            }
            final double sjf = runs.get("SJF").metrics().averageJct();
            final double tetris = runs.get("Tetris").metrics().averageJct();
            final double djsf = runs.get("DJSF").metrics().averageJct();
            overSjf.add((sjf - djsf) / sjf);
            overTetris.add((tetris - djsf) / tetris);
            final double jobwise = runs.get(JOBWISE).metrics().averageJct();
            jobwiseOverSjf.add((sjf - jobwise) / sjf);
            jobwiseOverTetris.add((tetris - jobwise) / tetris);
            csv.append(String.format(Locale.ROOT, "%d,%s,%.6f,%.6f,%.6f,%.6f%n", s, JOBWISE, alone, jobwise,
                jobwise / alone, runs.get(JOBWISE).metrics().makespan()));
            out.printf(Locale.ROOT, "  %4d  %14.1f  %6.1f  %6.1f  %6.1f  %s  %s%n", s, alone, sjf, tetris, djsf,
                pct((sjf - djsf) / sjf), pct((tetris - djsf) / tetris));
        }
        // the CDF of the first seed
        final Map<String, BatchRun> first = runs(seeds()[0]);
        double end = 0;
        for (final BatchRun run : first.values()) {
            end = Math.max(end, run.metrics().makespan());
        }
        final StringBuilder cdf = new StringBuilder("time,SJF,Tetris,DJSF\n");
        final double[] times = new double[201];
        final double[][] fractions = new double[KERNELS.length][times.length];
        for (int k = 0; k < times.length; k++) {
            final double t = end * k / 200;
            times[k] = t;
            cdf.append(String.format(Locale.ROOT, "%.3f", t));
            for (int i = 0; i < KERNELS.length; i++) {
                final BatchRun run = first.get(KERNELS[i]);
                fractions[i][k] = run.metrics().completedBy(t) / (double) run.metrics().jobs();
                cdf.append(String.format(Locale.ROOT, ",%.4f", fractions[i][k]));
            }
            cdf.append('\n');
        }
        plot(directory, "djsf-fig8", "Completed jobs over time (Hu and Li 2022, Fig. 8; seed " + seeds()[0] + ")",
            "time (s)", "fraction of the batch completed", perKernel(times, fractions));
        Files.writeString(directory.resolve("djsf-fig8.csv"), csv);
        Files.writeString(directory.resolve("djsf-fig8-cdf.csv"), cdf);
        out.println("  " + JOBWISE + " (the plan as a job priority, ours): below SJF " + spread(jobwiseOverSjf)
            + ", below Tetris " + spread(jobwiseOverTetris));
        return List.of(
            new Claim("(ours) DJSF's order as a job priority below SJF's average JCT", spread(jobwiseOverSjf),
                min(jobwiseOverSjf) > 0, false),
            new Claim("DJSF's average JCT 23.19% below SJF's (1302.2 vs 1695.4 s)", spread(overSjf),
                min(overSjf) > 0, false),
            new Claim("DJSF's average JCT 23.2% below Tetris's (1302.2 vs 1696.3 s)", spread(overTetris),
                min(overTetris) > 0, true));
    }

    private List<Claim> fig9(final Path directory, final PrintWriter out) throws IOException {
        final Map<String, BatchRun> runs = runs(seeds()[0]);
        final StringBuilder csv = new StringBuilder("job,reduction_vs_SJF,reduction_vs_Tetris\n");
        final double[] vsSjf = org.stowage.core.metrics.BatchMetrics.reduction(runs.get("DJSF").metrics(),
            runs.get("SJF").metrics());
        final double[] vsTetris = org.stowage.core.metrics.BatchMetrics.reduction(runs.get("DJSF").metrics(),
            runs.get("Tetris").metrics());
        for (int i = 0; i < vsSjf.length; i++) {
            csv.append(String.format(Locale.ROOT, "%d,%.6f,%.6f%n", i + 1, vsSjf[i], vsTetris[i]));
        }
        Files.writeString(directory.resolve("djsf-fig9.csv"), csv);
        plot(directory, "djsf-fig9", "Per-job JCT reduction of DJSF, jobs by decreasing reduction (Fig. 9)",
            "job rank", "JCT reduction (Eq. 12)", List.of(
                new Charts.Line("SJF", "DJSF vs SJF", rank(vsSjf.length), descending(vsSjf), null),
                new Charts.Line("Tetris", "DJSF vs Tetris", rank(vsTetris.length), descending(vsTetris), null)));
        final double positiveSjf = positive(vsSjf);
        final double positiveTetris = positive(vsTetris);
        out.printf(Locale.ROOT, "  jobs faster under DJSF: %s vs SJF (max reduction %s), %s vs Tetris (max %s)%n",
            pct(positiveSjf), pct(max(vsSjf)), pct(positiveTetris), pct(max(vsTetris)));
        return List.of(
            new Claim("most jobs finish sooner under DJSF than under Tetris", pct(positiveTetris) + " of jobs",
                positiveTetris > 0.5, true),
            new Claim("most jobs finish sooner under DJSF than under SJF", pct(positiveSjf) + " of jobs",
                positiveSjf > 0.5, false),
            new Claim("the largest per-job reduction is up to 80%", pct(Math.max(max(vsSjf), max(vsTetris))),
                Math.max(max(vsSjf), max(vsTetris)) >= 0.5, true));
    }

    private List<Claim> fig10(final Path directory, final PrintWriter out) throws IOException {
        final List<Double> gainSjf = new ArrayList<>();
        final List<Double> gainTetris = new ArrayList<>();
        final StringBuilder csv = new StringBuilder("seed,time,SJF,Tetris,DJSF\n");
        final Map<String, BatchRun> firstRuns = runs(seeds()[0]);
        final double firstEnd = firstRuns.get("SJF").metrics().makespan();
        final double[] times = new double[100];
        final double[][] throughputs = new double[KERNELS.length][times.length];
        for (int k = 0; k < times.length; k++) {
            times[k] = firstEnd * (k + 1) / 100;
            for (int i = 0; i < KERNELS.length; i++) {
                throughputs[i][k] = firstRuns.get(KERNELS[i]).metrics().throughput(times[k]);
            }
        }
        plot(directory, "djsf-fig10", "Throughput over time (Eq. 13; Fig. 10; seed " + seeds()[0] + ")", "time (s)",
            "jobs completed per second so far", perKernel(times, throughputs));
        for (final long s : seeds()) {
            final Map<String, BatchRun> runs = runs(s);
            // Eq. (13) at the time DJSF has completed half the batch
            final double half = halfTime(runs.get("DJSF"));
            final double djsf = runs.get("DJSF").metrics().throughput(half);
            gainSjf.add(djsf / runs.get("SJF").metrics().throughput(half) - 1);
            gainTetris.add(djsf / runs.get("Tetris").metrics().throughput(half) - 1);
            final double end = runs.get("SJF").metrics().makespan();
            for (int k = 1; k <= 100; k++) {
                final double t = end * k / 100;
                csv.append(String.format(Locale.ROOT, "%d,%.3f,%.6f,%.6f,%.6f%n", s, t,
                    runs.get("SJF").metrics().throughput(t), runs.get("Tetris").metrics().throughput(t),
                    runs.get("DJSF").metrics().throughput(t)));
            }
        }
        Files.writeString(directory.resolve("djsf-fig10.csv"), csv);
        out.println("  throughput N*(t)/t at DJSF's half-batch time: DJSF over SJF " + spread(gainSjf) + ", over Tetris "
            + spread(gainTetris));
        return List.of(
            new Claim("DJSF's throughput 42.19% above SJF's", spread(gainSjf), min(gainSjf) > 0, false),
            new Claim("DJSF's throughput above Tetris's early on", spread(gainTetris), min(gainTetris) > 0, true));
    }

    private static double halfTime(final BatchRun run) {
        final double[] done = new double[run.metrics().jobs()];
        for (int i = 0; i < done.length; i++) {
            done[i] = run.metrics().completion(i);
        }
        Arrays.sort(done);
        return done[(done.length - 1) / 2];
    }

    private List<Claim> fig11(final Path directory, final PrintWriter out) throws IOException {
        final StringBuilder csv = new StringBuilder("seed,set,jce\n");
        final List<Double> setCounts = new ArrayList<>();
        final List<Double> meanJce = new ArrayList<>();
        for (final long s : seeds()) {
            final double[] jce = runs(s).get("DJSF").setJce();
            double sum = 0;
            for (int m = 0; m < jce.length; m++) {
                csv.append(s).append(',').append(m + 1).append(',').append(jce[m]).append('\n');
                sum += jce[m];
            }
            setCounts.add((double) jce.length);
            meanJce.add(sum / jce.length);
        }
        Files.writeString(directory.resolve("djsf-fig11.csv"), csv);
        final double[] firstJce = runs(seeds()[0]).get("DJSF").setJce();
        plot(directory, "djsf-fig11", "JCE of each job set in start order (Fig. 11; seed " + seeds()[0] + ")",
            "job set", "JCE (jobs per second)", List.of(new Charts.Line("DJSF", "DJSF", rank(firstJce.length),
                firstJce, null)));
        out.println("  job sets: " + spreadPlain(setCounts) + "; mean JCE per set: " + spreadPlain(meanJce) + " jobs/s");
        return List.of(new Claim("the packing makes 127 job sets", spreadPlain(setCounts),
            min(setCounts) >= 100 && max(setCounts) <= 160, true));
    }

    /** A PNG and an SVG of {@code lines} beside the item's CSV, in the look every figure gives a scheduler. */
    private static void plot(final Path directory, final String name, final String title, final String xTitle,
                             final String yTitle, final List<Charts.Line> lines) throws IOException {
        Charts.save(directory.resolve(name), title, xTitle, "#,##0", yTitle, false, "", lines);
    }

    /** One line per kernel of {@link #KERNELS} over {@code x}. */
    private static List<Charts.Line> perKernel(final double[] x, final double[][] yByKernel) {
        final List<Charts.Line> lines = new ArrayList<>();
        for (int i = 0; i < KERNELS.length; i++) {
            lines.add(new Charts.Line(KERNELS[i], KERNELS[i], x, yByKernel[i], null));
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

    private List<Claim> fig12(final Path directory, final PrintWriter out) throws IOException {
        final Map<String, BatchRun> runs = runs(seeds()[0]);
        final String[] resources = {"cpu", "memory", "disk"};
        final StringBuilder csv = new StringBuilder("time");
        for (final String kernel : KERNELS) {
            for (final String resource : resources) {
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
        Files.writeString(directory.resolve("djsf-fig12.csv"), csv);
        final double[] times = new double[201];
        for (int k = 0; k < times.length; k++) {
            times[k] = end * k / 200;
        }
        for (int d = 0; d < resources.length; d++) {
            final double[][] use = new double[KERNELS.length][times.length];
            for (int i = 0; i < KERNELS.length; i++) {
                for (int k = 0; k < times.length; k++) {
                    use[i][k] = runs.get(KERNELS[i]).metrics().use(times[k], d);
                }
            }
            plot(directory, "djsf-fig12-" + resources[d], "Normalised " + resources[d] + " use over time (Fig. 12;"
                + " seed " + seeds()[0] + ")", "time (s)", resources[d] + " in use / cluster total",
                perKernel(times, use));
        }
        final double[][] mean = new double[KERNELS.length][3];
        for (int k = 0; k < KERNELS.length; k++) {
            for (int d = 0; d < 3; d++) {
                mean[k][d] = runs.get(KERNELS[k]).metrics().meanUse(d);
            }
            out.printf(Locale.ROOT, "  %-7s mean use over its makespan: cpu %.3f, memory %.3f, disk %.4f%n", KERNELS[k],
                mean[k][0], mean[k][1], mean[k][2]);
        }
        final int djsf = 2;
        return List.of(new Claim("memory is the most used resource", "cpu " + fmt(mean[djsf][0]) + ", memory "
            + fmt(mean[djsf][1]) + " under DJSF", mean[djsf][1] > mean[djsf][0], false));
    }

    private List<Claim> table3(final Path directory, final PrintWriter out) throws IOException {
        final StringBuilder csv = new StringBuilder("seed,scheduler,overhead_s\n");
        final Map<String, List<Double>> overhead = new LinkedHashMap<>();
        for (final long s : seeds()) {
            for (final String kernel : KERNELS) {
                final double seconds = runs(s).get(kernel).overhead();
                overhead.computeIfAbsent(kernel, k -> new ArrayList<>()).add(seconds);
                csv.append(String.format(Locale.ROOT, "%d,%s,%.6f%n", s, kernel, seconds));
            }
        }
        Files.writeString(directory.resolve("djsf-table3.csv"), csv);
        for (final Map.Entry<String, List<Double>> entry : overhead.entrySet()) {
            out.printf(Locale.ROOT, "  %-7s %s s in the kernel per 1000-job batch (paper: %s)%n", entry.getKey(),
                spreadPlain(entry.getValue()), switch (entry.getKey()) {
                    case "SJF" -> "0.199 s";
                    case "Tetris" -> "0.555 s";
                    default -> "0.969 s";
                });
        }
        final double sjf = median(overhead.get("SJF"));
        return List.of(new Claim("SJF has the least overhead (0.199 s against 0.555 and 0.969 s)",
            "SJF " + fmt(sjf) + " s, Tetris " + fmt(median(overhead.get("Tetris"))) + " s, DJSF "
                + fmt(median(overhead.get("DJSF"))) + " s (medians)",
            sjf <= median(overhead.get("Tetris")) && sjf <= median(overhead.get("DJSF")), false));
    }

    private List<Claim> table4(final Path directory, final PrintWriter out) throws IOException {
        final double[][] ranges = {{0, 0}, {0.0001, 0.001}, {0.001, 0.01}, {0.01, 0.2}};
        final StringBuilder csv = new StringBuilder("eps_low,eps_high,seed,SJF,Tetris,DJSF\n");
        boolean tetrisUnchanged = true;
        boolean djsfBeatsTetris = true;
        out.println("  error range     SJF      Tetris   DJSF    DJSF vs SJF  DJSF vs Tetris (seed " + seeds()[0] + ")");
        final long s = seeds()[0];
        final JobList jobs = batch(s);
        double tetrisBase = Double.NaN;
        for (final double[] range : ranges) {
            final JobList predicted = PredictionError.apply(jobs, range[0], range[1], s);
            final double[] jct = new double[KERNELS.length];
            for (int k = 0; k < KERNELS.length; k++) {
                jct[k] = BatchRun.of(predicted, cluster(), KERNELS[k]).metrics().averageJct();
            }
            if (Double.isNaN(tetrisBase)) {
                tetrisBase = jct[1];
            }
            tetrisUnchanged &= jct[1] == tetrisBase;
            djsfBeatsTetris &= jct[2] < jct[1];
            csv.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.6f%n", range[0], range[1], s, jct[0], jct[1],
                jct[2]));
            out.printf(Locale.ROOT, "  [%.4f, %.4f]  %7.1f  %7.1f  %7.1f  %s  %s%n", range[0], range[1], jct[0], jct[1],
                jct[2], pct((jct[0] - jct[2]) / jct[0]), pct((jct[1] - jct[2]) / jct[1]));
        }
        Files.writeString(directory.resolve("djsf-table4.csv"), csv);
        return List.of(
            new Claim("Tetris is not affected by prediction errors", tetrisUnchanged ? "identical JCTs" : "changed",
                tetrisUnchanged, true),
            new Claim("DJSF stays about 23% below Tetris at every error range", djsfBeatsTetris ? "below at every range"
                : "not below at some range", djsfBeatsTetris, true));
    }

    private List<Claim> table5(final Path directory, final PrintWriter out) throws IOException {
        final StringBuilder csv = new StringBuilder("G,seed,DJSF,improvement_vs_SJF,improvement_vs_Tetris\n");
        final long s = seeds()[0];
        final JobList jobs = batch(s);
        final double sjf = runs(s).get("SJF").metrics().averageJct();
        final double tetris = runs(s).get("Tetris").metrics().averageJct();
        boolean allBeatTetris = true;
        out.println("  G   DJSF JCT  vs SJF   vs Tetris (seed " + s + ")");
        for (int g = 1; g <= 10; g++) {
            final double djsf = BatchRun.of(jobs, cluster(), "DJSF:G=" + g).metrics().averageJct();
            allBeatTetris &= djsf < tetris;
            csv.append(String.format(Locale.ROOT, "%d,%d,%.6f,%.6f,%.6f%n", g, s, djsf, (sjf - djsf) / sjf,
                (tetris - djsf) / tetris));
            out.printf(Locale.ROOT, "  %2d  %8.1f  %s  %s%n", g, djsf, pct((sjf - djsf) / sjf), pct((tetris - djsf) / tetris));
        }
        Files.writeString(directory.resolve("djsf-table5.csv"), csv);
        return List.of(new Claim("DJSF beats Tetris by 20-24% for every G in 1..10", allBeatTetris
            ? "below Tetris for every G" : "not below Tetris for some G", allBeatTetris, true));
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
