package org.stowage.core.engine;

import java.util.SplittableRandom;
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
 * The continuous-time departure structure alone, in the classic hold model: {@code pending} departures
 * are held; one operation pops the earliest and pushes the departure of the job that starts in its place,
 * exponential service of mean 100 after it (the two-resource run's service), so the number held stays at
 * {@code pending}. {@code calendar} is the engine's {@link CalendarQueue}, {@code heap} its reference twin,
 * the binary {@link TimedEventHeap} it replaced. It lives in the engine's package because both structures
 * are package-private; the service draws come from a precomputed table so that the structures dominate.
 *
 * <pre>
 *   java -jar bench/target/benchmarks.jar DepartureStructureBenchmark -f 3 -wi 3 -i 5 -w 1s -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"-Xmx2g"})
public class DepartureStructureBenchmark {
    private static final int DRAWS = 1 << 16;

    @Param({"100000", "1000000"})
    public int pending;

    private final double[] services = new double[DRAWS];
    private CalendarQueue calendar;
    private TimedEventHeap heap;
    private long sequence;
    private int draw;

    @Setup(Level.Trial)
    public void setUp() {
        final SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < DRAWS; i++) {
            services[i] = -100 * Math.log(1 - random.nextDouble());
        }
        calendar = new CalendarQueue(16);
        heap = new TimedEventHeap(16);
        // the residual service of a running job is again exponential of mean 100 (no memory), so the held
        // departures start as they are at steady state, and the calendar's width is tuned to that
        for (int job = 0; job < pending; job++) {
            final double time = -100 * Math.log(1 - random.nextDouble());
            calendar.push(time, sequence, job);
            heap.push(time, sequence++, job);
        }
        // and mixed: two generations of holds
        for (int i = 0; i < 2 * pending; i++) {
            calendar();
            heap();
        }
    }

    @Benchmark
    public int calendar() {
        final double now = calendar.peekTime();
        final int job = calendar.pop();
        calendar.push(now + services[draw++ & (DRAWS - 1)], sequence++, job);
        return job;
    }

    @Benchmark
    public long heap() {
        final double now = heap.peekTime();
        final long job = heap.pop();
        heap.push(now + services[draw++ & (DRAWS - 1)], sequence++, job);
        return job;
    }
}
