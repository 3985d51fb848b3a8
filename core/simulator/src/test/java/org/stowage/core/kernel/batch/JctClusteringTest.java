package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Seeds;

/**
 * Algorithm 2 and Eq. (15): hand-computed cases, the exact clustering against a plain O(G m^2) dynamic
 * programme and against enumeration of every clustering, Lloyd against a job-by-job twin, and allocation.
 */
@Tag("hot-loops")
class JctClusteringTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0xC1A55L);

    @Test
    void sectionFourThreeJctsSplitIntoThePairsTheAlignmentWants() {
        // JCTs 1, 2, 5, 6, 9, 10 into G = 3: {1, 2}, {5, 6}, {9, 10}, each pair 0.5 from its mean, cost 6 * 0.25.
        final double[] values = {1, 2, 5, 6, 9, 10};
        final int[] weights = {1, 1, 1, 1, 1, 1};
        final int[] cuts = new int[4];
        final JctClustering clustering = new JctClustering();
        assertEquals(3, clustering.exact(values, weights, 6, 3, cuts));
        assertArrayEquals(new int[] {0, 2, 4, 6}, cuts);
        assertEquals(1.5, clustering.lastCost(), 1e-12);
    }

    @Test
    void handComputedCaseExactAndLloydFromGivenSeeds() {
        // 1, 2, 3, 10, 11, 20 into two groups. Candidates (cost = sum of squares about the group mean):
        //   {1,2,3}{10,11,20}: 2 + 546/9 = 188/3 = 62.667   (best)
        //   {1,2,3,10}{11,20}: 50 + 40.5 = 90.5;  {1,2,3,10,11}{20}: 89.2;  {1,2}{3,10,11,20}: 0.5 + 154.75
        final double[] values = {1, 2, 3, 10, 11, 20};
        final int[] weights = {1, 1, 1, 1, 1, 1};
        final JctClustering clustering = new JctClustering();
        final int[] cuts = new int[3];
        assertEquals(2, clustering.exact(values, weights, 6, 2, cuts));
        assertArrayEquals(new int[] {0, 3, 6}, cuts);
        assertEquals(188.0 / 3, clustering.lastCost(), 1e-9);
        // Lloyd from centroids 1 and 20: iteration 1 assigns 1, 2, 3, 10 to 1 (10 is 9 from 1, 10 from 20),
        // means 4 and 15.5; iteration 2 moves 10 (6 from 4, 5.5 from 15.5), means 2 and 41/3; iteration 3
        // changes nothing and stops.
        final double[] centers = {20, 1};
        assertEquals(2, clustering.lloydFrom(values, weights, 6, centers, 2, cuts));
        assertArrayEquals(new int[] {0, 3, 6}, cuts);
        assertArrayEquals(new double[] {2, 41.0 / 3}, centers, 1e-12);
        assertEquals(3, clustering.lastIterations());
        assertEquals(188.0 / 3, clustering.lastCost(), 1e-9);
    }

    @Test
    void weightsCountJobsSoAHeavyValuePullsItsCentroid() {
        // 0 (one job), 4 (one job), 5 (ten jobs) into 2: {0}{4, 5x10} costs 0 + 10/11 = 0.909;
        // {0, 4}{5x10} costs 8. Unweighted, the two would be {0}{4,5}: 0.5 and {0,4}{5}: 8 as well; the
        // weights change the cost, not the winner, here; a second case moves the winner:
        // 0 (ten jobs), 6 (one job), 10 (one job): {0x10}{6,10} costs 8; {0x10, 6}{10} costs 360/11 = 32.7.
        final JctClustering clustering = new JctClustering();
        final int[] cuts = new int[3];
        clustering.exact(new double[] {0, 4, 5}, new int[] {1, 1, 10}, 3, 2, cuts);
        assertArrayEquals(new int[] {0, 1, 3}, cuts);
        assertEquals(10.0 / 11, clustering.lastCost(), 1e-12);
        // 0 (one job), 6 (one job), 10 (ten jobs): {0}{6, 10x10} = 160/11 = 14.5; {0, 6}{10x10} = 18. Winner {0}.
        clustering.exact(new double[] {0, 6, 10}, new int[] {1, 1, 10}, 3, 2, cuts);
        assertArrayEquals(new int[] {0, 1, 3}, cuts);
        assertEquals(160.0 / 11, clustering.lastCost(), 1e-12);
        // 0 (one job), 4 (one job), 10 (one job): {0, 4}{10} = 8 beats {0}{4, 10} = 18; with 4 weighing 5:
        // {0, 4x5}{10} = 80/6 = 13.3 beats {0}{4x5, 10} = 180/6 = 30.
        clustering.exact(new double[] {0, 4, 10}, new int[] {1, 1, 1}, 3, 2, cuts);
        assertArrayEquals(new int[] {0, 2, 3}, cuts);
        assertEquals(8, clustering.lastCost(), 1e-12);
    }

    @Test
    void moreGroupsThanDistinctJctsGivesOneGroupPerValue() {
        final int[] cuts = new int[6];
        final JctClustering clustering = new JctClustering();
        assertEquals(2, clustering.exact(new double[] {4, 4.2}, new int[] {1, 4}, 2, 5, cuts));
        assertArrayEquals(new int[] {0, 1, 2}, Arrays.copyOf(cuts, 3));
        assertEquals(0, clustering.lastCost());
        assertEquals(2, clustering.lloyd(new double[] {4, 4.2}, new int[] {1, 4}, 2, 5, 1,
            Seeds.kernel(1, 0), cuts));
        assertArrayEquals(new int[] {0, 1, 2}, Arrays.copyOf(cuts, 3));
    }

    @Test
    void groupCountFollowsEquationFifteenOnTheBottleneckRoundedUp() {
        final long[] unit = {1_000_000};
        // Fig. 1: 1 + 4 * 0.25 = 2 capacities.
        assertEquals(2, JctClustering.groupCount(5, 1, new int[] {1_000_000, 250_000, 250_000, 250_000, 250_000}, unit));
        // Sec. 4.3: 6 * 0.5 = 3.
        assertEquals(3, JctClustering.groupCount(6, 1, new int[] {500_000, 500_000, 500_000, 500_000, 500_000,
            500_000}, unit));
        // 2.5 capacities round up to 3; a tiny batch still has one group.
        assertEquals(3, JctClustering.groupCount(5, 1, new int[] {500_000, 500_000, 500_000, 500_000, 500_000}, unit));
        assertEquals(1, JctClustering.groupCount(2, 1, new int[] {1, 0}, unit));
        // Two resources, capacity (1, 2): sums (1.2, 3.6) need (2, 2) and (1.8 -> 2); memory totals 3.6 / 2.
        final long[] two = {1_000_000, 2_000_000};
        assertEquals(2, JctClustering.groupCount(3, 2, new int[] {400_000, 1_200_000, 400_000, 1_200_000,
            400_000, 1_200_000}, two));
        // Sums (0.3, 4.5) on capacity (1, 2): memory decides, ceil(2.25) = 3.
        assertEquals(3, JctClustering.groupCount(3, 2, new int[] {100_000, 1_500_000, 100_000, 1_500_000,
            100_000, 1_500_000}, two));
        // Never more groups than jobs.
        assertEquals(2, JctClustering.groupCount(2, 1, new int[] {1_000_000, 1_000_000}, new long[] {1}));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> JctClustering.groupCount(1, 1, new int[] {1}, new long[] {0}));
        assertEquals("capacity of resource 0 must be >= 1 unit: 0", e.getMessage());
    }

    @Test
    void exactMatchesThePlainDynamicProgrammeAndEveryClustering() {
        final JctClustering clustering = new JctClustering();
        int enumerated = 0;
        for (int i = 0; i < 3000; i++) {
            final long seed = BASE_SEED + i;
            final Points points = Points.random(seed, i % 3 == 0 ? 12 : 120);
            final int k = 1 + new SplittableRandom(seed ^ 0xABCL).nextInt(Math.min(points.m, 15));
            final int[] cuts = new int[k + 1];
            assertEquals(k, clustering.exact(points.values, points.weights, points.m, k, cuts), points + " k " + k);
            final double plain = plainDynamicProgramme(points, k);
            final String where = points + " into " + k + " groups";
            // Costs agree up to rounding, which scales with the batch's total sum of squares.
            final double tolerance = 1e-9 * Math.max(1, directCost(points, 0, points.m));
            assertEquals(plain, clustering.lastCost(), tolerance, where);
            assertEquals(clustering.lastCost(), JctClustering.cost(points.values, points.weights, cuts, k),
                tolerance, "the cuts achieve the cost reported: " + where);
            for (int g = 0; g < k; g++) {
                assertTrue(cuts[g] < cuts[g + 1], "non-empty groups: " + where + " " + Arrays.toString(cuts));
            }
            if (points.m <= 12) {
                assertEquals(enumerateAll(points, k), clustering.lastCost(), tolerance, where);
                enumerated++;
            }
        }
        assertTrue(enumerated > 900, "enumerated " + enumerated);
    }

    @Test
    void lloydMatchesAJobByJobTwinFromTheSameSeedsAndIsAFixedPoint() {
        final JctClustering clustering = new JctClustering();
        for (int i = 0; i < 2000; i++) {
            final long seed = BASE_SEED + 7 * i;
            final Points points = Points.random(seed, 80);
            final int k = 1 + new SplittableRandom(seed ^ 0x11L).nextInt(Math.min(points.m, 10));
            final double[] centers = new double[k];
            clustering.seed(points.values, points.weights, points.m, k, Seeds.kernel(seed, 0),
                centers);
            final double[] twinCenters = centers.clone();
            final int[] cuts = new int[k + 1];
            final int groups = clustering.lloydFrom(points.values, points.weights, points.m, centers, k, cuts);
            final String where = points + " k " + k + " seeds " + Arrays.toString(twinCenters);
            final int[] twinGroupOf = naiveLloyd(points, twinCenters);
            for (int g = 0; g < groups; g++) {
                for (int p = cuts[g]; p < cuts[g + 1]; p++) {
                    assertEquals(twinGroupOf[cuts[g]], twinGroupOf[p], "same group as the twin: " + where);
                }
                if (g > 0) {
                    assertNotEquals(twinGroupOf[cuts[g - 1]], twinGroupOf[cuts[g]], where);
                }
            }
            // Fixed point: every value is nearest its own group's mean.
            final double[] means = new double[groups];
            for (int g = 0; g < groups; g++) {
                double sum = 0;
                long weight = 0;
                for (int p = cuts[g]; p < cuts[g + 1]; p++) {
                    sum += points.weights[p] * points.values[p];
                    weight += points.weights[p];
                }
                means[g] = sum / weight;
            }
            for (int g = 0; g < groups; g++) {
                for (int p = cuts[g]; p < cuts[g + 1]; p++) {
                    for (int h = 0; h < groups; h++) {
                        assertTrue(Math.abs(points.values[p] - means[g])
                            <= Math.abs(points.values[p] - means[h]) * (1 + 1e-12) + 1e-12, where);
                    }
                }
            }
        }
    }

    @Test
    void lloydIsNeverBetterThanExactAndIsReproducibleBySeed() {
        final JctClustering clustering = new JctClustering();
        int worse = 0;
        for (int i = 0; i < 1000; i++) {
            final long seed = BASE_SEED + 31 * i;
            final Points points = Points.random(seed, 200);
            final int k = 1 + new SplittableRandom(seed).nextInt(Math.min(points.m, 12));
            final int[] cuts = new int[k + 1];
            clustering.exact(points.values, points.weights, points.m, k, cuts);
            final double exact = clustering.lastCost();
            final double tolerance = 1e-9 * Math.max(1, directCost(points, 0, points.m));
            final int groups = clustering.lloyd(points.values, points.weights, points.m, k, 2,
                Seeds.kernel(seed, 0), cuts);
            final double lloyd = clustering.lastCost();
            final int[] first = Arrays.copyOf(cuts, groups + 1);
            assertTrue(lloyd >= exact - tolerance, points + " k " + k + ": Lloyd " + lloyd + " < exact "
                + exact);
            if (lloyd > exact + tolerance) {
                worse++;
            }
            final int again = clustering.lloyd(points.values, points.weights, points.m, k, 2,
                Seeds.kernel(seed, 0), cuts);
            assertArrayEquals(first, Arrays.copyOf(cuts, again + 1), "same seed, same clustering: " + points);
        }
        System.out.printf("Lloyd (best of 2 k-means++ seedings) above the exact optimum in %d of 1000 cases%n", worse);
    }

    @Test
    void kMeansPlusPlusDrawsFirstByJobsThenBySquaredDistance() {
        final JctClustering clustering = new JctClustering();
        final RandomGenerator random = Seeds.kernel(5, 0);
        final double[] out = new double[2];
        // First seed: value 1 holds 1 job, value 3 holds 3: P(3 first) = 3/4. Second seed: the other value.
        int threeFirst = 0;
        final int draws = 40_000;
        for (int t = 0; t < draws; t++) {
            clustering.seed(new double[] {1, 3}, new int[] {1, 3}, 2, 2, random, out);
            assertNotEquals(out[0], out[1]);
            if (out[0] == 3) {
                threeFirst++;
            }
        }
        assertEquals(0.75, threeFirst / (double) draws, 0.01);
        // Values 0, 1, 3 (one job each): given first 0, the second is 3 with probability 9 / (1 + 9) = 0.9.
        int threeSecond = 0;
        int zeroFirst = 0;
        final double[] three = new double[2];
        for (int t = 0; t < 3 * draws; t++) {
            clustering.seed(new double[] {0, 1, 3}, new int[] {1, 1, 1}, 3, 2, random, three);
            if (three[0] == 0) {
                zeroFirst++;
                if (three[1] == 3) {
                    threeSecond++;
                }
            }
        }
        assertEquals(0.9, threeSecond / (double) zeroFirst, 0.01);
    }

    @Test
    void tooLargeForTheExactTableNamesTheSizes() {
        final int m = 10_000;
        final double[] values = new double[m];
        final int[] weights = new int[m];
        for (int p = 0; p < m; p++) {
            values[p] = p;
            weights[p] = 1;
        }
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new JctClustering().exact(values, weights, m, 5000, new int[5001]));
        assertEquals("exact k-means of 10000 distinct JCTs into 5000 groups needs 50005000 table cells, above "
            + "33554432; use Lloyd's method", e.getMessage());
    }

    @Test
    void exactAndLloydAllocateNothingOnceWarm() {
        final Points points = Points.random(99, 2000);
        final JctClustering clustering = new JctClustering();
        final int[] cuts = new int[41];
        final RandomGenerator random = Seeds.kernel(3, 0);
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long allocated = -1;
        for (int window = 0; window < 10 && allocated != 0; window++) {
            final long before = threads.getThreadAllocatedBytes(thread);
            for (int r = 0; r < 20; r++) {
                clustering.exact(points.values, points.weights, points.m, 40, cuts);
                clustering.lloyd(points.values, points.weights, points.m, 40, 2, random, cuts);
            }
            allocated = threads.getThreadAllocatedBytes(thread) - before;
        }
        assertEquals(0, allocated, "bytes allocated by 20 warm exact + Lloyd clusterings");
    }

    /** O(G m^2) segmentation with each segment's cost summed directly. */
    static double plainDynamicProgramme(final Points points, final int k) {
        final int m = points.m;
        final double[][] best = new double[k + 1][m + 1];
        for (final double[] row : best) {
            Arrays.fill(row, Double.POSITIVE_INFINITY);
        }
        best[0][0] = 0;
        for (int g = 1; g <= k; g++) {
            for (int j = g; j <= m; j++) {
                for (int i = g - 1; i < j; i++) {
                    best[g][j] = Math.min(best[g][j], best[g - 1][i] + directCost(points, i, j));
                }
            }
        }
        return best[k][m];
    }

    static double directCost(final Points points, final int from, final int to) {
        return JctClustering.cost(Arrays.copyOfRange(points.values, from, to),
            Arrays.copyOfRange(points.weights, from, to), new int[] {0, to - from}, 1);
    }

    /** Every placement of k - 1 cuts. */
    static double enumerateAll(final Points points, final int k) {
        return enumerate(points, new int[k + 1], 1, k);
    }

    private static double enumerate(final Points points, final int[] cuts, final int next, final int k) {
        if (next == k) {
            cuts[k] = points.m;
            return JctClustering.cost(points.values, points.weights, cuts, k);
        }
        double best = Double.POSITIVE_INFINITY;
        for (int c = cuts[next - 1] + 1; c <= points.m - (k - next); c++) {
            cuts[next] = c;
            best = Math.min(best, enumerate(points, cuts, next + 1, k));
        }
        return best;
    }

    /** Lloyd job by job: every job scans every centroid (first minimum), means summed job by job. */
    static int[] naiveLloyd(final Points points, final double[] centers) {
        final int n = Arrays.stream(points.weights, 0, points.m).sum();
        final double[] jobs = new double[n];
        int j = 0;
        for (int p = 0; p < points.m; p++) {
            for (int w = 0; w < points.weights[p]; w++) {
                jobs[j++] = points.values[p];
            }
        }
        final int k = centers.length;
        final int[] owner = new int[n];
        for (int iteration = 0; iteration < JctClustering.MAX_LLOYD_ITERATIONS; iteration++) {
            Arrays.sort(centers);
            for (int i = 0; i < n; i++) {
                int best = 0;
                for (int c = 1; c < k; c++) {
                    if (Math.abs(jobs[i] - centers[c]) < Math.abs(jobs[i] - centers[best])) {
                        best = c;
                    }
                }
                owner[i] = best;
            }
            boolean moved = false;
            for (int c = 0; c < k; c++) {
                double sum = 0;
                int count = 0;
                for (int i = 0; i < n; i++) {
                    if (owner[i] == c) {
                        sum += jobs[i];
                        count++;
                    }
                }
                if (count > 0 && Math.abs(sum / count - centers[c]) > 1e-12 * Math.max(1, Math.abs(centers[c]))) {
                    centers[c] = sum / count;
                    moved = true;
                }
            }
            if (!moved) {
                break;
            }
        }
        final int[] byPoint = new int[points.m];
        int first = 0;
        for (int p = 0; p < points.m; p++) {
            byPoint[p] = owner[first];
            first += points.weights[p];
        }
        return byPoint;
    }

    /** Distinct sorted values with multiplicities. */
    record Points(long seed, int m, double[] values, int[] weights) {
        static Points random(final long seed, final int maxDistinct) {
            final SplittableRandom random = new SplittableRandom(seed);
            final int m = 1 + random.nextInt(maxDistinct);
            final double[] values = new double[m];
            final boolean heavy = random.nextBoolean();
            for (int p = 0; p < m; p++) {
                values[p] = heavy ? Math.exp(random.nextDouble() * 9) : random.nextDouble() * 100;
            }
            Arrays.sort(values);
            int distinct = 0;
            for (int p = 0; p < m; p++) {
                if (distinct == 0 || values[p] != values[distinct - 1]) {
                    values[distinct++] = values[p];
                }
            }
            final int[] weights = new int[distinct];
            for (int p = 0; p < distinct; p++) {
                weights[p] = random.nextInt(4) == 0 ? 1 + random.nextInt(20) : 1;
            }
            return new Points(seed, distinct, Arrays.copyOf(values, distinct), weights);
        }

        @Override
        public String toString() {
            return "points seed " + seed + " (m=" + m + ")";
        }
    }
}
