package org.stowage.core.kernel.lotes;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.lotes.reference.NaiveGreedy;
import org.stowage.core.kernel.lotes.reference.NaiveLotes;

/** LoTES's dispatcher and the Greedy baseline: Tran et al. 2018, Sec. 4.3 and 5.1 (docs/LOTES.md). */
public final class LotesFamily implements KernelFamily {
    @Override
    public String name() {
        return "lotes";
    }

    @Override
    public List<KernelDefinition> definitions() {
        final List<KernelDefinition> family = new ArrayList<>();
        family.addAll(KernelDefinition.kernel("LoTES")
            .summary("each machine emulates its Stage 2 bin: configuration by rho_jk roulette, the fitting machine"
                + " of highest v = N - kappa, other configurations, any machine, else the class queue; at a"
                + " departure the classes with Delta_jk > 0 by decreasing v")
            .paper("Tran et al. 2018 Sec. 4.3")
            .cost("O(M + log n) per arrival typical, O(K) per start plus the queue entries searched per departure")
            .factory(LotesDispatcher::new)
            .requirements(KernelRequirements.any().withPlan(LotesPlan.class))
            .testPlanner(EqualSharePlan::of)
            .withTwin("LoTES-naive", NaiveLotes::new));
        family.addAll(KernelDefinition.kernel("Greedy")
            .summary("first fit in server order, else join the machine with the fewest waiting jobs (random"
                + " ties); FCFS per machine")
            .paper("Tran et al. 2018 Sec. 5.1")
            .cost("O(log L) per arrival, O((P + 1) log L) per departure with P starts")
            .factory(model -> new GreedyDispatcher())
            .requirements(KernelRequirements.any())
            .withTwin("Greedy-naive", model -> new NaiveGreedy()));
        return family;
    }
}
