package org.stowage.core.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.metrics.Metric;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/** {@link RunSpec#builder()}: the same runs as the positional constructor, its defaults, and its checks. */
class RunSpecBuilderTest {
    private static final Units UNITS = Units.defaults();
    private static final SizeDistribution SIZES = SizeDistribution.uniform(UNITS, 0.1, 0.9);
    private static final ServiceDistribution SERVICE = ServiceDistribution.geometric(100);

    private static RunSpec.Builder generated() {
        return RunSpec.builder()
            .servers(ServerTable.homogeneous(5, UNITS.capacityUnits(1.0)))
            .sizes(SIZES)
            .service(SERVICE)
            .arrivals(Arrivals.poissonPerSlot(0.09))
            .horizon(20_000)
            .kernel("BF-J/S");
    }

    @Test
    @SuppressWarnings("deprecation")
    void theBuilderMakesTheRunThePositionalConstructorMakes() {
        final int[] capacities = new int[5];
        Arrays.fill(capacities, UNITS.capacityUnits(1.0));
        final RunSpec positional = new RunSpec("BF-J/S", 1, capacities,
            seed -> new SyntheticWorkload(Arrivals.poissonPerSlot(0.09), SIZES, SERVICE, seed), TimeMode.SLOTTED,
            20_000, 2_000, 42, 20_000 / 2048.0);
        final RunSpec built = generated().warmup(2_000).seed(42).build();
        assertEquals(positional.scheduler(), built.scheduler());
        assertArrayEquals(positional.capacities(), built.capacities());
        assertEquals(positional.horizon(), built.horizon());
        assertEquals(positional.seriesInterval(), built.seriesInterval());
        final RunResult expected = Experiments.run(positional);
        final RunResult actual = Experiments.run(built);
        assertEquals(expected.metrics(), actual.metrics());
        assertArrayEquals(expected.seriesMean(), actual.seriesMean());
        assertTrue(actual.metric(Metric.COMPLETED_TOTAL) > 1_000, actual.metrics().toString());
    }

    @Test
    void oneSpecRunsAgainAndOnManyThreadsWithTheSameResult() throws InterruptedException, ExecutionException {
        final RunSpec spec = generated().build();
        final RunResult first = Experiments.run(spec);
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            final Future<RunResult> a = pool.submit(() -> Experiments.run(spec));
            final Future<RunResult> b = pool.submit(() -> Experiments.run(spec));
            assertEquals(first.metrics(), a.get().metrics());
            assertEquals(first.metrics(), b.get().metrics());
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void defaults() {
        final RunSpec spec = generated().build();
        assertEquals(TimeMode.SLOTTED, spec.timeMode());
        assertEquals(0, spec.warmup());
        assertEquals(1, spec.seed());
        assertEquals(20_000 / 2048.0, spec.seriesInterval());
        assertNull(spec.model());
        assertEquals(false, spec.perQueue());
        final JobList jobs = JobList.of("two jobs", UNITS, 1, new double[] {0, 0}, new double[] {3, 4}, null, null,
            new int[] {UNITS.sizeUnits(0.5), UNITS.sizeUnits(0.7)});
        final RunSpec batch = RunSpec.builder().servers(ServerTable.homogeneous(1, UNITS.capacityUnits(1.0)))
            .jobs(jobs).kernel("FIFO-FF").build();
        assertEquals(Double.POSITIVE_INFINITY, batch.horizon(), "a job list runs to completion");
        assertEquals(1, batch.seriesInterval());
        final RunResult result = Experiments.run(batch);
        assertEquals(7, result.metric(Metric.MAKESPAN), "one server: 3 slots, then 4");
    }

    @Test
    void eachCheckNamesTheFieldAndTheValue() {
        assertRefused("servers: not given; give a ServerTable (ServerTable.homogeneous(5, units.capacityUnits(1.0)),"
            + " say)", b -> RunSpec.builder().sizes(SIZES).service(SERVICE).arrivals(Arrivals.poissonPerSlot(1))
                .horizon(10).kernel("BF-J"));
        assertRefused("workload: not given; give arrivals with sizes and service, a job list (jobs), a trace, or a"
            + " WorkloadSource (workload)", b -> RunSpec.builder().servers(ServerTable.homogeneous(2, 10))
                .kernel("BF-J"));
        assertRefused("service: not given; a generated workload needs arrivals, sizes and a service distribution",
            b -> RunSpec.builder().servers(ServerTable.homogeneous(2, 10)).sizes(SIZES)
                .arrivals(Arrivals.poissonPerSlot(1)).kernel("BF-J"));
        assertRefused("workload: arrivals and workload are given; give one",
            b -> b.workload(seed -> new SyntheticWorkload(Arrivals.poissonPerSlot(1), SIZES, SERVICE, seed)));
        assertRefused("horizon: not given; arrivals poisson-per-slot(0.09) never end: give the simulated time to run",
            b -> b.horizon(Double.NaN));
        assertRefused("horizon = -5.0: must be > 0", b -> b.horizon(-5));
        assertRefused("warmup = 20000.0: must be in [0, horizon = 20000.0)", b -> b.warmup(20_000));
        assertRefused("warmup = -1.0: must be in [0, horizon = 20000.0)", b -> b.warmup(-1));
        assertRefused("seriesInterval = 0.0: must be finite and > 0", b -> b.seriesInterval(0));
        assertRefused("sizes: jobs of 2 resources, but the servers have 1",
            b -> b.sizes(SizeDistribution.uniform(UNITS, new double[] {0.1, 0.1}, new double[] {0.5, 0.5})));
        assertRefused("kernel: not given; name one of the registry (Kernels.names(), `stowage schedulers`) or give a"
            + " KernelDefinition", b -> RunSpec.builder().servers(ServerTable.homogeneous(2, 10)).sizes(SIZES)
                .service(SERVICE).arrivals(Arrivals.poissonPerSlot(1)).horizon(10));
        final String unknown = refusal(b -> b.kernel("BF-X"));
        assertTrue(unknown.startsWith("kernel = 'BF-X': unknown scheduler 'BF-X'; known: BF-J, "), unknown);
        assertRefused("kernel = 'VQS:J=99': invalid value for parameter J of VQS: '99' (an integer in [2, 30])",
            b -> b.kernel("VQS:J=99"));
        assertRefused("kernel = 'BF-S': handles at most 1 resource(s); the servers have 2",
            b -> b.servers(ServerTable.homogeneous(2, 10, 10)).sizes(SizeDistribution.uniform(UNITS,
                new double[] {0.1, 0.1}, new double[] {0.5, 0.5})).kernel("BF-S"));
        assertRefused("kernel = 'RMS': needs the job types in its model; give model(Model.of(servers)"
            + ".withJobClasses(...))", b -> b.timeMode(TimeMode.CONTINUOUS).arrivals(Arrivals.poissonProcess(1))
                .kernel("RMS"));
    }

    @Test
    void kernelsCreateMakesAReadySchedulerOrSaysWhatItNeeds() {
        assertEquals("VQS-BF:J=7", Kernels.create("VQS-BF:J=7").name());
        final IllegalArgumentException rms = assertThrows(IllegalArgumentException.class, () -> Kernels.create("RMS"));
        assertEquals("scheduler RMS needs the job types in its model: make it with create(\"RMS\", model)",
            rms.getMessage());
        final IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
            () -> Kernels.create("VQS:J=1"));
        assertEquals("invalid value for parameter J of VQS: '1' (an integer in [2, 30])", bad.getMessage());
    }

    private static void assertRefused(final String message, final UnaryOperator<RunSpec.Builder> change) {
        assertEquals(message, refusal(change));
    }

    private static String refusal(final UnaryOperator<RunSpec.Builder> change) {
        return assertThrows(IllegalArgumentException.class, () -> change.apply(generated()).build()).getMessage();
    }
}
