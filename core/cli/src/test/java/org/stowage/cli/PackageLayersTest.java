package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The application layer's packages in layers: a package may name (import, or spell out in code or javadoc)
 * only the packages of layers below its own, never one above it nor a sibling of its layer. Every package of
 * the module must be placed here, so a new one is placed on purpose.
 */
class PackageLayersTest {
    /** Lowest first. Packages of one layer are siblings: they may not name each other. */
    private static final List<List<String>> LAYERS = List.of(
        List.of("org.stowage.terminal"),
        List.of("org.stowage.traces"),
        List.of("org.stowage.sweep"),
        List.of("org.stowage.report"),
        List.of("org.stowage.reproduce"),
        List.of("org.stowage.reproduce.vqs", "org.stowage.reproduce.rms", "org.stowage.reproduce.lotes",
            "org.stowage.reproduce.djsf", "org.stowage.reproduce.fgd"),
        List.of("org.stowage.cli.spec"),
        List.of("org.stowage.cli.plan"),
        List.of("org.stowage.cli"));

    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    /** A qualified name of a type of this module: the package is everything before the first capital. */
    private static final Pattern REFERENCE =
        Pattern.compile("\\borg\\.stowage\\.(?:cli|report|reproduce|sweep|traces|terminal)(?:\\.[a-z0-9]+)*(?=\\.[A-Z])");

    @Test
    void everyPackageNamesOnlyTheLayersBelowIt() throws IOException {
        final Map<String, Integer> layerOf = new TreeMap<>();
        for (int layer = 0; layer < LAYERS.size(); layer++) {
            for (final String name : LAYERS.get(layer)) {
                layerOf.put(name, layer);
            }
        }
        final List<String> violations = new ArrayList<>();
        final TreeSet<String> unplaced = new TreeSet<>();
        int files = 0;
        try (Stream<Path> paths = Files.walk(SOURCES)) {
            for (final Path file : (Iterable<Path>) paths.filter(p -> p.toString().endsWith(".java"))::iterator) {
                files++;
                final String text = Files.readString(file);
                final Matcher declared = PACKAGE.matcher(text);
                assertTrue(declared.find(), file + " declares no package");
                final String own = declared.group(1);
                final Integer ownLayer = layerOf.get(own);
                if (ownLayer == null) {
                    unplaced.add(own);
                    continue;
                }
                final Matcher reference = REFERENCE.matcher(text);
                final TreeSet<String> named = new TreeSet<>();
                while (reference.find()) {
                    named.add(reference.group());
                }
                for (final String other : named) {
                    final Integer otherLayer = layerOf.get(other);
                    if (otherLayer == null) {
                        unplaced.add(other);
                    } else if (!other.equals(own) && otherLayer >= ownLayer) {
                        violations.add(SOURCES.relativize(file) + " (" + own + ") names " + other
                            + (otherLayer.equals(ownLayer) ? ", a sibling" : ", a layer above it"));
                    }
                }
            }
        }
        assertTrue(files > 50, "found only " + files + " source files under " + SOURCES.toAbsolutePath());
        assertEquals(List.of(), List.copyOf(unplaced), "packages not placed in PackageLayersTest.LAYERS");
        assertEquals(List.of(), violations, "names that run up or across a layer");
    }
}
