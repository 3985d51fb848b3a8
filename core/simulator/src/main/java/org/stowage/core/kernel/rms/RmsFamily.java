package org.stowage.core.kernel.rms;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.KernelParameter;
import org.stowage.core.kernel.KernelParameters;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.rms.reference.NaiveLocalMaxWeight;
import org.stowage.core.kernel.rms.reference.NaiveMaxWeight;
import org.stowage.core.kernel.rms.reference.NaiveRms;
import org.stowage.core.kernel.rms.reference.NaiveRmsLocalQueues;

/**
 * RMS and its variants (Psychas and Ghaderi 2018, Algorithms 1-2, Remarks 2 and 4, Sec. VI, VII-A3) and the
 * max-weight baselines MWR and MWS (Sec. VII-A3); docs/RMS.md.
 */
public final class RmsFamily implements KernelFamily {
    @Override
    public String name() {
        return "rms";
    }

    @Override
    public List<KernelDefinition> definitions() {
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
        maxWeight(family);
        return family;
    }

    /** MWR and MWS, the max-weight baselines of Sec. VII-A3 (docs/RMS.md 4.6). */
    private static void maxWeight(final List<KernelDefinition> family) {
        final KernelRequirements requirements = KernelRequirements.any().withDiscreteTypes()
            .withPlan(MaxWeightPlan.class);
        family.addAll(KernelDefinition.kernel("MWR")
            .summary("MaxWeight with refresh: one queue per type; a server serves its target configuration and"
                + " re-chooses it (max weight, weights = queue lengths) only while empty")
            .paper("2018 Sec. I-A, VII-A3 [18]")
            .cost("O(J) per arrival and departure; per decision O(J L / 64) words plus O(J) per acting server,"
                + " one max-weight configuration (O(K J), K maximal configurations) per class with an empty server")
            .factory(model -> new MaxWeightScheduling("MWR", -1))
            .requirements(requirements)
            .testPlanner(MaxWeightPlan::of)
            .withTwin("MWR-naive", model -> new NaiveMaxWeight("MWR-naive", -1)));
        family.addAll(KernelDefinition.kernel("MWR+JSQ")
            .summary("MWR with a queue per server and type: an arrival joins the shortest queue of its type (ties at"
                + " random); an empty server chooses the max-weight configuration of its own queues and serves only"
                + " them")
            .paper("2018 Sec. VII-A3 [18] (the reference's MaxWeight with per-server queues)")
            .cost("O(log L) per arrival, O(1) per departure; per decision O(L / 64) words plus O(J) per touched"
                + " server and one max-weight configuration per touched empty server")
            .factory(model -> new LocalMaxWeight("MWR+JSQ"))
            .requirements(requirements)
            .testPlanner(MaxWeightPlan::of)
            .withTwin("MWR+JSQ-naive", model -> new NaiveLocalMaxWeight("MWR+JSQ-naive")));
        family.addAll(KernelDefinition.kernel("MWS")
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
            .testVariants("", "stop={stall}")
            .withConfiguredTwin("MWS-naive", parsed -> {
                final double stop = parsed.real("stop");
                return model -> new NaiveMaxWeight("MWS-naive", stop);
            }));
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
            .parameter(KernelParameter.real("eps", "epsilon of the weight floor eps/(8M) f(Q_max)",
                0, false, 1, false, RmsWeights.DEFAULT_EPSILON))
            .parameter(KernelParameter.real("b", "f(x) = log(1+x)^(1-b); 0 for log(1+x)", 0, true, 1, false, 0))
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
        family.addAll(kernel
            .configured(parsed -> model -> new Rms(name, placement, adaptive, plus || parsed.flag("replace"),
                settingsOf(parsed, plus), model))
            .withConfiguredTwin(name + "-naive", parsed -> model -> new NaiveRms(name, placement, adaptive,
                plus || parsed.flag("replace"), settingsOf(parsed, plus), model)));
    }

    private static void distributed(final List<KernelDefinition> family, final String name,
                                    final RmsLocalQueues.Routing routing, final String summary, final String paper,
                                    final String cost) {
        family.addAll(KernelDefinition.kernel(name)
            .summary(summary)
            .paper(paper)
            .cost(cost)
            .parameter(KernelParameter.real("r", "rate of each local queue's clock (ticks per time unit)", 0, false,
                1e9, 0.5))
            .parameter(KernelParameter.real("eps", "epsilon of the weight floor eps/(8M) f(Q_max^l)",
                0, false, 1, false, RmsWeights.DEFAULT_EPSILON))
            .parameter(KernelParameter.real("b", "f(x) = log(1+x)^(1-b); 0 for log(1+x)", 0, true, 1, false, 0))
            .requirements(KernelRequirements.any().withDiscreteTypes().withTimeModes(TimeMode.CONTINUOUS)
                .withPlan(RmsPlan.class))
            .testPlanner(RmsPlan::perResourceBound)
            .testVariants("r=0.05", "r=0.02,eps=0.5,b=0.5")
            .configured(parsed -> model -> new RmsLocalQueues(name, routing, settingsOf(parsed, false), model))
            .withConfiguredTwin(name + "-naive", parsed -> model -> new NaiveRmsLocalQueues(name, routing,
                settingsOf(parsed, false), model)));
    }

    /** r (times the speedup for RMS-RF-AD+), eps and b of a spec. */
    private static RmsSettings settingsOf(final KernelParameters parsed, final boolean plus) {
        return new RmsSettings(plus ? parsed.real("r") * parsed.real("speedup") : parsed.real("r"), parsed.real("eps"),
            parsed.real("b"));
    }
}
