package org.stowage.core.experiment;

import java.util.Objects;

import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.ServerTable;

/**
 * Everything one run needs: a scheduler (a spec {@link Kernels#byName} takes, or a {@link KernelDefinition}
 * given in code), a cluster, a workload source, the time mode, the horizon and warm-up, the seed, the
 * queue-series bucket width, the model the kernel sees (job classes, processing rates, precomputed plans;
 * null for one that knows the servers only), and whether every queue's time average is reported.
 *
 * <p>A kernel given as a definition ({@link #withKernel}) runs without being declared in a
 * {@link org.stowage.core.kernel.KernelFamily}: a library user builds one in code and runs it through
 * {@code Experiments.run} beside the registry's. Such a run can be made only in this JVM: sweeps, and Spark
 * executors, rebuild their runs from scheduler names, which only the registry resolves.
 *
 * @param scheduler      scheduler name with optional parameters, {@code NAME[:key=value,...]}
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
 * @param kernel         the definition {@code scheduler} names, when given in code; null to look the name up
 *                       in the registry ({@link Kernels})
 */
public record RunSpec(String scheduler, int dimensions, int[] capacities, WorkloadSource workload, TimeMode timeMode,
                      double horizon, double warmup, long seed, double seriesInterval, Model model,
                      boolean perQueue, KernelDefinition kernel) {
    public RunSpec {
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(timeMode, "timeMode");
        if (kernel != null && !KernelDefinition.nameOf(scheduler).equals(kernel.name())) {
            throw new IllegalArgumentException("scheduler '" + scheduler + "' does not name the kernel given, "
                + kernel.name());
        }
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

    /** A run of the registry's kernel named by {@code scheduler}. */
    public RunSpec(final String scheduler, final int dimensions, final int[] capacities, final WorkloadSource workload,
                   final TimeMode timeMode, final double horizon, final double warmup, final long seed,
                   final double seriesInterval, final Model model, final boolean perQueue) {
        this(scheduler, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval, model,
            perQueue, null);
    }

    /** A run of the registry's kernel named by {@code scheduler} that knows the servers only, without per-queue averages. */
    public RunSpec(final String scheduler, final int dimensions, final int[] capacities, final WorkloadSource workload,
                   final TimeMode timeMode, final double horizon, final double warmup, final long seed,
                   final double seriesInterval) {
        this(scheduler, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval, null, false,
            null);
    }

    /** The same run with the registry's scheduler {@code name} ({@code NAME[:key=value,...]}). */
    public RunSpec withScheduler(final String name) {
        return new RunSpec(name, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval,
            model, perQueue, null);
    }

    /** The same run with {@code definition}'s kernel, its parameters at their defaults. */
    public RunSpec withKernel(final KernelDefinition definition) {
        return withKernel(definition, "");
    }

    /**
     * The same run with {@code definition}'s kernel, registered or not.
     *
     * @param parameters {@code key=value,...} as the kernel declares them, or empty for the defaults; checked
     *                   when the run starts
     */
    public RunSpec withKernel(final KernelDefinition definition, final String parameters) {
        final String name = definition.name();
        return new RunSpec(parameters.isEmpty() ? name : name + ":" + parameters, dimensions, capacities, workload,
            timeMode, horizon, warmup, seed, seriesInterval, model, perQueue, definition);
    }

    /** The same run with {@code value} as the kernel's model. */
    public RunSpec withModel(final Model value) {
        return new RunSpec(scheduler, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval,
            value, perQueue, kernel);
    }

    /** The same run, reporting (or not) every queue's time average. */
    public RunSpec withPerQueue(final boolean value) {
        return new RunSpec(scheduler, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval,
            model, value, kernel);
    }

    /**
     * The definition of the run's kernel: the one given, or the registry's of that name.
     *
     * @throws IllegalArgumentException naming the scheduler when the registry does not know it
     */
    public KernelDefinition definition() {
        return kernel != null ? kernel : Kernels.definitionOf(scheduler);
    }

    /**
     * The factory of the run's kernel with the spec's parameters.
     *
     * @throws IllegalArgumentException naming the scheduler, or the parameter and value, that is unknown or invalid
     */
    public SchedulerFactory schedulerFactory() {
        return kernel != null ? kernel.factoryFor(scheduler) : Kernels.byName(scheduler);
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
