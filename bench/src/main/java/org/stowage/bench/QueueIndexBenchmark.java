package org.stowage.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.stowage.core.Units;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;

/**
 * The queue index alone: "largest queued job with size at most r" on a queue of {@code queued} jobs
 * (sizes U[0.1, 0.9]), with and without the update a placement makes (remove the job, then enqueue it
 * again at the tail so the queue keeps its length), beside the naive twin: a linear scan over the sizes
 * in arrival order. The limits r cycle through 4096 pre-drawn values of U[0, 1]. Three forks by default
 * (run-to-run variance); {@code -f 1} for a quick look.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 3, jvmArgsAppend = {"-Xmx8g"})
public class QueueIndexBenchmark {
    private static final int LIMITS = 4096;

    @Param({"10000", "1000000"})
    public int queued;

    private JobTable jobs;
    private JobQueue queue;
    private int[] naiveSizes;
    private int[] limits;
    private int cursor;

    @Setup
    public void setUp() {
        final Units units = Units.defaults();
        jobs = new JobTable(1, queued + 16);
        queue = new JobQueue(jobs, 0, units.capacityUnits(1.0) + 1);
        naiveSizes = new int[queued];
        final SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < queued; i++) {
            final int job = jobs.allocate(i, 1, 0);
            final int size = units.sizeUnits(0.1 + 0.8 * random.nextDouble());
            jobs.setSize(job, 0, size);
            queue.enqueue(job);
            naiveSizes[i] = size;
        }
        limits = new int[LIMITS];
        for (int i = 0; i < LIMITS; i++) {
            limits[i] = units.sizeUnits(random.nextDouble());
        }
        for (int i = 0; i < 4 * LIMITS; i++) {
            largestAtMost();
            largestAtMostAndUpdate();
        }
        for (int i = 0; i < 16; i++) {
            naiveLargestAtMost();
        }
    }

    private int nextLimit() {
        return limits[cursor++ & (LIMITS - 1)];
    }

    @Benchmark
    public int largestAtMost() {
        return queue.largestAtMost(nextLimit());
    }

    @Benchmark
    public int largestAtMostAndUpdate() {
        final int job = queue.largestAtMost(nextLimit());
        if (job != JobQueue.NONE) {
            queue.remove(job);
            queue.enqueue(job);
        }
        return job;
    }

    @Benchmark
    public int naiveLargestAtMost() {
        final int limit = nextLimit();
        final int[] sizes = naiveSizes;
        int best = -1;
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] <= limit && (best < 0 || sizes[i] > sizes[best])) {
                best = i;
            }
        }
        return best;
    }
}
