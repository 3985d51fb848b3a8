package org.stowage.core.engine;

import java.util.random.RandomGenerator;

import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

/**
 * What a {@link Scheduler} may see and do. Implemented by {@link Simulation}; every method is O(1) or
 * O(log) and allocation-free except {@link #newQueue()}, which kernels call in {@code attach}.
 */
public interface SchedulerContext {
    JobTable jobs();

    /** Read the servers and query their indexes here; change them only through {@link #place}. */
    ServerTable servers();

    TimeMode timeMode();

    /** Current simulated time. */
    double now();

    /** A new empty queue over this simulation's job table. */
    JobQueue newQueue();

    /**
     * Starts a PENDING job (already removed from its queue, or just arrived) on {@code server} and
     * schedules its departure at {@code now + service}.
     *
     * @throws IllegalStateException if the job is not PENDING or does not fit
     */
    void place(int job, int server);

    /** Asks for {@link Scheduler#onTick(long)} with {@code tag} at {@code time} (&gt;= now). */
    void scheduleTick(double time, long tag);

    /** The simulation's random stream for algorithm coins, derived from its seed. */
    RandomGenerator random();
}
