package org.stowage.bench;

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
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * Multi-resource kernels end to end, on the two-resource workload of issue 12: {@code servers} servers of
 * 32 cores and 64 GiB, job sizes uniform over the 128 integer pairs {1..8} x {1..16}, exponential service
 * of mean 100, a Poisson process at traffic intensity 0.7 (1000 servers) or 0.9 (10,000 servers),
 * continuous time: the setting of
 * {@code stowage run --servers 1000x32/64 --sizes discrete:1/1@1,...,8/16@1 --time-mode continuous
 * --service exponential:100 --intensity 0.7}. One operation is one instant (an arrival or a departure and
 * the decision after it); the {@code jobs} counter reports arrivals per second, the simulated-jobs rate.
 * The setup runs 300 time units (three mean services) first, so the cluster is at its steady load.
 *
 * <pre>
 *   java -jar bench/target/benchmarks.jar MultiResourceKernelBenchmark -f 1 -wi 2 -i 3 -w 1s -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = {"-Xmx4g"})
public class MultiResourceKernelBenchmark {
    @Param({"BF-J", "BF-J-naive", "FIFO-FF", "FIFO-FF-naive", "FIFO-RF", "FIFO-RF-naive", "Tetris:gamma=1",
        "Tetris-naive:gamma=1"})
    public String kernel;

    @Param({"1000", "10000"})
    public int servers;

    private Simulation simulation;

    @Setup(Level.Trial)
    public void setUp() {
        final Units units = Units.defaults();
        final ServerTable table = ServerTable.homogeneous(servers, units.capacityUnits(32), units.capacityUnits(64));
        final SizeDistribution sizes = types128(units);
        final ServiceDistribution service = ServiceDistribution.exponential(100);
        final double intensity = servers >= 10_000 ? 0.9 : 0.7;
        final double lambda = SyntheticWorkload.lambdaForIntensity(intensity, table, units, sizes, service.mean());
        simulation = Simulation.builder()
            .servers(table)
            .workload(new SyntheticWorkload(Arrivals.poissonProcess(lambda), sizes, service, 3))
            .scheduler(Kernels.byName(kernel))
            .timeMode(TimeMode.CONTINUOUS)
            .initialJobCapacity(1 << 20)
            .build();
        simulation.runUntil(300);
    }

    @Benchmark
    public long instant(final EndToEndBenchmark.Jobs counter) {
        final long before = simulation.arrivedCount();
        simulation.step(Double.POSITIVE_INFINITY);
        counter.jobs += simulation.arrivedCount() - before;
        return simulation.decisionCount();
    }

    /** Issue 25's two-resource sizes: 128 equally likely types, 1-8 cores by 1-16 memory (servers of 32 and 64). */
    static SizeDistribution types128(final Units units) {
        final double[][] types = new double[8 * 16][];
        final double[] weights = new double[types.length];
        for (int cores = 1; cores <= 8; cores++) {
            for (int memory = 1; memory <= 16; memory++) {
                types[(cores - 1) * 16 + memory - 1] = new double[] {cores, memory};
                weights[(cores - 1) * 16 + memory - 1] = 1;
            }
        }
        return SizeDistribution.discrete(units, types, weights);
    }
}
