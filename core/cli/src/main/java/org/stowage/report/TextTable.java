package org.stowage.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A small table of a figure's report: a header and rows of cells, printed as aligned text on a terminal (numbers
 * to the right, words to the left, two spaces between columns) and kept as a table by a {@link ReportText}, so
 * that a page shows it as an HTML table. Cells are text, formatted by whoever fills the table.
 */
public final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private final String indent;

    private TextTable(final String indent, final List<String> header) {
        this.indent = indent;
        this.header = List.copyOf(header);
    }

    /** A table with these column headers, printed two spaces in. */
    public static TextTable of(final String... header) {
        return new TextTable("  ", List.of(header));
    }

    /** A table with these column headers, printed from the first column. */
    public static TextTable flush(final String... header) {
        return new TextTable("", List.of(header));
    }

    /** Adds a row; it has a cell per column. */
    public TextTable row(final String... cells) {
        return row(List.of(cells));
    }

    /** Adds a row; it has a cell per column. */
    public TextTable row(final List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for the " + header.size() + " columns " + header);
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public List<String> header() {
        return header;
    }

    public List<List<String>> rows() {
        return List.copyOf(rows);
    }

    /** Prints the table to {@code out}: kept whole by a {@link ReportText}, as aligned lines elsewhere. */
    public void printTo(final PrintWriter out) {
        if (out instanceof ReportText text) {
            text.table(this);
        } else {
            out.print(text());
        }
    }

    /** The table as aligned lines, each ending in a newline. */
    public String text() {
        final int[] widths = new int[header.size()];
        final boolean[] numeric = new boolean[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            numeric[c] = !rows.isEmpty();
            for (final List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
                numeric[c] &= HtmlReport.isNumber(row.get(c)) || row.get(c).endsWith("%") && HtmlReport.isNumber(
                    row.get(c).substring(0, row.get(c).length() - 1));
            }
        }
        final StringBuilder text = new StringBuilder();
        line(text, header, widths, numeric);
        for (final List<String> row : rows) {
            line(text, row, widths, numeric);
        }
        return text.toString();
    }

    private void line(final StringBuilder text, final List<String> cells, final int[] widths, final boolean[] numeric) {
        final StringBuilder line = new StringBuilder(indent);
        for (int c = 0; c < cells.size(); c++) {
            final String cell = cells.get(c);
            final String pad = " ".repeat(widths[c] - cell.length());
            line.append(c == 0 ? "" : "  ").append(numeric[c] ? pad + cell : cell + pad);
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }
}
