package org.stowage.theory.lotes;

import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.Model;
import org.stowage.core.model.PlanProvider;

/**
 * LoTES's plan of a model (Stages 1-2 with the default {@link LotesOptions}): the instance of the model's
 * server classes and job classes ({@link LotesInstance#of(Model)}), solved by {@link LotesPlanner}. What
 * {@code run} and {@code sweep} plan for generated jobs; a trace's k-means classes are planned from
 * {@link KMeansClasses#instance} instead. Stateless.
 */
public final class LotesPlanProvider implements PlanProvider<LotesPlan> {
    @Override
    public Class<LotesPlan> planType() {
        return LotesPlan.class;
    }

    /**
     * @throws IllegalArgumentException when the model has no job classes, or classes no configuration holds
     */
    @Override
    public LotesPlan plan(final Model model) {
        if (model.jobClasses().count() == 0) {
            throw new IllegalArgumentException("LoTES needs job classes; the model has none");
        }
        return LotesPlanner.plan(LotesInstance.of(model)).plan();
    }
}
