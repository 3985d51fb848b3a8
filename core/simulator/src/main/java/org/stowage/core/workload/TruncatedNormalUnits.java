package org.stowage.core.workload;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TruncatedNormalDistribution;

/**
 * Sizes in units of Normal laws truncated to [0, 1], drawn by inversion: for a uniform {@code u} the result is
 * exactly {@code ceil(min(law.inverseCumulativeProbability(u), 1) * resolution)}, the value the library's
 * inverse gives, bit for bit, but usually without calling it.
 *
 * <p><b>Why it is exact.</b> The result is an integer, a monotone step function of the real size {@code x}, so
 * it depends on {@code x} only through the unit interval {@code x} falls in. The library computes
 * {@code x = mu + sigma * z(q)} with {@code q = alpha + u * delta} (alpha and delta the parent Normal's mass below
 * 0 and in [0, 1]) and {@code z} the standard Normal quantile (by {@code InverseErfc}). This class approximates
 * {@code z(q)} by a quintic Hermite interpolant (value, slope and curvature at both ends) on {@value #CELLS}
 * equal cells of q covering
 * {@code z in [-}{@value #Z_RANGE}{@code , }{@value #Z_RANGE}{@code ]}, with a per-cell bound on its error, and
 * takes the fast answer only when the whole interval {@code [x - margin, x + margin]} maps to one unit; else,
 * and outside the table, it calls the library. The margin is the sum of:
 * <ul>
 *   <li>the interpolation error, {@code h^6 / (6! 64) * max |z^(6)|} over the cell, doubled
 *       ({@link #interpolationBound}): with {@code z' = 1 / phi(z)}, {@code z^(6) = z'^6 P6(z)} grows with
 *       {@code |z|}, so its maximum over a cell is at the end farther from 0;</li>
 *   <li>{@value #Z_SLACK_TEXT} in z (times sigma in x) for everything else that scales with sigma: the
 *       library's own error (Boost's erfc_inv, which {@code InverseErfc} ports, is documented below about
 *       2 ulp; at {@code |z| <= 3} that is below 3e-15), the rounding of q (at most {@code z' * ulp(q)},
 *       below 3e-14 at {@code |z| <= 3}), the nodes' values and slopes (the library's, within a few ulp) and the
 *       rounding of the polynomial's evaluation (a few ulp of {@code |z| <= 3}): a factor of more than 30 over
 *       their sum;</li>
 *   <li>{@value #X_SLACK_TEXT} in x for the rounding of {@code mu + sigma * z} at {@code x <= 1} (ulp 2.2e-16),
 *       a factor of about 8,000.</li>
 * </ul>
 * Since the library's value lies within the margin of the approximation and {@code ceil(min(x, 1) * resolution)}
 * is monotone in x (the product's rounding is monotone too), equal units at both ends of the interval are the
 * library's units. {@code TruncatedNormalUnitsTest} checks it against the library on millions of draws and on
 * draws placed next to the unit boundaries on purpose. The library still answers the mass beyond |z| = 3 (at
 * most 0.27%) and about {@code 2 * margin * resolution} of the rest, which is small but for the outer cells,
 * where the bound grows as {@code exp(3 z^2)}: on Fig. 11's laws at 10^6 units, 0.54% of the draws in all.
 *
 * <p>Why not a table of the u thresholds of every unit boundary: at the default resolution of 10^6 units a
 * law of mean 0.025 and cv 0.5 (Fig. 11's classes) spreads over about 75,000 units, a table of 600 KB per law
 * and a search through it of two or three cache misses; the interpolant is one {@value #CELLS}-cell table
 * ({@code 56 * CELLS} bytes) shared by every law and every resolution. A first version, a cubic on 2048 cells
 * (80 KB), was twice as fast as the library alone but slower inside a simulation, whose data evicts it
 * (docs/journal/2026-11-26-generation-and-the-slot.md).
 *
 * <p>Complexity: O(1) per draw (one cell of 56 bytes read, a quintic in Horner form), O(CELLS) library calls
 * once per class initialisation. Allocation: none per draw; the table is immutable and shared; instances are immutable
 * (thread-safe).
 */
final class TruncatedNormalUnits {
    /** Cells of the interpolant in q: 28 KB of table, about the first-level cache of this machine's cores. */
    static final int CELLS = 512;
    /** The table covers standard Normal quantiles in [-Z_RANGE, Z_RANGE]; beyond, the library is called. */
    static final double Z_RANGE = 3.0;
    private static final String Z_SLACK_TEXT = "2^-40";
    private static final double Z_SLACK = 0x1p-40;
    private static final String X_SLACK_TEXT = "2^-38";
    private static final double X_SLACK = 0x1p-38;
    /** Per cell: z at the left node, the quintic's coefficients of t to t^5, then the error margin in z. */
    private static final int STRIDE = 7;
    private static final double Q_LOW;
    private static final double CELLS_PER_Q;
    private static final double[] CELL_TABLE;

    static {
        final NormalDistribution standard = NormalDistribution.of(0, 1);
        final double qLow = standard.cumulativeProbability(-Z_RANGE);
        final double qHigh = standard.cumulativeProbability(Z_RANGE);
        final double width = (qHigh - qLow) / CELLS;
        final double[] z = new double[CELLS + 1];
        final double[] slope = new double[CELLS + 1];
        final double[] curvature = new double[CELLS + 1];
        for (int i = 0; i <= CELLS; i++) {
            z[i] = standard.inverseCumulativeProbability(qLow + i * width);
            // z' = 1 / phi(z) and z'' = z z'^2, both times the cell's width to the power of the order
            slope[i] = Math.sqrt(2 * Math.PI) * Math.exp(z[i] * z[i] / 2) * width;
            curvature[i] = z[i] * slope[i] * slope[i];
        }
        final double[] table = new double[CELLS * STRIDE];
        for (int i = 0; i < CELLS; i++) {
            // the quintic matching value, slope and curvature at both ends of the cell, in t = 0..1
            final double value = z[i + 1] - z[i] - slope[i] - curvature[i] / 2;
            final double slopes = slope[i + 1] - slope[i] - curvature[i];
            final double curvatures = curvature[i + 1] - curvature[i];
            final int base = i * STRIDE;
            table[base] = z[i];
            table[base + 1] = slope[i];
            table[base + 2] = curvature[i] / 2;
            table[base + 3] = 10 * value - 4 * slopes + curvatures / 2;
            table[base + 4] = -15 * value + 7 * slopes - curvatures;
            table[base + 5] = 6 * value - 3 * slopes + curvatures / 2;
            table[base + 6] = 2 * interpolationBound(Math.max(Math.abs(z[i]), Math.abs(z[i + 1])), width) + Z_SLACK;
        }
        Q_LOW = qLow;
        CELLS_PER_Q = CELLS / (qHigh - qLow);
        CELL_TABLE = table;
    }

    /**
     * The quintic Hermite interpolant's error bound on a cell of width {@code width} whose farther end from 0 is
     * at {@code |z| = far}: {@code max |z^(6)| * width^6 / (6! * 64)}, with {@code z^(6) = z'^6 P6(z)},
     * {@code z'^6 = (2 pi)^3 exp(3 z^2)} and {@code P6(z) = 127 z + 326 z^3 + 120 z^5} (from
     * {@code P(n + 1) = n z P(n) + P(n)'}, {@code P1 = 1}), both growing with {@code |z|}.
     */
    static double interpolationBound(final double far, final double width) {
        final double twoPi = 2 * Math.PI;
        final double sixth = twoPi * twoPi * twoPi * Math.exp(3 * far * far)
            * far * (127 + far * far * (326 + 120 * far * far));
        final double w3 = width * width * width;
        return sixth * w3 * w3 / (720.0 * 64);
    }

    private final TruncatedNormalDistribution law;
    private final double mu;
    private final double sigma;
    private final double alpha;
    private final double delta;
    private final double resolution;

    /** The Normal of mean {@code mu} and deviation {@code sigma} truncated to [0, 1], in units of {@code resolution}. */
    TruncatedNormalUnits(final double mu, final double sigma, final int resolution) {
        this.law = TruncatedNormalDistribution.of(mu, sigma, 0, 1);
        // the same calls as the library's constructor, so q is computed from the same two doubles
        final NormalDistribution parent = NormalDistribution.of(mu, sigma);
        this.alpha = parent.cumulativeProbability(0);
        this.delta = parent.probability(0, 1);
        this.mu = mu;
        this.sigma = sigma;
        this.resolution = resolution;
    }

    TruncatedNormalDistribution law() {
        return law;
    }

    /** {@code ceil(min(law.inverseCumulativeProbability(u), 1) * resolution)}, exactly; u in [0, 1). */
    int units(final double u) {
        final int fast = fastUnits(u);
        return fast >= 0 ? fast : exactUnits(u);
    }

    /** The library's answer: what {@link #units} returns, computed the slow way (the reference twin). */
    int exactUnits(final double u) {
        return unitsOf(law.inverseCumulativeProbability(u));
    }

    /**
     * The units of {@code u} from the table, or -1 when {@code u} is beyond it or its margin straddles a unit
     * boundary (then only the library decides).
     */
    int fastUnits(final double u) {
        final double cellPosition = (alpha + u * delta - Q_LOW) * CELLS_PER_Q;
        if (!(cellPosition >= 0 && cellPosition < CELLS)) {
            return -1;
        }
        final int cell = (int) cellPosition;
        final double t = cellPosition - cell;
        final double[] table = CELL_TABLE;
        final int base = cell * STRIDE;
        final double z = table[base] + t * (table[base + 1] + t * (table[base + 2] + t * (table[base + 3]
            + t * (table[base + 4] + t * table[base + 5]))));
        final double x = mu + sigma * z;
        final double margin = sigma * table[base + 6] + X_SLACK;
        final int low = unitsOf(x - margin);
        return low == unitsOf(x + margin) ? low : -1;
    }

    /** The size rule of {@link SizeDistribution#truncatedNormal}, extended monotonically below 0. */
    private int unitsOf(final double x) {
        return x <= 0 ? 0 : (int) Math.ceil(Math.min(x, 1.0) * resolution);
    }
}
