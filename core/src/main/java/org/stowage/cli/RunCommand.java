package org.stowage.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code stowage run}: every scheduler on the same generated workload and seed, one table row each.
 * The defaults are the 2019 paper's Fig. 4b setting: 5 unit servers, sizes U[0.1, 0.9], geometric
 * service with mean 100 slots, Poisson arrivals at traffic intensity 0.95.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Run schedulers on one generated workload and compare them.",
    footer = {"", "Examples:",
        "  stowage run",
        "  stowage run --scheduler BF-J/S --scheduler BF-S --servers 100 --intensity 0.9",
        "  stowage run --sizes discrete:0.4@1,0.6@1 --servers 1 --lambda 0.014 --horizon 2000000",
        "  stowage run --time-mode continuous --service exponential:1 --servers 20 --intensity 0.85"})
final class RunCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    // split at commas that do not start a key=value pair, so "VQS-BF:J=7,stall=0.5,BF-J/S" is two schedulers
    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "BF-J/S,FIFO-FF", split = ",(?![^,:]*=)",
        description = "Schedulers to compare, repeatable or comma-separated (default: ${DEFAULT-VALUE}). Known: "
            + "BF-J, BF-S, BF-J/S, FIFO-FF, VQS, VQS-BF and their -naive twins; parameters as NAME:key=value,..."
            + " (VQS:J=7, VQS-BF:J=7,stall=0.5, BF-J/S:stall=true).")
    private List<String> schedulers;

    @Option(names = "--servers", paramLabel = "L", defaultValue = "5", description = "Number of unit-capacity servers (default: ${DEFAULT-VALUE}).")
    private int servers;

    @Option(names = "--sizes", paramLabel = "SPEC", defaultValue = "uniform:0.1,0.9",
        description = "Job sizes: uniform:LOW,HIGH or discrete:SIZE@WEIGHT,... (default: ${DEFAULT-VALUE}).")
    private String sizes;

    @Option(names = "--service", paramLabel = "SPEC", defaultValue = "geometric:100",
        description = "Service: geometric:MEAN, deterministic:VALUE, exponential:MEAN (default: ${DEFAULT-VALUE}).")
    private String service;

    @Option(names = "--intensity", paramLabel = "ALPHA",
        description = "Traffic intensity alpha; lambda = alpha * mu * L / E[R] (default 0.95 unless --lambda).")
    private Double intensity;

    @Option(names = "--lambda", paramLabel = "RATE", description = "Arrival rate per slot (or per time unit), instead of --intensity.")
    private Double lambda;

    @Option(names = "--time-mode", paramLabel = "MODE", defaultValue = "slotted",
        description = "slotted or continuous (default: ${DEFAULT-VALUE}).")
    private String timeMode;

    @Option(names = "--horizon", paramLabel = "T", defaultValue = "1000000", description = "Simulated time (default: ${DEFAULT-VALUE}).")
    private double horizon;

    @Option(names = "--warmup", paramLabel = "T", defaultValue = "100000", description = "Statistics ignore times before this (default: ${DEFAULT-VALUE}).")
    private double warmup;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of every random stream (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Override
    public Integer call() {
        final TimeMode mode = parseTimeMode(timeMode);
        if (servers < 1) {
            throw new IllegalArgumentException("invalid value for --servers: " + servers + " (must be >= 1)");
        }
        if (!(horizon > 0) || Double.isInfinite(horizon)) {
            throw new IllegalArgumentException("invalid value for --horizon: " + horizon + " (must be finite and > 0)");
        }
        if (!(warmup >= 0) || warmup >= horizon) {
            throw new IllegalArgumentException("invalid value for --warmup: " + warmup + " (must be in [0, horizon))");
        }
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
        final Units units = Units.defaults();
        final SizeDistribution sizeDistribution = WorkloadSpecs.sizes(sizes, units);
        final ServiceDistribution serviceDistribution = WorkloadSpecs.service(service);
        final double rate;
        if (lambda != null) {
            if (!(lambda > 0) || Double.isInfinite(lambda)) {
                throw new IllegalArgumentException("invalid value for --lambda: " + lambda + " (must be finite and > 0)");
            }
            rate = lambda;
        } else {
            final double alpha = intensity == null ? 0.95 : intensity;
            if (!(alpha > 0) || Double.isInfinite(alpha)) {
                throw new IllegalArgumentException("invalid value for --intensity: " + alpha + " (must be finite and > 0)");
            }
            rate = SyntheticWorkload.lambdaForIntensity(alpha, servers, serviceDistribution.mean(), sizeDistribution.mean(0));
        }

        final PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%d servers, sizes %s, service %s, lambda %.6g, %s, horizon %s, warm-up %s, seed %d%n",
            servers, sizes, service, rate, mode.name().toLowerCase(Locale.ROOT), format(horizon), format(warmup), seed);
        final String header = String.format(Locale.ROOT, "%-14s %10s %10s %8s %11s %10s %10s %8s %11s %9s %12s",
            "scheduler", "arrived", "completed", "rejected", "mean queue", "mean wait", "p99 wait", "util", "throughput",
            "wall ms", "jobs/s");
        out.println(header);
        out.println("-".repeat(header.length()));
        for (final String name : schedulers) {
            final Arrivals arrivals = mode == TimeMode.SLOTTED ? Arrivals.poissonPerSlot(rate) : Arrivals.poissonProcess(rate);
            final Simulation simulation = Simulation.builder()
                .servers(ServerTable.homogeneous(servers, units.capacityUnits(1.0)))
                .workload(new SyntheticWorkload(arrivals, sizeDistribution, serviceDistribution, seed))
                .scheduler(Kernels.byName(name).create())
                .timeMode(mode)
                .seed(seed)
                .initialJobCapacity(1 << 16)
                .build();
            final RunMetrics metrics = new RunMetrics(simulation, warmup, mode == TimeMode.SLOTTED ? 1 : 1000);
            simulation.addListener(metrics);
            final long start = System.nanoTime();
            simulation.runUntil(horizon);
            final double wallSeconds = (System.nanoTime() - start) / 1e9;
            metrics.finish(horizon);
            out.printf(Locale.ROOT, "%-14s %10d %10d %8d %11.3f %10.2f %10.2f %8.4f %11.5f %9.0f %12.0f%n",
                name, simulation.arrivedCount(), simulation.completedCount(), simulation.rejectedCount(),
                metrics.meanQueueLength(), metrics.meanWait(), metrics.waitPercentile(99), metrics.utilization(0),
                metrics.throughput(), wallSeconds * 1e3, simulation.arrivedCount() / wallSeconds);
        }
        return 0;
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

    private static String format(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
