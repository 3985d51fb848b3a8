package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.report.RunTable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** {@code stowage run --jobs FILE.csv}: the Fig. 1 example as a command, and bad rows as one-line errors. */
class JobsOptionTest {
    private final CliSession cli = CliSession.withHeap(1L << 30);

    @TempDir
    Path temp;

    private int run(final String... args) {
        return cli.run(args);
    }

    @Test
    void figureOneRunsUnderEveryBatchKernel() throws IOException {
        final Path jobs = Files.writeString(temp.resolve("fig1.csv"),
            "arrival,duration,r1\n0,4,1.0\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n");
        final Path results = temp.resolve("out");
        assertEquals(0, run("run", "--jobs", jobs.toString(), "--servers", "1", "--time-mode", "continuous",
            "--scheduler", "SJF,DJSF,DJSF-pooled,Tetris", "--out", results.toString()), cli.transcript());
        assertTrue(cli.out().contains("5 jobs from " + jobs), cli.out());
        final List<String> lines = Files.readAllLines(results.resolve("results.csv"));
        for (final String kernel : List.of("SJF", "DJSF", "DJSF-pooled", "Tetris")) {
            assertTrue(lines.stream().anyMatch(line -> line.equals(kernel + ",completed_total,5")), kernel + ": " + lines);
        }
    }

    /**
     * Hu and Li's Fig. 1 worked by hand (docs/DJSF.md): SJF starts the whole-cluster job first (4 s), then the
     * four quarter jobs together (done at 8.2 s): JCTs 4 and 8.2 x 4, mean 36.8 / 5 = 7.36. DJSF runs the four
     * first (done at 4.2 s), then the big job (done at 8.2 s): (4.2 x 4 + 8.2) / 5 = 5.0. Makespan 8.2 either way.
     */
    @Test
    void figureOnePrintsTheAverageJobCompletionTimes() throws IOException {
        final Path jobs = Files.writeString(temp.resolve("fig1.csv"),
            "arrival,duration,r1\n0,4,1.0\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n");
        final Path results = temp.resolve("out");
        assertEquals(0, run("run", "--jobs", jobs.toString(), "--servers", "1", "--time-mode", "continuous",
            "--scheduler", "SJF,DJSF", "--out", results.toString()), cli.transcript());
        final List<String> printed = cli.out().lines().toList();
        final List<String> labels = List.of(printed.get(2).trim().split(" +"));
        assertTrue(printed.get(1).contains("JCT") && labels.contains("makespan"), cli.out());
        final int jctMean = 7;
        assertEquals("mean", labels.get(jctMean), "the JCT group's first column: " + printed.get(2));
        final String[] sjf = row(printed, "SJF");
        final String[] djsf = row(printed, "DJSF");
        assertEquals("7.36", sjf[jctMean], cli.out());
        assertEquals("5.00", djsf[jctMean], cli.out());
        assertEquals("8.20", sjf[labels.indexOf("makespan")], cli.out());
        assertEquals("8.20", djsf[labels.indexOf("makespan")], cli.out());

        final List<String> csv = Files.readAllLines(results.resolve("results.csv"));
        assertEquals(7.36, metric(csv, "SJF", "jct_mean"), 1e-12);
        assertEquals(5.0, metric(csv, "DJSF", "jct_mean"), 1e-12);
        assertEquals(8.2, metric(csv, "DJSF", "makespan"), 1e-12);
        assertEquals(3.2, metric(csv, "SJF", "wait_mean"), 1e-12, "the JCT less the mean service 4.16");
        assertTrue(Files.size(results.resolve("queue.png")) > 0 && Files.size(results.resolve("queue.svg")) > 0,
            "the queue plot");
        final JsonNode runs = new ObjectMapper().readTree(results.resolve("summary.json").toFile()).path("runs");
        assertEquals(7.36, runs.get(0).path("metrics").path("jct_mean").asDouble(), 1e-12, runs.toString());
        assertEquals(5.0, runs.get(1).path("metrics").path("jct_mean").asDouble(), 1e-12, runs.toString());
        assertEquals(8.2, runs.get(1).path("metrics").path("makespan").asDouble(), 1e-12, runs.toString());
    }

    /** A sweep's table has the same times: Fig. 1 on one server and on two (where the four fit beside the big job). */
    @Test
    void sweepsPrintTheJobCompletionTimesAndMakespan() throws IOException {
        final Path jobs = Files.writeString(temp.resolve("fig1.csv"),
            "arrival,duration,r1\n0,4,1.0\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n0,4.2,0.25\n");
        assertEquals(0, run("sweep", "--jobs", jobs.toString(), "--time-mode", "continuous", "--scheduler", "SJF,DJSF",
            "--vary", "servers=1,2", "--threads", "1", "--out", temp.resolve("sweep").toString()), cli.transcript());
        final List<String> printed = cli.out().lines().toList();
        final String header = printed.stream().filter(line -> line.startsWith("servers")).findFirst().orElseThrow();
        assertTrue(header.contains("mean JCT") && header.contains("p99 JCT") && header.contains("makespan"), header);
        // p99 JCT 8.20, the longest: the histogram's bucket top (8.21) would lie above the makespan (issue 39)
        assertTrue(printed.stream().anyMatch(line -> line.matches("1 +SJF +1\\.951 +7\\.36 +8\\.20 +8\\.20 .*")),
            cli.out());
        assertTrue(printed.stream().anyMatch(line -> line.matches("1 +DJSF +0\\.512 +5\\.00 +8\\.20 +8\\.20 .*")),
            cli.out());
        for (final String plot : List.of("mean_queue", "jct_mean", "jct_p99", "makespan")) {
            assertTrue(Files.isRegularFile(temp.resolve("sweep").resolve(plot + ".png")), plot);
            assertTrue(Files.isRegularFile(temp.resolve("sweep").resolve(plot + ".svg")), plot);
        }
        assertTrue(cli.out().contains("plots (.png, .svg) of mean_queue, wait_mean, jct_mean, jct_p99,"
            + " utilization_r0, makespan against servers"), cli.out());
        // two servers: the big job on one, the four small ones on the other, all from time 0
        assertTrue(printed.stream().anyMatch(line -> line.matches("2 +SJF +0\\.000 +4\\.16 +4\\.20 +4\\.20 .*")),
            cli.out());
    }

    /** An open workload's table: response time and throughput (no makespan), at most 130 characters wide. */
    @Test
    void openRunsPrintResponseTimesWithinOneHundredThirtyColumns() {
        assertEquals(0, run("run", "--scheduler", "BF-J/S,FIFO-FF", "--horizon", "20000"), cli.transcript());
        final List<String> printed = cli.out().lines().toList();
        assertTrue(printed.get(1).contains("response") && printed.get(2).contains("thruput")
            && !printed.get(2).contains("makespan"), cli.out());
        for (final String line : printed.subList(1, printed.size())) {
            assertTrue(line.length() <= RunTable.WIDTH, line.length() + " characters: " + line);
        }
        assertEquals(14, row(printed, "BF-J/S").length, "a value in every column: " + cli.out());
    }

    private static String[] row(final List<String> printed, final String scheduler) {
        return printed.stream().filter(line -> line.startsWith(scheduler + " ")).findFirst()
            .orElseThrow(() -> new AssertionError("no row of " + scheduler + ": " + printed)).trim().split(" +");
    }

    private static double metric(final List<String> csv, final String scheduler, final String metric) {
        final String prefix = scheduler + "," + metric + ",";
        return Double.parseDouble(csv.stream().filter(line -> line.startsWith(prefix)).findFirst()
            .orElseThrow(() -> new AssertionError("no " + prefix + " in " + csv)).substring(prefix.length()));
    }

    @Test
    void badRowsAndMisuseAreOneLineErrors() throws IOException {
        final Path bad = Files.writeString(temp.resolve("bad.csv"), "arrival,duration,r1\n0,4,1.0\n0,-1,0.25\n");
        assertEquals(2, run("run", "--jobs", bad.toString(), "--servers", "1", "--scheduler", "SJF"));
        assertEquals("stowage run: " + bad + " line 3, duration (column 2) = '-1': must be a finite number > 0"
            + System.lineSeparator(),
            cli.err());
        assertEquals(2, run("run", "--jobs", temp.resolve("missing.csv").toString(), "--scheduler", "SJF"));
        assertTrue(cli.err().startsWith("stowage run: invalid value for --jobs: '")
            || cli.err().contains("invalid value for --jobs"), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
        final Path good = Files.writeString(temp.resolve("two.csv"), "arrival,duration,r1,r2\n0,4,0.5,0.5\n");
        assertEquals(2, run("run", "--jobs", good.toString(), "--servers", "1", "--intensity", "0.5",
            "--scheduler", "SJF"));
        assertEquals("stowage run: --intensity does not apply with --jobs '" + good + "' (the file gives every job)"
            + System.lineSeparator(), cli.err());
    }
}
