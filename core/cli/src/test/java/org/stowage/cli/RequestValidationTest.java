package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23's examples, one per root cause, each answered as the README promises: one line naming the
 * flags and values, exit code 2, nothing run and nothing written.
 */
class RequestValidationTest {
    private static final long ONE_GIB = 1L << 30;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path temp;

    private int run(final String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return StowageCli.execute(ONE_GIB, new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    /** Exit 2, exactly {@code expected} on standard error, nothing printed, nothing under {@code temp}. */
    private void assertRefused(final String expected, final String... args) throws IOException {
        assertEquals(2, run(args), String.join(" ", args) + ": " + out + err);
        assertEquals(expected + System.lineSeparator(), err.toString(), String.join(" ", args));
        assertEquals("", out.toString(), "nothing ran: " + String.join(" ", args));
        try (var written = Files.list(temp)) {
            assertFalse(written.anyMatch(path -> path.getFileName().toString().startsWith("out")),
                "nothing written: " + String.join(" ", args));
        }
    }

    private String outDir() {
        return temp.resolve("out").toString();
    }

    // ---- root cause 3: an option that does not apply is refused, naming both options ----

    @Test
    void optionsThatDoNotApplyAreRefusedNamingBoth() throws IOException {
        assertRefused("stowage run: --intensity-basis does not apply with --lambda 0.05 (the basis says how --intensity"
            + " sets the arrival rate)", "run", "--intensity-basis", "lambda-star", "--lambda", "0.05", "--out", outDir());
        assertRefused("stowage run: --google-rule applies to --trace only; without a trace the jobs are generated"
            + " (--sizes, --arrivals, --service)", "run", "--google-rule", "foo", "--out", outDir());
        assertRefused("stowage run: --resources applies to --trace only; without a trace the jobs are generated"
            + " (--sizes, --arrivals, --service)", "run", "--resources", "3", "--out", outDir());
        final Path swf = Files.writeString(temp.resolve("t.swf"), "; MaxProcs: 4\n1 0 0 10 1 -1 -1 1 -1 -1 1 1 1 1 1 1 -1 -1\n");
        assertRefused("stowage run: --sizes does not apply with --trace 'swf:" + swf + "' (the trace gives the jobs)",
            "run", "--trace", "swf:" + swf, "--sizes", "uniform:0.1,0.2", "--out", outDir());
        assertRefused("stowage run: --google-rule does not apply with --trace 'swf:" + swf + "' (it applies to"
            + " google2011 traces)", "run", "--trace", "swf:" + swf, "--google-rule", "attempts", "--out", outDir());
        final Path jobs = Files.writeString(temp.resolve("jobs.csv"), "arrival,duration,r1\n0,4,0.5\n");
        for (final String[] option : new String[][] {{"--sizes", "uniform:0.1,0.2"}, {"--arrivals", "batch:3"},
                {"--service", "exponential:1"}}) {
            assertRefused("stowage run: " + option[0] + " does not apply with --jobs '" + jobs + "' (the file gives"
                + " every job)", "run", "--jobs", jobs.toString(), option[0], option[1], "--out", outDir());
        }
        assertRefused("stowage run: --traffic-scaling does not apply with --jobs '" + jobs + "' (it applies to --trace)",
            "run", "--jobs", jobs.toString(), "--traffic-scaling", "2", "--out", outDir());
        assertRefused("stowage run: --intensity 0.5 and --lambda 0.05 exclude each other: give one",
            "run", "--intensity", "0.5", "--lambda", "0.05", "--out", outDir());
        assertRefused("stowage run: --intensity does not apply with --arrivals 'batch:10' (the whole batch arrives at"
            + " time 0)", "run", "--arrivals", "batch:10", "--intensity", "0.5", "--out", outDir());
        assertRefused("stowage trace-summary: --swf-memory-kb applies with --resources 2 only (memory is the second"
            + " resource), not with --resources 1 (the default)", "trace-summary", "swf:" + swf, "--swf-memory-kb", "8");
        assertRefused("stowage trace-summary: --google-rule does not apply with TRACE 'swf:" + swf + "' (it applies to"
            + " google2011 traces)", "trace-summary", "swf:" + swf, "--google-rule", "attempts");
    }

    @Test
    void defaultsNeverConflict() throws IOException {
        final Path jobs = Files.writeString(temp.resolve("jobs.csv"), "arrival,duration,r1\n0,4,0.5\n");
        assertEquals(0, run("run", "--jobs", jobs.toString(), "--scheduler", "SJF", "--time-mode", "continuous"),
            err.toString());
        assertEquals(0, run("run", "--arrivals", "batch:10", "--scheduler", "BF-J"), err.toString());
        assertEquals(0, run("run", "--lambda", "0.05", "--horizon", "100", "--scheduler", "BF-J"), err.toString());
    }
}
