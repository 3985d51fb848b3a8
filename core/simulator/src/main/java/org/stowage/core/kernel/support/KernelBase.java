package org.stowage.core.kernel.support;

import java.util.Objects;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * What every kernel keeps from {@link #attach}, written once: its name, the context, the job and server
 * views, and the cluster's fixed sizes (servers L, resources D). A kernel extends this (or
 * {@link CentralQueueScheduler}, which extends it), passes its name to the constructor and makes its own
 * queues, columns and random streams in {@link #onAttach}, which runs with every field below set.
 *
 * <p>The fields are plain and protected so that the hot paths read them without a call; they are set once,
 * at attach, and never change during a run. Nothing here allocates after attach. One instance per
 * simulation, as for every {@link Scheduler}.
 */
public abstract class KernelBase implements Scheduler {
    private final String name;
    /** The simulation this kernel is attached to: placements, queues, columns, ticks, random streams. */
    protected SchedulerContext context;
    /** Every job's size, times, class and state (read-only). */
    protected JobView jobs;
    /** Every server's capacity, residual and fit indexes (read-only). */
    protected ServerView servers;
    /** L, the number of servers; fixed for the run. */
    protected int serverCount;
    /** D, the resources per server and job; fixed for the run. */
    protected int dimensions;

    /** @param name the kernel's name, as {@link Scheduler#name} reports it (its registry name, usually) */
    protected KernelBase(final String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    @Override
    public final String name() {
        return name;
    }

    /** Keeps the context, views and sizes, then calls {@link #onAttach}. */
    @Override
    public final void attach(final SchedulerContext schedulerContext) {
        context = schedulerContext;
        jobs = schedulerContext.jobs();
        servers = schedulerContext.servers();
        serverCount = servers.count();
        dimensions = servers.dimensions();
        onAttach();
    }

    /**
     * The kernel's own part of {@link #attach}: make queues and columns, size buffers, take random streams,
     * ask for first ticks. The fields of this class are set. A subclass of a base that overrides this (such
     * as {@link CentralQueueScheduler}) calls {@code super.onAttach()} first.
     */
    protected void onAttach() {
    }
}
