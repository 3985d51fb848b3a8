package org.stowage.core.kernel;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.lotes.EqualSharePlan;
import org.stowage.core.kernel.lotes.GreedyDispatcher;
import org.stowage.core.kernel.lotes.LotesDispatcher;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.kernel.reference.NaiveBestFitJobs;
import org.stowage.core.kernel.reference.NaiveBestFitJobsServers;
import org.stowage.core.kernel.reference.NaiveBestFitServers;
import org.stowage.core.kernel.reference.NaiveFifoFirstFit;
import org.stowage.core.kernel.reference.NaiveFifoRandomFit;
import org.stowage.core.kernel.reference.NaiveGreedy;
import org.stowage.core.kernel.reference.NaiveLotes;
import org.stowage.core.kernel.reference.NaiveMaxWeight;
import org.stowage.core.kernel.reference.NaiveRms;
import org.stowage.core.kernel.reference.NaiveRmsLocalQueues;
import org.stowage.core.kernel.reference.NaiveStallingBestFitJobsServers;
import org.stowage.core.kernel.reference.NaiveVirtualQueues;
import org.stowage.core.kernel.rms.MaxWeightPlan;
import org.stowage.core.kernel.rms.MaxWeightScheduling;
import org.stowage.core.kernel.rms.Rms;
import org.stowage.core.kernel.rms.RmsLocalQueues;
import org.stowage.core.kernel.rms.RmsPlan;

/**
 * Every kernel Stowage knows, family by family, each with its naive twin. A new family adds one line to
 * {@link #definitions()}.
 */
final class KernelCatalog {
    private KernelCatalog() {
    }

    static List<KernelDefinition> definitions() {
        final List<KernelDefinition> all = new ArrayList<>();
        all.addAll(bestFit2019());
        all.addAll(partition2019());
        all.addAll(rms2018());
        all.addAll(maxWeight2018());
        all.addAll(randomFit2018());
        all.addAll(lotes2018());
        all.addAll(BatchKernelCatalog.definitions());
        return all;
    }

    /** BF-J, BF-S, BF-J/S (with stalling) and FIFO-FF: Psychas and Ghaderi 2019, Sec. IV, VII-B, VIII. */
    private static List<KernelDefinition> bestFit2019() {
        final List<KernelDefinition> family = new ArrayList<>();
        pair(family, KernelDefinition.kernel("BF-J")
                .summary("queued jobs in arrival order, each to its best-fit server (D > 1: largest inner product"
                    + " of size and occupied resources), ties to the lowest index")
                .paper("2019 Sec. IV-A; 2018 Sec. III, VI for D > 1")
                .cost("O(N) + O(log L) per fitting job after departures; O(A log L) for A arrivals otherwise")
                .factory(model -> new BestFitJobs())
                .requirements(KernelRequirements.any()),
            "BF-J-naive", model -> new NaiveBestFitJobs());
        pair(family, KernelDefinition.kernel("BF-S")
                .summary("servers in index order, each filled with the largest fitting job until none fits")
                .paper("2019 Sec. IV-A")
                .cost("O((V + P) log64 U + V log L) for V servers visited and P placements")
                .factory(model -> new BestFitServers())
                .requirements(KernelRequirements.singleResource()),
            "BF-S-naive", model -> new NaiveBestFitServers());
        pairParameterised(family, KernelDefinition.kernel("BF-J/S")
                .summary("BF-S over the servers with departures, then BF-J over the new arrivals; stall=true stalls"
                    + " a server less than half full while a job it could take only after draining waits")
                .paper("2019 Sec. IV-A, VIII")
                .cost("O(S log S + (S + P) log64 U + A log L), independent of the queue length")
                .parameter(KernelParameter.flag("stall", "stall inefficient servers (Sec. VIII)"))
                .configured(parsed -> parsed.flag("stall") ? model -> new StallingBestFitJobsServers()
                    : model -> new BestFitJobsServers())
                .requirements(KernelRequirements.singleResource())
                .testVariants("", "stall=true"),
            "BF-J/S-naive", parsed -> parsed.flag("stall") ? model -> new NaiveStallingBestFitJobsServers()
                : model -> new NaiveBestFitJobsServers());
        pair(family, KernelDefinition.kernel("FIFO-FF")
                .summary("head of the queue to the lowest-index server that holds it; blocking")
                .paper("2019 Sec. VII-B")
                .cost("O((P + 1) log L) for P placements (D = 1)")
                .factory(model -> new FifoFirstFit())
                .requirements(KernelRequirements.any()),
            "FIFO-FF-naive", model -> new NaiveFifoFirstFit());
        return family;
    }

    /** FIFO-RF: the Random-Fit heuristic of Psychas and Ghaderi 2018 (Sec. I-A, III; RMS-RF's choice, Sec. VI). */
    private static List<KernelDefinition> randomFit2018() {
        final List<KernelDefinition> family = new ArrayList<>();
        pair(family, KernelDefinition.kernel("FIFO-RF")
                .summary("head of the queue to a server drawn uniformly among those that hold it (random fit);"
                    + " blocking")
                .paper("2018 Sec. I-A, III, VI (Random-Fit)")
                .cost("O(P + 1) random-fit queries for P placements, each O(F + C + L/64) for F holding servers")
                .factory(model -> new FifoRandomFit())
                .requirements(KernelRequirements.any()),
            "FIFO-RF-naive", model -> new NaiveFifoRandomFit());
        return family;
    }

    /** VQS and VQS-BF with stalling: Psychas and Ghaderi 2019, Sec. V, VI, VIII. */
    private static List<KernelDefinition> partition2019() {
        final List<KernelDefinition> family = new ArrayList<>();
        final KernelRequirements requirements = KernelRequirements.singleResource().withPowerOfTwoCapacities();
        pairParameterised(family, partitionKernel("VQS")
                .summary("2J virtual queues over the universal partition, a max-weight configuration of K_RED per"
                    + " server renewed when it empties")
                .paper("2019 Sec. V-B")
                .cost("O(J + E) per decision, O(J + log L) per acting server, O(log L) per departure")
                .configured(parsed -> {
                    final int levels = parsed.integer("J");
                    final StallFraction stall = stallOf(parsed);
                    return model -> new VirtualQueueScheduling(levels, stall);
                })
                .requirements(requirements),
            "VQS-naive", parsed -> {
                final int levels = parsed.integer("J");
                final String stall = stallTextOf(parsed);
                return model -> new NaiveVirtualQueues(false, levels, stall);
            });
        pairParameterised(family, partitionKernel("VQS-BF")
                .summary("VQS's queues and configurations; a server takes its configuration's largest fitting jobs,"
                    + " then fills the rest by BF-S over all queues")
                .paper("2019 Sec. VI")
                .cost("O(J) per decision, O(log L + J) per acting server")
                .configured(parsed -> {
                    final int levels = parsed.integer("J");
                    final StallFraction stall = stallOf(parsed);
                    return model -> new VirtualQueueBestFit(levels, stall);
                })
                .requirements(requirements),
            "VQS-BF-naive", parsed -> {
                final int levels = parsed.integer("J");
                final String stall = stallTextOf(parsed);
                return model -> new NaiveVirtualQueues(true, levels, stall);
            });
        return family;
    }

    /** MWR and MWS, the max-weight baselines of Psychas and Ghaderi 2018, Sec. VII-A3 (docs/RMS.md 4.6). */
    private static List<KernelDefinition> maxWeight2018() {
        final List<KernelDefinition> family = new ArrayList<>();
        final KernelRequirements requirements = KernelRequirements.any().withDiscreteTypes()
            .withPlan(MaxWeightPlan.class);
        pair(family, KernelDefinition.kernel("MWR")
                .summary("MaxWeight with refresh: one queue per type; a server serves its target configuration and"
                    + " re-chooses it (max weight, weights = queue lengths) only while empty")
                .paper("2018 Sec. I-A, VII-A3 [18]")
                .cost("O(J) per arrival and departure; per decision O(J L / 64) words plus O(J) per acting server,"
                    + " one max-weight configuration (O(K J), K maximal configurations) per class with an empty server")
                .factory(model -> new MaxWeightScheduling("MWR", -1))
                .requirements(requirements)
                .testPlanner(MaxWeightPlan::of),
            "MWR-naive", model -> new NaiveMaxWeight("MWR-naive", -1));
        pairParameterised(family, KernelDefinition.kernel("MWS")
                .summary("MaxWeight-Stop: as MWR, and at every departure the server's target becomes the max-weight"
                    + " configuration; a server whose configuration weighs less than stop x the maximum stops until empty")
                .paper("2018 Sec. I-A, VII-A3 [19]")
                .cost("one max-weight configuration (O(K J); O(J) for divisible sizes) and O(J) per departure;"
                    + " per decision as MWR plus O(J) per server with a departure")
                .parameter(KernelParameter.real("stop", "stop a server whose configuration weighs less than this"
                    + " fraction of the max weight", 0, false, 1, 0.5))
                .configured(parsed -> {
                    final double stop = parsed.real("stop");
                    return model -> new MaxWeightScheduling("MWS", stop);
                })
                .requirements(requirements)
                .testPlanner(MaxWeightPlan::of)
                .testVariants("", "stop={stall}"),
            "MWS-naive", parsed -> {
                final double stop = parsed.real("stop");
                return model -> new NaiveMaxWeight("MWS-naive", stop);
            });
        return family;
    }

    /** RMS and its variants: Psychas and Ghaderi 2018, Algorithms 1-2, Remarks 2 and 4, Sec. VI, VII-A3. */
    private static List<KernelDefinition> rms2018() {
        final List<KernelDefinition> family = new ArrayList<>();
        central(family, "RMS", Rms.Placement.UNIFORM, false, false,
            "per-type Poisson clocks; a tick samples a uniform server and starts the head of its type or a dummy"
                + " if the type fits; a departure is replaced with probability 1 - exp(-w_j)",
            "2018 Algorithm 1, Remark 2", "O(D) per tick, O(J) per departure, O(1) per arrival");
        central(family, "RMS-RF", Rms.Placement.RANDOM_FIT, false, false,
            "RMS whose ticks pick a uniform server among those where the type fits (exact, no scan)",
            "2018 Sec. VI", "O(J D) per tick and per departure (fitting sets), O(1) per arrival");
        central(family, "RMS-BF", Rms.Placement.BEST_FIT, false, false,
            "RMS whose ticks pick the best-fit server for the type (D > 1: largest inner product of size and"
                + " occupied resources)",
            "2018 Sec. VI", "one best-fit query per tick, O(J) per departure");
        central(family, "RMS-AD", Rms.Placement.UNIFORM, true, false,
            "RMS with one common clock whose ticks take type j with probability proportional to exp(w_j)",
            "2018 Sec. VI", "O(J + D) per tick, O(J) per departure");
        central(family, "RMS-RF-AD", Rms.Placement.RANDOM_FIT, true, false, "RMS-RF with the adaptive common clock",
            "2018 Sec. VI", "O(J D) per tick and per departure");
        central(family, "RMS-BF-AD", Rms.Placement.BEST_FIT, true, false, "RMS-BF with the adaptive common clock",
            "2018 Sec. VI", "O(J) + one best-fit query per tick, O(J) per departure");
        central(family, "RMS-RF-AD+", Rms.Placement.RANDOM_FIT, true, true,
            "RMS-RF-AD whose arrivals replace dummies of their type (Remark 2) and whose clock runs speedup"
                + " (default 5) times faster",
            "2018 Sec. VII-A3", "O(J D) per tick and per departure, O(1) per arrival");
        distributed(family, "RMS+JSQ", RmsLocalQueues.Routing.JSQ,
            "local queues per server and type; an arrival joins the shortest queue of its type (ties at random);"
                + " every local queue has its own clock and local weights",
            "2018 Algorithm 2", "O(log L) per arrival, O(D) per tick, O(J) per departure");
        distributed(family, "RMS+Po2", RmsLocalQueues.Routing.POWER_OF_TWO,
            "RMS+JSQ whose arrivals pick the shorter queue of two uniform servers",
            "2018 Remark 4", "O(1) per arrival, O(D) per tick, O(J) per departure");
        return family;
    }

    private static void central(final List<KernelDefinition> family, final String name,
                                final Rms.Placement placement, final boolean adaptive, final boolean plus,
                                final String summary, final String paper, final String cost) {
        final KernelDefinition.Builder kernel = KernelDefinition.kernel(name)
            .summary(summary)
            .paper(paper)
            .cost(cost)
            .parameter(KernelParameter.real("r", adaptive ? "rate of the common clock (ticks per time unit)"
                : "rate of each type's clock (ticks per time unit)", 0, false, 1e9, adaptive ? 30 : 10))
            .parameter(KernelParameter.real("eps", "epsilon of the weight floor eps/(8M) f(Q_max), in (0, 1)",
                0, false, 1, org.stowage.core.kernel.rms.RmsWeights.DEFAULT_EPSILON))
            .parameter(KernelParameter.real("b", "f(x) = log(1+x)^(1-b); 0 for log(1+x), in [0, 1)", 0, true, 1, 0))
            .requirements(KernelRequirements.any().withDiscreteTypes().withTimeModes(TimeMode.CONTINUOUS)
                .withPlan(RmsPlan.class))
            .testPlanner(RmsPlan::perResourceBound);
        if (plus) {
            kernel.parameter(KernelParameter.real("speedup", "the clock runs this many times r", 0, false, 1e6, 5))
                .testVariants("r=0.3", "r=0.1,eps=0.5,b=0.5");
        } else {
            kernel.parameter(KernelParameter.flag("replace", "an arriving job replaces the oldest dummy of its type"
                    + " (Remark 2)"))
                .testVariants(adaptive ? "r=1" : "r=0.3", adaptive ? "r=1,replace=true,eps=0.5,b=0.5"
                    : "r=0.3,replace=true,eps=0.5,b=0.5");
        }
        kernel.configured(parsed -> model -> new Rms(name, placement, adaptive, plus || parsed.flag("replace"),
            rateOf(parsed, plus), parsed.real("eps"), parsed.real("b"), model));
        pairConfigured(family, kernel, name + "-naive", parsed -> model -> new NaiveRms(name, placement, adaptive,
            plus || parsed.flag("replace"), rateOf(parsed, plus), parsed.real("eps"), parsed.real("b"), model));
    }

    private static void distributed(final List<KernelDefinition> family, final String name,
                                    final RmsLocalQueues.Routing routing, final String summary, final String paper,
                                    final String cost) {
        final KernelDefinition.Builder kernel = KernelDefinition.kernel(name)
            .summary(summary)
            .paper(paper)
            .cost(cost)
            .parameter(KernelParameter.real("r", "rate of each local queue's clock (ticks per time unit)", 0, false,
                1e9, 0.5))
            .parameter(KernelParameter.real("eps", "epsilon of the weight floor eps/(8M) f(Q_max^l), in (0, 1)",
                0, false, 1, org.stowage.core.kernel.rms.RmsWeights.DEFAULT_EPSILON))
            .parameter(KernelParameter.real("b", "f(x) = log(1+x)^(1-b); 0 for log(1+x), in [0, 1)", 0, true, 1, 0))
            .requirements(KernelRequirements.any().withDiscreteTypes().withTimeModes(TimeMode.CONTINUOUS)
                .withPlan(RmsPlan.class))
            .testPlanner(RmsPlan::perResourceBound)
            .testVariants("r=0.05", "r=0.02,eps=0.5,b=0.5")
            .configured(parsed -> model -> new RmsLocalQueues(name, routing, parsed.real("r"), parsed.real("eps"),
                parsed.real("b"), model));
        pairConfigured(family, kernel, name + "-naive", parsed -> model -> new NaiveRmsLocalQueues(name, routing,
            parsed.real("r"), parsed.real("eps"), parsed.real("b"), model));
    }

    private static double rateOf(final KernelParameters parsed, final boolean plus) {
        return plus ? parsed.real("r") * parsed.real("speedup") : parsed.real("r");
    }

    /** LoTES's dispatcher and the Greedy baseline: Tran et al. 2018, Sec. 4.3 and 5.1. */
    private static List<KernelDefinition> lotes2018() {
        final List<KernelDefinition> family = new ArrayList<>();
        pair(family, KernelDefinition.kernel("LoTES")
                .summary("each machine emulates its Stage 2 bin: configuration by rho_jk roulette, the fitting machine"
                    + " of highest v = N - kappa, other configurations, any machine, else the class queue; at a"
                    + " departure the classes with Delta_jk > 0 by decreasing v")
                .paper("Tran et al. 2018 Sec. 4.3")
                .cost("O(M + log n) per arrival typical, O(K) per start plus the queue entries searched per departure")
                .factory(LotesDispatcher::new)
                .requirements(KernelRequirements.any().withPlan(LotesPlan.class))
                .testPlanner(EqualSharePlan::of),
            "LoTES-naive", NaiveLotes::new);
        pair(family, KernelDefinition.kernel("Greedy")
                .summary("first fit in server order, else join the machine with the fewest waiting jobs (random"
                    + " ties); FCFS per machine")
                .paper("Tran et al. 2018 Sec. 5.1")
                .cost("O(log L) per arrival, O((P + 1) log L) per departure with P starts")
                .factory(model -> new GreedyDispatcher())
                .requirements(KernelRequirements.any()),
            "Greedy-naive", model -> new NaiveGreedy());
        return family;
    }

    private static KernelDefinition.Builder partitionKernel(final String name) {
        return KernelDefinition.kernel(name)
            .parameter(KernelParameter.integer("J", "partition depth: jobs of at most 1/2^J share the last queue",
                UniversalPartition.MIN_LEVELS, UniversalPartition.MAX_LEVELS, PartitionScheduler.DEFAULT_LEVELS))
            .parameter(new KernelParameter("stall", "stall a server whose configuration weighs less than this"
                    + " fraction of the maximum weight (Sec. VIII)",
                STALL_EXPECTED, null, KernelCatalog::parseStall))
            .testVariants("J={J}", "J={J},stall={stall}");
    }

    private static final String STALL_EXPECTED = "a fraction in (0, 1] with at most " + StallFraction.MAX_DIGITS
        + " decimals, or false";

    private static Object parseStall(final String text) {
        if (text.equals("false")) {
            return Boolean.FALSE;
        }
        if (text.equals("true")) {
            throw new IllegalArgumentException("the partition kernels stall below a fraction of the maximum weight");
        }
        try {
            return StallFraction.parse(text);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException(STALL_EXPECTED, e);
        }
    }

    private static StallFraction stallOf(final KernelParameters parsed) {
        return parsed.value("stall") instanceof StallFraction fraction ? fraction : null;
    }

    private static String stallTextOf(final KernelParameters parsed) {
        final StallFraction fraction = stallOf(parsed);
        return fraction == null ? null : fraction.toString();
    }

    /** Builds {@code indexed} and its naive twin named {@code twinName}, made by {@code twinFactory}. */
    private static void pair(final List<KernelDefinition> family, final KernelDefinition.Builder indexed,
                             final String twinName, final SchedulerFactory twinFactory) {
        pairConfigured(family, indexed, twinName, parsed -> twinFactory);
    }

    private static void pairParameterised(final List<KernelDefinition> family, final KernelDefinition.Builder indexed,
                                          final String twinName, final ParameterisedFactory twinMaker) {
        pairConfigured(family, indexed, twinName, twinMaker::make);
    }

    /** A twin factory that depends on the parsed parameters. */
    @FunctionalInterface
    private interface ParameterisedFactory {
        SchedulerFactory make(KernelParameters parsed);
    }

    private static void pairConfigured(final List<KernelDefinition> family, final KernelDefinition.Builder indexed,
                             final String twinName,
                             final java.util.function.Function<KernelParameters, SchedulerFactory> twinMaker) {
        final KernelDefinition.Builder twin = KernelDefinition.referenceFor(indexed, twinName).configured(twinMaker);
        family.add(indexed.build());
        family.add(twin.build());
    }

}
