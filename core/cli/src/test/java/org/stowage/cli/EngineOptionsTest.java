package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --engine}: a sweep and a figure run on an engine that ships its work as bytes (as a cluster does)
 * write the local runner's files byte for byte, and the engine options fail with one line.
 */
class EngineOptionsTest {
    private final CliSession cli = CliSession.withThisHeap();

    private int run(final List<String> args) {
        return cli.run(args.toArray(String[]::new));
    }

    private static List<String> with(final List<String> args, final String... more) {
        final List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all;
    }

    @Test
    void aSweepOnAnotherEngineWritesTheLocalFilesByteForByte(@TempDir final Path directory) throws IOException {
        final List<String> sweep = List.of("sweep", "--scheduler", "BF-J/S,FIFO-FF", "--vary", "intensity=0.8,0.95",
            "--vary", "servers=2,4", "--replications", "2", "--horizon", "20000", "--seed", "5");
        assertEquals(0, run(with(sweep, "--out", directory.resolve("local").toString(), "--threads", "2")), cli.err());
        assertEquals(0, run(with(sweep, "--out", directory.resolve("other").toString(), "--engine", "serializing")),
            cli.err());
        assertTrue(cli.out().contains("16 runs (4 points x 2 replications x 2 schedulers) on a serializing test engine"),
            cli.out());
        assertSameFiles(directory.resolve("local"), directory.resolve("other"), "results.csv", "summary.csv",
            "manifest.json");
    }

    @Test
    void aFigureOnAnotherEngineWritesTheLocalFilesByteForByte(@TempDir final Path directory) throws IOException {
        final List<String> reproduce = List.of("reproduce", "fig4a", "--quick", "--seed", "3");
        assertEquals(0, run(with(reproduce, "--out", directory.resolve("local").toString(), "--threads", "2")),
            cli.err());
        assertEquals(0, run(with(reproduce, "--out", directory.resolve("other").toString(), "--engine", "serializing")),
            cli.err());
        assertSameFiles(directory.resolve("local/fig4a"), directory.resolve("other/fig4a"), "results.csv", "summary.csv",
            "manifest.json", "fig4a.csv");
    }

    /** A DJSF item is an ordinary figure: its units ship to another engine and come back as the same files. */
    @Test
    void aDjsfItemOnAnotherEngineWritesTheLocalFilesByteForByte(@TempDir final Path directory) throws IOException {
        final List<String> reproduce = List.of("reproduce", "djsf-fig1", "--seed", "3");
        assertEquals(0, run(with(reproduce, "--out", directory.resolve("local").toString(), "--threads", "2")),
            cli.err());
        assertEquals(0, run(with(reproduce, "--out", directory.resolve("other").toString(), "--engine", "serializing")),
            cli.err());
        assertSameFiles(directory.resolve("local/djsf-fig1"), directory.resolve("other/djsf-fig1"), "results.csv",
            "summary.csv", "manifest.json", "djsf-fig1.csv");
    }

    /**
     * The named files are equal byte for byte, and so are the runs' files but for their wall-clock time (the
     * one field that is not a function of the inputs).
     */
    static void assertSameFiles(final Path expected, final Path actual, final String... names) throws IOException {
        for (final String name : names) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(name)), Files.readAllBytes(actual.resolve(name)), name);
        }
        final List<Path> runs;
        try (Stream<Path> files = Files.list(expected.resolve("runs"))) {
            runs = files.sorted().toList();
        }
        try (Stream<Path> files = Files.list(actual.resolve("runs"))) {
            assertEquals(runs.stream().map(Path::getFileName).toList(), files.sorted().map(Path::getFileName).toList());
        }
        assertTrue(!runs.isEmpty());
        for (final Path run : runs) {
            assertEquals(withoutWallTime(Files.readString(run)),
                withoutWallTime(Files.readString(actual.resolve("runs").resolve(run.getFileName()))), run.toString());
        }
    }

    /** The run's text without its wall time and, for a batch run, the time spent in its kernel. */
    private static String withoutWallTime(final String json) {
        final String stripped = json.replaceAll("\"wall_seconds\" : [0-9.Ee-]+,", "")
            .replaceAll("\"overhead_s\" : \\[ [0-9.Ee-]+ \\]", "");
        assertTrue(stripped.length() < json.length(), "a run file has its wall time: " + json);
        return stripped;
    }

    @Test
    void engineOptionsFailWithOneLine() {
        final List<String> sweep = List.of("sweep", "--vary", "intensity=0.9", "--out", "never-written");
        assertError("stowage sweep: invalid value for --engine: 'spark' needs the stowage-spark jar and Spark on the class"
            + " path: use bin/stowage-spark, or spark-submit spark/target/stowage-spark.jar", with(sweep, "--engine", "spark"));
        assertError("stowage sweep: invalid value for --engine: 'warp' (local or spark)", with(sweep, "--engine", "warp"));
        assertError("stowage sweep: --master applies to --engine spark only: local[2]", with(sweep, "--master", "local[2]"));
        assertError("stowage reproduce: --threads applies to --engine local only (the master sets the parallelism of"
            + " --engine serializing, for example local[4]): 2",
            List.of("reproduce", "fig4a", "--quick", "--engine", "serializing", "--threads", "2"));
        assertTrue(Files.notExists(Path.of("never-written")));
    }

    private void assertError(final String expected, final List<String> args) {
        assertEquals(2, run(args), cli.out());
        assertEquals(expected + "\n", cli.err().replace("\r\n", "\n"));
    }
}
