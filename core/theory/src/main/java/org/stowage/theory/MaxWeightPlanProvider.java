package org.stowage.theory;

import org.stowage.core.kernel.rms.MaxWeightPlan;
import org.stowage.core.model.Model;
import org.stowage.core.model.PlanProvider;

/** MWR's and MWS's plan: per server class the max-weight table or grid knapsack ({@link MaxWeightPlan#of}). Stateless. */
public final class MaxWeightPlanProvider implements PlanProvider<MaxWeightPlan> {
    @Override
    public Class<MaxWeightPlan> planType() {
        return MaxWeightPlan.class;
    }

    @Override
    public MaxWeightPlan plan(final Model model) {
        return MaxWeightPlan.of(model);
    }
}
