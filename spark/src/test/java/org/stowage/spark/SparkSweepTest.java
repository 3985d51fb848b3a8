package org.stowage.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.cli.StowageCli;
import org.stowage.sweep.SweepFiles;

/**
 * Sweeps through Spark in local mode ({@code local[2]}): the files are the local runner's byte for byte
 * (the runs' files but for their wall-clock time), with a synthetic workload and with a trace, and an
 * interrupted sweep resumes on either engine. {@link SparkSweepEngineTest} tests the engine on its own.
 */
class SparkSweepTest {
    /** A small sweep: 16 runs of 20,000 slots. */
    private static final List<String> SWEEP = List.of("sweep", "--scheduler", "BF-J/S,FIFO-FF", "--vary",
        "intensity=0.8,0.95", "--vary", "servers=2,4", "--replications", "2", "--horizon", "20000", "--seed", "5");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int local(final List<String> args, final String... more) {
        return StowageCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), with(args, more));
    }

    private int spark(final List<String> args, final String... more) {
        return SparkStowage.execute(new PrintWriter(out, true), new PrintWriter(err, true), with(args, more));
    }

    private static String[] with(final List<String> args, final String... more) {
        final List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void aSweepOnSparkWritesTheLocalRunnersFilesByteForByte(@TempDir final Path directory) throws IOException {
        assertEquals(0, local(SWEEP, "--out", directory.resolve("local").toString(), "--threads", "2"), err.toString());
        assertEquals(0, spark(SWEEP, "--out", directory.resolve("spark").toString(), "--master", "local[2]"),
            err.toString());
        assertTrue(out.toString().contains("16 runs (4 points x 2 replications x 2 schedulers) on Spark local[2] (2 cores)"),
            out.toString());
        assertSameFiles(directory.resolve("local"), directory.resolve("spark"));
    }

    @Test
    void aTraceSweepOnSparkWritesTheLocalRunnersFiles(@TempDir final Path directory) throws Exception {
        final String trace = "swf:" + Path.of(SparkSweepTest.class.getResource("/traces/swf/rules.swf.txt").toURI());
        final List<String> sweep = List.of("sweep", "--trace", trace, "--servers", "4", "--scheduler", "BF-J,FIFO-FF",
            "--vary", "traffic-scaling=1,2", "--replications", "4");
        assertEquals(0, local(sweep, "--out", directory.resolve("local").toString(), "--threads", "2"), err.toString());
        assertEquals(0, spark(sweep, "--out", directory.resolve("spark").toString(), "--master", "local[2]"),
            err.toString());
        assertSameFiles(directory.resolve("local"), directory.resolve("spark"));
    }

    @Test
    void aUsersKernelFromItsJarSweepsOnSparkAsLocally(@TempDir final Path directory) throws IOException {
        // FIFO-WF is core/example's kernel, on this module's test class path as a user's jar would be
        final List<String> sweep = List.of("sweep", "--scheduler", "FIFO-WF,BF-J", "--vary", "intensity=0.8,0.95",
            "--replications", "2", "--horizon", "20000", "--seed", "5");
        assertEquals(0, local(sweep, "--out", directory.resolve("local").toString(), "--threads", "2"), err.toString());
        assertEquals(0, spark(sweep, "--out", directory.resolve("spark").toString(), "--master", "local[2]"),
            err.toString());
        assertSameFiles(directory.resolve("local"), directory.resolve("spark"));
        assertTrue(Files.readString(directory.resolve("spark").resolve(SweepFiles.SUMMARY)).contains(",FIFO-WF,"));
    }

    @Test
    void aSweepResumesOnSparkRunningOnlyWhatIsMissing(@TempDir final Path directory) throws IOException {
        final Path partial = directory.resolve("partial");
        assertEquals(0, local(SWEEP, "--out", partial.toString(), "--threads", "2"), err.toString());
        final Path local = directory.resolve("local");
        Files.createDirectories(local.resolve("runs"));
        try (Stream<Path> files = Files.list(partial)) {
            for (final Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, local.resolve(file.getFileName()));
            }
        }
        try (Stream<Path> runs = Files.list(partial.resolve("runs"))) {
            for (final Path run : runs.toList()) {
                Files.copy(run, local.resolve("runs").resolve(run.getFileName()));
            }
        }
        // as if stopped after 11 of 16 runs: the last 5 runs and the assembled tables are missing
        for (int unit = 11; unit < 16; unit++) {
            Files.delete(partial.resolve("runs").resolve(String.format("u-%06d.json", unit)));
        }
        Files.delete(partial.resolve(SweepFiles.RESULTS));
        Files.delete(partial.resolve(SweepFiles.SUMMARY));
        out.getBuffer().setLength(0);
        assertEquals(0, spark(SWEEP, "--out", partial.toString(), "--master", "local[2]"), err.toString());
        assertTrue(out.toString().contains("ran 5, kept 11 finished earlier"), out.toString());
        assertSameFiles(local, partial);
    }

    /**
     * The named tables and the manifest are equal byte for byte, and so are the runs' files but for their
     * wall-clock time (the one field that is not a function of the inputs).
     */
    private static void assertSameFiles(final Path expected, final Path actual) throws IOException {
        for (final String name : List.of(SweepFiles.RESULTS, SweepFiles.SUMMARY, SweepFiles.MANIFEST)) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(name)), Files.readAllBytes(actual.resolve(name)), name);
        }
        final List<Path> runs;
        try (Stream<Path> files = Files.list(expected.resolve("runs"))) {
            runs = files.sorted().toList();
        }
        try (Stream<Path> files = Files.list(actual.resolve("runs"))) {
            assertEquals(runs.stream().map(Path::getFileName).toList(), files.sorted().map(Path::getFileName).toList(),
                "no other file, in particular no temporary one");
        }
        assertFalse(runs.isEmpty());
        for (final Path run : runs) {
            assertEquals(withoutWallTime(Files.readString(run)),
                withoutWallTime(Files.readString(actual.resolve("runs").resolve(run.getFileName()))), run.toString());
        }
    }

    private static String withoutWallTime(final String json) {
        final String stripped = json.replaceAll("\"wall_seconds\" : [0-9.Ee-]+,", "");
        assertTrue(stripped.length() < json.length(), "a run file has its wall time: " + json);
        return stripped;
    }

    @Test
    void theEngineOptionIsAddedOnlyWhereItIsMissing() {
        assertArrayEquals(new String[] {"sweep", "--engine", "spark", "--out", "x"}, SparkStowage.onSpark("sweep", "--out", "x"));
        assertArrayEquals(new String[] {"reproduce", "--engine", "spark", "fig4a"}, SparkStowage.onSpark("reproduce", "fig4a"));
        assertArrayEquals(new String[] {"sweep", "--engine=local"}, SparkStowage.onSpark("sweep", "--engine=local"));
        assertArrayEquals(new String[] {"run", "--horizon", "100"}, SparkStowage.onSpark("run", "--horizon", "100"));
    }

    @Test
    void aMissingOrBadMasterIsOneLine() {
        assertEquals(2, spark(SWEEP, "--out", "never-written"));
        assertEquals("stowage sweep: --engine spark needs --master (for example local[2]) when not run by spark-submit\n",
            err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, spark(SWEEP, "--out", "never-written", "--master", "nowhere[2]"));
        assertTrue(err.toString().startsWith("stowage sweep: invalid value for --master: 'nowhere[2]': "), err.toString());
        assertEquals(1, err.toString().split("\n").length, err.toString());
        assertFalse(Files.exists(Path.of("never-written")));
    }
}
