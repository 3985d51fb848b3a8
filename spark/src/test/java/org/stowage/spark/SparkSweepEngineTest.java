package org.stowage.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.apache.spark.TaskContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
 * {@link SparkSweepEngine} on its own, in {@code local[2,2]} (two cores, two attempts per task), with runners
 * defined here: a recipe is rebuilt once per executor JVM, a failed task is retried with nothing left
 * half-written, a run that fails for good fails the sweep, and units go costliest first.
 */
class SparkSweepEngineTest {
    private static final Units UNITS = Units.defaults();

    private static SparkSweepEngine engine;

    @BeforeAll
    static void startSpark() {
        engine = SparkSweepEngine.start("local[2,2]");
    }

    @AfterAll
    static void stopSpark() {
        engine.close();
    }

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

    /** Rebuilds in this JVM (local mode: the executor's) so far; see {@link CountingRecipe}. */
    private static final AtomicInteger REBUILDS = new AtomicInteger();

    /** A recipe that counts its rebuilds; a record, so copies sent with different tasks are equal. */
    record CountingRecipe(String name) implements Sweep.PortableRunner {
        @Override
        public Sweep.PointRunner rebuild() {
            REBUILDS.incrementAndGet();
            return SparkSweepEngineTest::runPoint;
        }
    }

    @Test
    void aRecipeIsRebuiltOncePerExecutorNeverPerPoint(@TempDir final Path directory) {
        final int before = REBUILDS.get();
        final CountingRecipe recipe = new CountingRecipe("once " + directory);
        final Sweep.Outcome first = sweep().run(directory.resolve("first"), new Sweep.Work(SparkSweepEngineTest::runPoint,
            recipe), engine, Integer.MAX_VALUE, done -> { });
        assertEquals(12, first.executed());
        assertEquals(before + 1, REBUILDS.get(), "12 tasks in one executor, one rebuild");
        sweep().run(directory.resolve("second"), new Sweep.Work(SparkSweepEngineTest::runPoint, recipe), engine,
            Integer.MAX_VALUE, done -> { });
        assertEquals(before + 1, REBUILDS.get(), "the next sweep of the same recipe reuses it");
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
    void aFailedTaskIsRetriedWithTheSameResult(@TempDir final Path directory) throws IOException {
        sweep().run(directory.resolve("local"), SparkSweepEngineTest::runPoint, 2, Integer.MAX_VALUE, done -> { });
        final Sweep.PortableRunner flaky = () -> SparkSweepEngineTest::failFirstAttempt;
        final Sweep.Outcome retried = sweep().run(directory.resolve("retried"),
            new Sweep.Work(SparkSweepEngineTest::runPoint, flaky), engine, Integer.MAX_VALUE, done -> { });
        assertTrue(retried.complete());
        for (final String name : List.of(SweepFiles.RESULTS, SweepFiles.SUMMARY)) {
            assertArrayEquals(Files.readAllBytes(directory.resolve("local").resolve(name)),
                Files.readAllBytes(directory.resolve("retried").resolve(name)), name);
        }
    }

    @Test
    void aRunThatFailsForGoodFailsTheSweepWithItsOwnErrorAndNothingHalfWritten(@TempDir final Path directory)
        throws IOException {
        final Sweep.PortableRunner broken = () -> SparkSweepEngineTest::failOnePoint;
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> sweep().run(directory, new Sweep.Work(SparkSweepEngineTest::runPoint, broken), engine,
                Integer.MAX_VALUE, done -> { }));
        assertEquals("bad point {intensity=0.95}", error.getMessage());
        assertFalse(Files.exists(directory.resolve(SweepFiles.RESULTS)));
        try (Stream<Path> runs = Files.list(directory.resolve("runs"))) {
            for (final Path run : runs.toList()) {
                assertTrue(run.getFileName().toString().matches("u-\\d{6}\\.json"), "no temporary file: " + run);
                assertTrue(Files.readString(run).contains("\"metrics\""), run.toString());
            }
        }
    }

    @Test
    void workThatCannotLeaveThisJvmIsRefused(@TempDir final Path directory) {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> sweep().run(directory, new Sweep.Work(SparkSweepEngineTest::runPoint, null), engine,
                Integer.MAX_VALUE, done -> { }));
        assertTrue(error.getMessage().contains("no portable runner"), error.getMessage());
        assertEquals("Spark local[2,2] (2 cores)", engine.description());
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
        // 0.95 (units 6-11) before 0.8 (units 0-5), each in grid order
        assertEquals(List.of(6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5), order.stream().map(Sweep.Unit::index).toList());
        final List<SparkSweepEngine.UnitTask[]> one = SparkSweepEngine.tasks(order, 100);
        assertEquals(12, one.size());
        assertEquals(6, one.get(0)[0].index());
        final List<SparkSweepEngine.UnitTask[]> five = SparkSweepEngine.tasks(order, 5);
        assertEquals(5, five.size());
        assertEquals(List.of(6, 11, 4), Stream.of(five.get(0)).map(SparkSweepEngine.UnitTask::index).toList());
        assertEquals(List.of(10, 3), Stream.of(five.get(4)).map(SparkSweepEngine.UnitTask::index).toList());
    }
}
