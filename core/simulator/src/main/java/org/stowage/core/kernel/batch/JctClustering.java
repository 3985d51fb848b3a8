package org.stowage.core.kernel.batch;

import java.util.random.RandomGenerator;

/**
 * The JCT alignment of Hu and Li 2022, Sec. 4.4 (Algorithm 2): one-dimensional k-means over the jobs' JCTs,
 * and the number of groups of Eq. (15).
 *
 * <h2>Input and output</h2>
 * The JCTs come compressed: the distinct values in increasing order, {@code values[0, m)}, each with its
 * multiplicity {@code weights[p] >= 1} (the number of jobs with that JCT). Weighting is exact: k-means over
 * the weighted distinct values is k-means over the jobs, and jobs with equal JCTs always share a group.
 * In one dimension every optimal or Lloyd-stable clustering is a set of contiguous runs of the sorted
 * values (each group is the set of points nearest its centroid, an interval), so a clustering into G groups
 * is written as cuts {@code cuts[0] = 0 < cuts[1] < ... < cuts[G] = m}: group g is {@code values[cuts[g],
 * cuts[g + 1])}. Groups are therefore in increasing order of their mean JCT, which is the order Algorithm 3
 * takes them in.
 *
 * <h2>Two methods</h2>
 * <ul>
 *   <li>{@link #exact}: the k-means optimum (least within-group sum of squares) by dynamic programming
 *       over the sorted values (Bellman's segmentation; Wang and Song's Ckmeans.1d.dp), with the
 *       divide-and-conquer speed-up that the monotone optimal split allows (the 1-D k-means cost satisfies
 *       the quadrangle inequality). O(G m log m) time, O(m) doubles and {@code G (m + 1)} ints (the split
 *       table) of memory; at most {@link #MAX_EXACT_CELLS} table cells. Deterministic, no random stream.
 *       On equal costs the smallest split wins.</li>
 *   <li>{@link #lloyd}: Algorithm 2 as the paper writes it (assign each job to the nearest centroid, move
 *       each centroid to its group's mean, repeat until no centroid moves), from k-means++ seeds drawn
 *       from the given random stream (Arthur and Vassilvitskii 2007: the first seed with probability
 *       proportional to the number of jobs at a value, each next one proportional to jobs x squared distance
 *       to the nearest seed so far), best of {@code attempts} seedings. O(m G) per seeding plus O(m + G) per
 *       iteration (a merge sweep of sorted points and sorted centroids). A point equidistant from two
 *       centroids joins the smaller one (Algorithm 2's argmin takes the first); a centroid left with no
 *       points stays where it is (Algorithm 2 only moves centroids of non-empty groups) and its empty group
 *       is dropped from the output, so Lloyd may return fewer than G groups. Stops after
 *       {@link #MAX_LLOYD_ITERATIONS} iterations if it has not converged (never seen; Lloyd strictly lowers
 *       the cost at every change of partition, so it terminates).</li>
 * </ul>
 * Both ask for {@code min(G, m)} groups: more groups than distinct JCTs would only split equal JCTs.
 *
 * <p>A workspace: its arrays grow to the largest input seen and are reused, so calls allocate nothing
 * once warmed up. Not thread-safe; one per kernel.
 */
public final class JctClustering {
    /** Most cells of the exact method's split table ({@code G * (m + 1)} ints, 128 MiB). */
    public static final long MAX_EXACT_CELLS = 1L << 25;
    /** Lloyd iterations after which a seeding stops even if a centroid still moves. */
    public static final int MAX_LLOYD_ITERATIONS = 10_000;

    private long[] prefixWeight = new long[1];
    private double[] prefixSum = new double[1];
    private double[] prefixSquares = new double[1];
    private double[] previous = new double[1];
    private double[] current = new double[1];
    private int[] split = new int[0];
    private double[] centers = new double[0];
    private double[] distance2 = new double[0];
    private double[] clusterSum = new double[0];
    private long[] clusterWeight = new long[0];
    private int[] attemptCuts = new int[1];
    private double lastCost;
    private int lastIterations;

    /**
     * Eq. (15): G = sum of the jobs' resources / C, on the bottleneck resource and rounded up:
     * {@code max over d of ceil(sum_j sizes[j][d] / capacity[d])}, at least 1 and at most n. Exact (integer
     * arithmetic). The paper has one resource in mind; with several, the bottleneck resource is the one
     * that decides how many capacity-sized job sets the batch needs at least, which is what Eq. (15)
     * estimates.
     *
     * @param sizes    row-major, {@code n * dimensions} units
     * @param capacity per resource, units, each &gt; 0
     */
    public static int groupCount(final int n, final int dimensions, final int[] sizes, final long[] capacity) {
        if (n < 1) {
            throw new IllegalArgumentException("Eq. (15) needs at least one job: " + n);
        }
        checkCapacity(dimensions, capacity);
        long groups = 1;
        for (int d = 0; d < dimensions; d++) {
            long total = 0;
            for (int j = 0; j < n; j++) {
                total += sizes[j * dimensions + d];
            }
            groups = Math.max(groups, (total + capacity[d] - 1) / capacity[d]);
        }
        return (int) Math.min(groups, n);
    }

    static void checkCapacity(final int dimensions, final long[] capacity) {
        if (capacity.length != dimensions) {
            throw new IllegalArgumentException("capacity has " + capacity.length + " resources, the jobs "
                + dimensions);
        }
        for (int d = 0; d < dimensions; d++) {
            if (capacity[d] < 1) {
                throw new IllegalArgumentException("capacity of resource " + d + " must be >= 1 unit: "
                    + capacity[d]);
            }
        }
    }

    /**
     * The optimal clustering of the weighted points into {@code min(groups, m)} groups.
     *
     * @param values  distinct JCTs, strictly increasing, finite
     * @param weights jobs per value, each &gt;= 1
     * @param m       number of distinct values, &gt;= 1
     * @param groups  G &gt;= 1
     * @param cuts    receives {@code G' + 1} cuts (see the class comment); length &gt;= {@code min(groups, m) + 1}
     * @return the number of groups G' = min(groups, m)
     * @throws IllegalArgumentException if the split table would exceed {@link #MAX_EXACT_CELLS}
     */
    public int exact(final double[] values, final int[] weights, final int m, final int groups, final int[] cuts) {
        checkPoints(values, weights, m, groups);
        final int k = Math.min(groups, m);
        if ((long) k * (m + 1) > MAX_EXACT_CELLS) {
            throw new IllegalArgumentException("exact k-means of " + m + " distinct JCTs into " + k
                + " groups needs " + (long) k * (m + 1) + " table cells, above " + MAX_EXACT_CELLS
                + "; use Lloyd's method");
        }
        prefixes(values, weights, m);
        ensureExact(k, m);
        final double[] row = previous;
        row[0] = Double.POSITIVE_INFINITY;
        for (int j = 1; j <= m; j++) {
            row[j] = segmentCost(0, j);
            split[j] = 0;
        }
        for (int layer = 2; layer <= k; layer++) {
            solveLayer(layer, layer, m, layer - 1, m - 1, m);
            final double[] swap = previous;
            previous = current;
            current = swap;
        }
        cuts[k] = m;
        int j = m;
        for (int layer = k; layer >= 1; layer--) {
            j = split[(layer - 1) * (m + 1) + j];
            cuts[layer - 1] = j;
        }
        assert cuts[0] == 0;
        // The table's prefix-sum costs carry cancellation error of order 1e-16 of the total sum of squares;
        // the cost reported is recomputed directly on the chosen groups.
        lastCost = cost(values, weights, cuts, k);
        lastIterations = 0;
        return k;
    }

    /** Layer {@code layer} of the table for ends {@code [lo, hi]}, splits searched in {@code [optLo, optHi]}. */
    private void solveLayer(final int layer, final int lo, final int hi, final int optLo, final int optHi,
                            final int m) {
        if (lo > hi) {
            return;
        }
        final int mid = (lo + hi) >>> 1;
        final int from = Math.max(optLo, layer - 1);
        final int to = Math.min(optHi, mid - 1);
        double best = Double.POSITIVE_INFINITY;
        int bestSplit = from;
        for (int i = from; i <= to; i++) {
            final double candidate = previous[i] + segmentCost(i, mid);
            if (candidate < best) {
                best = candidate;
                bestSplit = i;
            }
        }
        assert best < Double.POSITIVE_INFINITY : "layer " + layer + " end " + mid;
        current[mid] = best;
        split[(layer - 1) * (m + 1) + mid] = bestSplit;
        solveLayer(layer, lo, mid - 1, optLo, bestSplit, m);
        solveLayer(layer, mid + 1, hi, bestSplit, optHi, m);
    }

    /**
     * Lloyd's method (Algorithm 2) from k-means++ seeds, the best of {@code attempts} seedings (lowest
     * within-group sum of squares; ties to the earlier seeding). Draws only from {@code random}.
     *
     * @param cuts receives {@code G' + 1} cuts; length &gt;= {@code min(groups, m) + 1}
     * @return the number of non-empty groups G' &lt;= min(groups, m)
     */
    public int lloyd(final double[] values, final int[] weights, final int m, final int groups, final int attempts,
                     final RandomGenerator random, final int[] cuts) {
        checkPoints(values, weights, m, groups);
        if (attempts < 1) {
            throw new IllegalArgumentException("k-means++ attempts must be >= 1: " + attempts);
        }
        if (random == null) {
            throw new IllegalArgumentException("Lloyd's k-means needs a random stream for its k-means++ seeds");
        }
        final int k = Math.min(groups, m);
        ensureLloyd(k, m);
        double bestCost = Double.POSITIVE_INFINITY;
        int bestGroups = 0;
        int iterations = 0;
        for (int attempt = 0; attempt < attempts; attempt++) {
            seed(values, weights, m, k, random, centers);
            final int found = iterate(values, weights, m, centers, k, attemptCuts);
            iterations += lastIterations;
            final double cost = cost(values, weights, attemptCuts, found);
            if (cost < bestCost) {
                bestCost = cost;
                bestGroups = found;
                System.arraycopy(attemptCuts, 0, cuts, 0, found + 1);
            }
        }
        lastCost = bestCost;
        lastIterations = iterations;
        return bestGroups;
    }

    /**
     * Lloyd's iterations (Algorithm 2, lines 4-11) from the given centroids, which are updated in place
     * (and left sorted). Exposed for tests and for callers with their own seeds.
     *
     * @param centers {@code k} starting centroids, any order
     * @return the number of non-empty groups, whose cuts are written to {@code cuts}
     */
    public int lloydFrom(final double[] values, final int[] weights, final int m, final double[] centers, final int k,
                         final int[] cuts) {
        checkPoints(values, weights, m, k);
        if (k > m) {
            throw new IllegalArgumentException("more centroids than distinct values: " + k + " > " + m);
        }
        ensureLloyd(k, m);
        final int found = iterate(values, weights, m, centers, k, cuts);
        lastCost = cost(values, weights, cuts, found);
        return found;
    }

    private int iterate(final double[] values, final int[] weights, final int m, final double[] c, final int k,
                        final int[] cuts) {
        int iteration = 0;
        boolean moved = true;
        while (moved && iteration < MAX_LLOYD_ITERATIONS) {
            iteration++;
            sortCenters(c, k);
            for (int i = 0; i < k; i++) {
                clusterSum[i] = 0;
                clusterWeight[i] = 0;
            }
            int nearest = 0;
            for (int p = 0; p < m; p++) {
                final double x = values[p];
                nearest = nearest(c, k, nearest, x);
                clusterSum[nearest] += weights[p] * x;
                clusterWeight[nearest] += weights[p];
            }
            moved = false;
            for (int i = 0; i < k; i++) {
                if (clusterWeight[i] > 0) {
                    final double mean = clusterSum[i] / clusterWeight[i];
                    if (mean != c[i]) {
                        c[i] = mean;
                        moved = true;
                    }
                }
            }
        }
        lastIterations = iteration;
        sortCenters(c, k);
        int groups = 0;
        int nearest = 0;
        int owner = -1;
        for (int p = 0; p < m; p++) {
            nearest = nearest(c, k, nearest, values[p]);
            if (nearest != owner) {
                cuts[groups++] = p;
                owner = nearest;
            }
        }
        cuts[groups] = m;
        return groups;
    }

    /** The nearest of the sorted centroids to x, searching up from {@code from} (x only grows). */
    private static int nearest(final double[] c, final int k, final int from, final double x) {
        int i = from;
        while (i + 1 < k && Math.abs(c[i + 1] - x) < Math.abs(x - c[i])) {
            i++;
        }
        return i;
    }

    private static void sortCenters(final double[] c, final int k) {
        for (int i = 1; i < k; i++) {
            final double value = c[i];
            int j = i - 1;
            while (j >= 0 && c[j] > value) {
                c[j + 1] = c[j];
                j--;
            }
            c[j + 1] = value;
        }
    }

    /**
     * k-means++ seeding: {@code k} distinct values drawn as described in the class comment, written to
     * {@code out[0, k)} in the order drawn. Uses exactly {@code k} draws of {@link RandomGenerator#nextDouble()}.
     */
    public void seed(final double[] values, final int[] weights, final int m, final int k,
                     final RandomGenerator random, final double[] out) {
        checkPoints(values, weights, m, k);
        if (k > m) {
            throw new IllegalArgumentException("more seeds than distinct values: " + k + " > " + m);
        }
        ensureLloyd(k, m);
        long total = 0;
        for (int p = 0; p < m; p++) {
            total += weights[p];
        }
        final double first = random.nextDouble() * total;
        long cumulative = 0;
        int chosen = m - 1;
        for (int p = 0; p < m; p++) {
            cumulative += weights[p];
            if (cumulative > first) {
                chosen = p;
                break;
            }
        }
        out[0] = values[chosen];
        for (int p = 0; p < m; p++) {
            final double gap = values[p] - values[chosen];
            distance2[p] = gap * gap;
        }
        for (int t = 1; t < k; t++) {
            double mass = 0;
            for (int p = 0; p < m; p++) {
                mass += weights[p] * distance2[p];
            }
            final double draw = random.nextDouble() * mass;
            double running = 0;
            chosen = -1;
            int lastPositive = -1;
            for (int p = 0; p < m; p++) {
                if (distance2[p] > 0) {
                    running += weights[p] * distance2[p];
                    lastPositive = p;
                    if (running > draw) {
                        chosen = p;
                        break;
                    }
                }
            }
            // Rounding can leave the running sum a hair below the draw; the last point with mass is then the one.
            if (chosen < 0) {
                chosen = lastPositive;
            }
            assert chosen >= 0 : "k <= m leaves a point at positive distance";
            out[t] = values[chosen];
            for (int p = 0; p < m; p++) {
                final double gap = values[p] - values[chosen];
                distance2[p] = Math.min(distance2[p], gap * gap);
            }
        }
    }

    /**
     * The within-group sum of squared distances to the group means (the k-means cost) of a clustering
     * given by cuts, computed directly (two passes per group).
     */
    public static double cost(final double[] values, final int[] weights, final int[] cuts, final int groups) {
        double total = 0;
        for (int g = 0; g < groups; g++) {
            long weight = 0;
            double sum = 0;
            for (int p = cuts[g]; p < cuts[g + 1]; p++) {
                weight += weights[p];
                sum += weights[p] * values[p];
            }
            final double mean = sum / weight;
            for (int p = cuts[g]; p < cuts[g + 1]; p++) {
                final double gap = values[p] - mean;
                total += weights[p] * gap * gap;
            }
        }
        return total;
    }

    /** The k-means cost of the last clustering (for Lloyd, of the best seeding). */
    public double lastCost() {
        return lastCost;
    }

    /** Lloyd iterations of the last call, summed over seedings; 0 after {@link #exact}. */
    public int lastIterations() {
        return lastIterations;
    }

    /** Cost of the values in {@code [i, j)} from the prefix sums of centred values, clamped at 0. */
    private double segmentCost(final int i, final int j) {
        if (j == i + 1) {
            return 0;
        }
        final double weight = prefixWeight[j] - prefixWeight[i];
        final double sum = prefixSum[j] - prefixSum[i];
        final double value = prefixSquares[j] - prefixSquares[i] - sum * sum / weight;
        return value > 0 ? value : 0;
    }

    /** Prefix sums of the values centred on their weighted mean (centring keeps the differences accurate). */
    private void prefixes(final double[] values, final int[] weights, final int m) {
        if (prefixWeight.length < m + 1) {
            prefixWeight = new long[m + 1];
            prefixSum = new double[m + 1];
            prefixSquares = new double[m + 1];
            previous = new double[m + 1];
            current = new double[m + 1];
        }
        long weight = 0;
        double sum = 0;
        for (int p = 0; p < m; p++) {
            weight += weights[p];
            sum += weights[p] * values[p];
        }
        final double mean = sum / weight;
        prefixWeight[0] = 0;
        prefixSum[0] = 0;
        prefixSquares[0] = 0;
        for (int p = 0; p < m; p++) {
            final double x = values[p] - mean;
            prefixWeight[p + 1] = prefixWeight[p] + weights[p];
            prefixSum[p + 1] = prefixSum[p] + weights[p] * x;
            prefixSquares[p + 1] = prefixSquares[p] + weights[p] * x * x;
        }
    }

    private void ensureExact(final int k, final int m) {
        final int cells = k * (m + 1);
        if (split.length < cells) {
            split = new int[Math.max(cells, Math.min(2 * split.length, (int) MAX_EXACT_CELLS))];
        }
    }

    private void ensureLloyd(final int k, final int m) {
        if (centers.length < k) {
            centers = new double[k];
            clusterSum = new double[k];
            clusterWeight = new long[k];
        }
        if (distance2.length < m) {
            distance2 = new double[m];
        }
        if (attemptCuts.length < k + 1) {
            attemptCuts = new int[k + 1];
        }
    }

    private static void checkPoints(final double[] values, final int[] weights, final int m, final int groups) {
        if (m < 1 || m > values.length || m > weights.length) {
            throw new IllegalArgumentException("need 1 to " + Math.min(values.length, weights.length)
                + " distinct values: " + m);
        }
        if (groups < 1) {
            throw new IllegalArgumentException("number of groups must be >= 1: " + groups);
        }
        assert increasing(values, m) : "values must be strictly increasing";
    }

    private static boolean increasing(final double[] values, final int m) {
        for (int p = 1; p < m; p++) {
            if (!(values[p] > values[p - 1])) {
                return false;
            }
        }
        return Double.isFinite(values[0]) && Double.isFinite(values[m - 1]);
    }
}
