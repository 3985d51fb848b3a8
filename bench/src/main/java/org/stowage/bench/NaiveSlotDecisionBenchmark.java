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

/**
 * The same steady-state slot as {@link SlotDecisionBenchmark}, run by the naive reference twins (plain
 * lists, linear scans): the baseline for the indexed kernels. {@code kernel} names the indexed kernel, as in
 * {@link SlotDecisionBenchmark}, and the twin it declares runs, so that one {@code -p kernel=NAME} pairs a
 * kernel (a user's too) with its own twin; a twin's own name runs that twin. Smaller grid, because one naive slot at
 * 10^6 queued jobs takes the better part of a second. VQS-BF-naive is left out: it rescans every queued
 * job of a type for every server it fills, about 0.8 s per slot already at 10^4 queued jobs and 1000
 * servers, so its 20 warm-up slots alone would outlast a benchmark run (see docs/BENCHMARKS.md). Three
 * forks like the indexed benchmark, since the ratios of the two are headline numbers; at 10^6 queued jobs
 * that makes a few minutes per kernel.
 *
 * <pre>
 *   java -jar bench/target/benchmarks.jar "SlotDecisionBenchmark" -p kernel=BF-J/S -p servers=1000 -p queued=1000000
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 3, jvmArgsAppend = {"-Xms4g", "-Xmx12g", "-XX:+UseParallelGC"})
public class NaiveSlotDecisionBenchmark {
    /** The indexed kernel whose twin runs (or a twin's own name). */
    @Param({"BF-J/S", "BF-J", "BF-S", "FIFO-FF", "VQS"})
    public String kernel;

    @Param({"1000"})
    public int servers;

    @Param({"10000", "1000000"})
    public long queued;

    @Param({"100"})
    public int departures;

    private SteadyState state;

    @Setup(Level.Trial)
    public void setUp() {
        state = new SteadyState(BenchmarkKernels.twinToRun(kernel), servers, queued, departures, 42).warmUp(20);
    }

    @Benchmark
    public long slot() {
        return state.step();
    }
}
