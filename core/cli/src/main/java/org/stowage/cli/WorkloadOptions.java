package org.stowage.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.experiment.WorkloadSource;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceWorkload;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.theory.Configurations;
import org.stowage.theory.JobTypes;
import org.stowage.theory.ServerClasses;
import org.stowage.theory.lotes.LotesSolution;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The cluster, workload and time options shared by {@code run} and {@code sweep}, and how they become a
 * {@link RunSpec}. A sweep overrides some of them per point with {@link #with}.
 */
final class WorkloadOptions {
    /** Option names (without dashes) that a sweep may vary. */
    static final List<String> VARIABLE = List.of("servers", "sizes", "arrivals", "service", "intensity", "lambda",
        "time-mode", "horizon", "warmup", "resolution", "traffic-scaling");

    @Option(names = "--trace", paramLabel = "SPEC",
        description = "Replay a real trace instead of generating jobs: google2011:DIR, swf:FILE or alibaba:DIR "
            + "(then --sizes, --arrivals, --service, --intensity and --lambda do not apply; see trace-summary).")
    String trace;

    @Option(names = "--jobs", paramLabel = "FILE.csv",
        description = "Run the jobs of a CSV file (header arrival,duration,r1[,r2...][,class][,predicted_duration];"
            + " sizes as fractions of a unit server; arrival 0 for a batch) to completion instead of generating"
            + " jobs (then --sizes, --arrivals, --service, --intensity and --lambda do not apply).")
    java.nio.file.Path jobs;

    @Mixin
    TraceOptionsMixin traceOptions = new TraceOptionsMixin();

    /** The heap a run may use ({@link Runtime#maxMemory()}; tests give less); copied by {@link #with}. */
    long heapLimit = Runtime.getRuntime().maxMemory();
    /** Every scheduler the command runs, so that a plan one of them reads is made (LoTES). */
    List<String> schedulers = List.of();

    /** Loaded traces by spec and resolution, shared by the copies a sweep makes (a load takes seconds). */
    private TraceCache traceCache = new TraceCache();

    @Option(names = "--servers", paramLabel = "SPEC", defaultValue = "5", converter = ServersSpec.Converter.class,
        description = "Servers: a count of unit servers (5), groups COUNTxCAPACITY with vector capacities "
            + "(2x1.0,3x0.5 or 4x1.0/1.0), ec2:COUNT, or google2011[:N] (Tran et al. 2018 Table 1: 10 configurations,"
            + " 12,583 machines, or N per configuration; 2 resources) (default: ${DEFAULT-VALUE}).")
    ServersSpec servers;

    @Option(names = "--sizes", paramLabel = "SPEC", defaultValue = "uniform:0.1,0.9", converter = SizesSpec.Converter.class,
        description = "Job sizes: uniform:LOW,HIGH, discrete:SIZE@WEIGHT,..., truncnormal:CV:MEAN@WEIGHT,... "
            + "(vectors as 0.2/0.5), or ec2 (default: ${DEFAULT-VALUE}).")
    SizesSpec sizes;

    @Option(names = "--arrivals", paramLabel = "SPEC", defaultValue = "poisson", converter = ArrivalsSpec.Converter.class,
        description = "poisson (per slot, or a Poisson process in continuous time) or batch:N jobs at time 0 "
            + "(default: ${DEFAULT-VALUE}).")
    ArrivalsSpec arrivals;

    @Option(names = "--service", paramLabel = "SPEC", defaultValue = "geometric:100",
        converter = ServiceSpec.Converter.class,
        description = "Service: geometric:MEAN, deterministic:VALUE, exponential:MEAN; slotted time needs whole slots"
            + " (default: ${DEFAULT-VALUE}).")
    ServiceSpec service;

    @Option(names = "--intensity", paramLabel = "ALPHA",
        description = "Traffic intensity alpha: lambda = alpha * mu * min over resources of (total capacity / "
            + "E[R]); for L unit servers, alpha * mu * L / E[R] (default 0.95 unless --lambda).")
    Double intensity;

    @Option(names = "--intensity-basis", paramLabel = "BASIS", defaultValue = "size",
        description = "How --intensity sets the arrivals: size (2019 paper: lambda = alpha * mu * capacity / E[R], "
            + "the --sizes weights as the mix) or configurations (2018 paper, discrete sizes: lambda_j = alpha * mu * "
            + "V_j, V the sum over servers of the average of their maximal configurations; the weights are ignored) "
            + "or lambda-star (Tran et al. 2018: lambda = alpha * lambda*, the LoTES machine assignment LP's optimum "
            + "for these classes and servers) (default: ${DEFAULT-VALUE}).")
    String intensityBasis;

    @Option(names = "--lambda", paramLabel = "RATE",
        description = "Arrival rate per slot (or per time unit), instead of --intensity.")
    Double lambda;

    @Option(names = "--time-mode", paramLabel = "MODE", defaultValue = "slotted",
        description = "slotted or continuous (default: ${DEFAULT-VALUE}).")
    String timeMode;

    @Option(names = "--horizon", paramLabel = "T",
        description = "Simulated time, at most 2^53 (default 4000000; batch arrivals run to completion; a trace runs"
            + " until its last arrival).")
    Double horizon;

    @Option(names = "--warmup", paramLabel = "T",
        description = "Statistics ignore times before this (default: a tenth of the horizon; 0 for batches).")
    Double warmup;

    @Option(names = "--resolution", paramLabel = "UNITS", defaultValue = "1000000",
        description = "Fixed-point units per 1.0 of a resource; sizes round up, capacities down "
            + "(default: ${DEFAULT-VALUE}).")
    int resolution;

    /**
     * The validated options as a run spec (for the given scheduler and seed), its inputs and description,
     * and the least memory one run of it takes.
     */
    record Plan(RunSpec spec, Map<String, Object> inputs, List<String> arguments, String description,
                MemoryCheck.Need memory) {
    }

    /** A copy with option {@code name} (one of {@link #VARIABLE}) set to {@code value}. */
    WorkloadOptions with(final String name, final String value) {
        final WorkloadOptions copy = new WorkloadOptions();
        copy.servers = servers;
        copy.sizes = sizes;
        copy.arrivals = arrivals;
        copy.service = service;
        copy.intensity = intensity;
        copy.lambda = lambda;
        copy.timeMode = timeMode;
        copy.horizon = horizon;
        copy.warmup = warmup;
        copy.resolution = resolution;
        copy.intensityBasis = intensityBasis;
        copy.trace = trace;
        copy.jobs = jobs;
        copy.traceOptions = traceOptions;
        copy.traceCache = traceCache;
        copy.heapLimit = heapLimit;
        copy.schedulers = schedulers;
        try {
            switch (name) {
                case "servers" -> copy.servers = ServersSpec.parse(value);
                case "sizes" -> copy.sizes = SizesSpec.parse(value);
                case "arrivals" -> copy.arrivals = ArrivalsSpec.parse(value);
                case "service" -> copy.service = ServiceSpec.parse(value);
                case "intensity" -> {
                    copy.intensity = SpecText.number(value);
                    copy.lambda = null;
                }
                case "lambda" -> {
                    copy.lambda = SpecText.number(value);
                    copy.intensity = null;
                }
                case "time-mode" -> copy.timeMode = value;
                case "horizon" -> copy.horizon = SpecText.number(value);
                case "warmup" -> copy.warmup = SpecText.number(value);
                case "resolution" -> copy.resolution = Integer.parseInt(value.strip());
                case "traffic-scaling" -> copy.traceOptions = traceOptions.withTrafficScaling(SpecText.number(value));
                default -> throw new IllegalArgumentException("cannot vary '" + name + "'; variable: "
                    + String.join(", ", VARIABLE) + ", or scheduler.KEY");
            }
        } catch (final SpecException e) {
            throw new IllegalArgumentException(e.reason(), e);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not a whole number", e);
        }
        return copy;
    }

    Plan plan(final String scheduler, final long seed) {
        if (jobs != null) {
            return jobListPlan(scheduler, seed);
        }
        if (trace != null) {
            return tracePlan(scheduler, seed);
        }
        final TimeMode mode = parseTimeMode(timeMode);
        if (intensity != null && lambda != null) {
            throw new IllegalArgumentException("--intensity and --lambda are exclusive: " + intensity + ", " + lambda);
        }
        final Units units = units(resolution);
        final SizeDistribution sizeDistribution = sizes.distribution(units);
        final int dimensions = sizes.dimensions();
        final ServiceDistribution serviceDistribution = service.distribution();
        service.requireFits(mode);
        if (servers.dimensions(dimensions) != dimensions) {
            throw new IllegalArgumentException("invalid value for --servers: '" + servers + "' has "
                + servers.dimensions(dimensions) + " resources but --sizes '" + sizes + "' has " + dimensions);
        }
        final boolean batch = arrivals.isBatch();
        if (batch && (intensity != null || lambda != null)) {
            throw new IllegalArgumentException("--intensity and --lambda do not apply to --arrivals " + arrivals);
        }
        final double runHorizon = horizon != null ? Horizons.checkHorizon(horizon)
            : batch ? Double.POSITIVE_INFINITY : DEFAULT_HORIZON;
        final double runWarmup = Horizons.checkWarmup(warmup != null ? warmup : batch ? 0 : runHorizon / 10, runHorizon);
        MemoryCheck.requireServers(servers, dimensions, heapLimit);

        final ServerTable cluster = new ServerTable(dimensions, servers.packedCapacities(units, dimensions));
        LotesSolution lotes = !batch && LotesPlans.needed(schedulersOf(scheduler))
            ? LotesPlans.solve(cluster, units, classesOf(units, sizeDistribution, serviceDistribution, seed)) : null;
        final double rate;
        if (batch) {
            rate = Double.NaN;
        } else if (lambda != null) {
            if (!(lambda > 0) || !(lambda <= Arrivals.MAX_RATE)) {
                throw new IllegalArgumentException("invalid value for --lambda: " + lambda + " (must be in (0, 2^30 = "
                    + (long) Arrivals.MAX_RATE + "] arrivals per " + (mode == TimeMode.SLOTTED ? "slot)" : "time unit)"));
            }
            rate = lambda;
        } else if (intensityBasis.equals(LAMBDA_STAR)) {
            final double alpha = intensity == null ? DEFAULT_INTENSITY : intensity;
            if (!(alpha > 0) || Double.isInfinite(alpha)) {
                throw new IllegalArgumentException("invalid value for --intensity: " + alpha + " (must be finite and > 0)");
            }
            lotes = lotes != null ? lotes : LotesPlans.solve(cluster, units, classesOf(units, sizeDistribution,
                serviceDistribution, seed));
            rate = alpha * lotes.lambdaStar();
            if (!(rate > 0) || !(rate <= Arrivals.MAX_RATE)) {
                throw new IllegalArgumentException("invalid value for --intensity: " + alpha + " of lambda* "
                    + lotes.lambdaStar() + " gives " + rate + " arrivals per time unit (must be in (0, 2^30])");
            }
        } else {
            final double alpha = intensity == null ? DEFAULT_INTENSITY : intensity;
            if (!(alpha > 0) || Double.isInfinite(alpha)) {
                throw new IllegalArgumentException("invalid value for --intensity: " + alpha + " (must be finite and > 0)");
            }
            try {
                rate = SyntheticWorkload.lambdaForIntensity(alpha, cluster, units, sizeDistribution,
                    serviceDistribution.mean());
            } catch (final IllegalArgumentException e) {
                throw sizes.error(e.getMessage() + " (the arrival rate of --intensity " + alpha + " divides by it)");
            }
            if (!(rate <= Arrivals.MAX_RATE)) {
                throw sizes.error("--intensity " + alpha + " asks for " + rate + " arrivals per "
                    + (mode == TimeMode.SLOTTED ? "slot" : "time unit") + " with these sizes (mean " + meanText(sizeDistribution)
                    + "), more than the 2^30 = " + (long) Arrivals.MAX_RATE + " the simulator draws; give --lambda instead");
            }
        }
        final boolean slotted = mode == TimeMode.SLOTTED;
        final double[] typeRates = configurationRates(cluster, units, serviceDistribution, batch);
        final double totalRate = typeRates != null ? Arrays.stream(typeRates).sum() : rate;
        if (typeRates != null && !(totalRate <= Arrivals.MAX_RATE)) {
            throw new IllegalArgumentException("invalid value for --intensity: "
                + (intensity == null ? DEFAULT_INTENSITY : intensity) + " asks for " + totalRate
                + " arrivals per slot, more than 2^30 = " + (long) Arrivals.MAX_RATE);
        }
        final MemoryCheck.Need memory = batch
            ? MemoryCheck.Need.batch(servers, dimensions, arrivals)
            : MemoryCheck.Need.poisson(servers, dimensions, totalRate, service.meanCappedAt(runHorizon),
                lambda != null ? "--lambda" : "--intensity", lambda != null ? Double.toString(lambda)
                    : Double.toString(intensity == null ? DEFAULT_INTENSITY : intensity), slotted);

        // about 2048 buckets over a finite horizon, so the verdict sees about 900 of them; unit width otherwise
        final double interval = Double.isInfinite(runHorizon) ? 1 : Math.max(runHorizon / 2048, 1e-9);
        final ArrivalsSpec arrivalSpec = arrivals;
        final double[][] types = sizes.discreteTypes();
        final WorkloadSource source = typeRates != null
            ? workloadSeed -> SyntheticWorkload.perTypePoisson(mode, units, types, typeRates,
                new ServiceDistribution[] {serviceDistribution}, workloadSeed)
            : workloadSeed -> new SyntheticWorkload(arrivalSpec.arrivals(slotted, rate), sizeDistribution,
                serviceDistribution, workloadSeed);
        // what a kernel may know in advance: the server classes and the job classes with their means and rates
        final JobClasses jobClasses = ((SyntheticWorkload) source.open(seed)).jobClasses(units);
        final Model model = Model.of(cluster).withJobClasses(jobClasses);
        final RunSpec runSpec = new RunSpec(scheduler, cluster.dimensions(), cluster.capacities(), source, mode,
            runHorizon, runWarmup, seed, interval).withModel(lotes == null ? model : model.withPlan(lotes.plan()));

        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("servers", servers.text());
        inputs.put("sizes", sizes.text());
        inputs.put("arrivals", arrivals.text());
        inputs.put("service", service.text());
        if (lambda != null) {
            inputs.put("lambda", lambda);
        } else if (!batch) {
            inputs.put("intensity", intensity == null ? DEFAULT_INTENSITY : intensity);
        }
        inputs.put("intensity_basis", intensityBasis);
        if (lotes != null) {
            inputs.put("lambda_star", lotes.lambdaStar());
        }
        inputs.put("lambda_used", batch ? null : totalRate);
        if (typeRates != null) {
            inputs.put("lambda_per_type", typeRates);
        }
        inputs.put("time_mode", mode.name().toLowerCase(Locale.ROOT));
        inputs.put("horizon", Double.isInfinite(runHorizon) ? null : runHorizon);
        inputs.put("warmup", runWarmup);
        inputs.put("resolution", resolution);
        inputs.put("series_interval", interval);

        final List<String> arguments = new ArrayList<>(List.of("--servers", servers.text(), "--sizes", sizes.text(),
            "--arrivals", arrivals.text(), "--service", service.text(), "--intensity-basis", intensityBasis));
        if (lambda != null) {
            arguments.addAll(List.of("--lambda", Double.toString(lambda)));
        } else if (!batch) {
            arguments.addAll(List.of("--intensity", Double.toString(intensity == null ? DEFAULT_INTENSITY : intensity)));
        }
        arguments.addAll(List.of("--time-mode", timeMode.toLowerCase(Locale.ROOT)));
        if (!Double.isInfinite(runHorizon)) {
            arguments.addAll(List.of("--horizon", format(runHorizon)));
        }
        arguments.addAll(List.of("--warmup", format(runWarmup), "--resolution", Integer.toString(resolution)));

        final String description = String.format(Locale.ROOT,
            "%d servers (%s), sizes %s, service %s, arrivals %s%s, %s, horizon %s, warm-up %s",
            cluster.count(), servers, sizes, service, arrivals,
            batch ? "" : typeRates != null
                ? String.format(Locale.ROOT, " lambda %s per type (maximal configurations)", Arrays.toString(typeRates))
                : String.format(Locale.ROOT, " lambda %.6g", rate),
            inputs.get("time_mode"), Double.isInfinite(runHorizon) ? "to completion" : format(runHorizon),
            format(runWarmup)) + (lotes == null ? "" : String.format(Locale.ROOT,
                ", LoTES lambda* %.6g (rounded %.6g, allocation LP %.6g), %d bins", lotes.lambdaStar(),
                lotes.plan().roundedLambda(), lotes.plan().allocationLambda(), lotes.plan().binCount()));
        return new Plan(runSpec, inputs, arguments, description, memory);
    }

    /** {@code --intensity-basis lambda-star}. */
    static final String LAMBDA_STAR = "lambda-star";

    private List<String> schedulersOf(final String scheduler) {
        final List<String> all = new ArrayList<>(schedulers);
        all.add(scheduler);
        return all;
    }

    /** The job classes a generated workload announces (means, proportions, mean service). */
    private static JobClasses classesOf(final Units units, final SizeDistribution sizes, final ServiceDistribution service,
                                        final long seed) {
        return new SyntheticWorkload(Arrivals.poissonProcess(1), sizes, service, seed).jobClasses(units);
    }

    private static final double DEFAULT_HORIZON = 4_000_000;
    private static final double DEFAULT_INTENSITY = 0.95;

    private static String meanText(final SizeDistribution sizes) {
        final StringBuilder text = new StringBuilder();
        for (int d = 0; d < sizes.dimensions(); d++) {
            text.append(d == 0 ? "" : "/").append(sizes.mean(d));
        }
        return text.toString();
    }

    /**
     * Per-type rates for {@code --intensity-basis configurations} (Psychas and Ghaderi 2018, Sec. VII-A):
     * lambda_j = alpha * V_j / E[S], with V the sum over servers of the average of each server's maximal
     * configurations, a point on the boundary of the capacity region; null for the size basis.
     */
    private double[] configurationRates(final ServerTable cluster, final Units units, final ServiceDistribution serviceLaw,
                                        final boolean batch) {
        switch (intensityBasis) {
            case "size", LAMBDA_STAR:
                return null;
            case "configurations":
                break;
            default:
                throw new IllegalArgumentException("invalid value for --intensity-basis: '" + intensityBasis
                    + "' (size, configurations or lambda-star)");
        }
        final double[][] types = sizes.discreteTypes();
        if (types == null || batch || lambda != null) {
            throw new IllegalArgumentException("--intensity-basis configurations needs discrete --sizes (discrete:... or"
                + " ec2), Poisson arrivals and --intensity, not --lambda: " + sizes);
        }
        final double alpha = intensity == null ? DEFAULT_INTENSITY : intensity;
        final double[] equal = new double[types.length];
        Arrays.fill(equal, 1); // the weights play no part in the configurations
        final JobTypes jobTypes = JobTypes.of(units, types, equal);
        final ServerClasses classes = ServerClasses.of(cluster);
        final double[] rates = new double[types.length];
        for (int c = 0; c < classes.count(); c++) {
            final double[] average = Configurations.average(
                Configurations.maximal(jobTypes, classes, c, MAX_CONFIGURATIONS));
            for (int j = 0; j < rates.length; j++) {
                rates[j] += classes.servers(c) * average[j] * alpha / serviceLaw.mean();
            }
        }
        return rates;
    }

    /** Most maximal configurations enumerated per server class for the configurations basis. */
    private static final long MAX_CONFIGURATIONS = 1_000_000;

    /**
     * A run over a user's job list ({@code --jobs}): its jobs at their arrival times, in the file's time unit,
     * on the given servers, to completion unless {@code --horizon} says otherwise. A bad row is the loader's
     * one-line error (file, line, column, value).
     */
    private Plan jobListPlan(final String scheduler, final long seed) {
        if (trace != null) {
            throw new IllegalArgumentException("--jobs and --trace are exclusive: " + jobs + ", " + trace);
        }
        if (intensity != null || lambda != null) {
            throw new IllegalArgumentException("--intensity and --lambda do not apply to --jobs " + jobs);
        }
        if (!java.nio.file.Files.isRegularFile(jobs)) {
            throw new IllegalArgumentException("invalid value for --jobs: '" + jobs + "' is not a readable file");
        }
        final TimeMode mode = parseTimeMode(timeMode);
        final Units units = units(resolution);
        final org.stowage.core.trace.JobList list = org.stowage.core.trace.JobList.load(jobs, units);
        final int dimensions = list.dimensions();
        if (servers.dimensions(dimensions) != dimensions) {
            throw new IllegalArgumentException("invalid value for --servers: '" + servers + "' has "
                + servers.dimensions(dimensions) + " resources but --jobs " + jobs + " has " + dimensions);
        }
        MemoryCheck.requireServers(servers, dimensions, heapLimit);
        final ServerTable cluster = new ServerTable(dimensions, servers.packedCapacities(units, dimensions));
        final double runHorizon = horizon != null ? Horizons.checkHorizon(horizon) : Double.POSITIVE_INFINITY;
        final double runWarmup = Horizons.checkWarmup(warmup != null ? warmup : 0, runHorizon);
        final double interval = Double.isInfinite(runHorizon) ? 1 : Math.max(runHorizon / 2048, 1e-9);
        final RunSpec runSpec = new RunSpec(scheduler, cluster.dimensions(), cluster.capacities(),
            workloadSeed -> list.workload(mode, 1.0), mode, runHorizon, runWarmup, seed, interval)
            .withModel(Model.of(cluster));
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("jobs_file", jobs.toString());
        inputs.put("jobs", list.count());
        inputs.put("servers", servers.text());
        inputs.put("resources", dimensions);
        inputs.put("time_mode", mode.name().toLowerCase(Locale.ROOT));
        inputs.put("horizon", Double.isInfinite(runHorizon) ? null : runHorizon);
        inputs.put("warmup", runWarmup);
        inputs.put("resolution", resolution);
        inputs.put("series_interval", interval);
        final List<String> arguments = new ArrayList<>(List.of("--jobs", jobs.toString(), "--servers", servers.text(),
            "--time-mode", timeMode.toLowerCase(Locale.ROOT)));
        if (!Double.isInfinite(runHorizon)) {
            arguments.addAll(List.of("--horizon", format(runHorizon)));
        }
        arguments.addAll(List.of("--warmup", format(runWarmup), "--resolution", Integer.toString(resolution)));
        final String description = String.format(Locale.ROOT, "%d servers (%s), %,d jobs from %s (%d resource(s)%s),"
                + " %s, horizon %s", cluster.count(), servers, list.count(), jobs, dimensions,
            list.predictionCount() > 0 ? ", " + list.predictionCount() + " predicted durations" : "",
            inputs.get("time_mode"), Double.isInfinite(runHorizon) ? "to completion" : format(runHorizon));
        return new Plan(runSpec, inputs, arguments, description,
            MemoryCheck.Need.servers(cluster.count(), dimensions, "--servers", servers.text()));
    }

    /** A run over a real trace: its jobs in the order and at the times it gives, on the given servers. */
    private Plan tracePlan(final String scheduler, final long seed) {
        if (intensity != null || lambda != null) {
            throw new IllegalArgumentException("--intensity and --lambda do not apply to --trace; use --traffic-scaling");
        }
        final TimeMode mode = parseTimeMode(timeMode);
        final Units units = units(resolution);
        traceOptions.options(units);
        traceOptions.intervalMicros();
        traceOptions.beta();
        final Double givenHorizon = horizon == null ? null : Horizons.checkHorizon(horizon);
        if (givenHorizon != null && warmup != null) {
            Horizons.checkWarmup(warmup, givenHorizon);
        }
        final LoadedTrace loaded = traceCache.load(traceOptions, trace, units);
        final int dimensions = loaded.dimensions();
        if (!loaded.hasServers()) {
            if (servers.dimensions(dimensions) != dimensions) {
                throw new IllegalArgumentException("invalid value for --servers: '" + servers + "' has "
                    + servers.dimensions(dimensions) + " resources but the trace has " + dimensions + " (--resources)");
            }
            MemoryCheck.requireServers(servers, dimensions, heapLimit);
        }
        final ServerTable cluster = loaded.hasServers() ? loaded.newServerTable()
            : new ServerTable(dimensions, servers.packedCapacities(units, dimensions));
        final TraceOptionsMixin options = traceOptions;
        final TraceWorkload sample = options.workload(loaded, mode);
        // by default the run covers the arrivals: after the last one the queues only drain, which would dilute
        // every time average with a tail of the trace's longest jobs
        final double runHorizon = givenHorizon != null ? givenHorizon : sample.lastArrivalTime() + 1;
        final double runWarmup = Horizons.checkWarmup(warmup != null ? warmup : 0, runHorizon);
        final double interval = Math.max(runHorizon / 2048, 1e-9);
        final RunSpec runSpec = new RunSpec(scheduler, cluster.dimensions(), cluster.capacities(),
            workloadSeed -> options.workload(loaded, mode), mode, runHorizon, runWarmup, seed, interval);

        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("trace", trace);
        inputs.put("trace_jobs", loaded.count());
        inputs.put("servers", loaded.hasServers() ? "from the trace" : servers.text());
        inputs.put("resources", loaded.dimensions());
        inputs.put("interval_ms", sample.intervalMicros() / 1000.0);
        inputs.put("traffic_scaling", 1 / sample.beta());
        inputs.put("time_mode", mode.name().toLowerCase(Locale.ROOT));
        inputs.put("horizon", Double.isInfinite(runHorizon) ? null : runHorizon);
        inputs.put("warmup", runWarmup);
        inputs.put("resolution", resolution);
        inputs.put("series_interval", interval);

        final List<String> arguments = new ArrayList<>(List.of("--trace", trace, "--servers", servers.text(),
            "--resources", Integer.toString(loaded.dimensions()),
            "--interval-ms", format(sample.intervalMicros() / 1000.0),
            "--traffic-scaling", Double.toString(1 / sample.beta()), "--time-mode", timeMode.toLowerCase(Locale.ROOT)));
        if (!options.googleRule.equals("completed")) {
            arguments.addAll(List.of("--google-rule", options.googleRule));
            inputs.put("google_rule", options.googleRule);
        }
        if (options.swfProcessors != 0) {
            arguments.addAll(List.of("--swf-processors", Long.toString(options.swfProcessors)));
        }
        if (options.swfMemoryKb != 0) {
            arguments.addAll(List.of("--swf-memory-kb", Double.toString(options.swfMemoryKb)));
        }
        if (!Double.isInfinite(runHorizon)) {
            arguments.addAll(List.of("--horizon", format(runHorizon)));
        }
        arguments.addAll(List.of("--warmup", format(runWarmup), "--resolution", Integer.toString(resolution)));

        final String description = String.format(Locale.ROOT,
            "%d servers (%s), trace %s: %,d jobs, %d resource(s), interval %s ms, traffic scaling %s, %s, horizon %s,"
                + " warm-up %s",
            cluster.count(), loaded.hasServers() ? "from the trace" : servers, trace, loaded.count(),
            loaded.dimensions(), format(sample.intervalMicros() / 1000.0), format(1 / sample.beta()),
            inputs.get("time_mode"), Double.isInfinite(runHorizon) ? "to completion" : format(runHorizon),
            format(runWarmup));
        return new Plan(runSpec, inputs, arguments, description,
            MemoryCheck.Need.servers(cluster.count(), dimensions, loaded.hasServers() ? "--trace" : "--servers",
                loaded.hasServers() ? trace : servers.text()));
    }

    /** Traces loaded once per spec and resolution; thread-safe, so a parallel sweep loads each once. */
    static final class TraceCache {
        private final Map<String, LoadedTrace> loaded = new HashMap<>();

        synchronized LoadedTrace load(final TraceOptionsMixin options, final String spec, final Units units) {
            final String key = spec + "|" + units.resolution() + "|" + options.options(units);
            LoadedTrace trace = loaded.get(key);
            if (trace == null) {
                trace = options.load("--trace", spec, units);
                loaded.put(key, trace);
            }
            return trace;
        }
    }

    private static TimeMode parseTimeMode(final String text) {
        switch (text.toLowerCase(Locale.ROOT)) {
            case "slotted":
                return TimeMode.SLOTTED;
            case "continuous":
                return TimeMode.CONTINUOUS;
            default:
                throw new IllegalArgumentException("invalid value for --time-mode: '" + text + "' (slotted or continuous)");
        }
    }

    /** The units of {@code --resolution}; an error names the flag. */
    static Units units(final int resolution) {
        try {
            return new Units(resolution);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --resolution: " + e.getMessage(), e);
        }
    }

    static String format(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
