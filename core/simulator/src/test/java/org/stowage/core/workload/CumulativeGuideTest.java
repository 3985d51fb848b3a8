package org.stowage.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** {@link CumulativeGuide} against its twin, the binary search it replaced, on random weights; seed in every message. */
class CumulativeGuideTest {
    @Test
    void guideGivesTheBinarySearchsIndexForEveryDraw() {
        for (int trial = 0; trial < 1_000; trial++) {
            final long seed = 9_000 + trial;
            final SplittableRandom random = new SplittableRandom(seed);
            final int n = 1 + random.nextInt(trial % 10 == 0 ? 1000 : 140);
            final double[] cumulative = new double[n];
            double total = 0;
            for (int i = 0; i < n; i++) {
                final int kind = random.nextInt(6);
                // zero weights (ties of the running sums), tiny and huge weights among ordinary ones
                final double weight = kind == 0 ? 0 : kind == 1 ? 1e-12 * random.nextDouble()
                    : kind == 2 ? 1e6 * random.nextDouble() : random.nextDouble();
                total += weight;
                cumulative[i] = total;
            }
            if (!(total > 0)) {
                continue;
            }
            final CumulativeGuide guide = new CumulativeGuide(cumulative);
            final double sum = total;
            for (int i = 0; i < 2_000; i++) {
                final double u = i % 4 == 0 ? cumulative[random.nextInt(n)] : random.nextDouble() * sum;
                assertEquals(CumulativeGuide.binarySearch(cumulative, u), guide.pick(u),
                    () -> "seed " + seed + ", n " + n + ", u " + u);
            }
            for (final double u : new double[] {0, Math.nextDown(total), total}) {
                assertEquals(CumulativeGuide.binarySearch(cumulative, u), guide.pick(u),
                    () -> "seed " + seed + ", n " + n + ", edge u " + u);
            }
        }
    }
}
