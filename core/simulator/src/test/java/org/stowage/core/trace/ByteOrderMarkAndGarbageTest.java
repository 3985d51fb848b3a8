package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A UTF-8 byte-order mark is accepted by every format, plain or gzip, and reads exactly like the file
 * without it; binary garbage is reported with its control bytes escaped, never echoed raw.
 */
class ByteOrderMarkAndGarbageTest {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    @TempDir
    Path temp;

    @Test
    void googleWithAByteOrderMarkReadsLikeWithout() throws IOException {
        final Path plain = Fixtures.path("google/rules/part-00000-of-00002.csv");
        for (final boolean gzip : new boolean[] {false, true}) {
            final Path marked = withMark(plain, temp.resolve("google-" + gzip).resolve("part-00000-of-00001.csv"
                + (gzip ? ".gz" : "")), gzip);
            assertSameJobs(Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, plain), TraceOptions.defaults()),
                Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, marked), TraceOptions.defaults()));
        }
    }

    @Test
    void swfWithAByteOrderMarkReadsLikeWithout() throws IOException {
        final Path plain = Fixtures.path("swf/rules.swf.txt");
        for (final boolean gzip : new boolean[] {false, true}) {
            final Path marked = withMark(plain, temp.resolve("rules-" + gzip + ".swf.txt"), gzip);
            final LoadedTrace expected = Traces.load("swf:" + plain, TraceOptions.defaults());
            final LoadedTrace actual = Traces.load("swf:" + marked, TraceOptions.defaults());
            assertSameJobs(expected, actual);
            assertEquals(expected.summary().rowsRead(), actual.summary().rowsRead(), "the header was read too");
        }
    }

    @Test
    void alibabaWithAByteOrderMarkInBothFilesReadsLikeWithout() throws IOException {
        final Path pods = withMark(Fixtures.path("alibaba/rules/pods.csv"), temp.resolve("pods.csv"), false);
        final Path nodes = withMark(Fixtures.path("alibaba/rules/nodes.csv"), temp.resolve("nodes.csv"), true);
        final TraceOptions two = TraceOptions.defaults().withDimensions(2);
        final LoadedTrace expected = Traces.load(AlibabaLoaderTest.spec("alibaba/rules"), two);
        final LoadedTrace actual = Traces.load("alibaba:" + pods + "," + nodes, two);
        assertSameJobs(expected, actual);
        assertEquals(expected.serverCount(), actual.serverCount());
    }

    /** A mark anywhere but at the start is data, and the message shows it escaped. */
    @Test
    void aMarkInsideTheFileIsAnErrorShowingItEscaped() throws IOException {
        final Path file = temp.resolve("middle.csv");
        Files.writeString(file, "0,,200,0,,0,u,0,0,0.1,0.1,0,0\n\uFEFF0,,200,0,m1,1,u,0,0,0.1,0.1,0,0\n",
            StandardCharsets.UTF_8);
        final TraceFormatException e = assertThrows(TraceFormatException.class,
            () -> Traces.load(TraceSpec.of(TraceFormat.GOOGLE_2011, file), TraceOptions.defaults()));
        assertTrue(e.getMessage().contains("line 2, timestamp (column 1) = '\\uFEFF0'"), e.getMessage());
    }

    /** Every format, fed random bytes: one line, no character that a terminal would act on. */
    @Test
    void binaryGarbageIsReportedWithoutRawControlBytes() throws IOException {
        final byte[] garbage = new byte[300];
        new SplittableRandom(5).nextBytes(garbage);
        garbage[3] = 0x1B; // ESC, the start of every terminal escape sequence
        garbage[4] = '[';
        garbage[5] = 0x07; // BEL
        final Path file = temp.resolve("garbage.csv");
        Files.write(file, garbage);
        for (final String spec : new String[] {"google2011:" + file, "swf:" + file, "alibaba:" + file + "," + file}) {
            final TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> Traces.load(spec, TraceOptions.defaults()), spec);
            final String message = e.getMessage();
            assertFalse(message.chars().anyMatch(c -> c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)),
                spec + ": " + message);
            assertTrue(message.startsWith(file.toString()), message);
        }
        final TraceFormatException google = assertThrows(TraceFormatException.class,
            () -> Traces.load("google2011:" + file, TraceOptions.defaults()));
        assertTrue(google.getMessage().contains("\\x1B[\\x07"), google.getMessage());
    }

    private static Path withMark(final Path source, final Path target, final boolean gzip) throws IOException {
        Files.createDirectories(target.getParent());
        try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(target))
            : Files.newOutputStream(target)) {
            out.write(BOM);
            out.write(Files.readAllBytes(source));
        }
        return target;
    }

    private static void assertSameJobs(final LoadedTrace expected, final LoadedTrace actual) {
        assertEquals(expected.count(), actual.count(), "jobs kept");
        assertArrayEquals(GoogleTaskEventsLoaderTest.arrivals(expected), GoogleTaskEventsLoaderTest.arrivals(actual));
        assertArrayEquals(GoogleTaskEventsLoaderTest.durations(expected), GoogleTaskEventsLoaderTest.durations(actual));
        for (int d = 0; d < expected.dimensions(); d++) {
            assertArrayEquals(GoogleTaskEventsLoaderTest.sizes(expected, d), GoogleTaskEventsLoaderTest.sizes(actual, d));
        }
        assertEquals(expected.summary().seen(), actual.summary().seen(), "rows seen");
    }
}
