package org.stowage.bench;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Seeds;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.Workload;
import org.stowage.core.state.JobTable;
import org.stowage.core.workload.RandomVariates;
import org.stowage.core.workload.SizeDistribution;

/**
 * A slotted workload that holds the queue at a target length, for steady-state benchmarks.
 *
 * <p>Slot 0 brings {@code fillJobs} jobs, enough to fill the servers. Every later slot brings exactly
 * {@code placed + (target - queued)} jobs, where {@code placed} is the number of jobs the previous slot's
 * decision started and {@code queued} the queue length after it: arrivals replace what the kernel took, so
 * the queue stays at the target (within one slot's placements) however long the benchmark runs. Service
 * times are geometric with mean {@code meanService}, so that about (running jobs) / meanService jobs
 * depart per slot. Also a {@link SimulationListener}; register it on the same simulation.
 *
 * <p>Allocation-free per job and per slot.
 */
final class ClosedLoopWorkload implements Workload, SimulationListener {
    private final SizeDistribution sizes;
    /** {@code 1 / meanService} and its {@code log1p(-p)}, computed once: the same variates, bit for bit. */
    private final double serviceSuccess;
    private final double serviceLogFailure;
    private final long targetQueue;
    private final RandomGenerator sizeRandom;
    private final RandomGenerator serviceRandom;
    private JobTable jobs;
    private double nextSlot;
    private long remaining;
    private long placedThisSlot;
    private long departedThisSlot;
    private long arrivedThisSlot;
    private long totalPlaced;
    private long totalDeparted;
    private long totalArrived;
    private long slots;

    ClosedLoopWorkload(final SizeDistribution sizes, final double meanService, final long targetQueue,
                       final long fillJobs, final long seed) {
        this.sizes = sizes;
        this.serviceSuccess = 1.0 / meanService;
        this.serviceLogFailure = RandomVariates.logFailure(serviceSuccess);
        this.targetQueue = targetQueue;
        this.sizeRandom = Seeds.generator(seed, Seeds.SIZES);
        this.serviceRandom = Seeds.generator(seed, Seeds.SERVICE);
        this.nextSlot = 0;
        this.remaining = fillJobs;
    }

    /** Gives the workload the job table whose queue length it holds. */
    void observe(final JobTable table) {
        this.jobs = table;
    }

    @Override
    public int dimensions() {
        return sizes.dimensions();
    }

    @Override
    public double peekArrivalTime() {
        return remaining > 0 ? nextSlot : Double.POSITIVE_INFINITY;
    }

    @Override
    public void next(final JobSpec spec) {
        spec.arrivalTime = nextSlot;
        spec.jobClass = sizes.sample(sizeRandom, spec.size);
        // RandomVariates.geometric(serviceRandom, meanService) with log1p hoisted (StrictMath, no intrinsic:
        // it was 14% of the slot benchmark's samples, the harness's cost rather than the kernel's)
        spec.serviceTime = 1 + RandomVariates.failuresBeforeSuccess(serviceRandom, serviceSuccess, serviceLogFailure);
        remaining--;
        arrivedThisSlot++;
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        placedThisSlot++;
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        departedThisSlot++;
    }

    @Override
    public void onDecision(final double time) {
        final long deficit = targetQueue - jobs.queuedCount();
        remaining = Math.max(0, placedThisSlot + deficit);
        nextSlot = time + 1;
        totalPlaced += placedThisSlot;
        totalDeparted += departedThisSlot;
        totalArrived += arrivedThisSlot;
        slots++;
        placedThisSlot = 0;
        departedThisSlot = 0;
        arrivedThisSlot = 0;
    }

    /** Resets the activity averages (call after warm-up). */
    void resetActivity() {
        totalPlaced = 0;
        totalDeparted = 0;
        totalArrived = 0;
        slots = 0;
    }

    /** Mean arrivals per slot since the last {@link #resetActivity()}. */
    double arrivalsPerSlot() {
        return (double) totalArrived / slots;
    }

    /** Mean departures per slot since the last {@link #resetActivity()}. */
    double departuresPerSlot() {
        return (double) totalDeparted / slots;
    }

    /** Mean placements per slot since the last {@link #resetActivity()}. */
    double placementsPerSlot() {
        return (double) totalPlaced / slots;
    }

    String activity() {
        return String.format("per slot over %d slots: %.1f arrivals, %.1f departures, %.1f placements", slots,
            (double) totalArrived / slots, (double) totalDeparted / slots, (double) totalPlaced / slots);
    }
}
