package org.stowage.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ProcessingRates;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;
import org.stowage.testkit.EventLog;

/**
 * The scheduler SPI of issue 11 on hand-made runs: dummy jobs (placed, departing at their time, removed
 * early and released when their tombstone falls due), their own listener callbacks and counters, capacity
 * audited with them and conservation without them; FIFO queues; random streams by purpose; service fixed
 * at start by processing rates; the workload's predicted service times; kernel columns.
 */
class SchedulerSpiTest {
    /** Two types on one resource: type 0 of 4 units, type 1 of 6. */
    private static final JobClasses TYPES = JobClasses.types(new int[][] {{4}, {6}}, new double[] {1, 1}, null);

    /** A kernel that runs a script of actions at given ticks, recording what it saw. */
    private static class ScriptedKernel implements Scheduler {
        final List<String> seen = new ArrayList<>();
        final List<Runnable> atTick = new ArrayList<>();
        SchedulerContext context;
        FifoQueue queue;
        int lastDummy = JobTable.NONE;

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public void attach(final SchedulerContext schedulerContext) {
            context = schedulerContext;
            queue = context.newFifoQueue();
        }

        @Override
        public void onArrival(final int job) {
            queue.enqueue(job);
        }

        @Override
        public void onDeparture(final int job, final int server) {
            seen.add("departure " + (context.jobs().isDummy(job) ? "dummy " : "job ") + job + " at " + context.now());
        }

        @Override
        public void onTick(final long tag) {
            atTick.get((int) tag).run();
        }

        @Override
        public void decide(final double now) {
            while (!queue.isEmpty() && context.servers().fits(context.jobs(), queue.head(), 0)) {
                final int head = queue.head();
                queue.remove(head);
                context.place(head, 0);
            }
        }
    }

    private static Simulation simulation(final ScriptedKernel kernel, final TimeMode mode, final EventLog log,
                                         final double[]... rows) {
        final ServerTable servers = ServerTable.homogeneous(1, 10);
        return Simulation.builder()
            .servers(servers)
            .workload(new ScriptedWorkload(rows))
            .model(Model.of(servers).withJobClasses(TYPES))
            .scheduler(kernel)
            .timeMode(mode)
            .listener(log)
            .checkInvariants(true)
            .build();
    }

    @Test
    void aDummyHoldsItsTypesSizeAndDepartsAtItsTime() {
        for (final TimeMode mode : TimeMode.values()) {
            final ScriptedKernel kernel = new ScriptedKernel();
            final DummyLog log = new DummyLog();
            final Simulation simulation = simulation(kernel, mode, log, new double[] {5, 2, 6});
            kernel.atTick.add(() -> kernel.lastDummy = kernel.context.placeDummy(0, 0, 3));
            kernel.context.scheduleTick(1, 0);
            simulation.runToCompletion();
            // dummy of 4 units on [1, 4); the job of 6 arrives at 5 (taking the dummy's recycled handle) and runs [5, 7)
            assertEquals(List.of("A 5.0 job=0", "S 5.0 job=0 server=0", "D 7.0 job=0 server=0"), log.lines(),
                "real-job callbacks never see the dummy");
            assertEquals(List.of("dummy start 1.0 job=0 server=0", "dummy end 4.0 job=0 server=0"), log.dummies);
            assertEquals(List.of("departure dummy 0 at 4.0", "departure job 0 at 7.0"), kernel.seen);
            assertEquals(1, simulation.dummiesPlaced());
            assertEquals(1, simulation.dummiesCompleted());
            assertEquals(1, simulation.arrivedCount());
            assertEquals(1, simulation.completedCount(), "dummies are not completions");
        }
    }

    @Test
    void aRemovedDummyFreesItsResourcesAtOnceAndItsTombstoneIsReleasedAtItsTime() {
        for (final TimeMode mode : TimeMode.values()) {
            final ScriptedKernel kernel = new ScriptedKernel();
            final DummyLog log = new DummyLog();
            // a dummy of 6 units on [1, 101) would block the job of 6 arriving at 2; it is removed at 3
            final Simulation simulation = simulation(kernel, mode, log, new double[] {2, 2, 6});
            kernel.atTick.add(() -> kernel.lastDummy = kernel.context.placeDummy(1, 0, 100));
            kernel.atTick.add(() -> {
                assertEquals(4, kernel.context.servers().residual(0, 0), "the dummy holds 6 of 10 units");
                kernel.context.removeDummy(kernel.lastDummy);
                assertEquals(10, kernel.context.servers().residual(0, 0), "freed at once");
                assertEquals(JobTable.CANCELLED, kernel.context.jobs().state(kernel.lastDummy));
            });
            kernel.context.scheduleTick(1, 0);
            kernel.context.scheduleTick(3, 1);
            simulation.runUntil(50);
            assertEquals(List.of("A 2.0 job=1", "S 3.0 job=1 server=0", "D 5.0 job=1 server=0"), log.lines());
            assertEquals(List.of("dummy start 1.0 job=0 server=0", "dummy cancelled 3.0 job=0 server=0"), log.dummies);
            final JobTable jobs = simulation.jobTable();
            assertEquals(1, jobs.cancelledCount(), "the handle waits for its departure time");
            simulation.runToCompletion();
            assertEquals(0, jobs.cancelledCount());
            assertEquals(0, jobs.liveCount());
            assertEquals(List.of("departure job 1 at 5.0"), kernel.seen, "a removed dummy never departs");
            assertEquals(1, simulation.dummiesCancelled());
            assertEquals(0, simulation.dummiesCompleted());
        }
    }

    @Test
    void dummyMisuseFailsWithAMessage() {
        final ScriptedKernel kernel = new ScriptedKernel();
        simulation(kernel, TimeMode.CONTINUOUS, new EventLog(), new double[] {5, 1, 1});
        final SchedulerContext context = kernel.context;
        assertEquals("a dummy job needs a type of fixed size in the model; type 2 is not one (2 job classes known)",
            assertThrows(IllegalStateException.class, () -> context.placeDummy(2, 0, 1)).getMessage());
        final int first = context.placeDummy(1, 0, 1);
        assertEquals("a dummy of type 1 does not fit on server 0: resource 0 requests 6 units, 4 free of 10 (1 job on it)",
            assertThrows(IllegalStateException.class, () -> context.placeDummy(1, 0, 1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> context.placeDummy(0, 0, 0));
        context.removeDummy(first);
        assertThrows(IllegalStateException.class, () -> context.removeDummy(first), "not running any more");
    }

    @Test
    void randomStreamsArePerPurposeAndDeterministic() {
        final ScriptedKernel a = new ScriptedKernel();
        final ScriptedKernel b = new ScriptedKernel();
        simulation(a, TimeMode.SLOTTED, new EventLog(), new double[] {0, 1, 1});
        simulation(b, TimeMode.SLOTTED, new EventLog(), new double[] {0, 1, 1});
        assertSame(a.context.random(SchedulerContext.CLOCKS), a.context.random(SchedulerContext.CLOCKS));
        final long clock = a.context.random(SchedulerContext.CLOCKS).nextLong();
        a.context.random(SchedulerContext.COINS).nextLong(); // drawing coins ...
        final long clockAgain = a.context.random(SchedulerContext.CLOCKS).nextLong();
        b.context.random(SchedulerContext.CLOCKS).nextLong();
        assertEquals(clockAgain, b.context.random(SchedulerContext.CLOCKS).nextLong(), "... never shifts the clocks");
        assertNotEquals(clock, a.context.random(SchedulerContext.ROUTING).nextLong());
        assertThrows(IllegalStateException.class, () -> a.context.random(5000), "a stream out of range is the kernel's fault");
    }

    @Test
    void processingRatesFixTheServiceTimeWhenAJobStarts() {
        // two server classes (capacity 10 and 20), one job class; rates 2 and 0.5: work 3 takes 1.5 or 6
        final ServerTable servers = new ServerTable(1, new int[] {10, 20});
        final Model model = Model.of(servers).withRates(ProcessingRates.of(new double[][] {{2}, {0.5}}));
        final EventLog log = new EventLog();
        final Simulation continuous = Simulation.builder().servers(servers).model(model)
            .workload(new ScriptedWorkload(new double[] {0, 3, 15}, new double[] {0, 3, 8}))
            .scheduler(org.stowage.core.kernel.Kernels.byName("FIFO-FF"))
            .timeMode(TimeMode.CONTINUOUS).listener(log).checkInvariants(true).build();
        continuous.runToCompletion();
        assertEquals(List.of("A 0.0 job=0", "A 0.0 job=1", "S 0.0 job=0 server=1", "S 0.0 job=1 server=0",
            "D 1.5 job=1 server=0", "D 6.0 job=0 server=1"), log.lines());
        final EventLog slotted = new EventLog();
        Simulation.builder().servers(servers).model(model)
            .workload(new ScriptedWorkload(new double[] {0, 3, 8}))
            .scheduler(org.stowage.core.kernel.Kernels.byName("FIFO-FF"))
            .timeMode(TimeMode.SLOTTED).listener(slotted).checkInvariants(true).build().runToCompletion();
        assertEquals("D 2.0 job=0 server=0", slotted.lines().get(2), "1.5 slots round up to 2");
    }

    @Test
    void theModelMustDescribeTheCluster() {
        final ServerTable servers = ServerTable.homogeneous(2, 10);
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> Simulation.builder()
            .servers(servers).model(Model.of(ServerTable.homogeneous(3, 10)))
            .workload(new ScriptedWorkload(new double[] {0, 1, 1})).scheduler(new ScriptedKernel()).build());
        assertEquals("the model describes 3 servers with 1 resources but the cluster has 2 with 1", error.getMessage());
    }

    @Test
    void predictedServiceTimesReachKernelsAndDefaultToTheTrueOnes() {
        final double[] predictions = {Double.NaN, 2.5};
        final Workload predicting = new Workload() {
            private int next;

            @Override
            public int dimensions() {
                return 1;
            }

            @Override
            public double peekArrivalTime() {
                return next < 2 ? 0 : Double.POSITIVE_INFINITY;
            }

            @Override
            public void next(final JobSpec spec) {
                spec.arrivalTime = 0;
                spec.serviceTime = 4;
                spec.size[0] = 1;
                spec.predictedServiceTime = predictions[next++];
            }
        };
        final List<Double> believed = new ArrayList<>();
        final ScriptedKernel kernel = new ScriptedKernel() {
            @Override
            public void onArrival(final int job) {
                believed.add(context.jobs().predictedServiceTime(job));
                super.onArrival(job);
            }
        };
        Simulation.builder().servers(ServerTable.homogeneous(1, 10)).workload(predicting).scheduler(kernel)
            .checkInvariants(true).build().runToCompletion();
        assertEquals(List.of(4.0, 2.5), believed);
    }

    @Test
    void kernelColumnsGrowWithTheTableAndResetWhenAHandleIsReused() {
        final JobTable jobs = new JobTable(1, 2);
        final int order = jobs.addIntColumn(-7);
        final int key = jobs.addDoubleColumn(0.5);
        final int first = jobs.allocate(0, 1, 0);
        jobs.setIntColumn(order, first, 11);
        jobs.setDoubleColumn(key, first, 3.5);
        for (int i = 0; i < 10; i++) {
            jobs.allocate(0, 1, 0); // grows the table twice
        }
        assertEquals(11, jobs.intColumn(order, first));
        assertEquals(3.5, jobs.doubleColumn(key, first));
        jobs.release(first);
        final int reused = jobs.allocate(0, 1, 0);
        assertEquals(first, reused, "LIFO free list");
        assertEquals(-7, jobs.intColumn(order, reused));
        assertEquals(0.5, jobs.doubleColumn(key, reused));
    }

    @Test
    void fifoQueuesAreIntrusiveAndCountedPerQueue() {
        final ScriptedKernel kernel = new ScriptedKernel();
        final Simulation simulation = simulation(kernel, TimeMode.SLOTTED, new EventLog(), new double[] {0, 1, 1});
        final FifoQueue second = kernel.context.newFifoQueue();
        assertEquals(2, simulation.queueCount());
        assertSame(second, simulation.queue(1));
        final JobTable jobs = simulation.jobTable();
        final int a = jobs.allocate(0, 1, 0);
        final int b = jobs.allocate(0, 1, 0);
        final int c = jobs.allocate(0, 1, 0);
        second.enqueue(a);
        second.enqueue(b);
        second.enqueue(c);
        second.remove(b);
        assertEquals(2, second.size());
        assertEquals(a, second.head());
        assertEquals(c, second.next(a));
        assertEquals(JobTable.NONE, second.next(c));
        assertTrue(jobs.isQueued(a));
        assertFalse(jobs.isQueued(b));
        int recorded = 0;
        for (int i = 0; i < simulation.queueChanges().count(); i++) {
            recorded += simulation.queueChanges().changed(i) == 1 ? 1 : 0;
        }
        assertEquals(1, recorded, "four changes of queue 1, recorded once");
    }

    @Test
    void metricsKeepDummiesOutOfWaitsAndCompletionsAndReportTheirOccupancy() {
        final ScriptedKernel kernel = new ScriptedKernel();
        final Simulation simulation = simulation(kernel, TimeMode.CONTINUOUS, new EventLog(), new double[] {0, 10, 4});
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1);
        simulation.addListener(metrics);
        kernel.atTick.add(() -> kernel.context.placeDummy(1, 0, 5)); // 6 units during [0, 5)
        kernel.context.scheduleTick(0, 0);
        simulation.runUntil(20);
        metrics.finish(20);
        // real: 4 units during [0, 10) = 40; dummy: 6 during [0, 5) = 30; capacity 10 x 20 = 200
        assertEquals(0.2, metrics.usefulUtilization(0), 1e-12);
        assertEquals(0.35, metrics.utilization(0), 1e-12);
        assertEquals(1, metrics.waitCount(), "one real start");
        assertEquals(1, metrics.completed());
        assertEquals(10.0, metrics.meanCompletionTime(), 1e-12);
    }

    /** Records the dummy callbacks beside the real-job lines of {@link EventLog}. */
    private static final class DummyLog extends EventLogWithDummies {
    }

    private static class EventLogWithDummies extends EventLog implements SimulationListener {
        final List<String> dummies = new ArrayList<>();

        @Override
        public void onDummyStart(final double time, final int job, final int server) {
            dummies.add("dummy start " + time + " job=" + job + " server=" + server);
        }

        @Override
        public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
            dummies.add("dummy " + (cancelled ? "cancelled " : "end ") + time + " job=" + job + " server=" + server);
        }
    }
}
