package org.stowage.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;

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
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.state.ServerView;
import org.stowage.core.workload.Clusters;

/**
 * Multi-resource decisions on the server index: a best-fit, first-fit or random-fit query, the placement it
 * implies, and the departure of the probe placed {@value #OUTSTANDING} operations earlier; beside the naive
 * twins making the same choice by a linear scan over the same {@link ServerTable} (read through its view,
 * then the same two updates). Both sides use the same tie rules and draws, so they make the same
 * decisions from the same state.
 *
 * <p>Clusters ({@code cluster}):
 * <ul>
 *   <li>{@code homogeneous}: servers of 32 cores and 64 GiB (and 100 disk units when D = 3), in whole
 *       units; job sizes uniform over {1..8} x {1..16} (x {1..12}): the two-resource workload of issue 12;</li>
 *   <li>{@code google2011}: the ten machine configurations of Tran et al. 2018, Table 1 (cores and memory
 *       normalised to the largest machine), in Table 1's proportions scaled to {@code servers} machines (at
 *       least one of each), numbered configuration by configuration; a third resource of capacity 1.0 on
 *       every machine when D = 3; job sizes uniform over {1..8}/64 x {1..16}/64 (x {1..12}/64) of the
 *       largest machine, in the default resolution (10^6 units per 1.0).</li>
 * </ul>
 * The cluster is first filled by best fit with random jobs to 85% of its cores (or until a job fits
 * nowhere), then {@value #OUTSTANDING} probes cycle through 4096 pre-drawn sizes.
 *
 * <pre>
 *   java -jar bench/target/benchmarks.jar MultiResourceIndexBenchmark -f 1 -wi 2 -i 3 -w 1s -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class MultiResourceIndexBenchmark {
    private static final int PROBES = 4096;
    /** Probe jobs kept placed: each operation places one and removes the oldest. */
    static final int OUTSTANDING = 256;

    @Param({"1000", "10000"})
    public int servers;

    @Param({"2", "3"})
    public int dimensions;

    @Param({"homogeneous", "google2011"})
    public String cluster;

    private ServerTable table;
    private JobTable jobs;
    private int[] probeSizes;
    private int cursor;
    private final int[] ring = new int[OUTSTANDING];
    private final boolean[] placed = new boolean[OUTSTANDING];
    private RandomGenerator random;
    /** The naive random fit's list of holding servers. */
    private int[] holding;

    @Setup
    public void setUp() {
        final int[] capacities = capacities(cluster, dimensions, servers);
        final int count = capacities.length / dimensions;
        table = new ServerTable(dimensions, capacities);
        final long unit = "homogeneous".equals(cluster) ? 1 : 1_000_000 / 64;
        final SplittableRandom sizes = new SplittableRandom(11);
        final int[] spread = {8, 16, 12};
        jobs = new JobTable(dimensions, 16 * count + OUTSTANDING + 16);
        long coresUsed = 0;
        long coresTotal = 0;
        for (int s = 0; s < count; s++) {
            coresTotal += capacities[s * dimensions];
        }
        while (coresUsed < 0.85 * coresTotal) {
            final int job = jobs.allocate(0, 1, 0);
            for (int d = 0; d < dimensions; d++) {
                jobs.setSize(job, d, (int) (unit * (1 + sizes.nextInt(spread[d]))));
            }
            final int server = table.bestFit(jobs, job);
            if (server == ServerView.NONE) {
                jobs.release(job);
                break;
            }
            table.occupy(jobs, job, server);
            coresUsed += jobs.size(job, 0);
        }
        probeSizes = new int[PROBES * dimensions];
        for (int i = 0; i < probeSizes.length; i++) {
            probeSizes[i] = (int) (unit * (1 + sizes.nextInt(spread[i % dimensions])));
        }
        for (int i = 0; i < OUTSTANDING; i++) {
            ring[i] = jobs.allocate(0, 1, 0);
        }
        random = RandomGeneratorFactory.of("L64X128MixRandom").create(5);
        holding = new int[count];
    }

    /** Packed capacities of {@code cluster} with {@code dimensions} resources and about {@code servers} machines. */
    static int[] capacities(final String cluster, final int dimensions, final int servers) {
        if ("homogeneous".equals(cluster)) {
            final int[] vector = {32, 64, 100};
            final int[] packed = new int[servers * dimensions];
            for (int i = 0; i < packed.length; i++) {
                packed[i] = vector[i % dimensions];
            }
            return packed;
        }
        if (!"google2011".equals(cluster)) {
            throw new IllegalArgumentException("cluster must be homogeneous or google2011: " + cluster);
        }
        final int configurations = Clusters.google2011Configurations();
        long table1 = 0;
        for (int c = 0; c < configurations; c++) {
            table1 += Clusters.google2011Machines(c);
        }
        final int[] machines = new int[configurations];
        int total = 0;
        for (int c = 0; c < configurations; c++) {
            machines[c] = (int) Math.max(1, Math.round((double) servers * Clusters.google2011Machines(c) / table1));
            total += machines[c];
        }
        final int[] packed = new int[total * dimensions];
        int server = 0;
        for (int c = 0; c < configurations; c++) {
            for (int i = 0; i < machines[c]; i++, server++) {
                for (int d = 0; d < dimensions; d++) {
                    packed[server * dimensions + d] = d < 2 ? (int) Math.round(1_000_000 * Clusters.google2011Capacity(c, d))
                        : 1_000_000;
                }
            }
        }
        return packed;
    }

    /** Removes the oldest probe and sets the next size on it; returns the probe's slot. */
    private int nextProbe() {
        final int slot = cursor & (OUTSTANDING - 1);
        final int probe = ring[slot];
        if (placed[slot]) {
            table.vacate(jobs, probe);
        }
        final int sizeBase = (cursor++ & (PROBES - 1)) * dimensions;
        for (int d = 0; d < dimensions; d++) {
            jobs.setSize(probe, d, probeSizes[sizeBase + d]);
        }
        return slot;
    }

    private int place(final int slot, final int server) {
        placed[slot] = server != ServerView.NONE;
        if (placed[slot]) {
            table.occupy(jobs, ring[slot], server);
        }
        return server;
    }

    @Benchmark
    public int bestFit() {
        final int slot = nextProbe();
        return place(slot, table.bestFit(jobs, ring[slot]));
    }

    @Benchmark
    public int firstFit() {
        final int slot = nextProbe();
        return place(slot, table.firstFit(jobs, ring[slot]));
    }

    @Benchmark
    public int randomFit() {
        final int slot = nextProbe();
        return place(slot, table.randomFit(jobs, ring[slot], random));
    }

    @Benchmark
    public int naiveBestFit() {
        final int slot = nextProbe();
        final int job = ring[slot];
        int best = ServerView.NONE;
        long bestScore = Long.MIN_VALUE;
        for (int s = 0; s < table.count(); s++) {
            if (fits(job, s)) {
                long score = 0;
                for (int d = 0; d < dimensions; d++) {
                    score += (long) jobs.size(job, d) * (table.capacity(s, d) - table.residual(s, d));
                }
                if (score > bestScore) {
                    bestScore = score;
                    best = s;
                }
            }
        }
        return place(slot, best);
    }

    @Benchmark
    public int naiveFirstFit() {
        final int slot = nextProbe();
        final int job = ring[slot];
        int first = ServerView.NONE;
        for (int s = 0; s < table.count(); s++) {
            if (fits(job, s)) {
                first = s;
                break;
            }
        }
        return place(slot, first);
    }

    @Benchmark
    public int naiveRandomFit() {
        final int slot = nextProbe();
        final int job = ring[slot];
        int count = 0;
        for (int s = 0; s < table.count(); s++) {
            if (fits(job, s)) {
                holding[count++] = s;
            }
        }
        return place(slot, count == 0 ? ServerView.NONE : holding[random.nextInt(count)]);
    }

    private boolean fits(final int job, final int server) {
        for (int d = 0; d < dimensions; d++) {
            if (jobs.size(job, d) > table.residual(server, d)) {
                return false;
            }
        }
        return true;
    }
}
