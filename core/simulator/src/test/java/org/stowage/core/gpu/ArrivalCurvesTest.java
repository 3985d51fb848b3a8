package org.stowage.core.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The artifact's merge_*_discrete.py on rows worked by hand, and Python's round. */
class ArrivalCurvesTest {
    @Test
    void roundIsPythonsRoundHalfToEvenOfTheExactValue() {
        assertEquals(2.67, ArrivalCurves.round(2.675, 2), "2.675 is 2.67499999... in binary");
        assertEquals(0.12, ArrivalCurves.round(0.125, 2), "an exact tie goes to even");
        assertEquals(0.38, ArrivalCurves.round(0.375, 2));
        assertEquals(2.0, ArrivalCurves.round(2.5, 0));
        assertEquals(4.0, ArrivalCurves.round(3.5, 0));
        assertTrue(Double.isNaN(ArrivalCurves.round(Double.NaN, 2)));
        final SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 200_000; i++) {
            final double x = i % 2 == 0 ? random.nextDouble() * 200 : random.nextInt(20_000) / 1000.0 + 0.005;
            assertEquals(new BigDecimal(x).setScale(2, RoundingMode.HALF_EVEN).doubleValue(), ArrivalCurves.round(x, 2),
                "round(" + x + ", 2)");
        }
    }

    @Test
    void columnsAverageTheRowsOfTheirPercentOrTheirNeighbours() {
        // 10 GPUs; rows at 0, 5, 10 and 30 percent arrived, allocated 0, 5, 10 and 20 percent
        final ArrivalCurves curves = new ArrivalCurves(10, new long[] {0, 500, 1000, 3000},
            new long[] {0, 500, 1000, 2000}, new double[] {0, 100, 200, 1000}, new double[] {0, 10, 20.004, 30});
        assertEquals(0.0, curves.allocation(0));
        assertEquals(0.0, curves.allocation(1), "no row at 1%: the rows within 0% and 2%");
        assertEquals(5.0, curves.allocation(4));
        assertEquals(5.0, curves.allocation(6));
        assertTrue(Double.isNaN(curves.allocation(7)), "no row within 6% and 8%");
        assertEquals(20.0, curves.allocation(31));
        assertTrue(Double.isNaN(curves.allocation(130)));
        assertEquals(10.0, curves.fragmentAmount(30), "100 x 1000 milli / 1000 / 10 GPUs");
        assertEquals(20.0, curves.fragmentRatio(10), "as logged, with two decimals");
        assertEquals(4, curves.rows());
    }
}
