package org.stowage.reproduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import org.stowage.core.Units;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.report.Charts;
import org.stowage.report.Legends;
import org.stowage.report.TextTable;
import org.stowage.sweep.ResultFiles;
import org.stowage.sweep.Sweep;
import org.stowage.theory.CapacityResult;
import org.stowage.theory.JobTypes;
import org.stowage.theory.MaxSupportableWorkload;

import de.siegmar.fastcsv.writer.CsvWriter;

/**
 * A figure of the total queue size over time on one server with two job sizes (2019 paper, Fig. 3a and
 * 3b): each scheduler runs several replications; the plot shows replication 0, the table the verdicts of
 * all of them, and each claim holds when most replications get the verdict the paper reports. Most, not
 * all: the paper's own account of Fig. 3b is that BF-J/S and VQS-BF lock into a bad configuration with
 * positive probability, so a replication that escapes the lock is part of the claim, not against it.
 *
 * <p>Schedulers run beside the paper's (stalled variants) are labelled "(ours)"; one whose every
 * replication gives exactly the results of one of the paper's schedulers (the same queue series and the
 * same metrics, bit for bit) is said to be identical to it, in the legend and in the report, since its
 * curve hides under the other's.
 */
public final class QueueTraceFigure implements SpecFigure {
    /**
     * The workload: one server of {@code capacity}, one resource, discrete sizes drawn with {@code weights},
     * Bernoulli arrivals of rate {@code lambda} per slot, service times from {@code service}.
     */
    public record OneServer(double capacity, double[][] sizes, double[] weights, double lambda,
                     Supplier<ServiceDistribution> service) {
    }

    private final String name;
    private final String title;
    private final double capacity;
    private final double[][] sizes;
    private final double[] weights;
    private final double lambda;
    private final Supplier<ServiceDistribution> service;
    private final Map<String, Stability.Verdict> expected;
    private final List<String> extraSchedulers;
    private final RunLengths lengths;
    private final List<String> notes;

    /**
     * @param expected        scheduler to the verdict the paper reports, in plot order
     * @param extraSchedulers schedulers run and shown without a claim of the paper (for example stalled
     *                        variants), labelled "(ours)"
     */
    public QueueTraceFigure(final String name, final String title, final OneServer workload,
                     final Map<String, Stability.Verdict> expected, final List<String> extraSchedulers,
                     final RunLengths lengths, final List<String> notes) {
        this.name = name;
        this.title = title;
        this.capacity = workload.capacity();
        this.sizes = workload.sizes();
        this.weights = workload.weights();
        this.lambda = workload.lambda();
        this.service = workload.service();
        this.expected = new LinkedHashMap<>(expected);
        this.extraSchedulers = List.copyOf(extraSchedulers);
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

    private List<String> schedulers() {
        final List<String> all = new ArrayList<>(expected.keySet());
        all.addAll(extraSchedulers);
        return all;
    }

    @Override
    public Sweep sweep(final Scale scale, final long seed) {
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("figure", name);
        inputs.put("scale", scale.name().toLowerCase(Locale.ROOT));
        inputs.put("capacity", capacity);
        inputs.put("sizes", sizes);
        inputs.put("weights", weights);
        inputs.put("lambda", lambda);
        inputs.put("service", service.get().toString());
        inputs.put("horizon", horizon(scale));
        return new Sweep(schedulers(), List.of(), lengths.replications(scale), seed, inputs);
    }

    private double horizon(final Scale scale) {
        return lengths.horizon(scale);
    }

    @Override
    public RunSpec spec(final Sweep.Point point, final String scheduler, final Scale scale) {
        final Units units = Units.defaults();
        final SizeDistribution sizeDistribution = SizeDistribution.discrete(units, sizes, weights);
        final ServiceDistribution serviceDistribution = service.get();
        final double horizon = horizon(scale);
        return RunSpec.builder()
            .servers(1, new int[] {units.capacityUnits(capacity)})
            .sizes(sizeDistribution).service(serviceDistribution).arrivals(Arrivals.poissonPerSlot(lambda))
            .horizon(horizon).warmup(horizon / 10).seed(point.seed())
            .kernel(scheduler)
            .build();
    }

    @Override
    public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
        ResultFiles.atomically(directory.resolve(name + ".csv"), target -> {
            try (CsvWriter csv = ResultFiles.csv(target)) {
                csv.writeRecord("scheduler", "replication", "time", "queue");
                for (final Sweep.Unit unit : finished) {
                    final double[] time = unit.result().seriesStart();
                    final double[] queue = unit.result().seriesMean();
                    for (int i = 0; i < time.length; i++) {
                        csv.writeRecord(unit.scheduler(), Integer.toString(unit.point().replication()),
                            ResultFiles.number(time[i]), ResultFiles.number(queue[i]));
                    }
                }
            }
        });
        Charts.save(directory.resolve(name), title,
            extraSchedulers.isEmpty() ? "time (million slots)" : "time (million slots); dashed: stalled variants",
            Charts.YAxis.of("total queue size (jobs)", Charts.Domain.NON_NEGATIVE)
                .withZeroLabel("0 = empty queue (at the axis floor)"), lines(finished, AddedSchedulers.in(sweep)));
    }

    /**
     * The plotted lines: replication 0 of each scheduler, time in millions of slots; schedulers outside
     * the paper's figure labelled "(ours)", and "identical to X" when {@link #identicalTo} finds X; those the user
     * added ({@code added}) "(added)".
     */
    List<Charts.Line> lines(final List<Sweep.Unit> finished, final List<String> added) {
        final Map<String, List<Sweep.Unit>> groups = byScheduler(finished);
        final List<Charts.Line> lines = new ArrayList<>();
        for (final Sweep.Unit unit : finished) {
            if (unit.point().replication() == 0) {
                final double[] millions = unit.result().seriesStart();
                for (int i = 0; i < millions.length; i++) {
                    millions[i] /= 1e6;
                }
                final boolean ours = extraSchedulers.contains(unit.scheduler());
                final String label = Legends.label(unit.scheduler(), ours,
                    ours ? identicalTo(unit.scheduler(), groups) : null, added.contains(unit.scheduler()));
                lines.add(new Charts.Line(unit.scheduler(), label, millions, unit.result().seriesMean(), null));
            }
        }
        return lines;
    }

    /**
     * The first of the paper's schedulers whose results equal {@code scheduler}'s in every replication
     * (queue series and every metric, bit for bit), or null if there is none.
     */
    private String identicalTo(final String scheduler, final Map<String, List<Sweep.Unit>> groups) {
        final Map<Integer, RunResult> mine = byReplication(groups.get(scheduler));
        for (final String paper : expected.keySet()) {
            final List<Sweep.Unit> theirs = groups.get(paper);
            if (theirs == null || theirs.size() != mine.size()) {
                continue;
            }
            boolean same = true;
            for (final Map.Entry<Integer, RunResult> other : byReplication(theirs).entrySet()) {
                final RunResult result = mine.get(other.getKey());
                same &= result != null && result.metrics().equals(other.getValue().metrics())
                    && Arrays.equals(result.seriesMean(), other.getValue().seriesMean());
            }
            if (same) {
                return paper;
            }
        }
        return null;
    }

    private static Map<Integer, RunResult> byReplication(final List<Sweep.Unit> units) {
        final Map<Integer, RunResult> results = new LinkedHashMap<>();
        for (final Sweep.Unit unit : units) {
            results.put(unit.point().replication(), unit.result());
        }
        return results;
    }

    /** The finished units grouped by scheduler, in order of first appearance. */
    public static Map<String, List<Sweep.Unit>> byScheduler(final List<Sweep.Unit> finished) {
        final Map<String, List<Sweep.Unit>> groups = new LinkedHashMap<>();
        for (final Sweep.Unit unit : finished) {
            groups.computeIfAbsent(unit.scheduler(), k -> new ArrayList<>()).add(unit);
        }
        return groups;
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        final Map<String, List<Sweep.Unit>> groups = byScheduler(finished);
        final List<Claim> claims = new ArrayList<>();
        for (final Map.Entry<String, Stability.Verdict> claim : expected.entrySet()) {
            final List<Sweep.Unit> runs = groups.get(claim.getKey());
            int matching = 0;
            for (final Sweep.Unit unit : runs) {
                if (unit.result().stability().verdict() == claim.getValue()) {
                    matching++;
                }
            }
            claims.add(Claim.of(claim.getKey() + " is " + claim.getValue().label(),
                verdictCounts(runs) + " of " + runs.size() + " replications", 2 * matching > runs.size()));
        }
        return claims;
    }

    /** "3 stable, 2 unstable": the verdicts of {@code runs}, counted. */
    public static String verdictCounts(final List<Sweep.Unit> runs) {
        final Map<String, Integer> counts = new LinkedHashMap<>();
        for (final Sweep.Unit unit : runs) {
            counts.merge(unit.result().stability().verdict().label(), 1, Integer::sum);
        }
        final List<String> parts = new ArrayList<>();
        counts.forEach((verdict, count) -> parts.add(count + " " + verdict));
        return String.join(", ", parts);
    }

    @Override
    public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
        final TextTable table = TextTable.flush("scheduler", "verdicts", "growth (mean)", "mean queue", "paper");
        for (final Map.Entry<String, List<Sweep.Unit>> group : byScheduler(finished).entrySet()) {
            double growth = 0;
            double queue = 0;
            for (final Sweep.Unit unit : group.getValue()) {
                growth += unit.result().stability().growth() / group.getValue().size();
                queue += unit.result().metric(Metric.MEAN_QUEUE) / group.getValue().size();
            }
            final Stability.Verdict paper = expected.get(group.getKey());
            table.row(group.getKey(), verdictCounts(group.getValue()), String.format(Locale.ROOT, "%.4f", growth),
                String.format(Locale.ROOT, "%.1f", queue), paper == null ? "-" : paper.label());
        }
        table.printTo(out);
        final CapacityResult capacity = maximumSupportableWorkload();
        final double mu = 1 / service.get().mean();
        out.printf(Locale.ROOT, "rho* = %.6f (lambda* = %.6f at mu = %s) from the capacity LP; offered lambda = %s%n",
            capacity.rho(), capacity.lambda(mu), ResultFiles.number(mu), ResultFiles.number(lambda));
        for (final String note : notes) {
            out.println(note);
        }
        final Map<String, List<Sweep.Unit>> groups = byScheduler(finished);
        for (final String ours : extraSchedulers) {
            if (groups.containsKey(ours)) {
                final String same = identicalTo(ours, groups);
                out.println(ours + " (ours) " + (same == null ? "is not in the paper's figure."
                    : "is not in the paper's figure, and gives exactly the results of " + same + " in every"
                    + " replication: its curve lies under " + same + "'s."));
            }
        }
    }

    /** rho* of this figure's one server and two sizes (2019 paper, Eq. 4), in the simulator's units. */
    CapacityResult maximumSupportableWorkload() {
        final Units units = Units.defaults();
        return MaxSupportableWorkload.solve(JobTypes.of(units, sizes, weights),
            ServerClasses.homogeneous(1, units.capacityUnits(capacity)));
    }
}
