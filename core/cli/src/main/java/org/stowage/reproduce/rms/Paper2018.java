package org.stowage.reproduce.rms;

import static org.stowage.reproduce.Numbers.number;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.workload.Ec2Table;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.reproduce.Paper;
import org.stowage.reproduce.PaperSource;
import org.stowage.reproduce.Scale;
import org.stowage.theory.Configurations;
import org.stowage.theory.JobTypes;

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
public final class Paper2018 {
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
    static final double[] ZETAS = {0.8, 0.85, 0.9, 0.95};
    static final double[] QUICK_ZETAS = {0.8, 0.95};
    private static final double PAPER_HORIZON = 11_000;
    private static final double PAPER_WARMUP = 1_000;
    private static final double QUICK_HORIZON = 440;
    private static final double QUICK_WARMUP = 40;

    private Paper2018() {
    }

    /** Psychas and Ghaderi 2018's figures for {@link org.stowage.reproduce.Figures}, found through {@link PaperSource}. */
    public static final class Source implements PaperSource {
        @Override
        public int order() {
            return 2;
        }

        @Override
        public Paper paper(final Path taskEvents) {
            return Paper2018.paper(taskEvents);
        }
    }

    /** The paper's figures in its order; Fig. 8 reads the Google 2011 task_events in {@code taskEvents}. */
    public static Paper paper(final Path taskEvents) {
        return new Paper("2018", "Psychas and Ghaderi 2018", List.of(Fig1b.fig1b(), ClockRateFigures.fig2a(),
            ClockRateFigures.fig2b(), ZetaFigures.fig3(), ZetaFigures.fig4(), ZetaFigures.fig5(), Fig6.fig6(),
            Fig8.fig8(taskEvents)));
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
        final Model model = Model.of(ServerClasses.of(3, capacities)).withJobClasses(classes);
        final double horizon = scale == Scale.PAPER ? PAPER_HORIZON : QUICK_HORIZON;
        final double warmup = scale == Scale.PAPER ? PAPER_WARMUP : QUICK_WARMUP;
        return RunSpec.builder()
            .servers(3, capacities)
            .workload(workloadSeed -> SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service,
                workloadSeed))
            .timeMode(TimeMode.CONTINUOUS).horizon(horizon).warmup(warmup).seed(seed)
            .model(model)
            .kernel(scheduler)
            .build();
    }

    static Map<String, Object> ec2Inputs() {
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("setting", "ec2 (Table I on 90/90/5000), lambda = zeta V, exponential service mean 1");
        inputs.put("paper_horizon", PAPER_HORIZON);
        inputs.put("paper_warmup", PAPER_WARMUP);
        inputs.put("quick_horizon", QUICK_HORIZON);
        return inputs;
    }

    /** Cost of an EC2 run: arrivals plus clock ticks over the horizon. */
    static double ec2Cost(final int servers, final double zeta, final double ticks) {
        return servers * 5 * zeta + ticks;
    }
}
