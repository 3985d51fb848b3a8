package org.stowage.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;
import org.stowage.testkit.EventLog;
import org.stowage.testkit.Scenario;

class SimulationTest {

    private static Simulation simulation(final String kernel, final ServerTable servers, final TimeMode mode,
                                         final EventLog log, final double[]... rows) {
        return Simulation.builder()
            .servers(servers)
            .workload(new ScriptedWorkload(rows))
            .scheduler(Kernels.byName(kernel))
            .timeMode(mode)
            .listener(log)
            .checkInvariants(true)
            .build();
    }

    @Test
    void slottedDeparturesFreeCapacityBeforeTheSameSlotsDecision() {
        final EventLog log = new EventLog();
        // capacity 10: job 0 (size 6) runs slots 0-2 and leaves at the start of slot 3, where job 1 (size 6) starts
        final Simulation simulation = simulation("BF-J/S", ServerTable.homogeneous(1, 10), TimeMode.SLOTTED, log,
            new double[] {0, 3, 6},
            new double[] {1, 2, 6});
        simulation.runToCompletion();
        assertEquals(List.of(
            "A 0.0 job=0", "S 0.0 job=0 server=0",
            "A 1.0 job=1",
            "D 3.0 job=0 server=0", "S 3.0 job=1 server=0",
            "D 5.0 job=1 server=0"), log.lines());
        assertEquals(4, simulation.decisionCount(), "one decision per instant with events: slots 0, 1, 3, 5");
    }

    @Test
    void idleStretchesCostNothing() {
        final EventLog log = new EventLog();
        final Simulation simulation = simulation("BF-J/S", ServerTable.homogeneous(2, 10), TimeMode.SLOTTED, log,
            new double[] {0, 1e12, 4},
            new double[] {5e11, 3, 4},
            new double[] {9e14, 1, 4});
        simulation.runToCompletion();
        assertEquals(List.of(
            "A 0.0 job=0", "S 0.0 job=0 server=0",
            "A 5.0E11 job=1", "S 5.0E11 job=1 server=0",
            "D 5.00000000003E11 job=1 server=0",
            "D 1.0E12 job=0 server=0",
            "A 9.0E14 job=0", "S 9.0E14 job=0 server=0",
            "D 9.00000000000001E14 job=0 server=0"), log.lines());
        assertEquals(6, simulation.decisionCount(), "one decision per instant with events, not per slot");
    }

    @Test
    void aJobLargerThanEveryServerIsRejectedWithAReasonAndCounted() {
        final EventLog log = new EventLog();
        final Simulation simulation = simulation("FIFO-FF", new ServerTable(2, new int[] {10, 4, 4, 10}),
            TimeMode.CONTINUOUS, log,
            new double[] {0.5, 1, 10, 10},   // needs (10, 10): no server has both
            new double[] {0.5, 1, 4, 10});   // fits server 1
        simulation.runToCompletion();
        assertEquals(1, simulation.rejectedCount(RejectReason.LARGER_THAN_EVERY_SERVER));
        assertEquals(2, simulation.arrivedCount());
        assertEquals(1, simulation.completedCount());
        assertTrue(log.lines().contains("R 0.5 job=0 LARGER_THAN_EVERY_SERVER"), log.lines().toString());
        assertTrue(log.lines().contains("S 0.5 job=0 server=1"), "the recycled handle starts on server 1");
    }

    @Test
    void fifoFirstFitBlocksBehindAHeadThatDoesNotFit() {
        final EventLog log = new EventLog();
        simulation("FIFO-FF", ServerTable.homogeneous(1, 10), TimeMode.SLOTTED, log,
            new double[] {0, 5, 6},
            new double[] {1, 1, 6},   // head: waits for job 0
            new double[] {1, 1, 2})   // would fit now, but strict FIFO keeps it behind the head
            .runToCompletion();
        assertEquals(List.of(
            "A 0.0 job=0", "S 0.0 job=0 server=0",
            "A 1.0 job=1", "A 1.0 job=2",
            "D 5.0 job=0 server=0", "S 5.0 job=1 server=0", "S 5.0 job=2 server=0",
            "D 6.0 job=1 server=0", "D 6.0 job=2 server=0"), log.lines());
    }

    @Test
    void sameScenarioAndSeedGiveIdenticalEventLogs() {
        for (long seed = 100; seed < 140; seed++) {
            final Scenario scenario = Scenario.random(seed, 3);
            for (final String kernel : new String[] {"BF-J", "FIFO-FF"}) {
                final EventLog first = new EventLog();
                final EventLog second = new EventLog();
                scenario.simulation(kernel).listener(first).build().runToCompletion();
                scenario.simulation(kernel).listener(second).build().runToCompletion();
                assertEquals(first.lines(), second.lines(), kernel + " not deterministic in " + scenario);
            }
        }
    }

    @Test
    void simulationsSideBySideInOneJvmDoNotInterfere() throws InterruptedException {
        final Scenario scenario = Scenario.random(77, 1);
        final EventLog alone = new EventLog();
        scenario.simulation("BF-J/S").listener(alone).build().runToCompletion();
        final List<EventLog> logs = new ArrayList<>();
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            final EventLog log = new EventLog();
            logs.add(log);
            threads.add(new Thread(() ->
                scenario.simulation("BF-J/S").listener(log).build().runToCompletion()));
        }
        threads.forEach(Thread::start);
        for (final Thread thread : threads) {
            thread.join();
        }
        for (final EventLog log : logs) {
            assertEquals(alone.lines(), log.lines());
        }
    }

    @Test
    void badWorkloadInputFailsNamingJobFieldAndValue() {
        final ServerTable servers = ServerTable.homogeneous(1, 10);
        assertMessage("workload job 1: serviceTime must be whole slots in slotted mode: 1.5",
            () -> simulation("BF-J", servers, TimeMode.SLOTTED, new EventLog(), new double[] {0, 1.5, 1}).runToCompletion());
        assertMessage("workload job 1: arrivalTime must be a whole slot in slotted mode: 0.25",
            () -> simulation("BF-J", ServerTable.homogeneous(1, 10), TimeMode.SLOTTED, new EventLog(),
                new double[] {0.25, 1, 1}).runToCompletion());
        assertMessage("workload job 1: serviceTime must be finite and > 0: NaN",
            () -> simulation("BF-J", ServerTable.homogeneous(1, 10), TimeMode.CONTINUOUS, new EventLog(),
                new double[] {0, Double.NaN, 1}).runToCompletion());
        assertMessage("workload job 1: size on resource 0 must be in [0, 1073741823] units: -3",
            () -> simulation("BF-J", ServerTable.homogeneous(1, 10), TimeMode.CONTINUOUS, new EventLog(),
                new double[] {0, 1, -3}).runToCompletion());
        assertMessage("workload arrival times go backwards: job 2 arrives at 1.0 after time 2.0",
            () -> simulation("BF-J", ServerTable.homogeneous(1, 10), TimeMode.CONTINUOUS, new EventLog(),
                new double[] {2, 1, 1}, new double[] {1, 1, 1}).runToCompletion());
    }

    @Test
    void singleResourceKernelsRefuseSeveralResources() {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> simulation("BF-J/S", ServerTable.homogeneous(2, 10, 10), TimeMode.SLOTTED, new EventLog(),
                new double[] {0, 1, 1, 1}));
        assertTrue(error.getMessage().startsWith("BF-J/S is defined for one resource (D = 1)"), error.getMessage());
    }

    @Test
    void aSchedulerThatIgnoresAnArrivalIsCaught() {
        final Scheduler careless = new Scheduler() {
            @Override
            public String name() {
                return "careless";
            }

            @Override
            public void attach(final SchedulerContext context) {
            }

            @Override
            public void onArrival(final int job) {
            }

            @Override
            public void onDeparture(final int job, final int server) {
            }

            @Override
            public void decide(final double now) {
            }
        };
        final Simulation simulation = Simulation.builder().servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {0, 1, 1})).scheduler(careless).build();
        assertMessage("scheduler careless neither queued nor placed job 0 on arrival at 0.0", simulation::runToCompletion);
    }

    @Test
    void ticksArriveAfterArrivalsAndBeforeTheDecision() {
        final List<String> order = new ArrayList<>();
        final Scheduler ticking = new Scheduler() {
            private SchedulerContext context;
            private org.stowage.core.state.JobQueue queue;

            @Override
            public String name() {
                return "ticking";
            }

            @Override
            public void attach(final SchedulerContext schedulerContext) {
                context = schedulerContext;
                queue = schedulerContext.newQueue();
                schedulerContext.scheduleTick(2, 42);
            }

            @Override
            public void onArrival(final int job) {
                order.add("arrival@" + context.now());
                queue.enqueue(job);
            }

            @Override
            public void onDeparture(final int job, final int server) {
            }

            @Override
            public void onTick(final long tag) {
                order.add("tick" + tag + "@" + context.now());
            }

            @Override
            public void decide(final double now) {
                order.add("decide@" + now);
                while (!queue.isEmpty()) {
                    final int job = queue.head();
                    queue.remove(job);
                    context.place(job, 0);
                }
            }
        };
        Simulation.builder().servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {2, 1, 1})).scheduler(ticking).checkInvariants(true).build()
            .runToCompletion();
        assertEquals(List.of("arrival@2.0", "tick42@2.0", "decide@2.0", "decide@3.0"), order);
    }

    private static void assertMessage(final String expected, final org.junit.jupiter.api.function.Executable action) {
        final RuntimeException error = assertThrows(RuntimeException.class, action);
        assertEquals(expected, error.getMessage());
    }
}
