package org.stowage.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.ProfilerConfig;

/**
 * {@code bench/profile} hands JMH the arguments it means to (checked by JMH's own parser), picks the event
 * the machine allows, and finds its native library; no profile is taken.
 */
class ProfileTest {
    private static final Profile.Machine LINUX = new Profile.Machine("linux-x64", 2, false);

    private static CommandLineOptions jmh(final Profile.Plan plan) throws CommandLineOptionException {
        return new CommandLineOptions(plan.jmhArguments().toArray(new String[0]));
    }

    private static List<String> args(final Path directory, final String... rest) {
        final List<String> all = new ArrayList<>(List.of("--profiles", directory.resolve("profiles").toString(),
            "--lib-dir", directory.resolve("lib").toString(), "--dry-run"));
        all.addAll(List.of(rest));
        return all;
    }

    @Test
    void theDocumentedCommandBecomesOneForkWithTheAsyncProfilerWritingFlameGraphs(@TempDir final Path directory)
        throws CommandLineOptionException {
        final Profile.Plan plan = Profile.plan(args(directory, "SlotDecisionBenchmark", "-p", "kernel=BF-J/S", "-p",
            "servers=10000"), LINUX);
        final CommandLineOptions options = jmh(plan);
        assertEquals(List.of("(^|\\.)SlotDecisionBenchmark\\."), options.getIncludes());
        assertEquals(1, options.getForkCount().get());
        assertEquals(List.of("BF-J/S"), List.copyOf(options.getParameter("kernel").get()));
        assertEquals(List.of("10000"), List.copyOf(options.getParameter("servers").get()));
        assertEquals(1, options.getProfilers().size());
        final ProfilerConfig profiler = options.getProfilers().get(0);
        assertEquals("async", profiler.getKlass());
        final Path library = directory.resolve("lib").resolve("linux-x64").resolve("libasyncProfiler.so").toAbsolutePath();
        assertEquals("libPath=" + library + ";event=cpu;output=flamegraph,text;dir="
            + directory.resolve("profiles").toAbsolutePath(), profiler.getOpts());
        assertEquals("cpu", plan.event());
        assertTrue(plan.notes().isEmpty(), plan.notes().toString());
        assertFalse(Files.exists(library), "a dry run extracts nothing");
    }

    @Test
    void jmhsAsyncProfilerAcceptsTheOptionsAndFindsTheExtractedLibrary(@TempDir final Path directory)
        throws CommandLineOptionException, ReflectiveOperationException {
        final Profile.Machine machine = Profile.Machine.current();
        assumeTrue(machine.platform() != null, "async-profiler ships no library for this platform");
        for (final String event : List.of("cpu", "alloc", "ctimer")) {
            final List<String> arguments = new ArrayList<>(args(directory, "--event", event, "--interval", "1000000",
                "SlotDecisionBenchmark"));
            arguments.remove("--dry-run");
            final Profile.Plan plan = Profile.plan(arguments, machine);
            assertTrue(Files.isRegularFile(plan.library()), plan.library() + " extracted");
            final ProfilerConfig async = jmh(plan).getProfilers().get(0);
            // JMH's own option parser (the constructor of the profiler it would run) takes the string
            Class.forName("org.openjdk.jmh.profile.AsyncProfiler").getConstructor(String.class)
                .newInstance(async.getOpts());
        }
    }

    @Test
    void aBareClassNameSelectsThatClassAlone() {
        final Pattern slot = Pattern.compile(Profile.selector("SlotDecisionBenchmark"));
        assertTrue(slot.matcher("org.stowage.bench.SlotDecisionBenchmark.slot").find());
        assertFalse(slot.matcher("org.stowage.bench.NaiveSlotDecisionBenchmark.slot").find());
        final Pattern method = Pattern.compile(Profile.selector("ServerIndexBenchmark.bestFitQueryAndUpdate"));
        assertTrue(method.matcher("org.stowage.bench.ServerIndexBenchmark.bestFitQueryAndUpdate").find());
        assertFalse(method.matcher("org.stowage.bench.ServerIndexBenchmark.naiveBestFitQueryAndUpdate").find());
        assertEquals("bench.Slot.*", Profile.selector("bench.Slot.*"), "a regular expression passes unchanged");
    }

    @Test
    void allocationProfilingAndTheUsersOwnForksAndProfilersPassThrough(@TempDir final Path directory)
        throws CommandLineOptionException {
        final Profile.Plan plan = Profile.plan(args(directory, "--event", "alloc", "--interval", "524288",
            "EndToEndBenchmark", "-f", "2", "-prof", "gc", "-wi", "1"), LINUX);
        final CommandLineOptions options = jmh(plan);
        assertEquals(2, options.getForkCount().get());
        assertEquals(List.of("gc", "async"), options.getProfilers().stream().map(ProfilerConfig::getKlass).toList());
        assertTrue(options.getProfilers().get(1).getOpts().contains(";event=alloc;interval=524288;output="),
            options.getProfilers().toString());
        assertEquals(1, options.getWarmupIterations().get());
    }

    @Test
    void cpuSamplingFallsBackToCtimerWhenPerfEventsAreOff(@TempDir final Path directory) {
        for (final Integer paranoid : new Integer[] {3, 4, null}) {
            final Profile.Plan plan = Profile.plan(args(directory, "EndToEndBenchmark"),
                new Profile.Machine("linux-x64", paranoid, false));
            assertEquals("ctimer", plan.event(), "paranoid " + paranoid);
            assertEquals(1, plan.notes().size());
            assertTrue(plan.notes().get(0).startsWith("perf_event_paranoid is " + (paranoid == null ? "unreadable"
                : paranoid.toString())), plan.notes().get(0));
            assertTrue(plan.jmhArguments().get(plan.jmhArguments().size() - 1).contains(";event=ctimer;"));
        }
        for (final Profile.Machine machine : List.of(new Profile.Machine("linux-x64", 1, false),
            new Profile.Machine("linux-x64", 2, false), new Profile.Machine("linux-arm64", 4, true),
            new Profile.Machine("macos", null, false))) {
            assertEquals("cpu", Profile.plan(args(directory, "EndToEndBenchmark"), machine).event(), machine.toString());
        }
        assertEquals("alloc", Profile.plan(args(directory, "--event", "alloc", "EndToEndBenchmark"),
            new Profile.Machine("linux-x64", 4, false)).event(), "only cpu needs perf events");
    }

    @Test
    void badArgumentsAreOneLineNamingTheOptionAndValue(@TempDir final Path directory) {
        assertEquals("--event cycles is not one of alloc, cpu, ctimer, itimer, lock, wall",
            assertThrows(Profile.UsageException.class,
                () -> Profile.plan(args(directory, "--event", "cycles", "EndToEndBenchmark"), LINUX)).getMessage());
        assertTrue(assertThrows(Profile.UsageException.class, () -> Profile.plan(args(directory), LINUX))
            .getMessage().startsWith("no benchmark named; usage: bench/profile"));
        assertEquals("--interval 1ms is not a positive number of nanoseconds (or, for alloc, bytes)",
            assertThrows(Profile.UsageException.class,
                () -> Profile.plan(args(directory, "--interval", "1ms", "X"), LINUX)).getMessage());
        assertTrue(assertThrows(Profile.UsageException.class,
            () -> Profile.plan(args(directory, "--frobnicate", "1", "X"), LINUX)).getMessage()
            .startsWith("unknown option --frobnicate; usage"));
        assertTrue(assertThrows(Profile.UsageException.class,
            () -> Profile.plan(args(directory, "--lib", directory.resolve("missing.so").toString(), "X"), LINUX))
            .getMessage().endsWith("missing.so: no such file"));
        assertTrue(assertThrows(Profile.UsageException.class,
            () -> Profile.plan(args(directory, "-f", "1", "X"), LINUX)).getMessage()
            .startsWith("the benchmark must come before the JMH options, not -f"));
        assertTrue(assertThrows(Profile.UsageException.class,
            () -> Profile.plan(args(directory, "X"), new Profile.Machine(null, 2, false))).getMessage()
            .contains("pass --lib PATH"));
    }

    @Test
    void platformsMapToTheJarsDirectories() {
        assertEquals("linux-x64", Profile.platform("Linux", "amd64"));
        assertEquals("linux-arm64", Profile.platform("Linux", "aarch64"));
        assertEquals("macos", Profile.platform("Mac OS X", "aarch64"));
        assertNull(Profile.platform("Windows 11", "amd64"));
        assertNull(Profile.platform("Linux", "riscv64"));
    }

    @Test
    void theNativeLibraryIsExtractedFromTheJarOnceAndReplacedWhenItDiffers(@TempDir final Path directory)
        throws IOException {
        final Path library = directory.resolve("linux-x64").resolve("libasyncProfiler.so");
        Profile.extract("linux-x64/libasyncProfiler.so", library);
        final byte[] expected;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("linux-x64/libasyncProfiler.so")) {
            expected = in.readAllBytes();
        }
        assertTrue(expected.length > 100_000, "async-profiler's jar is on the class path");
        assertArrayEquals(expected, Files.readAllBytes(library));
        final FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(library, old);
        Profile.extract("linux-x64/libasyncProfiler.so", library);
        assertEquals(old, Files.getLastModifiedTime(library), "the same bytes are not written again");
        Files.write(library, new byte[] {1, 2, 3});
        Profile.extract("linux-x64/libasyncProfiler.so", library);
        assertArrayEquals(expected, Files.readAllBytes(library));
        assertEquals(List.of("libasyncProfiler.so"), Files.list(library.getParent()).map(p -> p.getFileName().toString())
            .toList(), "no temporary file left behind");
    }

    @Test
    void theScriptPassesItsDirectoriesAndTheUsersArguments() throws IOException, InterruptedException {
        final Path script = Path.of("profile").toAbsolutePath();
        assertTrue(Files.isExecutable(script), script + " is executable");
        final Path bench = script.getParent();
        final Run ok = run(script, "--dry-run", "SlotDecisionBenchmark", "-p", "kernel=BF-J/S", "-p", "servers=1000");
        assertEquals(0, ok.exit, ok.output);
        assertTrue(ok.output.contains("'(^|\\.)SlotDecisionBenchmark\\.' -p kernel=BF-J/S -p servers=1000 -f 1 -prof"
            + " 'async:libPath=" + bench.resolve("target/async-profiler").resolve(Profile.platform(
            System.getProperty("os.name"), System.getProperty("os.arch"))).resolve("libasyncProfiler.so")),
            ok.output);
        assertTrue(ok.output.contains(";output=flamegraph,text;dir=" + bench.resolve("target/profiles") + "'"), ok.output);
        final Run bad = run(script, "--event", "cycles", "SlotDecisionBenchmark");
        assertEquals(2, bad.exit, bad.output);
        assertEquals("profile: --event cycles is not one of alloc, cpu, ctimer, itimer, lock, wall\n", bad.output);
    }

    private record Run(int exit, String output) {
    }

    private static Run run(final Path script, final String... arguments) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of("bash", script.toString()));
        command.addAll(List.of(arguments));
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // the test class path stands in for bench/target/benchmarks.jar, which is built after the tests
        builder.environment().put("STOWAGE_BENCH_CLASSPATH", System.getProperty("java.class.path"));
        final Process process = builder.start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "bench/profile finished");
        return new Run(process.exitValue(), output);
    }
}
