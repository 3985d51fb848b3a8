package org.stowage.core.kernel.lotes;

import org.stowage.core.state.JobView;

/**
 * One LoTES class queue in arrival order, indexed for the question a departure asks (Sec. 4.3.2): "the first
 * queued job, in arrival order, that fits this machine's room". The queue's jobs sit in slots numbered in
 * arrival order (appended at the tail, vacated where they leave); a segment tree over the slots keeps, per
 * node and resource, the smallest request in its subtree, and vacant slots hold {@link Integer#MAX_VALUE}.
 * A query walks the tree leftmost first and skips every subtree whose minimum exceeds the room on some
 * resource, so the answer is the arrival-order scan's, without reading the jobs that cannot fit.
 *
 * <p>Cost: {@link #firstFitting} O(D log n) when the leftmost subtree that passes the per-resource bound
 * holds a fitting job; in the worst case (subtrees that pass on each resource separately, where no single job
 * fits) every slot, O(D n), as the scan it replaces. {@link #remove} O(D log n), its climb stopping at the
 * first node whose minima do not change; {@link #append} O(D log n) plus the slots' compaction when the tail
 * reaches the end: then the live slots move to the front in order and the capacity doubles only if more
 * than half are live, so compaction costs O(D) per append amortised. {@link #mayFit} O(D).
 *
 * <p>Memory: {@code P (2 D + 1)} ints for {@code P} the power of two above the largest number of slots in
 * use. Allocation: none, except when an append finds the slots full and more than half of them live (the
 * arrays double; never shrunk). Not thread-safe.
 */
final class ArrivalOrderFitIndex {
    /** What {@link #firstFitting} returns when no queued job fits. */
    static final int NONE = -1;
    private static final int VACANT = Integer.MAX_VALUE;
    private static final int INITIAL_SLOTS = 16;

    private final int dimensions;
    /** Number of leaves, a power of two; slots {@code [0, capacity)}. */
    private int capacity;
    /** The job in each slot, {@link #NONE} when vacant. */
    private int[] jobAt;
    /** Smallest request per node and resource at {@code [node * D + d]}; leaves at {@code capacity + slot}. */
    private int[] minimum;
    /** The next slot to fill: every slot at or after it is vacant. */
    private int tail;
    private int live;

    ArrivalOrderFitIndex(final int dimensions) {
        this.dimensions = dimensions;
        allocate(INITIAL_SLOTS);
    }

    int size() {
        return live;
    }

    /** Appends {@code job}, the youngest in the queue. */
    void append(final int job, final JobView jobs) {
        if (tail == capacity) {
            compactOrGrow();
        }
        final int slot = tail++;
        jobAt[slot] = job;
        live++;
        final int[] minimum = this.minimum;
        final int dimensions = this.dimensions;
        int node = capacity + slot;
        final int leaf = node * dimensions;
        for (int d = 0; d < dimensions; d++) {
            minimum[leaf + d] = jobs.size(job, d);
        }
        // the new leaf can only lower its ancestors' minima; stop where it lowers none
        while (node > 1) {
            node >>>= 1;
            boolean lowered = false;
            for (int d = 0; d < dimensions; d++) {
                if (minimum[leaf + d] < minimum[node * dimensions + d]) {
                    minimum[node * dimensions + d] = minimum[leaf + d];
                    lowered = true;
                }
            }
            if (!lowered) {
                return;
            }
        }
    }

    /**
     * The lowest slot whose job fits {@code room} ({@code D} free units) on every resource, or {@link #NONE}:
     * the slot of the first job in arrival order that fits.
     */
    int firstFitting(final int[] room) {
        final int capacity = this.capacity;
        int node = 1;
        while (true) {
            if (holds(node, room)) {
                if (node >= capacity) {
                    return node - capacity;
                }
                node <<= 1;
            } else {
                // leave the subtree: climb out of right children, then step to the right sibling
                while ((node & 1) == 1) {
                    node >>>= 1;
                }
                if (node == 0) {
                    return NONE;
                }
                node++;
            }
        }
    }

    /** Can any queued job fit {@code room}? A necessary condition: the smallest requests fit. O(D). */
    boolean mayFit(final int[] room) {
        return holds(1, room);
    }

    /** The job in {@code slot} (from {@link #firstFitting}, before any other change). */
    int jobAt(final int slot) {
        return jobAt[slot];
    }

    /** Vacates {@code slot}. */
    void remove(final int slot) {
        assert jobAt[slot] != NONE : "slot " + slot + " is vacant";
        jobAt[slot] = NONE;
        live--;
        vacateLeaf(slot);
        if (live == 0) {
            // every leaf is vacant, so after the climbs every node is too: the next job may take slot 0
            tail = 0;
        }
    }

    /** Marks the leaf of {@code slot} vacant and repairs its ancestors, stopping at the first unchanged one. */
    private void vacateLeaf(final int slot) {
        final int[] minimum = this.minimum;
        final int dimensions = this.dimensions;
        int node = capacity + slot;
        for (int d = 0; d < dimensions; d++) {
            minimum[node * dimensions + d] = VACANT;
        }
        while (node > 1) {
            final int sibling = node ^ 1;
            final int parent = node >>> 1;
            boolean changed = false;
            for (int d = 0; d < dimensions; d++) {
                final int smaller = Math.min(minimum[node * dimensions + d], minimum[sibling * dimensions + d]);
                if (smaller != minimum[parent * dimensions + d]) {
                    minimum[parent * dimensions + d] = smaller;
                    changed = true;
                }
            }
            if (!changed) {
                return;
            }
            node = parent;
        }
    }

    private boolean holds(final int node, final int[] room) {
        final int[] minimum = this.minimum;
        final int base = node * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (minimum[base + d] > room[d]) {
                return false;
            }
        }
        return true;
    }

    /** The tail reached the last slot: moves the live slots to the front, in order, doubling if over half. */
    private void compactOrGrow() {
        final int dimensions = this.dimensions;
        final int[] oldJobs = jobAt;
        final int[] oldMinimum = minimum;
        final int oldCapacity = capacity;
        if (2 * live > oldCapacity) {
            allocate(2 * oldCapacity);
        }
        final int[] minimum = this.minimum;
        final int capacity = this.capacity;
        int filled = 0;
        for (int slot = 0; slot < oldCapacity; slot++) {
            final int job = oldJobs[slot];
            if (job == NONE) {
                continue;
            }
            oldJobs[slot] = NONE;
            jobAt[filled] = job;
            System.arraycopy(oldMinimum, (oldCapacity + slot) * dimensions, minimum, (capacity + filled) * dimensions,
                dimensions);
            filled++;
        }
        assert filled == live : filled + " live slots found, " + live + " counted";
        java.util.Arrays.fill(minimum, (capacity + filled) * dimensions, 2 * capacity * dimensions, VACANT);
        for (int node = capacity - 1; node >= 1; node--) {
            final int left = 2 * node * dimensions;
            for (int d = 0; d < dimensions; d++) {
                minimum[node * dimensions + d] = Math.min(minimum[left + d], minimum[left + dimensions + d]);
            }
        }
        tail = filled;
    }

    private void allocate(final int slots) {
        capacity = slots;
        jobAt = new int[slots];
        java.util.Arrays.fill(jobAt, NONE);
        minimum = new int[2 * slots * dimensions];
        java.util.Arrays.fill(minimum, VACANT);
    }
}
