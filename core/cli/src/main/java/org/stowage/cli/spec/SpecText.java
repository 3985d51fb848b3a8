package org.stowage.cli.spec;

import java.util.function.Function;

import org.stowage.core.Units;

/**
 * The small grammar every spec type shares: numbers, vectors ({@code 0.2/0.5}, one value per resource)
 * and whole counts. Each method throws an IllegalArgumentException whose message is the reason only; the
 * spec type adds the value and picocli or the caller the flag.
 */
public final class SpecText {
    private SpecText() {
    }

    /**
     * {@code parser} applied to {@code text}, its reasons (IllegalArgumentExceptions) turned into a
     * {@link SpecException} that names the value.
     */
    static <T> T parse(final String text, final Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (final SpecException e) {
            throw e;
        } catch (final IllegalArgumentException e) {
            throw new SpecException(text, e.getMessage());
        }
    }

    /** A finite decimal number; {@code -0} is 0, so it meets exactly the checks 0 meets. */
    public static double number(final String text) {
        final double value;
        try {
            value = Double.parseDouble(text.strip());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a number", e);
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("'" + text + "' is not a finite number");
        }
        return value + 0.0;
    }

    /** {@code 0.2} or {@code 0.2/0.5}: 1 to {@link Units#MAX_DIMENSIONS} finite numbers. */
    public static double[] vector(final String text) {
        final String[] parts = text.split("/", -1);
        if (parts.length > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("at most " + Units.MAX_DIMENSIONS + " resources: '" + text + "'");
        }
        final double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = number(parts[i]);
        }
        return values;
    }

    /** A whole number of {@code what} (for the message, plural), at least 1; {@code one} names one of them. */
    static long count(final String text, final String what, final String one) {
        final long count;
        try {
            count = Long.parseLong(text.strip());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of " + what, e);
        }
        if (count < 1) {
            throw new IllegalArgumentException(one + " count must be >= 1: " + count);
        }
        return count;
    }

    /** {@code KIND:ARGS} split at the first colon; null when there is no kind. */
    static String[] kindAndArgs(final String spec) {
        final int colon = spec.indexOf(':');
        if (colon <= 0 || colon == spec.length() - 1) {
            return null;
        }
        return new String[] {spec.substring(0, colon), spec.substring(colon + 1)};
    }
}
