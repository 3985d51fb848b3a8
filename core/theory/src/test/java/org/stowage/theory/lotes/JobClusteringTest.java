package org.stowage.theory.lotes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** k-means against clusterings computed by hand, the effect of the scaling, determinism and validation. */
class JobClusteringTest {
    private static final JobClustering.Options OPTIONS = JobClustering.Options.defaults();

    /** Three well-separated groups on a line: means 2, 11 and 30, numbered in increasing order. */
    @Test
    void threeGroupsOnALineGiveTheirMeans() {
        final double[][] points = {{30}, {1}, {11}, {2}, {3}, {10}, {12}};
        for (final JobClustering.Scaling scaling : JobClustering.Scaling.values()) {
            final KMeansClasses classes = JobClustering.fit(points, OPTIONS.withClasses(3).withScaling(scaling), 1);
            assertEquals(3, classes.count());
            assertEquals(2.0, classes.meanFeature(0, 0), 1e-12, scaling.toString());
            assertEquals(11.0, classes.meanFeature(1, 0), 1e-12, scaling.toString());
            assertEquals(30.0, classes.meanFeature(2, 0), 1e-12, scaling.toString());
            assertEquals(3.0 / 7, classes.proportion(0), 1e-12);
            assertEquals(1.0 / 7, classes.proportion(2), 1e-12);
            assertEquals(1, classes.classify(new double[] {15}), "15 is nearer 11 than 30");
            assertEquals(2, classes.classify(new double[] {21}), "21 is nearer 30 (9) than 11 (10)");
        }
    }

    /**
     * Two sizes (0.1, 0.5) crossed with three durations (1, 2, 3 h); within-class sums of squares by hand.
     * Unscaled: the size split costs 2 x (1 + 0 + 1) = 4 (durations), the split {1 h} | {2, 3 h} costs
     * 2 x 0.04 (sizes) + 4 x 0.04 + 4 x 0.25 = 1.24, as does {1, 2 h} | {3 h}: k-means splits by duration.
     * Standardized (sizes z = -1, +1; durations z = -1.22, 0, 1.22): the size split costs 2 x (1.5 + 0 + 1.5)
     * = 6, a duration split 2 + (4 + 4 x 0.375) = 7.5: k-means splits by size, centroids (0.1, 2 h), (0.5, 2 h).
     */
    @Test
    void scalingDecidesWhetherDurationOrSizeSeparatesTheClasses() {
        final double[][] points = {{0.1, 1}, {0.1, 2}, {0.1, 3}, {0.5, 1}, {0.5, 2}, {0.5, 3}};
        final KMeansClasses standardized = JobClustering.fit(points,
            OPTIONS.withClasses(2).withScaling(JobClustering.Scaling.STANDARDIZE), 1);
        assertArrayEquals(new double[] {0.1, 2}, new double[] {standardized.meanSize(0, 0),
            standardized.meanDurationHours(0)}, 1e-12);
        assertArrayEquals(new double[] {0.5, 2}, new double[] {standardized.meanSize(1, 0),
            standardized.meanDurationHours(1)}, 1e-12);
        final KMeansClasses raw = JobClustering.fit(points, OPTIONS.withClasses(2).withScaling(JobClustering.Scaling.NONE),
            1);
        assertEquals(0.3, raw.meanSize(0, 0), 1e-12, "each class holds both sizes");
        assertEquals(0.3, raw.meanSize(1, 0), 1e-12);
        final double shorter = raw.meanDurationHours(0);
        assertTrue(shorter == 1.0 || shorter == 1.5, "{1 h} or {1, 2 h} first: " + shorter);
    }

    /** Min-max maps sizes 0.1..0.5 and durations 1..3 h both onto [0, 1]: the same split as standardizing here. */
    @Test
    void minMaxScalingPutsBothFeaturesOnTheUnitRange() {
        final double[][] points = {{0.1, 1}, {0.1, 2}, {0.1, 3}, {0.5, 1}, {0.5, 2}, {0.5, 3}};
        final KMeansClasses classes = JobClustering.fit(points, OPTIONS.withClasses(2), 1);
        assertEquals(0.1, classes.meanSize(0, 0), 1e-12);
        assertEquals(0.5, classes.meanSize(1, 0), 1e-12);
        assertEquals(0, classes.classify(new double[] {0.2, 3}));
        assertEquals(1, classes.classify(new double[] {0.4, 1}));
    }

    @Test
    void sameSeedSameClassesAndTheNumberingDoesNotDependOnTheSeed() {
        final SplittableRandom random = new SplittableRandom(5);
        final double[][] points = new double[3000][];
        for (int i = 0; i < points.length; i++) {
            final int group = random.nextInt(4);
            points[i] = new double[] {0.05 + 0.1 * group + 0.01 * random.nextGaussian(),
                0.02 * (group % 2) + 0.002 * random.nextGaussian(), 0.5 + 0.1 * group + 0.01 * random.nextGaussian()};
        }
        final KMeansClasses a = JobClustering.fit(points, OPTIONS, 2);
        final KMeansClasses b = JobClustering.fit(points, OPTIONS, 2);
        final KMeansClasses c = JobClustering.fit(points, OPTIONS.withSeed(99), 2);
        for (int k = 0; k < 4; k++) {
            assertEquals(a.meanSize(k, 0), b.meanSize(k, 0), 0.0);
            assertEquals(a.trainingJobs(k), b.trainingJobs(k));
            assertEquals(a.meanSize(k, 0), c.meanSize(k, 0), 1e-12, "another seed finds the same four groups");
            assertEquals(0.05 + 0.1 * k, a.meanSize(k, 0), 0.002);
        }
    }

    @Test
    void badInputIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> JobClustering.fit(new double[][] {{1}, {2}}, OPTIONS, 1));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> JobClustering.fit(new double[][] {{1}, {2}, {Double.NaN}, {4}, {5}}, OPTIONS, 1));
        assertTrue(e.getMessage().contains("feature 0 of point 2 is not finite"), e.getMessage());
        final IllegalArgumentException same = assertThrows(IllegalArgumentException.class,
            () -> JobClustering.fit(new double[][] {{1, 2}, {1, 2}, {3, 2}, {1, 2}, {3, 2}, {1, 2}},
                OPTIONS.withClasses(3), 1));
        assertEquals("k-means: the 6 training jobs have 2 distinct feature vector(s) (requests and duration) for 3"
            + " classes", same.getMessage());
        final KMeansClasses two = JobClustering.fit(new double[][] {{1, 2}, {1, 2}, {3, 2}, {1, 2}, {3, 2}},
            OPTIONS.withClasses(2), 1);
        assertEquals(3, two.trainingJobs(0), "k distinct values among repeated ones are enough");
        assertThrows(IllegalArgumentException.class, () -> OPTIONS.withClasses(0));
        assertThrows(IllegalArgumentException.class, () -> OPTIONS.withScaling(null));
    }
}
