package org.stowage.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.stowage.core.Units;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * Generation alone: one job of a {@link SyntheticWorkload} (arrival gap, class, sizes, service) per operation,
 * for the three continuous-time workloads the kernel benchmarks use: {@code truncnormal9} ({@link LotesKernelBenchmark}'s
 * nine truncated-Gaussian classes, cv 0.5, exponential service), {@code types128}
 * ({@link MultiResourceKernelBenchmark}'s 128 discrete two-resource types, exponential service of mean 100) and
 * {@code uniform} (one resource, U[0.1, 0.9], exponential service).
 * <pre>
 *   java -jar bench/target/benchmarks.jar WorkloadGenerationBenchmark -f 1 -wi 3 -i 5 -prof gc
 *   java -cp bench/target/benchmarks.jar org.stowage.bench.WorkloadGenerationBenchmark 7
 * </pre>
 * The second form runs the three workloads in alternating rounds of 2,000,000 jobs timed in thread CPU time (on
 * this shared machine less noisy than JMH's wall clock) and prints, per workload, the minimum and median ns per
 * job and a checksum of every drawn value, which must not change when only the samplers' speed does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class WorkloadGenerationBenchmark {
    @Param({"truncnormal9", "types128", "uniform"})
    public String workload;

    private SyntheticWorkload generator;
    private JobSpec spec;

    @Setup(Level.Trial)
    public void setUp() {
        generator = workload(workload, 1);
        spec = new JobSpec(generator.dimensions());
    }

    @Benchmark
    public int nextJob() {
        generator.next(spec);
        return spec.size[0] + spec.jobClass;
    }

    /** The named workload, seeded with {@code seed}, endless. */
    static SyntheticWorkload workload(final String name, final long seed) {
        final Units units = Units.defaults();
        switch (name) {
            case "truncnormal9": {
                final double[][] means = {
                    {0.012, 0.031}, {0.035, 0.018}, {0.025, 0.025}, {0.019, 0.038}, {0.040, 0.011}, {0.028, 0.022},
                    {0.015, 0.015}, {0.033, 0.036}, {0.022, 0.029},
                };
                final double[] weights = new double[means.length];
                Arrays.fill(weights, 1);
                return new SyntheticWorkload(Arrivals.poissonProcess(5000), SizeDistribution.truncatedNormal(units,
                    means, 0.5, weights), ServiceDistribution.exponential(1), seed);
            }
            case "types128": {
                return new SyntheticWorkload(Arrivals.poissonProcess(640), MultiResourceKernelBenchmark.types128(units),
                    ServiceDistribution.exponential(100), seed);
            }
            case "uniform":
                return new SyntheticWorkload(Arrivals.poissonProcess(1000), SizeDistribution.uniform(units, 0.1, 0.9),
                    ServiceDistribution.exponential(1), seed);
            default:
                throw new IllegalArgumentException("workload must be truncnormal9, types128 or uniform: " + name);
        }
    }

    public static void main(final String[] args) {
        if (args.length != 1) {
            System.err.println("usage: WorkloadGenerationBenchmark ROUNDS");
            System.exit(2);
        }
        final int rounds = Integer.parseInt(args[0]);
        final String[] names = {"truncnormal9", "types128", "uniform"};
        final int jobs = 2_000_000;
        final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        final SyntheticWorkload[] generators = new SyntheticWorkload[names.length];
        final JobSpec[] specs = new JobSpec[names.length];
        final long[] checksums = new long[names.length];
        final double[][] nanos = new double[names.length][rounds];
        for (int w = 0; w < names.length; w++) {
            generators[w] = workload(names[w], 1);
            specs[w] = new JobSpec(generators[w].dimensions());
            checksums[w] = draw(generators[w], specs[w], jobs, 0);
        }
        for (int round = 0; round < rounds; round++) {
            for (int w = 0; w < names.length; w++) {
                final long start = mx.getCurrentThreadCpuTime();
                checksums[w] = draw(generators[w], specs[w], jobs, checksums[w]);
                nanos[w][round] = (mx.getCurrentThreadCpuTime() - start) / (double) jobs;
            }
        }
        for (int w = 0; w < names.length; w++) {
            Arrays.sort(nanos[w]);
            System.out.printf("%-9s ns per job, CPU: min %.1f median %.1f max %.1f; checksum of %d jobs %016x%n",
                names[w], nanos[w][0], nanos[w][rounds / 2], nanos[w][rounds - 1], (long) jobs * (rounds + 1),
                checksums[w]);
        }
    }

    /** Draws {@code jobs} jobs, folding every drawn value into {@code checksum}. */
    private static long draw(final SyntheticWorkload generator, final JobSpec spec, final int jobs, final long checksum) {
        long sum = checksum;
        for (int i = 0; i < jobs; i++) {
            generator.next(spec);
            sum = sum * 31 + Double.doubleToLongBits(spec.arrivalTime);
            sum = sum * 31 + Double.doubleToLongBits(spec.serviceTime);
            sum = sum * 31 + spec.jobClass;
            for (int d = 0; d < spec.size.length; d++) {
                sum = sum * 31 + spec.size[d];
            }
        }
        return sum;
    }
}
