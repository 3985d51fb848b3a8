package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;

/** Tetris's packing score: Table 2 exactly, the normalised form, and the overflow bound. */
class TetrisScoreTest {
    @Test
    void tableTwoScoresOnFreeResourcesPointTwoEach() {
        final Units units = Units.defaults();
        // 0.2 * (0.2 + 0.1 + 0.1) = 0.08 is 200,000 * 400,000 = 8 * 10^10 units squared, exactly.
        final long[] expectedUnits = {80_000_000_000L, 120_000_000_000L, 420_000_000_000L, 100_000_000_000L,
            80_000_000_000L};
        for (int job = 0; job < 5; job++) {
            final long dot = TetrisScore.dot(PaperExamples.TABLE2_SIZES, 3 * job, PaperExamples.TABLE2_FREE, 0, 3);
            assertEquals(expectedUnits[job], dot, "job " + (job + 1));
            assertEquals(PaperExamples.TABLE2_SCORES[job], TetrisScore.real(dot, units), 1e-15, "job " + (job + 1));
            assertEquals(PaperExamples.TABLE2_SCORES[job], TetrisScore.normalized(PaperExamples.TABLE2_SIZES, 3 * job,
                PaperExamples.TABLE2_FREE, 0, new int[] {1_000_000, 1_000_000, 1_000_000}, 0, 3), 1e-15);
        }
        // Job 3 scores highest (0.42) although it does not fit (0.8 > 0.2): the score ignores fitting.
        int best = 0;
        for (int job = 1; job < 5; job++) {
            if (PaperExamples.TABLE2_SCORES[job] > PaperExamples.TABLE2_SCORES[best]) {
                best = job;
            }
        }
        assertEquals(2, best);
    }

    @Test
    void normalisedScoreDividesBothVectorsByTheMachine() {
        // Machine (2, 4) with (1, 1) free; request (0.5, 2): (0.5/2)(1/2) + (2/4)(1/4) = 0.125 + 0.125.
        assertEquals(0.25, TetrisScore.normalized(new int[] {500_000, 2_000_000}, 0, new int[] {1_000_000, 1_000_000},
            0, new int[] {2_000_000, 4_000_000}, 0, 2), 1e-15);
    }

    @Test
    void theLargestScorePossibleFitsALong() {
        final int[] most = new int[Units.MAX_DIMENSIONS];
        Arrays.fill(most, Units.MAX_UNITS);
        final BigInteger exact = BigInteger.valueOf(Units.MAX_UNITS).pow(2).multiply(BigInteger.valueOf(most.length));
        assertTrue(exact.bitLength() < 64);
        assertEquals(exact.longValueExact(), TetrisScore.dot(most, 0, most, 0, most.length));
    }
}
