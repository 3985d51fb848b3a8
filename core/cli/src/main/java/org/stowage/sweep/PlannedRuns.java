package org.stowage.sweep;

import java.util.function.DoubleConsumer;

import org.stowage.core.experiment.Experiments;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.model.Model;
import org.stowage.theory.ModelPlans;

/**
 * The application layer's one door to {@link Experiments#run}: before a run starts, its model is completed
 * with the precomputed plan its kernel reads (LoTES's LP solution, RMS's configuration tables), made by
 * {@link ModelPlans} and cached per model, so kernels never call a solver and every caller (run, sweep,
 * reproduce, the Spark driver) gets the same plan for the same model. Stateless; thread-safe.
 */
public final class PlannedRuns {
    private PlannedRuns() {
    }

    /** {@code spec} with the plan its kernel needs added to its model; {@code spec} itself if it needs none. */
    public static RunSpec planned(final RunSpec spec) {
        final Model model = spec.resolvedModel();
        final Model complete = ModelPlans.complete(model, spec.definition());
        return complete == model && spec.model() != null ? spec : spec.withModel(complete);
    }

    public static RunResult run(final RunSpec spec) {
        return Experiments.run(planned(spec));
    }

    public static RunResult run(final RunSpec spec, final DoubleConsumer progress) {
        return Experiments.run(planned(spec), progress);
    }
}
