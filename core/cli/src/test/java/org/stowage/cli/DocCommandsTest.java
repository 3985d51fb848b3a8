package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.stowage.sweep.Calibration;
import org.stowage.sweep.SweepEngine;

/**
 * Every {@code bin/stowage} command line of README.md and docs/*.md ({@link DocCommands}) runs as written with
 * {@code --dry-run}, from the repository's root: it passes every check, prints its plan, and writes nothing (no
 * file of the repository appears or goes). A new example in the docs is covered without a change here.
 *
 * <p>The commands run in one JVM per environment they set ({@code JAVA_OPTS} becomes that JVM's options, as
 * {@code bin/stowage} passes it; {@code STOWAGE_CLASSPATH} joins its class path), with a calibration of 0.05 s
 * per command; one that runs on Spark gets Spark's class path and the spark module's classes. Skipped, each saying why: a
 * command that runs on Spark before the spark module is built (a clean clone's {@code ./mvnw verify} builds it
 * after this module), and one whose {@code STOWAGE_CLASSPATH} names a jar that is not built yet.
 */
class DocCommandsTest {
    /** Calibration seconds per command: the estimate's arithmetic runs, not its accuracy. */
    private static final String CALIBRATION = "0.05";

    private record Outcome(int code, long millis, String out, String err) {
    }

    @TestFactory
    List<DynamicTest> everyDocumentedCommandPassesItsDryRun() throws IOException, InterruptedException {
        final Path root = DocCommands.root();
        final List<DocCommands.Command> commands = DocCommands.of(root, DocCommands.files(root));
        assertTrue(commands.size() >= 20, "the docs hold " + commands.size() + " command lines: " + commands);
        final TreeSet<String> before = files(root);
        final Map<DocCommands.Command, Object> outcomes = new LinkedHashMap<>();
        final Map<List<String>, List<DocCommands.Command>> byJvm = new LinkedHashMap<>();
        for (final DocCommands.Command command : commands) {
            final String skip = skipReason(root, command);
            if (skip != null) {
                outcomes.put(command, skip);
            } else {
                byJvm.computeIfAbsent(jvm(root, command), key -> new ArrayList<>()).add(command);
            }
        }
        for (final Map.Entry<List<String>, List<DocCommands.Command>> group : byJvm.entrySet()) {
            final List<Outcome> results = runAll(root, group.getKey(), group.getValue());
            for (int i = 0; i < results.size(); i++) {
                outcomes.put(group.getValue().get(i), results.get(i));
            }
        }
        final TreeSet<String> after = files(root);
        // the slowest checks, for whoever wonders what this test spends its time on
        outcomes.entrySet().stream().filter(entry -> entry.getValue() instanceof Outcome)
            .sorted((a, b) -> Long.compare(((Outcome) b.getValue()).millis(), ((Outcome) a.getValue()).millis())).limit(5)
            .forEach(entry -> System.out.println("DocCommandsTest: " + ((Outcome) entry.getValue()).millis() + " ms "
                + entry.getKey()));
        final List<DynamicTest> tests = new ArrayList<>();
        for (final DocCommands.Command command : commands) {
            final Object outcome = outcomes.get(command);
            tests.add(DynamicTest.dynamicTest(command.toString(), () -> {
                assumeTrue(!(outcome instanceof String), () -> "skipped: " + outcome);
                final Outcome ran = (Outcome) outcome;
                assertEquals(0, ran.code(), command + "\n" + ran.out() + ran.err());
                assertEquals("", ran.err(), command.toString());
                if (!command.arguments().contains("--help")) {
                    assertTrue(ran.out().startsWith(DryRuns.HEADER + "\n"), command + "\n" + ran.out());
                }
            }));
        }
        tests.add(DynamicTest.dynamicTest("the dry runs wrote nothing into the repository", () -> {
            final TreeSet<String> added = new TreeSet<>(after);
            added.removeAll(before);
            final TreeSet<String> removed = new TreeSet<>(before);
            removed.removeAll(after);
            assertEquals(List.of(), new ArrayList<>(added), "files that appeared");
            assertEquals(List.of(), new ArrayList<>(removed), "files that went");
        }));
        return tests;
    }

    /** Why {@code command} cannot run here, or null. */
    private static String skipReason(final Path root, final DocCommands.Command command) {
        for (final String name : command.environment().keySet()) {
            if (!name.equals("JAVA_OPTS") && !name.equals("STOWAGE_CLASSPATH")) {
                return "sets " + name + ", which bin/stowage does not read";
            }
        }
        if (command.onSpark() && !sparkPresent() && sparkClassPath(root).isEmpty()) {
            return "runs on Spark: " + root.relativize(root.resolve(SPARK_JAR)) + " and " + SPARK_CLASS_PATH + " are not"
                + " built yet (bin/stowage-spark builds them; ./mvnw verify builds the spark module after this one)";
        }
        for (final String entry : classPath(command)) {
            if (!Files.exists(root.resolve(entry))) {
                return "STOWAGE_CLASSPATH names " + entry + ", not built yet (the docs build it just before)";
            }
        }
        return null;
    }

    private static boolean sparkPresent() {
        for (final SweepEngine.Provider provider : ServiceLoader.load(SweepEngine.Provider.class)) {
            if (provider.name().equals(EngineOptions.SPARK)) {
                return true;
            }
        }
        return false;
    }

    /** The jar and the class path list bin/stowage-spark runs with. */
    private static final String SPARK_JAR = "spark/target/stowage-spark.jar";
    private static final String SPARK_CLASS_PATH = "spark/target/spark-classpath.txt";

    /** What bin/stowage-spark adds to the class path, once built; empty before. */
    private static List<String> sparkClassPath(final Path root) {
        final Path list = root.resolve(SPARK_CLASS_PATH);
        if (!Files.isRegularFile(root.resolve(SPARK_JAR)) || !Files.isRegularFile(list)) {
            return List.of();
        }
        try {
            final List<String> entries = new ArrayList<>(List.of(root.resolve(SPARK_JAR).toString()));
            entries.addAll(List.of(Files.readString(list).strip().split(File.pathSeparator)));
            return entries;
        } catch (final IOException e) {
            return List.of();
        }
    }

    private static List<String> classPath(final DocCommands.Command command) {
        final String value = command.environment().get("STOWAGE_CLASSPATH");
        return value == null || value.isEmpty() ? List.of() : List.of(value.split(":"));
    }

    /** The child JVM's command line for {@code command}'s environment. */
    private static List<String> jvm(final Path root, final DocCommands.Command command) {
        final List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
            .toString()));
        final String options = command.environment().get("JAVA_OPTS");
        if (options != null) {
            line.addAll(DocCommands.words(options));
        }
        line.add("-D" + Calibration.BUDGET_PROPERTY + "=" + CALIBRATION);
        final StringBuilder classPath = new StringBuilder(System.getProperty("java.class.path"));
        if (command.onSpark() && !sparkPresent()) {
            // Spark's classes beside this build's own: the spark module's classes and Spark's class path, without
            // the Spark jar or any installed stowage jar, each of which carries a copy of the core (a family found
            // twice is refused) and may be older than the classes under test
            for (final String entry : sparkClassPath(root)) {
                if (!entry.endsWith(SPARK_JAR) && !Path.of(entry).getFileName().toString().startsWith("stowage-")) {
                    classPath.append(File.pathSeparator).append(entry);
                }
            }
            classPath.append(File.pathSeparator).append(root.resolve("spark/target/classes"));
        }
        for (final String entry : classPath(command)) {
            classPath.append(File.pathSeparator).append(root.resolve(entry));
        }
        line.addAll(List.of("-cp", classPath.toString(), DocCommandsRunner.class.getName()));
        return line;
    }

    /** Runs {@code commands} with {@code --dry-run} in one JVM started with {@code jvm} in {@code root}. */
    private static List<Outcome> runAll(final Path root, final List<String> jvm, final List<DocCommands.Command> commands)
        throws IOException, InterruptedException {
        final ProcessBuilder builder = new ProcessBuilder(jvm).directory(root.toFile());
        builder.environment().remove("CI");
        final Process process = builder.redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream in = process.getOutputStream()) {
            for (final DocCommands.Command command : commands) {
                final List<String> words = new ArrayList<>(arguments(command));
                words.add("--dry-run");
                in.write((String.join("\t", words) + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        final String report = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(15, TimeUnit.MINUTES), "the dry runs finish");
        final List<Outcome> outcomes = new ArrayList<>();
        final String mark = DocCommandsRunner.MARK;
        for (final String record : report.split(mark + "end\n")) {
            if (record.isBlank()) {
                continue;
            }
            final int headerEnd = record.indexOf('\n');
            final String[] header = record.substring(mark.length(), headerEnd).split(" ");
            final int errAt = record.indexOf(mark + "err\n");
            outcomes.add(new Outcome(Integer.parseInt(header[1]), Long.parseLong(header[3]),
                record.substring(headerEnd + 1, errAt), record.substring(errAt + mark.length() + 4)));
        }
        assertEquals(commands.size(), outcomes.size(), "one record per command: " + report);
        return outcomes;
    }

    /** The words {@code bin/stowage} hands the CLI: the Spark launcher adds --engine spark to sweep and reproduce. */
    private static List<String> arguments(final DocCommands.Command command) {
        final List<String> words = new ArrayList<>(command.arguments());
        if (command.launcher().equals("bin/stowage-spark") && !words.isEmpty()
            && (words.get(0).equals("sweep") || words.get(0).equals("reproduce"))
            && words.stream().noneMatch(word -> word.equals("--engine") || word.startsWith("--engine="))) {
            words.addAll(1, List.of("--engine", EngineOptions.SPARK));
        }
        return words;
    }

    /** Every file of the repository outside build output and .git, relative to {@code root}. */
    private static TreeSet<String> files(final Path root) throws IOException {
        final TreeSet<String> files = new TreeSet<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(Files::isRegularFile).map(root::relativize).map(Path::toString)
                .filter(path -> !path.startsWith(".git") && !path.contains("target/") && !path.startsWith("target"))
                .forEach(files::add);
        }
        return files;
    }
}
