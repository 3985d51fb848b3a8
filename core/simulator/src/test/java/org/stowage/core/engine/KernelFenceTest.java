package org.stowage.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;

/**
 * Issue 39: a kernel is fenced. It cannot reach the engine's tables or the simulation through a cast;
 * whatever it throws, and every rule it breaks, ends the run with one {@link SchedulerFault} line naming the
 * scheduler, what it did and when; an instant cannot go on forever.
 */
class KernelFenceTest {
    private static final Units UNITS = Units.defaults();

    /** A kernel whose decide is {@code decide}; it queues every arrival in one queue. */
    private static class Scripted implements Scheduler {
        final Consumer<Scripted> decide;
        SchedulerContext context;
        JobQueue queue;

        Scripted(final Consumer<Scripted> decide) {
            this.decide = decide;
        }

        @Override
        public String name() {
            return "Scripted";
        }

        @Override
        public void attach(final SchedulerContext schedulerContext) {
            context = schedulerContext;
            queue = schedulerContext.newQueue();
        }

        @Override
        public void onArrival(final int job) {
            queue.enqueue(job);
        }

        @Override
        public void onDeparture(final int job, final int server) {
        }

        @Override
        public void onTick(final long tag) {
            // rescheduled at its own instant forever, when asked to
            if (tag == 1) {
                context.scheduleTick(context.now(), 1);
            }
        }

        @Override
        public void decide(final double now) {
            decide.accept(this);
        }

        /** Takes the queue's head out and places it on {@code server}, whatever the fit. */
        void placeHead(final int server) {
            final int job = queue.head();
            queue.remove(job);
            context.place(job, server);
        }
    }

    private static Simulation simulation(final Scheduler kernel, final double[]... jobs) {
        return Simulation.builder().servers(ServerTable.homogeneous(2, UNITS.capacityUnits(1.0)))
            .workload(new ScriptedWorkload(jobs)).scheduler(kernel).timeMode(TimeMode.CONTINUOUS).build();
    }

    @Test
    void theViewsAndTheContextCannotBeCastToTheEngines() {
        final Scripted kernel = new Scripted(k -> { });
        final Simulation simulation = simulation(kernel, new double[] {0, 1, 500_000});
        assertThrows(ClassCastException.class, () -> consume((JobTable) (Object) kernel.context.jobs()));
        assertThrows(ClassCastException.class, () -> consume((ServerTable) (Object) kernel.context.servers()));
        assertThrows(ClassCastException.class, () -> consume((Simulation) kernel.context));
        assertSame(kernel.context.jobs(), kernel.context.jobs(), "one view per table, never a new one");
        assertSame(simulation.jobs(), kernel.context.jobs());
        assertTrue(simulation.jobTable() != (Object) simulation.jobs());
        simulation.runToCompletion();
        assertEquals(1, simulation.arrivedCount());
    }

    private static void consume(final Object cast) {
        assertNull(cast, "unreachable: the cast fails");
    }

    @Test
    void aPlacementThatDoesNotFitIsOneLineInRealAmounts() {
        final Scripted kernel = new Scripted(k -> {
            while (!k.queue.isEmpty()) {
                k.placeHead(1);
            }
        });
        final Simulation simulation = simulation(kernel, new double[] {0, 5, 880_000}, new double[] {2, 1, 400_000});
        final SchedulerFault fault = assertThrows(SchedulerFault.class, simulation::runToCompletion);
        assertEquals("scheduler Scripted placed job 1 on server 1 which had 120000 units of resource 0 left for a"
            + " request of 400000 units (at time 2.0)", fault.getMessage());
        assertEquals("scheduler Scripted placed job 1 on server 1 which had 0.12 of resource 0 left for a request of"
            + " 0.4 (at time 2.0)", fault.message(UNITS));
        assertEquals(new SchedulerFault.Overfill(1, 1, 0, 120_000, 400_000), fault.overfill());
        assertEquals(2.0, fault.time());
    }

    @Test
    void aJobPlacedTwiceOrLeftBehindIsNamed() {
        final Scripted twice = new Scripted(k -> {
            final int job = k.queue.head();
            k.queue.remove(job);
            k.context.place(job, 0);
            k.context.place(job, 1);
        });
        assertEquals("scheduler Scripted placed job 0 on server 1, but it is already running on server 0 (only a job"
            + " taken out of its queue may be placed; at time 0.0)",
            assertThrows(SchedulerFault.class, simulation(twice, new double[] {0, 1, 1})::runToCompletion).getMessage());
        final Scripted queued = new Scripted(k -> k.context.place(k.queue.head(), 0));
        assertTrue(assertThrows(SchedulerFault.class, simulation(queued, new double[] {0, 1, 1})::runToCompletion)
            .getMessage().contains("but it is still in a queue"));
        final Scripted nowhere = new Scripted(k -> k.context.place(0, 7));
        assertEquals("scheduler Scripted placed job 0 on server 7, which is not one of the 2 servers (at time 0.0)",
            assertThrows(SchedulerFault.class, simulation(nowhere, new double[] {0, 1, 1})::runToCompletion)
                .getMessage());
        final Scripted loses = new Scripted(k -> k.queue.remove(k.queue.head()));
        assertEquals("scheduler Scripted left 1 job(s) neither queued nor running after the decision at 0.0",
            assertThrows(SchedulerFault.class, simulation(loses, new double[] {0, 1, 1})::runToCompletion).getMessage());
    }

    @Test
    void whatAKernelThrowsIsOneLineNamingTheCallbackAndTheTime() {
        final Scripted throwing = new Scripted(k -> {
            throw new IllegalArgumentException("no\nsuch thing");
        });
        final SchedulerFault fault = assertThrows(SchedulerFault.class,
            simulation(throwing, new double[] {3, 1, 1})::runToCompletion);
        assertTrue(fault.getMessage().startsWith("scheduler Scripted failed in decide at time 3.0:"
            + " IllegalArgumentException: no such thing (at org.stowage.core.engine.KernelFenceTest"), fault.getMessage());
        assertFalse(fault.getMessage().contains("\n"));
        assertTrue(fault.getCause() instanceof IllegalArgumentException, "the kernel's exception is the cause");
        final Scripted recursing = new Scripted(KernelFenceTest::recurse);
        assertTrue(assertThrows(SchedulerFault.class, simulation(recursing, new double[] {0, 1, 1})::runToCompletion)
            .getMessage().startsWith("scheduler Scripted failed in decide at time 0.0: StackOverflowError (at "));
        final Scripted exhausting = new Scripted(k -> {
            throw new OutOfMemoryError("test");
        });
        assertThrows(OutOfMemoryError.class, simulation(exhausting, new double[] {0, 1, 1})::runToCompletion,
            "the heap's failure stays what it is");
    }

    private static void recurse(final Scripted kernel) {
        recurse(kernel);
    }

    @Test
    void aTickRescheduledAtItsOwnInstantForeverIsStopped() {
        final Scripted ticking = new Scripted(k -> { }) {
            @Override
            public void attach(final SchedulerContext schedulerContext) {
                super.attach(schedulerContext);
                schedulerContext.scheduleTick(4, 1);
            }
        };
        final SchedulerFault fault = assertThrows(SchedulerFault.class,
            simulation(ticking, new double[] {0, 1, 1})::runToCompletion);
        assertEquals("scheduler Scripted asked for more than " + Simulation.MAX_TICKS_PER_INSTANT + " ticks at time 4.0"
            + " (a tick rescheduled at its own instant forever?); stopped there", fault.getMessage());
    }

    @Test
    void decisionsWithoutTimeMovingOnAreStopped() {
        final Scripted again = new Scripted(k -> k.context.scheduleTick(k.context.now(), 2));
        final Simulation simulation = simulation(again, new double[] {1, 1, 1});
        final long before = simulation.progress();
        final SchedulerFault fault = assertThrows(SchedulerFault.class, simulation::runToCompletion);
        assertEquals("scheduler Scripted made more than " + Simulation.MAX_DECISIONS_PER_INSTANT + " decisions at time"
            + " 1.0 without time moving on (each asked for another event at the same instant); stopped there",
            fault.getMessage());
        assertTrue(simulation.progress() > before + Simulation.MAX_DECISIONS_PER_INSTANT, "progress counts instants");
    }

    @Test
    void aFactoryOrAnAttachThatFailsIsAFaultButARefusalStaysOne() {
        final SchedulerFactory none = model -> null;
        final SchedulerFault nothing = assertThrows(SchedulerFault.class, () -> Simulation.builder()
            .servers(ServerTable.homogeneous(1, 10)).workload(new ScriptedWorkload(new double[] {0, 1, 1})).scheduler(none)
            .build());
        assertTrue(nothing.getMessage().endsWith(" returned no scheduler (null)"), nothing.getMessage());
        final SchedulerFactory broken = model -> {
            throw new IllegalStateException("broken");
        };
        assertTrue(assertThrows(SchedulerFault.class, () -> Simulation.builder().servers(ServerTable.homogeneous(1, 10))
            .workload(new ScriptedWorkload(new double[] {0, 1, 1})).scheduler(broken).build()).getMessage()
            .contains(" failed: IllegalStateException: broken (at "));
        final Scripted attachFails = new Scripted(k -> { }) {
            @Override
            public void attach(final SchedulerContext schedulerContext) {
                throw new IllegalStateException("not today");
            }
        };
        assertTrue(assertThrows(SchedulerFault.class, () -> simulation(attachFails, new double[] {0, 1, 1})).getMessage()
            .startsWith("scheduler Scripted failed in attach: IllegalStateException: not today (at "));
        final Scripted refuses = new Scripted(k -> { }) {
            @Override
            public void attach(final SchedulerContext schedulerContext) {
                throw new IllegalArgumentException("needs 3 resources");
            }
        };
        assertEquals("needs 3 resources", assertThrows(IllegalArgumentException.class,
            () -> simulation(refuses, new double[] {0, 1, 1})).getMessage(),
            "a kernel's refusal of the workload is the request's fault, as it was");
    }

    @Test
    void aWorkloadsOwnFailureIsNotTheKernels() {
        final Scripted kernel = new Scripted(k -> {
            while (!k.queue.isEmpty()) {
                k.placeHead(0);
            }
        });
        final Simulation simulation = simulation(kernel, new double[] {2, 1, 1}, new double[] {1, 1, 1});
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, simulation::runToCompletion);
        assertTrue(error.getMessage().startsWith("workload arrival times go backwards"), error.getMessage());
    }

    @Test
    void aStreamOutsideTheKernelsRangeIsTheKernelsFaultEvenInAttach() {
        final Scripted negative = new Scripted(k -> { }) {
            @Override
            public void attach(final SchedulerContext schedulerContext) {
                schedulerContext.random(-1);
            }
        };
        assertTrue(assertThrows(SchedulerFault.class, () -> simulation(negative, new double[] {0, 1, 1})).getMessage()
            .contains("asked for kernel random stream -1, which is not in [0, " + Seeds.KERNEL_STREAMS + ")"),
            "not an ArrayIndexOutOfBoundsException, nor a refusal of the workload");
        final Scripted tooLarge = new Scripted(k -> k.context.random(Seeds.KERNEL_STREAMS));
        assertThrows(SchedulerFault.class, simulation(tooLarge, new double[] {0, 1, 1})::runToCompletion);
    }
}
