package org.stowage.sweep;

import java.util.function.DoubleConsumer;

import org.stowage.core.Units;
import org.stowage.core.engine.SchedulerFault;
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

    /** Runs {@code spec} (see {@link #run(RunSpec, DoubleConsumer, String, Units)}). */
    public static RunResult run(final RunSpec spec) {
        return run(spec, fraction -> { }, null, null);
    }

    /** Runs {@code spec}, telling {@code progress} the fraction done. */
    public static RunResult run(final RunSpec spec, final DoubleConsumer progress) {
        return run(spec, progress, null, null);
    }

    /**
     * Runs {@code spec} with its plan, watched by the {@link KernelWatchdog} (when the command line armed it).
     * A kernel that fails ends the run with a {@link KernelFailure} naming the scheduler, its family and jar,
     * {@code where} it ran (or null) and what it did, its sizes in {@code units} (null: in units).
     */
    public static RunResult run(final RunSpec spec, final DoubleConsumer progress, final String where,
                                final Units units) {
        try {
            return Experiments.run(planned(spec), progress, KernelWatchdog.observer());
        } catch (final SchedulerFault fault) {
            throw KernelFailure.of(spec.scheduler(), where, fault, units);
        }
    }
}
