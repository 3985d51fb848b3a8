package org.stowage.cli;

import java.io.PrintWriter;

import org.stowage.terminal.Progress;

import picocli.CommandLine.Option;

/**
 * {@code --quiet} of the commands that show progress (run, sweep, reproduce, traces fetch): without it, long work
 * draws a bar on a terminal and prints a plain line every 10 s elsewhere ({@link Progress}); in CI, nothing.
 */
final class QuietOption {
    @Option(names = {"-q", "--quiet"},
        description = "No progress on standard error: no bar on a terminal, no progress lines in a pipe or a file"
            + " (CI gets none anyway).")
    boolean quiet;

    /** How this command's progress shows, its plain lines going to {@code err}. */
    Progress.Display display(final PrintWriter err) {
        return Progress.Display.detect(quiet, err);
    }
}
