package org.stowage.theory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import org.stowage.core.kernel.rms.MaxWeightPlan;
import org.stowage.core.model.Model;

/**
 * How each kind of precomputed plan is made from a model (the servers, the job classes, the rates), by
 * plan class: the offline half of a kernel that reads a plan ({@link org.stowage.core.kernel.KernelRequirements#planType()}).
 * A kernel family that needs a plan adds one line to {@link #planners()}. Immutable; thread-safe.
 */
final class PlanCatalog {
    private PlanCatalog() {
    }

    static Map<Class<?>, Function<Model, Object>> planners() {
        final Map<Class<?>, Function<Model, Object>> planners = new LinkedHashMap<>();
        // one line per plan class, for example: planners.put(LotesPlan.class, LotesPlanner::plan);
        planners.put(MaxWeightPlan.class, MaxWeightPlan::of);
        return planners;
    }
}
