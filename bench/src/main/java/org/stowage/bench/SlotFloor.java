package org.stowage.bench;

import java.util.random.RandomGenerator;

import org.stowage.core.Units;
import org.stowage.core.engine.Seeds;
import org.stowage.core.state.JobTable;
import org.stowage.core.workload.RandomVariates;
import org.stowage.core.workload.SizeDistribution;

/**
 * The memory floor of one steady-state slot: only the memory traffic that any exact slot of the same
 * counted work must make, with no queue, no index and no departure structure. {@link SlotFloorBenchmark}
 * times it beside {@link SlotDecisionBenchmark}; {@link SlotFloorRatio} and {@link PairedSlotRun} report
 * the slot as a multiple of it.
 *
 * <h2>What a floor slot does, and why each access is unavoidable</h2>
 * The counts per slot are the kernel's own, measured on its {@link SteadyState} with the same parameters
 * (about 105.2 departures, arrivals and placements for BF-J/S at 10,000 servers): a slot does
 * {@code floor(k * mean)} minus {@code floor((k - 1) * mean)} of each kind in its k-th slot, so the long-run
 * mean is the measured one. The job records are {@code handles} records of {@link #RECORD_BYTES} bytes
 * (today's job record, {@link JobTable#bytesPerSlot(int)} for one resource, in whole ints) in one array,
 * {@code handles} being the live jobs the kernel's table held (queued + running, about N + 2L).
 * <ul>
 *   <li><b>Departure</b>: a job at a handle drawn uniformly among them reads its record (server and size:
 *       which jobs leave in a slot has no relation to where they sit in memory, so one cold line per
 *       departure is the least any layout pays), adds its size to its server's residual (the server must
 *       learn the room it got back) and writes its record free (the same line).</li>
 *   <li><b>Arrival</b>: draws the job's size and service exactly as the benchmark's workload does (the same
 *       generators and laws: the slot pays these draws too) and writes them into a reused record: a handle
 *       freed by this slot's departures, as the job table's LIFO free list gives, so the line is in cache.
 *       No layout can write a new job for less.</li>
 *   <li><b>Placement</b>: a job at a handle drawn uniformly (a queued job's place in memory is that of
 *       whichever handle it reused when it arrived, long ago) reads its size, subtracts it from the residual
 *       of one of the slot's departed servers (BF-S fills those) and writes its server into its record (the
 *       same line).</li>
 * </ul>
 * So the floor is one random record line per departure and per placement and one server word each: the
 * issue-41 floor program's traffic. Handles are drawn by SplitMix64 (a few arithmetic instructions; the
 * slot itself draws nothing to find its jobs), and the server words (L ints) stay in cache, as the slot's
 * residuals do.
 *
 * <h2>Honest: the fastest loop doing these accesses</h2>
 * Every handle comes from the generator, never from a load, so no miss waits for another. A floor slot draws
 * all its handles first, then takes departures and placements side by side in one loop (the i-th placement
 * fills the i-th departure's server), then the arrivals: so the core keeps as many misses in flight as it has
 * fill buffers. Measured on this machine against other loops doing the same accesses (L = 10^4, N = 10^6, 105
 * of each per slot; CPU time, the variants interleaved in one JVM, ratios of the medians of 41 rounds of 2000
 * slots, two runs at load average 3.7), as a multiple of this loop's time: each handle drawn inside the loop
 * that loads it, 1.42x and 1.44x; handles first but departures and placements in two loops with the arrivals
 * between, 1.43x and 1.50x; handles first and every record loaded in one pass before any update, 1.05x and
 * 1.04x; the arrivals' draws inside the load pass, 2.9x and 3.0x (their arithmetic takes the out-of-order
 * window the misses need); reading the whole 40-byte record rather than its two fields, 2.1x (most positions
 * of a 40-byte record straddle two lines). That comparison used copies of the loops over static arrays; this
 * class's slot, in the same rounds, took 1.03x to 1.12x the static copy of its own loop (its per-slot count
 * arithmetic and field reads), so a ratio to this floor is understated by at most about a tenth.
 * Allocation-free; not thread-safe.
 */
final class SlotFloor {
    /** Bytes of a job record: today's, for one resource, rounded up to whole ints. */
    static final int RECORD_BYTES = (JobTable.bytesPerSlot(1) + Integer.BYTES - 1) / Integer.BYTES * Integer.BYTES;
    private static final int STRIDE = RECORD_BYTES / Integer.BYTES;
    private static final int SIZE = 0;
    private static final int SERVER = 1;
    private static final int STATE = 2;
    private static final int ARRIVAL = 3;
    private static final int SERVICE = 4;
    private static final int FREE = 0;
    private static final int QUEUED = 2;
    private static final int RUNNING = 3;
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private final int[] records;
    private final int handles;
    private final int[] residual;
    private final double departuresPerSlot;
    private final double arrivalsPerSlot;
    private final double placementsPerSlot;
    private final SizeDistribution sizes;
    private final RandomGenerator sizeRandom;
    private final RandomGenerator serviceRandom;
    private final double serviceSuccess;
    private final double serviceLogFailure;
    private final int[] drawnSize = new int[1];
    /** This slot's drawn handles (departures, then placements) and its departures' servers. */
    private final int[] picked;
    private final int[] serverRead;
    private long pick;
    private long slots;

    /**
     * @param servers     servers (L), one residual word each
     * @param handles     live job records (about N + 2L)
     * @param meanService mean of the geometric service the arrivals draw, as the slot's workload does
     */
    SlotFloor(final int servers, final int handles, final double departuresPerSlot, final double arrivalsPerSlot,
              final double placementsPerSlot, final double meanService, final long seed) {
        final Units units = Units.defaults();
        this.handles = handles;
        this.departuresPerSlot = departuresPerSlot;
        this.arrivalsPerSlot = arrivalsPerSlot;
        this.placementsPerSlot = placementsPerSlot;
        this.sizes = SizeDistribution.uniform(units, 0.1, 0.9);
        this.sizeRandom = Seeds.generator(seed, Seeds.SIZES);
        this.serviceRandom = Seeds.generator(seed, Seeds.SERVICE);
        this.serviceSuccess = 1.0 / meanService;
        this.serviceLogFailure = RandomVariates.logFailure(serviceSuccess);
        this.pick = seed;
        records = new int[Math.multiplyExact(handles, STRIDE)];
        residual = new int[servers];
        final int most = (int) Math.ceil(departuresPerSlot) + (int) Math.ceil(placementsPerSlot) + 2;
        picked = new int[most];
        serverRead = new int[most];
        for (int job = 0; job < handles; job++) {
            final int at = job * STRIDE;
            sizes.sample(sizeRandom, drawnSize);
            records[at + SIZE] = drawnSize[0];
            records[at + SERVER] = (int) (((mix(pick += GOLDEN_GAMMA) >>> 32) * servers) >>> 32);
            records[at + STATE] = job % 20 < 1 ? RUNNING : QUEUED;
        }
    }

    /**
     * A floor with the counts of {@code kernel}'s steady state at these parameters: builds the benchmark's
     * {@link SteadyState}, warms it up as the slot benchmark does, counts 1000 slots, then lets it go.
     */
    static SlotFloor of(final String kernel, final int servers, final long queued, final int departures,
                        final long seed) {
        final SteadyState state = new SteadyState(kernel, servers, queued, departures, seed).warmUp(2_000);
        for (int i = 0; i < 1000; i++) {
            state.step();
        }
        final ClosedLoopWorkload counted = state.workload;
        return new SlotFloor(servers, state.simulation.jobTable().liveCount(), counted.departuresPerSlot(),
            counted.arrivalsPerSlot(), counted.placementsPerSlot(), state.meanService, seed);
    }

    /** One floor slot; returns a checksum of what it read, so that nothing is optimised away. */
    long slot() {
        final long k = ++slots;
        final int departures = (int) (Math.floor(k * departuresPerSlot) - Math.floor((k - 1) * departuresPerSlot));
        final int arrivals = (int) (Math.floor(k * arrivalsPerSlot) - Math.floor((k - 1) * arrivalsPerSlot));
        final int placements = (int) (Math.floor(k * placementsPerSlot) - Math.floor((k - 1) * placementsPerSlot));
        final int[] records = this.records;
        final int[] residual = this.residual;
        // every handle first, then the records: a load depends on nothing but its handle, so the core keeps
        // as many misses in flight as it can (see the class comment for the loops measured against this one)
        final int picks = departures + placements;
        final int[] picked = this.picked;
        final long range = handles;
        long state = pick;
        for (int i = 0; i < picks; i++) {
            state += GOLDEN_GAMMA;
            picked[i] = (int) (((mix(state) >>> 32) * range) >>> 32) * STRIDE;
        }
        pick = state;
        final int[] serverRead = this.serverRead;
        long checksum = 0;
        final int both = Math.min(departures, placements);
        for (int i = 0; i < both; i++) {
            final int leaving = picked[i];
            final int size = records[leaving + SIZE];
            final int server = records[leaving + SERVER];
            residual[server] += size;
            records[leaving + STATE] = FREE;
            serverRead[i] = server;
            final int starting = picked[departures + i];
            final int startingSize = records[starting + SIZE];
            residual[server] -= startingSize;
            records[starting + SERVER] = server;
            records[starting + STATE] = RUNNING;
            checksum += size + startingSize;
        }
        for (int i = both; i < departures; i++) {
            final int leaving = picked[i];
            final int size = records[leaving + SIZE];
            final int server = records[leaving + SERVER];
            residual[server] += size;
            records[leaving + STATE] = FREE;
            checksum += size;
        }
        for (int i = both, j = 0; i < placements; i++, j = j + 1 == both ? 0 : j + 1) {
            final int starting = picked[departures + i];
            final int size = records[starting + SIZE];
            final int server = both == 0 ? 0 : serverRead[j];
            residual[server] -= size;
            records[starting + SERVER] = server;
            records[starting + STATE] = RUNNING;
            checksum += size;
        }
        for (int i = 0, j = 0; i < arrivals; i++, j = j + 1 == departures ? 0 : j + 1) {
            final int classId = sizes.sample(sizeRandom, drawnSize);
            final long service = 1 + RandomVariates.failuresBeforeSuccess(serviceRandom, serviceSuccess,
                serviceLogFailure);
            // a handle this slot's departures freed (LIFO reuse): its line is in cache
            final int at = departures == 0 ? pickHandle() * STRIDE : picked[j];
            records[at + SIZE] = drawnSize[0] + classId;
            records[at + ARRIVAL] = (int) k;
            records[at + SERVICE] = (int) service;
            records[at + STATE] = QUEUED;
        }
        return checksum;
    }

    /** A handle drawn uniformly among the records (the high 32 bits of the draw, scaled). */
    private int pickHandle() {
        pick += GOLDEN_GAMMA;
        return (int) (((mix(pick) >>> 32) * handles) >>> 32);
    }

    /** SplitMix64's output function (Steele, Lea and Flood 2014), on a state stepped by {@link #GOLDEN_GAMMA}. */
    private static long mix(final long state) {
        long z = state;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Live job records. */
    int handles() {
        return handles;
    }

    String counts() {
        return String.format("per slot: %.1f departures, %.1f arrivals, %.1f placements over %,d records of %d bytes",
            departuresPerSlot, arrivalsPerSlot, placementsPerSlot, handles, RECORD_BYTES);
    }
}
