package org.stowage.core.kernel.rms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedRandomness;
import org.stowage.core.testing.ScriptedWorkload;

/**
 * Hand-computed event logs of every RMS kernel on small scenarios: the random streams are scripted
 * ({@link ScriptedRandomness}), so each tick's type, server and gap, each replacement coin and each dummy's
 * service is written below, with the arithmetic that decides it. Times print to 4 decimals (a gap of
 * {@code g} is scripted as {@code u = 1 - exp(-R g)}, which the kernel turns back into {@code g} up to
 * rounding).
 */
class RmsKernelTest {
    private static final int CLOCK = SchedulerContext.CLOCKS;
    private static final int PLACEMENT = SchedulerContext.SAMPLING;
    private static final int COINS = SchedulerContext.COINS;
    private static final int DUMMY = SchedulerContext.DUMMY_SERVICE;
    private static final int ROUTING = SchedulerContext.ROUTING;

    /** The uniform that makes a clock of total rate {@code rate} wait {@code gap}. */
    private static double gap(final double rate, final double gap) {
        return -Math.expm1(-rate * gap);
    }

    /** Types of one resource: sizes in units, mean service 1; M from the argument. */
    private static Model model(final ServerTable servers, final int maxJobs, final int[]... sizes) {
        final double[] services = new double[sizes.length];
        Arrays.fill(services, 1.0);
        return Model.of(servers).withJobClasses(JobClasses.types(sizes, services, null)).withPlan(new RmsPlan(maxJobs));
    }

    /** Names real jobs J1, J2, ... by arrival and dummies d{type}#{n} by placement. */
    private static final class Log implements SimulationListener {
        final List<String> lines = new ArrayList<>();
        private final Map<Integer, String> names = new HashMap<>();
        private final Simulation[] simulation;
        private int arrivals;
        private int dummies;

        Log(final Simulation[] simulation) {
            this.simulation = simulation;
        }

        private void add(final double time, final String text) {
            lines.add(String.format("%.4f %s", time, text));
        }

        @Override
        public void onArrival(final double time, final int job) {
            names.put(job, "J" + ++arrivals);
            add(time, "A " + names.get(job));
        }

        @Override
        public void onStart(final double time, final int job, final int server) {
            add(time, "S " + names.get(job) + " s" + server);
        }

        @Override
        public void onDeparture(final double time, final int job, final int server) {
            add(time, "D " + names.get(job) + " s" + server);
        }

        @Override
        public void onDummyStart(final double time, final int job, final int server) {
            names.put(job, "d" + simulation[0].jobs().jobClass(job) + "#" + ++dummies);
            add(time, "d+ " + names.get(job) + " s" + server);
        }

        @Override
        public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
            add(time, (cancelled ? "dx " : "d- ") + names.get(job) + " s" + server);
        }
    }

    private record Run(Simulation simulation, Log log) {
    }

    private static Run run(final ServerTable servers, final Model model, final Scheduler kernel,
                           final Workload workload, final double horizon) {
        final Simulation[] holder = new Simulation[1];
        final Log log = new Log(holder);
        holder[0] = Simulation.builder()
            .servers(servers)
            .workload(workload)
            .model(model)
            .scheduler(kernel)
            .timeMode(TimeMode.CONTINUOUS)
            .seed(1)
            .listener(log)
            .checkInvariants(true)
            .build();
        if (Double.isInfinite(horizon)) {
            holder[0].runToCompletion();
        } else {
            holder[0].runUntil(horizon);
        }
        return new Run(holder[0], log);
    }

    @Test
    void algorithmOneTicksCoinsAndDummiesByHand() {
        // 2 servers of 10 units, types of 2 and 5 units, M = 5, eps = 0.05, r = 1 per type: R = 2
        final ServerTable servers = ServerTable.homogeneous(2, 10);
        final Model model = model(servers, 5, new int[] {2}, new int[] {5});
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(CLOCK, gap(2, 1.0),         // first tick at 1.0
                0.7, gap(2, 1.0),               // t=1: type floor(0.7*2) = 1; next at 2.0
                0.2, gap(2, 1.0),               // t=2: type 0; next at 3.0
                0.9, gap(2, 1.2))               // t=3: type 1; next at 4.2 (the clock stops there)
            .stream(PLACEMENT, 0.6, 0.1, 0.4)   // servers floor(2u): 1, 0, 0
            .stream(DUMMY, 0.5, 2.0)            // dummy services (x mean 1)
            .stream(COINS,
                // t=2.5, a type-0 dummy leaves, Q = (0, 1): w_0 = eps/(8M) log 2 = 0.000866434,
                // p = 1 - exp(-w_0) = 0.000866059 > 0.0008: replaced (M = 6 would give 0.000722: not)
                0.0008,
                0.3, 0.3,                       // t=3.5 and 4.0, all queues empty: w = 0, never replaced
                0.0);                           // t=4.5: 0 < 0 is false
        final Rms kernel = (Rms) Kernels.byName("RMS:r=1").create(model);
        final Run run = run(servers, model, script.wrap(kernel), ScriptedWorkload.typed(
            new double[] {0.5, 2.5, 1, 5},      // J1, type 1
            new double[] {0.6, 1.0, 1, 5}),     // J2, type 1
            Double.POSITIVE_INFINITY);
        assertEquals(List.of(
            "0.5000 A J1",
            "0.6000 A J2",
            "1.0000 S J1 s1",                   // tick type 1 on server 1: fits, head of Q_1
            "2.0000 d+ d0#1 s0",                // tick type 0 on server 0: Q_0 empty, a dummy
            "2.5000 d- d0#1 s0",
            "2.5000 d+ d0#2 s0",                // the coin replaced it with another dummy
            "3.0000 S J2 s0",                   // tick type 1 on server 0 (8 free)
            "3.5000 D J1 s1",
            "4.0000 D J2 s0",
            "4.5000 d- d0#2 s0"), run.log.lines);
        assertEquals(0, script.remaining(), "every scripted draw is used");
        assertTrue(kernel.clockStopped(), "the tick at 4.2 found the workload over and no real job: the clock stops");
    }

    @Test
    void remarkTwoArrivalReplacesTheOldestDummyOfItsType() {
        // 1 server of 10, types of 2 and 5, r = 1 per type: R = 2; one server, so every placement draw gives 0
        final ServerTable servers = ServerTable.homogeneous(1, 10);
        final Model model = model(servers, 5, new int[] {2}, new int[] {5});
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(CLOCK, gap(2, 1.0), 0.1, gap(2, 1.0), 0.2, gap(2, 1.0), 0.8, gap(2, 2.0))
            .stream(PLACEMENT, 0.5, 0.5, 0.5)
            .stream(DUMMY, 10, 10, 0.5)
            .stream(COINS, 0.5, 0.5, 0.5);
        final Rms kernel = (Rms) Kernels.byName("RMS:r=1,replace=true").create(model);
        final Run run = run(servers, model, script.wrap(kernel),
            ScriptedWorkload.typed(new double[] {2.5, 1.0, 0, 2}),
            Double.POSITIVE_INFINITY);
        assertEquals(List.of(
            "1.0000 d+ d0#1 s0",
            "2.0000 d+ d0#2 s0",
            "2.5000 A J1",
            "2.5000 dx d0#1 s0",                // the oldest type-0 dummy gives its place (no coin: not a departure)
            "2.5000 S J1 s0",
            "3.0000 d+ d1#3 s0",                // type 1 fits in the 6 units left
            "3.5000 D J1 s0",                   // coin 0.5, queues empty: not replaced
            "3.5000 d- d1#3 s0",                // coin 0.5: not replaced
            "12.0000 d- d0#2 s0"), run.log.lines); // the clock stopped at 5.0; coin 0.5: not replaced
        assertEquals(0, script.remaining());
    }

    @Test
    void randomFitPicksAmongTheFittingServersInTheSetsOrder() {
        // 3 servers of 10, types of 6 and 3 units; a long type-1 job keeps the clock running
        final ServerTable servers = ServerTable.homogeneous(3, 10);
        final Model model = model(servers, 3, new int[] {6}, new int[] {3});
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(CLOCK, gap(2, 1.0), 0.1, gap(2, 1.0), 0.2, gap(2, 1.0), 0.3, gap(2, 1.0), 0.4, gap(2, 1.0),
                0.6, gap(2, 10))
            .stream(PLACEMENT,
                0.0,                            // t=1, type 0, set [0, 1, 2]: server 0; 0 leaves: [2, 1]
                0.0,                            // t=2: the set's first is now server 2; [1]
                0.9,                            // t=3: floor(0.9 * 1) = 0: server 1; []
                                                // t=4, type 0, no server fits: no draw, nothing
                0.5)                            // t=5, type 1, set [0, 1, 2]: floor(1.5) = 1: server 1
            .stream(DUMMY, 10, 10, 10);
        final Run run = run(servers, model, script.wrap(Kernels.byName("RMS-RF:r=1").create(model)),
            ScriptedWorkload.typed(new double[] {0.1, 100, 1, 3}), 6);
        assertEquals(List.of(
            "0.1000 A J1",
            "1.0000 d+ d0#1 s0",
            "2.0000 d+ d0#2 s2",                // uniform RMS would have drawn server 0 and wasted the tick
            "3.0000 d+ d0#3 s1",
            "5.0000 S J1 s1"), run.log.lines);
        assertEquals(0, script.remaining());
    }

    @Test
    void bestFitTakesTheTightestServerForTheType() {
        // one resource: least residual that holds the type, ties to the lowest index
        final ServerTable servers = ServerTable.homogeneous(3, 10);
        final Model model = model(servers, 5, new int[] {5}, new int[] {2});
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(CLOCK, gap(2, 1.0), 0.1, gap(2, 1.0), 0.9, gap(2, 1.0), 0.1, gap(2, 1.0), 0.9, gap(2, 10))
            .stream(DUMMY, 10, 10, 10);
        final Run run = run(servers, model, script.wrap(Kernels.byName("RMS-BF:r=1").create(model)),
            ScriptedWorkload.typed(new double[] {0.1, 100, 1, 2}), 4.5);
        assertEquals(List.of(
            "0.1000 A J1",
            "1.0000 d+ d0#1 s0",                // all at 10: lowest index
            "2.0000 S J1 s0",                   // size 2: server 0 (5 left) is the tightest
            "3.0000 d+ d0#2 s1",                // size 5: server 0 has 3; servers 1 and 2 tie: 1
            "4.0000 d+ d1#3 s0"), run.log.lines); // size 2: server 0 (3 left)
        assertEquals(0, script.remaining());
    }

    @Test
    void bestFitWithSeveralResourcesMaximisesTheInnerProductWithTheOccupiedResources() {
        final ServerTable servers = ServerTable.homogeneous(2, 10, 10);
        final Model model = Model.of(servers)
            .withJobClasses(JobClasses.types(new int[][] {{4, 1}, {1, 4}}, new double[] {1, 1}, null))
            .withPlan(new RmsPlan(4));
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(CLOCK, gap(2, 1.0), 0.1, gap(2, 1.0), 0.9, gap(2, 1.0), 0.1, gap(2, 10))
            .stream(DUMMY, 10, 10);
        final Run run = run(servers, model, script.wrap(Kernels.byName("RMS-BF:r=1").create(model)),
            ScriptedWorkload.typed(new double[] {0.1, 100, 1, 1, 4}), 3.5);
        assertEquals(List.of(
            "0.1000 A J1",
            "1.0000 d+ d0#1 s0",                // both empty: score 0, lowest index
            "2.0000 S J1 s0",                   // (1,4).(4,1) = 8 on server 0 against 0 on server 1
            "3.0000 d+ d0#2 s0"), run.log.lines); // (4,1).(5,5) = 25 against 0; (4,1) fits in (5,5)
        assertEquals(0, script.remaining());
    }

    @Test
    void adaptiveClockTakesTypesWithProbabilityProportionalToExpWeight() {
        // 1 server of 10, types of 2 and 5, M = 5, common clock r = 1
        final ServerTable servers = ServerTable.homogeneous(1, 10);
        final Model model = model(servers, 5, new int[] {2}, new int[] {5});
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(CLOCK, gap(1, 1.0), gap(1, 1.0), gap(1, 1.0), gap(1, 20))
            .stream(PLACEMENT,
                // t=1, Q = (3, 0): w = (log 4, eps/(8M) log 4) = (1.386294, 0.001733);
                // p_0 = 4 / (4 + e^0.001733) = 0.799722 > 0.79: type 0; then the server draw
                0.79, 0.5,
                // t=2, Q = (2, 0): p_0 = 3 / (3 + e^0.001373) = 0.749743 <= 0.76: type 1, a dummy
                // (weights proportional to w rather than exp(w) would give p_0 = 0.9987: type 0)
                0.76, 0.5,
                0.74, 0.5)                      // t=3, Q = (2, 0): 0.74 < 0.749743: type 0
            .stream(DUMMY, 10);
        final Run run = run(servers, model, script.wrap(Kernels.byName("RMS-AD:r=1").create(model)),
            ScriptedWorkload.typed(
            new double[] {0.1, 100, 0, 2}, new double[] {0.2, 100, 0, 2}, new double[] {0.3, 100, 0, 2}), 3.5);
        assertEquals(List.of(
            "0.1000 A J1", "0.2000 A J2", "0.3000 A J3",
            "1.0000 S J1 s0",
            "2.0000 d+ d1#1 s0",
            "3.0000 S J2 s0"), run.log.lines);
        assertEquals(0, script.remaining());
    }

    @Test
    void plusVariantRunsFiveTimesFasterAndReplacesDummies() {
        // RMS-RF-AD+ with r = 1: the common clock runs at 5; one server, one type of 5 units
        final ServerTable servers = ServerTable.homogeneous(1, 10);
        final Model model = model(servers, 2, new int[] {5});
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(CLOCK, gap(5, 0.2), gap(5, 5))
            .stream(PLACEMENT, 0.3, 0.0)        // AD over one type, then Random-Fit over [0]
            .stream(DUMMY, 10)
            .stream(COINS, 0.5);                // J1 leaves, its queue empty: w = 0, not replaced
        final Run run = run(servers, model, script.wrap(Kernels.byName("RMS-RF-AD+:r=1").create(model)),
            ScriptedWorkload.typed(new double[] {0.5, 1, 0, 5}), 2);
        assertEquals(List.of(
            "0.2000 d+ d0#1 s0",                // gap 0.2 at rate 5 (0.2 at rate 1 would be 1.0)
            "0.5000 A J1",
            "0.5000 dx d0#1 s0",
            "0.5000 S J1 s0",
            "1.5000 D J1 s0"), run.log.lines);
        assertEquals(0, script.remaining());
    }

    @Test
    void joinTheShortestQueueBreaksTiesUniformlyAndServersRunLocalClocks() {
        // 3 servers of 10, types of 5 and 2, r = 1 per local queue: R = 6, pair = floor(6u) = 2l + j
        final ServerTable servers = ServerTable.homogeneous(3, 10);
        final Model model = model(servers, 5, new int[] {5}, new int[] {2});
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(ROUTING,
                2,                              // J1 (type 0): all three queues empty: the 3rd of 3 ties
                1,                              // J2: servers 0 and 1 tie at 0: the 2nd, server 1
                                                // J3: server 0 alone is shortest: no draw
                0)                              // J4 (type 1): three ties: server 0
            .stream(CLOCK, gap(6, 1.0),
                0.4, gap(6, 1.0),               // pair 2: server 1, type 0
                0.9, gap(6, 1.0),               // pair 5: server 2, type 1: its queue is empty, a dummy
                0.2, gap(6, 5))               // pair 1: server 0, type 1
            .stream(COINS, 0.1)                 // J2 leaves server 1, whose queues are empty: w = 0
            .stream(DUMMY, 10);
        final RmsLocalQueues kernel = (RmsLocalQueues) Kernels.byName("RMS+JSQ:r=1").create(model);
        final Run run = run(servers, model, script.wrap(kernel), ScriptedWorkload.typed(
            new double[] {0.1, 100, 0, 5}, new double[] {0.2, 0.5, 0, 5}, new double[] {0.3, 100, 0, 5},
            new double[] {0.4, 100, 1, 2}), 3.5);
        assertEquals(List.of(
            "0.1000 A J1", "0.2000 A J2", "0.3000 A J3", "0.4000 A J4",
            "1.0000 S J2 s1",
            "1.5000 D J2 s1",
            "2.0000 d+ d1#1 s2",
            "3.0000 S J4 s0"), run.log.lines);
        assertEquals(0, script.remaining());
        assertEquals(1, kernel.localQueueLength(2, 0), "J1 waits at server 2");
        assertEquals(1, kernel.localQueueLength(0, 0), "J3 waits at server 0");
    }

    @Test
    void powerOfTwoComparesTwoDistinctServersAndFlipsACoinOnTies() {
        final ServerTable servers = ServerTable.homogeneous(3, 10);
        final Model model = model(servers, 5, new int[] {5}, new int[] {2});
        final ScriptedRandomness script = new ScriptedRandomness()
            .stream(ROUTING,
                1, 1, 0,                        // J1: servers 1 and (1 >= 1 so) 2, both empty; coin false: 2
                2, 0,                           // J2: servers 2 (1 waiting) and 0 (none): 0
                0, 1, 1)                        // J3: servers 0 and 2, one each; coin true: the first, 0
            .stream(CLOCK, gap(6, 5));
        final RmsLocalQueues kernel = (RmsLocalQueues) Kernels.byName("RMS+Po2:r=1").create(model);
        run(servers, model, script.wrap(kernel), ScriptedWorkload.typed(new double[] {0.1, 1, 0, 5},
            new double[] {0.2, 1, 0, 5},
            new double[] {0.3, 1, 0, 5}), 1);
        assertEquals(0, script.remaining());
        assertEquals(2, kernel.localQueueLength(0, 0));
        assertEquals(0, kernel.localQueueLength(1, 0));
        assertEquals(1, kernel.localQueueLength(2, 0));
    }

    @Test
    void slottedTimeAndUntypedModelsAreRefusedInOneLineNamingTheKernel() {
        final ServerTable servers = ServerTable.homogeneous(2, 10);
        final Model typed = model(servers, 5, new int[] {2}, new int[] {5});
        final IllegalArgumentException slotted = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> Simulation.builder().servers(ServerTable.homogeneous(2, 10))
                .workload(ScriptedWorkload.typed(new double[] {1, 1, 0, 2})).model(typed)
                .scheduler(Kernels.byName("RMS+JSQ")).timeMode(TimeMode.SLOTTED).build());
        assertEquals("RMS+JSQ runs in continuous time only (its clocks are Poisson processes); the time mode is"
            + " SLOTTED", slotted.getMessage());
        final Model untyped = Model.of(servers).withPlan(new RmsPlan(5));
        final IllegalArgumentException classes = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> Simulation.builder().servers(ServerTable.homogeneous(2, 10))
                .workload(ScriptedWorkload.typed(new double[] {1, 1, 0, 2})).model(untyped)
                .scheduler(Kernels.byName("RMS-BF")).timeMode(TimeMode.CONTINUOUS).build());
        assertTrue(classes.getMessage().startsWith("RMS-BF needs discrete job types"), classes.getMessage());
    }
}
