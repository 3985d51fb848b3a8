package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.min;
import static org.stowage.reproduce.Numbers.pct;
import static org.stowage.reproduce.Numbers.spread;
import static org.stowage.reproduce.djsf.PaperDjsf.JOBWISE;
import static org.stowage.reproduce.djsf.PaperDjsf.KERNELS;
import static org.stowage.reproduce.djsf.PaperDjsf.SJF_EVIDENCE;
import static org.stowage.reproduce.djsf.PaperDjsf.SJF_REASON;
import static org.stowage.reproduce.djsf.PaperDjsf.WITH_JOBWISE;
import static org.stowage.reproduce.djsf.PaperDjsf.perKernel;
import static org.stowage.reproduce.djsf.PaperDjsf.plot;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.report.Charts;
import org.stowage.report.TextTable;
import org.stowage.reproduce.Claim;
import org.stowage.sweep.Sweep;

/** Fig. 8: the CDF of completions and the average JCTs; the plan as a job priority beside it (ours). */
final class Fig8 extends GoogleFigure {
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
            + firstSeed(finished) + ")", "time (s)", Charts.YAxis.of("fraction of the batch completed",
            Charts.Domain.FRACTION), perKernel(times, fractions));
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
        out.println("  Average JCT (s) of each seed's batch, and the mean JCT of its jobs alone:");
        final TextTable table = TextTable.of("seed", "mean JCT alone", "SJF", "Tetris", "DJSF", "DJSF vs SJF",
            "DJSF vs Tetris");
        for (final Map.Entry<Long, Map<String, BatchRun>> seed : bySeed(finished).entrySet()) {
            final Map<String, BatchRun> runs = seed.getValue();
            final double sjf = runs.get("SJF").metrics().averageJct();
            final double tetris = runs.get("Tetris").metrics().averageJct();
            final double djsf = runs.get("DJSF").metrics().averageJct();
            table.row(Long.toString(seed.getKey()), String.format(Locale.ROOT, "%.1f", runs.get("SJF").meanDuration()),
                String.format(Locale.ROOT, "%.1f", sjf), String.format(Locale.ROOT, "%.1f", tetris),
                String.format(Locale.ROOT, "%.1f", djsf), pct((sjf - djsf) / sjf), pct((tetris - djsf) / tetris));
        }
        table.printTo(out);
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
