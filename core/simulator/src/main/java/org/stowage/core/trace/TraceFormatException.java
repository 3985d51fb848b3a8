package org.stowage.core.trace;

import java.nio.file.Path;

import org.stowage.core.Messages;

/**
 * Input that makes a trace unusable: names the file, the line (1-based; 0 when the problem is the file
 * as a whole), the field and the offending value. An {@link IllegalArgumentException}, so the command
 * line reports it as one line and exits with code 2. The message echoes the file name and the value
 * through {@link Messages#printable}, so binary garbage in a trace cannot reach a terminal raw.
 */
public final class TraceFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    /** Longest value quoted in a message; longer values are cut and marked with "...". */
    static final int MAX_QUOTED = 60;

    private final transient Path file;
    private final long line;
    private final String field;
    private final String value;

    /**
     * @param file    the file, never null
     * @param line    1-based line number, or 0 for the file as a whole
     * @param field   the field or column (e.g. "CPU request (column 10)"), or null when not field-specific
     * @param value   the offending value as read, or null
     * @param problem what is wrong, in a few words
     */
    public TraceFormatException(final Path file, final long line, final String field, final String value,
                                final String problem) {
        this(file, line, field, value, problem, null);
    }

    public TraceFormatException(final Path file, final long line, final String field, final String value,
                                final String problem, final Throwable cause) {
        super(message(file, line, field, value, problem), cause);
        this.file = file;
        this.line = line;
        this.field = field;
        this.value = value;
    }

    private static String message(final Path file, final long line, final String field, final String value,
                                  final String problem) {
        final StringBuilder text = new StringBuilder(128).append(Messages.printable(String.valueOf(file)));
        if (line > 0) {
            text.append(" line ").append(line);
        }
        if (field != null) {
            text.append(", ").append(field);
        }
        if (value != null) {
            text.append(" = '").append(quote(value)).append('\'');
        }
        return text.append(": ").append(problem).toString();
    }

    /** At most {@value #MAX_QUOTED} characters of {@code value}, escaped ({@link Messages#printable}). */
    static String quote(final String value) {
        return Messages.printable(value, MAX_QUOTED);
    }

    public Path file() {
        return file;
    }

    /** 1-based line, or 0 when the problem concerns the whole file. */
    public long line() {
        return line;
    }

    /** The field, or null. */
    public String field() {
        return field;
    }

    /** The offending value, or null. */
    public String value() {
        return value;
    }
}
