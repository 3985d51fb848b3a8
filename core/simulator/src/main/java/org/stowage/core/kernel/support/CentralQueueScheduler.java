package org.stowage.core.kernel.support;

import org.stowage.core.state.JobQueue;
import org.stowage.core.state.ServerView;

/**
 * Base of the kernels that keep every waiting job in one central queue (Psychas and Ghaderi 2019,
 * Sec. II), with the two Best-Fit steps they are built from. Arrivals are enqueued in arrival order.
 */
public abstract class CentralQueueScheduler extends KernelBase {
    /** Every waiting job, in the order {@link #queueOrder} keeps. */
    protected JobQueue queue;

    protected CentralQueueScheduler(final String name) {
        super(name);
    }

    /** Makes the central queue; a subclass that overrides this calls {@code super.onAttach()} first. */
    @Override
    protected void onAttach() {
        queue = context.newQueue(queueOrder());
    }

    /**
     * The order this kernel reads its queue in ({@link JobQueue.Order}): kernels that never walk it in
     * arrival order keep a cheaper queue (no FIFO list, or one of the recent arrivals only).
     */
    protected JobQueue.Order queueOrder() {
        return JobQueue.Order.ARRIVAL;
    }

    @Override
    public void onArrival(final int job) {
        queue.enqueue(job);
    }

    /** The central queue, for observers and tests. */
    public JobQueue queue() {
        return queue;
    }

    protected final void requireSingleResource() {
        if (dimensions != 1) {
            throw new IllegalArgumentException(name() + " is defined for one resource (D = 1); this cluster has D = "
                + dimensions + ". Use BF-J or FIFO-FF for several resources.");
        }
    }

    protected final void start(final int job, final int server) {
        queue.remove(job);
        context.place(job, server);
    }

    /**
     * BF-J step for one queued job: place it on its best-fit server if any holds it.
     * O(log L) expected for D = 1.
     *
     * @return whether the job was placed
     */
    protected final boolean placeOnBestFit(final int job) {
        if (!servers.mayFitSomewhere(jobs, job)) {
            return false;
        }
        final int server = servers.bestFit(jobs, job);
        if (server == ServerView.NONE) {
            return false;
        }
        start(job, server);
        return true;
    }

    /**
     * BF-S step for one server (D = 1): repeatedly place the largest queued job that fits (ties: earliest
     * arrival) until none fits. O((k + 1) log<sub>64</sub> U) for k placements.
     */
    protected final void fillLargestFirst(final int server) {
        while (true) {
            final int job = queue.largestAtMost(servers.residual(server, 0));
            if (job == JobQueue.NONE) {
                return;
            }
            start(job, server);
        }
    }
}
