package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.min;
import static org.stowage.reproduce.Numbers.spread;
import static org.stowage.reproduce.djsf.PaperDjsf.KERNELS;
import static org.stowage.reproduce.djsf.PaperDjsf.SJF_EVIDENCE;
import static org.stowage.reproduce.djsf.PaperDjsf.SJF_REASON;
import static org.stowage.reproduce.djsf.PaperDjsf.perKernel;
import static org.stowage.reproduce.djsf.PaperDjsf.plot;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.report.Charts;
import org.stowage.reproduce.Claim;
import org.stowage.sweep.Sweep;

/** Fig. 10: the throughput N*(t) / t (Eq. (13)). */
final class Fig10 extends GoogleFigure {
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
            "time (s)", Charts.YAxis.of("throughput so far (jobs per s)", Charts.Domain.NON_NEGATIVE),
            perKernel(times, throughputs));
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
