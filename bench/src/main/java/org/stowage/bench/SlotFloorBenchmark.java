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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The memory floor of {@link SlotDecisionBenchmark}'s slot, with the same parameters, forks and heap: one
 * operation is one {@link SlotFloor} slot, the unavoidable memory traffic of the counted work of
 * {@code kernel}'s slot (a random job record read per departure and per placement, a reused record written
 * per arrival with the workload's own draws, a server word per departure and placement), measured on that
 * kernel's steady state in the setup. The slot as a multiple of its floor, from one run:
 *
 * <pre>
 *   java -cp bench/target/benchmarks.jar org.stowage.bench.SlotFloorRatio 3 -p kernel=BF-J/S -p servers=10000 \
 *        -p queued=1000000 -prof gc
 *   java -jar bench/target/benchmarks.jar 'bench.Slot(Decision|Floor)Benchmark' -p kernel=BF-J/S -p servers=10000 \
 *        -p queued=1000000
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = {"-Xms6g", "-Xmx12g", "-XX:+UseParallelGC"})
public class SlotFloorBenchmark {
    @Param({"BF-J/S", "BF-J", "BF-S", "FIFO-FF", "VQS", "VQS-BF"})
    public String kernel;

    @Param({"1000", "10000"})
    public int servers;

    @Param({"10000", "1000000", "10000000"})
    public long queued;

    @Param({"100"})
    public int departures;

    private SlotFloor floor;

    @Setup(Level.Trial)
    public void setUp() {
        floor = SlotFloor.of(kernel, servers, queued, departures, 42);
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println();
        System.out.println("floor of " + kernel + " L=" + servers + " N=" + queued + ": " + floor.counts());
    }

    @Benchmark
    public long floor() {
        return floor.slot();
    }
}
