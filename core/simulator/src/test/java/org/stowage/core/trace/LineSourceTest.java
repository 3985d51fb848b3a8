package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lines and fields from the reused buffer against String.split, on random files large enough to cross
 * many buffer refills (plain and gzip, LF and CRLF, with and without a final newline, empty lines, long
 * lines), alternating next() and nextFields(); and the over-long-line error with its line number.
 */
class LineSourceTest {
    @TempDir
    Path temp;

    @Test
    void linesAndFieldsMatchStringSplitAcrossBufferRefills() throws IOException {
        for (long seed = 1; seed <= 6; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final List<String> lines = new ArrayList<>();
            final StringBuilder text = new StringBuilder();
            final boolean crlf = seed % 3 == 0;
            int bytes = 0;
            while (bytes < 1_200_000) {
                final int length = random.nextInt(10) == 0 ? random.nextInt(20_000) : random.nextInt(200);
                final StringBuilder line = new StringBuilder(length);
                for (int i = 0; i < length; i++) {
                    line.append(random.nextInt(8) == 0 ? ',' : (char) ('a' + random.nextInt(26)));
                }
                lines.add(line.toString());
                text.append(line).append(crlf ? "\r\n" : "\n");
                bytes += length + 2;
            }
            if (seed % 2 == 0) {
                text.setLength(text.length() - (crlf ? 2 : 1)); // no final newline
            }
            final Path file = write("lines-" + seed, text.toString(), seed % 4 < 2);
            final int[] ends = new int[6];
            try (LineSource source = LineSource.open(file, 1 << 15)) {
                for (int n = 0; n < lines.size(); n++) {
                    final String expected = lines.get(n);
                    final String where = "seed " + seed + " line " + (n + 1);
                    if (random.nextBoolean()) {
                        assertTrue(source.next(), where);
                    } else {
                        final String[] fields = expected.split(",", -1);
                        assertEquals(fields.length, source.nextFields((byte) ',', ends), where + ": field count");
                        int from = source.lineStart();
                        for (int k = 0; k < Math.min(fields.length, ends.length); k++) {
                            assertEquals(fields[k], new String(source.buffer(), from, ends[k] - from,
                                StandardCharsets.ISO_8859_1), where + ": field " + k);
                            assertEquals(fields[k].length(), ends[k] - from, where + ": field " + k + " length");
                            from = ends[k] + 1;
                        }
                    }
                    assertEquals(n + 1, source.lineNumber(), where);
                    assertEquals(expected, new String(source.buffer(), source.lineStart(),
                        source.lineEnd() - source.lineStart(), StandardCharsets.ISO_8859_1), where);
                }
                assertFalse(source.next(), "seed " + seed + ": end of file");
                assertEquals(-1, source.nextFields((byte) ',', ends), "and it stays at the end");
                assertEquals(text.length(), source.bytesRead(), "seed " + seed + ": bytes delivered");
            }
        }
    }

    @Test
    void overLongLineIsAnErrorWithItsLineNumber() throws IOException {
        final String text = "short\n" + "x".repeat(100) + "\nshort\n" + "y".repeat(1_000_000) + "\n";
        final Path file = write("long", text, false);
        try (LineSource source = LineSource.open(file, 200)) {
            assertTrue(source.next());
            assertTrue(source.next());
            assertTrue(source.next());
            final TraceFormatException e = assertThrows(TraceFormatException.class, source::next);
            assertEquals(4, e.line());
            assertTrue(e.getMessage().contains("longer than 200 bytes"), e.getMessage());
        }
        try (LineSource source = LineSource.open(file, 50)) {
            assertTrue(source.next());
            final TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> source.nextFields((byte) ',', new int[4]));
            assertEquals(2, e.line(), "found within the buffer");
        }
    }

    @Test
    void emptyLinesAreLinesWithOneEmptyField() throws IOException {
        final Path file = write("empty-lines", "\n\na,b\n\n", false);
        final int[] ends = new int[4];
        try (LineSource source = LineSource.open(file, 100)) {
            assertEquals(1, source.nextFields((byte) ',', ends));
            assertEquals(source.lineStart(), ends[0]);
            assertTrue(source.next());
            assertEquals(2, source.nextFields((byte) ',', ends));
            assertEquals(1, source.nextFields((byte) ',', ends));
            assertEquals(-1, source.nextFields((byte) ',', ends));
            assertEquals(4, source.lineNumber());
        }
    }

    /** Issue 23: a text file named .csv.gz was read as text; gzip is recognised by its bytes, and the name must agree. */
    @Test
    void aFileNamedGzThatIsNotGzipIsRefused() throws IOException {
        final Path text = Files.writeString(temp.resolve("part-00000-of-00001.csv.gz"), "1,2,3\n");
        final TraceFormatException e = assertThrows(TraceFormatException.class,
            () -> LineSource.open(text, LineSource.DEFAULT_MAX_LINE_BYTES));
        assertEquals(text + ": named .gz but not gzip (no gzip magic bytes 1f 8b at its start)", e.getMessage());
        final Path gzipWithoutTheName = write("zipped", "a,b\n", true);
        Files.move(gzipWithoutTheName, temp.resolve("zipped.csv"));
        try (LineSource lines = LineSource.open(temp.resolve("zipped.csv"), LineSource.DEFAULT_MAX_LINE_BYTES)) {
            assertTrue(lines.next(), "gzip is still recognised by its magic bytes whatever the name");
        }
    }

    private Path write(final String name, final String text, final boolean gzip) throws IOException {
        final Path file = temp.resolve(name + (gzip ? ".gz" : ".txt"));
        try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        }
        return file;
    }
}
