package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.Units;
import org.stowage.core.kernel.batch.DjsfOptions;
import org.stowage.core.kernel.batch.JctClustering;
import org.stowage.core.kernel.batch.JobPacking;
import org.stowage.core.kernel.batch.JobSetPlanner;
import org.stowage.core.state.ServerTable;

/**
 * The Google trace with three resources (CPU, memory, disk) and the DJSF batch drawn from it: the disk
 * rule on a hand-written fixture, the sampler's reproducibility and uniformity, and the real trace in
 * {@code ../shared/traces} (skipped with the path tried when absent).
 */
class GoogleBatchSampleTest {
    private static final Units UNITS = Units.defaults();
    private static final Path GOOGLE = Fixtures.sharedTraces().resolve("google-2011").resolve("task_events");

    @TempDir
    Path dir;

    @Test
    void threeResourcesReadDiskAndDropTasksWithoutAValidDiskRequest() throws IOException {
        // Four tasks of job 1, all clean: disk 0.003, disk empty, disk -0.1, disk 1.5. With two resources all
        // four are kept; with three, only the first, and the others are counted under their reason.
        final StringBuilder rows = new StringBuilder();
        final String[] disks = {"0.003", "", "-0.1", "1.5"};
        for (int t = 0; t < 4; t++) {
            rows.append("1000000,,1,").append(t).append(",,0,u,0,0,0.25,0.125,").append(disks[t]).append(",0\n");
        }
        for (int t = 0; t < 4; t++) {
            rows.append("2000000,,1,").append(t).append(",m1,1,u,0,0,0.25,0.125,").append(disks[t]).append(",0\n");
        }
        for (int t = 0; t < 4; t++) {
            rows.append("5000000,,1,").append(t).append(",m1,4,u,0,0,0.25,0.125,").append(disks[t]).append(",0\n");
        }
        final Path part = dir.resolve("part-00000-of-00001.csv");
        Files.writeString(part, rows, StandardCharsets.US_ASCII);
        final LoadedTrace two = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, part),
            TraceOptions.defaults().withDimensions(2));
        assertEquals(4, two.count());
        final LoadedTrace three = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, part),
            TraceOptions.defaults().withDimensions(3));
        assertEquals(1, three.count());
        assertEquals(3, three.dimensions());
        assertEquals(250_000, three.size(0, 0));
        assertEquals(125_000, three.size(0, 1));
        assertEquals(3_000, three.size(0, 2));
        assertEquals(3_000_000, three.durationMicros(0));
        assertEquals(1, three.summary().count(DropReason.MISSING_REQUEST));
        assertEquals(1, three.summary().count(DropReason.NEGATIVE_REQUEST));
        assertEquals(1, three.summary().count(DropReason.ABOVE_CAPACITY));
        assertTrue(three.summary().report().contains("size disk"), three.summary().report());
    }

    @Test
    void threeResourcesAreGoogleOnly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Traces.load(
            "swf:" + Fixtures.path("swf/rules.swf.txt"), TraceOptions.defaults().withDimensions(3)));
        assertEquals("SWF traces have 1 or 2 resources (processors, memory): 3", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Traces.load(
            "alibaba:" + Fixtures.path("alibaba/rules"), TraceOptions.defaults().withDimensions(3)));
        assertEquals("Alibaba traces have 1 or 2 resources (CPU, memory): 3", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TraceOptions.defaults().withDimensions(4));
        assertEquals("trace resources must be 1, 2 or 3: 4", e.getMessage());
    }

    @Test
    void sampleIndicesAreReproducibleIncreasingAndUniform() {
        assertArrayEquals(GoogleBatchSample.sampleIndices(1000, 50, 7), GoogleBatchSample.sampleIndices(1000, 50, 7));
        assertTrue(!Arrays.equals(GoogleBatchSample.sampleIndices(1000, 50, 7),
            GoogleBatchSample.sampleIndices(1000, 50, 8)));
        // Each of 20 indices is drawn 5 of 20 times in expectation: over 4000 seeds, 1000 +- 4 sd (27 each).
        final int[] hits = new int[20];
        for (long seed = 0; seed < 4000; seed++) {
            final int[] chosen = GoogleBatchSample.sampleIndices(20, 5, seed);
            assertEquals(5, chosen.length);
            for (int i = 0; i < 5; i++) {
                assertTrue(i == 0 || chosen[i] > chosen[i - 1], "increasing, distinct");
                hits[chosen[i]]++;
            }
        }
        for (int i = 0; i < 20; i++) {
            assertEquals(1000, hits[i], 110, "index " + i + " drawn " + hits[i] + " times");
        }
        assertArrayEquals(new int[] {0, 1, 2}, GoogleBatchSample.sampleIndices(3, 3, 1), "all of them");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> GoogleBatchSample.sampleIndices(10, 11, 1));
        assertEquals("batch size must be in [1, 10] (the kept tasks): 11", e.getMessage());
    }

    @Test
    void sampleIsABatchOfTheChosenTasksTenTimesFaster() {
        final LoadedTrace trace = Traces.load("google2011:" + Fixtures.path("google/rules"),
            TraceOptions.defaults().withDimensions(3));
        final JobList batch = GoogleBatchSample.sample(trace, 2, 5, GoogleBatchSample.PAPER_SPEEDUP);
        final int[] chosen = GoogleBatchSample.sampleIndices(trace.count(), 2, 5);
        assertEquals(2, batch.count());
        assertTrue(batch.isBatch());
        for (int i = 0; i < 2; i++) {
            final int task = chosen[i];
            assertEquals(Math.max(trace.durationMicros(task), 1) / 1e7, batch.duration(i), "task " + task);
            for (int d = 0; d < 3; d++) {
                assertEquals(trace.size(task, d), batch.size(i, d));
            }
        }
        final ServerTable cluster = GoogleBatchSample.paperCluster(UNITS, 3);
        assertEquals(20, cluster.count());
        assertEquals(330_000, cluster.capacity(19, 2));
    }

    @Test
    void realTraceBatchesPackIntoAboutThePapersNumberOfSets() {
        assumeTrue(Files.isDirectory(GOOGLE), "shared Google trace not found at " + GOOGLE.toAbsolutePath());
        final LoadedTrace trace = Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, GOOGLE),
            TraceOptions.defaults().withDimensions(3));
        assertEquals(290_079, trace.count(), "every kept task carries a disk request");
        final ServerTable cluster = GoogleBatchSample.paperCluster(UNITS, 3);
        final long[] machine = JobPacking.serverCapacity(cluster, 0);
        final long[] pooled = JobPacking.pooledCapacity(cluster);
        final JobSetPlanner planner = new JobSetPlanner(3);
        final JctClustering clustering = new JctClustering();
        int setSum = 0;
        final int seeds = 10;
        double lloydGap = 0;
        double lloydTenGap = 0;
        double meanJce = 0;
        long exactNanos = 0;
        long lloydNanos = 0;
        for (long seed = 1; seed <= seeds; seed++) {
            final JobList batch = GoogleBatchSample.sample(trace, GoogleBatchSample.PAPER_JOBS, seed,
                GoogleBatchSample.PAPER_SPEEDUP);
            assertEquals(1000, batch.count());
            final double[] jct = new double[1000];
            final int[] sizes = new int[3000];
            double mean = 0;
            for (int i = 0; i < 1000; i++) {
                jct[i] = batch.duration(i);
                mean += jct[i] / 1000;
                for (int d = 0; d < 3; d++) {
                    sizes[3 * i + d] = batch.size(i, d);
                }
            }
            planner.plan(1000, jct, sizes, machine, pooled, DjsfOptions.defaults(), null);
            assertEquals(6, planner.requestedGroups(), "Eq. (15) on the cluster, seed " + seed);
            setSum += planner.setCount();
            final double exactCost = planner.clusteringCost();
            // Exact against Lloyd (one k-means++ seeding), on the same distinct JCTs.
            final double[] values = new double[1000];
            final int[] weights = new int[1000];
            final double[] sorted = jct.clone();
            Arrays.sort(sorted);
            int m = 0;
            for (final double v : sorted) {
                if (m > 0 && values[m - 1] == v) {
                    weights[m - 1]++;
                } else {
                    values[m] = v;
                    weights[m++] = 1;
                }
            }
            final int[] cuts = new int[7];
            long start = System.nanoTime();
            clustering.exact(values, weights, m, 6, cuts);
            exactNanos += System.nanoTime() - start;
            assertEquals(exactCost, clustering.lastCost(), 1e-6 * exactCost);
            start = System.nanoTime();
            clustering.lloyd(values, weights, m, 6, 1, org.stowage.core.engine.Seeds.kernel(seed, 0), cuts);
            lloydNanos += System.nanoTime() - start;
            final double lloydCost = clustering.lastCost();
            final int iterations = clustering.lastIterations();
            lloydGap += lloydCost / exactCost - 1;
            clustering.lloyd(values, weights, m, 6, 10, org.stowage.core.engine.Seeds.kernel(seed, 0), cuts);
            lloydTenGap += clustering.lastCost() / exactCost - 1;
            final double averageJce = planner.totalJce() / planner.setCount();
            meanJce += averageJce / seeds;
            System.out.printf("seed %d: mean duration %.1f s, %d job sets, JCE %.4f .. %.4f (mean %.4f), k-means "
                    + "cost exact %.4g, Lloyd +%.2f%% (%d iterations), best of 10 +%.2f%%%n", seed, mean,
                planner.setCount(), planner.setJce(planner.setAtRank(planner.setCount() - 1)),
                planner.setJce(planner.setAtRank(0)), averageJce, exactCost, 100 * (lloydCost / exactCost - 1),
                iterations, 100 * (clustering.lastCost() / exactCost - 1));
        }
        System.out.printf("mean %.1f job sets per 1000 jobs (paper: 127), mean JCE %.4f; Lloyd above exact by %.2f%% "
                + "on average (best of 10 seedings: %.2f%%); time per clustering exact %.2f ms, Lloyd %.2f ms (incl. "
                + "warm-up)%n", setSum / (double) seeds, meanJce, 100 * lloydGap / seeds, 100 * lloydTenGap / seeds,
            exactNanos / 1e6 / seeds, lloydNanos / 1e6 / seeds);
        assertEquals(127, setSum / (double) seeds, 5, "the capacity was chosen to give about the paper's 127 sets");
        final JobList first = GoogleBatchSample.sample(trace, 1000, 1, 10);
        final JobList again = GoogleBatchSample.sample(trace, 1000, 1, 10);
        for (int i = 0; i < 1000; i++) {
            assertEquals(first.duration(i), again.duration(i), "same seed, same batch");
        }
    }
}
