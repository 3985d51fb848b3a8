package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.fmt;
import static org.stowage.reproduce.Numbers.median;
import static org.stowage.reproduce.Numbers.spreadPlain;
import static org.stowage.reproduce.djsf.PaperDjsf.KERNELS;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.report.TextTable;
import org.stowage.reproduce.Claim;
import org.stowage.sweep.Sweep;

/** Table 3: the time spent in each kernel per batch. */
final class Table3 extends GoogleFigure {
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
        final TextTable table = TextTable.of("scheduler", "s in the kernel per 1000-job batch", "paper");
        for (final Map.Entry<String, List<Double>> entry : overheads(finished).entrySet()) {
            table.row(entry.getKey(), spreadPlain(entry.getValue()), switch (entry.getKey()) {
                case "SJF" -> "0.199";
                case "Tetris" -> "0.555";
                default -> "0.969";
            });
        }
        table.printTo(out);
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
