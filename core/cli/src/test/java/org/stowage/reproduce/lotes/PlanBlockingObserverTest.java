package org.stowage.reproduce.lotes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.Model;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.state.ServerView;
import org.stowage.core.testing.ScriptedWorkload;

/**
 * {@link PlanBlockingObserver} by hand on LotesDispatcherTest's departure scenario, and against a brute-force
 * recount of every queued job against every machine at every decision on random scenarios.
 */
class PlanBlockingObserverTest {
    /** Machines 0-2 of capacity 10 (configuration 0, serving both classes), machine 3 of 20 serving none. */
    private static LotesPlan fourMachinePlan() {
        return LotesPlan.of(2, new int[] {0, 0, 0, 1}, new int[] {0, 1, 2, 3}, new int[] {0, 0, 0, 1},
            new int[] {1, 0, 3, 0, 0, 2, 0, 0}, new double[] {1, 0, 1, 0}, 0, 0, 0);
    }

    private static PlanBlockingObserver run(final String kernel, final ServerTable cluster, final LotesPlan plan,
                                            final Workload workload, final SimulationListener check) {
        final Simulation simulation = Simulation.builder().servers(cluster).model(Model.of(cluster).withPlan(plan))
            .workload(workload).scheduler(Kernels.byName(kernel)).timeMode(TimeMode.CONTINUOUS).build();
        final PlanBlockingObserver observer = new PlanBlockingObserver(simulation.jobs(), simulation.servers(), plan);
        simulation.addListener(observer);
        if (check != null) {
            simulation.addListener(check);
        }
        simulation.runToCompletion();
        observer.finish(simulation.now());
        observer.checkRoom(simulation.servers());
        return observer;
    }

    private static Workload departureScenario() {
        return new ScriptedWorkload(new int[] {1, 0, 0, 0, 0, 1, 1, 0},
            new double[] {0, 5, 10},    // a, class 1: machine 2, full; leaves at 5
            new double[] {0, 50, 10},   // b: machine 1, full
            new double[] {0, 60, 10},   // c: machine 0, full
            new double[] {0, 40, 20},   // d: machine 3, full; leaves at 40
            new double[] {1, 50, 3},    // e (class 0) queued 1-5
            new double[] {2, 50, 3},    // f (class 1) queued 2-5
            new double[] {3, 50, 4},    // g (class 1) queued 3-5
            new double[] {4, 50, 3});   // h (class 0) queued 4-50: no room until 40, then room on machine 3 only
    }

    @Test
    void lotesJobWaitingForItsPlanWhileAnUnservedMachineHasRoomIsBlockedByThePlan() {
        final PlanBlockingObserver lotes = run("LoTES", new ServerTable(1, new int[] {10, 10, 10, 20}),
            fourMachinePlan(), departureScenario(), null);
        assertEquals(5, lotes.arrivals(0));
        assertEquals(3, lotes.arrivals(1));
        // e waits 4 and h 36 with no room anywhere; h then waits 10 beside machine 3's room, which serves no class
        assertEquals(40, lotes.jobTime(0, PlanBlockingObserver.CAPACITY), 1e-9);
        assertEquals(10, lotes.jobTime(0, PlanBlockingObserver.PLAN), 1e-9);
        assertEquals(0, lotes.jobTime(0, PlanBlockingObserver.SERVED), 1e-9);
        assertEquals(5, lotes.jobTime(1, PlanBlockingObserver.CAPACITY), 1e-9);
        assertEquals(0, lotes.jobTime(1, PlanBlockingObserver.PLAN), 1e-9);
        // only machine 3's departure at 40 leaves room a queued job (h, class 0) fits
        assertEquals(8, lotes.departures());
        assertEquals(1, lotes.departuresLeavingRoom());
        assertEquals(1, lotes.departuresLeavingRoom(0));
        assertEquals(0, lotes.departuresLeavingRoom(1));
    }

    @Test
    void wholeClusterRuleStartsTheJobWhereThePlanIdles() {
        final PlanBlockingObserver tetris = run("Tetris", new ServerTable(1, new int[] {10, 10, 10, 20}),
            fourMachinePlan(), departureScenario(), null);
        // h starts on machine 3 at 40
        assertEquals(40, tetris.jobTime(0, PlanBlockingObserver.CAPACITY), 1e-9);
        assertEquals(0, tetris.jobTime(0, PlanBlockingObserver.PLAN), 1e-9);
        assertEquals(0, tetris.departuresLeavingRoom());
    }

    /** Recounts every queued job against the simulation's machines after each decision. */
    private static final class BruteForce implements SimulationListener {
        private final long seed;
        private final String kernel;
        private final JobTable jobs;
        private final ServerView servers;
        private final LotesPlan plan;
        private final PlanBlockingObserver observer;
        private final long[] counted;

        BruteForce(final long seed, final String kernel, final Simulation simulation, final LotesPlan plan,
                   final PlanBlockingObserver observer) {
            this.seed = seed;
            this.kernel = kernel;
            this.jobs = simulation.jobTable();
            this.servers = simulation.servers();
            this.plan = plan;
            this.observer = observer;
            this.counted = new long[plan.classCount() * 3];
        }

        @Override
        public void onDecision(final double time) {
            Arrays.fill(counted, 0);
            for (int job = 0; job < jobs.capacity(); job++) {
                if (jobs.state(job) != JobTable.QUEUED) {
                    continue;
                }
                final int k = jobs.jobClass(job);
                boolean served = false;
                boolean other = false;
                for (int s = 0; s < servers.count(); s++) {
                    if (servers.fits(jobs, job, s)) {
                        if (plan.serves(plan.configurationOf(s), k)) {
                            served = true;
                        } else {
                            other = true;
                        }
                    }
                }
                counted[k * 3 + (served ? PlanBlockingObserver.SERVED : other ? PlanBlockingObserver.PLAN
                    : PlanBlockingObserver.CAPACITY)]++;
            }
            for (int k = 0; k < plan.classCount(); k++) {
                for (int state = 0; state < 3; state++) {
                    assertEquals(counted[k * 3 + state], observer.queuedIn(k, state), "seed " + seed + ", " + kernel
                        + ", time " + time + ", class " + k + ", state " + state);
                }
            }
        }
    }

    @Test
    void incrementalStatesMatchABruteForceRecountOnRandomScenarios() {
        double lotesPlanTime = 0;
        double greedyServedTime = 0;
        for (long seed = 0; seed < 200; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final int machines = 2 + random.nextInt(6);
            final int classes = 1 + random.nextInt(3);
            final int configurations = 1 + random.nextInt(Math.min(3, machines));
            final int[] capacities = new int[machines * 2];
            final int[] configurationOf = new int[machines];
            final int[] binOf = new int[machines];
            final int[] binJobs = new int[machines * classes];
            for (int s = 0; s < machines; s++) {
                configurationOf[s] = s < configurations ? s : random.nextInt(configurations);
                binOf[s] = s;
                capacities[2 * s] = 6 + 2 * configurationOf[s];
                capacities[2 * s + 1] = 10 - 2 * configurationOf[s];
                for (int k = 0; k < classes; k++) {
                    binJobs[s * classes + k] = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(2);
                }
            }
            final double[] routing = new double[classes * configurations];
            for (int k = 0; k < classes; k++) {
                double total = 0;
                for (int s = 0; s < machines; s++) {
                    total += binJobs[s * classes + k];
                }
                for (int s = 0; s < machines && total > 0; s++) {
                    routing[k * configurations + configurationOf[s]] += binJobs[s * classes + k] / total;
                }
            }
            final LotesPlan plan = LotesPlan.of(classes, configurationOf, binOf, configurationOf.clone(), binJobs,
                routing, 0, 0, 0);
            final int count = 20 + random.nextInt(60);
            final int[] jobClasses = new int[count];
            final double[][] rows = new double[count][];
            for (int i = 0; i < count; i++) {
                jobClasses[i] = random.nextInt(classes);
                // integer arrival and service times: simultaneous arrivals and departures
                rows[i] = new double[] {i / 3, 1 + random.nextInt(8), 1 + random.nextInt(6), 1 + random.nextInt(6)};
            }
            for (final String kernel : new String[] {"LoTES", "Tetris", "Greedy"}) {
                final ServerTable cluster = new ServerTable(2, capacities);
                final Simulation simulation = Simulation.builder().servers(cluster)
                    .model(Model.of(cluster).withPlan(plan)).workload(new ScriptedWorkload(jobClasses, rows))
                    .scheduler(Kernels.byName(kernel)).timeMode(TimeMode.CONTINUOUS).seed(seed).build();
                final PlanBlockingObserver observer = new PlanBlockingObserver(simulation.jobs(), simulation.servers(),
                    plan);
                simulation.addListener(observer);
                simulation.addListener(new BruteForce(seed, kernel, simulation, plan, observer));
                simulation.runToCompletion();
                observer.checkRoom(simulation.servers());
                if (!"Greedy".equals(kernel)) {
                    // LoTES starts every fitting job of a served class, Tetris every fitting job anywhere
                    for (int k = 0; k < classes; k++) {
                        assertEquals(0, observer.jobTime(k, PlanBlockingObserver.SERVED), "seed " + seed + ", "
                            + kernel + ", class " + k);
                    }
                }
                if ("Tetris".equals(kernel)) {
                    assertEquals(0, observer.departuresLeavingRoom(), "seed " + seed);
                }
                for (int k = 0; k < classes; k++) {
                    lotesPlanTime += "LoTES".equals(kernel) ? observer.jobTime(k, PlanBlockingObserver.PLAN) : 0;
                    greedyServedTime += "Greedy".equals(kernel) ? observer.jobTime(k, PlanBlockingObserver.SERVED) : 0;
                }
            }
        }
        // the scenarios reach the states that matter: LoTES idling by its plan, Greedy's per-machine queues
        assertTrue(lotesPlanTime > 0, "LoTES never blocked by its plan");
        assertTrue(greedyServedTime > 0, "Greedy never left a job beside a machine with room");
    }
}
