package org.stowage.core.trace;

import java.nio.charset.StandardCharsets;

/**
 * Number parsing straight from bytes, without a String per field.
 *
 * <p>{@link #parseDecimal} accepts exactly {@code [+-]?digits[.digits]?([eE][+-]?digits)?} (at least one
 * digit before or after the point) and returns the correctly rounded double, like
 * {@link Double#parseDouble}: when the significant digits fit in 2<sup>53</sup> and the decimal exponent is
 * within [-22, 22] the value is one exact double divided or multiplied by an exact power of ten, which IEEE
 * arithmetic rounds correctly (Clinger's fast path); any other number is handed to
 * {@link Double#parseDouble} (one short String; real traces have none). Text that is not such a number
 * ("NaN", "Infinity", "0x1p3", "1d", "") gives {@link Double#NaN}, which callers report as an error.
 *
 * <p>Stateless; the methods allocate nothing on the fast path.
 */
final class AsciiNumbers {
    /** Returned by {@link #parseNonNegativeLong} for text that is not a non-negative decimal integer. */
    static final long NOT_A_NUMBER = -1;
    /** Returned by {@link #parseNonNegativeLong} for digits whose value exceeds {@link Long#MAX_VALUE}. */
    static final long OVERFLOW = -2;

    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    private static final long EXACT_MANTISSA_LIMIT = 1L << 53;
    /** Above this, one more digit could overflow a long. */
    private static final long ACCUMULATE_LIMIT = (Long.MAX_VALUE - 9) / 10;

    private AsciiNumbers() {
    }

    /**
     * Parses {@code [from, to)} as a non-negative decimal integer without sign.
     *
     * @return the value, {@link #NOT_A_NUMBER} if the text is empty or has a non-digit, or {@link #OVERFLOW}
     */
    static long parseNonNegativeLong(final byte[] bytes, final int from, final int to) {
        if (from >= to) {
            return NOT_A_NUMBER;
        }
        // 18 digits stay below 10^18 < 2^63: no overflow check in the common case.
        final int safeEnd = Math.min(to, from + 18);
        long value = 0;
        for (int i = from; i < safeEnd; i++) {
            final int digit = bytes[i] - '0';
            if (digit < 0 || digit > 9) {
                return NOT_A_NUMBER;
            }
            value = value * 10 + digit;
        }
        for (int i = safeEnd; i < to; i++) {
            final int digit = bytes[i] - '0';
            if (digit < 0 || digit > 9) {
                return NOT_A_NUMBER;
            }
            if (value > (Long.MAX_VALUE - digit) / 10) {
                return OVERFLOW;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /** Parses {@code [from, to)} as a decimal number; {@link Double#NaN} if it is not one (see class doc). */
    static double parseDecimal(final byte[] bytes, final int from, final int to) {
        int i = from;
        boolean negative = false;
        if (i < to && (bytes[i] == '-' || bytes[i] == '+')) {
            negative = bytes[i] == '-';
            i++;
        }
        long mantissa = 0;
        int exponent = 0;
        int digits = 0;
        boolean exact = true;
        while (i < to && isDigit(bytes[i])) {
            if (mantissa <= ACCUMULATE_LIMIT) {
                mantissa = mantissa * 10 + (bytes[i] - '0');
            } else {
                exact = false;
            }
            digits++;
            i++;
        }
        if (i < to && bytes[i] == '.') {
            i++;
            while (i < to && isDigit(bytes[i])) {
                if (mantissa <= ACCUMULATE_LIMIT) {
                    mantissa = mantissa * 10 + (bytes[i] - '0');
                    exponent--;
                } else {
                    exact = false;
                }
                digits++;
                i++;
            }
        }
        if (digits == 0) {
            return Double.NaN;
        }
        if (i < to && (bytes[i] == 'e' || bytes[i] == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < to && (bytes[i] == '-' || bytes[i] == '+')) {
                negativeExponent = bytes[i] == '-';
                i++;
            }
            final int exponentStart = i;
            int written = 0;
            while (i < to && isDigit(bytes[i])) {
                if (written < 100_000) {
                    written = written * 10 + (bytes[i] - '0');
                }
                i++;
            }
            if (i == exponentStart) {
                return Double.NaN;
            }
            exponent += negativeExponent ? -written : written;
        }
        if (i != to) {
            return Double.NaN;
        }
        if (exact && mantissa <= EXACT_MANTISSA_LIMIT && exponent >= -22 && exponent <= 22) {
            final double magnitude = exponent < 0
                ? mantissa / POWERS_OF_TEN[-exponent] : mantissa * POWERS_OF_TEN[exponent];
            return negative ? -magnitude : magnitude;
        }
        return parseDecimalSlowPath(bytes, from, to);
    }

    /** The syntax has been checked, so Double.parseDouble sees a plain decimal number. */
    private static double parseDecimalSlowPath(final byte[] bytes, final int from, final int to) {
        return Double.parseDouble(new String(bytes, from, to - from, StandardCharsets.ISO_8859_1));
    }

    private static boolean isDigit(final byte b) {
        return b >= '0' && b <= '9';
    }
}
