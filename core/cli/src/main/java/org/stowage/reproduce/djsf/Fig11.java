package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.max;
import static org.stowage.reproduce.Numbers.min;
import static org.stowage.reproduce.Numbers.spreadPlain;
import static org.stowage.reproduce.djsf.PaperDjsf.plot;
import static org.stowage.reproduce.djsf.PaperDjsf.rank;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stowage.report.Charts;
import org.stowage.reproduce.Claim;
import org.stowage.sweep.Sweep;

/** Fig. 11: the JCE of each job set of DJSF's plan, in start order. */
final class Fig11 extends GoogleFigure {
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
            + ")", "job set (start order)", Charts.YAxis.of("JCE (jobs per s)", Charts.Domain.NON_NEGATIVE),
            List.of(new Charts.Line("DJSF", "DJSF", rank(firstJce.length),
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
