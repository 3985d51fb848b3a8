package org.stowage.core.kernel;

import java.util.Objects;
import java.util.function.Function;

/**
 * One {@code key=value} parameter a kernel accepts: its key, what it means, its default, and how its text is
 * parsed and validated. Parsing happens once, when a spec is read ({@link Kernels#byName}); a bad value is an
 * {@link IllegalArgumentException} naming the kernel, the key, the value and what was expected.
 *
 * @param key         the key as written in a spec ({@code J}, {@code stall})
 * @param description what it means, one line (CLI help)
 * @param expected    the accepted values, in words (error messages and help)
 * @param defaultText the value used when the key is absent, as text (parsed like a given one); null when the
 *                    key's absence means "off" and the parser is not called
 * @param parser      text to value; throws IllegalArgumentException for a bad value
 */
public record KernelParameter(String key, String description, String expected, String defaultText,
                              Function<String, Object> parser) {
    public KernelParameter {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(parser, "parser");
    }

    /** An integer in {@code [min, max]}. */
    public static KernelParameter integer(final String key, final String description, final int min, final int max,
                                          final int defaultValue) {
        final String expected = "an integer in [" + min + ", " + max + "]";
        return new KernelParameter(key, description, expected, Integer.toString(defaultValue), text -> {
            final int value;
            try {
                value = Integer.parseInt(text.strip());
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(expected, e);
            }
            if (value < min || value > max) {
                throw new IllegalArgumentException(expected);
            }
            return value;
        });
    }

    /** A real number in {@code (min, max]} (or {@code [min, max]} when {@code closedBelow}). */
    public static KernelParameter real(final String key, final String description, final double min,
                                       final boolean closedBelow, final double max, final double defaultValue) {
        return real(key, description, min, closedBelow, max, true, defaultValue);
    }

    /**
     * A real number between {@code min} and {@code max}, each end included when its flag says so: the one
     * check of the range, which the help text ({@link #expected}) states exactly as the parser applies it.
     */
    public static KernelParameter real(final String key, final String description, final double min,
                                       final boolean closedBelow, final double max, final boolean closedAbove,
                                       final double defaultValue) {
        final String expected = "a number in " + (closedBelow ? "[" : "(") + min + ", " + max + (closedAbove ? "]" : ")");
        return new KernelParameter(key, description, expected, Double.toString(defaultValue), text -> {
            final double value;
            try {
                value = Double.parseDouble(text.strip());
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(expected, e);
            }
            if (!(closedBelow ? value >= min : value > min) || !(closedAbove ? value <= max : value < max)) {
                throw new IllegalArgumentException(expected);
            }
            return value;
        });
    }

    /** {@code true} or {@code false}, default false. */
    public static KernelParameter flag(final String key, final String description) {
        return new KernelParameter(key, description, "true or false", "false", text -> switch (text) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException("true or false");
        });
    }

    /** Parses {@code text} for kernel {@code kernel}, naming both in the error. */
    Object parse(final String kernel, final String text) {
        try {
            return parser.apply(text);
        } catch (final IllegalArgumentException e) {
            final String detail = e.getMessage();
            throw new IllegalArgumentException("invalid value for parameter " + key + " of " + kernel + ": '" + text
                + "' (" + expected + (detail == null || detail.equals(expected) ? "" : "; " + detail) + ")", e);
        }
    }
}
