package org.stowage.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The docs name only classes, tests and packages that exist: every CamelCase name in an inline code span
 * ({@code `RunSpec`}, {@code `DifferentialKernelTest`}) and every {@code org.stowage...} name anywhere in
 * README.md and the other Markdown files of the repository must be a type declared in the repository's Java
 * sources, a JDK class, or one of the few outside names listed in {@link #OUTSIDE}. A rename or deletion
 * that leaves a doc behind fails here with the file and line. The journal (docs/journal/) is left out: it is
 * the dated record, kept as written, so it names classes as they were called then.
 */
class DocReferencesTest {
    /**
     * Names the docs use that are not ours: library classes, JVM options and fields of trace formats. Add
     * to it only names that are truly outside the repository.
     */
    private static final Set<String> OUTSIDE = Set.of(
        "AsyncProfiler",            // async-profiler's Java API
        "DebugNonSafepoints",       // JVM option -XX:+DebugNonSafepoints
        "UseTransparentHugePages",  // JVM option
        "IntArrays",                // fastutil
        "UnsafeBuffer",             // Agrona
        "SumOfClusterVariances",    // commons-math3
        "TearDown",                 // JMH annotation
        "LoTES",                    // the algorithm's name (Tran et al. 2018), also a kernel name
        "BestFit",                  // a policy of Weng et al. 2023, also a kernel name
        "DotProd",                  // likewise
        "GetNodePodFrag",           // functions and fields of the FGD artifact (Go), cited as its specification
        "GetTypicalPods",
        "FragAmountSumExceptQ3",
        "NodeResourcesFit",
        "TotalMilliGpu",
        "MaxProcs",                 // a field of the Standard Workload Format header
        "NaN");
    private static final String[] JDK_PACKAGES = {"java.lang.", "java.util.", "java.util.random.",
        "java.util.concurrent.", "java.io.", "java.nio.file.", "java.lang.management.", "com.sun.management."};
    private static final Pattern INLINE_CODE = Pattern.compile("`([^`\\n]+)`");
    /** A CamelCase word with at least two capitals, not part of a path, option, URL or qualified name. */
    private static final Pattern CAMEL = Pattern.compile("(?<![\\w./:+-])([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)\\b");
    private static final Pattern QUALIFIED = Pattern.compile("\\borg\\.stowage(?:\\.\\w+)+");
    private static final Pattern DECLARATION = Pattern.compile("\\b(?:class|interface|record|enum)\\s+([A-Z]\\w*)");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");

    @Test
    void docsNameOnlyTypesThatExist() throws IOException {
        final Path root = DocFiles.root();
        final Set<String> types = new TreeSet<>();
        final Set<String> packages = new TreeSet<>();
        final List<Path> docs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(file -> !isBuildOutput(root, file)).forEach(file -> {
                final String name = file.getFileName().toString();
                if (name.endsWith(".java")) {
                    final String source = DocFiles.read(file);
                    types.add(name.substring(0, name.length() - ".java".length()));
                    DECLARATION.matcher(source).results().forEach(match -> types.add(match.group(1)));
                    PACKAGE.matcher(source).results().forEach(match -> packages.add(match.group(1)));
                } else if (name.endsWith(".md") && !root.relativize(file).startsWith(Path.of("docs", "journal"))) {
                    docs.add(file);
                }
            });
        }
        assertTrue(types.contains("Kernels") && !docs.isEmpty(), "found no sources or docs under " + root);
        final Map<String, List<String>> unknown = new TreeMap<>();
        for (final Path doc : docs) {
            final String text = DocFiles.read(doc);
            final String prose = DocFiles.blankCodeBlocks(text);
            final Matcher spans = INLINE_CODE.matcher(prose);
            while (spans.find()) {
                final Matcher words = CAMEL.matcher(spans.group(1));
                while (words.find()) {
                    final String word = words.group(1);
                    if (!types.contains(word) && !OUTSIDE.contains(word) && !isJdkClass(word)) {
                        unknown.computeIfAbsent(word, key -> new ArrayList<>()).add(where(root, doc, text, spans.start()));
                    }
                }
            }
            final Matcher qualified = QUALIFIED.matcher(text);
            while (qualified.find()) {
                final String name = qualified.group();
                if (!existsQualified(name, packages, types)) {
                    unknown.computeIfAbsent(name, key -> new ArrayList<>()).add(where(root, doc, text, qualified.start()));
                }
            }
        }
        if (!unknown.isEmpty()) {
            final StringBuilder message = new StringBuilder("docs name types or packages that do not exist"
                + " (fix the doc, or list a truly outside name in DocReferencesTest.OUTSIDE):");
            unknown.forEach((name, places) -> message.append("\n  ").append(name).append(" at ")
                .append(String.join(", ", places)));
            fail(message.toString());
        }
    }

    /** {@code org.stowage.a.b}: a package, or a package followed by a type and optionally its members. */
    private static boolean existsQualified(final String name, final Set<String> packages, final Set<String> types) {
        final String[] parts = name.split("\\.");
        for (int i = parts.length; i > 1; i--) {
            final String prefix = String.join(".", Arrays.copyOf(parts, i));
            if (packages.contains(prefix)) {
                return i == parts.length || types.contains(parts[i]);
            }
        }
        return false;
    }

    private static boolean isJdkClass(final String simpleName) {
        for (final String prefix : JDK_PACKAGES) {
            try {
                Class.forName(prefix + simpleName, false, DocReferencesTest.class.getClassLoader());
                return true;
            } catch (final ClassNotFoundException e) {
                // try the next package
            }
        }
        return false;
    }

    private static String where(final Path root, final Path doc, final String text, final int offset) {
        return root.relativize(doc) + ":" + DocFiles.lineOf(text, offset);
    }

    /** Build output, version control, and what commands write at the top level by default (reproduce/, out/). */
    private static boolean isBuildOutput(final Path root, final Path file) {
        final Path relative = root.relativize(file);
        if (relative.getNameCount() > 1 && Set.of("reproduce", "out").contains(relative.getName(0).toString())) {
            return true;
        }
        for (final Path part : relative) {
            final String name = part.toString();
            if (name.equals("target") || name.equals(".git") || name.equals("node_modules")) {
                return true;
            }
        }
        return false;
    }
}
