package org.stowage.core.state;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * The multi-resource fit index of a {@link ServerTable}: servers bucketed by their residual vector in a
 * coarse grid, so that the best-fit and random-fit queries look only at the cells that can hold a job.
 *
 * <h2>Why a grid and not the index-ordered tree</h2>
 * With D &gt; 1 and a loaded cluster, the servers that score highest (most occupied) are the ones that no
 * longer hold the job, and they are full in different resources. Any aggregate over a range of server
 * indexes taken per resource (maximum residual, maximum occupancy) mixes a server full in CPU with one full
 * in memory, so it neither prunes infeasible subtrees nor bounds the score: the tree walk visited nearly
 * every node and was slower than a linear scan. Bucketing by residual vector separates exactly those
 * servers: a cell is a box of residual vectors, so whether a job fits is known for the whole cell (all
 * fit, none fit, or the cell straddles the job's size on some resource), and the cell's score bound is
 * tight up to the cell's width.
 *
 * <h2>Layout</h2>
 * Resource d is cut into geometric ranges of residual units: range 0 below {@code 2^-o} of the resource's
 * largest capacity, then one range per octave up to it (coordinate from the residual's leading bit after
 * scaling to 16 bits, O(1), monotone in the residual), with o = 8 octaves for D = 2 (81 cells), 6 for D = 3
 * (343), down to 1 for D = 7, 8: at most 1024 cells. Ranges are fine where best fit looks (small residuals)
 * and a server full on a resource sits in range 0 there, apart from every server that can hold a job.
 * Finer cuts (two ranges per octave) and coarser ones measured slower on the issue-12 workload. A cell is
 * one range per resource, numbered in mixed radix. Each cell keeps its members in an intrusive doubly
 * linked list (two ints per server), its member count, and per resource an upper bound on its members'
 * occupied units: raised when a member's occupancy rises, lowered to the exact maximum whenever a query
 * scans the whole cell.
 *
 * <h2>Queries (job size w)</h2>
 * <ul>
 *   <li>Candidate cells: the sub-box of cells whose coordinate on every resource is at least that of
 *       {@code w_d}; cells strictly above it on every resource hold the job with every member, the others
 *       straddle it and their members are tested one by one.</li>
 *   <li>Best fit: branch and bound, best bound first. A cell's coordinate bound is
 *       {@code sum_d w_d * (maxCapacity_d - max(lowestResidual_d(cell), w_d))}, non-increasing in every
 *       coordinate; the search starts at the job's own cell and reaches each candidate cell from one parent
 *       (one coordinate step lower on its highest raised resource), through a binary max-heap of
 *       (bound, cell) preallocated at 2 x cells. A non-empty cell is re-queued under its members' tighter
 *       bound (the occupancy bounds) before its members are scanned. The search stops when the heap's top is
 *       below the best score found, so only cells whose bound can still win are touched. Exact, with the
 *       tie rule of the linear scan (largest score, then lowest index). O(V log V + S) for V visited cells
 *       and S servers in the scanned cells; on the issue-12 workload about six cells visited and one or two
 *       scanned per query; O(cells log cells + L) at worst. With D &gt;= 3 most cells are empty (57 visits
 *       for 52 non-empty cells measured at D = 3), so the search instead puts every non-empty candidate cell
 *       (a list kept on every move, O(1)) into the heap under its members' bound, heapifies, and scans in
 *       bound order: O(N + S log N) for N non-empty cells.</li>
 *   <li>Random fit: F, the number of holding servers, is counted from the member counts of the cells
 *       above the job on every resource and by testing the members of the straddling cells; one
 *       {@code nextInt(F)} draw k; then the k-th holding server in increasing index order: with F &gt;= L/8
 *       by a sequential scan of the residuals that stops there (about L/2 servers, each a D-int test), with
 *       fewer by marking the holders in a bitset over server indexes (O(F)) and counting bits (O(L/64)),
 *       marks cleared on the way. So the draw equals a linear scan's "k-th holding server in index order"
 *       for the same k. O(C + S + min(F, L)) for C candidate cells and S members of straddling cells.</li>
 *   <li>Update (a server's residual changed): O(D) to recompute its cell, and an O(1) move between two cell
 *       lists when it changed.</li>
 * </ul>
 *
 * <h2>Allocation</h2>
 * Every array is sized at construction: O(L) ints for the lists, O(L/64) longs for the marks, O(cells x D)
 * for the cells, their coordinates, the non-empty list, heap and scratch. Queries and updates allocate nothing. Not thread-safe.
 */
final class ResidualGrid {
    private static final int NONE = -1;
    /** Residuals are first scaled to 16 bits of their resource's largest capacity. */
    private static final int SCALE_BITS = 16;
    /** Heap entries: cell in the low bits, then a flag, then the coordinates (see {@link #heapEntry}). */
    private static final long CELL_MASK = (1 << 10) - 1;
    private static final long MEMBERS_BOUND = 1 << 10;
    private static final int DIGITS = 11;
    private static final int COORDINATE_BITS = 5;
    private static final int COORDINATE_MASK = (1 << COORDINATE_BITS) - 1;

    private final int dimensions;
    private final int[] capacity;
    private final int[] residual;
    private final int[] maxCapacity;

    /** Per resource: 2^48 / (maxCapacity + 1), so {@code (r * reciprocal) >>> 32} is r in 1/65536ths. */
    private final long[] reciprocal;
    /** Octaves below the largest capacity that get their own range. */
    private final int octaves;
    /** Ranges per resource, and the cell-number stride of each resource (mixed radix). */
    private final int[] side;
    private final int[] stride;
    private final int cellCount;
    /** {@code lowest[offset[d] + c]}: the least residual on resource d whose coordinate is c. */
    private final int[] lowest;
    private final int[] offset;

    private final int[] cellOf;
    private final int[] nextInCell;
    private final int[] prevInCell;
    private final int[] head;
    private final int[] members;
    /** Upper bound on the occupied units of any member, {@code [cell * D + d]}. */
    private final int[] occupancyBound;
    /** The non-empty cells, in no order, and each cell's position there (NONE when empty). */
    private final int[] nonEmpty;
    private final int[] nonEmptyPosition;
    private int nonEmptyCount;
    /** {@code cellCoordinate[cell * D + d]}: the cell's coordinate on resource d. */
    private final int[] cellCoordinate;
    /** Best-fit scratch: the best holding server found so far and its score. */
    private int best;
    private long bestScore;

    /**
     * Best-fit scratch: a max-heap of (bound, entry); an entry packs the cell (bits 0-9), whether its
     * bound is already its members' (bit 10) and its coordinates (5 bits each from bit 11), so a visit
     * needs no division to find them.
     */
    private final long[] heapEntry;
    private final long[] heapBound;
    /** Query scratch: the job's coordinate per resource, and the coordinates of the current cell. */
    private final int[] low;
    private final int[] digit;
    /** Random-fit scratch: fitting servers marked by index. */
    private final long[] marks;

    ResidualGrid(final int dimensions, final int count, final int[] capacity, final int[] residual,
                 final int[] maxCapacity) {
        this.dimensions = dimensions;
        this.capacity = capacity;
        this.residual = residual;
        this.maxCapacity = maxCapacity;
        // at most 1024 cells whatever D; one range per octave (finer ranges measured slower: more cells to
        // step through), as many octaves as that allows, so a server full on a resource has its own range
        octaves = switch (dimensions) {
            case 1 -> 16;
            case 2 -> 8;
            case 3 -> 6;
            case 4 -> 4;
            case 5 -> 3;
            case 6 -> 2;
            default -> 1;
        };
        final int coordinates = 1 + octaves;
        reciprocal = new long[dimensions];
        side = new int[dimensions];
        stride = new int[dimensions];
        offset = new int[dimensions];
        int cells = 1;
        for (int d = 0; d < dimensions; d++) {
            reciprocal[d] = (1L << (32 + SCALE_BITS)) / ((long) maxCapacity[d] + 1);
            side[d] = coordinates;
            stride[d] = cells;
            cells *= coordinates;
            offset[d] = d * coordinates;
        }
        cellCount = cells;
        assert cells <= CELL_MASK + 1 && coordinates <= COORDINATE_MASK + 1 : "grid too fine: " + cells;
        lowest = new int[dimensions * coordinates];
        for (int d = 0; d < dimensions; d++) {
            for (int c = 0; c < coordinates; c++) {
                // the least r in [0, max + 1] with coordinate(r) >= c (max + 1 when no residual maps to c)
                int lo = 0;
                int hi = maxCapacity[d] + 1;
                while (lo < hi) {
                    final int mid = (lo + hi) >>> 1;
                    if (coordinate(d, mid) >= c) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                lowest[offset[d] + c] = lo;
            }
        }
        cellOf = new int[count];
        nextInCell = new int[count];
        prevInCell = new int[count];
        head = new int[cells];
        Arrays.fill(head, NONE);
        members = new int[cells];
        occupancyBound = new int[cells * dimensions];
        nonEmpty = new int[cells];
        nonEmptyPosition = new int[cells];
        Arrays.fill(nonEmptyPosition, NONE);
        cellCoordinate = new int[cells * dimensions];
        for (int cell = 0; cell < cells; cell++) {
            int rest = cell;
            for (int d = 0; d < dimensions; d++) {
                cellCoordinate[cell * dimensions + d] = rest % coordinates;
                rest /= coordinates;
            }
        }
        heapEntry = new long[2 * cells + 1];
        heapBound = new long[2 * cells + 1];
        low = new int[dimensions];
        digit = new int[dimensions];
        marks = new long[(count + 63) >>> 6];
        for (int s = count - 1; s >= 0; s--) {
            final int cell = cellOfResidual(s);
            cellOf[s] = cell;
            link(s, cell);
            raiseOccupancyBound(s, cell);
        }
    }

    /**
     * The range of residual {@code units} on resource d: 0 below 2^-octaves of the largest capacity, then one
     * range per octave up to it. Monotone in units, O(1).
     */
    private int coordinate(final int d, final int units) {
        final int q = (int) ((units * reciprocal[d]) >>> 32);
        final int exponent = 31 - Integer.numberOfLeadingZeros(q);
        return Math.max(0, exponent - (SCALE_BITS - 1 - octaves));
    }

    private int cellOfResidual(final int server) {
        final int base = server * dimensions;
        int cell = 0;
        for (int d = 0; d < dimensions; d++) {
            cell += coordinate(d, residual[base + d]) * stride[d];
        }
        return cell;
    }

    /** The residual of {@code server} changed: O(D), and an O(1) move if its cell changed. */
    void residualChanged(final int server) {
        final int cell = cellOfResidual(server);
        final int old = cellOf[server];
        if (cell != old) {
            unlink(server, old);
            cellOf[server] = cell;
            link(server, cell);
        }
        raiseOccupancyBound(server, cell);
    }

    private void raiseOccupancyBound(final int server, final int cell) {
        final int base = server * dimensions;
        final int cellBase = cell * dimensions;
        for (int d = 0; d < dimensions; d++) {
            final int occupied = capacity[base + d] - residual[base + d];
            if (occupied > occupancyBound[cellBase + d]) {
                occupancyBound[cellBase + d] = occupied;
            }
        }
    }

    private void link(final int server, final int cell) {
        final int first = head[cell];
        nextInCell[server] = first;
        prevInCell[server] = NONE;
        if (first != NONE) {
            prevInCell[first] = server;
        }
        head[cell] = server;
        if (members[cell]++ == 0) {
            nonEmptyPosition[cell] = nonEmptyCount;
            nonEmpty[nonEmptyCount++] = cell;
        }
    }

    private void unlink(final int server, final int cell) {
        final int before = prevInCell[server];
        final int after = nextInCell[server];
        if (before == NONE) {
            head[cell] = after;
        } else {
            nextInCell[before] = after;
        }
        if (after != NONE) {
            prevInCell[after] = before;
        }
        if (--members[cell] == 0) {
            final int position = nonEmptyPosition[cell];
            final int last = nonEmpty[--nonEmptyCount];
            nonEmpty[position] = last;
            nonEmptyPosition[last] = position;
            nonEmptyPosition[cell] = NONE;
        }
    }

    /**
     * Sets {@link #low} to the job's coordinate per resource, and the odometer {@link #digit} to the first
     * candidate cell; returns that cell, or NONE if the job exceeds some resource's largest capacity.
     */
    private int startCandidates(final int[] size, final int jobBase) {
        int cell = 0;
        for (int d = 0; d < dimensions; d++) {
            final int units = size[jobBase + d];
            if (units > maxCapacity[d]) {
                return NONE;
            }
            final int c = coordinate(d, units);
            low[d] = c;
            digit[d] = c;
            cell += c * stride[d];
        }
        return cell;
    }

    /** Advances the odometer over the candidate box; returns the next cell, or NONE after the last. */
    private int nextCandidate(final int cell) {
        int next = cell;
        for (int d = 0; d < dimensions; d++) {
            if (digit[d] + 1 < side[d]) {
                digit[d]++;
                return next + stride[d];
            }
            next -= (digit[d] - low[d]) * stride[d];
            digit[d] = low[d];
        }
        return NONE;
    }

    /**
     * The holding server with the largest {@code sum_d size_d * occupied_d}, ties to the lowest index, or
     * NONE. Best bound first over the candidate cells, reached from the job's own cell one coordinate step
     * at a time (each cell from one parent: the cell one step lower on its highest raised resource), so
     * only cells whose bound can beat the best score found are ever touched. See the class comment.
     */
    int bestFit(final int[] size, final int jobBase) {
        final int corner = startCandidates(size, jobBase);
        if (corner == NONE) {
            return NONE;
        }
        if (dimensions >= 3) {
            // with D >= 3 most cells are empty and stepping through them costs more than listing the rest
            return bestFitOverNonEmptyCells(size, jobBase);
        }
        long cornerBound = 0;
        for (int d = 0; d < dimensions; d++) {
            cornerBound += (long) size[jobBase + d] * occupiedBound(d, low[d], size[jobBase + d]);
        }
        long cornerEntry = corner;
        for (int d = 0; d < dimensions; d++) {
            cornerEntry |= (long) low[d] << (DIGITS + COORDINATE_BITS * d);
        }
        heapEntry[0] = cornerEntry;
        heapBound[0] = cornerBound;
        int heapSize = 1;
        best = NONE;
        bestScore = Long.MIN_VALUE;
        while (heapSize > 0 && heapBound[0] >= bestScore) {
            final long entry = heapEntry[0];
            final long bound = heapBound[0];
            heapSize--;
            heapEntry[0] = heapEntry[heapSize];
            heapBound[0] = heapBound[heapSize];
            siftDown(0, heapSize);
            final int cell = (int) (entry & CELL_MASK);
            if ((entry & MEMBERS_BOUND) == 0) {
                // first visit, bound from the cell's coordinates: queue its children, then the cell itself
                // by its members' occupancy when that bound is lower
                int raised = 0;
                for (int d = 0; d < dimensions; d++) {
                    digit[d] = (int) (entry >>> (DIGITS + COORDINATE_BITS * d)) & COORDINATE_MASK;
                    if (digit[d] > low[d]) {
                        raised = d;
                    }
                }
                for (int d = raised; d < dimensions; d++) {
                    if (digit[d] + 1 < side[d]) {
                        final int units = size[jobBase + d];
                        final long child = bound - (long) units
                            * (occupiedBound(d, digit[d], units) - occupiedBound(d, digit[d] + 1, units));
                        heapSize = push(heapSize, entry + stride[d] + (1L << (DIGITS + COORDINATE_BITS * d)), child);
                    }
                }
                if (members[cell] == 0) {
                    continue;
                }
                long tighter = 0;
                final int cellBase = cell * dimensions;
                for (int d = 0; d < dimensions; d++) {
                    final int units = size[jobBase + d];
                    tighter += (long) units * Math.min(occupancyBound[cellBase + d], occupiedBound(d, digit[d], units));
                }
                if (tighter < bound) {
                    heapSize = push(heapSize, entry | MEMBERS_BOUND, tighter);
                    continue;
                }
            }
            scanCell(cell, size, jobBase);
        }
        return best;
    }

    /**
     * Best fit by the list of non-empty cells: every non-empty candidate cell under its members' bound
     * into the heap, then scanned in bound order until the next bound is below the best score. Cheaper than
     * stepping through the lattice when most cells are empty (D &gt;= 3).
     */
    private int bestFitOverNonEmptyCells(final int[] size, final int jobBase) {
        int heapSize = 0;
        for (int i = 0; i < nonEmptyCount; i++) {
            final int cell = nonEmpty[i];
            final int coordinateBase = cell * dimensions;
            long bound = 0;
            boolean candidate = true;
            for (int d = 0; d < dimensions; d++) {
                final int c = cellCoordinate[coordinateBase + d];
                final int units = size[jobBase + d];
                candidate &= c >= low[d];
                bound += (long) units * Math.min(occupancyBound[coordinateBase + d], occupiedBound(d, c, units));
            }
            if (candidate) {
                heapEntry[heapSize] = cell;
                heapBound[heapSize] = bound;
                heapSize++;
            }
        }
        for (int i = (heapSize >>> 1) - 1; i >= 0; i--) {
            siftDown(i, heapSize);
        }
        best = NONE;
        bestScore = Long.MIN_VALUE;
        while (heapSize > 0 && heapBound[0] >= bestScore) {
            final int cell = (int) heapEntry[0];
            heapSize--;
            heapEntry[0] = heapEntry[heapSize];
            heapBound[0] = heapBound[heapSize];
            siftDown(0, heapSize);
            scanCell(cell, size, jobBase);
        }
        return best;
    }

    /**
     * Reads every member of {@code cell}: the best holding server so far ({@link #best}, {@link #bestScore};
     * ties to the lower index), and the cell's occupancy bounds set to its members' exact maxima.
     */
    private void scanCell(final int cell, final int[] size, final int jobBase) {
        final int cellBase = cell * dimensions;
        for (int d = 0; d < dimensions; d++) {
            occupancyBound[cellBase + d] = 0;
        }
        for (int s = head[cell]; s != NONE; s = nextInCell[s]) {
            final int base = s * dimensions;
            long score = 0;
            boolean fits = true;
            for (int d = 0; d < dimensions; d++) {
                final int free = residual[base + d];
                final int occupied = capacity[base + d] - free;
                final int units = size[jobBase + d];
                fits &= units <= free;
                score += (long) units * occupied;
                if (occupied > occupancyBound[cellBase + d]) {
                    occupancyBound[cellBase + d] = occupied;
                }
            }
            if (fits && (score > bestScore || score == bestScore && s < best)) {
                bestScore = score;
                best = s;
            }
        }
    }

    /**
     * The most a server in coordinate c of resource d can have occupied there and still hold {@code units}:
     * its residual is at least the coordinate's lowest and at least the job's size. Non-increasing in c.
     */
    private int occupiedBound(final int d, final int c, final int units) {
        return maxCapacity[d] - Math.max(lowest[offset[d] + c], units);
    }

    private int push(final int size, final long entry, final long bound) {
        int i = size;
        while (i > 0) {
            final int parent = (i - 1) >>> 1;
            if (heapBound[parent] >= bound) {
                break;
            }
            heapEntry[i] = heapEntry[parent];
            heapBound[i] = heapBound[parent];
            i = parent;
        }
        heapEntry[i] = entry;
        heapBound[i] = bound;
        return size + 1;
    }

    private void siftDown(final int start, final int size) {
        int i = start;
        final long entry = heapEntry[i];
        final long bound = heapBound[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && heapBound[child + 1] > heapBound[child]) {
                child++;
            }
            if (heapBound[child] <= bound) {
                break;
            }
            heapEntry[i] = heapEntry[child];
            heapBound[i] = heapBound[child];
            i = child;
        }
        heapEntry[i] = entry;
        heapBound[i] = bound;
    }

    /**
     * A server drawn uniformly among those that hold the job: the {@code random.nextInt(F)}-th of the F
     * holding servers in increasing index order; NONE, without drawing, if F = 0. See the class comment.
     */
    int randomFit(final int[] size, final int jobBase, final RandomGenerator random) {
        // count: every member of a cell above the job on all resources holds it; test the straddling ones
        int fitting = 0;
        for (int cell = startCandidates(size, jobBase); cell != NONE; cell = nextCandidate(cell)) {
            if (members[cell] == 0) {
                continue;
            }
            if (straddles()) {
                for (int s = head[cell]; s != NONE; s = nextInCell[s]) {
                    if (holds(size, jobBase, s)) {
                        fitting++;
                    }
                }
            } else {
                fitting += members[cell];
            }
        }
        if (fitting == 0) {
            return NONE;
        }
        final int rank = random.nextInt(fitting);
        // select the rank-th holder by index: many holders, a sequential scan stops after about L/2 servers;
        // few, marking them costs O(F) and beats it
        return fitting >= (cellOf.length >>> 3) ? scanForRank(size, jobBase, rank) : markForRank(size, jobBase, rank);
    }

    private boolean straddles() {
        for (int d = 0; d < dimensions; d++) {
            if (digit[d] == low[d]) {
                return true;
            }
        }
        return false;
    }

    /** The rank-th server (from 0) that holds the job, in index order, by a scan from server 0. */
    private int scanForRank(final int[] size, final int jobBase, final int rank) {
        int remaining = rank;
        for (int s = 0; s < cellOf.length; s++) {
            if (holds(size, jobBase, s) && remaining-- == 0) {
                return s;
            }
        }
        throw new AssertionError("fewer holding servers than counted");
    }

    /** The rank-th server that holds the job, in index order, by marking the holders and counting bits. */
    private int markForRank(final int[] size, final int jobBase, final int rank) {
        int lowWord = Integer.MAX_VALUE;
        int highWord = -1;
        for (int cell = startCandidates(size, jobBase); cell != NONE; cell = nextCandidate(cell)) {
            if (members[cell] == 0) {
                continue;
            }
            final boolean straddles = straddles();
            for (int s = head[cell]; s != NONE; s = nextInCell[s]) {
                if (!straddles || holds(size, jobBase, s)) {
                    final int word = s >>> 6;
                    marks[word] |= 1L << s;
                    lowWord = Math.min(lowWord, word);
                    highWord = Math.max(highWord, word);
                }
            }
        }
        int remaining = rank;
        int chosen = NONE;
        for (int word = lowWord; word <= highWord; word++) {
            long bits = marks[word];
            marks[word] = 0;
            if (chosen != NONE) {
                continue;
            }
            final int ones = Long.bitCount(bits);
            if (remaining >= ones) {
                remaining -= ones;
                continue;
            }
            for (; remaining > 0; remaining--) {
                bits &= bits - 1;
            }
            chosen = (word << 6) + Long.numberOfTrailingZeros(bits);
        }
        return chosen;
    }

    private boolean holds(final int[] size, final int jobBase, final int server) {
        final int base = server * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (size[jobBase + d] > residual[base + d]) {
                return false;
            }
        }
        return true;
    }

    /** Cells of the grid; for tests and benchmarks' descriptions. */
    int cellCount() {
        return cellCount;
    }
}
