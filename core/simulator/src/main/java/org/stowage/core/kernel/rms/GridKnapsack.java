package org.stowage.core.kernel.rms;

import java.util.Arrays;

/**
 * An exact max-weight configuration of one server with one resource, by dynamic programming over the
 * coarsest exact grid: {@code g = gcd(s_0, ..., s_{J-1}, C)} units, so the capacity has {@code C / g}
 * cells and every size is a whole number of them. For the Google trace's dyadic types (sizes
 * 2<sup>-p</sup>, p = 0..9, on unit servers) the grid is 1/512 of a server: 513 cells; for Fig. 1b
 * (sizes 2 and 5 in capacity 10) it is 11 cells. (For MWR and MWS, Psychas and Ghaderi 2018, Sec. VII-A3.)
 *
 * <h2>Which optimum</h2>
 * It returns the <b>lexicographically largest</b> configuration of largest {@code <k, w>} (most of type 0,
 * then most of type 1, ...), the same one {@link MaxWeightTable#best} picks from the maximal
 * configurations (for non-negative weights that configuration is maximal: one more job of any type that
 * fits would be lexicographically larger and no lighter). Tables of suffix optima make that possible:
 * {@code best[i][c]} is the largest weight of types {@code i..J-1} in {@code c} cells, by the unbounded
 * knapsack recursion {@code best[i][c] = max(best[i+1][c], best[i][c - s_i] + w_i)}; the configuration is
 * then rebuilt type by type, taking for type {@code i} the largest count that still reaches the optimum.
 *
 * <h2>Divisible sizes: O(J)</h2>
 * When the sizes of the types that fit form a divisibility chain and the largest of them divides the
 * capacity (the trace's dyadic types on unit servers), the fractional bound is reached by filling the
 * whole server with one type of largest efficiency {@code w_j / s_j}, and no optimal configuration holds a
 * job of a less efficient type (each such job could be swapped for an exact fill of the efficient one, a
 * strict gain). The lexicographically largest optimum is then the server filled with the lowest-index most
 * efficient type (with every weight 0: the lowest-index type that fits). {@link #solve} takes that path
 * without the tables; the differential tests hold it to the tables and to brute force.
 *
 * <p>Weights are {@code int} (queue lengths, {@code >= 0}) and values {@code long}: exact, so ties are
 * exact (efficiencies are compared by cross-multiplication). Cost: O(J * C / g) per {@link #solve} (about
 * 5,000 table cells for ten types on a 1/512 grid), O(J) on the divisible path; O(J * C / g) {@code long}s
 * of memory allocated once; no allocation per call. Not thread-safe (one instance per kernel).
 */
public final class GridKnapsack {
    /** Largest table ({@code (J + 1) * cells}) accepted by the constructor: 2<sup>20</sup> longs, 8 MB. */
    public static final int MAX_TABLE_CELLS = 1 << 20;

    private final int types;
    private final int grid;
    private final int cells;
    /** Size of each type in grid cells; 0 for a type larger than the capacity (it is never taken). */
    private final int[] cellSizes;
    /** {@code best[i * cells + c]}, rows i = 0..J (row J is all zeros). */
    private final long[] best;
    /** Whether the fitting sizes form a divisibility chain whose largest divides the capacity. */
    private final boolean divisible;

    /**
     * @param sizes    each type's size in units, {@code > 0}
     * @param capacity the server's capacity in units, {@code > 0}
     * @throws IllegalArgumentException if the table would exceed {@link #MAX_TABLE_CELLS} (use a
     *                                  {@link MaxWeightTable} of maximal configurations instead)
     */
    public GridKnapsack(final int[] sizes, final int capacity) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("no job types");
        }
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1 unit: " + capacity);
        }
        int g = capacity;
        for (int j = 0; j < sizes.length; j++) {
            if (sizes[j] < 1) {
                throw new IllegalArgumentException("size of type " + j + " must be >= 1 unit: " + sizes[j]);
            }
            g = gcd(g, sizes[j]);
        }
        this.types = sizes.length;
        this.grid = g;
        this.cells = capacity / g + 1;
        if ((long) (types + 1) * cells > MAX_TABLE_CELLS) {
            throw new IllegalArgumentException("the exact grid of " + Arrays.toString(sizes) + " in capacity "
                + capacity + " is " + g + " units: " + (types + 1) + " x " + cells + " table cells, above "
                + MAX_TABLE_CELLS + "; enumerate the maximal configurations instead");
        }
        this.cellSizes = new int[types];
        for (int j = 0; j < types; j++) {
            cellSizes[j] = sizes[j] > capacity ? 0 : sizes[j] / g;
        }
        this.best = new long[(types + 1) * cells];
        this.divisible = isDivisibleChain(cellSizes, cells - 1);
    }

    private static boolean isDivisibleChain(final int[] cellSizes, final int capacityCells) {
        final int[] fitting = Arrays.stream(cellSizes).filter(s -> s > 0).sorted().toArray();
        if (fitting.length == 0) {
            return false;
        }
        for (int i = 1; i < fitting.length; i++) {
            if (fitting[i] % fitting[i - 1] != 0) {
                return false;
            }
        }
        return capacityCells % fitting[fitting.length - 1] == 0;
    }

    private static int gcd(final int a, final int b) {
        int x = a;
        int y = b;
        while (y != 0) {
            final int t = x % y;
            x = y;
            y = t;
        }
        return x;
    }

    /**
     * Solves one instance.
     *
     * @param weights {@code w_j >= 0}, at least {@code J} of them
     * @param out     receives the configuration (length at least {@code J})
     * @return the optimal {@code <k, w>}
     */
    public long solve(final int[] weights, final int[] out) {
        assert weights.length >= types && out.length >= types;
        return divisible ? solveDivisible(weights, out) : solveByTables(weights, out);
    }

    /**
     * The general path by the tables, whether or not the sizes are divisible (same result as {@link #solve};
     * for tests and measurements).
     */
    public long solveByTables(final int[] weights, final int[] out) {
        final long[] table = best;
        final int n = cells;
        for (int i = types - 1; i >= 0; i--) {
            final int row = i * n;
            final int next = row + n;
            final int size = cellSizes[i];
            final long w = weights[i];
            assert w >= 0 : "weights are queue lengths: " + w;
            if (size == 0) {
                System.arraycopy(table, next, table, row, n);
                continue;
            }
            for (int c = 0; c < size && c < n; c++) {
                table[row + c] = table[next + c];
            }
            for (int c = size; c < n; c++) {
                final long with = table[row + c - size] + w;
                final long without = table[next + c];
                table[row + c] = with > without ? with : without;
            }
        }
        int c = n - 1;
        for (int i = 0; i < types; i++) {
            final int size = cellSizes[i];
            int count = 0;
            if (size > 0) {
                final long target = table[i * n + c];
                final long w = weights[i];
                final int nextRow = (i + 1) * n;
                for (int k = c / size; k > 0; k--) {
                    if (k * w + table[nextRow + c - k * size] == target) {
                        count = k;
                        break;
                    }
                }
            }
            out[i] = count;
            c -= count * size;
        }
        return table[n - 1];
    }

    private long solveDivisible(final int[] weights, final int[] out) {
        int chosen = -1;
        for (int j = 0; j < types; j++) {
            out[j] = 0;
            final int size = cellSizes[j];
            if (size == 0) {
                continue;
            }
            assert weights[j] >= 0 : "weights are queue lengths: " + weights[j];
            // w_j / s_j > w_c / s_c, exactly; ties keep the lower index
            if (chosen < 0 || (long) weights[j] * cellSizes[chosen] > (long) weights[chosen] * size) {
                chosen = j;
            }
        }
        final int count = (cells - 1) / cellSizes[chosen];
        out[chosen] = count;
        return (long) count * weights[chosen];
    }

    /** Whether {@link #solve} takes the O(J) path for divisible sizes. */
    public boolean divisible() {
        return divisible;
    }

    /** The grid step in units: the gcd of the sizes and the capacity. */
    public int gridUnits() {
        return grid;
    }

    /** Capacity cells plus one. */
    public int cells() {
        return cells;
    }

    /** Number of job types {@code J}. */
    public int types() {
        return types;
    }

    @Override
    public String toString() {
        return "GridKnapsack[" + types + " types, grid " + grid + " units, " + cells + " cells]";
    }
}
