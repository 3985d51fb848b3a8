package org.stowage.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.cli.SerializingEngine;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.Experiments;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

class SweepTest {
    private static final Units UNITS = Units.defaults();

    private static Sweep sweep() {
        return new Sweep(List.of("BF-J/S", "FIFO-FF"),
            List.of(Sweep.Axis.of("intensity", 0.8, 0.95), Sweep.Axis.of("servers", 2, 4)), 3, 11,
            Map.of("sizes", "uniform:0.1,0.9"));
    }

    /** A short slotted run at the point's intensity and server count. */
    private static RunResult runPoint(final Sweep.Point point, final String scheduler) {
        final int servers = (int) point.number("servers");
        final SizeDistribution sizes = SizeDistribution.uniform(UNITS, 0.1, 0.9);
        final ServiceDistribution service = ServiceDistribution.geometric(20);
        final double lambda = SyntheticWorkload.lambdaForIntensity(point.number("intensity"), servers, 20, 0.5);
        final int[] capacities = new int[servers];
        Arrays.fill(capacities, UNITS.capacityUnits(1));
        return Experiments.run(new RunSpec(scheduler, 1, capacities,
            seed -> new SyntheticWorkload(Arrivals.poissonPerSlot(lambda), sizes, service, seed),
            TimeMode.SLOTTED, 20_000, 2_000, point.seed(), 10));
    }

    @Test
    void gridOrderSeedsAndSizes() {
        final Sweep sweep = sweep();
        final List<Sweep.Point> points = sweep.points();
        assertEquals(2 * 2 * 3, points.size());
        assertEquals(Map.of("intensity", "0.8", "servers", "2"), points.get(0).coordinates());
        assertEquals(Map.of("intensity", "0.8", "servers", "4"), points.get(3).coordinates());
        assertEquals(2 * points.size(), sweep.units().size());
        assertNotEquals(points.get(0).seed(), points.get(1).seed(), "replications differ");
        // a point's seed depends on what it is, not on where it sits in the grid
        final Sweep reordered = new Sweep(List.of("BF-J/S"),
            List.of(Sweep.Axis.of("intensity", 0.95, 0.8), Sweep.Axis.of("servers", 4, 2)), 3, 11, Map.of());
        final long seed = reordered.points().stream()
            .filter(p -> p.coordinates().equals(points.get(0).coordinates()) && p.replication() == 0)
            .findFirst().orElseThrow().seed();
        assertEquals(points.get(0).seed(), seed);
    }

    @Test
    void resultsAreByteIdenticalWhateverTheThreadCount(@TempDir final Path directory) throws IOException {
        final Sweep.Outcome one = sweep().run(directory.resolve("one"), SweepTest::runPoint, 1, Integer.MAX_VALUE, done -> { });
        final Sweep.Outcome two = sweep().run(directory.resolve("two"), SweepTest::runPoint, 2, Integer.MAX_VALUE, done -> { });
        assertTrue(one.complete() && two.complete());
        for (final String file : List.of(SweepFiles.RESULTS, SweepFiles.SUMMARY, SweepFiles.MANIFEST)) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("one").resolve(file)),
                Files.readAllBytes(directory.resolve("two").resolve(file)), file);
        }
        final List<String> rows = Files.readAllLines(directory.resolve("one").resolve(SweepFiles.RESULTS));
        assertEquals("intensity,servers,scheduler,replication,metric,value", rows.get(0));
        assertTrue(rows.get(1).startsWith("0.8,2,BF-J/S,0,arrived_total,"), rows.get(1));
        final List<String> summary = Files.readAllLines(directory.resolve("one").resolve(SweepFiles.SUMMARY));
        assertEquals("intensity,servers,scheduler,metric,n,mean,ci95_low,ci95_high", summary.get(0));
        final String meanQueue = summary.stream().filter(r -> r.startsWith("0.95,4,FIFO-FF,mean_queue,")).findFirst()
            .orElseThrow();
        final String[] fields = meanQueue.split(",");
        assertEquals("3", fields[4]);
        assertTrue(Double.parseDouble(fields[6]) <= Double.parseDouble(fields[5])
            && Double.parseDouble(fields[5]) <= Double.parseDouble(fields[7]), meanQueue);
    }

    @Test
    void anInterruptedSweepResumesWithoutRedoingFinishedRuns(@TempDir final Path directory) throws IOException {
        final AtomicInteger runs = new AtomicInteger();
        final Sweep.PointRunner counting = (point, scheduler) -> {
            runs.incrementAndGet();
            return runPoint(point, scheduler);
        };
        final Sweep.Outcome first = sweep().run(directory, counting, 2, 5, done -> { });
        assertFalse(first.complete());
        assertEquals(5, first.executed());
        assertEquals(5, runs.get());
        assertFalse(Files.exists(directory.resolve(SweepFiles.RESULTS)), "no assembled results before the end");

        final Sweep.Outcome second = sweep().run(directory, counting, 2, Integer.MAX_VALUE, done -> { });
        assertTrue(second.complete());
        assertEquals(5, second.skipped());
        assertEquals(24 - 5, second.executed());
        assertEquals(24, runs.get(), "every unit ran exactly once");

        final Path fresh = directory.resolveSibling(directory.getFileName() + "-fresh");
        sweep().run(fresh, SweepTest::runPoint, 2, Integer.MAX_VALUE, done -> { });
        assertArrayEquals(Files.readAllBytes(fresh.resolve(SweepFiles.RESULTS)),
            Files.readAllBytes(directory.resolve(SweepFiles.RESULTS)), "resumed results equal an uninterrupted sweep");
    }

    @Test
    void aSweepStartedLocallyResumesOnAnotherEngineWithTheSameFiles(@TempDir final Path directory) throws IOException {
        final Sweep.Outcome first = sweep().run(directory, SweepTest::runPoint, 2, 7, done -> { });
        assertEquals(7, first.executed());
        final Sweep.PortableRunner portable = () -> SweepTest::runPoint;
        final Sweep.Outcome second;
        try (SweepEngine engine = new SerializingEngine()) {
            second = sweep().run(directory, new Sweep.Work(SweepTest::runPoint, portable), engine, Integer.MAX_VALUE,
                done -> { });
        }
        assertTrue(second.complete());
        assertEquals(7, second.skipped());
        assertEquals(24 - 7, second.executed());
        final Path local = directory.resolveSibling(directory.getFileName() + "-local");
        sweep().run(local, SweepTest::runPoint, 2, Integer.MAX_VALUE, done -> { });
        for (final String file : List.of(SweepFiles.RESULTS, SweepFiles.SUMMARY, SweepFiles.MANIFEST)) {
            assertArrayEquals(Files.readAllBytes(local.resolve(file)), Files.readAllBytes(directory.resolve(file)), file);
        }
    }

    @Test
    void anEngineThatSkipsAUnitIsCaught(@TempDir final Path directory) {
        final SweepEngine lazy = new SweepEngine() {
            @Override
            public String description() {
                return "a lazy engine";
            }

            @Override
            public void run(final List<Sweep.Unit> batch, final Sweep.Work work, final Finished finished) {
                // runs nothing
            }

            @Override
            public void close() {
            }
        };
        final IllegalStateException error = assertThrows(IllegalStateException.class,
            () -> sweep().run(directory, new Sweep.Work(SweepTest::runPoint, null), lazy, Integer.MAX_VALUE, done -> { }));
        assertEquals("a lazy engine returned without running unit 0", error.getMessage());
        assertFalse(Files.exists(directory.resolve(SweepFiles.RESULTS)));
    }

    @Test
    void aDirectoryHoldingAnotherSweepIsRefused(@TempDir final Path directory) {
        sweep().run(directory, SweepTest::runPoint, 1, 1, done -> { });
        final Sweep other = new Sweep(List.of("BF-J/S"), List.of(Sweep.Axis.of("intensity", 0.5)), 1, 11, Map.of());
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> other.run(directory, SweepTest::runPoint, 1, Integer.MAX_VALUE, done -> { }));
        assertTrue(error.getMessage().contains("holds a different sweep"), error.getMessage());
    }

    /** A unit file cut short (by something other than this program) is named in a note and run again. */
    @Test
    void aDamagedUnitFileIsRunAgainWithANote(@TempDir final Path directory) throws IOException {
        sweep().run(directory, SweepTest::runPoint, 2, Integer.MAX_VALUE, done -> { });
        final byte[] results = Files.readAllBytes(directory.resolve(SweepFiles.RESULTS));
        final Path unit = directory.resolve("runs/u-000003.json");
        Files.writeString(unit, Files.readString(unit).substring(0, 40));
        final List<String> told = new ArrayList<>();
        final Sweep.Outcome again = sweep().run(directory, SweepTest::runPoint, 2, Integer.MAX_VALUE, done -> { },
            told::add);
        assertEquals(1, again.executed());
        assertEquals(List.of("note: " + unit + " is unreadable (Unexpected end-of-input: was expecting closing quote for a"
            + " string value); running it again"), told);
        assertEquals(told, again.notes());
        assertArrayEquals(results, Files.readAllBytes(directory.resolve(SweepFiles.RESULTS)));
    }

    @Test
    void aDirectoryHoldingARunsResultsIsRefusedBeforeAnythingIsWritten(@TempDir final Path directory)
        throws IOException {
        Files.writeString(directory.resolve(OutputDirectory.RUN_SUMMARY), "{}");
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> sweep().run(directory, SweepTest::runPoint, 1, Integer.MAX_VALUE, done -> { }));
        assertEquals("output directory '" + directory + "' holds a run's results (summary.json); a sweep would"
            + " overwrite its results.csv; use another directory", error.getMessage());
        assertFalse(Files.exists(directory.resolve(SweepFiles.MANIFEST)));
        assertFalse(Files.exists(directory.resolve("runs")));
    }

    /** Arrays kept with a run (a batch's completions) come back from its unit file equal; a run without has no field. */
    @Test
    void arraysKeptWithARunComeBackFromItsUnitFile() throws IOException {
        final Sweep.Point point = sweep().points().get(0);
        final RunResult plain = runPoint(point, "BF-J/S");
        final Sweep.Unit unit = new Sweep.Unit(0, point, "BF-J/S", plain);
        assertFalse(SweepFiles.unitJson(unit).contains("\"arrays\""));
        final RunResult withArrays = new RunResult(plain.scheduler(), plain.metrics(), plain.stability(),
            plain.seriesStart(), plain.seriesMean(), plain.wallSeconds(),
            Map.of("completion", new double[] {0.1, 1.0 / 3, 7e-300, Double.MAX_VALUE}));
        final RunResult back = SweepFiles.unitResult(SweepFiles.unitJson(new Sweep.Unit(0, point, "BF-J/S", withArrays)),
            unit, "test");
        assertEquals(List.of("completion"), List.copyOf(back.arrays().keySet()));
        assertArrayEquals(withArrays.array("completion"), back.array("completion"));
        assertEquals(plain.metrics(), back.metrics());
        assertTrue(SweepFiles.unitResult(SweepFiles.unitJson(unit), unit, "test").arrays().isEmpty());
    }

    @Test
    void studentIntervalOnKnownValues() {
        final double[] interval = SweepFiles.meanAndInterval(new double[] {1, 2, 3, Double.NaN});
        assertEquals(2, interval[0], 1e-12);
        assertEquals(3, interval[3]);
        // t(0.975, 2) = 4.302652729911275; s = 1; half width = t / sqrt(3)
        assertEquals(2 - 4.302652729911275 / Math.sqrt(3), interval[1], 1e-9);
        assertTrue(Double.isNaN(SweepFiles.meanAndInterval(new double[] {5})[1]));
    }
}
