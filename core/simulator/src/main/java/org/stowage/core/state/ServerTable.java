package org.stowage.core.state;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.Units;

/**
 * The servers of one simulation: capacity and residual per resource, the jobs each one holds, and the
 * indexes that answer best-fit, first-fit and random-fit queries.
 *
 * <p>Server {@code s} is an {@code int} in {@code [0, count)}; capacities may differ per server and per
 * resource (heterogeneous clusters). Each server's jobs form an intrusive list through the job table's
 * {@code prev}/{@code next} links, so departures and draining need no search.
 *
 * <h2>Indexes</h2>
 * <ul>
 *   <li>A max segment tree over server index, one maximum residual per resource per node. First fit
 *       descends to the leftmost leaf that fits: O(log L) for D = 1. For D &gt; 1 a subtree is entered only
 *       when every resource's maximum could hold the job (a necessary condition), so the search is exact
 *       and O(log L) when few servers are full, but O(L) on a loaded cluster where servers are full in
 *       different resources (a subtree's per-resource maxima then come from different servers). Also
 *       answers {@link #nextWithResidualAtLeast} and {@link #maxResidual} in O(log L) and O(1). For
 *       D &gt; 1 the first D &gt; 1 first-fit query also builds {@link FirstFitBounds}: per node, the largest
 *       residual on the other resources among the servers with at least a threshold on resource 0 (four
 *       thresholds), a necessary test that holds per server and so prunes most of the subtrees the
 *       per-resource maxima let through on a loaded cluster; from then on every residual change also
 *       repairs it (O(D log L), stopping early), until many changes come without a query: then the repairs
 *       stop and the next query rebuilds it in place (O(L D)).</li>
 *   <li>D = 1: servers grouped by exact residual ({@link BestFitBuckets}): a 64-ary bitset over residual
 *       values finds the least residual &gt;= size (O(log<sub>64</sub> U), about 4 words), and that
 *       residual's bucket, a treap keyed by server index or, past 32 servers, a bitset over server index,
 *       gives its lowest-index server (O(1) for a bucket of one, O(log b) for b servers in a treap,
 *       O(log<sub>64</sub> L) in a bitset). Best fit is the server with the least residual that can
 *       still hold the job, ties to the lowest index. The index is re-keyed lazily: a residual change only
 *       marks the server, and the next best-fit query moves each marked server once (O(1) expected for
 *       buckets of one, O(log L) at worst). A server that changes several times between queries (vacated,
 *       then refilled) costs one move. Memory O(L + U/8) for a residual universe of U units.</li>
 *   <li>D &gt; 1 best fit, and random fit for any D: servers bucketed by residual vector in a grid of at
 *       most 1024 cells, geometric per resource ({@link ResidualGrid}). Best fit maximises the score
 *       {@code sum_d size_d * occupied_d}, the inner product of the job's requirement and the server's
 *       occupied resources (Psychas and Ghaderi 2018, Sec. VI, "RMS-BF"), among servers that hold the job;
 *       ties go to the lowest index. It is a best-bound-first branch and bound over the cells from the
 *       job's own cell, each cell bounded by its residual range and its members' occupancy: O(V log V + S)
 *       for V cells visited and S servers in the cells scanned (about ten and one or two cells on the
 *       issue-12 workload), O(cells log cells + L) at worst. The score fits a {@code long} because every
 *       unit count is below 2<sup>30</sup>. Random fit draws a server uniformly among those that hold the
 *       job, exactly: F counted from the cells (member counts above the job, tests in the straddling
 *       cells), one {@code nextInt(F)}, then the k-th holder by index (a scan when F &gt;= L/8, else a
 *       bitset of holders): O(C + S + min(F, L)). The grid is built by the first such query (O(L + cells)),
 *       so kernels that never ask pay nothing; after that every residual change moves the server between
 *       cells in O(D).</li>
 * </ul>
 * Every residual change updates the segment tree in O(D log L) (the climb stops at the first node whose
 * maxima do not change), marks the server for the D = 1 best-fit index, and moves it in the grid once built.
 * After {@code max(64, L/8)} changes without a query of the segment tree its upkeep stops, and the next
 * query rebuilds it in O(L D) (no allocation): a kernel that keeps indexes of its own pays nothing for it.
 *
 * <h2>Allocation</h2>
 * All arrays are sized at construction, except the grid, sized when the first D &gt; 1 best-fit or any
 * random-fit query builds it (O(L) ints, O(L/64) longs, O(cells x D) ints), and a 512-byte page of the
 * D = 1 best-fit bitset the first time a residual in its range of 4096 units occurs. So a run allocates
 * nothing once its first queries have been made and every residual range it visits has been seen; queries
 * and updates themselves never allocate. Not thread-safe.
 */
public final class ServerTable implements ServerView {
    private final int count;
    private final int dimensions;
    private final int[] capacity;
    private final int[] residual;
    private final int[] jobCount;
    private final int[] firstJob;
    /** Largest capacity per resource. */
    private final int[] maxCapacity;

    /** Segment tree: node n covers a range of servers; maxResidual[n * D + d]. Leaves start at {@code leaves}. */
    private final int leaves;
    private final int[] maxResidual;
    /**
     * Residual changes without a query of the segment tree after which its upkeep stops; the next query
     * rebuilds it (O(L D), about what this many climbs cost). Kernels with indexes of their own (Tetris, and
     * LoTES, which answers its last-resort first fit from its own trees) then pay nothing for it.
     */
    private final int maximaStaleAfter;
    private int changesSinceMaximaQuery;
    private boolean maximaStale;

    /** Best-fit index for D = 1, keyed by (residual when last keyed, index). */
    private final BestFitBuckets bestFitIndex;
    /** Servers whose residual changed since they were last keyed in the best-fit index, and their marks. */
    private final int[] bfStale;
    private final boolean[] bfStaleMark;
    private int bfStaleCount;

    /** Multi-resource best fit (D &gt; 1) and random fit (any D); built by the first such query. */
    private ResidualGrid grid;
    /** Conditional maxima that prune the first-fit walk for D &gt; 1; built by the first such query. */
    private FirstFitBounds firstFitBounds;
    /** A job's size vector for the multi-resource queries ({@link #sizesOf}). */
    private final int[] jobSizes;

    /**
     * @param dimensions resources per server
     * @param capacities packed capacity vectors, {@code capacities[s * dimensions + d]}, in units
     */
    public ServerTable(final int dimensions, final int[] capacities) {
        if (dimensions < 1 || dimensions > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("dimensions must be in [1, " + Units.MAX_DIMENSIONS + "]: "
                + dimensions);
        }
        if (capacities.length == 0 || capacities.length % dimensions != 0) {
            throw new IllegalArgumentException("capacities must hold a positive multiple of " + dimensions
                + " values: " + capacities.length);
        }
        for (int i = 0; i < capacities.length; i++) {
            if (capacities[i] < 0 || capacities[i] > Units.MAX_UNITS) {
                throw new IllegalArgumentException("capacity of server " + i / dimensions + " on resource "
                    + i % dimensions + " must be in [0, " + Units.MAX_UNITS + "] units: " + capacities[i]);
            }
        }
        this.dimensions = dimensions;
        this.jobSizes = new int[dimensions];
        this.count = capacities.length / dimensions;
        this.capacity = capacities.clone();
        this.residual = capacities.clone();
        this.jobCount = new int[count];
        this.firstJob = new int[count];
        Arrays.fill(firstJob, JobTable.NONE);
        this.maxCapacity = new int[dimensions];
        for (int i = 0; i < capacities.length; i++) {
            maxCapacity[i % dimensions] = Math.max(maxCapacity[i % dimensions], capacities[i]);
        }

        int n = 1;
        while (n < count) {
            n <<= 1;
        }
        leaves = n;
        maxResidual = new int[2 * n * dimensions];
        Arrays.fill(maxResidual, -1);
        maximaStaleAfter = Math.max(64, n / 8);
        rebuildMaxima();

        if (dimensions == 1) {
            bestFitIndex = new BestFitBuckets(count, maxCapacity[0] + 1);
            bfStale = new int[count];
            bfStaleMark = new boolean[count];
            for (int s = 0; s < count; s++) {
                bestFitIndex.add(s, residual[s]);
            }
        } else {
            bestFitIndex = null;
            bfStale = null;
            bfStaleMark = null;
        }
    }

    /** A cluster of {@code count} identical servers. */
    public static ServerTable homogeneous(final int count, final int... capacityUnits) {
        if (count < 1) {
            throw new IllegalArgumentException("server count must be >= 1: " + count);
        }
        final int d = capacityUnits.length;
        final int[] packed = new int[count * d];
        for (int s = 0; s < count; s++) {
            System.arraycopy(capacityUnits, 0, packed, s * d, d);
        }
        return new ServerTable(d, packed);
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public int dimensions() {
        return dimensions;
    }

    /** A copy of every capacity vector, packed as the constructor takes them ({@code [s * D + d]}). */
    public int[] capacities() {
        return capacity.clone();
    }

    @Override
    public int capacity(final int server, final int d) {
        return capacity[server * dimensions + d];
    }

    @Override
    public int residual(final int server, final int d) {
        return residual[server * dimensions + d];
    }

    @Override
    public int maxResidual(final int d) {
        queryMaxima();
        return maxResidual[dimensions + d];
    }

    @Override
    public int maxCapacity(final int d) {
        return maxCapacity[d];
    }

    @Override
    public int jobCount(final int server) {
        return jobCount[server];
    }

    @Override
    public int firstJob(final int server) {
        return firstJob[server];
    }

    @Override
    public int nextJobOnServer(final JobView jobs, final int job) {
        return ((JobTable) jobs).next(job);
    }

    @Override
    public boolean fits(final JobView view, final int job, final int server) {
        final JobTable jobs = (JobTable) view;
        if (dimensions == 1) {
            return jobs.keySize(job) <= residual[server];
        }
        final int serverBase = server * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (jobs.size(job, d) > residual[serverBase + d]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean mayFitSomewhere(final JobView view, final int job) {
        final JobTable jobs = (JobTable) view;
        if (dimensions == 1) {
            queryMaxima();
            return jobs.keySize(job) <= maxResidual[1];
        }
        return mayFitSomewhere(sizesOf(jobs, job), 0);
    }

    /**
     * The size vector of {@code job} in {@link #jobSizes} (base 0), for the multi-resource indexes that read
     * a packed vector: O(D). Allocation-free; the buffer holds one job at a time.
     */
    private int[] sizesOf(final JobTable jobs, final int job) {
        return jobs.copySizes(job, jobSizes);
    }

    /** Whether every resource of {@code size[base .. base + D)} is at most the largest residual: O(D). */
    private boolean mayFitSomewhere(final int[] size, final int base) {
        queryMaxima();
        for (int d = 0; d < dimensions; d++) {
            if (size[base + d] > maxResidual[dimensions + d]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Best fit for {@code job}: D = 1, the server with the least residual that holds it; D &gt; 1, the
     * holding server with the largest inner product of size and occupied resources. Ties: lowest index.
     *
     * @return the server, or {@link #NONE} if no server holds the job now
     */
    @Override
    public int bestFit(final JobView view, final int job) {
        final JobTable jobs = (JobTable) view;
        if (dimensions == 1) {
            return bestFitOfUnits(jobs.keySize(job));
        }
        return bestFitOfSize(sizesOf(jobs, job), 0);
    }

    /**
     * Random fit: a server drawn uniformly among those that hold {@code job} now, exactly (not by retrying
     * random servers). With F holding servers it draws {@code random.nextInt(F)} once, k, and returns the
     * k-th holding server in increasing index order; with F = 0 it draws nothing.
     *
     * @return the server, or {@link #NONE} if no server holds the job now
     */
    @Override
    public int randomFit(final JobView view, final int job, final RandomGenerator random) {
        final JobTable jobs = (JobTable) view;
        if (!mayFitSomewhere(jobs, job)) {
            return NONE;
        }
        return grid().randomFit(sizesOf(jobs, job), 0, random);
    }

    private ResidualGrid grid() {
        if (grid == null) {
            grid = new ResidualGrid(dimensions, count, capacity, residual, maxCapacity);
        }
        return grid;
    }

    @Override
    public int firstFit(final JobView view, final int job) {
        queryMaxima();
        final JobTable jobs = (JobTable) view;
        if (dimensions == 1) {
            final int units = jobs.keySize(job);
            if (maxResidual[1] < units) {
                return NONE;
            }
            int node = 1;
            while (node < leaves) {
                node = maxResidual[2 * node] >= units ? 2 * node : 2 * node + 1;
            }
            return node - leaves;
        }
        if (firstFitBounds == null) {
            firstFitBounds = new FirstFitBounds(dimensions, leaves, count, residual, maxCapacity[0]);
        }
        firstFitBounds.beforeQuery(residual);
        final int[] size = sizesOf(jobs, job);
        return firstFitWalk(1, size, 0, firstFitBounds.level(size[0]));
    }

    /**
     * The lowest-index server {@code >= from} whose residual on resource 0 is at least {@code units}, or
     * {@link #NONE}: O(log L). Lets a server-by-server scan skip every server too full to matter.
     */
    @Override
    public int nextWithResidualAtLeast(final int units, final int from) {
        if (from >= count) {
            return NONE;
        }
        queryMaxima();
        int node = leaves + from;
        if (maxResidual[node * dimensions] >= units) {
            return from;
        }
        // climb until a right sibling subtree may hold a match, then descend to its leftmost match
        while (node > 1) {
            if ((node & 1) == 0 && maxResidual[(node + 1) * dimensions] >= units) {
                node = node + 1;
                while (node < leaves) {
                    node = maxResidual[2 * node * dimensions] >= units ? 2 * node : 2 * node + 1;
                }
                return node - leaves;
            }
            node >>>= 1;
        }
        return NONE;
    }

    /**
     * Puts a PENDING job on {@code server}. Engine use: schedulers place jobs through their context,
     * which also schedules the departure.
     *
     * @throws IllegalStateException if the job does not fit
     */
    public void occupy(final JobTable jobs, final int job, final int server) {
        if (!fits(jobs, job, server)) {
            throw new IllegalStateException("job " + job + " does not fit on server " + server + ": "
                + shortfall(jobs, job, server));
        }
        if (dimensions == 1) {
            residual[server] -= jobs.keySize(job);
        } else {
            final int base = server * dimensions;
            for (int d = 0; d < dimensions; d++) {
                residual[base + d] -= jobs.size(job, d);
            }
        }
        residualChanged(server);
        jobs.markRunning(job, server);
        final int head = firstJob[server];
        jobs.setPrev(job, JobTable.NONE);
        jobs.setNext(job, head);
        if (head != JobTable.NONE) {
            jobs.setPrev(head, job);
        }
        firstJob[server] = job;
        jobCount[server]++;
    }

    /**
     * Why {@code job} does not fit on {@code server}, for messages: each resource it needs more of than the
     * server has free, as {@code "resource 0 requests 600000 units, 400000 free of 1000000 (3 jobs on it)"};
     * the empty string when it fits. Allocates; for error paths only.
     */
    public String shortfall(final JobView jobs, final int job, final int server) {
        final StringBuilder text = new StringBuilder();
        final int serverBase = server * dimensions;
        for (int d = 0; d < dimensions; d++) {
            final int requested = jobs.size(job, d);
            if (requested > residual[serverBase + d]) {
                text.append(text.length() == 0 ? "" : "; ").append("resource ").append(d).append(" requests ")
                    .append(requested).append(" units, ").append(residual[serverBase + d]).append(" free of ")
                    .append(capacity[serverBase + d]);
            }
        }
        return text.length() == 0 ? "" : text.append(" (").append(jobCount[server])
            .append(jobCount[server] == 1 ? " job" : " jobs").append(" on it)").toString();
    }

    /** Takes a RUNNING job off its server at its departure; it becomes PENDING. Engine use. */
    public void vacate(final JobTable jobs, final int job) {
        leave(jobs, job);
        jobs.markStopped(job);
    }

    /**
     * Takes a running dummy off its server before its departure; it becomes CANCELLED and stays chained in
     * the departure structures until its time. Engine use.
     */
    public void cancel(final JobTable jobs, final int job) {
        leave(jobs, job);
        jobs.markCancelled(job);
    }

    private void leave(final JobTable jobs, final int job) {
        final int server = jobs.serverOf(job);
        final int before = jobs.prev(job);
        final int after = jobs.next(job);
        if (before == JobTable.NONE) {
            firstJob[server] = after;
        } else {
            jobs.setNext(before, after);
        }
        if (after != JobTable.NONE) {
            jobs.setPrev(after, before);
        }
        jobs.setPrev(job, JobTable.NONE);
        jobs.setNext(job, JobTable.NONE);
        jobCount[server]--;
        if (dimensions == 1) {
            residual[server] += jobs.keySize(job);
            assert residual[server] <= capacity[server] : "residual above capacity on server " + server;
        } else {
            final int base = server * dimensions;
            for (int d = 0; d < dimensions; d++) {
                residual[base + d] += jobs.size(job, d);
                assert residual[base + d] <= capacity[base + d] : "residual above capacity on server " + server;
            }
        }
        residualChanged(server);
    }

    private void residualChanged(final int server) {
        if (!maximaStale) {
            if (++changesSinceMaximaQuery > maximaStaleAfter) {
                maximaStale = true;
            } else {
                updateMaxima(server);
            }
        }
        if (grid != null) {
            grid.residualChanged(server);
        }
        if (firstFitBounds != null) {
            firstFitBounds.residualChanged(server, residual);
        }
        if (dimensions == 1 && !bfStaleMark[server]) {
            bfStaleMark[server] = true;
            bfStale[bfStaleCount++] = server;
        }
    }

    /** Moves every server whose residual changed to its place in the best-fit index. */
    private void rekeyStaleServers() {
        for (int i = 0; i < bfStaleCount; i++) {
            final int server = bfStale[i];
            bfStaleMark[server] = false;
            bestFitIndex.update(server, residual[server]);
        }
        bfStaleCount = 0;
    }

    /**
     * Refreshes the maxima on the path from the server's leaf to the root, stopping at the first node whose
     * maxima did not change: its ancestors depend on the path only through it. Most residual changes touch
     * a server that is not the maximum of its subtree, so the climb usually ends after a level or two.
     */
    private void updateMaxima(final int server) {
        int node = leaves + server;
        if (dimensions == 1) {
            final int[] max = maxResidual;
            int value = residual[server];
            max[node] = value;
            while (node > 1) {
                final int parent = node >>> 1;
                value = Math.max(value, max[node ^ 1]);
                if (max[parent] == value) {
                    return;
                }
                max[parent] = value;
                node = parent;
            }
            return;
        }
        System.arraycopy(residual, server * dimensions, maxResidual, node * dimensions, dimensions);
        node >>>= 1;
        while (node >= 1) {
            if (!pull(node)) {
                return;
            }
            node >>>= 1;
        }
    }

    /** Makes the segment tree exact for a query: rebuilt, O(L D), if its upkeep had stopped. */
    private void queryMaxima() {
        changesSinceMaximaQuery = 0;
        if (maximaStale) {
            maximaStale = false;
            rebuildMaxima();
        }
    }

    private void rebuildMaxima() {
        for (int s = 0; s < count; s++) {
            System.arraycopy(residual, s * dimensions, maxResidual, (leaves + s) * dimensions, dimensions);
        }
        for (int node = leaves - 1; node >= 1; node--) {
            pull(node);
        }
    }

    /** Recomputes a node's maxima from its children; returns whether any of them changed. */
    private boolean pull(final int node) {
        final int base = node * dimensions;
        final int leftBase = 2 * node * dimensions;
        final int rightBase = leftBase + dimensions;
        boolean changed = false;
        for (int d = 0; d < dimensions; d++) {
            final int value = Math.max(maxResidual[leftBase + d], maxResidual[rightBase + d]);
            changed |= maxResidual[base + d] != value;
            maxResidual[base + d] = value;
        }
        return changed;
    }

    private boolean subtreeMayFit(final int node, final int[] size, final int jobBase) {
        final int base = node * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (size[jobBase + d] > maxResidual[base + d]) {
                return false;
            }
        }
        return true;
    }

    private int firstFitWalk(final int node, final int[] size, final int jobBase, final int level) {
        if (!subtreeMayFit(node, size, jobBase)
            || level >= 0 && !firstFitBounds.mayFit(node, level, size, jobBase)) {
            return NONE;
        }
        if (node >= leaves) {
            return node - leaves;
        }
        final int found = firstFitWalk(2 * node, size, jobBase, level);
        return found != NONE ? found : firstFitWalk(2 * node + 1, size, jobBase, level);
    }

    @Override
    public int bestFitOfSize(final int[] size, final int base) {
        if (dimensions == 1) {
            return bestFitOfUnits(size[base]);
        }
        return mayFitSomewhere(size, base) ? grid().bestFit(size, base) : NONE;
    }

    /** D = 1 best fit: the least residual at least {@code units}, ties to the lowest index. */
    private int bestFitOfUnits(final int units) {
        if (bfStaleCount != 0) {
            rekeyStaleServers();
        }
        return bestFitIndex.leastAtLeast(units);
    }

    /** Servers reachable in the best-fit index (D = 1), O(L); for tests. */
    int bestFitIndexedCount() {
        if (dimensions == 1 && bfStaleCount != 0) {
            rekeyStaleServers();
        }
        return dimensions == 1 ? bestFitIndex.count() : 0;
    }

    /** The view kernels get: the one ReadOnlyServers of this table, made at the first call. */
    private ReadOnlyServers readOnly;

    /**
     * The read-only view of this table that kernels are handed: it forwards every read (and a kernel's
     * columns) and cannot be cast back to the table. The same object on every call; made once, at the first.
     */
    public ServerView readOnly() {
        if (readOnly == null) {
            readOnly = new ReadOnlyServers(this);
        }
        return readOnly;
    }
}
