package org.stowage.core.kernel;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.kernel.lotes.EqualSharePlan;
import org.stowage.core.kernel.lotes.GreedyDispatcher;
import org.stowage.core.kernel.lotes.LotesDispatcher;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.kernel.reference.NaiveBestFitJobs;
import org.stowage.core.kernel.reference.NaiveGreedy;
import org.stowage.core.kernel.reference.NaiveLotes;
import org.stowage.core.kernel.reference.NaiveBestFitJobsServers;
import org.stowage.core.kernel.reference.NaiveBestFitServers;
import org.stowage.core.kernel.reference.NaiveFifoFirstFit;
import org.stowage.core.kernel.reference.NaiveStallingBestFitJobsServers;
import org.stowage.core.kernel.reference.NaiveVirtualQueues;

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
