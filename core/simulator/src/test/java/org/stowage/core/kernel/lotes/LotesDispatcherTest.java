package org.stowage.core.kernel.lotes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;
import org.stowage.testkit.EventLog;

/**
 * LoTES Stage 3 (Sec. 4.3) event by event on hand-made plans, for the indexed kernel and its naive twin.
 *
 * <p>The cluster: machines 0, 1, 2 of capacity 10 (configuration 0) and machine 3 of capacity 20
 * (configuration 1). Two classes. Machine 0 emulates the bin (1, 0), machine 1 (3, 0), machine 2 (0, 2),
 * machine 3 the empty bin, so configuration 1 serves no class and both classes are routed to configuration
 * 0 with probability 1.
 */
class LotesDispatcherTest {
    private static final ServerTable CLUSTER = new ServerTable(1, new int[] {10, 10, 10, 20});

    private static LotesPlan plan() {
        return LotesPlan.of(2, new int[] {0, 0, 0, 1}, new int[] {0, 1, 2, 3}, new int[] {0, 0, 0, 1},
            new int[] {1, 0, 3, 0, 0, 2, 0, 0}, new double[] {1, 0, 1, 0}, 0, 0, 0);
    }

    private static List<String> starts(final String kernel, final Workload workload) {
        final EventLog log = new EventLog();
        final Model model = Model.of(CLUSTER).withPlan(plan());
        Simulation.builder().servers(new ServerTable(1, new int[] {10, 10, 10, 20})).model(model).workload(workload)
            .scheduler(Kernels.byName(kernel)).timeMode(TimeMode.CONTINUOUS).listener(log).checkInvariants(true)
            .build().runToCompletion();
        return log.starts();
    }

    @Test
    void arrivalsGoToTheFittingMachineOfHighestDeficitThenAnyMachine() {
        for (final String kernel : new String[] {"LoTES", "LoTES-naive"}) {
            final ScriptedWorkload workload = new ScriptedWorkload(new int[] {0, 0, 0, 0, 1, 0, 0, 0, 0, 0},
                new double[] {0, 100, 2},   // job 0: v = 1, 3, 0 on machines 0-2: machine 1 (v 3 -> 2)
                new double[] {1, 100, 2},   // job 1: machine 1 again (2 > 1)
                new double[] {2, 100, 2},   // job 2: v 1 on machines 0 and 1: the lower id, 0
                new double[] {3, 100, 2},   // job 3: v 0, 1, 0: machine 1 (now 6 used)
                new double[] {4, 100, 4},   // job 4, class 1: v 0, 0, 2: machine 2
                new double[] {5, 100, 5},   // job 5: machine 1 is too full; v 0 on machines 0 and 2: 0
                new double[] {6, 10, 5},    // job 6: only machine 2 fits (v 0)
                new double[] {7, 100, 8},   // job 7: no machine of configuration 0 fits: any machine, 3
                new double[] {8, 100, 3},   // job 8: machine 0 fits (v -1), machine 1 too (v 0): 1
                new double[] {9, 100, 13}); // job 9: fits nowhere now: class 0's queue; at 16 still no room
            assertEquals(List.of("0.0 job=0 server=1", "1.0 job=1 server=1", "2.0 job=2 server=0",
                    "3.0 job=3 server=1", "4.0 job=4 server=2", "5.0 job=5 server=0", "6.0 job=6 server=2",
                    "7.0 job=7 server=3", "8.0 job=8 server=1"),
                starts(kernel, workload).subList(0, 9), kernel);
        }
    }

    @Test
    void departuresServeClassesByDecreasingDeficitAndIdleForUnservedOnes() {
        for (final String kernel : new String[] {"LoTES", "LoTES-naive"}) {
            final ScriptedWorkload workload = new ScriptedWorkload(new int[] {1, 0, 0, 0, 0, 1, 1, 0},
                new double[] {0, 5, 10},    // a (0), class 1: machine 2 (v 2), full; leaves at 5
                new double[] {0, 50, 10},   // b (1): machine 1 (v 3), full
                new double[] {0, 60, 10},   // c (2): machine 0 (v 1), full
                new double[] {0, 40, 20},   // d (3): configuration 0 is full: machine 3, full; leaves at 40
                new double[] {1, 50, 3},    // e (4): class 0 queue
                new double[] {2, 50, 3},    // f (5): class 1 queue
                new double[] {3, 50, 4},    // g (6): class 1 queue
                new double[] {4, 50, 3});   // h (7): class 0 queue
            // at 5 machine 2 (v: class 0 -> 0, class 1 -> 2) starts f, then g (class 1 still ahead), then at
            // v 0 and 0 the lower class: e; h no longer fits. At 40 machine 3 (serving no class) idles though
            // h fits; at 50 machine 1 (v of class 0: 3) takes h.
            assertEquals(List.of("0.0 job=0 server=2", "0.0 job=1 server=1", "0.0 job=2 server=0",
                    "0.0 job=3 server=3", "5.0 job=5 server=2", "5.0 job=6 server=2", "5.0 job=4 server=2",
                    "50.0 job=7 server=1"),
                starts(kernel, workload), kernel);
        }
    }

    @Test
    void rouletteFollowsRhoAndFallsBackToTheOtherServingConfigurations() {
        // configuration 0 (machines 0-2) holds 3 slots of class 0 in all, configuration 1 (machine 3) 1:
        // rho = 3/4, 1/4. Short jobs into an idle cluster: the roulette alone decides.
        final LotesPlan plan = LotesPlan.of(1, new int[] {0, 0, 0, 1}, new int[] {0, 0, 0, 1}, new int[] {0, 1},
            new int[] {1, 1}, new double[] {0.75, 0.25}, 0, 0, 0);
        final int jobs = 20_000;
        final double[][] rows = new double[jobs][];
        for (int i = 0; i < jobs; i++) {
            rows[i] = new double[] {i, 0.5, 1};
        }
        final EventLog log = new EventLog();
        Simulation.builder().servers(new ServerTable(1, new int[] {10, 10, 10, 20}))
            .model(Model.of(CLUSTER).withPlan(plan)).workload(new ScriptedWorkload(rows))
            .scheduler(Kernels.byName("LoTES")).timeMode(TimeMode.CONTINUOUS).listener(log).seed(3)
            .checkInvariants(true).build().runToCompletion();
        final long onThree = log.lines().stream().filter(line -> line.startsWith("S ") && line.endsWith("server=3")).count();
        final double share = onThree / (double) jobs;
        assertTrue(Math.abs(share - 0.25) < 4 * Math.sqrt(0.25 * 0.75 / jobs), "share of configuration 1: " + share);
        // machine 3 full (a job of 20 for a long time): the roulette's second draw sends every job to 0
        final double[][] blocked = new double[2001][];
        blocked[0] = new double[] {0, 1e9, 20};
        for (int i = 1; i <= 2000; i++) {
            blocked[i] = new double[] {i, 0.5, 1};
        }
        final EventLog second = new EventLog();
        Simulation.builder().servers(new ServerTable(1, new int[] {10, 10, 10, 20}))
            .model(Model.of(CLUSTER).withPlan(plan)).workload(new ScriptedWorkload(blocked))
            .scheduler(Kernels.byName("LoTES")).timeMode(TimeMode.CONTINUOUS).listener(second).seed(3)
            .checkInvariants(true).build().runToCompletion();
        assertFalse(second.lines().stream().anyMatch(line -> line.startsWith("S ") && line.endsWith("server=3")
            && !line.startsWith("S 0.0")), "machine 3 is full after the first job");
        assertEquals(2001, second.lines().stream().filter(line -> line.startsWith("S ")).count());
    }

    @Test
    void aPlanForAnotherClusterOrAClassOutsideThePlanIsAnError() {
        final Model wrong = Model.of(new ServerTable(1, new int[] {10, 10, 20, 20})).withPlan(plan());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Kernels.byName("LoTES").create(wrong));
        assertTrue(e.getMessage().contains("machine 2"), e.getMessage());
        final Simulation simulation = Simulation.builder().servers(new ServerTable(1, new int[] {10, 10, 10, 20}))
            .model(Model.of(CLUSTER).withPlan(plan())).workload(new ScriptedWorkload(new int[] {2}, new double[] {0, 1, 1}))
            .scheduler(Kernels.byName("LoTES")).timeMode(TimeMode.CONTINUOUS).build();
        final IllegalStateException classError = assertThrows(IllegalStateException.class, simulation::runToCompletion);
        assertTrue(classError.getMessage().contains("class 2"), classError.getMessage());
    }
}
