package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.fmt;
import static org.stowage.reproduce.Numbers.pct;
import static org.stowage.reproduce.djsf.PaperDjsf.UNITS;
import static org.stowage.reproduce.djsf.PaperDjsf.fig1Jobs;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.metrics.BatchMetrics;
import org.stowage.core.state.ServerTable;
import org.stowage.report.TextTable;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;

/** Fig. 1: five jobs on one unit machine, exact average JCTs. */
final class Fig1 extends BatchFigure {
    Fig1() {
        super("djsf-fig1", "Hu and Li 2022 Fig. 1: five jobs on one machine, average JCT",
            List.of("SJF", "DJSF", "DJSF-pooled", "Tetris"));
    }

    @Override
    public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale,
                         final PlannedRuns runs) {
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
        final TextTable table = TextTable.of("scheduler", "average JCT (s)");
        for (final Sweep.Unit unit : finished) {
            table.row(unit.scheduler(), String.format(Locale.ROOT, "%.4f", unit.result().metric(BatchRun.AVERAGE_JCT)));
        }
        table.printTo(out);
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        final Map<String, RunResult> results = results(finished);
        final double sjf = results.get("SJF").metric(BatchRun.AVERAGE_JCT);
        final double djsf = results.get("DJSF").metric(BatchRun.AVERAGE_JCT);
        final double pooled = results.get("DJSF-pooled").metric(BatchRun.AVERAGE_JCT);
        final double reduction = (sjf - djsf) / sjf;
        return List.of(
            Claim.of("Fig. 1: SJF averages 7.36 s", fmt(sjf) + " s", Math.abs(sjf - 7.36) < 1e-9),
            Claim.of("Fig. 1: DJSF averages 5.0 s", fmt(djsf) + " s (pooled: " + fmt(pooled) + " s)",
                Math.abs(djsf - 5.0) < 1e-9 && Math.abs(pooled - 5.0) < 1e-9),
            Claim.of("Fig. 1: DJSF 32.07% below SJF", pct(reduction), Math.abs(reduction - 0.3207) < 5e-5));
    }
}
