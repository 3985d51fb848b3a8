package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.core.kernel.ClashingFamily;
import org.stowage.core.kernel.KernelFamily;

/**
 * What a user sees: the example kernel's jar (core/example) on {@code STOWAGE_CLASSPATH} makes FIFO-WF appear in
 * {@code bin/stowage schedulers}, {@code run}, {@code sweep} and {@code reproduce --add-scheduler}; without it the
 * launcher's jar knows nothing of
 * it (the example never leaks into stowage.jar); and a jar that declares a name Stowage has stops the command
 * in one line, exit 2. Runs after {@code package} (failsafe), with the launcher's jar built by this module;
 * skipped, saying why, when that jar is missing or older than its sources (the launcher would rebuild it).
 */
class LauncherIT {
    private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).resolve("../..").normalize();
    private static final Path EXAMPLE_JAR = Path.of(System.getProperty("stowage.example.jar", "missing.jar"));

    private record Outcome(int code, String out, String err) {
    }

    @TempDir
    Path temp;

    @BeforeAll
    static void launcherJarIsBuilt() throws IOException {
        final Path jar = ROOT.resolve("core/cli/target/stowage.jar");
        assumeTrue(Files.isRegularFile(jar), jar + " is missing: the launcher test runs in ./mvnw verify");
        final FileTime built = Files.getLastModifiedTime(jar);
        for (final String module : List.of("simulator", "theory", "cli")) {
            try (Stream<Path> files = Files.walk(ROOT.resolve("core").resolve(module).resolve("src/main"))) {
                assumeTrue(files.filter(Files::isRegularFile).noneMatch(file -> isNewer(file, built)),
                    jar + " is older than core/" + module + "'s sources: the launcher would rebuild it; run ./mvnw verify");
            }
        }
        assertTrue(Files.isRegularFile(EXAMPLE_JAR), "the example's jar: " + EXAMPLE_JAR);
    }

    @Test
    void theExampleJarAddsItsKernelsToSchedulers() throws IOException, InterruptedException {
        final Outcome with = stowage(EXAMPLE_JAR.toString(), "schedulers");
        assertEquals(0, with.code(), with.err());
        // the user's kernels come last, under the jar they come from, in the list's columns
        assertTrue(Pattern.compile("\nFrom your jar \\S*stowage-example-kernel\\S*\\.jar \\(STOWAGE_CLASSPATH\\):\n"
            + "  FIFO-WF +head of the queue to the server with the most free room").matcher(with.out()).find(), with.out());
        assertTrue(with.out().matches("(?s).*\n  FIFO-WF-naive +naive twin of FIFO-WF\n"), with.out());
        final Outcome without = stowage(null, "schedulers");
        assertEquals(0, without.code(), without.err());
        assertFalse(without.out().contains("FIFO-WF"), "stowage.jar alone does not know the example");
    }

    @Test
    void runAndSweepTakeTheExampleKernel() throws IOException, InterruptedException {
        final Path run = temp.resolve("run");
        final Outcome ran = stowage(EXAMPLE_JAR.toString(), "run", "--scheduler", "FIFO-WF,BF-J", "--horizon", "20000",
            "--out", run.toString());
        assertEquals(0, ran.code(), ran.err());
        assertTrue(ran.out().contains("\nFIFO-WF  "), ran.out());
        assertTrue(Files.readString(run.resolve("results.csv")).contains("FIFO-WF,completed_total,"));

        final Path sweep = temp.resolve("sweep");
        final Outcome swept = stowage(EXAMPLE_JAR.toString(), "sweep", "--scheduler", "FIFO-WF,BF-J", "--vary",
            "intensity=0.5,0.9", "--horizon", "5000", "--threads", "2", "--out", sweep.toString());
        assertEquals(0, swept.code(), swept.err());
        assertTrue(Files.readString(sweep.resolve("summary.csv")).contains(",FIFO-WF,"));
    }

    @Test
    void reproduceAddsTheExampleKernelToAFigureWithoutClaimsAboutIt() throws IOException, InterruptedException {
        final Path out = temp.resolve("reproduce");
        final Outcome reproduced = stowage(EXAMPLE_JAR.toString(), "reproduce", "fig3a", "--quick", "--add-scheduler",
            "FIFO-WF", "--threads", "2", "--out", out.toString());
        assertEquals(0, reproduced.code(), reproduced.err());
        assertTrue(reproduced.out().contains("\nFIFO-WF  "), reproduced.out());
        assertTrue(reproduced.out().contains("Added with --add-scheduler (not in the paper; no claim reads them): "
            + "FIFO-WF."), reproduced.out());
        try (Stream<String> curve = Files.lines(out.resolve("fig3a/fig3a.csv"))) {
            assertTrue(curve.anyMatch(line -> line.startsWith("FIFO-WF,")), "fig3a.csv has FIFO-WF's curve");
        }
    }

    @Test
    void aJarThatDeclaresAKnownNameStopsTheCommandInOneLine() throws IOException, InterruptedException {
        final Path clash = temp.resolve("clash.jar");
        final String family = ClashingFamily.class.getName();
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(clash));
             InputStream classFile = ClashingFamily.class.getResourceAsStream(ClashingFamily.class.getSimpleName()
                 + ".class")) {
            jar.putNextEntry(new JarEntry("META-INF/services/" + KernelFamily.class.getName()));
            jar.write((family + "\n").getBytes(StandardCharsets.UTF_8));
            jar.putNextEntry(new JarEntry(family.replace('.', '/') + ".class"));
            jar.write(classFile.readAllBytes());
        }
        final Outcome outcome = stowage(EXAMPLE_JAR + ":" + clash, "run", "--scheduler", "FIFO-WF,BF-J", "--horizon",
            "100");
        assertEquals(2, outcome.code(), outcome.err());
        assertEquals("", outcome.out());
        assertEquals("stowage run: scheduler name 'FIFO-FF' is declared twice: by kernel family 'bestfit'"
            + " (org.stowage.core.kernel.bestfit.BestFitFamily in " + ROOT.resolve("core/cli/target/stowage.jar")
            + ") and by 'clashing' (" + family + " in " + clash + "); rename one, or take one of the jars off the"
            + " class path\n", outcome.err());
    }

    @Test
    void aClasspathEntryThatIsNoJarOrFolderStopsTheCommandInOneLine() throws IOException, InterruptedException {
        final Outcome typo = stowage("core/example/target/stowage-example-kernl.jar", "run", "--scheduler", "FIFO-WF");
        assertEquals(2, typo.code(), typo.err());
        assertEquals("", typo.out());
        assertEquals("stowage: STOWAGE_CLASSPATH entry 'core/example/target/stowage-example-kernl.jar' does not exist: "
            + temp.resolve("core/example/target/stowage-example-kernl.jar") + "\n", typo.err());
        Files.writeString(temp.resolve("notes.txt"), "not a jar");
        final Outcome notJar = stowage(EXAMPLE_JAR + ":notes.txt", "schedulers");
        assertEquals(2, notJar.code(), notJar.err());
        assertEquals("stowage: STOWAGE_CLASSPATH entry 'notes.txt' is neither a jar nor a folder: "
            + temp.resolve("notes.txt") + " is not a zip file\n", notJar.err());
    }

    @Test
    void twoCopiesOfOneJarAreRefusedNamingBoth() throws IOException, InterruptedException {
        final Path older = Files.copy(EXAMPLE_JAR, temp.resolve("stowage-example-kernel-old.jar"));
        final Outcome outcome = stowage(older + ":" + EXAMPLE_JAR, "run", "--scheduler", "FIFO-WF", "--horizon", "100");
        assertEquals(2, outcome.code(), outcome.err());
        assertEquals("", outcome.out());
        assertEquals("stowage run: kernel family org.stowage.example.ExampleFamily is on the class path twice, in "
            + older + " and in " + EXAMPLE_JAR.toAbsolutePath().normalize() + " (only the first would run): take one"
            + " off the class path (STOWAGE_CLASSPATH)\n", outcome.err());
    }

    @Test
    void javaDashJarReadsStowageClasspathToo() throws IOException, InterruptedException {
        final List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
            ROOT.resolve("core/cli/target/stowage.jar").toString(), "schedulers");
        final Outcome outcome = run(command, EXAMPLE_JAR.toString());
        assertEquals(0, outcome.code(), outcome.err());
        assertTrue(outcome.out().matches("(?s).*\n  FIFO-WF-naive +naive twin of FIFO-WF\n"), outcome.out());
    }

    /** {@code bin/stowage ARGS} with {@code STOWAGE_CLASSPATH} set to {@code classpath} (unset when null). */
    private Outcome stowage(final String classpath, final String... args) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of("bash", ROOT.resolve("bin/stowage").toString()));
        command.addAll(List.of(args));
        return run(command, classpath);
    }

    /** {@code command} in the temporary folder with {@code STOWAGE_CLASSPATH} set to {@code classpath}. */
    private Outcome run(final List<String> command, final String classpath) throws IOException, InterruptedException {
        final ProcessBuilder builder = new ProcessBuilder(command).directory(temp.toFile());
        builder.environment().remove("STOWAGE_CLASSPATH");
        if (classpath != null) {
            builder.environment().put("STOWAGE_CLASSPATH", classpath);
        }
        final Path out = temp.resolve("stdout.txt");
        final Path err = temp.resolve("stderr.txt");
        final Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), String.join(" ", command) + " exits");
        return new Outcome(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static boolean isNewer(final Path file, final FileTime than) {
        try {
            return Files.getLastModifiedTime(file).compareTo(than) > 0;
        } catch (final IOException e) {
            return true;
        }
    }
}
