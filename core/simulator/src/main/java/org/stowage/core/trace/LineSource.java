package org.stowage.core.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * The lines of one file, plain or gzip (recognised by its magic bytes; a file named {@code .gz} without them
 * is refused rather than read as text), streamed through one
 * reusable byte buffer: no String or array per line.
 *
 * <p>After {@link #next()} returns true the current line is {@code buffer()[lineStart() .. lineEnd())},
 * without its {@code \n} (or {@code \r\n}); the bytes stay valid until the next call. A last line without
 * a newline is still a line. A line longer than the limit is an error (a corrupt or foreign file, not a
 * trace row). Memory is one buffer of {@code max(256 KiB, 2 * maxLineBytes)} bytes plus the inflater's.
 *
 * <p>Scanning reads the buffer eight bytes at a time ({@link #nextFields} finds newlines and delimiters
 * in one pass with exact SWAR byte masks), so a row costs about one pass over its bytes.
 *
 * <p>A UTF-8 byte-order mark at the start of the (decompressed) data is skipped, so a trace saved by a
 * tool that writes one reads like any other, in every format.
 *
 * <p>Every failure, including a missing, empty, unreadable, truncated or corrupt file, is a
 * {@link TraceFormatException} naming the file and the line reached. Not thread-safe.
 */
final class LineSource implements Closeable {
    /** Default longest line accepted, in bytes; trace rows are about 100 bytes. */
    static final int DEFAULT_MAX_LINE_BYTES = 1 << 16;
    private static final int MIN_BUFFER_BYTES = 1 << 18;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LOW_SEVEN_BITS = 0x7F7F7F7F7F7F7F7FL;
    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;
    private static final long ONES = 0x0101010101010101L;

    private final Path file;
    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer;
    private int position;
    private int limit;
    private boolean endOfInput;
    private long lineNumber;
    private long bytesRead;
    private int lineStart;
    private int lineEnd;

    private LineSource(final Path file, final InputStream in, final int maxLineBytes) {
        this.file = file;
        this.in = in;
        this.maxLineBytes = maxLineBytes;
        this.buffer = new byte[Math.max(MIN_BUFFER_BYTES, 2 * maxLineBytes + 2)];
    }

    /**
     * Opens a file for reading.
     *
     * @throws TraceFormatException if the file is missing, not a regular file, empty (0 bytes) or unreadable
     */
    static LineSource open(final Path file, final int maxLineBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maximum line length must be >= 1 byte: " + maxLineBytes);
        }
        if (!Files.exists(file)) {
            throw new TraceFormatException(file, 0, null, null, "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new TraceFormatException(file, 0, null, null, "not a regular file");
        }
        try {
            if (Files.size(file) == 0) {
                throw new TraceFormatException(file, 0, null, null, "file is empty (0 bytes)");
            }
            final boolean gzip;
            try (InputStream probe = Files.newInputStream(file)) {
                gzip = probe.read() == 0x1f && probe.read() == 0x8b;
            }
            if (!gzip && file.getFileName() != null && file.getFileName().toString().endsWith(".gz")) {
                // read as text, a damaged or mislabelled archive would fail later on some garbage line
                throw new TraceFormatException(file, 0, null, null, "named .gz but not gzip (no gzip magic bytes"
                    + " 1f 8b at its start)");
            }
            final InputStream raw = Files.newInputStream(file);
            try {
                final LineSource source = new LineSource(file, gzip ? new GZIPInputStream(raw, 1 << 16) : raw,
                    maxLineBytes);
                source.skipByteOrderMark();
                return source;
            } catch (final IOException | RuntimeException e) {
                raw.close();
                throw e;
            }
        } catch (final NoSuchFileException e) {
            throw new TraceFormatException(file, 0, null, null, "no such file", e);
        } catch (final IOException e) {
            throw new TraceFormatException(file, 0, null, null, "cannot open: " + e, e);
        }
    }

    /** Reads the first bytes and steps over a UTF-8 byte-order mark (EF BB BF) if they are one. */
    private void skipByteOrderMark() {
        while (limit < 3 && !endOfInput) {
            fill();
        }
        if (limit >= 3 && buffer[0] == (byte) 0xEF && buffer[1] == (byte) 0xBB && buffer[2] == (byte) 0xBF) {
            position = 3;
        }
    }

    /** Advances to the next line; false at the end of the file. */
    boolean next() {
        int scan = position;
        while (true) {
            final byte[] bytes = buffer;
            final int end = limit;
            int i = scan;
            while (i <= end - Long.BYTES) {
                final long mask = zeroBytes((long) LONGS.get(bytes, i) ^ NEWLINES);
                if (mask != 0) {
                    i += Long.numberOfTrailingZeros(mask) >>> 3;
                    break;
                }
                i += Long.BYTES;
            }
            while (i < end && bytes[i] != '\n') {
                i++;
            }
            if (i < end) {
                setLine(position, i);
                position = i + 1;
                return true;
            }
            if (end - position > maxLineBytes) {
                throw overLongLine(lineNumber + 1);
            }
            if (endOfInput) {
                if (position < end) {
                    setLine(position, end);
                    position = end;
                    return true;
                }
                return false;
            }
            scan = end - position;
            fill();
        }
    }

    /**
     * Advances to the next line and splits it at {@code delimiter} in the same pass.
     *
     * @param fieldEnds receives the end offset (exclusive) of field k for k below its length; field k starts
     *                  at {@code lineStart()} for k = 0 and at {@code fieldEnds[k - 1] + 1} after that
     * @return the number of fields on the line (1 for a line without delimiter), or -1 at the end of the file
     */
    int nextFields(final byte delimiter, final int[] fieldEnds) {
        final long delimiters = (delimiter & 0xFFL) * ONES;
        final int capacity = fieldEnds.length;
        int scan = position;
        int found = 0;
        while (true) {
            final byte[] bytes = buffer;
            final int end = limit;
            int i = scan;
            while (i <= end - Long.BYTES) {
                final long word = (long) LONGS.get(bytes, i);
                long mask = zeroBytes(word ^ NEWLINES) | zeroBytes(word ^ delimiters);
                while (mask != 0) {
                    final int at = i + (Long.numberOfTrailingZeros(mask) >>> 3);
                    if (bytes[at] == '\n') {
                        return endFields(at, found, fieldEnds);
                    }
                    if (found < capacity) {
                        fieldEnds[found] = at;
                    }
                    found++;
                    mask &= mask - 1;
                }
                i += Long.BYTES;
            }
            while (i < end) {
                final byte b = bytes[i];
                if (b == '\n') {
                    return endFields(i, found, fieldEnds);
                }
                if (b == delimiter) {
                    if (found < capacity) {
                        fieldEnds[found] = i;
                    }
                    found++;
                }
                i++;
            }
            if (end - position > maxLineBytes) {
                throw overLongLine(lineNumber + 1);
            }
            if (endOfInput) {
                return position < end ? endFields(end, found, fieldEnds) : -1;
            }
            final int shift = position;
            fill();
            for (int k = Math.min(found, capacity) - 1; k >= 0; k--) {
                fieldEnds[k] -= shift;
            }
            scan = end - shift;
        }
    }

    private int endFields(final int newline, final int found, final int[] fieldEnds) {
        setLine(position, newline);
        position = Math.min(newline + 1, limit);
        if (found < fieldEnds.length) {
            fieldEnds[found] = lineEnd;
        }
        return found + 1;
    }

    /** 0x80 in each byte of {@code x} that is zero, 0 elsewhere (exact: no borrow between bytes). */
    private static long zeroBytes(final long x) {
        final long t = (x & LOW_SEVEN_BITS) + LOW_SEVEN_BITS;
        return ~(t | x | LOW_SEVEN_BITS);
    }

    private void setLine(final int from, final int newline) {
        lineNumber++;
        lineStart = from;
        lineEnd = newline > from && buffer[newline - 1] == '\r' ? newline - 1 : newline;
        if (lineEnd - lineStart > maxLineBytes) {
            throw overLongLine(lineNumber);
        }
    }

    /** Moves the unread bytes to the front and reads more, until some bytes arrive or the input ends. */
    private void fill() {
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, limit - position);
            limit -= position;
            position = 0;
        }
        try {
            int read = 0;
            while (read == 0) {
                read = in.read(buffer, limit, buffer.length - limit);
            }
            if (read < 0) {
                endOfInput = true;
            } else {
                limit += read;
                bytesRead += read;
            }
        } catch (final IOException e) {
            throw new TraceFormatException(file, lineNumber + 1, null, null,
                "truncated or corrupt data after " + bytesRead + " bytes (" + e.getMessage() + ")", e);
        }
    }

    /** The line starts at {@code position} in both callers. */
    private TraceFormatException overLongLine(final long line) {
        final int shown = Math.min(limit - position, TraceFormatException.MAX_QUOTED + 1);
        return new TraceFormatException(file, line, "line", new String(buffer, position, shown, StandardCharsets.UTF_8),
            "longer than " + maxLineBytes + " bytes (not a trace row)");
    }

    /** An error about the field {@code [from, to)} of the current line. */
    TraceFormatException fieldError(final String field, final int from, final int to, final String problem) {
        return new TraceFormatException(file, lineNumber, field, text(from, to), problem);
    }

    /** An error about the current line as a whole. */
    TraceFormatException lineError(final String problem) {
        return new TraceFormatException(file, lineNumber, null, text(lineStart, lineEnd), problem);
    }

    /**
     * The bytes {@code [from, to)} (at most one more than a message quotes) as UTF-8 text, malformed bytes
     * as U+FFFD; messages escape what would not print ({@link TraceFormatException}).
     */
    String text(final int from, final int to) {
        return new String(buffer, from, Math.min(to - from, TraceFormatException.MAX_QUOTED + 1),
            StandardCharsets.UTF_8);
    }

    byte[] buffer() {
        return buffer;
    }

    int lineStart() {
        return lineStart;
    }

    int lineEnd() {
        return lineEnd;
    }

    /** 1-based number of the current line. */
    long lineNumber() {
        return lineNumber;
    }

    /** Bytes delivered so far (after decompression). */
    long bytesRead() {
        return bytesRead;
    }

    Path file() {
        return file;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (final IOException e) {
            throw new TraceFormatException(file, lineNumber, null, null, "cannot close: " + e, e);
        }
    }
}
