package org.stowage.core.kernel.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.bestfit.StallingBestFitJobsServers;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.AnyModel;
import org.stowage.core.testing.ScriptedWorkload;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.testkit.EventLog;

/**
 * Hand-computed event logs of VQS, VQS-BF and stalling on one server (the rules of docs/VQS.md, step by step in
 * the comments), and the paper's Fig. 3a behaviour. Rows are (arrival, service, size in units).
 */
class PartitionKernelBehaviourTest {

    private static Simulation run(final Scheduler kernel, final int capacity, final EventLog log, final double[]... rows) {
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, capacity))
            .workload(new ScriptedWorkload(rows))
            .scheduler(kernel)
            .timeMode(TimeMode.SLOTTED)
            .listener(log)
            .checkInvariants(true)
            .build();
        simulation.runToCompletion();
        return simulation;
    }

    /**
     * Capacity 12, J = 2: types (8, 12] = 0, (6, 8] = 1, (4, 6] = 2, [0, 4] = 3; K_RED = e0, 2 e2, 3 e3, e1 + e3.
     * Three 7s and a 3 at t = 0: weights e0 0, 2 e2 0, 3 e3 3, e1 + e3 3 + 1 = 4, so e1 + e3: the server keeps
     * floor(2 * 12 / 3) = 8 units for one type-1 job and 4 for type-3 jobs.
     */
    @Test
    void vqsReservesTwoThirdsForTheTypeOneJobAndBlocksBehindANonFittingHead() {
        final EventLog log = new EventLog();
        run(Kernels.byName("VQS:J=2").create(AnyModel.any()), 12, log,
            new double[] {0, 10, 7}, new double[] {0, 10, 7}, new double[] {0, 10, 7}, new double[] {0, 15, 3},
            new double[] {1, 10, 4}, new double[] {1, 10, 1});
        assertEquals(List.of(
            "A 0.0 job=0", "A 0.0 job=1", "A 0.0 job=2", "A 0.0 job=3",
            "S 0.0 job=0 server=0", "S 0.0 job=3 server=0",      // head of VQ_1 into the reserve; 3 <= room 4
            "A 1.0 job=4", "A 1.0 job=5",                          // head 4 > room 1 blocks the 1 behind it,
                                                                   // though the residual is 2
            "D 10.0 job=0 server=0", "S 10.0 job=1 server=0",      // reserve free: next type-1 job; head 4 > room 1
            "D 15.0 job=3 server=0", "S 15.0 job=4 server=0",      // room 4 holds the head
            "D 20.0 job=1 server=0", "S 20.0 job=2 server=0",
            "D 25.0 job=4 server=0", "S 25.0 job=5 server=0",
            "D 30.0 job=2 server=0",
            "D 35.0 job=5 server=0"), log.lines());
    }

    /** The same script under VQS-BF: no reserve, largest fitting first, then BF-S on what is left. */
    @Test
    void vqsBfPacksTheRemainderByBestFit() {
        final EventLog log = new EventLog();
        run(Kernels.byName("VQS-BF:J=2").create(AnyModel.any()), 12, log,
            new double[] {0, 10, 7}, new double[] {0, 10, 7}, new double[] {0, 10, 7}, new double[] {0, 15, 3},
            new double[] {1, 10, 4}, new double[] {1, 10, 1});
        assertEquals(List.of(
            "A 0.0 job=0", "A 0.0 job=1", "A 0.0 job=2", "A 0.0 job=3",
            "S 0.0 job=0 server=0", "S 0.0 job=3 server=0",      // e1 + e3: step (i) a 7, step (ii) the 3
            "A 1.0 job=4", "A 1.0 job=5", "S 1.0 job=5 server=0",  // step (iii): the 1 fits the residual 2
            "D 10.0 job=0 server=0", "S 10.0 job=1 server=0",
            "D 11.0 job=5 server=0",                               // residual 2 < 4
            "D 15.0 job=3 server=0", "S 15.0 job=4 server=0",      // step (ii): no type-3 job held, 4 <= 5
            "D 20.0 job=1 server=0", "S 20.0 job=2 server=0",
            "D 25.0 job=4 server=0",
            "D 30.0 job=2 server=0"), log.lines());
    }

    /**
     * Stalling with deterministic service, capacity 12, J = 2, fraction 0.5. A 4 starts with 3 e3. At t = 1
     * three 10s arrive: e0 weighs 3 and 3 e3 weighs 0 &lt; 0.5 * 3, so the server stalls, and the 4 arriving at
     * t = 2 waits. At t = 10 it is empty, unstalls and renews: e0 3 ties 3 e3 3, lowest index e0, so a 10
     * starts. At t = 15 3 e3 (3) beats e0 (2): the 4 starts, and 0 &lt; 0.5 * 2 stalls it again until t = 25.
     */
    @Test
    void aStalledServerDrainsAndIsRefilledUnderDeterministicService() {
        final double[][] rows = {{0, 10, 4}, {1, 5, 10}, {1, 5, 10}, {1, 5, 10}, {2, 10, 4}};
        final List<String> stalled = List.of(
            "A 0.0 job=0", "S 0.0 job=0 server=0",
            "A 1.0 job=1", "A 1.0 job=2", "A 1.0 job=3",
            "A 2.0 job=4",
            "D 10.0 job=0 server=0", "S 10.0 job=1 server=0",
            "D 15.0 job=1 server=0", "S 15.0 job=4 server=0",
            "D 25.0 job=4 server=0", "S 25.0 job=2 server=0",
            "D 30.0 job=2 server=0", "S 30.0 job=3 server=0",
            "D 35.0 job=3 server=0");
        for (final String kernel : new String[] {"VQS:J=2,stall=0.5", "VQS-BF:J=2,stall=0.5"}) {
            final EventLog log = new EventLog();
            final Scheduler scheduler = Kernels.byName(kernel).create(AnyModel.any());
            run(scheduler, 12, log, rows);
            assertEquals(stalled, log.lines(), kernel);
            assertEquals(2, ((PartitionScheduler) scheduler).stallsStarted(), kernel);
        }
        // without stalling the 4 joins the 3 e3 server at t = 2 and the 10s wait for it to empty at t = 12
        final EventLog log = new EventLog();
        run(Kernels.byName("VQS-BF:J=2").create(AnyModel.any()), 12, log, rows);
        assertEquals(List.of(
            "A 0.0 job=0", "S 0.0 job=0 server=0",
            "A 1.0 job=1", "A 1.0 job=2", "A 1.0 job=3",
            "A 2.0 job=4", "S 2.0 job=4 server=0",
            "D 10.0 job=0 server=0",
            "D 12.0 job=4 server=0", "S 12.0 job=1 server=0",
            "D 17.0 job=1 server=0", "S 17.0 job=2 server=0",
            "D 22.0 job=2 server=0", "S 22.0 job=3 server=0",
            "D 27.0 job=3 server=0"), log.lines());
    }

    /**
     * Stalling BF-J/S, capacity 10. At t = 1 the 8 fits nowhere and the server, 3/10 full, stalls; the 3 at
     * t = 2 may not join it. At t = 10 it empties and BF-S refills it with the 8. Without stalling the 3s keep
     * the server at most 7 free and the 8 waits until t = 15.
     */
    @Test
    void stallingBestFitJobsServersDrainsAHalfEmptyServerForAWaitingLargeJob() {
        final double[][] rows = {{0, 10, 3}, {1, 5, 8}, {2, 10, 3}, {11, 4, 3}};
        final EventLog log = new EventLog();
        final StallingBestFitJobsServers stalling =
            (StallingBestFitJobsServers) Kernels.byName("BF-J/S:stall=true").create(AnyModel.any());
        run(stalling, 10, log, rows);
        assertEquals(List.of(
            "A 0.0 job=0", "S 0.0 job=0 server=0",                 // queue empty: no stall although 3/10 full
            "A 1.0 job=1",                                          // 8 > 7: waits; 3/10 < half: stall
            "A 2.0 job=2",                                          // stalled: the 3 waits
            "D 10.0 job=0 server=0", "S 10.0 job=1 server=0",       // empty, unstalled, refilled largest first
            "A 11.0 job=0",                                         // 8/10 full: no stall; 3 > 2 waits
            "D 15.0 job=1 server=0", "S 15.0 job=2 server=0", "S 15.0 job=0 server=0",
            "D 19.0 job=0 server=0",
            "D 25.0 job=2 server=0"), log.lines());
        assertEquals(1, stalling.stallsStarted());
        assertFalse(stalling.isStalled(0));

        final EventLog plain = new EventLog();
        run(Kernels.byName("BF-J/S").create(AnyModel.any()), 10, plain, rows);
        assertEquals(List.of(
            "A 0.0 job=0", "S 0.0 job=0 server=0",
            "A 1.0 job=1",
            "A 2.0 job=2", "S 2.0 job=2 server=0",
            "D 10.0 job=0 server=0",
            "A 11.0 job=0", "S 11.0 job=0 server=0",
            "D 12.0 job=2 server=0",
            "D 15.0 job=0 server=0", "S 15.0 job=1 server=0",
            "D 20.0 job=1 server=0"), plain.lines());
    }

    /**
     * Fig. 3a: one server, sizes 0.4 and 0.6 equally likely, Poisson 0.014 per slot, geometric service of
     * mean 100. VQS only ever runs 2 x 0.4 or 1 x 0.6 (configurations 2 e2 and e1 + partner); VQS-BF also
     * runs 0.4 + 0.6. Resolution 10 units so that 0.4 + 0.6 fits exactly (at 2^20 both round up and exceed 1).
     */
    @Test
    void figureThreeAVqsNeverMixesWhileVqsBfDoes() {
        final Set<String> vqs = combinations("VQS");
        assertTrue(vqs.contains("2x0.4") && vqs.contains("1x0.6"), vqs.toString());
        assertEquals(Set.of("empty", "1x0.4", "2x0.4", "1x0.6"), vqs, "VQS may only run 2 e2 or e1 + partner");
        final Set<String> bestFit = combinations("VQS-BF");
        assertTrue(bestFit.contains("1x0.4+1x0.6"), "VQS-BF should run (0.4, 0.6): " + bestFit);
    }

    private static Set<String> combinations(final String kernel) {
        final Units units = new Units(10);
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(1, units.capacityUnits(1.0)))
            .workload(new SyntheticWorkload(Arrivals.poissonPerSlot(0.014),
                SizeDistribution.discrete(units, new double[][] {{0.4}, {0.6}}, new double[] {1, 1}),
                ServiceDistribution.geometric(100), 3))
            .scheduler(Kernels.byName(kernel))
            .checkInvariants(1000)
            .build();
        final Set<String> seen = new TreeSet<>();
        final int[] running = new int[11];
        simulation.addListener(new SimulationListener() {
            @Override
            public void onStart(final double time, final int job, final int server) {
                running[simulation.jobs().size(job, 0)]++;
            }

            @Override
            public void onDeparture(final double time, final int job, final int server) {
                running[simulation.jobs().size(job, 0)]--;
            }

            @Override
            public void onDecision(final double time) {
                final String small = running[4] > 0 ? running[4] + "x0.4" : "";
                final String large = running[6] > 0 ? running[6] + "x0.6" : "";
                seen.add(small.isEmpty() && large.isEmpty() ? "empty"
                    : small.isEmpty() ? large : large.isEmpty() ? small : small + "+" + large);
            }
        });
        simulation.runUntil(300_000);
        assertTrue(simulation.startedCount() > 2000, kernel + " placed too few jobs: " + simulation.startedCount());
        return seen;
    }
}
