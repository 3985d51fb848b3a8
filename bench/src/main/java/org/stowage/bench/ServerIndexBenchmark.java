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
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

/**
 * The server index alone: a best-fit or first-fit query followed by the update a placement and a
 * departure make (occupy, then vacate, so the state is the same after every operation), beside the
 * naive twin: a linear scan over a plain residual array and the same two updates.
 *
 * <p>The servers start randomly filled (residuals spread over [0, capacity]); the probe sizes cycle
 * through 4096 pre-drawn values of U[0.1, 0.9].
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ServerIndexBenchmark {
    private static final int PROBES = 4096;

    @Param({"1000", "10000"})
    public int servers;

    private ServerTable table;
    private JobTable jobs;
    private int probe;
    private int[] probeSizes;
    private int[] naiveResidual;
    private int cursor;

    @Setup
    public void setUp() {
        final Units units = Units.defaults();
        final int capacity = units.capacityUnits(1.0);
        table = ServerTable.homogeneous(servers, capacity);
        jobs = new JobTable(1, servers + 16);
        naiveResidual = new int[servers];
        final SplittableRandom random = new SplittableRandom(7);
        for (int s = 0; s < servers; s++) {
            final int job = jobs.allocate(0, 1, 0);
            jobs.setSize(job, 0, random.nextInt(capacity + 1));
            table.occupy(jobs, job, s);
            naiveResidual[s] = table.residual(s, 0);
        }
        probeSizes = new int[PROBES];
        for (int i = 0; i < PROBES; i++) {
            probeSizes[i] = units.sizeUnits(0.1 + 0.8 * random.nextDouble());
        }
        probe = jobs.allocate(0, 1, 0);
        // prime every path: hits, misses, updates
        for (int i = 0; i < 4 * PROBES; i++) {
            bestFitQueryAndUpdate();
            firstFitQueryAndUpdate();
            naiveBestFitQueryAndUpdate();
            naiveFirstFitQueryAndUpdate();
        }
    }

    private int nextProbeSize() {
        return probeSizes[cursor++ & (PROBES - 1)];
    }

    @Benchmark
    public int bestFitQueryAndUpdate() {
        jobs.setSize(probe, 0, nextProbeSize());
        final int server = table.bestFit(jobs, probe);
        if (server != ServerTable.NONE) {
            table.occupy(jobs, probe, server);
            table.vacate(jobs, probe);
        }
        return server;
    }

    @Benchmark
    public int firstFitQueryAndUpdate() {
        jobs.setSize(probe, 0, nextProbeSize());
        final int server = table.firstFit(jobs, probe);
        if (server != ServerTable.NONE) {
            table.occupy(jobs, probe, server);
            table.vacate(jobs, probe);
        }
        return server;
    }

    @Benchmark
    public int naiveBestFitQueryAndUpdate() {
        final int size = nextProbeSize();
        final int[] residual = naiveResidual;
        int best = -1;
        for (int s = 0; s < residual.length; s++) {
            if (residual[s] >= size && (best < 0 || residual[s] < residual[best])) {
                best = s;
            }
        }
        if (best >= 0) {
            residual[best] -= size;
            residual[best] += size;
        }
        return best;
    }

    @Benchmark
    public int naiveFirstFitQueryAndUpdate() {
        final int size = nextProbeSize();
        final int[] residual = naiveResidual;
        for (int s = 0; s < residual.length; s++) {
            if (residual[s] >= size) {
                residual[s] -= size;
                residual[s] += size;
                return s;
            }
        }
        return -1;
    }
}
