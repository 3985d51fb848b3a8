package org.stowage.report;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * What a figure's report prints, kept for a page as it was meant: its lines of prose, and its tables whole (those
 * it prints through {@link TextTable#printTo}), in order. A figure prints the same way to a terminal and to this
 * writer, so the page and the terminal never say different things; the page draws the tables as HTML tables
 * ({@link HtmlReport#report}).
 */
public final class ReportText extends PrintWriter {
    /** A run of prose lines, or a table. */
    public sealed interface Block permits Lines, Table {
    }

    /** Lines of prose, as printed (no trailing newline). */
    public record Lines(List<String> lines) implements Block {
    }

    /** A table. */
    public record Table(TextTable table) implements Block {
    }

    private final StringWriter pending;
    private final List<Block> blocks = new ArrayList<>();

    public ReportText() {
        this(new StringWriter());
    }

    private ReportText(final StringWriter pending) {
        super(pending);
        this.pending = pending;
    }

    /** Ends the prose so far and keeps {@code table}. */
    void table(final TextTable table) {
        takeLines();
        blocks.add(new Table(table));
    }

    private void takeLines() {
        flush();
        final String text = pending.toString();
        pending.getBuffer().setLength(0);
        final List<String> lines = new ArrayList<>();
        for (final String line : text.split("\n", -1)) {
            if (!line.isBlank()) {
                lines.add(line.strip());
            }
        }
        if (!lines.isEmpty()) {
            blocks.add(new Lines(lines));
        }
    }

    /** Everything printed, in order. */
    public List<Block> blocks() {
        takeLines();
        return List.copyOf(blocks);
    }

    /** Whether nothing was printed. */
    public boolean isEmpty() {
        return blocks().isEmpty();
    }
}
