package org.stowage.reproduce;

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
import org.stowage.core.metrics.Stability;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.Traces;
import org.stowage.core.workload.Ec2Table;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.sweep.Sweep;
import org.stowage.theory.Configurations;
import org.stowage.theory.JobTypes;
import org.stowage.theory.ServerClasses;

/**
 * The figures of Psychas and Ghaderi 2018 ("Randomized algorithms for scheduling multi-resource jobs in the
 * cloud"), Sec. VII, as specified in docs/RMS.md 6-7.
 *
 * <h2>Settings</h2>
 * <ul>
 *   <li>EC2 (Figs. 2-6): Table I's three types on servers (90, 90, 5000), normalised to 1.0 per resource;
 *       Poisson arrivals {@code lambda = zeta V}, {@code V} the sum over servers of the average maximal
 *       configuration ({@code (2/3, 11/3, 2/3)} per server); exponential service of mean 1; continuous
 *       time. Paper scale: 10<sup>4</sup> time units after a warm-up of 10<sup>3</sup>, 3 replications
 *       (the paper: "repeated three times"; it gives no length).</li>
 *   <li>Fig. 1b: 10 servers of capacity 10, sizes 2 and 5, {@code lambda = (20.8, 10.4)}, exponential
 *       service of mean 1; 2 x 10<sup>5</sup> time units, 10 replications ({@link LockInFigure}).</li>
 *   <li>Fig. 8: the Google 2011 sample, non-production tasks, ten dyadic types, 1000 unit servers, arrival
 *       times scaled by {@code 1 / scaling}, continuous time in seconds, 3 replications (the algorithms'
 *       randomness; the trace is the same).</li>
 * </ul>
 * Curves are labelled by algorithm; the clock rates behind each label are set per figure by
 * {@link #spec(String, double, int)} (total 30 ticks per time unit in Figs. 3-5; {@code r_j = L} in
 * Fig. 6).
 */
final class Paper2018 {
    static final String RMS = "RMS";
    static final String RMS_RF = "RMS-RF";
    static final String RMS_BF = "RMS-BF";
    static final String RMS_AD = "RMS-AD";
    static final String RMS_RF_AD = "RMS-RF-AD";
    static final String RMS_BF_AD = "RMS-BF-AD";
    static final String RMS_RF_AD_PLUS = "RMS-RF-AD+";
    static final String RMS_JSQ = "RMS+JSQ";
    static final String BF = "BF-J";
    static final String MWR = "MWR";
    /**
     * MWR with per-server queues and JSQ routing, the shape of its reference [18] (docs/RMS.md 4.7); ours: the
     * figures' MWR is the central one (docs/RMS.md 11.2 measures both).
     */
    static final String MWR_JSQ = "MWR+JSQ";
    static final String MWS = "MWS";

    /**
     * MWS's stop fraction beta in Figs. 5, 6 and 8 (the paper gives none): MaxWeight-Stop [19] guarantees r beta
     * of the capacity region (r = 1, exact knapsack here), so beta = 0.95 is the smallest whose guarantee covers
     * the traffic plotted (zeta up to 0.95). The sensitivity is measured in docs/RMS.md 11.1.
     */
    static final double MWS_STOP = 0.95;
    /** Where the docs measure MWS's sensitivity to beta. */
    static final String MWS_EVIDENCE = "docs/RMS.md#111-mws-stop-fraction-beta-measured";
    /** Where the docs decide which MWR the figures mean and measure both. */
    static final String MWR_EVIDENCE = "docs/RMS.md#112-which-mwr-central-or-per-server-queues-measured";
    /** Where the docs measure why MWS's queue grows with L at the chosen beta (Fig. 6). */
    static final String MWS_FIG6_EVIDENCE = "docs/RMS.md#113-why-mwss-queue-grows-with-l-at-beta-095-measured";

    /** Number of EC2 types. */
    private static final int TYPES = 3;
    private static final double[] ZETAS = {0.8, 0.85, 0.9, 0.95};
    private static final double[] QUICK_ZETAS = {0.8, 0.95};
    private static final double PAPER_HORIZON = 11_000;
    private static final double PAPER_WARMUP = 1_000;
    private static final double QUICK_HORIZON = 440;
    private static final double QUICK_WARMUP = 40;

    private Paper2018() {
    }

    /** The paper's figures in its order; Fig. 8 reads the Google 2011 task_events in {@code taskEvents}. */
    static Paper paper(final Path taskEvents) {
        return new Paper("2018", "Psychas and Ghaderi 2018", List.of(fig1b(), fig2a(), fig2b(), fig3(), fig4(), fig5(),
            fig6(), fig8(taskEvents)));
    }

    /**
     * The scheduler spec of curve {@code label} with per-queue clock rate {@code perQueue} for a model of
     * {@code types} job types: fixed clocks run {@code r_j = perQueue} per type; the adaptive common clock
     * runs the same total, {@code J perQueue}; RMS-RF-AD+ that total times its default speed-up (5);
     * RMS+JSQ's {@code J L} local clocks share the total ({@code perQueue / L} each). Baselines take no rate.
     */
    static String spec(final String label, final double perQueue, final int types, final int servers) {
        final String rate;
        switch (label) {
            case RMS, RMS_RF, RMS_BF -> rate = number(perQueue);
            case RMS_AD, RMS_RF_AD, RMS_BF_AD, RMS_RF_AD_PLUS -> rate = number(perQueue * types);
            case RMS_JSQ -> rate = number(perQueue / servers);
            case MWS -> {
                return MWS + ":stop=" + number(MWS_STOP);
            }
            default -> {
                return label;
            }
        }
        return label + ":r=" + rate;
    }

    static String spec(final String label, final double perQueue, final int servers) {
        return spec(label, perQueue, TYPES, servers);
    }

    private static String number(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
            : Double.toString(value);
    }

    // ---------------------------------------------------------------- EC2 setting

    /** Per-server average of the maximal configurations of the EC2 server ({@code V^l}), in the run's units. */
    static double[] ec2AverageConfiguration(final Units units) {
        final double[] one = {1, 1, 1};
        final JobTypes types = JobTypes.of(units, Ec2Table.normalisedJobTypes(), one);
        final int capacity = units.capacityUnits(1.0);
        return Configurations.average(Configurations.maximal(types,
            ServerClasses.homogeneous(1, capacity, capacity, capacity), 0, 1000));
    }

    /** A run of {@code scheduler} on {@code servers} EC2 servers at intensity {@code zeta}. */
    static RunSpec ec2(final String scheduler, final int servers, final double zeta, final Scale scale,
                       final long seed) {
        final Units units = Units.defaults();
        final double[] average = ec2AverageConfiguration(units);
        final double[] rates = new double[average.length];
        for (int j = 0; j < rates.length; j++) {
            rates[j] = zeta * servers * average[j];
        }
        final double[][] types = Ec2Table.normalisedJobTypes();
        final ServiceDistribution[] service = {ServiceDistribution.exponential(1)};
        final int[] capacities = new int[servers * 3];
        Arrays.fill(capacities, units.capacityUnits(1.0));
        final JobClasses classes = SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service, 0)
            .jobClasses(units);
        final Model model = Model.of(org.stowage.core.model.ServerClasses.of(3, capacities)).withJobClasses(classes);
        final double horizon = scale == Scale.PAPER ? PAPER_HORIZON : QUICK_HORIZON;
        final double warmup = scale == Scale.PAPER ? PAPER_WARMUP : QUICK_WARMUP;
        return new RunSpec(scheduler, 3, capacities,
            workloadSeed -> SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service,
                workloadSeed),
            TimeMode.CONTINUOUS, horizon, warmup, seed, horizon / 2048).withModel(model);
    }

    private static Map<String, Object> ec2Inputs() {
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("setting", "ec2 (Table I on 90/90/5000), lambda = zeta V, exponential service mean 1");
        inputs.put("paper_horizon", PAPER_HORIZON);
        inputs.put("paper_warmup", PAPER_WARMUP);
        inputs.put("quick_horizon", QUICK_HORIZON);
        return inputs;
    }

    /** Cost of an EC2 run: arrivals plus clock ticks over the horizon. */
    private static double ec2Cost(final int servers, final double zeta, final double ticks) {
        return servers * 5 * zeta + ticks;
    }

    // ---------------------------------------------------------------- Fig. 1b

    static Figure fig1b() {
        return new LockInFigure("2018-fig1b",
            "2018 Fig. 1b: 10 servers of capacity 10, sizes 2 / 5, lambda (20.8, 10.4), exponential service",
            List.of("BF-J/S", RMS, "BF-J", "BF-S"), List.of("BF-J", "BF-S"), "BF-J/S", RMS, Paper2018::fig1bSpec,
            FIG1B_LENGTHS, List.of("BF = BF-J/S (server-side best fit at departures, Definition 1 with Best-Fit as the"
                + " selection rule; docs/RMS.md 7). BF-J (job-side) and BF-S are ours. RMS: r_j = 10 per type (the"
                + " paper gives none). rho* = 33.33, offered 31.2 (93.6%)."));
    }

    /** 2 x 10^5 time units over 10 seeds: a lock-in may start anywhere in the run (docs/RMS.md 7). */
    private static final RunLengths FIG1B_LENGTHS = new RunLengths(2e5, 10, 4e3, 1);

    private static RunSpec fig1bSpec(final String label, final Scale scale, final long seed) {
        final Units units = Units.defaults();
        final double[][] types = {{0.2}, {0.5}};
        final double[] rates = {20.8, 10.4};
        final ServiceDistribution[] service = {ServiceDistribution.exponential(1)};
        final int[] capacities = new int[10];
        Arrays.fill(capacities, units.capacityUnits(1.0));
        final JobClasses classes = SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service, 0)
            .jobClasses(units);
        final Model model = Model.of(org.stowage.core.model.ServerClasses.of(1, capacities)).withJobClasses(classes);
        final double horizon = FIG1B_LENGTHS.horizon(scale);
        return new RunSpec(spec(label, 10, 2, 10), 1, capacities,
            workloadSeed -> SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service,
                workloadSeed),
            TimeMode.CONTINUOUS, horizon, horizon / 10, seed, horizon / 2048).withModel(model);
    }

    // ---------------------------------------------------------------- Fig. 2

    private static final double[] CLOCK_RATES = {1, 2, 5, 10, 20, 50, 100};
    private static final double[] QUICK_CLOCK_RATES = {1, 100};

    static Figure fig2a() {
        return clockRateFigure("2018-fig2a", "2018 Fig. 2a: RMS, queue size vs clock rate per queue, zeta 0.9")
            .schedulers(List.of("L=10", "L=20", "L=30", "L=40", "L=50"))
            .quickSchedulers(List.of("L=10", "L=30"))
            .runs((point, curve, scale) -> ec2(spec(RMS, point.number("rate"), 0), servers(curve), 0.9, scale,
                point.seed()))
            .cost((point, scale) -> ec2Cost(50, 0.9, 3 * point.number("rate")))
            .claims(means -> fig2Claims(means, "L"))
            .notes(List.of("Curves: L servers; x: clock rate r_j per queue (all three equal); zeta = 0.9."))
            .build();
    }

    static Figure fig2b() {
        return clockRateFigure("2018-fig2b", "2018 Fig. 2b: RMS, queue size vs clock rate per queue, 20 servers")
            .schedulers(List.of("zeta=0.8", "zeta=0.85", "zeta=0.9", "zeta=0.95"))
            .quickSchedulers(List.of("zeta=0.8", "zeta=0.95"))
            .runs((point, curve, scale) -> ec2(spec(RMS, point.number("rate"), 0), 20, zeta(curve), scale,
                point.seed()))
            .cost((point, scale) -> ec2Cost(20, 0.95, 3 * point.number("rate")))
            .claims(means -> fig2Claims(means, "zeta"))
            .notes(List.of("Curves: traffic intensity zeta; x: clock rate r_j per queue (all three equal); 20"
                + " servers."))
            .build();
    }

    /** What Figs. 2a and 2b share: RMS on the EC2 setting against its clock rate, one curve per setting. */
    private static AxisFigure.Builder clockRateFigure(final String name, final String title) {
        return AxisFigure.builder(name, title)
            .axis("rate", "clock rate per queue (ticks per mean service)", CLOCK_RATES, QUICK_CLOCK_RATES)
            .replications(3, 1)
            .curvesAreSettings()
            .inputs(ec2Inputs())
            .verdicts();
    }

    private static int servers(final String curve) {
        return Integer.parseInt(curve.substring("L=".length()));
    }

    private static double zeta(final String curve) {
        return Double.parseDouble(curve.substring("zeta=".length()));
    }

    private static List<Claim> fig2Claims(final Means means, final String parameter) {
        final List<Double> rates = means.values();
        final double low = rates.get(0);
        final double high = rates.get(rates.size() - 1);
        boolean decreases = true;
        final StringBuilder detail = new StringBuilder();
        double previousQueueAtHigh = -1;
        boolean grows = true;
        for (final String curve : means.schedulers()) {
            final double atLow = means.mean(curve, low);
            final double atHigh = means.mean(curve, high);
            decreases &= atHigh < atLow;
            detail.append(String.format(Locale.ROOT, " %s: %.1f -> %.1f;", curve, atLow, atHigh));
            grows &= atHigh >= previousQueueAtHigh;
            previousQueueAtHigh = atHigh;
        }
        final List<Claim> claims = new ArrayList<>();
        claims.add(Claim.of("the queue decreases as the clock rate grows (r = " + number(low) + " vs "
            + number(high) + ")", "per curve" + detail, decreases));
        // saturation: the last doubling of the rate gains less than the first
        boolean saturates = rates.size() >= 3;
        final StringBuilder gains = new StringBuilder();
        if (saturates) {
            for (final String curve : means.schedulers()) {
                final double first = means.mean(curve, rates.get(0)) - means.mean(curve, rates.get(1));
                final double last = means.mean(curve, rates.get(rates.size() - 2)) - means.mean(curve, high);
                saturates &= last < first;
                gains.append(String.format(Locale.ROOT, " %s: %.1f then %.1f;", curve, first, last));
            }
        }
        claims.add(Claim.atPaperScale("the gain saturates at high clock rates", rates.size() >= 3
            ? "queue drop over the first and the last step" + gains : "quick version: two rates only",
            saturates));
        if (parameter.equals("zeta")) {
            claims.add(Claim.of("a higher intensity has a larger queue (at the highest rate)",
                "curves in increasing zeta:" + detail, grows));
        }
        return claims;
    }

    // ---------------------------------------------------------------- Figs. 3, 4, 5

    static Figure fig3() {
        return zetaFigure("2018-fig3", "2018 Fig. 3: RMS variants, 20 servers, total clock rate 30")
            .schedulers(List.of(RMS, RMS_RF, RMS_BF, RMS_AD, RMS_RF_AD, RMS_BF_AD))
            .claims(Paper2018::fig3Claims)
            .verdicts()
            .notes(List.of("20 servers; total clock rate 30 ticks per mean service: r_j = 10 per type, the AD variants"
                + " one common clock of 30."))
            .build();
    }

    static Figure fig4() {
        return zetaFigure("2018-fig4", "2018 Fig. 4: RMS vs RMS+JSQ, 20 servers, total clock rate 30")
            .schedulers(List.of(RMS, RMS_JSQ))
            .claims(Paper2018::fig4Claims)
            .verdicts()
            .notes(List.of("20 servers; total clock rate 30 in both: RMS r_j = 10, RMS+JSQ 60 local queues of r_j^l ="
                + " 0.5."))
            .build();
    }

    static Figure fig5() {
        return zetaFigure("2018-fig5", "2018 Fig. 5: RMS, RMS-RF-AD, RMS-RF-AD+ vs BF, MWR, MWS, 20 servers")
            .schedulers(List.of(RMS, RMS_RF_AD, RMS_RF_AD_PLUS, BF, MWR_JSQ, MWR, MWS))
            .ours(List.of(MWR_JSQ))
            .claims(Paper2018::fig5Claims)
            .verdicts(units -> List.of(
                unstableAtTheEnd(units, "zeta", MWR, "MWR becomes unstable at high traffic"),
                neverUnstable(units, BF, "BF is stable at every zeta")))
            .notes(List.of("20 servers; RMS r_j = 10, RMS-RF-AD r = 30, RMS-RF-AD+ r = 150 (5x); BF = BF-J"
                + " (multi-resource best fit).", MWR_NOTE, MWS_NOTE))
            .build();
    }

    private static final String MWR_NOTE = "MWR has central queues: the paper's Figs. 5 and 6 show it stable at zeta"
        + " 0.9; " + MWR_JSQ + " (per-server queues and JSQ routing, the shape of its reference [18]) is ours and is"
        + " unstable from 0.9 on: " + MWR_EVIDENCE + ".";
    private static final String MWS_NOTE = "MWS stop fraction beta = " + number(MWS_STOP) + " (not in the paper;"
        + " the smallest whose guarantee r beta covers zeta 0.95; sensitivity: " + MWS_EVIDENCE + ").";

    /** What Figs. 3-5 share: the EC2 setting on 20 servers against zeta, total clock rate 30. */
    private static AxisFigure.Builder zetaFigure(final String name, final String title) {
        return AxisFigure.builder(name, title)
            .axis("zeta", "traffic intensity zeta", ZETAS, QUICK_ZETAS)
            .replications(3, 1)
            .inputs(ec2Inputs())
            .runs((point, curve, scale) -> ec2(spec(curve, 10, 20), 20, point.number("zeta"), scale, point.seed()))
            .cost((point, scale) -> ec2Cost(20, point.number("zeta"), 30));
    }

    private static List<Claim> fig3Claims(final Means means) {
        final List<Claim> claims = new ArrayList<>();
        claims.add(lower(means, RMS_RF, RMS, "Random-Fit helps: RMS-RF below RMS", true));
        claims.add(lower(means, RMS_BF, RMS, "Best-Fit helps: RMS-BF below RMS", true));
        claims.add(lower(means, RMS_AD, RMS, "the adaptive clock helps: RMS-AD below RMS", true));
        claims.add(lower(means, RMS_RF_AD, RMS_RF, "the adaptive clock helps: RMS-RF-AD below RMS-RF", false));
        claims.add(lower(means, RMS_BF_AD, RMS_BF, "the adaptive clock helps: RMS-BF-AD below RMS-BF", false));
        return claims;
    }

    private static List<Claim> fig4Claims(final Means means) {
        return List.of(lower(means, RMS, RMS_JSQ, "the distributed RMS+JSQ has a larger queue than RMS", true),
            stableEverywhere(means, RMS));
    }

    private static List<Claim> fig5Claims(final Means means) {
        final List<Claim> claims = new ArrayList<>();
        claims.add(best(means, RMS_RF_AD_PLUS, "RMS-RF-AD+ has the smallest queue among the RMS variants",
            List.of(RMS, RMS_RF_AD)));
        claims.add(lower(means, RMS_RF_AD, RMS, "RMS-RF-AD below RMS", true));
        final double high = means.values().get(means.values().size() - 1);
        final double rms = means.mean(RMS, high);
        final double mws = means.mean(MWS, high);
        claims.add(Claim.atPaperScale("RMS performs close to MWS (within " + Paper2019.COMPARABLE + "x at the highest"
            + " zeta)", String.format(Locale.ROOT, "at %s: RMS %.1f, MWS (beta %s) %.1f", number(high), rms,
            number(MWS_STOP), mws), Math.max(rms, mws) <= Paper2019.COMPARABLE * Math.min(rms, mws))
            .withEvidence(MWS_EVIDENCE));
        return claims;
    }

    // ---------------------------------------------------------------- Fig. 6

    private static final double[] SERVER_COUNTS = {20, 30, 40, 50};
    private static final double[] QUICK_SERVER_COUNTS = {20, 50};

    static Figure fig6() {
        return AxisFigure.builder("2018-fig6", "2018 Fig. 6: queue size vs number of servers, zeta 0.9")
            .axis("servers", "number of servers L", SERVER_COUNTS, QUICK_SERVER_COUNTS)
            .replications(3, 1)
            .schedulers(List.of(RMS, RMS_RF_AD, RMS_RF_AD_PLUS, BF, MWR_JSQ, MWR, MWS))
            .ours(List.of(MWR_JSQ))
            .inputs(ec2Inputs())
            .runs((point, curve, scale) -> {
                final int servers = (int) point.number("servers");
                return ec2(spec(curve, servers, servers), servers, 0.9, scale, point.seed());
            })
            .cost((point, scale) -> ec2Cost((int) point.number("servers"), 0.9, 15 * point.number("servers")))
            .claims(Paper2018::fig6Claims)
            .verdicts()
            .notes(List.of("zeta = 0.9, lambda proportional to L; clock rate per queue = L (the paper's rule): RMS"
                + " r_j = L, the AD variants r = 3L, RMS-RF-AD+ 15L.", MWR_NOTE, MWS_NOTE))
            .build();
    }

    private static List<Claim> fig6Claims(final Means means) {
        final List<Double> counts = means.values();
        final double first = counts.get(0);
        final double last = counts.get(counts.size() - 1);
        final List<Claim> claims = new ArrayList<>();
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (final double count : counts) {
            low = Math.min(low, means.mean(RMS, count));
            high = Math.max(high, means.mean(RMS, count));
        }
        claims.add(Claim.atPaperScale("RMS's queue stays roughly constant as L grows (within " + Paper2019.COMPARABLE
            + "x)", String.format(Locale.ROOT, "RMS from %.1f to %.1f", low, high), high <= Paper2019.COMPARABLE * low));
        final List<String> flat = new ArrayList<>();
        final StringBuilder detail = new StringBuilder();
        for (final String curve : means.schedulers()) {
            if (!curve.equals(RMS) && !curve.equals(MWR_JSQ)) {
                final double atFirst = means.mean(curve, first);
                final double atLast = means.mean(curve, last);
                if (atLast >= atFirst) {
                    flat.add(curve);
                }
                detail.append(String.format(Locale.ROOT, " %s %.1f -> %.1f;", curve, atFirst, atLast));
            }
        }
        claims.add(Claim.atPaperScale("the other algorithms' queues decrease as L grows (L = " + number(first) + " vs "
            + number(last) + ")", detail.toString(), flat.isEmpty())
            .withEvidence("not decreasing: " + String.join(", ", flat)
                + (flat.contains(MWS) ? "; at beta " + number(MWS_STOP) + " MWS's stops use up the slack 1 - zeta at"
                + " every L and its queue grows with L (it fell at 0.5)" : ""),
                flat.contains(MWS) ? MWS_FIG6_EVIDENCE : MWR_EVIDENCE));
        return claims;
    }

    // ---------------------------------------------------------------- Fig. 8

    /** Traffic scalings of Fig. 8 (this sample is lighter than the paper's: 34% of the cluster at 1). */
    static final double[] FIG8_SCALINGS = {1.0, 1.5, 2.0, 2.5};
    private static final double[] QUICK_FIG8_SCALINGS = {2.0};
    private static final int TRACE_SERVERS = 1000;

    static Figure fig8(final Path taskEvents) {
        final List<String> notes = List.of(
            "Google 2011 sample (parts 0-13, about 19.5 h, 288,424 kept tasks), not the paper's first million"
                + " arrivals of 29 days: lighter (34% of the cluster at scaling 1), so the scalings go higher.",
            "Types 0 and 1 (sizes 1 and 1/2) have no task in this sample and get no queue and no clock: 8 types.",
            "Kept: priority <= 8 (non-production), completed without stopping; sizes max(CPU, memory) rounded up to"
                + " 2^-p, p = 0..9. Clocks (docs/RMS.md 6): r_j = L / E[S] = 0.62 per second per type, the AD"
                + " variants J L / E[S], RMS-RF-AD+ 5x.", MWR_NOTE, MWS_NOTE);
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("trace", "google2011:" + taskEvents);
        inputs.put("trace_options", "psychasGhaderi2018 (priority <= 8, 10 dyadic types)");
        inputs.put("servers", TRACE_SERVERS);
        final Map<Path, LoadedTrace> loaded = new HashMap<>();
        return AxisFigure.builder("2018-fig8", "2018 Fig. 8: Google 2011 trace, 1000 servers, 10 dyadic types")
            .axis("traffic-scaling", "traffic scaling (arrival times divided by it)", FIG8_SCALINGS,
                QUICK_FIG8_SCALINGS)
            .replications(3, 1)
            .schedulers(List.of(RMS, RMS_AD, RMS_RF_AD, RMS_RF_AD_PLUS, MWR_JSQ, MWR, MWS))
            .ours(List.of(MWR_JSQ))
            .inputs(inputs)
            .readsGoogleTrace()
            .runs((point, curve, scale) -> traceSpec(loadOnce(loaded, taskEvents), curve,
                point.number("traffic-scaling"), point.seed()))
            .claims(Paper2018::fig8Claims)
            .verdicts()
            .notes(notes)
            .build();
    }

    private static LoadedTrace loadOnce(final Map<Path, LoadedTrace> loaded, final Path taskEvents) {
        synchronized (loaded) {
            return loaded.computeIfAbsent(taskEvents,
                path -> presentTypesOnly(Traces.load("google2011:" + path, TraceOptions.psychasGhaderi2018())));
        }
    }

    /**
     * The trace with its job classes renumbered to the dyadic types that occur, in order of size (largest
     * first). <b>Choice</b>: a type without tasks gets no queue and no clock. With one, RMS would still place
     * its dummies (this sample has no task of size 1 or 1/2: a clock for those types fills servers whole with
     * dummies that serve nobody); the paper's first million tasks have every type.
     */
    static LoadedTrace presentTypesOnly(final LoadedTrace trace) {
        final int[] renumbered = new int[trace.classCount()];
        Arrays.fill(renumbered, -1);
        for (int i = 0; i < trace.count(); i++) {
            renumbered[trace.jobClass(i)] = 0;
        }
        int present = 0;
        for (int p = 0; p < renumbered.length; p++) {
            renumbered[p] = renumbered[p] < 0 ? -1 : present++;
        }
        final int[] classOf = new int[trace.count()];
        for (int i = 0; i < classOf.length; i++) {
            classOf[i] = renumbered[trace.jobClass(i)];
        }
        return trace.withClasses(present, classOf);
    }

    /**
     * A run over the trace with its types as the model's job classes: each type's exact size (the size of
     * its tasks, all equal), its mean duration (the dummies' mean service) and its arrival rate.
     */
    static RunSpec traceSpec(final LoadedTrace trace, final String curve, final double scaling, final long seed) {
        final int types = trace.classCount();
        final Units units = trace.units();
        final double[] seconds = new double[types];
        final long[] counts = new long[types];
        final int[][] sizes = new int[types][1];
        double total = 0;
        for (int i = 0; i < trace.count(); i++) {
            final int type = trace.jobClass(i);
            total += trace.durationMicros(i) / 1e6;
            seconds[type] += trace.durationMicros(i) / 1e6;
            counts[type]++;
            sizes[type][0] = trace.size(i, 0);
        }
        final double span = (trace.arrivalMicros(trace.count() - 1) - trace.arrivalMicros(0)) / 1e6 / scaling;
        final double[] means = new double[types];
        final double[] rates = new double[types];
        for (int p = 0; p < types; p++) {
            // a type whose tasks all last 0 s still needs a positive mean for its dummies: one microsecond
            means[p] = Math.max(seconds[p] / counts[p], 1e-6);
            rates[p] = counts[p] / span;
        }
        final double beta = 1 / scaling;
        final long interval = 1_000_000;
        final double horizon = trace.workload(TimeMode.CONTINUOUS, interval, beta).lastArrivalTime() + 1;
        final int[] capacities = new int[TRACE_SERVERS];
        Arrays.fill(capacities, units.capacityUnits(1.0));
        final Model model = Model.of(org.stowage.core.model.ServerClasses.of(1, capacities))
            .withJobClasses(JobClasses.types(sizes, means, rates));
        // Fig. 6's rule (rate per queue = number of servers, per mean service) in the trace's mean service
        final String scheduler = spec(curve, TRACE_SERVERS / (total / trace.count()), types, TRACE_SERVERS);
        return new RunSpec(scheduler, 1, capacities, workloadSeed -> trace.workload(TimeMode.CONTINUOUS, interval, beta),
            TimeMode.CONTINUOUS, horizon, 0, seed, horizon / 2048).withModel(model);
    }

    private static List<Claim> fig8Claims(final Means means) {
        final double high = means.values().get(means.values().size() - 1);
        double bestAdaptive = Double.POSITIVE_INFINITY;
        double bestOther = Double.POSITIVE_INFINITY;
        final List<String> papers = new ArrayList<>();
        final StringBuilder detail = new StringBuilder();
        for (final String curve : means.schedulers()) {
            final double queue = means.mean(curve, high);
            if (curve.equals(MWR_JSQ)) {
                // per-server MWR is ours (docs/RMS.md 11.2): shown, not read by the paper's claims
                detail.append(String.format(Locale.ROOT, " %s (ours) %.1f;", curve, queue));
                continue;
            }
            papers.add(curve);
            detail.append(String.format(Locale.ROOT, " %s %.1f;", curve, queue));
            if (curve.contains("-AD")) {
                bestAdaptive = Math.min(bestAdaptive, queue);
            } else {
                bestOther = Math.min(bestOther, queue);
            }
        }
        final String why = "central MWR is ahead on our lighter, shorter sample, about 1.75x less load at the same"
            + " scaling; [18]'s per-server MWR is far behind";
        final List<Claim> claims = new ArrayList<>();
        claims.add(Claim.atPaperScale("the adaptive variants are best at high traffic (scaling " + number(high) + ")",
            "at " + number(high) + ":" + detail, bestAdaptive < bestOther).withEvidence(why, MWR_EVIDENCE));
        claims.add(best(means, RMS_RF_AD_PLUS, "RMS-RF-AD+ has the smallest queue", papers)
            .withEvidence(why, MWR_EVIDENCE));
        return claims;
    }

    // ---------------------------------------------------------------- claim helpers

    /** {@code curve} unstable in most replications at the largest value of {@code axis}. */
    private static Claim unstableAtTheEnd(final List<Sweep.Unit> units, final String axis, final String curve,
                                          final String paper) {
        double high = Double.NEGATIVE_INFINITY;
        for (final Sweep.Unit unit : units) {
            high = Math.max(high, unit.point().number(axis));
        }
        final List<Sweep.Unit> runs = new ArrayList<>();
        for (final Sweep.Unit unit : units) {
            if (unit.scheduler().equals(curve) && unit.point().number(axis) == high) {
                runs.add(unit);
            }
        }
        int unstable = 0;
        for (final Sweep.Unit unit : runs) {
            unstable += unit.result().stability().verdict() == Stability.Verdict.UNSTABLE ? 1 : 0;
        }
        return Claim.atPaperScale(paper + " (most replications unstable at " + axis + " " + number(high) + ")",
            curve + " at " + number(high) + ": " + QueueTraceFigure.verdictCounts(runs), 2 * unstable > runs.size());
    }

    /** No replication of {@code curve} unstable at any point. */
    private static Claim neverUnstable(final List<Sweep.Unit> units, final String curve, final String paper) {
        final List<Sweep.Unit> runs = new ArrayList<>();
        for (final Sweep.Unit unit : units) {
            if (unit.scheduler().equals(curve)) {
                runs.add(unit);
            }
        }
        int unstable = 0;
        for (final Sweep.Unit unit : runs) {
            unstable += unit.result().stability().verdict() == Stability.Verdict.UNSTABLE ? 1 : 0;
        }
        return Claim.atPaperScale(paper + " (no replication unstable)", curve + ": " + QueueTraceFigure.verdictCounts(runs),
            unstable == 0);
    }

    /** {@code first} below {@code second} at every axis value. */
    private static Claim lower(final Means means, final String first, final String second, final String paper,
                               final boolean quickDecides) {
        boolean below = true;
        final StringBuilder detail = new StringBuilder();
        for (final double value : means.values()) {
            final double a = means.mean(first, value);
            final double b = means.mean(second, value);
            below &= a < b;
            detail.append(String.format(Locale.ROOT, " %s: %.1f vs %.1f;", number(value), a, b));
        }
        final String claim = paper + " (every " + means.axis() + ")";
        final String ours = first + " vs " + second + detail;
        return quickDecides ? Claim.of(claim, ours, below) : Claim.atPaperScale(claim, ours, below);
    }

    /** {@code curve} has the smallest queue among {@code rivals} at the highest axis value. */
    private static Claim best(final Means means, final String curve, final String paper, final List<String> rivals) {
        final double high = means.values().get(means.values().size() - 1);
        final double mine = means.mean(curve, high);
        boolean best = true;
        final StringBuilder detail = new StringBuilder(String.format(Locale.ROOT, "at %s: %s %.1f", number(high),
            curve, mine));
        for (final String rival : rivals) {
            if (!rival.equals(curve)) {
                final double theirs = means.mean(rival, high);
                best &= mine <= theirs;
                detail.append(String.format(Locale.ROOT, ", %s %.1f", rival, theirs));
            }
        }
        return Claim.atPaperScale(paper + " (highest " + means.axis() + ")", detail.toString(), best);
    }

    /** Stability across the axis: the queue stays far below the arrivals of a run (a crude check). */
    private static Claim stableEverywhere(final Means means, final String curve) {
        double worst = 0;
        for (final double value : means.values()) {
            worst = Math.max(worst, means.mean(curve, value));
        }
        return Claim.atPaperScale(curve + " keeps a bounded queue at every zeta (below 1000 jobs)",
            String.format(Locale.ROOT, "largest mean queue %.1f", worst), worst < 1000);
    }
}
