package org.stowage.core.kernel.lotes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;
import org.stowage.testkit.EventLog;

/** The Greedy baseline (Tran et al. 2018, Sec. 5.1) event by event, indexed and naive. */
class GreedyDispatcherTest {
    private static List<String> starts(final String kernel, final int[] capacities, final long seed,
                                       final double[]... rows) {
        final EventLog log = new EventLog();
        final ServerTable servers = new ServerTable(1, capacities);
        Simulation.builder().servers(servers).model(Model.of(servers)).workload(new ScriptedWorkload(rows))
            .scheduler(Kernels.byName(kernel)).timeMode(TimeMode.CONTINUOUS).listener(log).seed(seed)
            .checkInvariants(true).build().runToCompletion();
        return log.starts();
    }

    @Test
    void firstFitThenFirstComeFirstServedPerMachineWithHeadOfLineBlocking() {
        for (final String kernel : new String[] {"Greedy", "Greedy-naive"}) {
            assertEquals(List.of("0.0 job=0 server=0", "1.0 job=1 server=0", "100.0 job=2 server=0",
                    "101.0 job=3 server=0"),
                starts(kernel, new int[] {10}, 1,
                    new double[] {0, 10, 8},     // job 0 starts
                    new double[] {1, 99, 2},     // job 1 fits beside it (first fit ignores the queue)
                    new double[] {2, 1, 9},      // job 2 waits
                    new double[] {3, 5, 2}),     // job 3 waits behind it, even at 10 when it would fit
                kernel);
        }
    }

    @Test
    void theShortestQueueTakesTheJobAndTiesAreDrawn() {
        for (final String kernel : new String[] {"Greedy", "Greedy-naive"}) {
            final Set<String> seen = new HashSet<>();
            for (long seed = 0; seed < 20; seed++) {
                final List<String> starts = starts(kernel, new int[] {10, 10}, seed,
                    new double[] {0, 10, 6},   // job 0: machine 0
                    new double[] {0, 20, 6},   // job 1: machine 1
                    new double[] {1, 50, 5},   // job 2: both queues empty: a drawn tie
                    new double[] {2, 50, 2},   // job 3: first fit, machine 0
                    new double[] {3, 50, 5});  // job 4: the other queue
                assertEquals(List.of("0.0 job=0 server=0", "0.0 job=1 server=1", "2.0 job=3 server=0"),
                    starts.subList(0, 3), kernel);
                final String tenth = starts.get(3);
                final String twentieth = starts.get(4);
                assertEquals("10.0", tenth.substring(0, 4));
                assertEquals("20.0", twentieth.substring(0, 4));
                assertEquals(Set.of("job=2", "job=4"), Set.of(tenth.split(" ")[1], twentieth.split(" ")[1]));
                seen.add(tenth);
            }
            assertEquals(2, seen.size(), kernel + ": both tie outcomes over 20 seeds");
        }
    }

    @Test
    void aJobJoinsOnlyQueuesOfMachinesThatCanHoldIt() {
        for (final String kernel : new String[] {"Greedy", "Greedy-naive"}) {
            for (long seed = 0; seed < 10; seed++) {
                final List<String> starts = starts(kernel, new int[] {10, 20}, seed,
                    new double[] {0, 10, 10},  // job 0: machine 0
                    new double[] {0, 20, 20},  // job 1: machine 1
                    new double[] {1, 5, 15});  // job 2: only machine 1 can ever hold it
                assertEquals("20.0 job=2 server=1", starts.get(2), kernel + " seed " + seed);
            }
        }
    }
}
