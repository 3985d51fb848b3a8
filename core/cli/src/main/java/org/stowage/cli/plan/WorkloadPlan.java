package org.stowage.cli.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.cli.spec.ServersSpec;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.experiment.WorkloadSource;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.sweep.PlannedRuns;
import org.stowage.terminal.InvalidValueException;

/**
 * A workload that {@link WorkloadSettings} describe, checked whole: the cluster, the model a kernel may
 * read, the jobs' source, the time mode and window. Made by {@link #of} before anything runs (every check
 * of the settings happens there, a bad value is one IllegalArgumentException naming its flag); then each
 * of its uses is one small method: {@link #runSpec} for a scheduler and seed, {@link #inputs} for the files
 * a command writes, {@link #arguments} for the command line that repeats it, {@link #description} for the
 * line a command prints, {@link #memory} for the heap check. All four describe the same values, so what a
 * file says is what ran.
 *
 * <p>Three kinds: generated jobs ({@link GeneratedWorkloadPlan}), a real trace ({@link TraceWorkloadPlan})
 * and a user's job list ({@link JobListWorkloadPlan}). Immutable.
 */
public abstract sealed class WorkloadPlan permits GeneratedWorkloadPlan, TraceWorkloadPlan, JobListWorkloadPlan,
    GpuTraceWorkloadPlan {
    /**
     * What planning needs besides the settings.
     *
     * @param heapLimit  the heap one run may use (servers beyond it are refused before they are made)
     * @param schedulers every scheduler the command runs, so that a plan one of them reads is made (LoTES)
     * @param traces     loaded traces, shared by the points of a sweep (a load takes seconds)
     * @param runs       the command's runs, whose plans (LoTES's for generated jobs) a plan of the workload shares
     */
    public record Context(long heapLimit, List<String> schedulers, TraceWorkloadPlan.Cache traces, PlannedRuns runs) {
        public Context {
            schedulers = List.copyOf(schedulers);
        }
    }

    /** The settings as given. */
    final WorkloadSettings settings;
    final TimeMode mode;
    final Units units;
    final ServerTable cluster;
    /** What every kernel may know in advance: the server classes, and job classes where the source has them. */
    final Model model;
    /** Simulated time; infinite runs a finite workload to completion. */
    final double horizon;
    final double warmup;
    /** Initial bucket width of the queue-length series. */
    final double seriesInterval;
    private final WorkloadSource source;

    WorkloadPlan(final WorkloadSettings settings, final TimeMode mode, final Units units, final ServerTable cluster,
                 final Model model, final double horizon, final double warmup, final WorkloadSource source) {
        this.settings = settings;
        this.mode = mode;
        this.units = units;
        this.cluster = cluster;
        this.model = model;
        this.horizon = horizon;
        this.warmup = warmup;
        // about 2048 buckets over a finite horizon, so the verdict sees about 900 of them; unit width otherwise
        this.seriesInterval = Double.isInfinite(horizon) ? 1 : Math.max(horizon / 2048, 1e-9);
        this.source = source;
    }

    /**
     * The plan of {@code settings}: every value checked, in the order a reader of the command line would
     * (the source, then the cluster, then rates and times), the first bad one a one-line error.
     */
    public static WorkloadPlan of(final WorkloadSettings settings, final Context context) {
        OptionRules.check(settings);
        if (settings.isGiven(WorkloadSettings.JOBS)) {
            return JobListWorkloadPlan.of(settings, context);
        }
        if (settings.isGiven(WorkloadSettings.GPUS)) {
            return GpuTraceWorkloadPlan.of(settings, context);
        }
        if (settings.isGiven(WorkloadSettings.TRACE)) {
            return TraceWorkloadPlan.of(settings, context);
        }
        return GeneratedWorkloadPlan.of(settings, context);
    }

    /** The run of {@code scheduler} with {@code seed} on this workload. */
    public final RunSpec runSpec(final String scheduler, final long seed) {
        return RunSpec.builder()
            .servers(cluster.dimensions(), cluster.capacities())
            .workload(source)
            .timeMode(mode).horizon(horizon).warmup(warmup).seed(seed).seriesInterval(seriesInterval)
            .model(model)
            .kernel(scheduler)
            .build();
    }

    /** Every input that determines the runs, for the files a command writes (JSON-serialisable values). */
    public final Map<String, Object> inputs() {
        final Map<String, Object> inputs = new LinkedHashMap<>();
        sourceInputs(inputs);
        inputs.put("time_mode", modeName());
        inputs.put("horizon", Double.isInfinite(horizon) ? null : horizon);
        inputs.put("warmup", warmup);
        inputs.put("resolution", units.resolution());
        inputs.put("series_interval", seriesInterval);
        return inputs;
    }

    /** The {@code run} arguments that give this workload again. */
    public final List<String> arguments() {
        final List<String> arguments = new ArrayList<>();
        sourceArguments(arguments);
        arguments.addAll(List.of("--time-mode", modeName()));
        if (!Double.isInfinite(horizon)) {
            arguments.addAll(List.of("--horizon", format(horizon)));
        }
        arguments.addAll(List.of("--warmup", format(warmup), "--resolution", Integer.toString(units.resolution())));
        return arguments;
    }

    /** The line a command prints about the workload: {@link #servers()}, then {@link #workload()}. */
    public final String description() {
        return servers() + ", " + workload();
    }

    /**
     * The servers: {@code 5 servers}, {@code 1 server}, {@code 8 servers (4x1.0/1.0,4x0.5/2.0)}; the user's spec
     * only where it says more than the count.
     */
    public final String servers() {
        final int count = cluster.count();
        final String spec = serverSpec();
        final String head = String.format(Locale.ROOT, "%,d %s", count, count == 1 ? "server" : "servers");
        return spec.equals(Integer.toString(count)) ? head : head + " (" + spec + ")";
    }

    /** The servers as the user gave them ({@code --servers}, or where the trace says). */
    abstract String serverSpec();

    /** Everything but the servers: where the jobs come from, their rates, the time mode and window. */
    public abstract String workload();

    /** Whether the cluster carries devices (GPUs) that the jobs ask for ({@code --gpus}). */
    public boolean hasDevices() {
        return false;
    }

    /** The least memory one run of it holds. */
    public abstract MemoryCheck.Need memory();

    /** The jobs a run is expected to see (a relative cost, so that remote engines start long runs first). */
    public abstract double expectedJobs();

    /** What gives the jobs their resources, in the user's words ({@code --sizes 'uniform:0.1,0.9'}). */
    abstract String dimensionsWords();

    /** What gives the jobs their sizes and classes, in the user's words. */
    abstract String jobsWords();

    /** The inputs that say where the jobs come from (servers, sizes or trace or file, rates), in order. */
    abstract void sourceInputs(Map<String, Object> inputs);

    /** The arguments that give the jobs' source again. */
    abstract void sourceArguments(List<String> arguments);

    final String modeName() {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    /** Whether the runs go on until every job is done (a batch, a job list): then makespan and JCT say most. */
    public final boolean toCompletion() {
        return Double.isInfinite(horizon);
    }

    /** The horizon as the description prints it. */
    final String horizonText() {
        return Double.isInfinite(horizon) ? "to completion" : format(horizon);
    }

    /** {@code --time-mode}, or a one-line error naming it. */
    static TimeMode timeMode(final WorkloadSettings settings) {
        final String text = settings.get(WorkloadSettings.TIME_MODE);
        switch (text.toLowerCase(Locale.ROOT)) {
            case "slotted":
                return TimeMode.SLOTTED;
            case "continuous":
                return TimeMode.CONTINUOUS;
            default:
                throw new InvalidValueException("--time-mode", "'" + text + "' (slotted or continuous)");
        }
    }

    /** The units sizes and capacities are in ({@code --resolution}). */
    public Units units() {
        return units;
    }

    /** The units of {@code --resolution}; an error names the flag. */
    public static Units units(final int resolution) {
        try {
            return new Units(resolution);
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException("--resolution", e.getMessage(), e);
        }
    }

    /** The servers of {@code --servers} with {@code dimensions} resources, refused before they are made when too many. */
    static ServerTable cluster(final WorkloadSettings settings, final Units units, final int dimensions,
                               final String dimensionsSource, final long heapLimit) {
        final ServersSpec servers = settings.get(WorkloadSettings.SERVERS);
        if (servers.dimensions(dimensions) != dimensions) {
            throw new InvalidValueException("--servers", "'" + servers + "' has "
                + servers.dimensions(dimensions) + " resources but " + dimensionsSource + " has " + dimensions);
        }
        MemoryCheck.requireServers(servers, dimensions, heapLimit);
        return new ServerTable(dimensions, servers.packedCapacities(units, dimensions));
    }

    /** Whether a job of {@code size} (units per resource) fits some server of {@code classes}. */
    static boolean fitsSomeServer(final org.stowage.core.model.ServerClasses classes, final int[] size) {
        for (int c = 0; c < classes.count(); c++) {
            boolean fits = true;
            for (int d = 0; d < size.length && fits; d++) {
                fits = size[d] <= classes.capacity(c, d);
            }
            if (fits) {
                return true;
            }
        }
        return false;
    }

    /** {@code size} in units on each resource as fractions of 1.0, {@code a/b/...}. */
    static String real(final Units units, final int[] size) {
        final StringBuilder text = new StringBuilder();
        for (int d = 0; d < size.length; d++) {
            text.append(d == 0 ? "" : "/").append(units.toReal(size[d]));
        }
        return text.toString();
    }

    static String format(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
