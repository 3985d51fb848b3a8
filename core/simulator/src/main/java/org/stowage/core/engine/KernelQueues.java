package org.stowage.core.engine;

import java.util.Arrays;

import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobQueueView;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.QueueChanges;

/**
 * The queues one simulation's kernel made, numbered in the order made (queue {@code i} has
 * {@link JobQueueView#id()} {@code i}), and the log of the queues whose length changed, which per-queue
 * statistics drain.
 *
 * <p>Making a queue allocates it (a size-indexed {@link JobQueue} holds every key-resource size some server
 * could hold, O(U/8) bytes for U units; a {@link FifoQueue} O(1)) and grows the registry by doubling, which
 * kernels do when attaching; reading one is O(1) and allocation-free.
 */
final class KernelQueues {
    private final JobTable jobs;
    /** Key-resource sizes a size-indexed queue must hold: every size that fits some server on resource 0. */
    private final int universe;
    private final QueueChanges changes = new QueueChanges();
    private JobQueueView[] queues = new JobQueueView[4];
    private int count;

    KernelQueues(final JobTable jobs, final int universe) {
        this.jobs = jobs;
        this.universe = universe;
    }

    JobQueue newQueue(final JobQueue.Order order) {
        return register(new JobQueue(jobs, count, universe, changes, order));
    }

    FifoQueue newFifoQueue() {
        return register(new FifoQueue(jobs, count, changes));
    }

    private <Q extends JobQueueView> Q register(final Q queue) {
        if (count == queues.length) {
            queues = Arrays.copyOf(queues, count * 2);
        }
        queues[count++] = queue;
        return queue;
    }

    int count() {
        return count;
    }

    JobQueueView queue(final int id) {
        return queues[id];
    }

    QueueChanges changes() {
        return changes;
    }
}
