package org.stowage.bench;

import java.nio.file.Files;
import java.nio.file.Path;
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
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.gpu.FragmentationRun;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.model.Model;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.OpenbTrace;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ClassDeviceDemands;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * The GPU-sharing kernels (Weng et al., ATC'23) on the Alibaba openb cluster (1213 GPU nodes, 6212 GPUs):
 * one decision under churn, and one whole experiment of the paper.
 *
 * <ul>
 *   <li>{@code decision}: one simulation step in steady state: pods drawn from the default pod list (each of
 *       its 8152 pods equally likely, its CPU, memory and GPU demand), Poisson arrivals at 0.9 of the GPU
 *       capacity, exponential service of mean 1000 (about 5,600 pods running), continuous time. With
 *       {@code -prof gc}, the bytes per decision (0 for every kernel).</li>
 *   <li>{@code experiment}: the paper's experiment on the default pod list, seed 42 ({@link FragmentationRun}):
 *       10,831 pods arriving one by one on the empty cluster, never leaving; FGD against its naive twin gives
 *       the index's speed-up.</li>
 * </ul>
 * The traces are read from {@code ../shared/traces/alibaba-gpu-2023} (or {@code -Dstowage.traces=DIR}, the
 * folder holding {@code alibaba-gpu-2023}).
 */
@State(Scope.Thread)
@Fork(value = 3, jvmArgsAppend = {"-Xmx4g"})
public class GpuKernelBenchmark {
    @Param({"FGD", "BestFit", "GpuPacking", "GpuClustering", "DotProd", "Random", "FGD-naive"})
    public String kernel;

    /** Decisions run in the setup of {@code decision} before it is measured (the smoke test takes fewer). */
    @Param("200000")
    public int warmupDecisions;

    private Simulation simulation;
    private OpenbTrace trace;
    private TypicalPods typical;

    /** The openb folder: {@code -Dstowage.traces=DIR} or {@code ../shared/traces}, searched upwards. */
    static Path openb() {
        final String property = System.getProperty("stowage.traces");
        if (property != null) {
            return Path.of(property).resolve("alibaba-gpu-2023");
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            final Path candidate = dir.resolve("shared").resolve("traces").resolve("alibaba-gpu-2023");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no shared/traces/alibaba-gpu-2023 above " + Path.of("").toAbsolutePath()
            + "; pass -Dstowage.traces=DIR");
    }

    @Setup(Level.Trial)
    public void setUp() {
        trace = OpenbTrace.loadPodList(openb(), "default");
        typical = FragmentationRun.typicalPods(trace);
    }

    /** The churn setting of {@code decision}, warmed up by {@code warmupDecisions} decisions (200,000). */
    @State(Scope.Thread)
    public static class Churn {
        Simulation simulation;

        @Setup(Level.Trial)
        public void setUp(final GpuKernelBenchmark benchmark) {
            final OpenbTrace trace = benchmark.trace;
            final int pods = trace.podCount();
            final double[][] shapes = new double[pods][];
            final double[] weights = new double[pods];
            final int[] demands = new int[pods];
            double gpuMilli = 0;
            for (int p = 0; p < pods; p++) {
                shapes[p] = new double[] {trace.podCpu(p), trace.podMemory(p)};
                weights[p] = 1;
                demands[p] = trace.podDemand(p);
                gpuMilli += DeviceDemand.totalUnits(demands[p]);
            }
            final double meanService = 1000;
            final double lambda = 0.9 * trace.totalGpus() * 1000.0 / (gpuMilli / pods) / meanService;
            final ServerTable servers = trace.servers();
            simulation = Simulation.builder()
                .servers(servers)
                .devices(trace.devices())
                .model(Model.of(servers).withPlan(benchmark.typical))
                .workload(new ClassDeviceDemands(new SyntheticWorkload(Arrivals.poissonProcess(lambda),
                    SizeDistribution.discrete(new Units(1), shapes, weights), ServiceDistribution.exponential(meanService), 5),
                    demands))
                .scheduler(Kernels.byName(benchmark.kernel))
                .timeMode(TimeMode.CONTINUOUS)
                .initialJobCapacity(1 << 16)
                .build();
            for (int i = 0; i < benchmark.warmupDecisions; i++) {
                simulation.step(Double.POSITIVE_INFINITY);
            }
        }
    }

    /** One decision under churn (an arrival or a departure, and the decision that follows). */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Warmup(iterations = 3, time = 2)
    @Measurement(iterations = 5, time = 2)
    public long decision(final Churn churn) {
        churn.simulation.step(Double.POSITIVE_INFINITY);
        return churn.simulation.decisionCount();
    }

    /** The paper's experiment on the default pod list, seed 42: allocation ratio at 130% returned. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 2)
    @Measurement(iterations = 5)
    public double experiment() {
        return FragmentationRun.run(trace, kernel, 42).curves().allocation(130);
    }
}
