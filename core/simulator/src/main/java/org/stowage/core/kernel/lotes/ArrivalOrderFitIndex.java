package org.stowage.core.kernel.lotes;

import java.util.Arrays;

import org.stowage.core.state.JobView;

/**
 * One LoTES class queue in arrival order, indexed for the question a departure asks (Sec. 4.3.2): "the first
 * queued job, in arrival order, that fits this machine's room". The queue's jobs sit in slots numbered in
 * arrival order (appended at the tail, vacated where they leave); a segment tree over the slots keeps, per
 * inner node, <em>cone</em> and resource, the smallest request among the subtree's jobs of that cone, and a
 * query walks the tree leftmost first, entering a subtree only when some cone's minima all fit the room.
 * So the answer is the arrival-order scan's, without reading the jobs that cannot fit.
 *
 * <h2>Why cones</h2>
 * Per-resource minima alone pass a subtree that holds a job short on resource 0 and another short on
 * resource 1 although neither fits. Past lambda* the old part of a queue is made of exactly such jobs: the
 * ones every room so far turned down, tall ({@code r = (13032, 90605)}) or wide ({@code (56362, 21584)}),
 * never both small (measured on {@code lotes-load} at 1.15 lambda*). There a successful search read 2,000-8,000
 * nodes, growing with the queue. A job's cone is its largest resource {@code t} (ties to the lower) and how
 * strongly it dominates the next largest {@code s}: level {@code v} is the largest {@code v < LEVELS} with
 * {@code r_t >= 2^v r_s}; cone {@code t * LEVELS + v} ({@code D * LEVELS} cones; one when {@code D = 1}).
 * Within a cone the requests' ratios are bounded (except the strongest level's), so a cone's minima are
 * close to one of its jobs and tall and wide jobs no longer vouch for each other. What remains is two jobs of
 * one cone on either side of a room of that cone's shape; on that unit a search now reads 116 nodes on
 * average, the unit takes about 5 minutes where it had not finished in 10.8, and below lambda* the wider
 * nodes cost little (docs/LOTES.md, "Cones").
 *
 * <p>Cost: {@link #firstFitting} O(C D log n) for {@code C} cones when the leftmost subtree that passes holds a
 * fitting job; in the worst case (subtrees that pass on some cone where no single job fits) every slot,
 * O(C D n), as the scan it replaces. {@link #remove} and {@link #append} O(D log n) (one cone changes; the
 * climb stops at the first node that does not change), plus for an append the slots' compaction when the
 * tail reaches the end: then the live slots move to the front in order and the capacity doubles only if
 * more than half are live, so compaction costs O(C D) per append amortised. {@link #mayFit} O(C D).
 *
 * <p>Memory: {@code P (C D + D + 1)} ints for {@code P} the power of two above the largest number of slots in
 * use. Allocation: none, except when an append finds the slots full and more than half of them live (the
 * arrays double; never shrunk). Not thread-safe.
 */
final class ArrivalOrderFitIndex {
    /** What {@link #firstFitting} returns when no queued job fits. */
    static final int NONE = -1;
    /**
     * Dominance levels per largest resource (ratio to the next below 2, 2 to 4, at least 4). On the slow
     * {@code lotes-load} unit (docs/journal/2026-11-26-lotes-departure-search.md) the successful searches
     * read 8.2 G nodes with 2 levels, 4.9 G with 3 and 4.7 G with 4; with 1 (largest resource only) more than
     * 12.5 G before it was stopped.
     */
    static final int LEVELS = 3;
    private static final int VACANT = Integer.MAX_VALUE;
    private static final int INITIAL_SLOTS = 16;

    private final int dimensions;
    private final int cones;
    /** Ints per inner node: {@code cones * dimensions}. */
    private final int width;
    /** Number of leaves, a power of two; slots {@code [0, capacity)}, inner nodes {@code [1, capacity)}. */
    private int capacity;
    /** The job in each slot, {@link #NONE} when vacant. */
    private int[] jobAt;
    /** Each slot's request at {@code [slot * D + d]}, {@link #VACANT} when vacant. */
    private int[] request;
    /** Smallest request per inner node, cone and resource at {@code [node * width + cone * D + d]}. */
    private int[] minimum;
    /** The next slot to fill: every slot at or after it is vacant. */
    private int tail;
    private int live;
    private long nodesRead;

    ArrivalOrderFitIndex(final int dimensions) {
        this.dimensions = dimensions;
        this.cones = dimensions == 1 ? 1 : dimensions * LEVELS;
        this.width = cones * dimensions;
        allocate(INITIAL_SLOTS);
    }

    int size() {
        return live;
    }

    /** Nodes and leaves {@link #firstFitting} has read so far: the measure of its cost, for tests. */
    long nodesRead() {
        return nodesRead;
    }

    /**
     * For tests: fails unless every inner node's minima, per cone and resource, are the ones its subtree's live
     * slots give (a minimum left too low would keep the answers right and only slow the search). O(P C D log P).
     */
    void checkMinima() {
        final int dimensions = this.dimensions;
        final int[] expected = new int[width];
        for (int node = 1; node < capacity; node++) {
            int first = node;
            int last = node;
            while (first < capacity) {
                first = 2 * first;
                last = 2 * last + 1;
            }
            Arrays.fill(expected, VACANT);
            for (int slot = first - capacity; slot <= last - capacity; slot++) {
                if (jobAt[slot] != NONE) {
                    final int at = slot * dimensions;
                    final int offset = coneOf(at) * dimensions;
                    for (int d = 0; d < dimensions; d++) {
                        expected[offset + d] = Math.min(expected[offset + d], request[at + d]);
                    }
                }
            }
            for (int i = 0; i < width; i++) {
                if (minimum[node * width + i] != expected[i]) {
                    throw new AssertionError("node " + node + " cone " + i / dimensions + " resource " + i % dimensions
                        + ": minimum " + minimum[node * width + i] + ", its slots give " + expected[i]);
                }
            }
        }
    }

    /** Appends {@code job}, the youngest in the queue. */
    void append(final int job, final JobView jobs) {
        if (tail == capacity) {
            compactOrGrow();
        }
        final int slot = tail++;
        jobAt[slot] = job;
        live++;
        final int dimensions = this.dimensions;
        final int[] minimum = this.minimum;
        final int[] request = this.request;
        final int at = slot * dimensions;
        for (int d = 0; d < dimensions; d++) {
            request[at + d] = jobs.size(job, d);
        }
        final int offset = coneOf(at) * dimensions;
        // the new job can only lower its cone's minima in its ancestors; stop where it lowers none
        for (int node = (capacity + slot) >>> 1; node >= 1; node >>>= 1) {
            final int base = node * width + offset;
            boolean lowered = false;
            for (int d = 0; d < dimensions; d++) {
                if (request[at + d] < minimum[base + d]) {
                    minimum[base + d] = request[at + d];
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
        long read = 0;
        while (true) {
            read++;
            final boolean leaf = node >= capacity;
            if (leaf ? requestFits(node - capacity, room) : someConeFits(node, room)) {
                if (leaf) {
                    nodesRead += read;
                    return node - capacity;
                }
                node <<= 1;
            } else {
                // leave the subtree: climb out of right children, then step to the right sibling
                while ((node & 1) == 1) {
                    node >>>= 1;
                }
                if (node == 0) {
                    nodesRead += read;
                    return NONE;
                }
                node++;
            }
        }
    }

    /** Can any queued job fit {@code room}? A necessary condition: some cone's smallest requests fit. O(C D). */
    boolean mayFit(final int[] room) {
        return someConeFits(1, room);
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
        vacate(slot);
        if (live == 0) {
            // every slot is vacant, so after the climbs every node is too: the next job may take slot 0
            tail = 0;
        }
    }

    /** Marks {@code slot} vacant and repairs its cone in the ancestors, stopping at the first unchanged one. */
    private void vacate(final int slot) {
        final int dimensions = this.dimensions;
        final int[] minimum = this.minimum;
        final int[] request = this.request;
        final int at = slot * dimensions;
        final int cone = coneOf(at);
        Arrays.fill(request, at, at + dimensions, VACANT);
        final int offset = cone * dimensions;
        int child = capacity + slot;
        while (child > 1) {
            final int parent = child >>> 1;
            final int base = parent * width + offset;
            boolean changed = false;
            for (int d = 0; d < dimensions; d++) {
                final int smaller = Math.min(coneMinimum(child, cone, d), coneMinimum(child ^ 1, cone, d));
                if (smaller != minimum[base + d]) {
                    minimum[base + d] = smaller;
                    changed = true;
                }
            }
            if (!changed) {
                return;
            }
            child = parent;
        }
    }

    /** The smallest request on resource {@code d} among {@code node}'s jobs of {@code cone}. */
    private int coneMinimum(final int node, final int cone, final int d) {
        if (node < capacity) {
            return minimum[node * width + cone * dimensions + d];
        }
        final int slot = node - capacity;
        final int at = slot * dimensions;
        return jobAt[slot] != NONE && coneOf(at) == cone ? request[at + d] : VACANT;
    }

    /**
     * The cone of the request at {@code request[at ..]}: largest resource {@code t} (ties to the lower) times
     * {@link #LEVELS}, plus the largest level {@code v < LEVELS} with {@code r_t >= 2^v} times the next largest.
     */
    private int coneOf(final int at) {
        final int dimensions = this.dimensions;
        if (dimensions == 1) {
            return 0;
        }
        final int[] request = this.request;
        int top = 0;
        for (int d = 1; d < dimensions; d++) {
            if (request[at + d] > request[at + top]) {
                top = d;
            }
        }
        long next = 0;
        for (int d = 0; d < dimensions; d++) {
            if (d != top) {
                next = Math.max(next, request[at + d]);
            }
        }
        final long largest = request[at + top];
        int level = 0;
        while (level + 1 < LEVELS && largest >= next << (level + 1)) {
            level++;
        }
        return top * LEVELS + level;
    }

    private boolean someConeFits(final int node, final int[] room) {
        final int[] minimum = this.minimum;
        final int dimensions = this.dimensions;
        final int end = (node + 1) * width;
        for (int base = node * width; base < end; base += dimensions) {
            if (fits(minimum, base, room)) {
                return true;
            }
        }
        return false;
    }

    private boolean requestFits(final int slot, final int[] room) {
        return fits(request, slot * dimensions, room);
    }

    private boolean fits(final int[] values, final int base, final int[] room) {
        for (int d = 0; d < dimensions; d++) {
            if (values[base + d] > room[d]) {
                return false;
            }
        }
        return true;
    }

    /** The tail reached the last slot: moves the live slots to the front, in order, doubling if over half. */
    private void compactOrGrow() {
        final int dimensions = this.dimensions;
        final int[] oldJobs = jobAt;
        final int[] oldRequest = request;
        final int oldCapacity = capacity;
        if (2 * live > oldCapacity) {
            allocate(2 * oldCapacity);
        } else {
            Arrays.fill(minimum, VACANT);
        }
        int filled = 0;
        for (int slot = 0; slot < oldCapacity; slot++) {
            final int job = oldJobs[slot];
            if (job == NONE) {
                continue;
            }
            oldJobs[slot] = NONE;
            jobAt[filled] = job;
            System.arraycopy(oldRequest, slot * dimensions, request, filled * dimensions, dimensions);
            filled++;
        }
        assert filled == live : filled + " live slots found, " + live + " counted";
        Arrays.fill(request, filled * dimensions, capacity * dimensions, VACANT);
        rebuild();
        tail = filled;
    }

    /** Every inner node's minima from the requests, bottom up; the inner nodes are {@link #VACANT}. O(P C D). */
    private void rebuild() {
        final int dimensions = this.dimensions;
        final int[] minimum = this.minimum;
        final int[] request = this.request;
        for (int node = capacity - 1; node >= 1; node--) {
            final int base = node * width;
            final int left = 2 * node;
            if (left >= capacity) {
                for (int child = left; child <= left + 1; child++) {
                    if (jobAt[child - capacity] == NONE) {
                        continue;
                    }
                    final int at = (child - capacity) * dimensions;
                    final int offset = base + coneOf(at) * dimensions;
                    for (int d = 0; d < dimensions; d++) {
                        minimum[offset + d] = Math.min(minimum[offset + d], request[at + d]);
                    }
                }
            } else {
                for (int i = 0; i < width; i++) {
                    minimum[base + i] = Math.min(minimum[left * width + i], minimum[(left + 1) * width + i]);
                }
            }
        }
    }

    private void allocate(final int slots) {
        capacity = slots;
        jobAt = new int[slots];
        Arrays.fill(jobAt, NONE);
        request = new int[slots * dimensions];
        Arrays.fill(request, VACANT);
        minimum = new int[slots * width];
        Arrays.fill(minimum, VACANT);
    }
}
