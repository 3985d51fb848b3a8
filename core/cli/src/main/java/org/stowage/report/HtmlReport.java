package org.stowage.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.sweep.ResultFiles;
import org.stowage.terminal.InvalidValueException;

/**
 * One self-contained HTML page ({@value #FILE}) for an output folder: headings, the command that made it, tables,
 * preformatted text and plots inlined as SVG. No script, no style sheet, font or image from elsewhere: the page
 * reads the same offline, from a copy of the folder, in any browser. Links point to files of the folder (the
 * PNG, SVG and CSV beside the page) and, for a claim's evidence, to the repository's docs when they are found.
 *
 * <p>Built in memory (a page is kilobytes of text plus its SVGs), written atomically by {@link #write}. Text is
 * escaped; SVG is inlined as xchart wrote it, without its XML prolog.
 */
public final class HtmlReport {
    /** The page's file name in its folder. */
    public static final String FILE = "index.html";

    private static final String STYLE = String.join("\n",
        "body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; padding: 0 1em; color: #222; }",
        "h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; } h3 { margin-top: 1.5em; }",
        "pre { background: #f4f4f4; padding: 0.6em; overflow-x: auto; font-size: 0.85em; }",
        "pre.command { white-space: pre-wrap; word-break: break-all; }",
        "table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }",
        "th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }",
        "td.number { text-align: right; font-variant-numeric: tabular-nums; }",
        "figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; border: 1px solid #ddd; }",
        "figcaption { font-size: 0.9em; color: #555; }",
        ".agrees { background: #e3f4e1; } .differs { background: #fbe3e1; } .not-checked { background: #f1f1f1; }");

    /** The mark by which a page is known to be ours, so a command replaces it and no one else's. */
    static final String GENERATOR = "<meta name=\"generator\" content=\"stowage\">";

    private final StringBuilder body = new StringBuilder();
    private final String title;

    /** A page with {@code title} as its title and first heading. */
    public HtmlReport(final String title) {
        this.title = title;
        body.append("<h1>").append(escape(title)).append("</h1>\n");
    }

    /** A section heading ({@code h2}) with an id for links. */
    public HtmlReport section(final String heading, final String id) {
        body.append("<h2 id=\"").append(escape(id)).append("\">").append(escape(heading)).append("</h2>\n");
        return this;
    }

    /** A sub-heading ({@code h3}). */
    public HtmlReport subsection(final String heading) {
        body.append("<h3>").append(escape(heading)).append("</h3>\n");
        return this;
    }

    /** A paragraph of plain text. */
    public HtmlReport paragraph(final String text) {
        body.append("<p>").append(escape(text)).append("</p>\n");
        return this;
    }

    /** The command that made the folder, as a user would type it. */
    public HtmlReport command(final List<String> arguments) {
        final StringBuilder line = new StringBuilder("bin/stowage");
        for (final String argument : arguments) {
            line.append(' ').append(shellWord(argument));
        }
        body.append("<p>Made by:</p>\n<pre class=\"command\">").append(escape(line.toString())).append("</pre>\n");
        return this;
    }

    /** Text kept as printed (a figure's table as the terminal shows it). */
    public HtmlReport preformatted(final String text) {
        body.append("<pre>").append(escape(text.stripTrailing())).append("</pre>\n");
        return this;
    }

    /**
     * A table of name and value per input: an array as its items in brackets, a list as its items separated by
     * commas (the command's words by spaces, as a shell shows them), an input that is not set (a horizon when
     * the run goes to completion) as "none".
     */
    public HtmlReport inputs(final Map<String, Object> inputs) {
        body.append("<table class=\"inputs\">\n<tr><th>input</th><th>value</th></tr>\n");
        for (final Map.Entry<String, Object> input : inputs.entrySet()) {
            body.append("<tr><td>").append(escape(input.getKey())).append("</td><td>")
                .append(escape(inputText(input.getKey(), input.getValue()))).append("</td></tr>\n");
        }
        body.append("</table>\n");
        return this;
    }

    private static String inputText(final String name, final Object value) {
        if (value == null) {
            return "none";
        }
        if (value.getClass().isArray()) {
            final String nested = Arrays.deepToString(new Object[] {value});
            return nested.substring(1, nested.length() - 1);
        }
        if (value instanceof List<?> items) {
            final StringBuilder text = new StringBuilder();
            for (final Object item : items) {
                if (text.length() > 0) {
                    text.append(name.equals("command") ? " " : ", ");
                }
                text.append(item);
            }
            return text.toString();
        }
        return String.valueOf(value);
    }

    /**
     * A table: a header row and rows of cells; cells that read as numbers are right-aligned.
     *
     * @param cssClass the table's class (tests and readers find a table by it)
     */
    public HtmlReport table(final String cssClass, final List<String> header, final List<List<String>> rows) {
        body.append("<table class=\"").append(escape(cssClass)).append("\">\n<tr>");
        for (final String cell : header) {
            body.append("<th>").append(escape(cell)).append("</th>");
        }
        body.append("</tr>\n");
        for (final List<String> row : rows) {
            body.append("<tr>");
            for (final String cell : row) {
                body.append(isNumber(cell) ? "<td class=\"number\">" : "<td>").append(escape(cell)).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n");
        return this;
    }

    /**
     * The claims of a figure: paper, verdict, ours, evidence; each row classed by its verdict
     * ({@code agrees}, {@code differs}, {@code not-checked}), the evidence a link to the docs where they are
     * found from {@code docs} (the repository's docs folder, or null).
     */
    public HtmlReport claims(final List<? extends ClaimRow> claims, final Path docs) {
        body.append("<table class=\"claims\">\n<tr><th>paper</th><th>verdict</th><th>ours</th><th>evidence</th></tr>\n");
        for (final ClaimRow claim : claims) {
            body.append("<tr class=\"claim ").append(claim.verdictLabel().replace(' ', '-')).append("\"><td>")
                .append(escape(claim.paper())).append("</td><td>").append(escape(claim.verdictLabel()))
                .append("</td><td>").append(escape(claim.ours())).append("</td><td>")
                .append(evidence(claim.evidence(), docs)).append("</td></tr>\n");
        }
        body.append("</table>\n");
        return this;
    }

    /** A pointer such as {@code docs/DJSF.md#reproduction}: a link when the file is found under {@code docs}. */
    static String evidence(final String pointer, final Path docs) {
        if (pointer == null) {
            return "";
        }
        final int hash = pointer.indexOf('#');
        final String file = hash < 0 ? pointer : pointer.substring(0, hash);
        final String anchor = hash < 0 ? "" : pointer.substring(hash);
        final String name = file.startsWith("docs/") ? file.substring("docs/".length()) : file;
        if (docs != null && Files.isRegularFile(docs.resolve(name))) {
            final String target = docs.resolve(name).toAbsolutePath().normalize().toUri() + anchor;
            return "<a href=\"" + escape(target) + "\">" + escape(pointer) + "</a>";
        }
        return escape(pointer);
    }

    /**
     * The SVG at {@code svg} inlined, with a caption and links to it and to the PNG beside it (both relative
     * to {@code folder}, the page's folder).
     */
    public HtmlReport figure(final Path folder, final Path svg, final String caption) throws IOException {
        String text = Files.readString(svg);
        final int start = text.indexOf("<svg");
        if (start < 0) {
            throw new IOException(svg + " holds no <svg> element");
        }
        text = text.substring(start);
        final String relative = folder.toAbsolutePath().normalize().relativize(svg.toAbsolutePath().normalize())
            .toString().replace('\\', '/');
        final String png = relative.endsWith(".svg") ? relative.substring(0, relative.length() - 4) + ".png" : null;
        body.append("<figure>\n").append(text.strip()).append("\n<figcaption>").append(escape(caption))
            .append(" (<a href=\"").append(escape(relative)).append("\">SVG</a>");
        if (png != null && Files.isRegularFile(svg.resolveSibling(Path.of(png).getFileName()))) {
            body.append(", <a href=\"").append(escape(png)).append("\">PNG</a>");
        }
        body.append(")</figcaption>\n</figure>\n");
        return this;
    }

    /** A list of links to files of the folder. */
    public HtmlReport files(final List<String> names) {
        body.append("<ul class=\"files\">\n");
        for (final String name : names) {
            body.append("<li><a href=\"").append(escape(name)).append("\">").append(escape(name)).append("</a></li>\n");
        }
        body.append("</ul>\n");
        return this;
    }

    /** The whole page. */
    public String html() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + GENERATOR + "\n<title>" + escape(title)
            + "</title>\n<style>\n" + STYLE + "\n</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
    }

    /** Writes the page to {@code folder}/{@value #FILE}, replacing it whole. */
    public Path write(final Path folder) throws IOException {
        final Path file = folder.resolve(FILE);
        ResultFiles.writeString(file, html());
        return file;
    }

    /**
     * Refuses, before anything runs, a folder whose {@value #FILE} a command of ours did not write: the page
     * would replace it.
     *
     * @throws IllegalArgumentException one line naming {@code flag} and the folder
     */
    public static void requireOurs(final Path folder, final String flag) {
        final Path file = folder.resolve(FILE);
        if (!Files.exists(file)) {
            return;
        }
        boolean ours;
        try {
            ours = Files.isRegularFile(file) && Files.readString(file).contains(GENERATOR);
        } catch (final IOException | java.io.UncheckedIOException e) {
            ours = false;
        }
        if (!ours) {
            throw new InvalidValueException(flag, "'" + folder + "' holds an " + FILE
                + " that stowage did not write (the report would replace it); use another directory");
        }
    }

    /** The SVG files of {@code folder}, sorted by name. */
    public static List<Path> svgs(final Path folder) throws IOException {
        try (var files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".svg")).sorted().toList();
        }
    }

    /**
     * The repository's docs folder seen from the working directory or its parents (where the evidence of a
     * difference is written), or null when there is none (a copied jar).
     */
    public static Path findDocs() {
        Path directory = Path.of("").toAbsolutePath();
        while (directory != null) {
            if (Files.isRegularFile(directory.resolve("docs").resolve("REPRODUCING.md"))) {
                return directory.resolve("docs");
            }
            directory = directory.getParent();
        }
        return null;
    }

    static String escape(final String text) {
        final StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '&' -> escaped.append("&amp;");
                case '"' -> escaped.append("&quot;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /** {@code word} quoted for a POSIX shell when it holds anything but safe characters. */
    static String shellWord(final String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=,@%+-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static boolean isNumber(final String cell) {
        return cell.matches("-?[0-9][0-9,]*(\\.[0-9]+)?(E-?[0-9]+)?( \\+- ?[0-9.]+)?") || cell.equals("-");
    }

    /**
     * A number as the tables (terminal and page) print it: {@code decimals} decimals, "-" when there is none (no
     * job finished).
     */
    public static String number(final double value, final int decimals) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
