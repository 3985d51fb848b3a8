package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Seeds;

/**
 * The DJSF set-up (Algorithms 2 and 3 and the JCE order) on the paper's examples, against its naive twin
 * on thousands of random batches (the seed in every message; {@code -Dstowage.seed=N} reruns one), and its
 * allocation contract.
 */
class JobSetPlannerTest {
    private static final long BASE_SEED = Long.getLong("stowage.seed", 0xD15FL);
    private static final long[] UNIT = {1_000_000};

    @Test
    void figureOneMakesJobOneItsOwnSetAndRanksJobsTwoToFiveFirst() {
        final JobSetPlanner planner = new JobSetPlanner(1);
        planner.plan(5, PaperExamples.FIG1_JCT, PaperExamples.FIG1_SIZES, UNIT, DjsfOptions.defaults(), null);
        assertEquals(2, planner.requestedGroups(), "Eq. (15): (1 + 4 * 0.25) / 1");
        assertEquals(2, planner.groupCount());
        assertEquals(4.0, planner.groupMeanJct(0));
        assertEquals(4.2, planner.groupMeanJct(1));
        assertEquals(2, planner.setCount());
        assertEquals(List.of(List.of(0), List.of(1, 2, 3, 4)), sets(planner));
        assertEquals(0.25, planner.setJce(0));
        assertEquals(4 / 4.2, planner.setJce(1));
        assertEquals(1, planner.setAtRank(0), "JCE 0.952 before 0.25");
        assertEquals(0, planner.setAtRank(1));
        assertEquals(1_000_000, planner.setDemand(1, 0));
    }

    @Test
    void sectionFourThreeAlignsThePairsForATotalJceOfOnePointFiveThree() {
        final JobSetPlanner planner = new JobSetPlanner(1);
        planner.plan(6, PaperExamples.SEC43_JCT, PaperExamples.SEC43_SIZES, UNIT, DjsfOptions.defaults(), null);
        assertEquals(3, planner.requestedGroups(), "Eq. (15): 6 * 0.5 / 1");
        assertEquals(List.of(List.of(0, 1), List.of(2, 3), List.of(4, 5)), sets(planner));
        assertEquals(2 / 2.0 + 2 / 6.0 + 2 / 10.0, planner.totalJce(), 1e-15);
        assertEquals(PaperExamples.SEC43_ALIGNED_TOTAL_JCE, planner.totalJce(), 0.005, "the paper's 'about 1.53'");
        assertEquals(0, planner.setAtRank(0));
        assertEquals(1, planner.setAtRank(1));
        assertEquals(2, planner.setAtRank(2));
    }

    @Test
    void tableTwoPacksJobsOneTwoFourFiveTogetherAndJobThreeAlone() {
        // Capacity (1, 1, 1): Eq. (15) on CPU (1.6) gives two groups, JCT 4 (jobs 1, 2, 4, 5) and JCT 5 (job 3).
        // The first group sorted by sum of shares: job 1 (0.4), job 5 (0.4), job 4 (0.5), job 2 (0.6); together
        // (0.8, 0.7, 0.4) fits. Job 3 (0.8, 0.7, 0.6) does not fit the remaining (0.2, 0.3, 0.6): a set alone.
        final JobSetPlanner planner = new JobSetPlanner(3);
        planner.plan(5, PaperExamples.TABLE2_JCT, PaperExamples.TABLE2_SIZES,
            new long[] {1_000_000, 1_000_000, 1_000_000}, DjsfOptions.defaults(), null);
        assertEquals(2, planner.requestedGroups());
        assertEquals(List.of(List.of(0, 4, 3, 1), List.of(2)), sets(planner));
        assertEquals(1.0, planner.setJce(0), "4 jobs in 4 s");
        assertEquals(0.2, planner.setJce(1), "the 'as low as 0.2' of Sec. 4.1");
        assertEquals(800_000, planner.setDemand(0, 0));
        assertEquals(700_000, planner.setDemand(0, 1));
        assertEquals(400_000, planner.setDemand(0, 2));
    }

    @Test
    void perServerReadingTakesEquationFifteenFromTheClusterAndPacksUnderOneMachine() {
        // Fig. 1's jobs on two unit machines: Eq. (15) divides the total 2.0 by the cluster's 2.0, one group;
        // sorted by size, jobs 2-5 (0.25) fill one machine and job 1 the next. Pooled on capacity 2, G = 1 too,
        // and all five make one set: job 1 (1.0) after the four quarters (1.0) fills the pool exactly.
        final JobSetPlanner planner = new JobSetPlanner(1);
        planner.plan(5, PaperExamples.FIG1_JCT, PaperExamples.FIG1_SIZES, UNIT, new long[] {2_000_000},
            DjsfOptions.defaults(), null);
        assertEquals(1, planner.requestedGroups());
        assertEquals(List.of(List.of(1, 2, 3, 4), List.of(0)), sets(planner));
        planner.plan(5, PaperExamples.FIG1_JCT, PaperExamples.FIG1_SIZES, new long[] {2_000_000},
            DjsfOptions.defaults(), null);
        assertEquals(1, planner.requestedGroups());
        assertEquals(List.of(List.of(1, 2, 3, 4, 0)), sets(planner));
        // A given G ignores the cluster capacity.
        planner.plan(5, PaperExamples.FIG1_JCT, PaperExamples.FIG1_SIZES, UNIT, new long[] {2_000_000},
            DjsfOptions.defaults().withGroups(2), null);
        assertEquals(2, planner.requestedGroups());
        assertEquals(List.of(List.of(0), List.of(1, 2, 3, 4)), sets(planner));
    }

    @Test
    void groupBoundaryChoosesBetweenThePrintedAlgorithmAndASetPerGroup() {
        // JCTs 1, 1.1 | 9 (G = 2), sizes 0.3 each, C = 1. Printed Algorithm 3: C_remain carries over, one set
        // {a, b, c}. New set per group: {a, b}, {c}.
        final double[] jct = {1, 1.1, 9};
        final int[] sizes = {300_000, 300_000, 300_000};
        final JobSetPlanner planner = new JobSetPlanner(1);
        planner.plan(3, jct, sizes, UNIT, DjsfOptions.defaults().withGroups(2), null);
        assertEquals(List.of(List.of(0, 1, 2)), sets(planner));
        planner.plan(3, jct, sizes, UNIT, DjsfOptions.defaults().withGroups(2)
            .withGroupBoundary(DjsfOptions.GroupBoundary.NEW_SET), null);
        assertEquals(List.of(List.of(0, 1), List.of(2)), sets(planner));
    }

    @Test
    void resourceOrderDecidesWhichJobsShareASet() {
        // One group (G = 1), C = (1, 1). Job 0 (0.5, 0.5): sum 1.0, dominant 0.5. Job 1 (0.6, 0.1): sum 0.7,
        // dominant 0.6. Job 2 (0.45, 0.45): sum 0.9, dominant 0.45.
        // By sum, order 1, 2, 0: {1} leaves (0.4, 0.9), job 2 needs 0.45 > 0.4, so a new set {2, 0}.
        // By dominant share, order 2, 0, 1: {2, 0} leaves (0.05, 0.05), so job 1 is alone.
        final double[] jct = {5, 5, 5};
        final int[] sizes = {500_000, 500_000, 600_000, 100_000, 450_000, 450_000};
        final long[] capacity = {1_000_000, 1_000_000};
        final JobSetPlanner planner = new JobSetPlanner(2);
        planner.plan(3, jct, sizes, capacity, DjsfOptions.defaults().withGroups(1), null);
        assertEquals(List.of(List.of(1), List.of(2, 0)), sets(planner));
        planner.plan(3, jct, sizes, capacity, DjsfOptions.defaults().withGroups(1)
            .withResourceOrder(DjsfOptions.ResourceOrder.DOMINANT_SHARE), null);
        assertEquals(List.of(List.of(2, 0), List.of(1)), sets(planner));
    }

    @Test
    void matchesTheNaiveTwinOnThousandsOfRandomBatches() {
        final boolean single = System.getProperty("stowage.seed") != null;
        final int count = single ? 1 : 4000;
        int ties = 0;
        long setsCompared = 0;
        final JobSetPlanner[] planners = new JobSetPlanner[4];
        for (int d = 1; d <= 3; d++) {
            planners[d] = new JobSetPlanner(d);
        }
        for (int i = 0; i < count; i++) {
            final long seed = single ? BASE_SEED : BASE_SEED + i * 0x9E3779B97F4A7C15L;
            final RandomBatch batch = RandomBatch.generate(seed, 12, 3);
            final SplittableRandom random = new SplittableRandom(seed ^ 0x5EEDL);
            final DjsfOptions.GroupBoundary boundary = random.nextBoolean()
                ? DjsfOptions.GroupBoundary.CONTINUE : DjsfOptions.GroupBoundary.NEW_SET;
            final DjsfOptions.ResourceOrder order = random.nextBoolean()
                ? DjsfOptions.ResourceOrder.SUM_OF_SHARES : DjsfOptions.ResourceOrder.DOMINANT_SHARE;
            final DjsfOptions options = DjsfOptions.defaults().withGroups(batch.groups()).withGroupBoundary(boundary)
                .withResourceOrder(order);
            final JobSetPlanner planner = planners[batch.dimensions()];
            planner.plan(batch.n(), batch.jct(), batch.sizes(), batch.capacity(), options, null);
            final int groups = batch.groups() > 0 ? batch.groups()
                : JctClustering.groupCount(batch.n(), batch.dimensions(), batch.sizes(), batch.capacity());
            final NaiveBatchPlan naive = new NaiveBatchPlan(batch.jct(), batch.sizes(), batch.dimensions(),
                batch.capacity(), groups, boundary, order);
            final String where = batch + " " + options;
            if (!naive.groups.equals(groupsOf(planner, batch.jct()))) {
                // Only a tie in the clustering cost may separate them (different but equally good groups).
                final double twinCost = clusteringCost(batch.jct(), naive.groups);
                assertEquals(twinCost, planner.clusteringCost(), 1e-9 * Math.max(1, twinCost),
                    "groups differ: " + naive.groups + " vs " + groupsOf(planner, batch.jct()) + " in " + where);
                ties++;
                continue;
            }
            assertEquals(naive.sets, sets(planner), where);
            final List<Integer> rank = new ArrayList<>();
            for (int r = 0; r < planner.setCount(); r++) {
                rank.add(planner.setAtRank(r));
                assertEquals(naive.jce.get(r), planner.setJce(r), 1e-15, where);
            }
            assertEquals(naive.rank, rank, where);
            checkEquationsSixToEleven(planner, batch, where);
            setsCompared += planner.setCount();
        }
        assertTrue(ties < count / 100, "too many clustering ties to mean anything: " + ties);
        System.out.printf("planner vs naive twin: %d batches, %d job sets compared, %d clustering ties%n", count,
            setsCompared, ties);
    }

    @Test
    void lloydClusteringGivesAValidPlanReproducibleBySeed() {
        for (int i = 0; i < 500; i++) {
            final long seed = BASE_SEED + 3 * i;
            final RandomBatch batch = RandomBatch.generate(seed, 40, 3);
            final DjsfOptions options = DjsfOptions.defaults().withGroups(batch.groups())
                .withClustering(DjsfOptions.Clustering.LLOYD).withLloydAttempts(3);
            final JobSetPlanner planner = new JobSetPlanner(batch.dimensions());
            planner.plan(batch.n(), batch.jct(), batch.sizes(), batch.capacity(), options,
                Seeds.kernel(seed, 0));
            checkEquationsSixToEleven(planner, batch, batch.toString());
            final List<List<Integer>> first = sets(planner);
            planner.plan(batch.n(), batch.jct(), batch.sizes(), batch.capacity(), options,
                Seeds.kernel(seed, 0));
            assertEquals(first, sets(planner), "same seed, same plan: " + batch);
            for (int g = 1; g < planner.groupCount(); g++) {
                assertTrue(planner.groupMeanJct(g) > planner.groupMeanJct(g - 1), "groups by mean JCT: " + batch);
            }
        }
    }

    @Test
    void badInputIsNamed() {
        final JobSetPlanner planner = new JobSetPlanner(1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> planner.plan(2, new double[] {1, 0}, new int[] {1, 1}, UNIT, DjsfOptions.defaults(), null));
        assertEquals("JCT of job 1 must be finite and > 0: 0.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
            () -> planner.plan(1, new double[] {Double.NaN}, new int[] {1}, UNIT, DjsfOptions.defaults(), null));
        assertEquals("JCT of job 0 must be finite and > 0: NaN", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
            () -> planner.plan(2, new double[] {1, 2}, new int[] {1, 1_000_001}, UNIT, DjsfOptions.defaults(), null));
        assertEquals("job 1 needs 1000001 units of resource 0, outside [0, 1000000] (the packing capacity C)",
            e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> planner.plan(1, new double[] {1}, new int[] {1},
            UNIT, DjsfOptions.defaults().withClustering(DjsfOptions.Clustering.LLOYD), null));
        assertEquals("Lloyd's k-means needs a random stream for its k-means++ seeds", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> planner.plan(1, new double[] {1}, new int[] {1},
            new long[] {1, 1}, DjsfOptions.defaults(), null));
        assertEquals("capacity has 2 resources, the jobs 1", e.getMessage());
        planner.plan(0, new double[0], new int[0], UNIT, DjsfOptions.defaults(), null);
        assertEquals(0, planner.setCount());
        assertEquals(0, planner.groupCount());
    }

    @Test
    void planningAgainAllocatesNothing() {
        final int n = 1000;
        final SplittableRandom random = new SplittableRandom(17);
        final double[] jct = new double[n];
        final int[] sizes = new int[3 * n];
        for (int j = 0; j < n; j++) {
            jct[j] = Math.exp(random.nextDouble() * 8);
            for (int d = 0; d < 3; d++) {
                sizes[3 * j + d] = 1 + random.nextInt(100_000);
            }
        }
        final long[] capacity = {310_000, 310_000, 310_000};
        final JobSetPlanner planner = new JobSetPlanner(3);
        final DjsfOptions exact = DjsfOptions.defaults();
        final DjsfOptions lloyd = DjsfOptions.defaults().withClustering(DjsfOptions.Clustering.LLOYD);
        final DjsfOptions sixGroups = DjsfOptions.defaults().withGroups(6);
        final RandomGenerator stream = Seeds.kernel(1, 0);
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        long allocated = -1;
        for (int window = 0; window < 10 && allocated != 0; window++) {
            final long before = threads.getThreadAllocatedBytes(thread);
            for (int r = 0; r < 10; r++) {
                planner.plan(n, jct, sizes, capacity, exact, null);
                planner.plan(n, jct, sizes, capacity, lloyd, stream);
                planner.plan(n / 2, jct, sizes, capacity, sixGroups, null);
            }
            allocated = threads.getThreadAllocatedBytes(thread) - before;
        }
        assertEquals(0, allocated, "bytes allocated by 30 warm plans of up to 1000 jobs");
        assertTrue(planner.setCount() > 1);
    }

    /** Eq. (7)-(11) recomputed from the membership, and every job in exactly one set. */
    static void checkEquationsSixToEleven(final JobSetPlanner planner, final RandomBatch batch, final String where) {
        final boolean[] seen = new boolean[batch.n()];
        for (int m = 0; m < planner.setCount(); m++) {
            double span = 0;
            final long[] demand = new long[batch.dimensions()];
            for (int i = 0; i < planner.setSize(m); i++) {
                final int job = planner.setMember(m, i);
                assertTrue(!seen[job], "job " + job + " in two sets: " + where);
                seen[job] = true;
                assertEquals(m, planner.setOf(job), where);
                span = Math.max(span, batch.jct()[job]);
                for (int d = 0; d < batch.dimensions(); d++) {
                    demand[d] += batch.sizes()[job * batch.dimensions() + d];
                }
            }
            assertEquals(span, planner.setSpan(m), where);
            assertEquals(planner.setSize(m) / span, planner.setJce(m), where);
            for (int d = 0; d < batch.dimensions(); d++) {
                assertEquals(demand[d], planner.setDemand(m, d), where);
                assertTrue(demand[d] <= batch.capacity()[d], "Eq. (11) on resource " + d + " of set " + m + ": " + where);
            }
        }
        for (int j = 0; j < batch.n(); j++) {
            assertTrue(seen[j], "job " + j + " in no set: " + where);
        }
        for (int r = 1; r < planner.setCount(); r++) {
            assertTrue(planner.setJce(planner.setAtRank(r)) <= planner.setJce(planner.setAtRank(r - 1)), where);
        }
    }

    static List<List<Integer>> sets(final JobSetPlanner planner) {
        final List<List<Integer>> sets = new ArrayList<>();
        for (int m = 0; m < planner.setCount(); m++) {
            final List<Integer> set = new ArrayList<>();
            for (int i = 0; i < planner.setSize(m); i++) {
                set.add(planner.setMember(m, i));
            }
            sets.add(set);
        }
        return sets;
    }

    /** Groups as lists of jobs in JCT order, then index (the naive twin's form). */
    static List<List<Integer>> groupsOf(final JobSetPlanner planner, final double[] jct) {
        final List<List<Integer>> groups = new ArrayList<>();
        for (int g = 0; g < planner.groupCount(); g++) {
            groups.add(new ArrayList<>());
        }
        for (int p = 0; p < planner.jobCount(); p++) {
            final int job = planner.packedJob(p);
            groups.get(planner.groupOf(job)).add(job);
        }
        for (final List<Integer> group : groups) {
            group.sort(Comparator.<Integer>comparingDouble(j -> jct[j]).thenComparingInt(j -> j));
        }
        return groups;
    }

    private static double clusteringCost(final double[] jct, final List<List<Integer>> groups) {
        double total = 0;
        for (final List<Integer> group : groups) {
            final double mean = group.stream().mapToDouble(j -> jct[j]).average().orElseThrow();
            for (final int j : group) {
                total += (jct[j] - mean) * (jct[j] - mean);
            }
        }
        return total;
    }
}
