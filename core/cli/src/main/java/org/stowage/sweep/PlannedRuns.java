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
 * with the precomputed plan its kernel reads (LoTES's LP solution, RMS's configuration tables), made by the
 * {@link ModelPlans} this instance owns, so kernels never call a solver. One instance serves the runs that
 * should share plans (a command's, a sweep's, a figure's); its cache dies with it, and instances side by side
 * share nothing. Thread-safe.
 */
public final class PlannedRuns {
    private final ModelPlans plans;

    /** Runs planned by the plan providers of this class path, with a cache of their own. */
    public PlannedRuns() {
        this(new ModelPlans());
    }

    public PlannedRuns(final ModelPlans plans) {
        this.plans = plans;
    }

    /** The plans these runs are completed with (and whoever plans for them shares). */
    public ModelPlans plans() {
        return plans;
    }

    /** {@code spec} with the plan its kernel needs added to its model; {@code spec} itself if it needs none. */
    public RunSpec planned(final RunSpec spec) {
        final Model model = spec.resolvedModel();
        final Model complete = plans.complete(model, spec.definition());
        return complete == model && spec.model() != null ? spec : spec.withModel(complete);
    }

    /** Runs {@code spec} (see {@link #run(RunSpec, DoubleConsumer, String, Units)}). */
    public RunResult run(final RunSpec spec) {
        return run(spec, fraction -> { }, null, null);
    }

    /** Runs {@code spec}, telling {@code progress} the fraction done. */
    public RunResult run(final RunSpec spec, final DoubleConsumer progress) {
        return run(spec, progress, null, null);
    }

    /**
     * Runs {@code spec} with its plan, watched by the {@link KernelWatchdog} (when the command line armed it).
     * A kernel that fails ends the run with a {@link KernelFailure} naming the scheduler, its family and jar,
     * {@code where} it ran (or null) and what it did, its sizes in {@code units} (null: in units).
     */
    public RunResult run(final RunSpec spec, final DoubleConsumer progress, final String where,
                                final Units units) {
        try {
            return Experiments.run(planned(spec), progress, KernelWatchdog.observer());
        } catch (final SchedulerFault fault) {
            throw KernelFailure.of(spec.scheduler(), where, fault, units);
        }
    }
}
