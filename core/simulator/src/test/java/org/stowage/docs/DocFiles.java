package org.stowage.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The repository's Markdown as the docs tests read it: where the repository is, its README and docs, their
 * text with fenced code blanked out, and the anchors GitHub gives their headings. Stateless.
 */
public final class DocFiles {
    private static final Pattern CODE_BLOCK = Pattern.compile("```[\\s\\S]*?```");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}[ \\t]+(.+?)[ \\t]*#*[ \\t]*$");

    private DocFiles() {
    }

    /** The directory holding the Maven wrapper and the README, found walking up from the working directory. */
    public static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isRegularFile(dir.resolve("README.md"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no repository root (mvnw and README.md) above " + Path.of("").toAbsolutePath());
    }

    /** README.md and every Markdown file under docs/ (the journal included), in path order. */
    public static List<Path> markdown(final Path root) {
        final List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(file -> file.toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot list " + root.resolve("docs"), e);
        }
        return files;
    }

    public static String read(final Path file) {
        try {
            return Files.readString(file);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Replaces fenced code blocks by blank lines, so offsets (and line numbers) stay those of the text. */
    public static String blankCodeBlocks(final String text) {
        final StringBuilder out = new StringBuilder(text);
        final Matcher blocks = CODE_BLOCK.matcher(text);
        while (blocks.find()) {
            for (int i = blocks.start(); i < blocks.end(); i++) {
                if (out.charAt(i) != '\n') {
                    out.setCharAt(i, ' ');
                }
            }
        }
        return out.toString();
    }

    /** The 1-based line of {@code offset} in {@code text}. */
    public static int lineOf(final String text, final int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
    public static String anchor(final String heading) {
        final StringBuilder anchor = new StringBuilder();
        for (final char c : heading.strip().toLowerCase(Locale.ROOT).toCharArray()) {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                anchor.append(c);
            } else if (c == ' ') {
                anchor.append('-');
            }
        }
        return anchor.toString();
    }

    /** Every heading anchor of a Markdown file, outside fenced code; a repeated one also as anchor-1, -2, ... */
    public static Set<String> anchors(final Path markdown) {
        final Set<String> anchors = new LinkedHashSet<>();
        final Map<String, Integer> seen = new HashMap<>();
        final Matcher headings = HEADING.matcher(blankCodeBlocks(read(markdown)));
        while (headings.find()) {
            final String anchor = anchor(headings.group(1));
            final Integer count = seen.merge(anchor, 1, Integer::sum);
            anchors.add(count == 1 ? anchor : anchor + "-" + (count - 1));
        }
        return anchors;
    }
}
