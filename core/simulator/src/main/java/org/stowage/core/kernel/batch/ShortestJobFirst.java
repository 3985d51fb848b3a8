package org.stowage.core.kernel.batch;

import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobHeap;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * SJF as Hu and Li 2022 compare against it (Sec. 1, 5): the queued job with the least predicted JCT
 * ({@link JobView#predictedServiceTime}) starts first, on the lowest-index machine that holds it; ties by
 * arrival. Non-preemptive and blocking: when the shortest job fits no machine, the jobs behind it wait too
 * (strict shortest-first order, as in the paper's Fig. 1 example).
 *
 * <p>Index: a {@link FifoQueue} holds the waiting jobs (their state), a {@link JobHeap} orders them by a key
 * column (the predicted service time) with an arrival-sequence tie column. Cost: O(log N) per arrival,
 * O(log N + first fit) per placement, O(D) for a decision that places nothing. Allocation-free once the
 * heap has reached its high-water mark.
 */
public final class ShortestJobFirst extends KernelBase {
    private FifoQueue queue;
    private JobHeap heap;
    private int keyColumn;
    private int sequenceColumn;
    private int nextSequence;

    public ShortestJobFirst() {
        super("SJF");
    }

    @Override
    protected void onAttach() {
        queue = context.newFifoQueue();
        keyColumn = jobs.addDoubleColumn(0);
        sequenceColumn = jobs.addIntColumn(0);
        heap = new JobHeap(jobs, keyColumn, sequenceColumn);
    }

    @Override
    public void onArrival(final int job) {
        queue.enqueue(job);
        jobs.setDoubleColumn(keyColumn, job, jobs.predictedServiceTime(job));
        jobs.setIntColumn(sequenceColumn, job, nextSequence++);
        heap.add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        // the next decision retries the shortest job; nothing to remember
    }

    @Override
    public void decide(final double now) {
        for (int job = heap.peek(); job != JobTable.NONE; job = heap.peek()) {
            if (!servers.mayFitSomewhere(jobs, job)) {
                return;
            }
            final int server = servers.firstFit(jobs, job);
            if (server == ServerView.NONE) {
                return;
            }
            heap.poll();
            queue.remove(job);
            context.place(job, server);
        }
    }
}
