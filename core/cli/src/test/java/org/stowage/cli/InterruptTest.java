package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.sweep.SweepFiles;

/**
 * Case 23 of issue 11: Ctrl-C (SIGINT) used to exit 130 without a word. Now a sweep says how many runs are
 * on disk and that rerunning resumes (and it does), and a run says that nothing was written (and leaves no
 * empty {@code --out} directory). The command
 * runs in a child JVM that gets a real SIGINT, so this needs a POSIX {@code kill}.
 */
class InterruptTest {
    @TempDir
    Path temp;

    private static final List<String> SWEEP = List.of("sweep", "--vary", "intensity=0.5,0.6,0.7,0.8,0.9",
        "--replications", "8", "--horizon", "200000", "--threads", "1");

    @Test
    void anInterruptedSweepSaysWhatIsOnDiskAndResumes() throws IOException, InterruptedException {
        final Path directory = temp.resolve("sweep");
        final List<String> args = new ArrayList<>(SWEEP);
        args.addAll(List.of("--out", directory.toString()));
        final Process process = start(args);
        try {
            interruptSweep(process, directory, args);
        } finally {
            process.destroyForcibly(); // never leave a child running when an assertion fails
        }
    }

    private void interruptSweep(final Process process, final Path directory, final List<String> args)
        throws IOException, InterruptedException {
        final Path runs = directory.resolve("runs");
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (SweepFiles.finishedOnDisk(directory) < 2 && process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assumeTrue(process.isAlive(), "the sweep ended before it could be interrupted");
        final long before = SweepFiles.finishedOnDisk(directory);
        interrupt(process);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "exits after SIGINT");
        final String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(130, process.exitValue(), stderr);
        final Matcher note = Pattern.compile("stowage: interrupted; (\\d+) of 80 runs are on disk in "
            + Pattern.quote(runs.toString()) + "; rerun the same command to resume\\R").matcher(stderr);
        assertTrue(note.matches(), stderr);
        final long told = Long.parseLong(note.group(1));
        assertTrue(told >= before && told <= SweepFiles.finishedOnDisk(directory), told + " vs " + before);
        try (var files = Files.walk(directory)) {
            // issue 39: a file being written when the signal came is whole or gone, never a temporary left behind
            assertEquals(List.of(), files.filter(path -> path.toString().endsWith(".tmp")).toList());
        }

        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        assertEquals(0, StowageCli.execute(new PrintWriter(out, true), new PrintWriter(err, true),
            args.toArray(new String[0])), err.toString());
        final Matcher kept = Pattern.compile("ran (\\d+), kept (\\d+) finished earlier").matcher(out.toString());
        assertTrue(kept.find(), out.toString());
        assertTrue(Long.parseLong(kept.group(2)) >= told, out.toString());
        assertEquals(80, Long.parseLong(kept.group(1)) + Long.parseLong(kept.group(2)));
    }

    @Test
    void anInterruptedRunSaysNothingWasWritten() throws IOException, InterruptedException {
        final Path directory = temp.resolve("run");
        final Process process = start(List.of("run", "--horizon", "9000000000000", "--lambda", "0.001", "--out",
            directory.toString()), ProcessBuilder.Redirect.PIPE);
        try {
            interruptRun(process, directory);
        } finally {
            process.destroyForcibly(); // its horizon is endless: a failed assertion must not leave it running
        }
    }

    private static void interruptRun(final Process process, final Path directory)
        throws IOException, InterruptedException {
        // the signal that the run has started: its table's header (printed once the command says what it keeps),
        // however long the JVM takes to start on a loaded machine; never a fixed sleep
        final CountDownLatch started = new CountDownLatch(1);
        final Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.startsWith("scheduler ")) {
                        started.countDown();
                    }
                }
            } catch (final IOException e) {
                // the process is gone: the assumption below says so
            }
        }, "interrupt-test-stdout");
        reader.setDaemon(true);
        reader.start();
        assumeTrue(started.await(300, TimeUnit.SECONDS) && process.isAlive(),
            "the run ended (or never started) before it could be interrupted");
        interrupt(process);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "exits after SIGINT");
        final String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(130, process.exitValue(), stderr);
        assertEquals("stowage: interrupted; 0 of 2 schedulers had finished; nothing was written to " + directory
            + System.lineSeparator(), stderr);
        assertFalse(Files.exists(directory), "no empty --out directory is left behind (issue 23)");
    }

    private static Process start(final List<String> args) throws IOException {
        return start(args, ProcessBuilder.Redirect.DISCARD);
    }

    private static Process start(final List<String> args, final ProcessBuilder.Redirect output) throws IOException {
        assumeTrue(new File("/bin/kill").canExecute() || new File("/usr/bin/kill").canExecute(), "needs POSIX kill");
        assumeFalse(sigintIgnored(), "SIGINT is ignored in this JVM, and so in its children: the build runs as a"
            + " background job of a shell without job control (cmd &), where Ctrl-C cannot reach a child either;"
            + " run it in the foreground or with set -m");
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp",
            System.getProperty("java.class.path"), StowageCli.class.getName()));
        command.addAll(args);
        return new ProcessBuilder(command).redirectOutput(output).start();
    }

    /**
     * Whether this process ignores SIGINT, as Linux reports it ({@code SigIgn} in {@code /proc/self/status}); an
     * ignored signal stays ignored across fork and exec, and the JVM leaves it so. False where there is no /proc.
     */
    private static boolean sigintIgnored() throws IOException {
        final Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return false;
        }
        for (final String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
            if (line.startsWith("SigIgn:")) {
                final long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
                return (mask & 1L << 1) != 0; // bit n - 1 for signal n; SIGINT is 2
            }
        }
        return false;
    }

    private static void interrupt(final Process process) throws IOException, InterruptedException {
        final Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -INT");
    }
}
