package org.stowage.reproduce;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;

/**
 * A figure whose every unit is an ordinary simulation run: a {@link RunSpec} per point and scheduler, run by the
 * sweep's {@link PlannedRuns} (which adds the plan a kernel reads, shared by the figure's runs). Its schedulers
 * are kernels, so another kernel can join it ({@code reproduce --add-scheduler}) unless the figure says
 * otherwise.
 */
public interface SpecFigure extends Figure {
    /** The run of {@code scheduler} at {@code point}. */
    RunSpec spec(Sweep.Point point, String scheduler, Scale scale);

    @Override
    default RunResult run(final Sweep.Point point, final String scheduler, final Scale scale,
                          final PlannedRuns runs) {
        return runs.run(spec(point, scheduler, scale));
    }

    @Override
    default boolean takesAddedKernels() {
        return true;
    }

    @Override
    default RunSpec addedKernelRun(final Sweep.Point point, final String scheduler, final Scale scale) {
        return spec(point, scheduler, scale);
    }
}
