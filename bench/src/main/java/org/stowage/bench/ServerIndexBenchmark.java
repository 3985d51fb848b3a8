package org.stowage.bench;

import java.util.Arrays;
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
 * The server index alone: a best-fit or first-fit query, the placement it implies, and the departure of
 * the job placed {@value #OUTSTANDING} operations earlier, beside the naive twin doing the very same work
 * on a plain residual array (a linear scan, then the same two residual updates). Like for like: both sides
 * keep {@value #OUTSTANDING} probe jobs placed, so each operation changes the state for real (a placement
 * on one server, a departure from another) and the JIT cannot fold the update away, and both return the
 * chosen server. Both rules break ties to the lowest index, so the two sides make the same decisions from
 * the same state ({@code ServerIndexBenchmarkTest} checks this operation by operation).
 *
 * <p>The servers start randomly filled (residuals spread over [0, capacity]); the probe sizes cycle
 * through 4096 pre-drawn values of U[0.1, 0.9]. Each benchmark method has its own probe cursor and ring of
 * placed probes, so an indexed method and its naive twin see the same sequence of sizes.
 *
 * <pre>
 *   java -jar bench/target/benchmarks.jar ServerIndexBenchmark -prof gc      # 3 forks, as the headline numbers
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class ServerIndexBenchmark {
    private static final int PROBES = 4096;

    /** Probe jobs kept placed per method: each operation places one and removes the oldest. */
    static final int OUTSTANDING = 64;

    @Param({"1000", "10000"})
    public int servers;

    private ServerTable table;
    private JobTable jobs;
    private int[] probeSizes;
    private int[] naiveResidual;

    private final Ring best = new Ring();
    private final Ring first = new Ring();
    private final Ring naiveBest = new Ring();
    private final Ring naiveFirst = new Ring();

    /** One method's probe cursor and its placed probes: job handles (indexed) and server and size (naive). */
    private static final class Ring {
        int cursor;
        final int[] job = new int[OUTSTANDING];
        final int[] server = new int[OUTSTANDING];
        final int[] size = new int[OUTSTANDING];
    }

    @Setup
    public void setUp() {
        final Units units = Units.defaults();
        final int capacity = units.capacityUnits(1.0);
        table = ServerTable.homogeneous(servers, capacity);
        jobs = new JobTable(1, servers + 2 * OUTSTANDING + 16);
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
        for (final Ring ring : new Ring[] {best, first, naiveBest, naiveFirst}) {
            Arrays.fill(ring.server, ServerTable.NONE);
        }
        for (int i = 0; i < OUTSTANDING; i++) {
            best.job[i] = jobs.allocate(0, 1, 0);
            first.job[i] = jobs.allocate(0, 1, 0);
        }
        // prime every path: hits, misses, placements and departures
        for (int i = 0; i < 4 * PROBES; i++) {
            bestFitQueryAndUpdate();
            firstFitQueryAndUpdate();
            naiveBestFitQueryAndUpdate();
            naiveFirstFitQueryAndUpdate();
        }
    }

    /** The residual of {@code server} in the index (for tests: the naive side must hold the same). */
    int indexedResidual(final int server) {
        return table.residual(server, 0);
    }

    /** The residual of {@code server} in the naive array. */
    int naiveResidual(final int server) {
        return naiveResidual[server];
    }

    @Benchmark
    public int bestFitQueryAndUpdate() {
        final Ring ring = best;
        final int slot = ring.cursor & (OUTSTANDING - 1);
        final int probe = ring.job[slot];
        if (ring.server[slot] != ServerTable.NONE) {
            table.vacate(jobs, probe);
        }
        jobs.setSize(probe, 0, probeSizes[ring.cursor++ & (PROBES - 1)]);
        final int server = table.bestFit(jobs, probe);
        if (server != ServerTable.NONE) {
            table.occupy(jobs, probe, server);
        }
        ring.server[slot] = server;
        return server;
    }

    @Benchmark
    public int firstFitQueryAndUpdate() {
        final Ring ring = first;
        final int slot = ring.cursor & (OUTSTANDING - 1);
        final int probe = ring.job[slot];
        if (ring.server[slot] != ServerTable.NONE) {
            table.vacate(jobs, probe);
        }
        jobs.setSize(probe, 0, probeSizes[ring.cursor++ & (PROBES - 1)]);
        final int server = table.firstFit(jobs, probe);
        if (server != ServerTable.NONE) {
            table.occupy(jobs, probe, server);
        }
        ring.server[slot] = server;
        return server;
    }

    @Benchmark
    public int naiveBestFitQueryAndUpdate() {
        final Ring ring = naiveBest;
        final int[] residual = naiveResidual;
        final int slot = ring.cursor & (OUTSTANDING - 1);
        if (ring.server[slot] != ServerTable.NONE) {
            residual[ring.server[slot]] += ring.size[slot];
        }
        final int size = probeSizes[ring.cursor++ & (PROBES - 1)];
        int chosen = ServerTable.NONE;
        for (int s = 0; s < residual.length; s++) {
            if (residual[s] >= size && (chosen == ServerTable.NONE || residual[s] < residual[chosen])) {
                chosen = s;
            }
        }
        if (chosen != ServerTable.NONE) {
            residual[chosen] -= size;
        }
        ring.server[slot] = chosen;
        ring.size[slot] = size;
        return chosen;
    }

    @Benchmark
    public int naiveFirstFitQueryAndUpdate() {
        final Ring ring = naiveFirst;
        final int[] residual = naiveResidual;
        final int slot = ring.cursor & (OUTSTANDING - 1);
        if (ring.server[slot] != ServerTable.NONE) {
            residual[ring.server[slot]] += ring.size[slot];
        }
        final int size = probeSizes[ring.cursor++ & (PROBES - 1)];
        int chosen = ServerTable.NONE;
        for (int s = 0; s < residual.length; s++) {
            if (residual[s] >= size) {
                chosen = s;
                break;
            }
        }
        if (chosen != ServerTable.NONE) {
            residual[chosen] -= size;
        }
        ring.server[slot] = chosen;
        ring.size[slot] = size;
        return chosen;
    }
}
