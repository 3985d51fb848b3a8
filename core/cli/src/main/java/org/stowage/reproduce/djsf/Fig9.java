package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.max;
import static org.stowage.reproduce.Numbers.pct;
import static org.stowage.reproduce.Numbers.positive;
import static org.stowage.reproduce.djsf.PaperDjsf.KERNELS;
import static org.stowage.reproduce.djsf.PaperDjsf.SJF_EVIDENCE;
import static org.stowage.reproduce.djsf.PaperDjsf.SJF_REASON;
import static org.stowage.reproduce.djsf.PaperDjsf.descending;
import static org.stowage.reproduce.djsf.PaperDjsf.plot;
import static org.stowage.reproduce.djsf.PaperDjsf.rank;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.metrics.BatchMetrics;
import org.stowage.report.Charts;
import org.stowage.reproduce.Claim;
import org.stowage.sweep.Sweep;

/** Fig. 9: the per-job JCT reduction of DJSF (Eq. (12)), first batch. */
final class Fig9 extends GoogleFigure {
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
            "job rank", Charts.YAxis.of("JCT reduction (Eq. 12, a fraction of the other's JCT)", Charts.Domain.ANY),
            List.of(
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
