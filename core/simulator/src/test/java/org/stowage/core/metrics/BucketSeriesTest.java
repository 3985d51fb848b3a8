package org.stowage.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class BucketSeriesTest {

    @Test
    void bucketMeansAreExactTimeAveragesOfThePieces() {
        final BucketSeries series = new BucketSeries(0, 10, 8);
        series.add(2, 5);     // [0, 5): 2
        series.add(4, 15);    // [5, 15): 4
        series.add(0, 30);    // [15, 30): 0
        assertEquals(3, series.size());
        assertEquals((2 * 5 + 4 * 5) / 10.0, series.mean(0), 1e-12);
        assertEquals(4 * 5 / 10.0, series.mean(1), 1e-12);
        assertEquals(0, series.mean(2), 1e-12);
        assertEquals(30, series.position());
    }

    @Test
    void aFullSeriesMergesPairsAndDoublesItsWidthKeepingTheWholeRun() {
        final BucketSeries series = new BucketSeries(100, 1, 4);
        for (int t = 1; t <= 4; t++) {
            series.add(t, 100 + t); // bucket t-1 has mean t
        }
        assertEquals(2, series.size(), "four full buckets merge into two");
        assertEquals(2, series.width());
        assertEquals(1.5, series.mean(0), 1e-12);
        assertEquals(3.5, series.mean(1), 1e-12);
        assertEquals(102, series.start(1));
    }

    @Test
    void memoryStaysBoundedAndAveragesStayExactOverAHugeGap() {
        final BucketSeries series = new BucketSeries(0, 1, 64);
        series.add(7, 1e12);
        assertTrue(series.size() >= 32 && series.size() <= 64, "between capacity/2 and capacity buckets: " + series.size());
        for (int i = 0; i < series.size(); i++) {
            assertEquals(7, series.mean(i), 1e-9);
        }
        assertTrue(series.start(series.size()) <= 1e12 && series.start(series.size()) + series.width() > 1e12);
    }

    @Test
    void mergedMeansEqualTheMeansOfTheRawSignal() {
        final SplittableRandom random = new SplittableRandom(42);
        final int length = 10_000;
        final int[] values = new int[length];
        final BucketSeries series = new BucketSeries(0, 1, 16);
        for (int t = 0; t < length; t++) {
            values[t] = random.nextInt(100);
            series.add(values[t], t + 1);
        }
        final int width = (int) series.width();
        for (int i = 0; i < series.size(); i++) {
            long sum = 0;
            for (int t = i * width; t < (i + 1) * width; t++) {
                sum += values[t];
            }
            assertEquals((double) sum / width, series.mean(i), 1e-9, "bucket " + i);
        }
    }

    @Test
    void rejectsBadShapes() {
        assertThrows(IllegalArgumentException.class, () -> new BucketSeries(0, 0, 8));
        assertThrows(IllegalArgumentException.class, () -> new BucketSeries(0, 1, 7));
    }
}
