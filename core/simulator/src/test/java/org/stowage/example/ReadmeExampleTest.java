package org.stowage.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The code the README and docs/LIBRARY.md show is the code that works: each {@code java} block that starts
 * with its imports is compiled as it stands (a missing import fails here) and run, a block that is a class is
 * compiled, and each block that is a file of core/example is that file, byte for byte (CI builds and kit-tests
 * the example).
 */
class ReadmeExampleTest {
    private static final Path ROOT = root();
    /** A top-level class declaration: at the start of a line, so that "class path" in a comment is none. */
    private static final Pattern DECLARED_CLASS =
        Pattern.compile("^(?:public |final |abstract )*class (\\w+)", Pattern.MULTILINE);

    @TempDir
    Path temp;

    private static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve("README.md")) && Files.exists(dir.resolve("core"))) {
                return dir;
            }
        }
        throw new IllegalStateException("README.md not found above " + Path.of("").toAbsolutePath());
    }

    /** The {@code java} blocks of {@code text} from {@code from} on (the whole text when it is empty). */
    private static List<String> javaBlocks(final String text, final String from) {
        final List<String> blocks = new ArrayList<>();
        int at = from.isEmpty() ? 0 : text.indexOf(from);
        assertTrue(at >= 0, "no section " + from);
        final int end = from.isEmpty() ? text.length() : text.indexOf("\n## ", at + from.length());
        while ((at = text.indexOf("```java\n", at)) >= 0 && (end < 0 || at < end)) {
            final int start = at + "```java\n".length();
            final int close = text.indexOf("```", start);
            blocks.add(text.substring(start, close).stripTrailing());
            at = close + 3;
        }
        return blocks;
    }

    @Test
    void theReadmesRunCompilesWithItsImportsAndRuns() throws Exception {
        final String readme = Files.readString(ROOT.resolve("README.md"));
        final List<String> blocks = javaBlocks(readme, "## Use the core in your project");
        assertEquals(2, blocks.size(), "a run and the kit's test");
        final String printed = run(blocks.get(0), "ReadmeRun");
        assertTrue(Pattern.matches("mean queue \\d+\\.\\d\\d, p99 wait \\d+ slots, (stable|inconclusive)\\R", printed),
            printed);
        compile(List.of(blocks.get(1)), List.of("FifoWorstFitConformanceTest"));
    }

    @Test
    void theLibraryGuidesCodeRunsAndShowsTheExampleAsItIs() throws Exception {
        final String guide = Files.readString(ROOT.resolve("docs/LIBRARY.md"));
        int examples = 0;
        int runs = 0;
        for (final String block : javaBlocks(guide, "")) {
            if (block.startsWith("import ")) {
                assertTrue(run(block, "LibraryRun" + runs++).startsWith("mean queue "), block);
            } else {
                final Matcher declared = DECLARED_CLASS.matcher(block);
                assertTrue(declared.find(), "a block that is no run declares a class:\n" + block);
                final String name = declared.group(1);
                final Path main = ROOT.resolve("core/example/src/main/java/org/stowage/example/" + name + ".java");
                final Path file = Files.exists(main) ? main
                    : ROOT.resolve("core/example/src/test/java/org/stowage/example/" + name + ".java");
                assertEquals(Files.readString(file).stripTrailing(), block, "docs/LIBRARY.md shows " + file);
                examples++;
            }
        }
        assertEquals(1, runs);
        assertEquals(4, examples, "the kernel, its twin, its family and its test");
    }

    /** Compiles {@code block} (imports, a blank line, statements) as a main method, runs it, returns its output. */
    private String run(final String block, final String className) throws Exception {
        final int body = block.indexOf("\n\n");
        final String source = block.substring(0, body) + "\n\npublic final class " + className
            + " {\n    public static void main(final String[] args) {\n" + block.substring(body + 2) + "\n    }\n}\n";
        final ClassLoader loader = compile(List.of(source), List.of(className));
        final PrintStream out = System.out;
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            loader.loadClass(className).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(out);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    /** Compiles each source (its public or first class named in {@code names}) against the test class path. */
    private ClassLoader compile(final List<String> sources, final List<String> names) throws IOException {
        final Path sourceDir = Files.createDirectories(temp.resolve("src"));
        final Path classes = Files.createDirectories(temp.resolve("classes"));
        final List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-classpath",
            System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), "-Xlint:all",
            "-Werror", "-proc:none"));
        for (int i = 0; i < sources.size(); i++) {
            final Path file = sourceDir.resolve(names.get(i) + ".java");
            Files.writeString(file, sources.get(i));
            arguments.add(file.toString());
        }
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final int status = javac.run(null, output, new PrintStream(output, true, StandardCharsets.UTF_8),
            arguments.toArray(String[]::new));
        assertEquals(0, status, "the docs' code compiles as shown:\n" + output.toString(StandardCharsets.UTF_8) + "\n"
            + sources);
        return new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
    }
}
