package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.Numbers.fmt;
import static org.stowage.reproduce.djsf.PaperDjsf.KERNELS;
import static org.stowage.reproduce.djsf.PaperDjsf.WITH_JOBWISE;
import static org.stowage.reproduce.djsf.PaperDjsf.perKernel;
import static org.stowage.reproduce.djsf.PaperDjsf.plot;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.report.Charts;
import org.stowage.report.TextTable;
import org.stowage.reproduce.Claim;
import org.stowage.sweep.Sweep;

/**
 * Fig. 12: the normalised use of each resource over time, first batch. The time axis spans the longest
 * run, the job-wise order's included (as in Fig. 8's CDF).
 */
final class Fig12 extends GoogleFigure {
    private static final String[] RESOURCES = {"cpu", "memory", "disk"};

    Fig12(final GoogleBatches batches) {
        super("djsf-fig12", "Hu and Li 2022 Fig. 12: normalised resource use over time", WITH_JOBWISE, batches,
            false);
    }

    @Override
    boolean keepsUse() {
        return true;
    }

    @Override
    public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
        final Map<String, BatchRun> runs = first(finished);
        final StringBuilder csv = new StringBuilder("time");
        for (final String kernel : KERNELS) {
            for (final String resource : RESOURCES) {
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
        write(directory, "djsf-fig12.csv", csv);
        final double[] times = new double[201];
        for (int k = 0; k < times.length; k++) {
            times[k] = end * k / 200;
        }
        for (int d = 0; d < RESOURCES.length; d++) {
            final double[][] use = new double[KERNELS.size()][times.length];
            for (int i = 0; i < KERNELS.size(); i++) {
                for (int k = 0; k < times.length; k++) {
                    use[i][k] = runs.get(KERNELS.get(i)).metrics().use(times[k], d);
                }
            }
            plot(directory, "djsf-fig12-" + RESOURCES[d], "Normalised " + RESOURCES[d] + " use over time (Fig. 12;"
                + " seed " + firstSeed(finished) + ")", "time (s)", Charts.YAxis.of(RESOURCES[d] + " in use (fraction of the"
                + " cluster total)", Charts.Domain.FRACTION),
                perKernel(times, use));
        }
    }

    /** Per kernel, the mean use of each resource over its makespan. */
    private static double[][] meanUse(final List<Sweep.Unit> finished) {
        final Map<String, BatchRun> runs = first(finished);
        final double[][] mean = new double[KERNELS.size()][3];
        for (int k = 0; k < KERNELS.size(); k++) {
            for (int d = 0; d < 3; d++) {
                mean[k][d] = runs.get(KERNELS.get(k)).metrics().meanUse(d);
            }
        }
        return mean;
    }

    @Override
    public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
        final double[][] mean = meanUse(finished);
        out.println("  Mean use over each kernel's makespan (fraction of the cluster total):");
        final TextTable table = TextTable.of("scheduler", "cpu", "memory", "disk");
        for (int k = 0; k < KERNELS.size(); k++) {
            table.row(KERNELS.get(k), String.format(Locale.ROOT, "%.3f", mean[k][0]),
                String.format(Locale.ROOT, "%.3f", mean[k][1]), String.format(Locale.ROOT, "%.4f", mean[k][2]));
        }
        table.printTo(out);
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        final double[] djsf = meanUse(finished)[KERNELS.indexOf("DJSF")];
        return List.of(Claim.of("memory is the most used resource", "cpu " + fmt(djsf[0]) + ", memory "
            + fmt(djsf[1]) + " under DJSF", djsf[1] > djsf[0])
            .withEvidence("CPU is the bottleneck of our sampled tasks on our cluster", "docs/DJSF.md#open-questions"));
    }
}
