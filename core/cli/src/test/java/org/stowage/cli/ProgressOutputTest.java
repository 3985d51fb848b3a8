package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.terminal.Progress;

/**
 * What long work shows on standard error, in a real process: plain lines in a pipe (the interval shortened to
 * 0.2 s by {@value Progress#EVERY_PROPERTY}), nothing with {@code --quiet} or in CI, and the bar, redrawn with
 * carriage returns, under a pseudo-terminal ({@code script -qc}; skipped, saying so, where util-linux's script is
 * missing).
 */
class ProgressOutputTest {
    /** A run of BF-J/S long enough (a second or more here) for several lines and the bar. */
    private static final List<String> RUN = List.of("run", "--scheduler", "BF-J/S", "--horizon", "1000000");
    /** A run too short to show progress at the default pace, long enough for lines every 0.05 s. */
    private static final List<String> SHORT_RUN = List.of("run", "--scheduler", "BF-J/S", "--horizon", "200000");
    private static final Pattern LINE = Pattern.compile(
        "BF-J/S [0-9]{1,2}% of horizon, [0-9.]+( [kMG])? jobs/s, (about .+|less than a second) left");

    @TempDir
    Path temp;

    private record Outcome(int code, String out, String err) {
    }

    private static List<String> java(final String every) {
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-D" + Progress.EVERY_PROPERTY + "=" + every, "-cp", System.getProperty("java.class.path"),
            StowageCli.class.getName()));
    }

    private static Outcome run(final List<String> command, final boolean ci) throws IOException, InterruptedException {
        final ProcessBuilder builder = new ProcessBuilder(command);
        final Map<String, String> environment = builder.environment();
        environment.remove("CI");
        if (ci) {
            environment.put("CI", "true");
        }
        final Process process = builder.start();
        final byte[] out = process.getInputStream().readAllBytes();
        final byte[] err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(180, TimeUnit.SECONDS), "finishes");
        return new Outcome(process.exitValue(), new String(out, StandardCharsets.UTF_8),
            new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void aPipeGetsPlainLinesAndQuietOrCiGetNone() throws IOException, InterruptedException {
        final List<String> piped = java("0.2");
        piped.addAll(RUN);
        final Outcome lines = run(piped, false);
        assertEquals(0, lines.code(), lines.err());
        assertFalse(lines.err().contains("\r"), "no carriage return in a pipe: " + lines.err());
        assertFalse(lines.err().isEmpty(), "a run of a second or more prints progress lines every 0.2 s");
        for (final String line : lines.err().split("\n")) {
            assertTrue(LINE.matcher(line).matches(), "a plain progress line: " + line);
        }
        assertTrue(lines.out().contains("\nBF-J/S "), "the table still goes to standard output: " + lines.out());

        final List<String> quiet = java("0.05");
        quiet.addAll(SHORT_RUN);
        quiet.add("--quiet");
        final Outcome silent = run(quiet, false);
        assertEquals(0, silent.code(), silent.err());
        assertEquals("", silent.err(), "--quiet");

        final List<String> ci = java("0.05");
        ci.addAll(SHORT_RUN);
        final Outcome inCi = run(ci, true);
        assertEquals(0, inCi.code(), inCi.err());
        assertEquals("", inCi.err(), "CI set: a CI log gets no progress");
    }

    @Test
    void aTerminalGetsTheBar() throws IOException, InterruptedException {
        final Path script = Path.of("/usr/bin/script");
        assumeTrue(Files.isExecutable(script), "skipped: no " + script + " (util-linux) to run the command under a"
            + " pseudo-terminal");
        final List<String> command = java("0.2");
        command.addAll(RUN);
        final StringBuilder line = new StringBuilder();
        for (final String word : command) {
            line.append(line.length() == 0 ? "" : " ").append("'").append(word.replace("'", "'\\''")).append("'");
        }
        // -e: the command's exit code; the typescript to /dev/null, the terminal's bytes on script's output
        final Outcome terminal = run(List.of(script.toString(), "-qec", line.toString(), "/dev/null"), false);
        assertEquals(0, terminal.code(), terminal.out() + terminal.err());
        assertTrue(terminal.out().contains("\r"), "the bar redraws in place: " + terminal.out());
        assertTrue(Pattern.compile("BF-J/S +[0-9]{1,3}% \\[").matcher(terminal.out()).find(),
            "the bar names the scheduler and its share: " + terminal.out());
        assertFalse(LINE.matcher(terminal.out()).find(), "no plain lines on a terminal: " + terminal.out());
    }
}
