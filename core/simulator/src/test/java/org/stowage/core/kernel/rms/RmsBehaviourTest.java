package org.stowage.core.kernel.rms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.JobQueueView;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.testkit.EventLog;

/**
 * Every RMS kernel on a random finite workload (20 unit servers, types of 0.2, 0.3 and 0.5, intensity 0.8,
 * Exp(1) services) under the invariant checker (capacity audited with dummies, conservation over real
 * jobs): the run ends (the clock stops once the workload is over and every real job has left), every job
 * is served, dummies are placed and the useful utilization is below the utilization with dummies; the same
 * seed gives the same events whether the runs share a thread pool or not; and with Remark 2 (RMS:replace,
 * RMS-RF-AD+) no type-j dummy ever runs while a type-j job waits. Seeds are in every failure message.
 */
class RmsBehaviourTest {
    private static final double[] TYPE_SIZES = {0.2, 0.3, 0.5};
    private static final int SERVERS = 20;
    private static final int JOBS = 4000;

    private static Simulation simulation(final String spec, final long seed, final EventLog log) {
        final Units units = Units.defaults();
        final ServerTable servers = ServerTable.homogeneous(SERVERS, units.capacityUnits(1.0));
        final double[][] vectors = new double[TYPE_SIZES.length][1];
        final int[][] sizes = new int[TYPE_SIZES.length][1];
        for (int j = 0; j < TYPE_SIZES.length; j++) {
            vectors[j][0] = TYPE_SIZES[j];
            sizes[j][0] = units.sizeUnits(TYPE_SIZES[j]);
        }
        final SizeDistribution sizeLaw = SizeDistribution.discrete(units, vectors, new double[] {1, 1, 1});
        Model model = Model.of(servers).withJobClasses(JobClasses.types(sizes, new double[] {1, 1, 1}, null));
        model = model.withPlan(RmsPlan.perResourceBound(model));
        final double lambda = SyntheticWorkload.lambdaForIntensity(0.8, SERVERS, 1, sizeLaw.mean(0));
        final Simulation.Builder builder = Simulation.builder()
            .servers(servers)
            .workload(new SyntheticWorkload(Arrivals.poissonProcess(lambda), sizeLaw,
                ServiceDistribution.exponential(1), seed, JOBS))
            .model(model)
            .scheduler(Kernels.byName(spec))
            .timeMode(TimeMode.CONTINUOUS)
            .seed(seed)
            .checkInvariants(true);
        if (log != null) {
            builder.listener(log);
        }
        return builder.build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"RMS", "RMS:replace=true", "RMS-RF", "RMS-BF", "RMS-AD", "RMS-RF-AD", "RMS-BF-AD",
        "RMS-RF-AD+", "RMS+JSQ:r=2", "RMS+Po2:r=2"})
    void finiteRunsEndWithEveryJobServedAndDummiesCounted(final String spec) {
        final long seed = 41;
        final Simulation simulation = simulation(spec, seed, null);
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1000);
        simulation.addListener(metrics);
        simulation.runToCompletion();
        metrics.finish(simulation.now());
        final String where = spec + ", seed " + seed;
        assertEquals(JOBS, simulation.completedCount(), where);
        assertEquals(0, simulation.jobTable().dummyCount(), "every dummy left too: " + where);
        assertTrue(simulation.dummiesPlaced() > 10, "dummies placed: " + simulation.dummiesPlaced() + ", " + where);
        assertTrue(metrics.utilization(0) > metrics.usefulUtilization(0), "dummies hold capacity: " + where);
    }

    @ParameterizedTest
    @ValueSource(strings = {"RMS", "RMS:replace=true", "RMS-RF", "RMS-BF", "RMS-AD", "RMS-RF-AD", "RMS-BF-AD",
        "RMS-RF-AD+", "RMS+JSQ:r=2", "RMS+Po2:r=2"})
    void sameSeedSameEventsWhateverTheThreads(final String spec) throws Exception {
        final long seed = 43;
        final EventLog alone = new EventLog();
        simulation(spec, seed, alone).runToCompletion();
        final ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            final List<Future<List<String>>> runs = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                runs.add(pool.submit(() -> {
                    final EventLog log = new EventLog();
                    simulation(spec, seed, log).runToCompletion();
                    return log.lines();
                }));
            }
            for (final Future<List<String>> run : runs) {
                assertEquals(alone.lines(), run.get(), spec + ", seed " + seed);
            }
        } finally {
            pool.shutdown();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"RMS:replace=true", "RMS-RF-AD+", "RMS-BF:replace=true,r=3"})
    void withRemarkTwoNoDummyRunsWhileAJobOfItsTypeWaits(final String spec) {
        final long seed = 47;
        final Simulation simulation = simulation(spec, seed, null);
        final JobTable jobs = simulation.jobTable();
        final ServerTable servers = simulation.serverTable();
        final int[] dummies = new int[TYPE_SIZES.length];
        final int[] waiting = new int[TYPE_SIZES.length];
        long checked = 0;
        while (simulation.step(Double.POSITIVE_INFINITY)) {
            Arrays.fill(dummies, 0);
            Arrays.fill(waiting, 0);
            for (int server = 0; server < servers.count(); server++) {
                for (int job = servers.firstJob(server); job != JobTable.NONE;
                     job = servers.nextJobOnServer(jobs, job)) {
                    if (jobs.isDummy(job)) {
                        dummies[jobs.jobClass(job)]++;
                    }
                }
            }
            for (int id = 0; id < simulation.queueCount(); id++) {
                final JobQueueView queue = simulation.queue(id);
                for (int job = queue.head(); job != JobTable.NONE; job = queue.next(job)) {
                    waiting[jobs.jobClass(job)]++;
                }
            }
            for (int j = 0; j < TYPE_SIZES.length; j++) {
                if (waiting[j] > 0 && dummies[j] > 0) {
                    fail(spec + ", seed " + seed + ": at " + simulation.now() + " type " + j + " has " + waiting[j]
                        + " waiting and " + dummies[j] + " dummies running");
                }
            }
            checked++;
        }
        assertTrue(simulation.dummiesCancelled() > 10, "arrivals replaced dummies: " + simulation.dummiesCancelled());
        assertTrue(checked > 5_000, "instants checked: " + checked);
    }
}
