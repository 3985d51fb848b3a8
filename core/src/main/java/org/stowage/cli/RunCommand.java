package org.stowage.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.Experiments;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.experiment.WorkloadSource;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code stowage run}: every scheduler on the same workload and seed, one table row each, optionally
 * written to a tidy CSV and a JSON summary that records every input. The defaults are the 2019 paper's
 * Fig. 4b setting: 5 unit servers, sizes U[0.1, 0.9], geometric service with mean 100 slots, Poisson
 * arrivals at traffic intensity 0.95.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Run schedulers on one workload and compare them.",
    footer = {"", "Examples:",
        "  stowage run",
        "  stowage run --scheduler BF-J/S --scheduler BF-S --servers 100 --intensity 0.9",
        "  stowage run --servers 1 --sizes discrete:0.4@1,0.6@1 --lambda 0.014 --horizon 2000000",
        "  stowage run --servers 1x10 --sizes discrete:2@2,5@1 --service deterministic:100 --lambda 0.0306",
        "  stowage run --servers 4x1.0/1.0,4x0.5/2.0 --sizes uniform:0.1/0.1,0.5/0.4 --scheduler BF-J,FIFO-FF",
        "  stowage run --time-mode continuous --service exponential:1 --servers 20 --intensity 0.85",
        "  stowage run --arrivals batch:5000 --sizes truncnormal:0.5:0.2@1,0.05@2 --scheduler BF-J,FIFO-FF",
        "  stowage run --out results/ --seed 7"})
final class RunCommand implements Callable<Integer> {
    /** Splits on commas that separate scheduler specs, not on those between {@code key=value} parameters. */
    static final String SCHEDULER_SPLIT = ",(?=[^,=]*(,|$))";

    @Spec
    private CommandSpec spec;

    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "BF-J/S,FIFO-FF", split = SCHEDULER_SPLIT,
        description = "Schedulers to compare, repeatable or comma-separated, each NAME or NAME:KEY=VALUE,... "
            + "(default: ${DEFAULT-VALUE}). Known: BF-J, BF-S, BF-J/S, FIFO-FF, their -naive twins, and any "
            + "other registered kernel.")
    private List<String> schedulers;

    @Option(names = "--servers", paramLabel = "SPEC", defaultValue = "5",
        description = "Servers: a count of unit servers (5), groups COUNTxCAPACITY with vector capacities "
            + "(2x1.0,3x0.5 or 4x1.0/1.0), or ec2:COUNT (default: ${DEFAULT-VALUE}).")
    private String servers;

    @Option(names = "--sizes", paramLabel = "SPEC", defaultValue = "uniform:0.1,0.9",
        description = "Job sizes: uniform:LOW,HIGH, discrete:SIZE@WEIGHT,..., truncnormal:CV:MEAN@WEIGHT,... "
            + "(vectors as 0.2/0.5), or ec2 (default: ${DEFAULT-VALUE}).")
    private String sizes;

    @Option(names = "--arrivals", paramLabel = "SPEC", defaultValue = "poisson",
        description = "poisson (per slot, or a Poisson process in continuous time) or batch:N jobs at time 0 "
            + "(default: ${DEFAULT-VALUE}).")
    private String arrivals;

    @Option(names = "--service", paramLabel = "SPEC", defaultValue = "geometric:100",
        description = "Service: geometric:MEAN, deterministic:VALUE, exponential:MEAN (default: ${DEFAULT-VALUE}).")
    private String service;

    @Option(names = "--intensity", paramLabel = "ALPHA",
        description = "Traffic intensity alpha: lambda = alpha * mu * min over resources of (total capacity / "
            + "E[R]); for L unit servers, alpha * mu * L / E[R] (default 0.95 unless --lambda).")
    private Double intensity;

    @Option(names = "--lambda", paramLabel = "RATE",
        description = "Arrival rate per slot (or per time unit), instead of --intensity.")
    private Double lambda;

    @Option(names = "--time-mode", paramLabel = "MODE", defaultValue = "slotted",
        description = "slotted or continuous (default: ${DEFAULT-VALUE}).")
    private String timeMode;

    @Option(names = "--horizon", paramLabel = "T",
        description = "Simulated time (default 4000000; batch arrivals run to completion unless given).")
    private Double horizon;

    @Option(names = "--warmup", paramLabel = "T",
        description = "Statistics ignore times before this (default: a tenth of the horizon; 0 for batches).")
    private Double warmup;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
        description = "Seed of every random stream (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--resolution", paramLabel = "UNITS", defaultValue = "1000000",
        description = "Fixed-point units per 1.0 of a resource; sizes round up, capacities down "
            + "(default: ${DEFAULT-VALUE}).")
    private int resolution;

    @Option(names = "--out", paramLabel = "DIR",
        description = "Write results.csv (scheduler, metric, value), series.csv and summary.json (every input) here.")
    private Path out;

    @Override
    public Integer call() {
        final Plan plan = plan();
        final PrintWriter printer = spec.commandLine().getOut();
        printer.println(plan.description);
        final String header = String.format(Locale.ROOT, "%-16s %10s %10s %8s %11s %10s %10s %7s %10s %-12s %8s %11s",
            "scheduler", "arrived", "completed", "rejected", "mean queue", "mean wait", "p99 wait", "util",
            "throughput", "verdict", "wall ms", "jobs/s");
        printer.println(header);
        printer.println("-".repeat(header.length()));
        final List<RunResult> results = new ArrayList<>();
        for (final String name : schedulers) {
            final RunResult result;
            try (Progress progress = Progress.of(name, 1000)) {
                result = Experiments.run(plan.spec.withScheduler(name), fraction -> progress.stepTo(Math.round(fraction * 1000)));
            }
            results.add(result);
            printer.printf(Locale.ROOT, "%-16s %10.0f %10.0f %8.0f %11.3f %10.2f %10.2f %7.4f %10.5f %-12s %8.0f %11.0f%n",
                name, result.metric("arrived_total"), result.metric("completed_total"), result.metric("rejected_total"),
                result.metric("mean_queue"), result.metric("wait_mean"), result.metric("wait_p99"),
                result.metric("utilization_r0"), result.metric("throughput"), result.stability().verdict().label(),
                result.wallSeconds() * 1e3, result.jobsPerSecond());
            printer.flush();
        }
        if (out != null) {
            try {
                RunOutputs.write(out, plan.inputs, results);
            } catch (final IOException e) {
                throw new UncheckedIOException("cannot write results to " + out + ": " + e.getMessage(), e);
            }
            printer.println("wrote " + out.resolve(RunOutputs.RESULTS) + ", " + out.resolve(RunOutputs.SERIES) + ", "
                + out.resolve(RunOutputs.SUMMARY));
        }
        return 0;
    }

    /** The validated inputs, the run spec they make, and their description. */
    private record Plan(RunSpec spec, Map<String, Object> inputs, String description) {
    }

    private Plan plan() {
        final TimeMode mode = parseTimeMode(timeMode);
        if (intensity != null && lambda != null) {
            throw new IllegalArgumentException("--intensity and --lambda are exclusive: " + intensity + ", " + lambda);
        }
        for (final String name : schedulers) {
            try {
                Kernels.byName(name);
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException("invalid value for --scheduler: " + e.getMessage(), e);
            }
        }
        final Units units;
        try {
            units = new Units(resolution);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --resolution: " + e.getMessage(), e);
        }
        final SizeDistribution sizeDistribution = WorkloadSpecs.sizes(sizes, units);
        final ServiceDistribution serviceDistribution = WorkloadSpecs.service(service);
        final ServerTable cluster = WorkloadSpecs.servers(servers, units, sizeDistribution.dimensions());
        if (cluster.dimensions() != sizeDistribution.dimensions()) {
            throw new IllegalArgumentException("invalid value for --servers: '" + servers + "' has "
                + cluster.dimensions() + " resources but --sizes '" + sizes + "' has " + sizeDistribution.dimensions());
        }
        final boolean batch = WorkloadSpecs.isBatch(arrivals);
        final double rate;
        if (batch) {
            if (intensity != null || lambda != null) {
                throw new IllegalArgumentException("--intensity and --lambda do not apply to --arrivals " + arrivals);
            }
            rate = Double.NaN;
        } else if (lambda != null) {
            if (!(lambda > 0) || Double.isInfinite(lambda)) {
                throw new IllegalArgumentException("invalid value for --lambda: " + lambda + " (must be finite and > 0)");
            }
            rate = lambda;
        } else {
            final double alpha = intensity == null ? 0.95 : intensity;
            if (!(alpha > 0) || Double.isInfinite(alpha)) {
                throw new IllegalArgumentException("invalid value for --intensity: " + alpha + " (must be finite and > 0)");
            }
            rate = SyntheticWorkload.lambdaForIntensity(alpha, cluster, units, sizeDistribution, serviceDistribution.mean());
        }
        WorkloadSpecs.arrivals(arrivals, mode == TimeMode.SLOTTED, batch ? 1 : rate);

        final double runHorizon = horizon != null ? horizon : batch ? Double.POSITIVE_INFINITY : 4_000_000;
        if (!(runHorizon > 0)) {
            throw new IllegalArgumentException("invalid value for --horizon: " + runHorizon + " (must be > 0)");
        }
        final double runWarmup = warmup != null ? warmup : batch ? 0 : runHorizon / 10;
        if (!(runWarmup >= 0) || !(runWarmup < runHorizon)) {
            throw new IllegalArgumentException("invalid value for --warmup: " + runWarmup + " (must be in [0, horizon))");
        }
        // about 2048 buckets over a finite horizon, so the verdict sees about 900 of them; unit width otherwise
        final double interval = Double.isInfinite(runHorizon) ? 1 : Math.max(runHorizon / 2048, 1e-9);
        final boolean slotted = mode == TimeMode.SLOTTED;
        final String arrivalSpec = arrivals;
        final WorkloadSource source = workloadSeed -> new SyntheticWorkload(
            WorkloadSpecs.arrivals(arrivalSpec, slotted, batch ? 1 : rate), sizeDistribution, serviceDistribution,
            workloadSeed);
        final int[] capacities = new int[cluster.count() * cluster.dimensions()];
        for (int s = 0; s < cluster.count(); s++) {
            for (int d = 0; d < cluster.dimensions(); d++) {
                capacities[s * cluster.dimensions() + d] = cluster.capacity(s, d);
            }
        }
        final RunSpec runSpec = new RunSpec(schedulers.get(0), cluster.dimensions(), capacities, source, mode,
            runHorizon, runWarmup, seed, interval);

        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("schedulers", List.copyOf(schedulers));
        inputs.put("servers", servers);
        inputs.put("sizes", sizes);
        inputs.put("arrivals", arrivals);
        inputs.put("service", service);
        if (lambda != null) {
            inputs.put("lambda", lambda);
        } else if (!batch) {
            inputs.put("intensity", intensity == null ? 0.95 : intensity);
        }
        inputs.put("lambda_used", batch ? null : rate);
        inputs.put("time_mode", mode.name().toLowerCase(Locale.ROOT));
        inputs.put("horizon", Double.isInfinite(runHorizon) ? null : runHorizon);
        inputs.put("warmup", runWarmup);
        inputs.put("seed", seed);
        inputs.put("resolution", resolution);
        inputs.put("series_interval", interval);
        inputs.put("command", command(batch, runHorizon, runWarmup));

        final String description = String.format(Locale.ROOT,
            "%d servers (%s), sizes %s, service %s, arrivals %s%s, %s, horizon %s, warm-up %s, seed %d",
            cluster.count(), servers, sizes, service, arrivals,
            batch ? "" : String.format(Locale.ROOT, " lambda %.6g", rate),
            inputs.get("time_mode"), Double.isInfinite(runHorizon) ? "to completion" : format(runHorizon),
            format(runWarmup), seed);
        return new Plan(runSpec, inputs, description);
    }

    /** The command line that repeats this run exactly, every input explicit. */
    private List<String> command(final boolean batch, final double runHorizon, final double runWarmup) {
        final List<String> args = new ArrayList<>(List.of("run"));
        for (final String name : schedulers) {
            args.add("--scheduler");
            args.add(name);
        }
        args.addAll(List.of("--servers", servers, "--sizes", sizes, "--arrivals", arrivals, "--service", service));
        if (lambda != null) {
            args.addAll(List.of("--lambda", Double.toString(lambda)));
        } else if (!batch) {
            args.addAll(List.of("--intensity", Double.toString(intensity == null ? 0.95 : intensity)));
        }
        args.addAll(List.of("--time-mode", timeMode.toLowerCase(Locale.ROOT)));
        if (!Double.isInfinite(runHorizon)) {
            args.addAll(List.of("--horizon", format(runHorizon)));
        }
        args.addAll(List.of("--warmup", format(runWarmup), "--seed", Long.toString(seed),
            "--resolution", Integer.toString(resolution)));
        return args;
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

    static String format(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
