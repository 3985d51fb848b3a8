package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.sweep.KernelWatchdog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Issue 39: a user's kernel can neither hang nor crash a command. {@link HostileFamily}'s kernel misbehaves in
 * every way the issue lists (at set-up: a factory that returns null or throws, an attach that throws an
 * exception or an error; while running: exceptions and errors, a stack overflow, a placement that does not
 * fit, a double start, a lost job, a cast to the engine's table, a tick or decisions forever at one instant,
 * escape characters in its name; and a decide that never returns), each through {@code run}, {@code sweep}
 * and {@code reproduce --add-scheduler}, at a decision and on a cluster drawn from the seed
 * ({@code -Dstowage.seed=N} reruns one draw). For every case: one line on standard error that names the
 * kernel, its family and where it came from, and says what was kept; exit 2 with nothing written for a
 * set-up failure, 1 for one while running; no stack trace; no escape character on the terminal; nothing
 * half-written (no temporary file left, every file that is there parses).
 */
class UserKernelFuzzTest {
    private static final long SEED = Long.getLong("stowage.seed", 39);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private final CliSession cli = CliSession.withThisHeap();

    @TestFactory
    Stream<DynamicTest> everyMisbehaviourThroughEveryCommand() {
        final SplittableRandom random = new SplittableRandom(SEED);
        final List<DynamicTest> tests = new ArrayList<>();
        for (final HostileFamily.Does does : HostileFamily.Does.values()) {
            if (does.phase == HostileFamily.Phase.HANG) {
                continue;
            }
            for (final String command : List.of("run", "sweep", "reproduce")) {
                if (does == HostileFamily.Does.NOTHING && command.equals("reproduce")) {
                    continue; // a whole figure; ReproduceCommandTest runs one with a kernel added
                }
                final int at = 1 + random.nextInt(4);
                final int servers = 1 + random.nextInt(6);
                final boolean continuous = random.nextBoolean();
                final String kernel = HostileFamily.NAME + ":does=" + does.text() + ",at=" + at;
                tests.add(DynamicTest.dynamicTest(command + " " + kernel + " (seed " + SEED + ")",
                    () -> check(does, command, kernel, servers, continuous)));
            }
        }
        return tests.stream();
    }

    private void check(final HostileFamily.Does does, final String command, final String kernel, final int servers,
                       final boolean continuous) throws IOException {
        final Path out = temp.resolve(command + "-" + does.text());
        final List<String> args = switch (command) {
            case "run" -> new ArrayList<>(List.of("run", "--scheduler", "BF-J," + kernel, "--servers",
                Integer.toString(servers), "--horizon", "5000", "--out", out.toString()));
            case "sweep" -> new ArrayList<>(List.of("sweep", "--scheduler", "BF-J," + kernel, "--servers",
                Integer.toString(servers), "--vary", "intensity=0.5,0.8", "--horizon", "5000", "--threads", "1",
                "--out", out.toString()));
            default -> new ArrayList<>(List.of("reproduce", "fig4b", "--quick", "--threads", "1", "--add-scheduler",
                kernel, "--out", out.toString()));
        };
        if (continuous && !command.equals("reproduce")) {
            args.addAll(List.of("--time-mode", "continuous", "--service", "exponential:10"));
        }
        final int code = cli.run(args.toArray(new String[0]));
        final String context = "seed " + SEED + ": " + String.join(" ", args) + "\n" + cli.transcript();
        final String err = cli.err();
        assertFalse(err.contains("\tat ") || err.contains("Exception in thread") || err.contains("Caused by"),
            "no stack trace; " + context);
        assertTrue(err.chars().allMatch(c -> c == '\n' || c >= 0x20 && c != 0x7F), "no control character; " + context);
        noHalfWrittenFile(out, context);
        switch (does.phase) {
            case NEVER -> assertEquals(0, code, context);
            case SET_UP -> {
                assertEquals(2, code, context);
                assertEquals(1, err.lines().count(), context);
                assertTrue(err.startsWith("stowage " + command + ": invalid value for "
                    + (command.equals("reproduce") ? "--add-scheduler" : "--scheduler") + ": '" + kernel + "' (kernel"
                    + " family 'test-hostile' (" + HostileFamily.class.getName() + " in "), context);
                assertTrue(err.contains(" failed to set up "), context);
                assertFalse(Files.exists(out), "nothing written before a refusal; " + context);
                assertEquals("", cli.out(), context);
            }
            default -> {
                assertEquals(1, code, context);
                assertEquals(1, err.lines().count(), context);
                assertTrue(err.startsWith("stowage " + command + ": scheduler " + kernel + " (kernel family"
                    + " 'test-hostile' (" + HostileFamily.class.getName() + " in "), context);
                final String kept;
                if (command.equals("run")) {
                    kept = "; 1 of 2 schedulers had finished; the results of BF-J are in " + out
                        + " (summary.json says \"complete\": false)";
                } else {
                    kept = command.equals("sweep") ? " runs are on disk in " : " runs of fig4b are on disk in ";
                }
                assertTrue(err.contains(kept), context);
                whatItDid(does, err, context);
            }
        }
    }

    /** The words the line uses for what the kernel did. */
    private static void whatItDid(final HostileFamily.Does does, final String err, final String context) {
        final String expected = switch (does) {
            case DECIDE_THROWS -> " failed in decide at time ";
            case DECIDE_REFUSES, ESCAPES -> "IllegalArgumentException: no such server: -1 (at " + HostileFamily.class.getName();
            case DECIDE_ERROR -> "LinkageError: com.acme.Helper changed under";
            case RECURSE -> "StackOverflowError (at " + HostileFamily.class.getName();
            case OVERFILL -> " of resource 0 left for a request of ";
            case DOUBLE_START -> ", but it is already running on server ";
            case LOSE_JOB -> " job(s) neither queued nor running after the decision at ";
            case CAST -> "ClassCastException";
            case TICK_FOREVER -> " ticks at time ";
            case DECIDE_FOREVER -> " decisions at time ";
            default -> "";
        };
        assertTrue(err.contains(expected), "'" + expected + "' in " + context);
    }

    /** No temporary or partial file anywhere under {@code out}; every JSON file parses and every CSV has a header. */
    private static void noHalfWrittenFile(final Path out, final String context) throws IOException {
        if (!Files.exists(out)) {
            return;
        }
        final List<Path> written;
        try (Stream<Path> files = Files.walk(out)) {
            written = files.filter(Files::isRegularFile).toList();
        }
        for (final Path file : written) {
            final String name = file.getFileName().toString();
            assertFalse(name.endsWith(".tmp") || name.endsWith(".part"), file + " half-written; " + context);
            if (name.endsWith(".json")) {
                final JsonNode node = JSON.readTree(file.toFile());
                assertTrue(node != null && !node.isMissingNode(), file + " parses; " + context);
            } else if (name.endsWith(".csv")) {
                assertFalse(Files.readAllLines(file).isEmpty(), file + " has a header; " + context);
            }
        }
    }

    /**
     * A decide that never returns: the watchdog stops the command after {@link KernelWatchdog#LIMIT_VARIABLE}
     * seconds, in one line naming the kernel, where it is stuck and what was kept, exit 1. The command runs in
     * a child JVM: the watchdog ends the process, as it must for a thread it cannot stop.
     */
    @Test
    void aKernelThatNeverReturnsIsStoppedInOneLineSayingWhatWasKept() throws IOException, InterruptedException {
        final String kernel = HostileFamily.NAME + ":does=hang,at=3";
        for (final List<String> args : List.of(
                List.of("run", "--scheduler", "BF-J," + kernel, "--horizon", "300", "--out", temp.resolve("run").toString()),
                List.of("sweep", "--scheduler", kernel, "--vary", "intensity=0.5,0.8", "--horizon", "300", "--threads",
                    "1", "--out", temp.resolve("sweep").toString()),
                List.of("reproduce", "fig4b", "--quick", "--threads", "1", "--add-scheduler", kernel, "--out",
                    temp.resolve("reproduce").toString()))) {
            final List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), StowageCli.class.getName()));
            command.addAll(args);
            final ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            builder.environment().put(KernelWatchdog.LIMIT_VARIABLE, "2");
            builder.environment().put("CI", "true");
            final Process process = builder.start();
            final boolean ended = process.waitFor(300, TimeUnit.SECONDS);
            if (!ended) {
                process.destroyForcibly();
            }
            final String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(ended, "stopped, not hung: " + args + "\n" + err);
            assertEquals(1, process.exitValue(), args + "\n" + err);
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.startsWith("stowage " + args.get(0) + ": scheduler " + kernel + " (kernel family"
                + " 'test-hostile' (" + HostileFamily.class.getName() + " in "), err);
            assertTrue(err.contains(" has not returned from its kernel for 2 s at time "), err);
            assertTrue(err.contains(", in " + HostileFamily.class.getName() + "$Hostile.misbehave("), err);
            assertTrue(err.contains("; stopped (" + KernelWatchdog.LIMIT_VARIABLE + " sets the limit in seconds); "), err);
            assertTrue(err.contains(args.get(0).equals("run") ? "1 of 2 schedulers had finished; the results of BF-J are"
                + " in " : " are on disk in "), err);
            noHalfWrittenFile(temp.resolve(args.get(0)), err);
        }
    }
}
