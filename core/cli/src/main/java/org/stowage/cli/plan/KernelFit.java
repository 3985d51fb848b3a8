package org.stowage.cli.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRegistryException;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.TraceFormatException;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.KernelFailure;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;
import org.stowage.terminal.InvalidValueException;

/**
 * The one check of a (scheduler, workload) pair, made for every pair of a command before any of them runs:
 * {@code run}'s schedulers, a sweep's whole grid, a reproduction's figures. Three steps, each failure one
 * line naming {@code --scheduler} and the option of the workload that it does not fit:
 * <ol>
 *   <li>the kernel's declared {@link KernelRequirements} against the workload: resources, time mode,
 *       discrete job types, capacities that differ by powers of 2, a plan its model can hold (LoTES plans
 *       from generated job classes and rates);</li>
 *   <li>the plan the kernel reads is made now ({@link PlannedRuns#planned}, by the command's runs, whose cache
 *       the runs then reuse);</li>
 *   <li>the kernel is attached to the very cluster and model, with no jobs: whatever else it checks when a
 *       simulation starts (the partition kernels' depth J against the capacities, say) fails here.</li>
 * </ol>
 * Stateless; thread-safe.
 */
public final class KernelFit {
    private KernelFit() {
    }

    /**
     * The run of {@code scheduler} on {@code plan} with {@code seed}, its plan made, once the pair is known
     * to fit.
     *
     * @throws IllegalArgumentException one line naming {@code --scheduler}, the scheduler and the workload
     */
    public static RunSpec prepare(final String scheduler, final WorkloadPlan plan, final long seed,
                                  final PlannedRuns runs) {
        final KernelDefinition definition = Kernels.definitionOf(scheduler);
        final String unmet = unmet(definition.requirements(), plan);
        if (unmet != null) {
            throw new InvalidValueException("--scheduler", "'" + scheduler + "' " + unmet);
        }
        final RunSpec spec;
        try {
            spec = runs.planned(plan.runSpec(scheduler, seed));
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException("--scheduler", "'" + scheduler + "' cannot be planned for "
                + plan.jobsWords() + " on " + plan.settings.describe(WorkloadSettings.SERVERS) + ": " + e.getMessage(), e);
        }
        try {
            attach(spec, seed, "--scheduler", "on " + plan.settings.describe(WorkloadSettings.SERVERS) + " with "
                + plan.jobsWords());
        } catch (final InvalidValueException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException("--scheduler", "'" + scheduler + "' does not run on "
                + plan.settings.describe(WorkloadSettings.SERVERS) + " with " + plan.jobsWords() + ": " + e.getMessage(),
                e);
        }
        return spec;
    }

    /**
     * Every run of {@code figure} at {@code scale}, made and checked as {@link #prepare} does (plans made,
     * kernels attached to their clusters) before anything is written: a trace that cannot be read fails here,
     * naming {@code traceWords}, not after the figure's manifest is on disk.
     *
     * @param traceWords the figure's trace in the user's words ({@code --trace 'DIR'}), for messages
     */
    public static void checkFigure(final Figure figure, final Scale scale, final long seed, final String traceWords,
                                   final PlannedRuns runs) {
        try {
            figure.prepareInputs(scale, seed);
            final Sweep sweep = figure.sweep(scale, seed);
            for (final Sweep.Point point : sweep.points()) {
                if (point.replication() != 0) {
                    continue;
                }
                for (final String scheduler : sweep.schedulers()) {
                    final RunSpec run = figure.spec(point, scheduler, scale);
                    if (run != null) {
                        attach(runs.planned(run), seed, "--add-scheduler", "for " + figure.name());
                    }
                }
            }
        } catch (final TraceFormatException e) {
            throw new InvalidValueException(traceWords, e.getMessage(), e);
        }
    }

    /**
     * Attaches the kernel of {@code spec} to its cluster and model, with no jobs (its set-up checks run). A
     * kernel that refuses the workload throws an IllegalArgumentException, as it was; one that fails (its
     * parameters, its factory or its attach throw anything else, or its factory makes nothing) is refused in
     * one line naming {@code option}, the kernel, its family and jar, and {@code context}: nothing has run.
     */
    private static void attach(final RunSpec spec, final long seed, final String option, final String context) {
        try {
            Simulation.builder().servers(spec.servers()).workload(new NoJobs(spec.dimensions()))
                .model(spec.resolvedModel()).scheduler(Kernels.byName(spec.scheduler())).timeMode(spec.timeMode())
                .seed(seed).initialJobCapacity(1).build();
        } catch (final IllegalArgumentException | OutOfMemoryError | KernelRegistryException e) {
            throw e;
        } catch (final RuntimeException | Error e) {
            throw new InvalidValueException(option, "'" + spec.scheduler() + "'" + KernelFailure.origin(spec.scheduler())
                + " failed to set up " + context + ": " + KernelFailure.describe(e), e);
        }
    }

    /** What the workload lacks that the kernel requires, as the rest of a sentence; null when it fits. */
    private static String unmet(final KernelRequirements requirements, final WorkloadPlan plan) {
        if (requirements.devices() && !plan.hasDevices()) {
            return "places pods on GPUs, and " + plan.jobsWords() + " has none (use --trace alibaba:DIR --gpus)";
        }
        if (!requirements.devices() && plan.hasDevices()) {
            return "does not place GPUs, and " + plan.jobsWords() + " asks for them (use one of the GPU kernels: "
                + String.join(", ", gpuKernels()) + ")";
        }
        final int dimensions = plan.cluster.dimensions();
        if (dimensions > requirements.maxDimensions()) {
            return "handles " + requirements.maxDimensions() + " resource" + (requirements.maxDimensions() == 1 ? "" : "s")
                + ", and " + plan.dimensionsWords() + " has " + dimensions;
        }
        final Set<TimeMode> modes = requirements.timeModes();
        if (!modes.contains(plan.mode)) {
            final String only = modes.iterator().next().name().toLowerCase(Locale.ROOT);
            return "runs in " + only + " time only, and " + plan.settings.describe(WorkloadSettings.TIME_MODE)
                + " is not (use --time-mode " + only + ")";
        }
        if (requirements.discreteTypes() && !plan.model.jobClasses().allExact()) {
            return "needs discrete job types (every job of a type has one exact size), and " + plan.jobsWords()
                + " has none (use --sizes discrete:SIZE@WEIGHT,... or ec2)";
        }
        if (requirements.powerOfTwoCapacities()) {
            final String uneven = unevenCapacity(plan);
            if (uneven != null) {
                return "needs server capacities that differ by powers of 2, and "
                    + plan.settings.describe(WorkloadSettings.SERVERS) + " has " + uneven;
            }
        }
        if (requirements.planType() == LotesPlan.class && !plan.model.hasPlan(LotesPlan.class)) {
            final boolean batch = plan instanceof GeneratedWorkloadPlan
                && plan.settings.get(WorkloadSettings.ARRIVALS).isBatch();
            return "plans from the job classes and arrival rates of generated jobs, and "
                + (batch ? plan.settings.describe(WorkloadSettings.ARRIVALS) : plan.jobsWords()) + " gives none";
        }
        return null;
    }

    /** The kernels of the registry that place GPUs, in registry order. */
    private static List<String> gpuKernels() {
        final List<String> names = new ArrayList<>();
        for (final KernelDefinition definition : Kernels.primaryDefinitions()) {
            if (definition.requirements().devices()) {
                names.add(definition.name());
            }
        }
        return names;
    }

    /** The first capacity (as a fraction of 1.0) that is not the largest over a power of 2, or null. */
    private static String unevenCapacity(final WorkloadPlan plan) {
        final ServerTable servers = plan.cluster;
        final int largest = servers.maxCapacity(0);
        for (int s = 0; s < servers.count(); s++) {
            final long capacity = servers.capacity(s, 0);
            long scaled = capacity;
            while (scaled > 0 && scaled < largest) {
                scaled <<= 1;
            }
            if (scaled != largest) {
                return "capacity " + plan.units.toReal((int) capacity) + " beside " + plan.units.toReal(largest);
            }
        }
        return null;
    }

    /** A workload without jobs: what a kernel is attached to when only its set-up is checked. */
    private static final class NoJobs implements Workload {
        private final int dimensions;

        NoJobs(final int dimensions) {
            this.dimensions = dimensions;
        }

        @Override
        public int dimensions() {
            return dimensions;
        }

        @Override
        public double peekArrivalTime() {
            return Double.POSITIVE_INFINITY;
        }

        @Override
        public void next(final JobSpec spec) {
            throw new IllegalStateException("no jobs");
        }

        @Override
        public long announcedJobs() {
            return 0;
        }
    }
}
