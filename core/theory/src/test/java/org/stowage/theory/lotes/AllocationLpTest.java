package org.stowage.theory.lotes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Stage 1 (Eq. 1-5): the paper's relaxation example, its reading of Eq. 2-4 (the returned delta satisfy
 * them), and its optimum against two independent brute forces on tiny random instances: a grid over the
 * fraction of each class routed to each configuration (the fluid bound the LP stands for), and an
 * enumeration of every vertex of the solved form. Seeds are in every message; -Dstowage.seed=N reruns one.
 */
class AllocationLpTest {
    private static final int INSTANCES = 60;

    /**
     * Sec. 4.1: two machines of capacity 5, jobs of size 3 at one job per minute each: the relaxation holds
     * 10/3 jobs at once, so it supports 10/3 arrivals per minute (the discrete system only 2).
     */
    @Test
    void twoMachinesOfCapacityFiveWithJobsOfThreeRelaxToTenThirds() {
        final LotesInstance instance = LotesInstance.of(new int[][] {{5}}, new int[][] {{0, 1}}, new int[][] {{3}},
            new double[] {1}, new double[][] {{1}});
        final Allocation allocation = AllocationLp.solve(instance, LotesOptions.defaults());
        assertEquals(10.0 / 3, allocation.lambda(), 1e-9);
        assertEquals(1.0, allocation.delta(0, 0, 0), 1e-9, "the whole super-machine");
        assertEquals(5.0 / 3, allocation.jobsPerMachine(0, 0), 1e-9);
        assertEquals(1, allocation.classCount(0));
    }

    @Test
    void deltaSatisfiesTheCapacityTheProfileAndTheStabilityConstraints() {
        for (long seed = 1; seed <= INSTANCES; seed++) {
            final LotesInstance instance = randomInstance(new SplittableRandom(seed), 3, 3, 2);
            final Allocation allocation = AllocationLp.solve(instance, LotesOptions.defaults());
            final String where = "seed " + seed + ": " + instance;
            for (int j = 0; j < instance.configurationCount(); j++) {
                for (int l = 0; l < instance.dimensions(); l++) {
                    double used = 0;
                    for (int k = 0; k < instance.classCount(); k++) {
                        used += allocation.delta(j, k, l);
                        // Eq. 3: delta_jkl c_jl / r_kl is the same for every resource
                        assertEquals(allocation.delta(j, k, 0) * instance.capacity(j, 0) / instance.classSize(k, 0),
                            allocation.delta(j, k, l) * instance.capacity(j, l) / instance.classSize(k, l),
                            1e-9 * (1 + allocation.jobsPerMachine(j, k)), where);
                    }
                    assertTrue(used <= 1 + 1e-9, where + ": Eq. 4 on configuration " + j + ", resource " + l);
                }
            }
            for (int k = 0; k < instance.classCount(); k++) {
                for (int l = 0; l < instance.dimensions(); l++) {
                    double served = 0;
                    for (int j = 0; j < instance.configurationCount(); j++) {
                        served += allocation.delta(j, k, l) * instance.capacity(j, l) * instance.machines(j)
                            * instance.rate(j, k);
                    }
                    final double needed = allocation.lambda() * instance.proportion(k) * instance.classSize(k, l);
                    assertTrue(served >= needed * (1 - 1e-7), where + ": Eq. 2 for class " + k + ", resource " + l);
                }
            }
        }
    }

    @Test
    void optimumEqualsTheBestFluidRoutingAndTheBestVertex() {
        final String only = System.getProperty("stowage.seed");
        final long first = only == null ? 1 : Long.parseLong(only);
        final long last = only == null ? INSTANCES : first;
        for (long seed = first; seed <= last; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final LotesInstance instance = randomInstance(random, 2, 2, 1 + random.nextInt(2));
            final boolean exclude = random.nextBoolean();
            final LotesOptions options = LotesOptions.defaults().withExcludeUnfitPairs(exclude);
            final double lambda = AllocationLp.solve(instance, options).lambda();
            final String where = "seed " + seed + " (exclude unfit " + exclude + "): " + instance;
            final double vertex = bestVertex(instance, exclude);
            assertEquals(vertex, lambda, 1e-7 * Math.max(1, vertex), where + ": vertex enumeration");
            final double grid = bestRouting(instance, exclude, 1000);
            assertTrue(lambda >= grid * (1 - 1e-9), where + ": the LP is below a routing " + grid + " > " + lambda);
            assertTrue(grid >= lambda * (1 - 0.01), where + ": no routing on the grid within 1% of " + lambda
                + " (best " + grid + ")");
        }
    }

    @Test
    void aClassThatCannotRunOnAConfigurationGetsNothingThere() {
        // class 1 has mu = 0 on configuration 0 and does not fit configuration 1 when unfit pairs are excluded
        final LotesInstance instance = LotesInstance.of(new int[][] {{10}, {4}}, new int[][] {{0}, {1}},
            new int[][] {{2}, {5}}, new double[] {1, 1}, new double[][] {{1, 0}, {1, 1}});
        final Allocation excluded = AllocationLp.solve(instance, LotesOptions.defaults());
        assertEquals(0, excluded.lambda(), 1e-12, "class 1 runs nowhere");
        final Allocation literal = AllocationLp.solve(instance, LotesOptions.defaults().withExcludeUnfitPairs(false));
        // Eq. 1-5 as printed: class 1 takes configuration 1 as a fluid, 4/5 of a job at a time, which serves
        // lambda alpha_1 = lambda / 2 <= 4/5
        assertEquals(1.6, literal.lambda(), 1e-9, literal.toString());
        assertEquals(0, literal.delta(0, 1, 0), 1e-12);
    }

    /** Fluid routing: fraction f_jk of class k to configuration j; lambda = min_jl c_jl n_j / load_jl. */
    private static double bestRouting(final LotesInstance instance, final boolean exclude, final int grid) {
        assert instance.configurationCount() == 2 && instance.classCount() == 2;
        double best = 0;
        for (int a = 0; a <= grid; a++) {
            for (int b = 0; b <= grid; b++) {
                final double[][] f = {{(double) a / grid, (double) b / grid}, {1 - (double) a / grid, 1 - (double) b / grid}};
                double lambda = Double.POSITIVE_INFINITY;
                for (int j = 0; j < 2 && lambda > 0; j++) {
                    for (int k = 0; k < 2; k++) {
                        if (f[j][k] > 0 && !allowed(instance, exclude, j, k)) {
                            lambda = 0;
                        }
                    }
                    for (int l = 0; l < instance.dimensions() && lambda > 0; l++) {
                        double load = 0;
                        for (int k = 0; k < 2; k++) {
                            if (f[j][k] > 0) {
                                load += f[j][k] * instance.proportion(k) * instance.classSize(k, l) / instance.rate(j, k);
                            }
                        }
                        if (load > 0) {
                            lambda = Math.min(lambda, (double) instance.capacity(j, l) * instance.machines(j) / load);
                        }
                    }
                }
                best = Math.max(best, lambda == Double.POSITIVE_INFINITY ? 0 : lambda);
            }
        }
        return best;
    }

    private static boolean allowed(final LotesInstance instance, final boolean exclude, final int j, final int k) {
        return instance.rate(j, k) > 0 && (!exclude || instance.fits(j, k));
    }

    /**
     * Every vertex of the solved form {@code max lambda, sum_j mu n w >= lambda alpha, sum_k r w <= c, w >= 0}:
     * each choice of as many tight constraints as variables, solved by Gaussian elimination, kept if feasible.
     */
    private static double bestVertex(final LotesInstance instance, final boolean exclude) {
        final int m = instance.configurationCount();
        final int classes = instance.classCount();
        final int variables = 1 + m * classes;
        final List<double[]> rows = new ArrayList<>(); // a . v <= b, b stored last
        for (int k = 0; k < classes; k++) {
            final double[] row = new double[variables + 1];
            row[0] = instance.proportion(k);
            for (int j = 0; j < m; j++) {
                row[1 + j * classes + k] = -instance.rate(j, k) * instance.machines(j);
            }
            rows.add(row);
        }
        for (int j = 0; j < m; j++) {
            for (int l = 0; l < instance.dimensions(); l++) {
                final double[] row = new double[variables + 1];
                for (int k = 0; k < classes; k++) {
                    row[1 + j * classes + k] = (double) instance.classSize(k, l) / instance.capacity(j, l);
                }
                row[variables] = 1;
                rows.add(row);
            }
        }
        for (int v = 0; v < variables; v++) {
            final double[] row = new double[variables + 1];
            row[v] = -1;
            rows.add(row);
            if (v > 0 && !allowed(instance, exclude, (v - 1) / classes, (v - 1) % classes)) {
                final double[] upper = new double[variables + 1];
                upper[v] = 1;
                rows.add(upper);
            }
        }
        double best = 0;
        final int[] pick = new int[variables];
        for (int i = 0; i < variables; i++) {
            pick[i] = i;
        }
        final int n = rows.size();
        while (true) {
            final double[] point = solveTight(rows, pick, variables);
            if (point != null && feasible(rows, point)) {
                best = Math.max(best, point[0]);
            }
            int i = variables - 1;
            while (i >= 0 && pick[i] == n - variables + i) {
                i--;
            }
            if (i < 0) {
                return best;
            }
            pick[i]++;
            for (int t = i + 1; t < variables; t++) {
                pick[t] = pick[t - 1] + 1;
            }
        }
    }

    private static double[] solveTight(final List<double[]> rows, final int[] pick, final int n) {
        final double[][] a = new double[n][n + 1];
        for (int i = 0; i < n; i++) {
            a[i] = rows.get(pick[i]).clone();
        }
        for (int c = 0; c < n; c++) {
            int pivot = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) {
                    pivot = r;
                }
            }
            if (Math.abs(a[pivot][c]) < 1e-12) {
                return null;
            }
            final double[] swap = a[c];
            a[c] = a[pivot];
            a[pivot] = swap;
            for (int r = 0; r < n; r++) {
                if (r != c) {
                    final double factor = a[r][c] / a[c][c];
                    for (int t = c; t <= n; t++) {
                        a[r][t] -= factor * a[c][t];
                    }
                }
            }
        }
        final double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = a[i][n] / a[i][i];
        }
        return x;
    }

    private static boolean feasible(final List<double[]> rows, final double[] x) {
        for (final double[] row : rows) {
            double lhs = 0;
            double scale = Math.abs(row[row.length - 1]);
            for (int v = 0; v < x.length; v++) {
                lhs += row[v] * x[v];
                scale = Math.max(scale, Math.abs(row[v] * x[v]));
            }
            if (lhs > row[row.length - 1] + 1e-9 * Math.max(1, scale)) {
                return false;
            }
        }
        return true;
    }

    /** M configurations of 1-5 machines, K classes, D resources; small integer sizes, rates in [0.5, 2). */
    static LotesInstance randomInstance(final SplittableRandom random, final int m, final int classes,
                                        final int dimensions) {
        final int[][] capacities = new int[m][dimensions];
        final int[][] servers = new int[m][];
        int next = 0;
        for (int j = 0; j < m; j++) {
            for (int l = 0; l < dimensions; l++) {
                capacities[j][l] = 4 + random.nextInt(17);
            }
            servers[j] = new int[1 + random.nextInt(5)];
            for (int i = 0; i < servers[j].length; i++) {
                servers[j][i] = next++;
            }
        }
        final int[][] sizes = new int[classes][dimensions];
        final double[] weights = new double[classes];
        for (int k = 0; k < classes; k++) {
            for (int l = 0; l < dimensions; l++) {
                sizes[k][l] = 1 + random.nextInt(12);
            }
            weights[k] = 0.1 + random.nextDouble();
        }
        final double[][] rates = new double[m][classes];
        for (int j = 0; j < m; j++) {
            for (int k = 0; k < classes; k++) {
                rates[j][k] = 0.5 + 1.5 * random.nextDouble();
            }
        }
        return LotesInstance.of(capacities, servers, sizes, weights, rates);
    }
}
