package org.stowage.core.trace;

/**
 * The CSV of the Alibaba openb files: a header naming the columns, which are then located by name (so
 * column order does not matter); a name ending in '?' is optional. Quoted fields are refused. Reuses its
 * offset arrays, so splitting a line allocates nothing.
 */
final class HeaderCsv {
    private final String[] names;
    private final int[] wanted;
    private final int columns;
    private final int[] start;
    private final int[] end;

    private HeaderCsv(final String[] names, final int[] wanted, final int columns) {
        this.names = names;
        this.wanted = wanted;
        this.columns = columns;
        this.start = new int[columns];
        this.end = new int[columns];
    }

    static HeaderCsv header(final LineSource lines, final String... required) {
        if (!lines.next()) {
            throw new TraceFormatException(lines.file(), 0, null, null, "no header line");
        }
        // a byte-order mark was skipped by LineSource, as for every format
        final String text = new String(lines.buffer(), lines.lineStart(), lines.lineEnd() - lines.lineStart(),
            java.nio.charset.StandardCharsets.UTF_8);
        final String[] header = text.split(",", -1);
        final String[] names = new String[required.length];
        final int[] wanted = new int[required.length];
        for (int k = 0; k < required.length; k++) {
            final boolean optional = required[k].endsWith("?");
            names[k] = optional ? required[k].substring(0, required[k].length() - 1) : required[k];
            wanted[k] = -1;
            for (int c = 0; c < header.length; c++) {
                if (header[c].strip().equals(names[k])) {
                    wanted[k] = c;
                }
            }
            if (wanted[k] < 0 && !optional) {
                throw new TraceFormatException(lines.file(), 1, "header", text,
                    "has no column '" + names[k] + "'");
            }
        }
        return new HeaderCsv(names, wanted, header.length);
    }

    void split(final LineSource lines) {
        final byte[] bytes = lines.buffer();
        final int last = lines.lineEnd();
        int column = 0;
        int from = lines.lineStart();
        for (int i = from; i <= last; i++) {
            if (i == last || bytes[i] == ',') {
                if (column < columns) {
                    start[column] = from;
                    end[column] = i;
                }
                column++;
                from = i + 1;
            } else if (bytes[i] == '"') {
                throw lines.lineError("quoted CSV fields are not supported");
            }
        }
        if (column != columns) {
            throw lines.lineError("expected " + columns + " comma-separated columns (as the header), found "
                + column);
        }
    }

    boolean has(final int k) {
        return wanted[k] >= 0;
    }

    /** Column k as a number; NaN when empty; an error when not a number. */
    double number(final LineSource lines, final int k) {
        final int c = wanted[k];
        if (start[c] == end[c]) {
            return Double.NaN;
        }
        final double value = AsciiNumbers.parseDecimal(lines.buffer(), start[c], end[c]);
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw error(lines, k, "not a number");
        }
        return value;
    }

    /** Column k as text (ASCII, as in the file); empty when the field is empty. */
    String text(final LineSource lines, final int k) {
        final int c = wanted[k];
        return new String(lines.buffer(), start[c], end[c] - start[c], java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Whether column k is empty on this line. */
    boolean isEmpty(final int k) {
        final int c = wanted[k];
        return start[c] == end[c];
    }

    double positive(final LineSource lines, final int k) {
        final double value = number(lines, k);
        if (!(value > 0)) {
            throw error(lines, k, "a node capacity must be a number > 0");
        }
        return value;
    }

    TraceFormatException error(final LineSource lines, final int k, final String problem) {
        final int c = wanted[k];
        return lines.fieldError(names[k] + " (column " + (c + 1) + ")", start[c], end[c], problem);
    }
}
