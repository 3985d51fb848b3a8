package org.stowage.core.state;

/**
 * A queue of jobs in FIFO order that also answers "largest queued job with size at most r".
 *
 * <p>The queue is intrusive: its links live in the {@link JobTable} (a job is in at most one queue or one
 * server at a time), so a queue itself is a few ints and any number of queues can share one table
 * (central queue, virtual queues per type, local queues per server).
 *
 * <ul>
 *   <li>FIFO order: a doubly linked list in insertion order; {@link #head()} and {@link #next(int)}.</li>
 *   <li>Size index: a treap over the same jobs ordered by (size on the key resource ascending, arrival
 *       time descending, handle descending). The rightmost job with size &lt;= r is therefore the
 *       largest fitting job, ties broken by earliest arrival and then by lowest handle (jobs that arrive
 *       at the same instant are simultaneous in the model; the handle makes the choice deterministic).
 *       The key resource is resource 0; with D = 1 it is the only one.</li>
 * </ul>
 *
 * <h2>Complexity and allocation</h2>
 * {@link #enqueue} and {@link #remove} O(log n) expected (treap), {@link #largestAtMost} and
 * {@link #smallestKeySize} O(log n) expected, {@link #head}, {@link #next}, {@link #size} O(1).
 * Nothing allocates; recursion depth is the treap depth, O(log n) expected.
 * Not thread-safe.
 */
public final class JobQueue {
    /** The null handle. */
    public static final int NONE = JobTable.NONE;

    private final JobTable jobs;
    private final int id;
    private int head = NONE;
    private int tail = NONE;
    private int root = NONE;
    private int size;

    /**
     * @param jobs the table whose jobs this queue holds
     * @param id   an identifier for messages and for schedulers that keep several queues
     */
    public JobQueue(final JobTable jobs, final int id) {
        this.jobs = jobs;
        this.id = id;
    }

    public int id() {
        return id;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The earliest-inserted job, or {@link #NONE}. */
    public int head() {
        return head;
    }

    /** The job inserted after {@code job} that is still queued here, or {@link #NONE}. */
    public int next(final int job) {
        assert jobs.state[job] == JobTable.QUEUED : "job " + job + " is not queued";
        return jobs.next[job];
    }

    /** Appends a PENDING job at the tail and indexes it by size. */
    public void enqueue(final int job) {
        jobs.markQueued(job);
        final int[] prev = jobs.prev;
        final int[] next = jobs.next;
        prev[job] = tail;
        next[job] = NONE;
        if (tail == NONE) {
            head = job;
        } else {
            next[tail] = job;
        }
        tail = job;
        jobs.left[job] = NONE;
        jobs.right[job] = NONE;
        root = insert(root, job);
        size++;
    }

    /** Removes a job queued here, wherever it is; it becomes PENDING. */
    public void remove(final int job) {
        final int[] prev = jobs.prev;
        final int[] next = jobs.next;
        final int before = prev[job];
        final int after = next[job];
        if (before == NONE) {
            assert head == job : "job " + job + " is not in queue " + id;
            head = after;
        } else {
            next[before] = after;
        }
        if (after == NONE) {
            tail = before;
        } else {
            prev[after] = before;
        }
        root = delete(root, job);
        jobs.left[job] = NONE;
        jobs.right[job] = NONE;
        prev[job] = NONE;
        next[job] = NONE;
        size--;
        jobs.markDequeued(job);
    }

    /**
     * The largest queued job whose key-resource size is at most {@code units}; ties go to the earliest
     * arrival, then the lowest handle. {@link #NONE} if no job is that small.
     */
    public int largestAtMost(final int units) {
        final int[] size = jobs.size;
        final int[] left = jobs.left;
        final int[] right = jobs.right;
        final int stride = jobs.dimensions;
        int best = NONE;
        int node = root;
        while (node != NONE) {
            if (size[node * stride] <= units) {
                best = node;
                node = right[node];
            } else {
                node = left[node];
            }
        }
        return best;
    }

    /** Smallest key-resource size in the queue, or {@link Integer#MAX_VALUE} when empty. */
    public int smallestKeySize() {
        int node = root;
        if (node == NONE) {
            return Integer.MAX_VALUE;
        }
        final int[] left = jobs.left;
        while (left[node] != NONE) {
            node = left[node];
        }
        return jobs.size[node * jobs.dimensions];
    }

    /** Number of jobs reachable in the size index; O(n), for tests. */
    int indexedCount() {
        return Treaps.count(jobs.left, jobs.right, root);
    }

    /** Total order of the size index: does {@code a} come before {@code b}? */
    private boolean precedes(final int a, final int b) {
        final int stride = jobs.dimensions;
        final int sizeA = jobs.size[a * stride];
        final int sizeB = jobs.size[b * stride];
        if (sizeA != sizeB) {
            return sizeA < sizeB;
        }
        final double arrivalA = jobs.arrival[a];
        final double arrivalB = jobs.arrival[b];
        if (arrivalA != arrivalB) {
            return arrivalA > arrivalB;
        }
        return a > b;
    }

    private int insert(final int node, final int job) {
        if (node == NONE) {
            return job;
        }
        final int[] left = jobs.left;
        final int[] right = jobs.right;
        if (precedes(job, node)) {
            left[node] = insert(left[node], job);
            if (Treaps.priority(left[node]) > Treaps.priority(node)) {
                return Treaps.rotateRight(left, right, node);
            }
        } else {
            right[node] = insert(right[node], job);
            if (Treaps.priority(right[node]) > Treaps.priority(node)) {
                return Treaps.rotateLeft(left, right, node);
            }
        }
        return node;
    }

    private int delete(final int node, final int job) {
        assert node != NONE : "job " + job + " is not in queue " + id;
        final int[] left = jobs.left;
        final int[] right = jobs.right;
        if (node == job) {
            return Treaps.merge(left, right, left[job], right[job]);
        }
        if (precedes(job, node)) {
            left[node] = delete(left[node], job);
        } else {
            right[node] = delete(right[node], job);
        }
        return node;
    }

    @Override
    public String toString() {
        return "JobQueue[" + id + ", size=" + size + "]";
    }
}
