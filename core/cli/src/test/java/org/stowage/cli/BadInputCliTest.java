package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.cli.plan.MemoryCheck;
import org.stowage.cli.plan.TraceWorkloadPlan;
import org.stowage.cli.plan.WorkloadPlan;
import org.stowage.core.experiment.MemoryEstimate;
import org.stowage.sweep.PlannedRuns;

import picocli.CommandLine;

/**
 * The 23 inputs that used to crash, hang or mislead (issue 11, "Bad input that still crashes, hangs or
 * misleads"), and a few more found around them: each is now one line naming the flag (or file) and the
 * value, exit code 2, before any simulation runs, or (for a batch cut short, a damaged unit file, a BOM)
 * the right result.
 */
class BadInputCliTest {
    /** The heap the memory cases are judged against, as under {@code -Xmx1g}. */
    private static final long ONE_GIB = 1L << 30;

    private final CliSession cli = CliSession.withHeap(ONE_GIB);

    @TempDir
    Path temp;

    private int run(final String... args) {
        return assertTimeoutPreemptively(Duration.ofSeconds(60),
            () -> cli.run(args),
            String.join(" ", args));
    }

    private void assertOneLineError(final String expected, final String... args) {
        assertEquals(2, run(args), String.join(" ", args) + ": " + cli.transcript());
        assertEquals(expected + System.lineSeparator(), cli.err());
        assertEquals("", cli.out(), "nothing ran: " + String.join(" ", args));
    }

    private void assertOneLineErrorStartingWith(final String prefix, final String... args) {
        assertEquals(2, run(args), String.join(" ", args) + ": " + cli.transcript());
        assertTrue(cli.err().startsWith(prefix), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertEquals("", cli.out(), "nothing ran: " + String.join(" ", args));
    }

    // ---- 1, 2: means that hung the Poisson sampler ----

    @Test
    void case01HugeLambdaIsRefused() {
        assertOneLineError("stowage run: invalid value for --lambda: 1.0E300 (must be in (0, 2^30 = 1073741824] arrivals"
            + " per slot)", "run", "--lambda", "1e300");
    }

    @Test
    void case02TinySizesThatMakeAHugeRateAreRefusedNamingSizes() {
        assertOneLineError("stowage run: invalid value for --sizes: 'discrete:1e-300@1': --intensity 0.95 asks for"
            + " 4.75E298 arrivals per slot with these sizes (mean 1.0E-300), more than the 2^30 = 1073741824 the"
            + " simulator draws; give --lambda instead", "run", "--sizes", "discrete:1e-300@1");
    }

    // ---- 3 to 7: runs that died of OutOfMemoryError ----

    @Test
    void case03MaxIntServersAreRefused() {
        assertOneLineError("stowage run: invalid value for --servers: '2147483647': 2147483647 servers, more than the"
            + " 134217728 a cluster with 1 resource(s) can hold (they would also need at least 170.0 GiB of heap)",
            "run", "--servers", "2147483647");
    }

    @Test
    void case04TwoHundredMillionServersAreRefused() {
        assertOneLineError("stowage run: invalid value for --servers: '200000000': 200000000 servers, more than the"
            + " 134217728 a cluster with 1 resource(s) can hold (they would also need at least 15.8 GiB of heap)",
            "run", "--servers", "200000000");
        // within the table's limit, the heap decides
        assertOneLineError("stowage run: invalid value for --servers: '100000000': needs at least 7.9 GiB of heap:"
            + " 100000000 servers x 85 B; this JVM may use 1.0 GiB; rerun with -Xmx17g (java -Xmx17g -jar stowage.jar,"
            + " or JAVA_OPTS=-Xmx17g bin/stowage)", "run", "--servers", "100000000");
    }

    @Test
    void case05ABatchBeyondTheJobTableIsRefused() {
        assertOneLineError("stowage run: invalid value for --arrivals: 'batch:3000000000': about 3000000000 jobs at once"
            + " (the whole batch arrives at time 0), more than the 536870907 a job table can hold",
            "run", "--arrivals", "batch:3000000000");
    }

    @Test
    void case06ARateWhoseFirstSlotCannotFitIsRefused() {
        assertOneLineError("stowage run: invalid value for --lambda: 3.0E9 (must be in (0, 2^30 = 1073741824] arrivals"
            + " per slot)", "run", "--lambda", "3e9", "--horizon", "1", "--servers", "1");
        assertOneLineError("stowage run: invalid value for --lambda: 3.0E8: needs at least 11.2 GiB of heap: 300000000"
            + " jobs at once x 40 B (3.000e+08 arrivals per slot x 1.000 slots of service within the horizon, the least"
            + " a run holds) and 1 servers x 85 B; this JVM may use 1.0 GiB; rerun with -Xmx23g (java -Xmx23g -jar"
            + " stowage.jar, or JAVA_OPTS=-Xmx23g bin/stowage)", "run", "--lambda", "3e8", "--horizon", "1",
            "--servers", "1");
    }

    @Test
    void case07AHundredMillionJobBatchIsRefusedUnderOneGibibyte() {
        assertOneLineError("stowage run: invalid value for --arrivals: 'batch:100000000': needs at least 3.7 GiB of heap:"
            + " 100000000 jobs at once x 40 B (the whole batch arrives at time 0) and 5 servers x 85 B; this JVM may use"
            + " 1.0 GiB; rerun with -Xmx8g (java -Xmx8g -jar stowage.jar, or JAVA_OPTS=-Xmx8g bin/stowage)",
            "run", "--arrivals", "batch:100000000");
    }

    /** Legitimate runs are never refused: the README's commands, and a 10^7-job batch, fit -Xmx1g by the estimate. */
    @Test
    void theReadmeCommandsAndATenMillionJobBatchPassTheMemoryCheckUnderOneGibibyte() {
        final List<List<String>> commands = List.of(
            List.of(),
            List.of("--scheduler", "BF-J/S,VQS-BF:J=7,FIFO-FF", "--sizes", "uniform:0.01,0.19", "--intensity", "0.9"),
            List.of("--servers", "1", "--sizes", "discrete:0.4@1,0.6@1", "--lambda", "0.014", "--scheduler", "VQS,BF-J/S"),
            List.of("--servers", "1x10", "--sizes", "discrete:2@2,5@1", "--service", "deterministic:100", "--lambda",
                "0.0306", "--scheduler", "BF-J/S,VQS-BF,VQS-BF:stall=0.5"),
            List.of("--servers", "4x1.0/1.0,4x0.5/2.0", "--sizes", "uniform:0.1/0.1,0.5/0.4", "--scheduler",
                "BF-J,FIFO-FF"),
            List.of("--time-mode", "continuous", "--service", "exponential:1", "--servers", "20", "--intensity", "0.85"),
            List.of("--arrivals", "batch:5000", "--sizes", "truncnormal:0.5:0.2@1,0.05@2", "--scheduler", "BF-J,FIFO-FF"),
            List.of("--servers", "10000", "--intensity", "0.95", "--horizon", "4000000"),
            List.of("--arrivals", "batch:10000000", "--scheduler", "BF-J"));
        for (final List<String> command : commands) {
            final CommandLine commandLine = StowageCli.commandLine(new StowageCli(ONE_GIB), null);
            final String[] args = Stream.concat(Stream.of("run"), command.stream()).toArray(String[]::new);
            final RunCommand runCommand = (RunCommand) commandLine.parseArgs(args).subcommand().commandSpec().userObject();
            final WorkloadPlan plan = WorkloadPlan.of(runCommand.workload.settings(),
                new WorkloadPlan.Context(ONE_GIB, List.of("BF-J"), new TraceWorkloadPlan.Cache(), new PlannedRuns()));
            MemoryCheck.require(plan.memory(), 1, ONE_GIB, null);
            assertTrue(plan.memory().bytes() < ONE_GIB / 2, String.join(" ", args) + ": " + plan.memory().bytes());
        }
        assertEquals(MemoryEstimate.bytes(5, 1, 10_000_000), 10_000_000L * 40 + 5 * 85);
    }

    /** A sweep runs on several threads at once: its check counts every concurrent run. */
    @Test
    void aSweepCountsItsConcurrentRuns() {
        assertOneLineError("stowage sweep: invalid value for --arrivals: 'batch:10000000': needs at least 1.5 GiB of"
            + " heap: 10000000 jobs at once x 40 B (the whole batch arrives at time 0) and 5 servers x 85 B, 4 runs at"
            + " once; this JVM may use 1.0 GiB; rerun with -Xmx4g (java -Xmx4g -jar stowage.jar, or JAVA_OPTS=-Xmx4g"
            + " bin/stowage) or with fewer --threads", "sweep", "--arrivals", "batch:10000000", "--vary",
            "service=geometric:100,geometric:50", "--threads", "4", "--replications", "2", "--out", temp.resolve("s").toString());
    }

    // ---- 8 to 10: one rule for the horizon ----

    @Test
    void case08And09AnInfiniteHorizonBlamesTheHorizon() {
        final String expected = "stowage run: invalid value for --horizon: Infinity (must be in (0, 2^53 ="
            + " 9007199254740992]: times beyond 2^53 are not exact)";
        assertOneLineError(expected, "run", "--horizon", "1e400");
        assertOneLineError(expected, "run", "--horizon", "Infinity");
    }

    @Test
    void case10HorizonsBeyondTwoToTheFiftyThreeAreRefusedOnEveryPath() throws IOException {
        final String expected = "stowage run: invalid value for --horizon: 1.0E17 (must be in (0, 2^53 ="
            + " 9007199254740992]: times beyond 2^53 are not exact)";
        assertOneLineError(expected, "run", "--horizon", "1e17");
        final Path trace = temp.resolve("t.swf.txt");
        Files.writeString(trace, "; MaxProcs: 4\n1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n");
        assertOneLineError(expected, "run", "--trace", "swf:" + trace, "--horizon", "1e17");
        assertOneLineError("stowage sweep: invalid value for --horizon: 1.0E17 (must be in (0, 2^53 = 9007199254740992]:"
            + " times beyond 2^53 are not exact)", "sweep", "--vary", "horizon=1000,1e17", "--out",
            temp.resolve("h").toString());
        assertFalse(Files.exists(temp.resolve("h")), "nothing written");
        assertEquals(0, run("run", "--horizon", "9007199254740992", "--arrivals", "batch:3", "--scheduler", "BF-J"),
            cli.err());
    }

    // ---- 11, 12: empty scheduler names ----

    @Test
    void case11And12EmptySchedulerNamesAreNamed() {
        assertOneLineError("stowage run: invalid value for --scheduler: ',': has an empty scheduler name",
            "run", "--scheduler", ",");
        assertOneLineError("stowage run: invalid value for --scheduler: ',,': has an empty scheduler name",
            "run", "--scheduler", ",,");
        assertOneLineError("stowage run: invalid value for --scheduler: 'BF-J,,FIFO-FF': has an empty scheduler name",
            "run", "--scheduler", "BF-J,,FIFO-FF");
        assertOneLineError("stowage sweep: invalid value for --scheduler: ',': has an empty scheduler name",
            "sweep", "--scheduler", ",", "--vary", "intensity=0.5", "--out", temp.resolve("s").toString());
    }

    // ---- 13, 14: a service law the time mode cannot simulate ----

    @Test
    void case13ExponentialServiceInSlottedTimeIsRefusedUpFront() {
        assertOneLineError("stowage run: invalid value for --service: 'exponential:50': exponential service times are"
            + " not a whole number of slots, which --time-mode slotted needs; use --time-mode continuous, geometric:MEAN"
            + " or deterministic with a whole value", "run", "--service", "exponential:50");
        assertOneLineError("stowage run: invalid value for --service: 'deterministic:2.5': a service of 2.5 slots is"
            + " not a whole number of slots, which --time-mode slotted needs; use --time-mode continuous,"
            + " geometric:MEAN or deterministic with a whole value", "run", "--service", "deterministic:2.5");
    }

    @Test
    void case14ASweepThatFailsUpFrontLeavesNothingBehind() {
        final Path directory = temp.resolve("sweep");
        assertOneLineErrorStartingWith("stowage sweep: invalid value for --service: 'exponential:50': exponential",
            "sweep", "--service", "exponential:50", "--vary", "intensity=0.5", "--out", directory.toString());
        assertFalse(Files.exists(directory), "no manifest.json, no runs/");
        assertOneLineErrorStartingWith("stowage sweep: invalid value for --service: 'exponential:5': exponential",
            "sweep", "--vary", "service=geometric:10,exponential:5", "--out", directory.toString());
        assertFalse(Files.exists(directory), "a bad value anywhere in the grid is found before anything is written");
    }

    // ---- 15: a damaged unit file on resume ----

    @Test
    void case15ATruncatedUnitFileIsNamedAndRunAgain() throws IOException {
        final Path directory = temp.resolve("sweep");
        final String[] sweep = {"sweep", "--vary", "intensity=0.5,0.6", "--horizon", "5000", "--threads", "1",
            "--out", directory.toString()};
        assertEquals(0, run(sweep), cli.err());
        final byte[] complete = Files.readAllBytes(directory.resolve("runs/u-000001.json"));
        final byte[] results = Files.readAllBytes(directory.resolve("results.csv"));
        Files.write(directory.resolve("runs/u-000001.json"), Arrays.copyOf(complete, 100));
        Files.write(directory.resolve("runs/u-000002.json"), new byte[0]);
        Files.delete(directory.resolve("results.csv"));

        assertEquals(0, run(sweep), cli.err());
        final List<String> notes = cli.err().lines().toList();
        assertEquals(List.of(
            "note: " + directory.resolve("runs/u-000001.json") + " is unreadable (Unexpected end-of-input in field name);"
                + " running it again",
            "note: " + directory.resolve("runs/u-000002.json") + " is unreadable (empty); running it again"), notes);
        assertTrue(cli.out().contains("ran 2, kept 2 finished earlier"), cli.out());
        assertEquals(new String(complete, StandardCharsets.UTF_8).replaceAll("\"wall_seconds\" : [0-9.E-]+", ""),
            Files.readString(directory.resolve("runs/u-000001.json")).replaceAll("\"wall_seconds\" : [0-9.E-]+", ""));
        assertEquals(new String(results, StandardCharsets.UTF_8), Files.readString(directory.resolve("results.csv")),
            "the rerun units give the same results");
    }

    // ---- 16 to 19: output directories checked before running ----

    @Test
    void case16AnOutputPathThatIsAFileIsRefusedBeforeRunning() throws IOException {
        final Path file = Files.writeString(temp.resolve("file"), "x");
        assertOneLineError("stowage run: invalid value for --out: '" + file + "' exists and is not a directory",
            "run", "--out", file.toString());
        assertOneLineError("stowage sweep: invalid value for --out: '" + file + "' exists and is not a directory",
            "sweep", "--vary", "intensity=0.5", "--out", file.toString());
    }

    /** As root no permission stops a write, so the unwritable directory is one under a file. */
    @Test
    void case17AnUnwritableOutputDirectoryIsRefusedBeforeRunning() throws IOException {
        final Path file = Files.writeString(temp.resolve("file"), "x");
        assertOneLineError("stowage run: invalid value for --out: '" + file.resolve("sub") + "' cannot be created"
            + " (Not a directory: " + file.resolve("sub") + ")", "run", "--out", file.resolve("sub").toString());
    }

    @Test
    void case18AnEmptyOutputPathIsRefused() {
        assertOneLineError("stowage run: invalid value for --out: '' is an empty path (give a directory, e.g. --out"
            + " results)", "run", "--out", "");
        assertOneLineError("stowage sweep: invalid value for --out: '' is an empty path (give a directory, e.g. --out"
            + " results)", "sweep", "--vary", "intensity=0.5", "--out", "");
    }

    @Test
    void case19ARunAndASweepNeverOverwriteEachOther() throws IOException {
        final Path runDirectory = temp.resolve("run");
        assertEquals(0, run("run", "--horizon", "2000", "--out", runDirectory.toString()), cli.err());
        final byte[] runResults = Files.readAllBytes(runDirectory.resolve("results.csv"));
        assertOneLineError("stowage sweep: invalid value for --out: '" + runDirectory + "' holds a run's results"
            + " (summary.json); a sweep would overwrite its results.csv; use another directory",
            "sweep", "--vary", "intensity=0.5", "--horizon", "2000", "--out", runDirectory.toString());
        assertEquals(new String(runResults, StandardCharsets.UTF_8), Files.readString(runDirectory.resolve("results.csv")));
        assertFalse(Files.exists(runDirectory.resolve("manifest.json")));

        final Path sweepDirectory = temp.resolve("sweep");
        assertEquals(0, run("sweep", "--vary", "intensity=0.5", "--horizon", "2000", "--out", sweepDirectory.toString()),
            cli.err());
        assertOneLineError("stowage run: invalid value for --out: '" + sweepDirectory + "' holds a sweep's results"
            + " (manifest.json); a run would overwrite its results.csv; use another directory",
            "run", "--horizon", "2000", "--out", sweepDirectory.toString());
        assertEquals(0, run("run", "--horizon", "2000", "--out", runDirectory.toString()), "a run may redo its own");
    }

    // ---- 20, 21: garbage and byte-order marks ----

    @Test
    void case20ControlBytesAreEscapedInEveryMessage() throws IOException {
        assertOneLineErrorStartingWith("stowage run: invalid value for --scheduler: unknown scheduler 'BF\\x1B[31mX';"
            + " known: BF-J, BF-S, BF-J/S, FIFO-FF,", "run", "--scheduler", "BF\u001b[31mX");
        assertOneLineError("stowage run: invalid value for --sizes: 'uniform:0.1,\\x07\\x1B[2J': '\\x07\\x1B[2J' is not"
            + " a number", "run", "--sizes", "uniform:0.1,\u0007\u001b[2J");
        final byte[] garbage = new byte[200];
        new SplittableRandom(3).nextBytes(garbage);
        garbage[0] = 0x1B;
        final Path file = Files.write(temp.resolve("garbage.csv"), garbage);
        for (final String format : List.of("google2011", "swf", "alibaba")) {
            final String spec = format + ":" + file + (format.equals("alibaba") ? "," + file : "");
            assertOneLineErrorStartingWith("stowage trace-summary: " + file, "trace-summary", spec);
            assertFalse(cli.err().chars().anyMatch(c -> c < 0x20 && c != '\n' && c != '\r'
                || c == 0x7F || c >= 0x80 && c < 0xA0), cli.err());
        }
    }

    @Test
    void case21AByteOrderMarkIsAcceptedForGoogleAndSwf() throws IOException {
        final Path swf = temp.resolve("bom.swf.txt");
        Files.write(swf, ("\uFEFF; MaxProcs: 4\n1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n")
            .getBytes(StandardCharsets.UTF_8));
        assertEquals(0, run("trace-summary", "swf:" + swf), cli.err());
        assertTrue(cli.out().contains("1 seen = 1 kept"), cli.out());
        final Path google = temp.resolve("part-00000-of-00001.csv");
        Files.write(google, ("\uFEFF700000000,,200,0,,0,u,0,0,0.1,0.1,0,0\n700000001,,200,0,m1,1,u,0,0,0.1,0.1,0,0\n"
            + "705000000,,200,0,m1,4,u,0,0,0.1,0.1,0,0\n").getBytes(StandardCharsets.UTF_8));
        assertEquals(0, run("trace-summary", "google2011:" + google), cli.err());
        assertTrue(cli.out().contains("1 seen = 1 kept"), cli.out());
    }

    // ---- 22: a batch cut short ----

    @Test
    void case22ABatchCutShortByTheHorizonSaysNotDrained(@TempDir final Path directory) throws IOException {
        assertEquals(0, run("run", "--arrivals", "batch:20000", "--horizon", "2000", "--scheduler", "BF-J,FIFO-FF",
            "--out", directory.toString()), cli.err());
        final List<String> rows = cli.out().lines().filter(line -> line.startsWith("BF-J ")
            || line.startsWith("FIFO-FF ")).toList();
        assertEquals(2, rows.size(), cli.out());
        for (final String row : rows) {
            assertTrue(row.contains(" not drained "), row);
        }
        assertTrue(Files.readAllLines(directory.resolve("results.csv")).contains("BF-J,verdict,not drained"));
        assertEquals(0, run("run", "--arrivals", "batch:2000", "--scheduler", "BF-J"), cli.err());
        assertFalse(cli.out().contains("not drained"), "run to completion: " + cli.out());
    }
}
