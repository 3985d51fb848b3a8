package org.stowage.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The child JVM of {@link DocCommandsTest}, started in the repository's root so that every relative path of the
 * docs means what it means to a reader there: reads one command per line (its words separated by tabs) and runs
 * each through {@link StowageCli#execute}, as {@code bin/stowage} runs it, reporting each as a record of its exit
 * code, standard output and standard error between {@link #MARK} lines. The commands share one {@link StowageCli},
 * so the Google trace that several of them read is loaded once (each command still checks its whole request
 * against it): a load takes 5 to 20 s here.
 */
public final class DocCommandsRunner {
    static final String MARK = "\u0001";

    private DocCommandsRunner() {
    }

    public static void main(final String[] args) throws Exception {
        final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        final PrintWriter report = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        // one command line for all: a trace or a figure registry is loaded once and checked by every command
        final StowageCli cli = new StowageCli();
        String line;
        while ((line = in.readLine()) != null) {
            final List<String> words = List.of(line.split("\t", -1));
            final StringWriter out = new StringWriter();
            final StringWriter err = new StringWriter();
            final long start = System.nanoTime();
            final int code = StowageCli.execute(cli, new PrintWriter(out, true), new PrintWriter(err, true),
                words.toArray(String[]::new));
            report.print(MARK + "code " + code + " ms " + (System.nanoTime() - start) / 1_000_000 + "\n" + out + MARK
                + "err\n" + err + MARK + "end\n");
            report.flush();
        }
    }
}
