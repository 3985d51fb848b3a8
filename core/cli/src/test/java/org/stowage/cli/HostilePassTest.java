package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.sweep.OutputDirectory;

/**
 * Issue 39's reproductions of a hostile pass over the commands, one per cause the command line answers (the
 * engine's are in {@code KernelFenceTest}, the downloads' in {@code TracesFetchCommandTest}, user kernels in
 * {@link UserKernelFuzzTest}, the plots' series in {@code ChartsTest}).
 */
class HostilePassTest {
    private final CliSession cli = CliSession.withThisHeap();

    @TempDir
    Path temp;

    private Path jobs(final String name, final String rows) throws IOException {
        final Path file = temp.resolve(name);
        Files.writeString(file, "arrival,duration,r1\n" + rows);
        return file;
    }

    /** Cause 1: a duration lost next to its arrival is refused at load, never a JCT of 0 and "stable". */
    @Test
    void aDurationADoubleCannotHoldNextToItsArrivalIsRefusedNamingItsLine() throws IOException {
        final Path file = jobs("j.csv", "1e15,1e-12,0.5\n1e15,0.001,0.5\n");
        assertEquals(2, cli.run("run", "--jobs", file.toString(), "--servers", "2", "--time-mode", "continuous",
            "--scheduler", "SJF"), cli.transcript());
        assertEquals("stowage run: " + file + " line 2, duration (column 2) = '1e-12': is lost"
            + " next to its arrival 1.0E15: in a double, arrival + duration - arrival = 0.0, more than 1.0E-6 of the"
            + " duration off; make the arrivals relative to the first one (subtract it from every arrival)\n",
            cli.err().replace(System.lineSeparator(), "\n"));
        assertEquals("", cli.out());
    }

    /**
     * Causes 2 and 3: a run whose queue series is empty (one job of 1e-12) and one whose times are near 1e15
     * (xchart's tick loop never ended there) both finish with exit 0, their page and data written, the plot
     * drawn or skipped with one note saying why.
     */
    @Test
    void aFinishedRunIsNeverFailedNorHungByItsPlot() throws IOException {
        final Path tiny = jobs("t.csv", "0,1e-12,0.5\n");
        final Path out = temp.resolve("o");
        assertEquals(0, cli.run("run", "--jobs", tiny.toString(), "--servers", "2", "--time-mode", "continuous",
            "--out", out.toString()), cli.transcript());
        assertTrue(Files.exists(out.resolve("index.html")), cli.transcript());
        for (final String file : List.of("results.csv", "series.csv", "summary.json")) {
            assertTrue(Files.exists(out.resolve(file)), file);
        }
        if (!cli.err().isEmpty()) {
            assertEquals(1, cli.err().lines().count(), cli.err());
            assertTrue(cli.err().startsWith("stowage run: note: queue.png and .svg not drawn: "), cli.err());
            assertTrue(Files.readString(out.resolve("index.html")).contains("Not drawn: "));
            assertFalse(Files.exists(out.resolve("queue.png")));
        }
        try (var files = Files.list(out)) {
            assertFalse(files.anyMatch(path -> path.toString().endsWith(".tmp")), "no temporary left");
        }

        final Path late = jobs("late.csv", "1e15,1e9,0.5\n1e15,2e9,0.25\n1.000000001e15,5e8,0.5\n");
        final Path lateOut = temp.resolve("late");
        assertEquals(0, cli.run("run", "--jobs", late.toString(), "--servers", "2", "--time-mode", "continuous",
            "--out", lateOut.toString()), cli.transcript());
        assertEquals("", cli.err());
        assertTrue(Files.size(lateOut.resolve("queue.png")) > 0);
        assertTrue(Files.exists(lateOut.resolve("index.html")));
    }

    /** Cause 8: a dangling symbolic link as --out is refused up front, before any work is lost to it. */
    @Test
    void aDanglingLinkAsOutIsRefusedBeforeAnythingRuns() throws IOException {
        final Path link = temp.resolve("out");
        Files.createSymbolicLink(link, temp.resolve("gone/away"));
        for (final String command : List.of("run", "sweep")) {
            final List<String> args = command.equals("run") ? List.of("run", "--horizon", "100", "--out", link.toString())
                : List.of("sweep", "--vary", "intensity=0.5,0.6", "--horizon", "100", "--out", link.toString());
            assertEquals(2, cli.run(args.toArray(new String[0])), cli.transcript());
            assertEquals("stowage " + command + ": invalid value for --out: '" + link + "' cannot be created: " + link
                + " is a symbolic link to " + temp.resolve("gone/away") + ", which does not exist", cli.err().strip());
            assertEquals("", cli.out());
        }
        assertFalse(Files.exists(temp.resolve("gone")));
    }

    /** Cause 8: a second sweep into the same --out is refused by the first one's lock, not left to fail late. */
    @Test
    void aSecondSweepIntoTheSameDirectoryIsRefusedByALock() throws IOException {
        final Path out = temp.resolve("sweep");
        final String[] sweep = {"sweep", "--vary", "intensity=0.5,0.6", "--horizon", "100", "--out", out.toString()};
        assertEquals(0, cli.run(sweep), cli.transcript());
        try (OutputDirectory.Held held = OutputDirectory.lock(out, "--out")) {
            assertEquals(2, cli.run(sweep), cli.transcript());
            assertEquals("stowage sweep: invalid value for --out: '" + out + "' is being written by another stowage"
                + " command (it holds .stowage.lock there); wait for it to end, or give another directory",
                cli.err().strip());
        }
        assertEquals(0, cli.run(sweep), "free again once the first lets go: " + cli.transcript());
        assertTrue(cli.out().contains("ran 0, kept 4 finished earlier"), cli.out());
    }

    /** Cause 8: -0.0 is 0, so it meets the very checks 0 meets and gives the very same run. */
    @Test
    void negativeZeroIsZero() throws IOException {
        final Path plain = temp.resolve("plain");
        final Path negative = temp.resolve("negative");
        assertEquals(0, cli.run("run", "--sizes", "uniform:0,0.5", "--horizon", "2000", "--out", plain.toString()),
            cli.transcript());
        assertEquals(0, cli.run("run", "--sizes", "uniform:-0.0,0.5", "--horizon", "2000", "--out", negative.toString()),
            cli.transcript());
        assertEquals(Files.readString(plain.resolve("results.csv")), Files.readString(negative.resolve("results.csv")));
        assertEquals(2, cli.run("capacity", "--sizes", "discrete:-0.0@1,0.5@1"), cli.transcript());
        assertTrue(cli.err().contains("type 0 has size 0 on every resource"), cli.err());
    }

    /** Never a stack trace, unless asked for: --verbose, on any command, adds it to the one line. */
    @Test
    void verbosePrintsTheStackTraceAndNothingElseDoes() {
        final String[] failing = {"run", "--scheduler", HostileFamily.NAME + ":does=decide-throws", "--horizon", "500"};
        assertEquals(1, cli.run(failing), cli.transcript());
        assertEquals(1, cli.err().lines().count(), cli.err());
        final String[] verbose = {"run", "--scheduler", HostileFamily.NAME + ":does=decide-throws", "--horizon", "500",
            "--verbose"};
        assertEquals(1, cli.run(verbose), cli.transcript());
        assertTrue(cli.err().contains("\tat org.stowage.cli.HostileFamily$Hostile.misbehave("), cli.err());
        assertTrue(cli.err().strip().lines().reduce((first, second) -> second).orElseThrow()
            .startsWith("stowage run: scheduler " + HostileFamily.NAME + ":does=decide-throws (kernel family"), cli.err());
    }
}
