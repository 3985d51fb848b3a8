package org.stowage.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * One in-process {@code stowage} for a test class: {@link #run} executes a command line through
 * {@link StowageCli#execute} and keeps what that run printed to standard output and standard error until the
 * next run (each run starts with both empty, so an assertion reads only its own command's output).
 */
final class CliSession {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final long maxHeap;

    private CliSession(final long maxHeap) {
        this.maxHeap = maxHeap;
    }

    /** Runs judged against this JVM's own heap, as {@code bin/stowage} runs are. */
    static CliSession withThisHeap() {
        return new CliSession(0);
    }

    /** Runs judged against a heap of {@code maxHeap} bytes, so that memory checks do not depend on the test JVM. */
    static CliSession withHeap(final long maxHeap) {
        if (maxHeap <= 0) {
            throw new IllegalArgumentException("maxHeap must be positive: " + maxHeap);
        }
        return new CliSession(maxHeap);
    }

    /** The command's exit code; {@link #out()} and {@link #err()} hold what it printed. */
    int run(final String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        final PrintWriter outWriter = new PrintWriter(out, true);
        final PrintWriter errWriter = new PrintWriter(err, true);
        return maxHeap > 0
            ? StowageCli.execute(maxHeap, outWriter, errWriter, args)
            : StowageCli.execute(outWriter, errWriter, args);
    }

    String out() {
        return out.toString();
    }

    String err() {
        return err.toString();
    }

    /** Standard output then standard error, for failure messages. */
    String transcript() {
        return out.toString() + err;
    }
}
