package org.stowage.core.engine;

import java.util.random.RandomGenerator;

import org.stowage.core.model.Model;
import org.stowage.core.state.DeviceView;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * What a {@link Scheduler} may see and do. Jobs and servers are read through views; every change to the
 * cluster goes through this context ({@link #place}, {@link #placeDummy}, {@link #removeDummy}), which
 * keeps the departures, the counters and the listeners in step. Implemented by {@link Simulation}; every
 * method is O(1) or O(log) and allocation-free, except those kernels call when attaching
 * ({@link #newQueue()}, {@link #newFifoQueue()}, the first {@link #random(int)} of a stream, and the
 * views' {@code add...Column}).
 */
public interface SchedulerContext {
    /** Random stream for algorithm coins (replacement coins, ties broken at random). */
    int COINS = 0;
    /** Random stream for clocks (Poisson ticks). */
    int CLOCKS = 1;
    /** Random stream for routing arrivals (join-the-shortest-queue ties, power-of-two sampling). */
    int ROUTING = 2;
    /** Random stream for sampling servers (uniform or random fit). */
    int SAMPLING = 3;
    /** Random stream for the service times of dummy jobs. */
    int DUMMY_SERVICE = 4;

    JobView jobs();

    /** Read the servers and query their indexes here; change them only through {@link #place}. */
    ServerView servers();

    TimeMode timeMode();

    /**
     * The servers' devices (GPUs) and the jobs' device demands; a table without devices when the cluster
     * has none. Change them only through {@link #place(int, int, int)}.
     */
    default DeviceView devices() {
        throw new UnsupportedOperationException("this scheduler context has no device layer");
    }

    /** Current simulated time. */
    double now();

    /** The model the simulation was built with (server and job classes, rates, plan). */
    Model model();

    /** A new empty size-indexed queue over this simulation's job table (O(U/8) bytes for a size universe U). */
    JobQueue newQueue();

    /**
     * A new empty size-indexed queue keeping the given order ({@link JobQueue.Order}): a kernel that never
     * walks its queue in arrival order saves two cache misses per removal at large queue lengths.
     * {@link #newQueue()} is {@code newQueue(JobQueue.Order.ARRIVAL)}.
     */
    JobQueue newQueue(JobQueue.Order order);

    /** A new empty FIFO queue without a size index (O(1) memory). */
    FifoQueue newFifoQueue();

    /**
     * Starts a PENDING job (already removed from its queue, or just arrived) on {@code server} and
     * schedules its departure at {@code now + service}; with processing rates in the model the service time
     * is fixed here, from the job's work and the rate of its class on this server's class.
     *
     * @throws IllegalStateException if the job is not PENDING or does not fit
     */
    void place(int job, int server);

    /**
     * {@link #place(int, int)} for a job with a device demand ({@link DeviceView#demand}): it also takes the
     * devices {@code devices} of {@code server} (a mask over the server's devices, as many as the job asks
     * for, each with the units it asks for free, of an allowed model). A job without a demand passes 0.
     *
     * @throws IllegalStateException if the job is not PENDING, does not fit, or the devices cannot serve it
     */
    default void place(final int job, final int server, final int devices) {
        if (devices != 0) {
            throw new UnsupportedOperationException("this scheduler context has no device layer");
        }
        place(job, server);
    }

    /**
     * Places a dummy job of type {@code jobClass} (Psychas and Ghaderi 2018, Algorithm 1): it holds the
     * type's exact size ({@link org.stowage.core.model.JobClasses#exactSize}) on {@code server} for
     * {@code serviceTime} (the kernel draws it, for example from {@link #DUMMY_SERVICE}), is never an
     * arrival, and is counted apart from real jobs. Returns its handle.
     *
     * @throws IllegalStateException if the type has no fixed size or does not fit
     */
    int placeDummy(int jobClass, int server, double serviceTime);

    /**
     * Removes a running dummy before its departure (Remark 2: an arriving real job takes its place); its
     * resources are free at once and {@link Scheduler#onDeparture} is not called for it. O(D log L).
     */
    void removeDummy(int job);

    /**
     * Whether the workload has no job left to bring. Kernels with perpetual clocks (RMS) stop their clock
     * once this holds and no real job is queued or running, so a finite run ends; nothing real can happen
     * after that instant, so stopping changes no real job's history. O(1).
     */
    boolean arrivalsEnded();

    /** Asks for {@link Scheduler#onTick(long)} with {@code tag} at {@code time} (&gt;= now). */
    void scheduleTick(double time, long tag);

    /**
     * A random stream for one purpose ({@link #COINS}, {@link #CLOCKS}, {@link #ROUTING}, {@link #SAMPLING},
     * {@link #DUMMY_SERVICE}, or a kernel's own number in [0, 1023]), derived from the run's seed and the
     * purpose only, so a kernel drawing more of one never shifts another, and the same seed gives the same
     * numbers whatever else runs in the JVM. The same purpose always returns the same generator.
     */
    RandomGenerator random(int stream);
}
