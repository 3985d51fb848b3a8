package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stowage run --jobs FILE.csv}: the Fig. 1 example as a command, and bad rows as one-line errors. */
class JobsOptionTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path temp;

    private int run(final String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return StowageCli.execute(1L << 30, new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void figureOneRunsUnderEveryBatchKernel() throws IOException {
        final Path jobs = Files.writeString(temp.resolve("fig1.csv"),
            "arrival,duration,r1\n0,4,1.0\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n");
        final Path results = temp.resolve("out");
        assertEquals(0, run("run", "--jobs", jobs.toString(), "--servers", "1", "--time-mode", "continuous",
            "--scheduler", "SJF,DJSF,DJSF-pooled,Tetris", "--out", results.toString()), out + "" + err);
        assertTrue(out.toString().contains("5 jobs from " + jobs), out.toString());
        final List<String> lines = Files.readAllLines(results.resolve("results.csv"));
        for (final String kernel : List.of("SJF", "DJSF", "DJSF-pooled", "Tetris")) {
            assertTrue(lines.stream().anyMatch(line -> line.equals(kernel + ",completed_total,5")), kernel + ": " + lines);
        }
    }

    @Test
    void badRowsAndMisuseAreOneLineErrors() throws IOException {
        final Path bad = Files.writeString(temp.resolve("bad.csv"), "arrival,duration,r1\n0,4,1.0\n0,-1,0.25\n");
        assertEquals(2, run("run", "--jobs", bad.toString(), "--servers", "1", "--scheduler", "SJF"));
        assertEquals("stowage run: " + bad + " line 3, duration (column 2) = '-1': must be a finite number > 0" + System.lineSeparator(),
            err.toString());
        assertEquals(2, run("run", "--jobs", temp.resolve("missing.csv").toString(), "--scheduler", "SJF"));
        assertTrue(err.toString().startsWith("stowage run: invalid value for --jobs: '")
            || err.toString().contains("invalid value for --jobs"), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        final Path good = Files.writeString(temp.resolve("two.csv"), "arrival,duration,r1,r2\n0,4,0.5,0.5\n");
        assertEquals(2, run("run", "--jobs", good.toString(), "--servers", "1", "--intensity", "0.5",
            "--scheduler", "SJF"));
        assertEquals("stowage run: --intensity does not apply with --jobs '" + good + "' (the file gives every job)"
            + System.lineSeparator(), err.toString());
    }
}
