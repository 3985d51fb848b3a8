package org.stowage.core.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceWorkload;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * Everything one run needs: a scheduler (a spec {@link Kernels#byName} takes, or a {@link KernelDefinition}
 * given in code), a cluster, a workload source, the time mode, the horizon and warm-up, the seed, the
 * queue-series bucket width, the model the kernel sees (job classes, processing rates, precomputed plans;
 * null for one that knows the servers only), and whether every queue's time average is reported.
 * {@link #builder()} makes one from the objects a study builds (a {@link ServerTable}, size and service
 * distributions and {@link Arrivals}, or a {@link JobList} or a {@link LoadedTrace}), with defaults and
 * named checks:
 *
 * <pre>{@code
 * RunSpec spec = RunSpec.builder()
 *     .servers(ServerTable.homogeneous(5, units.capacityUnits(1.0)))
 *     .sizes(SizeDistribution.uniform(units, 0.1, 0.9))
 *     .service(ServiceDistribution.geometric(100))
 *     .arrivals(Arrivals.poissonPerSlot(0.095))
 *     .horizon(200_000).warmup(10_000).seed(42)
 *     .kernel("BF-J/S")
 *     .build();
 * RunResult result = Experiments.run(spec);
 * }</pre>
 *
 * <p>A kernel given as a definition ({@link Builder#kernel(KernelDefinition)}, {@link #withKernel}) runs
 * without being declared in a {@link org.stowage.core.kernel.KernelFamily}: a library user builds one in code
 * and runs it through {@code Experiments.run} beside the registry's. Such a run can be made only in this JVM:
 * sweeps, and Spark executors, rebuild their runs from scheduler names, which only the registry resolves.
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

    /**
     * A run of the registry's kernel named by {@code scheduler}.
     *
     * @deprecated eleven positional arguments, three of them doubles in a row: use {@link #builder()}
     */
    @Deprecated
    public RunSpec(final String scheduler, final int dimensions, final int[] capacities, final WorkloadSource workload,
                   final TimeMode timeMode, final double horizon, final double warmup, final long seed,
                   final double seriesInterval, final Model model, final boolean perQueue) {
        this(scheduler, dimensions, capacities, workload, timeMode, horizon, warmup, seed, seriesInterval, model,
            perQueue, null);
    }

    /**
     * A run of the registry's kernel named by {@code scheduler} that knows the servers only, without per-queue
     * averages.
     *
     * @deprecated nine positional arguments, three of them doubles in a row: use {@link #builder()}
     */
    @Deprecated
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

    /** A run to describe field by field; see {@link Builder} for every field, its default and its check. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Builds a {@link RunSpec} by named fields. Required: the servers, one workload (arrivals with sizes and
     * a service distribution, a job list, a trace, or a {@link WorkloadSource}) and the kernel. Defaults:
     * slotted time; a horizon that runs a finite workload (a job list, a trace, a batch) to completion, while
     * an endless one (Poisson arrivals, a source of your own) must be given one; no warm-up; seed 1; a queue
     * series of about 2048 buckets over the horizon (buckets of 1 when it is infinite); the model that knows
     * the servers only; no per-queue averages. A kernel that reads a precomputed plan (LoTES, RMS, MWR) needs it
     * in the model when the run starts, not here: stowage-theory's {@code ModelPlans.complete(model, kernel)}
     * adds it, as the command line does before every run.
     *
     * <p>{@link #build()} checks every field and the kernel against them (its name and parameters, the
     * resources and time mode it handles, the job types it needs in the model) and throws an
     * {@link IllegalArgumentException} naming the field and the value, e.g. {@code "warmup = 5000.0: must be
     * in [0, horizon = 2000.0)"}. A builder may be reused; each {@code build()} makes an independent spec.
     */
    public static final class Builder {
        private int dimensions;
        private int[] capacities;
        private SizeDistribution sizes;
        private ServiceDistribution service;
        private Arrivals arrivals;
        private JobList jobs;
        private double jobsTimeUnit = 1;
        private LoadedTrace trace;
        private long traceIntervalMicros = TraceWorkload.DEFAULT_INTERVAL_MICROS;
        private double traceBeta = 1;
        private WorkloadSource workload;
        private TimeMode timeMode = TimeMode.SLOTTED;
        private double horizon = Double.NaN;
        private double warmup;
        private long seed = 1;
        private double seriesInterval = Double.NaN;
        private String scheduler;
        private KernelDefinition kernel;
        private Model model;
        private boolean perQueue;

        private Builder() {
        }

        /** The cluster: the table's capacities (a fresh table is made for every run; this one is not used). */
        public Builder servers(final ServerTable servers) {
            Objects.requireNonNull(servers, "servers");
            return servers(servers.dimensions(), servers.capacities());
        }

        /** The cluster as packed capacity vectors in units, {@code capacities[s * dimensions + d]}. */
        public Builder servers(final int dimensions, final int[] capacities) {
            Objects.requireNonNull(capacities, "capacities");
            if (dimensions < 1 || capacities.length == 0 || capacities.length % dimensions != 0) {
                throw new IllegalArgumentException("servers: " + capacities.length + " capacities do not make whole"
                    + " servers of " + dimensions + " resources");
            }
            this.dimensions = dimensions;
            this.capacities = capacities.clone();
            return this;
        }

        /** Job sizes of a generated workload (with {@link #service} and {@link #arrivals}). */
        public Builder sizes(final SizeDistribution value) {
            this.sizes = Objects.requireNonNull(value, "sizes");
            return this;
        }

        /** Service times of a generated workload (with {@link #sizes} and {@link #arrivals}). */
        public Builder service(final ServiceDistribution value) {
            this.service = Objects.requireNonNull(value, "service");
            return this;
        }

        /**
         * Arrivals of a generated workload (with {@link #sizes} and {@link #service}); each run starts a
         * {@linkplain Arrivals#fresh() fresh} copy, so one spec may run any number of times, on any threads.
         */
        public Builder arrivals(final Arrivals value) {
            this.arrivals = Objects.requireNonNull(value, "arrivals");
            return this;
        }

        /** The jobs of a job list, its times already in the simulation's time unit. */
        public Builder jobs(final JobList value) {
            return jobs(value, 1);
        }

        /**
         * The jobs of a job list.
         *
         * @param timeUnit list time per simulation time unit (and per slot in slotted time), see
         *                 {@link org.stowage.core.trace.JobListWorkload}
         */
        public Builder jobs(final JobList value, final double timeUnit) {
            this.jobs = Objects.requireNonNull(value, "jobs");
            this.jobsTimeUnit = timeUnit;
            return this;
        }

        /**
         * The tasks of a loaded trace, in slots (or time units) of 100 ms, at the trace's own pace; the trace's
         * servers when it describes some and {@link #servers} is not given.
         */
        public Builder trace(final LoadedTrace value) {
            return trace(value, TraceWorkload.DEFAULT_INTERVAL_MICROS, 1);
        }

        /**
         * The tasks of a loaded trace.
         *
         * @param intervalMicros the slot length (slotted) and the time unit (both modes), in microseconds
         * @param beta           arrival times are multiplied by beta (&gt; 0); traffic scaling = 1 / beta
         */
        public Builder trace(final LoadedTrace value, final long intervalMicros, final double beta) {
            this.trace = Objects.requireNonNull(value, "trace");
            this.traceIntervalMicros = intervalMicros;
            this.traceBeta = beta;
            return this;
        }

        /** Any workload: a source that makes a fresh one from the run's seed. */
        public Builder workload(final WorkloadSource value) {
            this.workload = Objects.requireNonNull(value, "workload");
            return this;
        }

        /** Slotted (the default) or continuous time. */
        public Builder timeMode(final TimeMode value) {
            this.timeMode = Objects.requireNonNull(value, "timeMode");
            return this;
        }

        /** Simulated time to run (&gt; 0); {@link Double#POSITIVE_INFINITY} runs a finite workload to completion. */
        public Builder horizon(final double value) {
            this.horizon = value;
            return this;
        }

        /** Statistics ignore times before this, in [0, horizon); default 0. */
        public Builder warmup(final double value) {
            this.warmup = value;
            return this;
        }

        /** Seed of every random stream of the run (the workload's and the kernel's); default 1. */
        public Builder seed(final long value) {
            this.seed = value;
            return this;
        }

        /** Initial bucket width of the queue-length series (finite, &gt; 0); default horizon / 2048. */
        public Builder seriesInterval(final double value) {
            this.seriesInterval = value;
            return this;
        }

        /**
         * The registry's kernel, by spec {@code NAME[:key=value,...]} ({@code "VQS-BF:J=7"}); checked by
         * {@link #build()}.
         */
        public Builder kernel(final String spec) {
            this.scheduler = Objects.requireNonNull(spec, "kernel");
            this.kernel = null;
            return this;
        }

        /** A kernel defined in code, registered or not, its parameters at their defaults. */
        public Builder kernel(final KernelDefinition definition) {
            return kernel(definition, "");
        }

        /**
         * A kernel defined in code, registered or not.
         *
         * @param parameters {@code key=value,...} as the kernel declares them, or empty for the defaults
         */
        public Builder kernel(final KernelDefinition definition, final String parameters) {
            Objects.requireNonNull(definition, "kernel");
            this.scheduler = parameters.isEmpty() ? definition.name() : definition.name() + ":" + parameters;
            this.kernel = definition;
            return this;
        }

        /** What the kernel may know in advance (job classes, rates, plans); default the servers only. */
        public Builder model(final Model value) {
            this.model = value;
            return this;
        }

        /** Report {@code mean_queue_qN} for every queue the scheduler made; default false. */
        public Builder perQueue(final boolean value) {
            this.perQueue = value;
            return this;
        }

        /**
         * The spec.
         *
         * @throws IllegalArgumentException naming the first field that is missing or wrong, and its value
         */
        public RunSpec build() {
            int resources = dimensions;
            int[] cluster = capacities;
            if (cluster == null && trace != null && trace.hasServers()) {
                final ServerTable servers = trace.newServerTable();
                resources = servers.dimensions();
                cluster = servers.capacities();
            }
            if (cluster == null) {
                throw new IllegalArgumentException("servers: not given; give a ServerTable (ServerTable.homogeneous(5,"
                    + " units.capacityUnits(1.0)), say)");
            }
            final WorkloadSource source = source(resources);
            final double runFor = horizon();
            if (!(warmup >= 0) || !(warmup < runFor)) {
                throw new IllegalArgumentException("warmup = " + warmup + ": must be in [0, horizon = " + runFor + ")");
            }
            final double interval = Double.isNaN(seriesInterval)
                ? Double.isInfinite(runFor) ? 1 : Math.max(runFor / 2048, 1e-9) : seriesInterval;
            if (!(interval > 0) || Double.isInfinite(interval)) {
                throw new IllegalArgumentException("seriesInterval = " + interval + ": must be finite and > 0");
            }
            if (scheduler == null) {
                throw new IllegalArgumentException("kernel: not given; name one of the registry (Kernels.names(),"
                    + " `stowage schedulers`) or give a KernelDefinition");
            }
            final KernelDefinition definition;
            try {
                definition = kernel != null ? kernel : Kernels.definitionOf(scheduler);
                definition.factoryFor(scheduler);
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException("kernel = '" + scheduler + "': " + e.getMessage(), e);
            }
            checkRequirements(definition, resources);
            return new RunSpec(scheduler, resources, cluster, source, timeMode, runFor, warmup, seed, interval, model,
                perQueue, kernel);
        }

        private WorkloadSource source(final int resources) {
            final List<String> given = new ArrayList<>();
            if (arrivals != null || sizes != null || service != null) {
                given.add("arrivals");
            }
            if (jobs != null) {
                given.add("jobs");
            }
            if (trace != null) {
                given.add("trace");
            }
            if (workload != null) {
                given.add("workload");
            }
            if (given.isEmpty()) {
                throw new IllegalArgumentException("workload: not given; give arrivals with sizes and service, a job"
                    + " list (jobs), a trace, or a WorkloadSource (workload)");
            }
            if (given.size() > 1) {
                throw new IllegalArgumentException("workload: " + String.join(" and ", given) + " are given; give one");
            }
            if (workload != null) {
                return workload;
            }
            final TimeMode mode = timeMode;
            if (jobs != null) {
                checkResources("jobs", jobs.dimensions(), resources);
                final JobList list = jobs;
                final double unit = jobsTimeUnit;
                list.workload(mode, unit);   // checks the time unit and every job's times in it, once, here
                return seed -> list.workload(mode, unit);
            }
            if (trace != null) {
                checkResources("trace", trace.dimensions(), resources);
                if (traceIntervalMicros <= 0) {
                    throw new IllegalArgumentException("trace interval = " + traceIntervalMicros + " us: must be > 0");
                }
                if (!(traceBeta > 0) || Double.isInfinite(traceBeta)) {
                    throw new IllegalArgumentException("trace beta = " + traceBeta + ": must be finite and > 0");
                }
                final LoadedTrace tasks = trace;
                final long interval = traceIntervalMicros;
                final double beta = traceBeta;
                return seed -> tasks.workload(mode, interval, beta);
            }
            if (arrivals == null || sizes == null || service == null) {
                throw new IllegalArgumentException((arrivals == null ? "arrivals" : sizes == null ? "sizes" : "service")
                    + ": not given; a generated workload needs arrivals, sizes and a service distribution");
            }
            checkResources("sizes", sizes.dimensions(), resources);
            final Arrivals process = arrivals;
            final SizeDistribution size = sizes;
            final ServiceDistribution services = service;
            return seed -> new SyntheticWorkload(process.fresh(), size, services, seed);
        }

        private double horizon() {
            if (Double.isNaN(horizon)) {
                final boolean ends = jobs != null || trace != null || arrivals != null && arrivals.count() >= 0;
                if (!ends) {
                    throw new IllegalArgumentException("horizon: not given; " + (workload != null
                        ? "a WorkloadSource may never end" : "arrivals " + arrivals + " never end")
                        + ": give the simulated time to run");
                }
                return Double.POSITIVE_INFINITY;
            }
            if (!(horizon > 0)) {
                throw new IllegalArgumentException("horizon = " + horizon + ": must be > 0");
            }
            return horizon;
        }

        private static void checkResources(final String field, final int workloadResources, final int servers) {
            if (workloadResources != servers) {
                throw new IllegalArgumentException(field + ": jobs of " + workloadResources + " resources, but the"
                    + " servers have " + servers);
            }
        }

        private void checkRequirements(final KernelDefinition definition, final int resources) {
            final KernelRequirements requirements = definition.requirements();
            if (resources > requirements.maxDimensions()) {
                throw new IllegalArgumentException("kernel = '" + scheduler + "': handles at most "
                    + requirements.maxDimensions() + " resource(s); the servers have " + resources);
            }
            if (!requirements.timeModes().contains(timeMode)) {
                throw new IllegalArgumentException("kernel = '" + scheduler + "': runs in " + requirements.timeModes()
                    + " time only; timeMode = " + timeMode);
            }
            if (requirements.discreteTypes() && model == null) {
                throw new IllegalArgumentException("kernel = '" + scheduler + "': needs the job types in its model;"
                    + " give model(Model.of(servers).withJobClasses(...))");
            }
        }
    }
}
