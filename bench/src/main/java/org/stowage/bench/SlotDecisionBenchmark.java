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
 * Per-slot decision latency of each indexed kernel at steady state: one operation is one full slot
 * (departures, arrivals, decision) with {@code queued} jobs waiting on {@code servers} full servers and
 * about {@code departures} departures and as many arrivals per slot. The queue length is held by a
 * closed-loop workload (see {@link ClosedLoopWorkload}). Three forks by default: a fork's JIT
 * compilation and heap layout vary from one JVM to the next, and the published numbers must carry that
 * run-to-run variance (JMH samples, "Forking"); {@code -f 1} for a quick look.
 *
 * <pre>
 *   java -jar bench/target/benchmarks.jar SlotDecisionBenchmark -p kernel=BF-J/S -p servers=10000 -p queued=1000000 -prof gc
 * </pre>
 * {@link SlotFloorBenchmark} times the same slot's unavoidable memory traffic (its floor) with the same
 * parameters; {@link SlotFloorRatio} runs both in alternating forks and prints the slot as a multiple of its
 * floor, and {@code PairedSlotRun -Dfloor=true} does the same in interleaved rounds of CPU time:
 * <pre>
 *   java -cp bench/target/benchmarks.jar org.stowage.bench.SlotFloorRatio 3 -p kernel=BF-J/S -p servers=10000 \
 *        -p queued=1000000 -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = {"-Xms6g", "-Xmx12g", "-XX:+UseParallelGC"})
public class SlotDecisionBenchmark {
    @Param({"BF-J/S", "BF-J", "BF-S", "FIFO-FF", "VQS", "VQS-BF"})
    public String kernel;

    @Param({"1000", "10000"})
    public int servers;

    @Param({"10000", "1000000", "10000000"})
    public long queued;

    @Param({"100"})
    public int departures;

    private SteadyState state;

    @Setup(Level.Trial)
    public void setUp() {
        // warm-up of the simulation itself: enough slots for departures to spread out, which also runs
        // every code path of the kernel (departures, arrivals, placements, empty and non-empty queries)
        state = new SteadyState(kernel, servers, queued, departures, 42).warmUp(2_000);
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println();
        System.out.println(kernel + " L=" + servers + " N=" + queued + ": queue " + state.simulation.jobs().queuedCount()
            + ", " + state.workload.activity());
    }

    @Benchmark
    public long slot() {
        return state.step();
    }
}
