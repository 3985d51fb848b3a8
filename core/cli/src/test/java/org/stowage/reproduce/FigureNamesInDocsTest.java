package org.stowage.reproduce;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The README and docs/*.md name only figures the registry has: every word shaped like a figure name
 * ({@code fig3a}, {@code 2018-fig5}, {@code lotes-fig8}, {@code djsf-table2}; not a file name such as
 * {@code docs/figures/fig3a.png}, {@code fig1.csv} or {@code --out fig1}) and every group in backticks or after "reproduce".
 * A renamed or removed figure fails here until the docs follow.
 */
class FigureNamesInDocsTest {
    private static final Pattern FIGURE = Pattern.compile(
        "(?<![\\w/.-])(?<!--out )(fig\\d+[a-z]?|\\d{4}-fig\\d+[a-z]?|lotes-fig\\d+|djsf-(?:fig|table)\\d+)(?![\\w.-])");
    private static final Pattern GROUP = Pattern.compile("(?:`|reproduce )(all-[a-z0-9]+)\\b");

    @Test
    void everyFigureTheDocsNameIsInTheRegistry() throws IOException {
        final List<String> names = Figures.of(null).names();
        final Path root = DocAnchors.root();
        final List<Path> documents = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(file -> file.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        final List<String> unknown = new ArrayList<>();
        int checked = 0;
        for (final Path document : documents) {
            final List<String> lines = Files.readAllLines(document);
            for (int i = 0; i < lines.size(); i++) {
                for (final Pattern pattern : List.of(FIGURE, GROUP)) {
                    final Matcher matcher = pattern.matcher(lines.get(i));
                    while (matcher.find()) {
                        checked++;
                        if (!names.contains(matcher.group(1))) {
                            unknown.add(root.relativize(document) + ":" + (i + 1) + ": " + matcher.group(1));
                        }
                    }
                }
            }
        }
        assertTrue(unknown.isEmpty(), "names no figure of the registry: " + unknown);
        assertTrue(checked > 50, "only " + checked + " names found: is the pattern still right?");
    }
}
