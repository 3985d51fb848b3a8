package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * A kernel through the harness paired with its own twin ({@code bench/kernel}), and a user's kernel from its
 * jar through it and through {@code bench/profile}: the example kernel's jar (core/example), run for real,
 * briefly.
 */
class KernelBenchTest {
    private static final Path EXAMPLE_JAR = Path.of(System.getProperty("stowage.example.jar", "missing.jar"));

    @Test
    void aKernelIsPairedWithItsOwnTwinWithDefaultsForAFirstLook() throws CommandLineOptionException {
        final KernelBench.Plan plan = KernelBench.plan(List.of("VQS:J=7"));
        assertEquals("VQS-naive:J=7", plan.twin());
        final CommandLineOptions options = new CommandLineOptions(plan.jmhArguments().toArray(new String[0]));
        final Pattern include = Pattern.compile(options.getIncludes().get(0));
        for (final String benchmark : List.of("SlotDecisionBenchmark", "NaiveSlotDecisionBenchmark", "EndToEndBenchmark")) {
            assertTrue(include.matcher("org.stowage.bench." + benchmark + ".slot").find(), benchmark);
        }
        assertTrue(!include.matcher("org.stowage.bench.MultiResourceKernelBenchmark.instant").find());
        assertEquals(List.of("VQS:J=7"), List.copyOf(options.getParameter("kernel").get()));
        assertEquals(List.of("1000"), List.copyOf(options.getParameter("servers").get()));
        assertEquals(List.of("10000"), List.copyOf(options.getParameter("queued").get()));
        assertEquals(1, options.getForkCount().get());
        assertEquals("gc", options.getProfilers().get(0).getKlass());
        assertEquals("VQS-naive:J=7", BenchmarkKernels.twinToRun("VQS:J=7"), "what the naive benchmark runs");
        assertEquals("BF-J-naive", BenchmarkKernels.twinToRun("BF-J-naive"), "a twin's own name runs it");
    }

    @Test
    void theUsersOptionsReplaceTheDefaults() throws CommandLineOptionException {
        final KernelBench.Plan plan = KernelBench.plan(List.of("--dry-run", "BF-J/S", "-p", "servers=10000", "-f", "3",
            "-prof", "gc", "-wi", "1"));
        final CommandLineOptions options = new CommandLineOptions(plan.jmhArguments().toArray(new String[0]));
        assertTrue(plan.dryRun());
        assertEquals(List.of("10000"), List.copyOf(options.getParameter("servers").get()));
        assertEquals(3, options.getForkCount().get());
        assertEquals(1, options.getProfilers().size());
        assertEquals(1, options.getWarmupIterations().get());
    }

    @Test
    void whatTheSlotBenchmarksCannotRunIsRefusedInOneLine() {
        assertTrue(refusal("NO-SUCH").startsWith("unknown scheduler 'NO-SUCH'; known: "), refusal("NO-SUCH"));
        assertEquals("BF-J-naive is a naive twin; name its kernel, BF-J, and its twin runs beside it",
            refusal("BF-J-naive"));
        assertTrue(refusal("RMS").startsWith("RMS cannot run in the slot benchmarks' setting"), refusal("RMS"));
        assertEquals("invalid value for parameter J of VQS: '1' (an integer in [2, 30])", refusal("VQS:J=1"));
        assertTrue(refusal("-f").startsWith("no kernel named; usage: bench/kernel"));
        assertNull(KernelBench.plan(List.of("VQS-BF")).twin(), "VQS-BF-naive is too slow to time a slot");
    }

    @Test
    void aUsersKernelFromItsJarRunsThroughTheHarnessAndTheProfiler() throws IOException, InterruptedException {
        // the jar after package; its class folder when the reactor stops at test (--jar takes either)
        assertTrue(Files.exists(EXAMPLE_JAR), "the example kernel's jar: " + EXAMPLE_JAR);
        final Run timed = run("kernel", "--jar", EXAMPLE_JAR.toString(), "FIFO-WF", "-wi", "0", "-i", "1", "-r", "200ms");
        assertEquals(0, timed.exit, timed.output);
        assertTrue(timed.output.contains("\nFIFO-WF and its twin FIFO-WF-naive, per slot (JMH, mean +- 99.9% error):\n"),
            timed.output);
        assertTrue(Pattern.compile("\n  servers=1000 queued=10000 departures=100 +[0-9.]+ \\+- [0-9.NaN]+ +[0-9.]+ \\+- "
            + "[0-9.NaN]+ +[0-9.]+x \\d+, \\d+\n").matcher(timed.output).find(), timed.output);
        assertTrue(Pattern.compile("\nend to end, 1000 servers at intensity 0.95: [0-9,]+ \\+- [0-9,NaN]+ jobs/s, \\d+"
            + " B/slot\n").matcher(timed.output).find(), timed.output);

        final Run profiled = run("profile", "--jar", EXAMPLE_JAR.toString(), "--interval", "1000000",
            "SlotDecisionBenchmark", "-p", "kernel=FIFO-WF", "-p", "servers=1000", "-p", "queued=10000", "-wi", "0",
            "-i", "1", "-r", "500ms");
        assertEquals(0, profiled.exit, profiled.output);
        assertTrue(Pattern.compile("profile: wrote \\S+kernel-FIFO-WF\\S+/flame-c\\w+-forward\\.html")
            .matcher(profiled.output).find(), profiled.output);

        final Run missing = run("kernel", "--jar", "target/no-such-kernel.jar", "FIFO-WF");
        assertEquals(2, missing.exit, missing.output);
        assertEquals("kernel: --jar target/no-such-kernel.jar does not exist\n", missing.output);
    }

    private static String refusal(final String... args) {
        return assertThrows(IllegalArgumentException.class, () -> KernelBench.plan(List.of(args))).getMessage();
    }

    private record Run(int exit, String output) {
    }

    /** {@code bench/SCRIPT ARGS}, with the test class path standing in for bench/target/benchmarks.jar. */
    private static Run run(final String script, final String... arguments) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of("bash", Path.of(script).toAbsolutePath().toString()));
        command.addAll(List.of(arguments));
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("STOWAGE_BENCH_CLASSPATH", System.getProperty("java.class.path"));
        // these runs measure nothing: another build's JMH run on the machine must not make them fail on its lock
        builder.environment().put("JAVA_OPTS", "-Djmh.ignoreLock=true");
        final Process process = builder.start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(300, TimeUnit.SECONDS), "bench/" + script + " finished");
        return new Run(process.exitValue(), output);
    }
}
