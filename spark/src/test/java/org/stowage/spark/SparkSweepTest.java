package org.stowage.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.apache.spark.TaskContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.cli.StowageCli;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.Experiments;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepFiles;

/**
 * Sweeps through Spark in local mode ({@code local[2]}): the files are the local runner's byte for byte
 * (the runs' files but for their wall-clock time), an interrupted sweep resumes on either engine, a failed
 * task is retried with nothing left half-written, and a run that fails for good fails the sweep.
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
        assertEquals(16, runs.size());
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

    // ---- the engine on its own, with a runner defined here --------------------------------------------

    private static final Units UNITS = Units.defaults();

    private static Sweep sweep() {
        return new Sweep(List.of("BF-J/S", "FIFO-FF"), List.of(Sweep.Axis.of("intensity", 0.8, 0.95)), 3, 11,
            Map.of("sizes", "uniform:0.1,0.9"));
    }

    /** A short slotted run on 3 servers at the point's intensity. */
    static RunResult runPoint(final Sweep.Point point, final String scheduler) {
        final SizeDistribution sizes = SizeDistribution.uniform(UNITS, 0.1, 0.9);
        final ServiceDistribution service = ServiceDistribution.geometric(20);
        final double lambda = SyntheticWorkload.lambdaForIntensity(point.number("intensity"), 3, 20, 0.5);
        final int[] capacities = {UNITS.capacityUnits(1), UNITS.capacityUnits(1), UNITS.capacityUnits(1)};
        return Experiments.run(new RunSpec(scheduler, 1, capacities,
            seed -> new SyntheticWorkload(Arrivals.poissonPerSlot(lambda), sizes, service, seed),
            TimeMode.SLOTTED, 10_000, 1_000, point.seed(), 10));
    }

    /** Fails the first attempt of every replication-1 run, as a lost executor would. */
    static RunResult failFirstAttempt(final Sweep.Point point, final String scheduler) {
        if (point.replication() == 1 && TaskContext.get().attemptNumber() == 0) {
            throw new IllegalStateException("executor lost");
        }
        return runPoint(point, scheduler);
    }

    /** Fails every run of intensity 0.95, replication 2. */
    static RunResult failOnePoint(final Sweep.Point point, final String scheduler) {
        if (point.replication() == 2 && point.text("intensity").equals("0.95")) {
            throw new IllegalArgumentException("bad point " + point.coordinates());
        }
        return runPoint(point, scheduler);
    }

    @Test
    void aFailedTaskIsRetriedAndAFailingRunFailsTheSweepWithNothingHalfWritten(@TempDir final Path directory)
        throws IOException {
        sweep().run(directory.resolve("local"), SparkSweepTest::runPoint, 2, Integer.MAX_VALUE, done -> { });
        final Sweep.PortableRunner flaky = () -> SparkSweepTest::failFirstAttempt;
        final Sweep.PortableRunner broken = () -> SparkSweepTest::failOnePoint;
        try (SparkSweepEngine engine = SparkSweepEngine.start("local[2,2]")) { // 2 attempts per task
            final Sweep.Outcome retried = sweep().run(directory.resolve("retried"),
                new Sweep.Work(SparkSweepTest::runPoint, flaky), engine, Integer.MAX_VALUE, done -> { });
            assertTrue(retried.complete());
            for (final String name : List.of(SweepFiles.RESULTS, SweepFiles.SUMMARY)) {
                assertArrayEquals(Files.readAllBytes(directory.resolve("local").resolve(name)),
                    Files.readAllBytes(directory.resolve("retried").resolve(name)), name);
            }

            final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> sweep().run(directory.resolve("broken"), new Sweep.Work(SparkSweepTest::runPoint, broken), engine,
                    Integer.MAX_VALUE, done -> { }));
            assertEquals("bad point {intensity=0.95}", error.getMessage());
        }
        assertFalse(Files.exists(directory.resolve("broken").resolve(SweepFiles.RESULTS)));
        try (Stream<Path> runs = Files.list(directory.resolve("broken").resolve("runs"))) {
            for (final Path run : runs.toList()) {
                assertTrue(run.getFileName().toString().matches("u-\\d{6}\\.json"), "no temporary file: " + run);
                assertTrue(Files.readString(run).contains("\"metrics\""), run.toString());
            }
        }
    }

    @Test
    void unitsGoCostliestFirstAndAreDealtRoundRobinAboveTheTaskLimit() {
        final Sweep.PointRunner byIntensity = new Sweep.PointRunner() {
            @Override
            public RunResult run(final Sweep.Point point, final String scheduler) {
                throw new AssertionError("not run");
            }

            @Override
            public double cost(final Sweep.Point point, final String scheduler) {
                return point.number("intensity");
            }
        };
        final List<Sweep.Unit> order = SparkSweepEngine.costliestFirst(sweep().units(), byIntensity);
        final List<Integer> indices = order.stream().map(Sweep.Unit::index).toList();
        // 0.95 (units 6-11) before 0.8 (units 0-5), each in grid order
        assertEquals(List.of(6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5), indices);
        final List<SparkSweepEngine.UnitTask[]> one = SparkSweepEngine.tasks(order, 100);
        assertEquals(12, one.size());
        assertEquals(6, one.get(0)[0].index());
        final List<SparkSweepEngine.UnitTask[]> five = SparkSweepEngine.tasks(order, 5);
        assertEquals(5, five.size());
        assertEquals(List.of(6, 11, 4), Stream.of(five.get(0)).map(SparkSweepEngine.UnitTask::index).toList());
        assertEquals(List.of(10, 3), Stream.of(five.get(4)).map(SparkSweepEngine.UnitTask::index).toList());
    }
}
