package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;

/**
 * Bounds from upper- and lower-rounded partitions (2019 paper, Definitions 3-4, Theorem 1): they bracket
 * each other, tighten monotonically as the partition doubles, and close to the documented tolerances.
 */
class ContinuousBoundsTest {
    private static final Units UNITS = new Units(1 << 20); // binary, so the 4096-step grid divides it
    private static final ServerClasses FIVE_UNIT_SERVERS = ServerClasses.homogeneous(5, UNITS.capacityUnits(1.0));
    private static final MaxSupportableWorkload.Options OPTIONS = MaxSupportableWorkload.Options.defaults();

    /** 2019 paper, Sec. VII-A3, Fig. 4b: 5 unit servers, U[0.1, 0.9]; rho* <= L / E[R] = 10. */
    @Test
    void uniformPointOneToPointNineConvergesToWithinOnePercent() {
        final List<ContinuousBounds.Bound> steps = refine(SizeCdf.uniform(0.1, 0.9), 8, 128, 0.0);
        assertMonotoneAndBracketing(steps, 10.0);
        final ContinuousBounds.Bound last = steps.get(steps.size() - 1);
        assertEquals(128, last.intervals());
        assertTrue(last.relativeGap() <= 0.0085, last.toString());
        // Strict lower rounding sees that no real job pair fills a server exactly: the upper bound is L / E[R].
        assertEquals(10.0, steps.get(0).upper(), 1e-6);
        assertTrue(steps.get(0).strictScale() > 1);
    }

    /** 2019 paper, Sec. VII-A3, Fig. 4a: 5 unit servers, U[0.01, 0.19]; rho* <= L / E[R] = 50. */
    @Test
    void uniformPointZeroOneToPointOneNineConvergesToWithinOnePointFivePercent() {
        final List<ContinuousBounds.Bound> steps = refine(SizeCdf.uniform(0.01, 0.19), 8, 128, 0.0);
        assertMonotoneAndBracketing(steps, 50.0);
        final ContinuousBounds.Bound last = steps.get(steps.size() - 1);
        assertTrue(last.relativeGap() <= 0.015, last.toString());
        assertTrue(last.upper() >= 50.0 - 1e-6, "a fine partition packs small jobs nearly perfectly: " + last);
    }

    @Test
    void refinementStopsAtTheRequestedGap() {
        final List<ContinuousBounds.Bound> steps = refine(SizeCdf.uniform(0.1, 0.9), 8, 1024, 0.05);
        assertEquals(32, steps.get(steps.size() - 1).intervals());
        assertTrue(steps.get(steps.size() - 1).relativeGap() <= 0.05);
        assertTrue(steps.get(steps.size() - 2).relativeGap() > 0.05);
    }

    /** Sizes reaching 0: the bottom interval's lower-rounded size is 0 and is left out; the bound stays finite. */
    @Test
    void anIntervalTouchingZeroIsDroppedFromTheUpperBoundAndTheBoundStaysFinite() {
        final List<ContinuousBounds.Bound> steps = refine(SizeCdf.uniform(0.0, 0.5), 8, 64, 0.0);
        assertMonotoneAndBracketing(steps, 20.0);
        for (final ContinuousBounds.Bound step : steps) {
            assertEquals(1, step.droppedZeroSizeTypes(), step.toString());
            assertTrue(Double.isFinite(step.upper()), step.toString());
        }
        assertTrue(steps.get(steps.size() - 1).relativeGap() < 0.035, steps.get(steps.size() - 1).toString());
    }

    /** Any cdf given as a function: here F(x) = ((x - 0.1) / 0.8)^2 on [0.1, 0.9], mean 0.6333. */
    @Test
    void aCdfGivenAsAFunctionIsBracketed() {
        final SizeCdf cdf = SizeCdf.of(x -> x <= 0.1 ? 0 : x >= 0.9 ? 1 : Math.pow((x - 0.1) / 0.8, 2), 0.1, 0.9,
            "((x - 0.1) / 0.8)^2");
        final List<ContinuousBounds.Bound> steps = refine(cdf, 8, 64, 0.0);
        assertMonotoneAndBracketing(steps, 5 / (0.1 + 0.8 * 2.0 / 3));
        assertTrue(steps.get(steps.size() - 1).relativeGap() < 0.05, steps.get(steps.size() - 1).toString());
    }

    /**
     * Atoms at 0.25 and 0.5 (on the grid), equally likely, one unit server: once every range is a single grid
     * step, both roundings give the discrete system, rho* = 8/3, exactly.
     */
    @Test
    void atomsOnTheGridCloseTheGapToTheDiscreteAnswer() {
        final SizeCdf cdf = SizeCdf.of(x -> x < 0.25 ? 0 : x < 0.5 ? 0.5 : 1, 0.25, 0.5, "atoms at 0.25 and 0.5");
        final ContinuousBounds.Bound bound = ContinuousBounds.bound(cdf, ServerClasses.homogeneous(1,
            UNITS.capacityUnits(1.0)), UNITS, 4096, 4096, OPTIONS);
        assertEquals(1025, bound.intervals(), "one range per grid step from 1024 to 2048");
        assertEquals(8.0 / 3, bound.lower(), 1e-9);
        assertEquals(8.0 / 3, bound.upper(), 1e-9);
        final double discrete = MaxSupportableWorkload.solve(JobTypes.of(UNITS, new double[][] {{0.25}, {0.5}},
            new double[] {1, 1}), ServerClasses.homogeneous(1, UNITS.capacityUnits(1.0))).rho();
        assertEquals(discrete, bound.lower(), 1e-9);
    }

    @Test
    void badDistributionsAndGridsAreNamed() {
        final ServerClasses one = ServerClasses.homogeneous(1, UNITS.capacityUnits(1.0));
        assertEquals("cdf of falling decreases: 0.75 at 0.25, then 0.25 at 0.75",
            assertThrows(IllegalArgumentException.class, () -> ContinuousBounds.bound(
                SizeCdf.of(x -> x < 0.5 ? 0.75 : 0.25, 0.25, 0.75, "falling"), one, UNITS, 4, 2, OPTIONS)).getMessage());
        assertEquals("cdf of short at the top of its support 0.75 is 0.5, not 1",
            assertThrows(IllegalArgumentException.class, () -> ContinuousBounds.bound(
                SizeCdf.of(x -> 0.5, 0.25, 0.75, "short"), one, UNITS, 4, 2, OPTIONS)).getMessage());
        assertEquals("grid must divide the resolution 1048576: 1000",
            assertThrows(IllegalArgumentException.class, () -> ContinuousBounds.bound(SizeCdf.uniform(0.1, 0.9), one,
                UNITS, 1000, 8, OPTIONS)).getMessage());
        assertEquals("size support must satisfy 0 <= low <= high < infinity: [0.5, 0.25]",
            assertThrows(IllegalArgumentException.class, () -> SizeCdf.uniform(0.5, 0.25)).getMessage());
    }

    private static List<ContinuousBounds.Bound> refine(final SizeCdf cdf, final int first, final int max,
                                                       final double gap) {
        final List<ContinuousBounds.Bound> seen = new ArrayList<>();
        final List<ContinuousBounds.Bound> steps = ContinuousBounds.refine(cdf, FIVE_UNIT_SERVERS, UNITS, 4096, first,
            max, gap, OPTIONS, seen::add);
        assertEquals(steps, seen);
        return steps;
    }

    /** Lower never above upper, both monotone, each step's relative gap no larger, and the volume bound respected. */
    private static void assertMonotoneAndBracketing(final List<ContinuousBounds.Bound> steps, final double volumeBound) {
        for (int i = 0; i < steps.size(); i++) {
            final ContinuousBounds.Bound step = steps.get(i);
            assertTrue(step.lower() <= step.upper() + 1e-9 * step.upper(), step.toString());
            assertTrue(step.lower() <= volumeBound * (1 + 1e-9), "lower bound above L / E[R]: " + step);
            if (i > 0) {
                final ContinuousBounds.Bound previous = steps.get(i - 1);
                assertEquals(2 * previous.intervals(), step.intervals());
                assertTrue(step.lower() >= previous.lower(), step + " after " + previous);
                assertTrue(step.upper() <= previous.upper(), step + " after " + previous);
                assertTrue(step.relativeGap() <= previous.relativeGap(), step + " after " + previous);
                // Raw bounds of nested partitions already move monotonically (on the lower side at least).
                assertTrue(step.upperRounded().lowerBound() >= previous.upperRounded().lowerBound() - 1e-9,
                    step + " after " + previous);
            }
        }
    }
}
