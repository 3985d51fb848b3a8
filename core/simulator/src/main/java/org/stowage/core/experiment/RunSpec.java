package org.stowage.core.experiment;

import java.util.Objects;

import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.ServerTable;

/**
 * Everything one run needs: a scheduler spec (as {@link Kernels#byName} takes it), a cluster, a workload
 * source, the time mode, the horizon and warm-up, the seed, the queue-series bucket width, the model the
 * kernel sees (job classes, processing rates, precomputed plans; null for one that knows the servers only),
 * and whether every queue's time average is reported.
 *
 * @param scheduler      scheduler name with optional parameters
 * @param dimensions     resources per server and job
 * @param capacities     packed capacity vectors in units ({@code capacities[s * dimensions + d]})
 * @param workload       makes the run's workload from its seed
 * @param timeMode       slotted or continuous
 * @param horizon        simulated time to run; {@link Double#POSITIVE_INFINITY} runs a finite workload to completion
 * @param warmup         statistics ignore times before this
 * @param seed           seed of every random stream of the run
 * @param seriesInterval initial bucket width of the queue-length series
 * @param model          what the kernel may know in advance, or null for the servers only
 * @param perQueue       report {@code mean_queue_qN} for every queue the scheduler made
 */
public record RunSpec(String scheduler, int dimensions, int[] capacities, WorkloadSource workload, TimeMode timeMode,
                      double horizon, double warmup, long seed, double seriesInterval, Model model,
                      boolean perQueue) {
    public RunSpec {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(timeMode, "timeMode");
        capacities = capacities.clone();
        if (!(horizon > 0)) {
            throw new IllegalArgumentException("horizon must be > 0: " + horizon);
        }
        if (!(warmup >= 0) || !(warmup < horizon)) {
            throw new IllegalArgumentException("warm-up must be in [0, horizon): " + warmup);
        }
        if (!(seriesInterval > 0) || Double.isInfinite(seriesInterval)) {
            throw new IllegalArgumentException("series interval must be finite and > 0: " + seriesInterval);
        }
    }

    /** A run whose kernel knows the servers only, without per-queue averages. */
    public RunSpec(final String scheduler, final int dimensions, final int[] capacities, final WorkloadSource workload,
                   final TimeMode timeMode, final double horizon, final double warmup, final long seed,
                   final double seriesInterval) {
        this(scheduler, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval, null, false);
    }

    /** The same run with another scheduler. */
    public RunSpec withScheduler(final String name) {
        return new RunSpec(name, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval,
            model, perQueue);
    }

    /** The same run with {@code value} as the kernel's model. */
    public RunSpec withModel(final Model value) {
        return new RunSpec(scheduler, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval,
            value, perQueue);
    }

    /** The same run, reporting (or not) every queue's time average. */
    public RunSpec withPerQueue(final boolean value) {
        return new RunSpec(scheduler, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval,
            model, value);
    }

    /** The model the kernel sees: the given one, or one that knows the servers only. */
    public Model resolvedModel() {
        return model != null ? model : Model.of(ServerClasses.of(dimensions, capacities));
    }

    /** A fresh server table for this run. */
    public ServerTable servers() {
        return new ServerTable(dimensions, capacities);
    }

    @Override
    public int[] capacities() {
        return capacities.clone();
    }
}
