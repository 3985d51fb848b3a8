package org.stowage.reproduce.vqs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.metrics.Stability.Verdict;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.TraceWorkload;
import org.stowage.core.trace.Traces;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.reproduce.AxisFigure;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Means;
import org.stowage.reproduce.Paper;
import org.stowage.reproduce.PaperSource;
import org.stowage.reproduce.QueueTraceFigure;
import org.stowage.reproduce.RunLengths;
import org.stowage.reproduce.Scale;

/**
 * The synthetic figures of Psychas and Ghaderi 2019, Sec. VII-A, with their simulation lengths.
 *
 * <h2>Lengths and replications (paper scale)</h2>
 * <ul>
 *   <li>Fig. 3a and 3b: 10<sup>7</sup> slots, 5 replications. The unstable schedulers accumulate 5% (3a)
 *       and 2% (3b) of their arrivals, which the stability test resolves from about 2 * 10<sup>6</sup>
 *       slots on; five times that keeps every replication's verdict away from the threshold.</li>
 *   <li>Fig. 4a: 2 * 10<sup>6</sup> slots (about 10<sup>6</sup> jobs per run at lambda = 0.5 alpha), 3
 *       replications; Fig. 4b: 10<sup>7</sup> slots (about 10<sup>6</sup> jobs at lambda = 0.1 alpha), 3
 *       replications. Warm-up is a tenth of the run. The orderings the paper reports differ by factors of
 *       2 to 100, far outside the 95% intervals at these lengths, except near alpha = 0.99 where the
 *       queues of the stable schedulers still wander and the intervals are wide.</li>
 * </ul>
 * VQS and VQS-BF use J = 7 for Fig. 4 (the smallest J with 1/2<sup>J</sup> below the smallest size 0.01)
 * and the default J for Fig. 3, where J only adds configurations that no job of either size can use.
 */
public final class Paper2019 {
    static final String VQS = "VQS";
    static final String VQS_BF = "VQS-BF";
    static final String BFJS = "BF-J/S";
    static final String FIFO_FF = "FIFO-FF";

    private Paper2019() {
    }

    /** Psychas and Ghaderi 2019's figures for {@link org.stowage.reproduce.Figures}, found through {@link PaperSource}. */
    public static final class Source implements PaperSource {
        @Override
        public int order() {
            return 1;
        }

        @Override
        public Paper paper(final Path taskEvents) {
            return Paper2019.paper(taskEvents);
        }
    }

    /** Figs. 3a and 3b: 10^7 slots, 5 replications (see the class comment); quick 4 x 10^6 slots, 2. */
    private static final RunLengths FIG3_LENGTHS = new RunLengths(1e7, 5, 4e6, 2);

    /** The paper's figures in its order; Fig. 5 reads the Google 2011 task_events in {@code taskEvents}. */
    public static Paper paper(final Path taskEvents) {
        return new Paper("2019", "Psychas and Ghaderi 2019", List.of(fig3a(), fig3b(), fig4a(), fig4b(),
            fig5(taskEvents)));
    }

    static Figure fig3a() {
        final Map<String, Verdict> expected = new LinkedHashMap<>();
        expected.put(VQS, Verdict.UNSTABLE);
        expected.put(BFJS, Verdict.STABLE);
        expected.put(VQS_BF, Verdict.STABLE);
        return new QueueTraceFigure("fig3a",
            "Fig. 3a: 1 server, sizes 0.4 / 0.6, lambda 0.014, geometric service (mean 100)",
            new QueueTraceFigure.OneServer(1.0, new double[][] {{0.4}, {0.6}}, new double[] {1, 1}, 0.014,
                () -> ServiceDistribution.geometric(100)),
            expected, List.of(), FIG3_LENGTHS,
            List.of("VQS can only run (2 x 0.4) or (1 x 0.6), which serve 2/3 of rho*: lambda = 0.014 is above"
                + " 2/3 of lambda* = 0.0133."));
    }

    static Figure fig3b() {
        final Map<String, Verdict> expected = new LinkedHashMap<>();
        expected.put(VQS, Verdict.STABLE);
        expected.put(BFJS, Verdict.UNSTABLE);
        expected.put(VQS_BF, Verdict.UNSTABLE);
        return new QueueTraceFigure("fig3b",
            "Fig. 3b: 1 server of capacity 10, sizes 2 / 5 (2:1), lambda 0.0306, service exactly 100",
            new QueueTraceFigure.OneServer(10.0, new double[][] {{2}, {5}}, new double[] {2, 1}, 0.0306,
                () -> ServiceDistribution.deterministic(100)),
            expected, List.of(BFJS + ":stall=true", VQS_BF + ":stall=0.5", VQS + ":stall=0.5"), FIG3_LENGTHS,
            List.of("BF-J/S and VQS-BF lock into (2 x 2, 1 x 5), which serves 0.02 + 0.01 < 0.0204 + 0.0102;"
                + " VQS alternates (5 x 2) and (2 x 5). Stalled variants (Sec. VIII) have no claim in the paper."));
    }

    static Figure fig4a() {
        return fig4("fig4a", "Fig. 4a: 5 servers, sizes U[0.01, 0.19], geometric service (mean 100)", 0.01, 0.19,
            2e6, 2e5, List.of(
                "Paper: VQS worst; BF-J/S and VQS-BF comparable up to 0.95, BF-J/S better above."));
    }

    public static Figure fig4b() {
        return fig4("fig4b", "Fig. 4b: 5 servers, sizes U[0.1, 0.9], geometric service (mean 100)", 0.1, 0.9,
            1e7, 1e6, List.of("Paper: VQS worst; BF-J/S clearly best."));
    }

    private static Figure fig4(final String name, final String title, final double low, final double high,
                               final double paperHorizon, final double quickHorizon, final List<String> notes) {
        final int servers = 5;
        final double meanService = 100;
        final List<String> schedulers = List.of(VQS + ":J=7", BFJS, VQS_BF + ":J=7", FIFO_FF);
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("servers", servers);
        inputs.put("sizes", "uniform:" + low + "," + high);
        inputs.put("service", "geometric:" + meanService);
        inputs.put("paper_horizon", paperHorizon);
        inputs.put("quick_horizon", quickHorizon);
        final AxisFigure.SpecMaker specMaker = (point, scheduler, scale) -> {
            final Units units = Units.defaults();
            final SizeDistribution sizes = SizeDistribution.uniform(units, low, high);
            final ServiceDistribution service = ServiceDistribution.geometric(meanService);
            final double lambda = SyntheticWorkload.lambdaForIntensity(point.number("intensity"), servers, meanService,
                sizes.mean(0));
            final int[] capacities = new int[servers];
            Arrays.fill(capacities, units.capacityUnits(1.0));
            final double horizon = scale == Scale.PAPER ? paperHorizon : quickHorizon;
            return RunSpec.builder()
                .servers(1, capacities)
                .sizes(sizes).service(service).arrivals(Arrivals.poissonPerSlot(lambda))
                .horizon(horizon).warmup(horizon / 10).seed(point.seed())
                .kernel(scheduler)
                .build();
        };
        final boolean small = high < 0.5;
        // the paper's Fig. 4 shows VQS, BF-J/S and VQS-BF; FIFO-FF is our baseline
        // cost: the expected number of arrivals, horizon x lambda, and lambda is proportional to the intensity
        return AxisFigure.builder(name, title)
            .axis("intensity", "traffic intensity alpha", new double[] {0.85, 0.87, 0.89, 0.91, 0.93, 0.95, 0.97, 0.99},
                new double[] {0.85, 0.95})
            .replications(3, 1)
            .schedulers(schedulers)
            .ours(List.of(FIFO_FF))
            .inputs(inputs)
            .runs(specMaker)
            .cost((point, scale) -> point.number("intensity") * (scale == Scale.PAPER ? paperHorizon : quickHorizon))
            .claims(means -> small ? fig4aClaims(means, schedulers) : fig4bClaims(means, schedulers))
            .notes(notes)
            .build();
    }

    /** Traffic scalings of Fig. 5. */
    static final double[] FIG5_SCALINGS = {1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6};

    /**
     * Fig. 5: the Google 2011 trace (the task_events parts in {@code taskEvents}, preprocessed as in Sec.
     * VII-B), 1000 unit servers, 100 ms slots, traffic scaling 1 to 1.6. The trace is deterministic, so one
     * replication; the run covers the arrivals (the queue average is over the time jobs arrive). The quick
     * version runs two scalings (1 and 1.6) only: on the parts shared here the queues are empty up to a
     * scaling of 1.1, so a shorter trace would show nothing.
     */
    static Figure fig5(final Path taskEvents) {
        final int servers = 1000;
        final List<String> schedulers = List.of(BFJS, VQS_BF, VQS, FIFO_FF);
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("trace", "google2011:" + taskEvents);
        inputs.put("servers", servers);
        inputs.put("interval_ms", TraceWorkload.DEFAULT_INTERVAL_MICROS / 1000.0);
        final Map<Path, LoadedTrace> loaded = new HashMap<>();
        final AxisFigure.SpecMaker specMaker = (point, scheduler, scale) -> {
            final LoadedTrace trace = loadOnce(loaded, taskEvents);
            final double beta = 1 / point.number("traffic-scaling");
            final double horizon = trace.workload(TimeMode.SLOTTED, TraceWorkload.DEFAULT_INTERVAL_MICROS, beta)
                .lastArrivalTime() + 1;
            final int[] capacities = new int[servers];
            Arrays.fill(capacities, trace.units().capacityUnits(1.0));
            return RunSpec.builder()
                .servers(1, capacities)
                .trace(trace, TraceWorkload.DEFAULT_INTERVAL_MICROS, beta)
                .horizon(horizon).seed(point.seed())
                .kernel(scheduler)
                .build();
        };
        // every scaling replays the same jobs, so every run costs about the same (the default)
        return AxisFigure.builder("fig5", "Fig. 5: Google 2011 trace, 1000 servers, 100 ms slots")
            .axis("traffic-scaling", "traffic scaling 1/beta", FIG5_SCALINGS, new double[] {1.0, 1.6})
            .schedulers(schedulers)
            .inputs(inputs)
            .readsGoogleTrace()
            .runs(specMaker)
            .claims(Paper2019::fig5Claims)
            .notes(List.of("Our trace sample is parts 0-13 of the 2011 trace: about 19.6 h and 290,079 kept tasks, not"
                + " the paper's ~1.5 days and ~1,000,000 tasks, so its load is lower and queues are empty below 1.2."))
            .build();
    }

    /** Loads the trace on first use only; the figure's runs share it (it is read-only). */
    private static LoadedTrace loadOnce(final Map<Path, LoadedTrace> loaded, final Path taskEvents) {
        synchronized (loaded) {
            return loaded.computeIfAbsent(taskEvents,
                path -> Traces.load("google2011:" + path, TraceOptions.defaults()));
        }
    }

    private static List<Claim> fig5Claims(final Means means) {
        final List<Double> scalings = means.values();
        final double highest = scalings.get(scalings.size() - 1);
        final double bfjs = means.mean(BFJS, highest);
        final double vqsbf = means.mean(VQS_BF, highest);
        final double vqs = means.mean(VQS, highest);
        final double fifo = means.mean(FIFO_FF, highest);
        return List.of(
            Claim.of("at high traffic BF-J/S and VQS-BF are clearly better than VQS and FIFO-FF",
                String.format(Locale.ROOT, "at %.1f: BF-J/S %.1f, VQS-BF %.1f, VQS %.1f, FIFO-FF %.1f", highest, bfjs,
                    vqsbf, vqs, fifo), Math.max(bfjs, vqsbf) < Math.min(vqs, fifo)),
            Claim.atPaperScale("VQS-BF is slightly below BF-J/S at high traffic",
                String.format(Locale.ROOT, "at %.1f: VQS-BF %.2f vs BF-J/S %.2f", highest, vqsbf, bfjs), vqsbf < bfjs)
                .withEvidence("our 19.6 h sample is lighter than the paper's; the two curves are within a few percent",
                    "docs/REPRODUCING.md#fig-5-vqs-bf-and-bf-js-within-a-few-percent"));
    }

    private static List<Claim> fig4aClaims(final Means means, final List<String> schedulers) {
        final List<Claim> claims = new ArrayList<>();
        claims.add(vqsWorst(means, schedulers));
        final StringBuilder ratios = new StringBuilder();
        boolean comparable = true;
        boolean advantage = true;
        final StringBuilder above = new StringBuilder();
        for (final double alpha : means.values()) {
            final double bfjs = means.mean(schedulers.get(1), alpha);
            final double vqsbf = means.mean(schedulers.get(2), alpha);
            if (alpha <= 0.95 + 1e-9) {
                final double ratio = Math.max(bfjs, vqsbf) / Math.min(bfjs, vqsbf);
                comparable &= ratio <= Claim.COMPARABLE;
                ratios.append(String.format(Locale.ROOT, " %.2f: %.2fx", alpha, ratio));
            } else {
                advantage &= bfjs < vqsbf;
                above.append(String.format(Locale.ROOT, " %.2f: %.1f vs %.1f", alpha, bfjs, vqsbf));
            }
        }
        claims.add(Claim.of("BF-J/S and VQS-BF are comparable up to alpha = 0.95 (within " + Claim.COMPARABLE + "x)",
            "ratios" + ratios, comparable));
        if (above.length() > 0) {
            claims.add(Claim.of("above 0.95 BF-J/S has a clear advantage over VQS-BF", "BF-J/S vs VQS-BF" + above,
                advantage));
        }
        return claims;
    }

    private static List<Claim> fig4bClaims(final Means means, final List<String> schedulers) {
        final List<Claim> claims = new ArrayList<>();
        claims.add(vqsWorst(means, schedulers));
        boolean best = true;
        final StringBuilder detail = new StringBuilder();
        for (final double alpha : means.values()) {
            final double bfjs = means.mean(schedulers.get(1), alpha);
            final double vqsbf = means.mean(schedulers.get(2), alpha);
            final double vqs = means.mean(schedulers.get(0), alpha);
            best &= bfjs < vqsbf && bfjs < vqs;
            detail.append(String.format(Locale.ROOT, " %.2f: %.1f vs %.1f", alpha, bfjs, vqsbf));
        }
        claims.add(Claim.of("BF-J/S has a clear advantage (smallest queue at every intensity)",
            "BF-J/S vs VQS-BF" + detail, best));
        return claims;
    }

    private static Claim vqsWorst(final Means means, final List<String> schedulers) {
        boolean worst = true;
        final StringBuilder detail = new StringBuilder();
        for (final double alpha : means.values()) {
            final double vqs = means.mean(schedulers.get(0), alpha);
            final double others = Math.max(means.mean(schedulers.get(1), alpha), means.mean(schedulers.get(2), alpha));
            worst &= vqs > others;
            detail.append(String.format(Locale.ROOT, " %.2f: %.1f vs %.1f", alpha, vqs, others));
        }
        return Claim.of("VQS has a larger average queue than BF-J/S and VQS-BF", "VQS vs the larger other" + detail,
            worst);
    }
}
