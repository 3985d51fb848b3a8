package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.pct;
import static org.stowage.reproduce.djsf.PaperDjsf.KERNELS;
import static org.stowage.reproduce.djsf.PaperDjsf.SEED;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.trace.JobList;
import org.stowage.core.trace.PredictionError;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;

/** Table 4: average JCTs with prediction errors, first batch. */
final class Table4 extends GoogleFigure {
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
    public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale,
                         final PlannedRuns runs) {
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
