package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Byte parsing against Double.parseDouble and Long.parseLong, bit for bit, on random and edge inputs. */
class AsciiNumbersTest {
    @Test
    void decimalsMatchDoubleParseDoubleBitForBit() {
        final SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 200_000; n++) {
            final StringBuilder text = new StringBuilder();
            final int form = random.nextInt(4);
            if (random.nextInt(5) == 0) {
                text.append(random.nextBoolean() ? '-' : '+');
            }
            final int integerDigits = random.nextInt(form == 0 ? 22 : 4);
            final int fractionDigits = random.nextInt(form == 1 ? 22 : 8);
            digits(random, text, integerDigits);
            if (fractionDigits > 0 || integerDigits == 0 || random.nextBoolean()) {
                text.append('.');
                digits(random, text, integerDigits == 0 ? Math.max(1, fractionDigits) : fractionDigits);
            }
            if (form >= 2) {
                text.append(random.nextBoolean() ? 'e' : 'E');
                if (random.nextBoolean()) {
                    text.append(random.nextBoolean() ? '-' : '+');
                }
                text.append(random.nextInt(form == 3 ? 400 : 25));
            }
            check(text.toString());
        }
        for (int n = 0; n < 50_000; n++) {
            check(Double.toString(Double.longBitsToDouble(random.nextLong()) % 1e30));
            check(Double.toString(random.nextDouble()));
        }
    }

    @Test
    void traceStyleValuesParseExactly() {
        for (final String text : new String[] {"0", "1", "0.5", "0.125", "0.07446", "0.0004244", "1.526e-05",
            "3.815e-05", "0.0001554", "6.25e-02", "-0.1", "1.5", "552.21", ".5", "5.", "-0", "-0.0", "0.99999",
            "9007199254740993", "123456789012345678901234567890", "1e22", "1e23", "1e-22", "1e-23", "4.9e-324",
            "2.2250738585072011e-308", "1e400", "1e-400"}) {
            check(text);
        }
    }

    @Test
    void nonNumbersAreNaN() {
        for (final String text : new String[] {"", ".", "-", "+", "e5", "1e", "1e+", "1e-", "NaN", "Infinity",
            "-Infinity", "0x1p3", "1d", "1f", "1.2.3", " 1", "1 ", "--1", "1,5", "abc", "1e5.5"}) {
            assertTrue(Double.isNaN(parse(text)), "'" + text + "' must not parse");
        }
    }

    @Test
    void nonNegativeLongsMatchLongParseLongAndFlagOverflow() {
        final SplittableRandom random = new SplittableRandom(11);
        for (int n = 0; n < 100_000; n++) {
            final long value = random.nextInt(3) == 0 ? random.nextLong(Long.MAX_VALUE)
                : random.nextLong(1L << random.nextInt(1, 63));
            assertEquals(value, parseLong(Long.toString(value)), Long.toString(value));
        }
        assertEquals(0, parseLong("0"));
        assertEquals(7, parseLong("0000000000000000000000007"), "leading zeros beyond 18 digits");
        assertEquals(999_999_999_999_999_999L, parseLong("999999999999999999"));
        assertEquals(Long.MAX_VALUE, parseLong("9223372036854775807"));
        assertEquals(AsciiNumbers.OVERFLOW, parseLong("9223372036854775808"));
        assertEquals(AsciiNumbers.OVERFLOW, parseLong("99999999999999999999"));
        for (final String text : new String[] {"", "-1", "+1", "1a", "1.0", " 1", "9223372036854775807x"}) {
            assertEquals(AsciiNumbers.NOT_A_NUMBER, parseLong(text), "'" + text + "'");
        }
    }

    private static void digits(final SplittableRandom random, final StringBuilder text, final int count) {
        for (int i = 0; i < count; i++) {
            text.append((char) ('0' + random.nextInt(10)));
        }
    }

    private static void check(final String text) {
        final double expected = Double.parseDouble(text);
        final double actual = parse(text);
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
            "'" + text + "': expected " + expected + " got " + actual);
    }

    /** Parses the text from the middle of a larger buffer, so offsets are exercised too. */
    private static double parse(final String text) {
        final byte[] bytes = ("xx" + text + "yy").getBytes(StandardCharsets.ISO_8859_1);
        return AsciiNumbers.parseDecimal(bytes, 2, 2 + text.length());
    }

    private static long parseLong(final String text) {
        final byte[] bytes = ("9" + text + "9").getBytes(StandardCharsets.ISO_8859_1);
        return AsciiNumbers.parseNonNegativeLong(bytes, 1, 1 + text.length());
    }
}
