package org.stowage.core.kernel.partition;

import java.math.BigDecimal;

/**
 * The stall threshold of the partition kernels (Psychas and Ghaderi 2019, Sec. VIII): a server whose
 * configuration weight is below this fraction of the maximum weight is inefficient. Held exactly as a
 * decimal fraction {@code numerator / 10^scale} with at most {@value #MAX_DIGITS} decimal places, so
 * {@link #isBelow} compares {@code weight * 10^scale < numerator * maxWeight} in exact 128-bit integer
 * arithmetic: no rounding decides a stall.
 *
 * <p>Immutable. {@link #isBelow} is O(1) and allocation-free.
 */
public final class StallFraction {
    /** Most decimal places a fraction may have. */
    public static final int MAX_DIGITS = 9;

    private final long numerator;
    private final long denominator;
    private final String text;

    private StallFraction(final long numerator, final long denominator, final String text) {
        this.numerator = numerator;
        this.denominator = denominator;
        this.text = text;
    }

    /**
     * Parses a fraction in (0, 1] written as a decimal, such as {@code 0.5} or {@code 1}.
     *
     * @throws IllegalArgumentException naming the text if it is not such a decimal
     */
    public static StallFraction parse(final String text) {
        final BigDecimal value;
        try {
            value = new BigDecimal(text.trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("stall fraction must be a decimal in (0, 1]: '" + text + "'", e);
        }
        if (value.signum() <= 0 || value.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("stall fraction must be a decimal in (0, 1]: '" + text + "'");
        }
        final BigDecimal plain = value.stripTrailingZeros();
        final int scale = Math.max(0, plain.scale());
        if (scale > MAX_DIGITS) {
            throw new IllegalArgumentException("stall fraction may have at most " + MAX_DIGITS
                + " decimal places: '" + text + "'");
        }
        final long denominator = BigDecimal.TEN.pow(scale).longValueExact();
        final long numerator = plain.movePointRight(scale).longValueExact();
        return new StallFraction(numerator, denominator, plain.toPlainString());
    }

    /**
     * Whether {@code weight < fraction * maxWeight}, exactly. Both arguments are non-negative and below
     * 2<sup>63</sup>. With {@code maxWeight = 0} nothing is below, so an empty queue never stalls a server.
     */
    public boolean isBelow(final long weight, final long maxWeight) {
        assert weight >= 0 && maxWeight >= 0;
        final long leftHigh = Math.multiplyHigh(weight, denominator);
        final long leftLow = weight * denominator;
        final long rightHigh = Math.multiplyHigh(numerator, maxWeight);
        final long rightLow = numerator * maxWeight;
        return leftHigh != rightHigh ? leftHigh < rightHigh : Long.compareUnsigned(leftLow, rightLow) < 0;
    }

    /** The fraction as a plain decimal, such as {@code 0.5}. */
    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof StallFraction that && numerator == that.numerator && denominator == that.denominator;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(numerator * 31 + denominator);
    }
}
