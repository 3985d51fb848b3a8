package org.stowage.core.engine;

import java.util.random.RandomGenerator;

import org.stowage.core.model.Model;
import org.stowage.core.state.DeviceView;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * The context a kernel is handed: its simulation's, forwarded, but not the {@link Simulation} itself, so a
 * kernel cannot cast it and reach the tables, the listeners or the event loop. The views it gives out are
 * the simulation's read-only ones.
 *
 * <p>Each method is one call into the (final) simulation, so it costs what the simulation's own does: O(1)
 * or O(log), no allocation, but for the calls kernels make when attaching (see {@link SchedulerContext}).
 * One per simulation; not thread-safe, like the simulation.
 */
final class KernelContext implements SchedulerContext {
    private final Simulation simulation;
    /** The scheduler's name, as the simulation read it once. */
    private final String scheduler;

    KernelContext(final Simulation simulation, final String scheduler) {
        this.simulation = simulation;
        this.scheduler = scheduler;
    }

    @Override
    public JobView jobs() {
        return simulation.jobs();
    }

    @Override
    public ServerView servers() {
        return simulation.servers();
    }

    @Override
    public TimeMode timeMode() {
        return simulation.timeMode();
    }

    @Override
    public double now() {
        return simulation.now();
    }

    @Override
    public Model model() {
        return simulation.model();
    }

    @Override
    public JobQueue newQueue() {
        return simulation.newQueue();
    }

    @Override
    public JobQueue newQueue(final JobQueue.Order order) {
        return simulation.newQueue(order);
    }

    @Override
    public DeviceView devices() {
        return simulation.devices();
    }

    @Override
    public void place(final int job, final int server, final int deviceMask) {
        simulation.place(job, server, deviceMask);
    }

    @Override
    public FifoQueue newFifoQueue() {
        return simulation.newFifoQueue();
    }

    @Override
    public void place(final int job, final int server) {
        simulation.place(job, server);
    }

    @Override
    public int placeDummy(final int jobClass, final int server, final double serviceTime) {
        return simulation.placeDummy(jobClass, server, serviceTime);
    }

    @Override
    public void removeDummy(final int job) {
        simulation.removeDummy(job);
    }

    @Override
    public boolean arrivalsEnded() {
        return simulation.arrivalsEnded();
    }

    @Override
    public void scheduleTick(final double time, final long tag) {
        simulation.scheduleTick(time, tag);
    }

    @Override
    public RandomGenerator random(final int stream) {
        return simulation.random(stream);
    }

    @Override
    public String toString() {
        return "the context of " + scheduler;
    }
}
