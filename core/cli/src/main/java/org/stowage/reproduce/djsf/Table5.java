package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.pct;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.report.TextTable;
import org.stowage.reproduce.Claim;
import org.stowage.sweep.Sweep;

/** Table 5: DJSF's average JCT for G = 1..10 groups against SJF and Tetris, first batch. */
final class Table5 extends GoogleFigure {
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
        out.println("  DJSF's average JCT (s) by its number of JCT groups G (seed " + firstSeed(finished) + "):");
        final TextTable table = TextTable.of("G", "DJSF JCT", "vs SJF", "vs Tetris");
        for (int g = 1; g <= MAX_GROUPS; g++) {
            final double djsf = jct[g + 1];
            table.row(Integer.toString(g), String.format(Locale.ROOT, "%.1f", djsf), pct((jct[0] - djsf) / jct[0]),
                pct((jct[1] - djsf) / jct[1]));
        }
        table.printTo(out);
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
