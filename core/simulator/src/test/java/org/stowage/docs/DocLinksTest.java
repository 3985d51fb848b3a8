package org.stowage.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Every link a reader can follow resolves: each relative link of README.md and docs/ (the journal included)
 * names a file or directory that exists and, with {@code #anchor} into Markdown, a heading with that GitHub
 * anchor; and each {@code docs/FILE.md[#anchor]} pointer in the main sources (javadoc, messages, claims'
 * evidence) names a doc and heading that exist. A heading renamed, a section moved to the journal or a doc
 * removed fails here with the file and line, until the link follows.
 */
class DocLinksTest {
    /** A Markdown link or image, {@code [text](target)}; the target has no spaces here. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern SCHEME = Pattern.compile("^[a-z][a-z0-9+.-]*:");
    /** {@code docs/NAME.md#anchor}; a one-letter name ({@code docs/X.md}) is a placeholder in javadoc, not a pointer. */
    private static final Pattern POINTER = Pattern.compile("\\bdocs/([\\w/.-]{2,}?\\.md)(?:#([\\w-]+))?");
    private final Map<Path, Set<String>> anchors = new HashMap<>();

    @Test
    void everyRelativeLinkOfTheDocsResolves() {
        final Path root = DocFiles.root();
        final List<String> broken = new ArrayList<>();
        int checked = 0;
        for (final Path doc : DocFiles.markdown(root)) {
            final String text = DocFiles.blankCodeBlocks(DocFiles.read(doc));
            final Matcher links = LINK.matcher(text);
            while (links.find()) {
                final String target = links.group(1);
                if (SCHEME.matcher(target).find()) {
                    continue;
                }
                checked++;
                final int hash = target.indexOf('#');
                final String path = hash < 0 ? target : target.substring(0, hash);
                final Path file = path.isEmpty() ? doc : doc.getParent().resolve(path).normalize();
                final String problem = problem(file, hash < 0 ? null : target.substring(hash + 1));
                if (problem != null) {
                    broken.add(root.relativize(doc) + ":" + DocFiles.lineOf(text, links.start()) + ": (" + target + ") "
                        + problem);
                }
            }
        }
        assertTrue(broken.isEmpty(), "links that lead nowhere:\n  " + String.join("\n  ", broken));
        assertTrue(checked > 100, "only " + checked + " relative links found: is the pattern still right?");
    }

    @Test
    void everyDocsPointerOfTheMainSourcesResolves() throws IOException {
        final Path root = DocFiles.root();
        final List<String> broken = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> files = Files.walk(root)) {
            for (final Path source : (Iterable<Path>) files.filter(DocLinksTest::isMainSource)::iterator) {
                final String text = DocFiles.read(source);
                final Matcher pointers = POINTER.matcher(text);
                while (pointers.find()) {
                    checked++;
                    final String problem = problem(root.resolve("docs").resolve(pointers.group(1)), pointers.group(2));
                    if (problem != null) {
                        broken.add(root.relativize(source) + ":" + DocFiles.lineOf(text, pointers.start()) + ": ("
                            + pointers.group() + ") " + problem);
                    }
                }
            }
        }
        assertTrue(broken.isEmpty(), "pointers into docs/ that lead nowhere:\n  " + String.join("\n  ", broken));
        assertTrue(checked > 50, "only " + checked + " pointers found: is the pattern still right?");
    }

    /** Why {@code file#anchor} does not resolve, or null when it does. */
    private String problem(final Path file, final String anchor) {
        if (!Files.exists(file)) {
            return "no such file";
        }
        if (anchor == null || anchor.isEmpty() || !file.toString().endsWith(".md")) {
            return null;
        }
        return anchors.computeIfAbsent(file, DocFiles::anchors).contains(anchor) ? null : "no heading #" + anchor;
    }

    private static boolean isMainSource(final Path file) {
        final String path = file.toString().replace('\\', '/');
        return path.endsWith(".java") && path.contains("/src/main/java/") && !path.contains("/target/");
    }
}
