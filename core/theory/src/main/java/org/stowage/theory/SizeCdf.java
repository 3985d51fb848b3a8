package org.stowage.theory;

import java.util.function.DoubleUnaryOperator;

/**
 * A one-resource job size distribution given by its cdf {@code F(x) = P(R <= x)} and the bounds of its
 * support: {@code F(x) = 0} for {@code x < low()} and {@code F(high()) = 1}. {@code low()} is the smallest
 * size a job can have, which keeps the lower-rounded partitions of {@link ContinuousBounds} away from size 0.
 * An atom at {@code low()} is allowed ({@code F(low()) > 0}).
 */
public interface SizeCdf {
    /** Smallest possible size: {@code F(x) = 0} for every {@code x < low()}. */
    double low();

    /** Largest possible size: {@code F(high()) = 1}. */
    double high();

    /** {@code P(R <= x)}, non-decreasing, in [0, 1]. */
    double cdf(double x);

    /** Uniform on {@code [low, high]} (2019 paper, Sec. VII-A3); {@code low == high} is a single size. */
    static SizeCdf uniform(final double low, final double high) {
        checkSupport(low, high);
        return new SizeCdf() {
            @Override
            public double low() {
                return low;
            }

            @Override
            public double high() {
                return high;
            }

            @Override
            public double cdf(final double x) {
                if (x < low) {
                    return 0;
                }
                return x >= high ? 1 : (x - low) / (high - low);
            }

            @Override
            public String toString() {
                return "uniform[" + low + ", " + high + "]";
            }
        };
    }

    /**
     * Any distribution on {@code [low, high]} given by its cdf. The cdf is checked where it is used
     * ({@link ContinuousBounds} names the point of any violation).
     */
    static SizeCdf of(final DoubleUnaryOperator cdf, final double low, final double high, final String description) {
        checkSupport(low, high);
        return new SizeCdf() {
            @Override
            public double low() {
                return low;
            }

            @Override
            public double high() {
                return high;
            }

            @Override
            public double cdf(final double x) {
                return cdf.applyAsDouble(x);
            }

            @Override
            public String toString() {
                return description;
            }
        };
    }

    private static void checkSupport(final double low, final double high) {
        if (!(low >= 0) || !(high >= low) || Double.isInfinite(high)) {
            throw new IllegalArgumentException("size support must satisfy 0 <= low <= high < infinity: [" + low + ", "
                + high + "]");
        }
    }
}
