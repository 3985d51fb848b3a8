package org.stowage.reproduce.rms;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.experiment.RunSpec;
import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability;
import org.stowage.report.Charts;
import org.stowage.report.Legends;
import org.stowage.report.TextTable;
import org.stowage.reproduce.AddedSchedulers;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.QueueTraceFigure;
import org.stowage.reproduce.RunLengths;
import org.stowage.reproduce.Scale;
import org.stowage.reproduce.SpecFigure;
import org.stowage.sweep.ResultFiles;
import org.stowage.sweep.Sweep;

import de.siegmar.fastcsv.writer.CsvWriter;

/**
 * The total queue over time of a few schedulers, each over many seeds, where one of them may lock into a
 * configuration that serves less than the arrivals (2018 paper, Fig. 1b): the plot shows replication 0 of
 * each, the table every replication's verdict and the fraction that locked in (verdict unstable), and the
 * claims are that the paper's BF locks in (in most seeds) while RMS stays stable. A lock-in is a random
 * event with an onset anywhere in the run (docs/RMS.md 7), so the fraction, not one run, is the result.
 */
public final class LockInFigure implements SpecFigure {
    /** How a scheduler's run is made. */
    @FunctionalInterface
    interface SpecMaker {
        RunSpec make(String scheduler, Scale scale, long seed);
    }

    private final String name;
    private final String title;
    private final List<String> schedulers;
    private final List<String> ours;
    private final String lockingIn;
    private final String stable;
    private final SpecMaker specMaker;
    private final RunLengths lengths;
    private final List<String> notes;

    /**
     * @param lockingIn the scheduler the paper shows unstable
     * @param stable    the scheduler the paper shows stable
     */
    LockInFigure(final String name, final String title, final List<String> schedulers, final List<String> ours,
                 final String lockingIn, final String stable, final SpecMaker specMaker, final RunLengths lengths,
                 final List<String> notes) {
        this.name = name;
        this.title = title;
        this.schedulers = List.copyOf(schedulers);
        this.ours = List.copyOf(ours);
        this.lockingIn = lockingIn;
        this.stable = stable;
        if (!schedulers.contains(lockingIn) || !schedulers.contains(stable) || !schedulers.containsAll(ours)) {
            throw new IllegalArgumentException(name + ": " + lockingIn + ", " + stable + " and " + ours
                + " must all be among " + schedulers);
        }
        this.specMaker = specMaker;
        this.lengths = lengths;
        this.notes = List.copyOf(notes);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public Sweep sweep(final Scale scale, final long seed) {
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("figure", name);
        inputs.put("scale", scale.name().toLowerCase(Locale.ROOT));
        inputs.put("horizon", lengths.horizon(scale));
        return new Sweep(schedulers, List.of(), lengths.replications(scale), seed, inputs);
    }

    @Override
    public RunSpec spec(final Sweep.Point point, final String scheduler, final Scale scale) {
        return specMaker.make(scheduler, scale, point.seed());
    }

    @Override
    public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
        ResultFiles.atomically(directory.resolve(name + ".csv"), target -> {
            try (CsvWriter csv = ResultFiles.csv(target)) {
                csv.writeRecord("scheduler", "replication", "verdict", "time", "queue");
                for (final Sweep.Unit unit : finished) {
                    final double[] time = unit.result().seriesStart();
                    final double[] queue = unit.result().seriesMean();
                    final String verdict = unit.result().stability().verdict().label();
                    for (int i = 0; i < time.length; i++) {
                        csv.writeRecord(unit.scheduler(), Integer.toString(unit.point().replication()), verdict,
                            ResultFiles.number(time[i]), ResultFiles.number(queue[i]));
                    }
                }
            }
        });
        Charts.save(directory.resolve(name), title, "time (thousand time units); replication 0 of each",
            Charts.YAxis.of("total queue size (jobs)", Charts.Domain.NON_NEGATIVE)
                .withZeroLabel("0 = empty queue (at the axis floor)"), lines(finished, AddedSchedulers.in(sweep)));
    }

    /** Replication 0 of each scheduler, time in thousands; schedulers outside the paper's figure "(ours)". */
    List<Charts.Line> lines(final List<Sweep.Unit> finished, final List<String> added) {
        final List<Charts.Line> lines = new ArrayList<>();
        for (final Sweep.Unit unit : finished) {
            if (unit.point().replication() == 0) {
                final double[] thousands = unit.result().seriesStart();
                for (int i = 0; i < thousands.length; i++) {
                    thousands[i] /= 1e3;
                }
                lines.add(new Charts.Line(unit.scheduler(), Legends.label(unit.scheduler(),
                    ours.contains(unit.scheduler()), null, added.contains(unit.scheduler())), thousands,
                    unit.result().seriesMean(), null));
            }
        }
        return lines;
    }

    private static int count(final List<Sweep.Unit> runs, final Stability.Verdict verdict) {
        int matching = 0;
        for (final Sweep.Unit unit : runs) {
            matching += unit.result().stability().verdict() == verdict ? 1 : 0;
        }
        return matching;
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        final Map<String, List<Sweep.Unit>> groups = QueueTraceFigure.byScheduler(finished);
        final List<Claim> claims = new ArrayList<>();
        final List<Sweep.Unit> locking = groups.get(lockingIn);
        final int locked = count(locking, Stability.Verdict.UNSTABLE);
        // a lock-in starts at a random time within 2 x 10^5 time units: a quick run is too short to see it
        claims.add(Claim.atPaperScale(lockingIn + "'s queue grows without bound (locks in; most seeds)",
            "locked in (unstable) in " + locked + " of " + locking.size() + " seeds; "
                + QueueTraceFigure.verdictCounts(locking), 2 * locked >= locking.size()));
        final List<Sweep.Unit> steady = groups.get(stable);
        final int unstable = count(steady, Stability.Verdict.UNSTABLE);
        claims.add(Claim.atPaperScale(stable + " stays stable (no seed unstable)", QueueTraceFigure.verdictCounts(steady)
            + " of " + steady.size() + " seeds", unstable == 0));
        return claims;
    }

    @Override
    public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
        final TextTable table = TextTable.flush("scheduler", "verdicts", "locked in", "mean queue", "final queue");
        for (final Map.Entry<String, List<Sweep.Unit>> group : QueueTraceFigure.byScheduler(finished).entrySet()) {
            final List<Sweep.Unit> runs = group.getValue();
            double queue = 0;
            double last = 0;
            for (final Sweep.Unit unit : runs) {
                queue += unit.result().metric(Metric.MEAN_QUEUE) / runs.size();
                final double[] series = unit.result().seriesMean();
                last += (series.length == 0 ? 0 : series[series.length - 1]) / runs.size();
            }
            table.row(group.getKey(), QueueTraceFigure.verdictCounts(runs), count(runs, Stability.Verdict.UNSTABLE) + "/"
                + runs.size(), String.format(Locale.ROOT, "%.1f", queue), String.format(Locale.ROOT, "%.1f", last));
        }
        table.printTo(out);
        for (final String note : notes) {
            out.println(note);
        }
        out.println("Locked in = verdict unstable (the queue's growth is significant over the run after warm-up);"
            + " the plot shows replication 0 of each scheduler; the CSV has every replication.");
    }
}
