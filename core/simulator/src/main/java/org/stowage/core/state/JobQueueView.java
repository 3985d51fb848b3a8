package org.stowage.core.state;

/**
 * The FIFO side shared by every queue of jobs ({@link JobQueue}, {@link FifoQueue}): arrival-order
 * iteration, length, and the id by which the simulation and its metrics know the queue. Every method is O(1)
 * and allocates nothing.
 */
public sealed interface JobQueueView permits JobQueue, FifoQueue {
    /** The null handle. */
    int NONE = JobTable.NONE;

    /** Identifier: the queue's index among the queues of its simulation. */
    int id();

    int size();

    boolean isEmpty();

    /** The earliest-inserted job, or {@link #NONE}. */
    int head();

    /** The job inserted after {@code job} that is still queued here, or {@link #NONE}. */
    int next(int job);

    /** Appends a PENDING job at the tail; it becomes QUEUED. */
    void enqueue(int job);

    /** Removes a job queued here, wherever it is; it becomes PENDING. */
    void remove(int job);
}
