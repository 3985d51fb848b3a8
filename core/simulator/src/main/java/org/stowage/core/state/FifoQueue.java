package org.stowage.core.state;

/**
 * A plain first-in first-out queue of jobs, with no size index: three ints and two references, so that a
 * kernel can keep one per server and per type (RMS+JSQ's local queues, Greedy's per-machine queues) at
 * O(1) memory each. Intrusive like {@link JobQueue}: its links are the job table's FIFO links, so a job is
 * in at most one queue.
 *
 * <p>{@link #enqueue}, {@link #remove}, {@link #head}, {@link #next}, {@link #size}: O(1), no allocation.
 * Not thread-safe.
 */
public final class FifoQueue implements JobQueueView {
    private final JobTable jobs;
    private final int id;
    private final QueueChanges changes;
    private int head = NONE;
    private int tail = NONE;
    private int size;

    /**
     * @param jobs    the table whose jobs this queue holds
     * @param id      the queue's id (for messages and per-queue statistics)
     * @param changes where length changes are recorded
     */
    public FifoQueue(final JobTable jobs, final int id, final QueueChanges changes) {
        this.jobs = jobs;
        this.id = id;
        this.changes = changes;
    }

    /** A queue of its own, outside any simulation (tests, tools). */
    public FifoQueue(final JobTable jobs, final int id) {
        this(jobs, id, new QueueChanges());
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public int head() {
        return head;
    }

    @Override
    public int next(final int job) {
        assert jobs.rawState(job) == JobTable.QUEUED : "job " + job + " is not queued";
        return jobs.next(job);
    }

    @Override
    public void enqueue(final int job) {
        jobs.markQueued(job);
        jobs.setPrev(job, tail);
        jobs.setNext(job, NONE);
        if (tail == NONE) {
            head = job;
        } else {
            jobs.setNext(tail, job);
        }
        tail = job;
        size++;
        changes.touched(id);
    }

    @Override
    public void remove(final int job) {
        final int before = jobs.prev(job);
        final int after = jobs.next(job);
        if (before == NONE) {
            assert head == job : "job " + job + " is not in queue " + id;
            head = after;
        } else {
            jobs.setNext(before, after);
        }
        if (after == NONE) {
            tail = before;
        } else {
            jobs.setPrev(after, before);
        }
        jobs.setPrev(job, NONE);
        jobs.setNext(job, NONE);
        size--;
        jobs.markDequeued(job);
        changes.touched(id);
    }

    @Override
    public String toString() {
        return "FifoQueue[" + id + ", size=" + size + "]";
    }
}
