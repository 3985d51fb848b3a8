package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.fmt;
import static org.stowage.reproduce.djsf.PaperDjsf.UNITS;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.kernel.batch.DjsfOptions;
import org.stowage.core.kernel.batch.Jce;
import org.stowage.core.kernel.batch.JobSetPlanner;
import org.stowage.core.kernel.batch.TetrisScore;
import org.stowage.core.metrics.Metric;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;

/**
 * Table 2 and Sec. 4.3: Tetris's scores of five jobs on a free (0.2, 0.2, 0.2), and DJSF's plan of six jobs
 * of 0.5 with JCTs 1, 2, 5, 6, 9, 10 in a unit capacity (three groups) against the misaligned grouping.
 * Its two units compute these (no simulation runs): Tetris's the scores, DJSF's the plan.
 */
final class Table2 extends BatchFigure {
    private static final double[][] REQUESTS = {{0.2, 0.1, 0.1}, {0.2, 0.3, 0.1}, {0.8, 0.7, 0.6}, {0.2, 0.2, 0.1},
        {0.2, 0.1, 0.1}};
    private static final double[] PAPER_SCORES = {0.08, 0.12, 0.42, 0.10, 0.08};
    /** Sec. 4.3's plan: the total JCE of its job sets. */
    private static final Metric TOTAL_JCE = Metric.of("total_jce", Metric.Unit.RATE, "total JCE",
        "total job completion efficiency (jobs per unit of time) of the DJSF plan's job sets");
    /** Sec. 4.3's counter-example: the same jobs grouped across the JCT gaps. */
    private static final Metric MISALIGNED_TOTAL_JCE = Metric.of("misaligned_total_jce", Metric.Unit.RATE,
        "misaligned total JCE", "total job completion efficiency of the same jobs grouped across the JCT gaps");

    Table2() {
        super("djsf-table2", "Hu and Li 2022 Table 2 and Sec. 4.3: Tetris scores, total JCE of a plan",
            List.of("Tetris", "DJSF"));
    }

    /** Tetris's score of request {@code j} (1-based) on the free vector (0.2, 0.2, 0.2). */
    private static Metric score(final int j) {
        return Metric.of("score_" + j, Metric.Unit.NUMBER, "score of job " + j,
            "Tetris's alignment score of request " + j + " on free resources (0.2, 0.2, 0.2)");
    }

    @Override
    public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale,
                         final PlannedRuns runs) {
        final long start = System.nanoTime();
        final Map<String, Double> values = new LinkedHashMap<>();
        if (scheduler.equals("Tetris")) {
            final int[] free = {UNITS.sizeUnits(0.2), UNITS.sizeUnits(0.2), UNITS.sizeUnits(0.2)};
            for (int j = 0; j < REQUESTS.length; j++) {
                final int[] request = new int[3];
                for (int d = 0; d < 3; d++) {
                    request[d] = UNITS.sizeUnits(REQUESTS[j][d]);
                }
                values.put(score(j + 1).name(), TetrisScore.real(TetrisScore.dot(request, 0, free, 0, 3), UNITS));
            }
        } else {
            final double[] jct = {1, 2, 5, 6, 9, 10};
            final int[] sizes = new int[6];
            Arrays.fill(sizes, UNITS.sizeUnits(0.5));
            final JobSetPlanner planner = new JobSetPlanner(1);
            planner.plan(6, jct, sizes, new long[] {UNITS.capacityUnits(1.0)}, DjsfOptions.defaults(), null);
            values.put(TOTAL_JCE.name(), planner.totalJce());
            values.put(BatchRun.JOB_SETS.name(), (double) planner.setCount());
            // the same six jobs grouped across the JCT gaps, as the paper's counter-example
            values.put(MISALIGNED_TOTAL_JCE.name(), Jce.of(2, 10) + Jce.of(2, 9) + Jce.of(2, 6));
        }
        return new RunResult(scheduler, values, BatchRun.NO_VERDICT, new double[0], new double[0],
            (System.nanoTime() - start) / 1e9);
    }

    private static double[] scores(final Map<String, RunResult> results) {
        final double[] scores = new double[REQUESTS.length];
        for (int j = 0; j < scores.length; j++) {
            scores[j] = results.get("Tetris").metric(score(j + 1));
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
            djsf.metric(TOTAL_JCE), (int) djsf.metric(BatchRun.JOB_SETS), djsf.metric(MISALIGNED_TOTAL_JCE));
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        final Map<String, RunResult> results = results(finished);
        final double[] scores = scores(results);
        boolean exact = true;
        for (int j = 0; j < scores.length; j++) {
            exact &= Math.abs(scores[j] - PAPER_SCORES[j]) < 1e-12;
        }
        final double aligned = results.get("DJSF").metric(TOTAL_JCE);
        final double misaligned = results.get("DJSF").metric(MISALIGNED_TOTAL_JCE);
        return List.of(
            Claim.of("Table 2: scores 0.08, 0.12, 0.42, 0.10, 0.08", oursText(scores), exact),
            Claim.of("Sec. 4.3: total JCE about 1.53 aligned", fmt(aligned), Math.abs(aligned - 23.0 / 15) < 1e-12),
            Claim.of("Sec. 4.3: about 0.75 misaligned", fmt(misaligned), Math.abs(misaligned - 34.0 / 45) < 1e-12));
    }
}
