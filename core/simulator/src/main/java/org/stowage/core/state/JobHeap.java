package org.stowage.core.state;

import java.util.Arrays;

/**
 * A binary min-heap of job handles ordered by a kernel's per-job key column: key ascending, then a tie
 * column ascending (for example an arrival sequence number the kernel assigns), then the handle. Each job's
 * position lives in a column of its own (the inverse index, as in fastutil's indirect heaps), so any job can
 * be removed or re-keyed in O(log n) without a search. SJF keeps its queue here ordered by predicted
 * service; any kernel that serves jobs by a key does the same.
 *
 * <p>The heap holds handles only; it does not change a job's state, so a kernel keeps the job in one of its
 * queues as well (the queue says the job waits, the heap says in which order). {@link #add}, {@link #poll},
 * {@link #remove}, {@link #changed}: O(log n); {@link #peek}, {@link #contains}: O(1). The heap array
 * doubles when full, so after warm-up nothing allocates. Not thread-safe.
 */
public final class JobHeap {
    private final JobTable jobs;
    private final int keyColumn;
    private final int tieColumn;
    private final int positionColumn;
    private int[] heap;
    private int size;

    /**
     * @param view      the jobs (the simulation's job view)
     * @param keyColumn a double column of {@code view} holding each job's key
     * @param tieColumn an int column of {@code view} breaking ties between equal keys
     */
    public JobHeap(final JobView view, final int keyColumn, final int tieColumn) {
        this.jobs = ReadOnlyJobs.tableOf(view);
        this.keyColumn = keyColumn;
        this.tieColumn = tieColumn;
        this.positionColumn = view.addIntColumn(-1);
        this.heap = new int[64];
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public boolean contains(final int job) {
        return jobs.intColumn(positionColumn, job) >= 0;
    }

    /** Adds a job that is not in the heap, with its key and tie already set. */
    public void add(final int job) {
        assert !contains(job) : "job " + job + " is already in the heap";
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = job;
        jobs.setIntColumn(positionColumn, job, size);
        up(size++);
    }

    /** The least job, or {@link JobTable#NONE} when empty. */
    public int peek() {
        return size == 0 ? JobTable.NONE : heap[0];
    }

    /** Removes and returns the least job, or {@link JobTable#NONE} when empty. */
    public int poll() {
        if (size == 0) {
            return JobTable.NONE;
        }
        final int least = heap[0];
        remove(least);
        return least;
    }

    /** Removes a job in the heap. */
    public void remove(final int job) {
        final int position = jobs.intColumn(positionColumn, job);
        assert position >= 0 && heap[position] == job : "job " + job + " is not in the heap";
        jobs.setIntColumn(positionColumn, job, -1);
        final int last = heap[--size];
        if (position != size) {
            heap[position] = last;
            jobs.setIntColumn(positionColumn, last, position);
            down(up(position));
        }
    }

    /** Restores the order after a job's key or tie changed. */
    public void changed(final int job) {
        final int position = jobs.intColumn(positionColumn, job);
        assert position >= 0 : "job " + job + " is not in the heap";
        down(up(position));
    }

    private boolean before(final int a, final int b) {
        final double keyA = jobs.doubleColumn(keyColumn, a);
        final double keyB = jobs.doubleColumn(keyColumn, b);
        if (keyA != keyB) {
            return keyA < keyB;
        }
        final int tieA = jobs.intColumn(tieColumn, a);
        final int tieB = jobs.intColumn(tieColumn, b);
        return tieA != tieB ? tieA < tieB : a < b;
    }

    private int up(int position) {
        final int job = heap[position];
        while (position > 0) {
            final int parent = (position - 1) >>> 1;
            if (!before(job, heap[parent])) {
                break;
            }
            heap[position] = heap[parent];
            jobs.setIntColumn(positionColumn, heap[position], position);
            position = parent;
        }
        heap[position] = job;
        jobs.setIntColumn(positionColumn, job, position);
        return position;
    }

    private void down(int position) {
        final int job = heap[position];
        while (true) {
            int child = 2 * position + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(heap[child + 1], heap[child])) {
                child++;
            }
            if (!before(heap[child], job)) {
                break;
            }
            heap[position] = heap[child];
            jobs.setIntColumn(positionColumn, heap[position], position);
            position = child;
        }
        heap[position] = job;
        jobs.setIntColumn(positionColumn, job, position);
    }
}
