package org.stowage.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
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
 * Simulated jobs per second, end to end: 1000 unit servers, sizes U[0.1, 0.9], geometric service with
 * mean 100 slots, Poisson arrivals at traffic intensity 0.95 (19 jobs per slot), slotted. One operation is
 * one slot; the {@code jobs} counter reports arrivals per second, which is the simulated-jobs rate.
 * Kernels that do not keep up at this load (FIFO-FF; VQS and, more slowly, VQS-BF with their default
 * partition) see their queues grow during the run (the job table is sized for it), so their rate is that
 * of a growing queue. Three forks by default, so the interval carries the run-to-run variance of the
 * JIT's compilation; {@code -f 1} for a quick look.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = {"-Xmx8g"})
public class EndToEndBenchmark {
    @Param({"BF-J/S", "BF-J", "BF-S", "FIFO-FF", "VQS", "VQS-BF"})
    public String kernel;

    @Param({"1000"})
    public int servers;

    private Simulation simulation;

    /** Jobs simulated, reported by JMH as a rate next to the slot rate. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Jobs {
        public long jobs;
    }

    @Setup(Level.Trial)
    public void setUp() {
        simulation = paperSetting(kernel, servers);
        for (int i = 0; i < 5_000; i++) {
            simulation.step(Double.POSITIVE_INFINITY);
        }
    }

    /** The setting measured here, before any step (also {@link CpuTimeRun}'s end-to-end setting). */
    static Simulation paperSetting(final String kernel, final int servers) {
        final Units units = Units.defaults();
        final SizeDistribution sizes = SizeDistribution.uniform(units, 0.1, 0.9);
        final ServiceDistribution service = ServiceDistribution.geometric(100);
        final double lambda = SyntheticWorkload.lambdaForIntensity(0.95, servers, service.mean(), sizes.mean(0));
        final ServerTable table = ServerTable.homogeneous(servers, units.capacityUnits(1.0));
        return Simulation.builder()
            .servers(table)
            .model(BenchmarkKernels.modelFor(kernel, table))
            .workload(new SyntheticWorkload(Arrivals.poissonPerSlot(lambda), sizes, service, 3))
            .scheduler(Kernels.byName(kernel))
            .timeMode(TimeMode.SLOTTED)
            .initialJobCapacity(1 << 24)
            .build();
    }

    @Benchmark
    public long slot(final Jobs counter) {
        final long before = simulation.arrivedCount();
        simulation.step(Double.POSITIVE_INFINITY);
        counter.jobs += simulation.arrivedCount() - before;
        return simulation.decisionCount();
    }
}
