package org.stowage.core.kernel.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The baselines' formulas against values worked by hand from the artifact's code. */
class ArtifactScoresTest {
    @Test
    void bestFitWeighsFreeCpuAndGpuAfterThePodOverTheLargestSpec() {
        // (60000 / 128000 + 1500 / 8000) x 0.5 = 0.328125 -> (1 - 0.328125) x 100 = 67.1875
        assertEquals(67, ArtifactScores.bestFit(64000, 2000, 4000, 500));
        assertEquals(100, ArtifactScores.bestFit(4000, 500, 4000, 500), "an exact fit");
        assertEquals(0, ArtifactScores.bestFit(128000, 8000, 0, 0), "the largest node, empty, for nothing");
    }

    @Test
    void dotProductIsOneMinusHalfTheNormalisedProduct() {
        // node (0.5, 0.25) . pod (0.03125, 0.0625) = 0.03125 -> (1 - 0.015625) x 100 = 98.4375
        assertEquals(98, ArtifactScores.dotProduct(64000, 2000, 4000, 500));
        assertEquals(0, ArtifactScores.dotProduct(128000, 8000, 128000, 8000));
    }

    @Test
    void packingPrefersSharedGpusThenFreeGpusOfUsedNodesThenIdleNodes() {
        assertEquals(25, ArtifactScores.packingIdleNode(8));
        assertEquals(31, ArtifactScores.packingIdleNode(2));
        assertEquals(32, ArtifactScores.packingIdleNode(1));
        assertEquals(49, ArtifactScores.packingFreeGpus(1));
        assertEquals(42, ArtifactScores.packingFreeGpus(8));
        assertEquals(33, ArtifactScores.packingFreeGpus(20), "capped at 100 / 3");
        assertEquals(99, ArtifactScores.packingSharedGpus(19), "190 milli free: 19 percent");
        assertEquals(92, ArtifactScores.packingSharedGpus(81));
        assertEquals(50, ArtifactScores.packingSharedGpus(600), "capped at 100 / 2");
    }

    @Test
    void clusteringRanksKindsThenFullness() {
        assertEquals(93, ArtifactScores.clustering(true, 1, 2000), "25 x 6000 / 8000 = 18, + 75");
        assertEquals(68, ArtifactScores.clustering(true, 2, 2000));
        assertEquals(25, ArtifactScores.clustering(false, 0, 8000));
        assertEquals(25, ArtifactScores.clustering(false, 1, 0), "25 x 8000 / 8000, + 0");
    }
}
