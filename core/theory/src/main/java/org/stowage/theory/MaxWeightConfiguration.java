package org.stowage.theory;

import java.util.Arrays;

/**
 * The max-weight configuration of one server (Psychas and Ghaderi 2019, Definition 2): given weights
 * {@code w_j}, find a feasible configuration {@code k} maximising {@code <k, w> = sum_j k_j w_j}. This is an
 * unbounded integer knapsack, multi-dimensional for {@code D > 1}; it is the pricing problem of the capacity
 * LP's column generation (weights = the master's duals) and the MaxWeight rule of the papers' schedulers.
 *
 * <p>Only types with {@code w_j > 0} that fit alone are candidates (the others are 0 in some optimum).
 *
 * <h2>One resource, small capacity: exact dynamic programme</h2>
 * When {@code candidates * (C + 1)} is at most 8 x the grid budget (about 16 million cells, some 10 ms), the
 * classic unbounded-knapsack recursion {@code f[c] = max(f[c], f[c - s_j] + w_j)} over every capacity
 * {@code c <= C} gives the optimum exactly, with {@code O(C)} memory. The continuous bounds of
 * {@link ContinuousBounds} work on a grid of a few thousand steps precisely so that they land here.
 *
 * <h2>Otherwise: depth-first branch and bound</h2>
 * With normalised sizes {@code a_j = sum_d s_j[d] / C[d]}, candidates are sorted by efficiency
 * {@code e_j = w_j / a_j}, highest first (ties: lower type index). The search fixes {@code k_j} for the
 * candidates in that order, each from its largest feasible count down to 0 (greedy first, so a good
 * incumbent comes early). A branch is pruned when an upper bound on what the remaining candidates can add
 * does not exceed the incumbent:
 * <ul>
 *   <li>surrogate bound: every remaining job uses {@code a_j} of the summed normalised residual
 *       {@code A = sum_d r_d / C[d]}, so they add at most {@code A * max_{i' >= i} e_{i'} = A * e_i}.
 *       Because candidates are sorted by efficiency, this bound after taking {@code k} copies of candidate
 *       {@code i} does not decrease with {@code k}: once it fails, every smaller {@code k} fails too and the
 *       loop stops (the Martello-Toth argument for the unbounded knapsack);</li>
 *   <li>per-resource bounds: on each resource {@code d}, at most {@code r_d * max_{i' >= i} w_{i'} / s_{i'}[d]}
 *       (skipped where some remaining type uses none of {@code d});</li>
 *   <li>grid bound: a dynamic programme over a coarse grid of the residual, with sizes rounded down to whole
 *       grid steps ({@link #buildGrid}); it sees that near-equal efficiencies cannot all fill a server
 *       exactly, which the two linear bounds miss. It costs up to the grid budget (2^21 cells) per solve,
 *       so it is built only when a search has not finished within 20,000 nodes on the other two.</li>
 * </ul>
 * All three are relaxations, so pruning never loses the optimum.
 *
 * <h2>Node limit</h2>
 * The problem is NP-hard, and with many types whose weights are nearly proportional to their sizes (as
 * the LP's duals become) the multi-resource search can take very long. After {@code nodeLimit} nodes it
 * stops with its best configuration and a proven upper bound: the largest bound among the branches it
 * cut off ({@link #upperBound()}, {@link #truncated()}).
 *
 * <p>Feasibility is exact integer arithmetic in the simulator's units; the objective is a {@code double}
 * sum, exact up to rounding of the weights (relative 1e-15), far below any LP tolerance. Ties between equal
 * objective values keep the first configuration found, so results are deterministic.
 *
 * <p>Complexity: {@code O(J log J + J * D)} set-up, then {@code O(candidates * C)} for the programme, or
 * {@code O(D)} per search node plus at most the grid budget for the grid. Allocation: scratch arrays grow
 * to their high-water mark and are reused. Not thread-safe: use one instance per thread.
 */
public final class MaxWeightConfiguration {
    private final int[][] sizes;
    private final int types;
    private final int dimensions;

    /** Candidate type indices in search order, and their weights, efficiencies and per-resource ratio maxima. */
    private final int[] order;
    private final double[] candidateWeight;
    private final double[] efficiency;
    private final double[] suffixRatio;
    private final double[] sortKey;
    private final int[] orderScratch;
    private final double[] keyScratch;
    private int candidates;

    /**
     * Doubles available to the coarse-grid tables over all levels (16 MB); 0 disables the grid bound and the
     * exact programme. For one resource, the exact programme runs when candidates times capacity cells is at
     * most 8 times this (about 10 ms of work); it needs only {@code O(C)} memory.
     */
    static final int DEFAULT_GRID_BUDGET = 1 << 21;
    private final int gridBudget;
    private double[] grid = new double[0];
    private final int[] gridStep;
    private final int[] gridStride;
    private final int[] gridExtent;
    private final int[] gridCoordinate;
    private final int[] itemGridSize;
    private int gridCells;
    private double[] dpValue = new double[0];
    private int[] dpChoice = new int[0];

    private final double[] inverseCapacity;
    private final int[] residual;
    private final int[] current;
    /** Per search level: the next count of its candidate to try, and the value with which it was entered. */
    private final int[] nextCount;
    private final double[] levelValue;
    private int[] best;
    private double bestValue;
    private double bestValueOfLastSolve;
    private long nodes;
    private final long nodeLimit;
    private long activeLimit;
    /** Nodes a search may take on the cheap bounds alone before the grid is built and it starts over. */
    static final long GRIDLESS_NODES = 20_000;
    /** Largest bound of the branches a truncated search left unexplored; -infinity if it was exact. */
    private double abandoned;

    /** @param sizes {@code sizes[j][d]} in units, each vector positive on some resource */
    public MaxWeightConfiguration(final int[][] sizes) {
        this(sizes, DEFAULT_GRID_BUDGET, Long.MAX_VALUE);
    }

    /**
     * @param nodeLimit search nodes after which a search stops with its best configuration and a proven
     *                  upper bound instead of the optimum ({@link #upperBound()}); {@code Long.MAX_VALUE}
     *                  for always exact
     */
    public MaxWeightConfiguration(final int[][] sizes, final long nodeLimit) {
        this(sizes, DEFAULT_GRID_BUDGET, nodeLimit);
    }

    /** With a chosen grid budget (0: surrogate and per-resource bounds only; tests use it to exercise both). */
    MaxWeightConfiguration(final int[][] sizes, final int gridBudget, final long nodeLimit) {
        if (nodeLimit < 1) {
            throw new IllegalArgumentException("node limit must be >= 1: " + nodeLimit);
        }
        this.nodeLimit = nodeLimit;
        if (sizes.length == 0) {
            throw new IllegalArgumentException("no job types");
        }
        this.types = sizes.length;
        this.dimensions = sizes[0].length;
        this.sizes = new int[types][];
        for (int j = 0; j < types; j++) {
            if (sizes[j].length != dimensions) {
                throw new IllegalArgumentException("type " + j + " has " + sizes[j].length + " resources, type 0 has "
                    + dimensions);
            }
            boolean positive = false;
            for (int d = 0; d < dimensions; d++) {
                if (sizes[j][d] < 0) {
                    throw new IllegalArgumentException("type " + j + ", resource " + d + ": negative size " + sizes[j][d]);
                }
                positive |= sizes[j][d] > 0;
            }
            if (!positive) {
                throw new IllegalArgumentException("type " + j + " has size 0 on every resource");
            }
            this.sizes[j] = sizes[j].clone();
        }
        this.order = new int[types];
        this.candidateWeight = new double[types];
        this.efficiency = new double[types + 1];
        this.suffixRatio = new double[(types + 1) * dimensions];
        this.sortKey = new double[types];
        this.orderScratch = new int[types];
        this.keyScratch = new double[types];
        this.inverseCapacity = new double[dimensions];
        this.gridBudget = gridBudget;
        this.gridStep = new int[dimensions];
        this.gridStride = new int[dimensions];
        this.gridExtent = new int[dimensions];
        this.gridCoordinate = new int[dimensions];
        this.itemGridSize = new int[types * dimensions];
        this.residual = new int[dimensions];
        this.current = new int[types];
        this.nextCount = new int[types + 1];
        this.levelValue = new double[types + 1];
    }

    /**
     * Solves one instance.
     *
     * @param weights  {@code w_j}, one per type (any finite values; types with {@code w_j <= 0} stay at 0)
     * @param capacity the server's capacity vector in units
     * @param out      receives the optimal configuration (length {@code J})
     * @return the optimal weight {@code <k, w>}, 0 if no positive-weight type fits
     */
    public double solve(final double[] weights, final int[] capacity, final int[] out) {
        if (weights.length != types || out.length != types || capacity.length != dimensions) {
            throw new IllegalArgumentException("expected " + types + " weights and outputs and " + dimensions
                + " capacities: " + weights.length + ", " + out.length + ", " + capacity.length);
        }
        for (int d = 0; d < dimensions; d++) {
            if (capacity[d] < 1) {
                throw new IllegalArgumentException("resource " + d + ": capacity must be >= 1 unit: " + capacity[d]);
            }
            inverseCapacity[d] = 1.0 / capacity[d];
            residual[d] = capacity[d];
        }
        collectCandidates(weights, capacity);
        Arrays.fill(out, 0);
        nodes = 0;
        abandoned = Double.NEGATIVE_INFINITY;
        if (dimensions == 1 && (long) candidates * (capacity[0] + 1L) <= 8L * gridBudget) {
            bestValueOfLastSolve = solveByDynamicProgramme(capacity[0], out);
            return bestValueOfLastSolve;
        }
        // Most searches finish in a few nodes on the cheap bounds; build the grid only for the others.
        gridCells = 0;
        runSearch(out, Math.min(nodeLimit, GRIDLESS_NODES));
        if (truncated() && nodeLimit > GRIDLESS_NODES) {
            abandoned = Double.NEGATIVE_INFINITY;
            buildGrid(capacity);
            runSearch(out, nodeLimit);
        }
        bestValueOfLastSolve = bestValue;
        return bestValue;
    }

    private void runSearch(final int[] out, final long limit) {
        Arrays.fill(current, 0);
        Arrays.fill(out, 0);
        best = out;
        bestValue = 0;
        activeLimit = limit == Long.MAX_VALUE ? Long.MAX_VALUE : nodes + limit; // nodes counts both attempts
        search();
        best = null;
    }

    /**
     * Exact unbounded-knapsack dynamic programme for one resource: {@code f[c]} is the best weight of a
     * configuration of total size at most {@code c}, and {@code choice[c]} the candidate that set it last.
     * Candidates are taken in search order, so after all of them {@code f[c] = f[c - s_j] + w_j} for
     * {@code j = choice[c]}, and following the choices from {@code C} rebuilds an optimal configuration.
     * Strict improvement keeps the first optimum found. {@code O(candidates * C)}; {@link #nodes()} counts
     * the cells.
     */
    private double solveByDynamicProgramme(final int capacity, final int[] out) {
        if (dpValue.length < capacity + 1) {
            dpValue = new double[capacity + 1];
            dpChoice = new int[capacity + 1];
        }
        final double[] value = dpValue;
        final int[] choice = dpChoice;
        Arrays.fill(value, 0, capacity + 1, 0.0);
        Arrays.fill(choice, 0, capacity + 1, -1);
        for (int i = 0; i < candidates; i++) {
            final int size = sizes[order[i]][0];
            final double weight = candidateWeight[i];
            for (int c = size; c <= capacity; c++) {
                final double with = value[c - size] + weight;
                if (with > value[c]) {
                    value[c] = with;
                    choice[c] = i;
                }
            }
            nodes += capacity + 1 - size;
        }
        double total = 0;
        for (int c = capacity; choice[c] >= 0; ) {
            final int type = order[choice[c]];
            out[type]++;
            total += candidateWeight[choice[c]];
            c -= sizes[type][0];
        }
        return total;
    }

    /**
     * A proven upper bound on the optimum of the last {@link #solve}: its value when the search was exact,
     * else the largest bound among the branches the node limit cut off.
     */
    public double upperBound() {
        return Math.max(bestValueOfLastSolve, abandoned);
    }

    /** Whether the last {@link #solve} hit the node limit (its configuration may then be suboptimal). */
    public boolean truncated() {
        return abandoned != Double.NEGATIVE_INFINITY;
    }

    /** Search nodes visited by the last {@link #solve}, or table cells filled by the exact programme. */
    public long nodes() {
        return nodes;
    }

    private void collectCandidates(final double[] weights, final int[] capacity) {
        candidates = 0;
        for (int j = 0; j < types; j++) {
            final double w = weights[j];
            if (!(w > 0)) {
                if (Double.isNaN(w) || Double.isInfinite(w)) {
                    throw new IllegalArgumentException("weight of type " + j + " must be finite: " + w);
                }
                continue;
            }
            if (Double.isInfinite(w)) {
                throw new IllegalArgumentException("weight of type " + j + " must be finite: " + w);
            }
            boolean fits = true;
            double normalised = 0;
            for (int d = 0; d < dimensions; d++) {
                fits &= sizes[j][d] <= capacity[d];
                normalised += sizes[j][d] * inverseCapacity[d];
            }
            if (fits) {
                order[candidates] = j;
                sortKey[candidates] = w / normalised;
                candidates++;
            }
        }
        sortByEfficiency();
        for (int i = 0; i < candidates; i++) {
            candidateWeight[i] = weights[order[i]];
            efficiency[i] = sortKey[i];
        }
        efficiency[candidates] = 0;
        Arrays.fill(suffixRatio, candidates * dimensions, (candidates + 1) * dimensions, 0.0);
        for (int i = candidates - 1; i >= 0; i--) {
            final int j = order[i];
            for (int d = 0; d < dimensions; d++) {
                final double ratio = sizes[j][d] == 0 ? Double.POSITIVE_INFINITY : candidateWeight[i] / sizes[j][d];
                suffixRatio[i * dimensions + d] = Math.max(ratio, suffixRatio[(i + 1) * dimensions + d]);
            }
        }
    }

    /** Stable bottom-up merge sort of the candidates by efficiency, highest first (ties keep type order). */
    private void sortByEfficiency() {
        int[] from = order;
        double[] fromKey = sortKey;
        int[] to = orderScratch;
        double[] toKey = keyScratch;
        for (int width = 1; width < candidates; width *= 2) {
            for (int low = 0; low < candidates; low += 2 * width) {
                final int middle = Math.min(low + width, candidates);
                final int high = Math.min(low + 2 * width, candidates);
                int left = low;
                int right = middle;
                for (int out = low; out < high; out++) {
                    if (left < middle && (right >= high || fromKey[left] >= fromKey[right])) {
                        to[out] = from[left];
                        toKey[out] = fromKey[left++];
                    } else {
                        to[out] = from[right];
                        toKey[out] = fromKey[right++];
                    }
                }
            }
            final int[] swap = from;
            from = to;
            to = swap;
            final double[] swapKey = fromKey;
            fromKey = toKey;
            toKey = swapKey;
        }
        if (from != order) {
            System.arraycopy(from, 0, order, 0, candidates);
            System.arraycopy(fromKey, 0, sortKey, 0, candidates);
        }
    }

    /**
     * The depth-first search, one level per candidate, as a loop over explicit per-level state rather than
     * recursion: a search as deep as the candidates (thousands of types) would overflow the thread's stack.
     * Level {@code i} fixes {@code k_i}, trying {@code nextCount[i]} down to 0; the residual and
     * {@code current} hold the counts fixed at the levels above.
     */
    private void search() {
        int level = 0;
        double value = 0;
        while (true) {
            nodes++;
            if (value > bestValue) {
                bestValue = value;
                System.arraycopy(current, 0, best, 0, types); // candidates from this level on are still 0
            }
            if (level < candidates) {
                levelValue[level] = value;
                nextCount[level] = Configurations.maxCount(sizes[order[level]], residual);
            } else {
                if (level == 0) {
                    return;
                }
                level--;
                untake(level);
            }
            while (true) {
                final int k = nextBranch(level);
                if (k >= 0) {
                    final int[] size = sizes[order[level]];
                    current[order[level]] = k;
                    for (int d = 0; d < dimensions; d++) {
                        residual[d] -= k * size[d];
                    }
                    value = levelValue[level] + k * candidateWeight[level];
                    level++;
                    break;
                }
                current[order[level]] = 0;
                if (level == 0) {
                    return;
                }
                level--;
                untake(level);
            }
        }
    }

    /** Gives back the residual that the count fixed at {@code level} took. */
    private void untake(final int level) {
        final int[] size = sizes[order[level]];
        final int k = current[order[level]];
        for (int d = 0; d < dimensions; d++) {
            residual[d] += k * size[d];
        }
    }

    /**
     * The next count of {@code level}'s candidate worth a branch, from {@code nextCount[level]} down, or -1
     * when the level is done: the bounds cut every smaller count, or the node limit stops the search.
     */
    private int nextBranch(final int level) {
        final int[] size = sizes[order[level]];
        final double weight = candidateWeight[level];
        final double value = levelValue[level];
        final double nextEfficiency = efficiency[level + 1];
        for (int k = nextCount[level]; k >= 0; k--) {
            final double withK = value + k * weight;
            double normalisedResidual = 0;
            for (int d = 0; d < dimensions; d++) {
                normalisedResidual += (residual[d] - (long) k * size[d]) * inverseCapacity[d];
            }
            final double surrogate = withK + normalisedResidual * nextEfficiency;
            if (surrogate <= bestValue) {
                return -1; // non-decreasing in k (candidates sorted by efficiency): smaller k cannot do better
            }
            if (nodes >= activeLimit) {
                abandonFrom(level, k, value);
                return -1;
            }
            if (perResourceBound(level + 1, k, size, withK) <= bestValue
                || withK + gridBound(level + 1, k, size) <= bestValue) {
                continue;
            }
            nextCount[level] = k - 1;
            return k;
        }
        return -1;
    }

    /**
     * Fills the coarse-grid tables: with grid steps {@code g_d}, {@code f_i(c)} is the best weight of candidates
     * {@code i..} whose sizes rounded down to whole steps fit into {@code c} steps. Rounding sizes down only
     * loosens the constraint ({@code sum k s_d <= r_d} implies {@code sum k floor(s_d / g_d) <= floor(r_d / g_d)}),
     * so {@code f_i(floor(r / g))} bounds what candidates {@code i..} can add in residual {@code r}. Unlike
     * the surrogate bound, it sees that near-equal efficiencies do not let every server be filled exactly.
     * Unbounded knapsack recursion per level: {@code f_i(c) = max(f_{i+1}(c), w_i + f_i(c - s'_i))}.
     * Cost {@code O(candidates * cells)}, at most the grid budget.
     */
    private void buildGrid(final int[] capacity) {
        gridCells = 0;
        if (candidates == 0 || gridBudget == 0) {
            return;
        }
        final long perLevel = gridBudget / (candidates + 1L);
        final int side = (int) Math.floor(Math.pow(perLevel, 1.0 / dimensions) + 1e-9);
        if (side < 3) {
            return;
        }
        int cells = 1;
        for (int d = 0; d < dimensions; d++) {
            gridStep[d] = Math.max(1, (capacity[d] + side - 2) / (side - 1));
            gridExtent[d] = capacity[d] / gridStep[d] + 1;
            gridStride[d] = cells;
            cells *= gridExtent[d];
        }
        assert (long) cells * (candidates + 1) <= gridBudget;
        if (grid.length < cells * (candidates + 1)) {
            grid = new double[cells * (candidates + 1)];
        }
        gridCells = cells;
        Arrays.fill(grid, candidates * cells, (candidates + 1) * cells, 0.0);
        for (int i = candidates - 1; i >= 0; i--) {
            final int base = i * cells;
            final int next = base + cells;
            final int[] size = sizes[order[i]];
            int offset = 0;
            for (int d = 0; d < dimensions; d++) {
                itemGridSize[i * dimensions + d] = size[d] / gridStep[d];
                offset += itemGridSize[i * dimensions + d] * gridStride[d];
            }
            if (offset == 0) {
                // Smaller than one step on every resource: the relaxation could take it without limit.
                Arrays.fill(grid, base, next, Double.POSITIVE_INFINITY);
                continue;
            }
            final double weight = candidateWeight[i];
            if (dimensions == 1) {
                System.arraycopy(grid, next, grid, base, offset);
                for (int c = offset; c < cells; c++) {
                    grid[base + c] = Math.max(grid[next + c], weight + grid[base + c - offset]);
                }
                continue;
            }
            Arrays.fill(gridCoordinate, 0);
            for (int c = 0; c < cells; c++) {
                double value = grid[next + c];
                boolean room = true;
                for (int d = 0; d < dimensions && room; d++) {
                    room = gridCoordinate[d] >= itemGridSize[i * dimensions + d];
                }
                if (room) {
                    value = Math.max(value, weight + grid[base + c - offset]);
                }
                grid[base + c] = value;
                for (int d = 0; d < dimensions; d++) {
                    if (++gridCoordinate[d] < gridExtent[d]) {
                        break;
                    }
                    gridCoordinate[d] = 0;
                }
            }
        }
    }

    /** The grid bound on what candidates {@code next..} add after taking k of this one (infinite without grid). */
    private double gridBound(final int next, final int k, final int[] size) {
        if (gridCells == 0) {
            return Double.POSITIVE_INFINITY;
        }
        int cell = 0;
        for (int d = 0; d < dimensions; d++) {
            cell += ((residual[d] - k * size[d]) / gridStep[d]) * gridStride[d];
        }
        return grid[next * gridCells + cell];
    }

    /**
     * Records a bound on every branch {@code k' <= k} of this level that the node limit cuts off: the
     * largest over those {@code k'} of the best of the three bounds (each is valid for its own {@code k'}).
     */
    private void abandonFrom(final int level, final int k, final double value) {
        final int[] size = sizes[order[level]];
        final double weight = candidateWeight[level];
        final double nextEfficiency = efficiency[level + 1];
        for (int kk = k; kk >= 0; kk--) {
            final double withK = value + kk * weight;
            double normalisedResidual = 0;
            for (int d = 0; d < dimensions; d++) {
                normalisedResidual += (residual[d] - (long) kk * size[d]) * inverseCapacity[d];
            }
            final double surrogate = withK + normalisedResidual * nextEfficiency;
            if (surrogate <= abandoned) {
                break; // the surrogate only falls with kk, and the others are below it
            }
            final double bound = Math.min(surrogate, Math.min(perResourceBound(level + 1, kk, size, withK),
                withK + gridBound(level + 1, kk, size)));
            abandoned = Math.max(abandoned, bound);
        }
    }

    /** {@code withK} plus the tightest per-resource bound of candidates {@code next..} after taking k of this one. */
    private double perResourceBound(final int next, final int k, final int[] size, final double withK) {
        double bound = Double.POSITIVE_INFINITY;
        for (int d = 0; d < dimensions; d++) {
            final double ratio = suffixRatio[next * dimensions + d];
            if (ratio != Double.POSITIVE_INFINITY) {
                bound = Math.min(bound, (residual[d] - (long) k * size[d]) * ratio);
            }
        }
        return withK + bound;
    }
}
