package org.stowage.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.bestfit.BestFitJobsServers;
import org.stowage.core.kernel.bestfit.StallingBestFitJobsServers;
import org.stowage.core.kernel.partition.VirtualQueueBestFit;
import org.stowage.core.kernel.partition.VirtualQueueScheduling;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.AnyModel;
import org.stowage.core.testing.ScriptedWorkload;

/** Scheduler specs NAME[:key=value,...]: parsing, names, twins, and the errors that name key and value. */
class KernelSpecTest {

    @Test
    void partitionKernelsTakeJAndStall() {
        final Scheduler plain = Kernels.byName("VQS").create(AnyModel.any());
        assertInstanceOf(VirtualQueueScheduling.class, plain);
        assertEquals("VQS", plain.name());
        assertEquals(10, ((VirtualQueueScheduling) plain).levels());
        assertNull(((VirtualQueueScheduling) plain).stallFraction());

        final Scheduler tuned = Kernels.byName("VQS-BF:J=7,stall=0.50").create(AnyModel.any());
        assertInstanceOf(VirtualQueueBestFit.class, tuned);
        assertEquals("VQS-BF:J=7,stall=0.5", tuned.name());
        assertEquals("VQS:J=7", Kernels.byName("VQS:J=7,stall=false").create(AnyModel.any()).name());
        assertEquals("VQS:stall=1", Kernels.byName("VQS:stall=1.0").create(AnyModel.any()).name());
        assertEquals("VQS:J=4", Kernels.byName("VQS:J=4").create(AnyModel.any()).name(), "a spec round-trips through name()");
    }

    @Test
    void bestFitJobsServersTakesAStallFlag() {
        assertInstanceOf(BestFitJobsServers.class, Kernels.byName("BF-J/S").create(AnyModel.any()));
        assertInstanceOf(BestFitJobsServers.class, Kernels.byName("BF-J/S:stall=false").create(AnyModel.any()));
        final Scheduler stalling = Kernels.byName("BF-J/S:stall=true").create(AnyModel.any());
        assertInstanceOf(StallingBestFitJobsServers.class, stalling);
        assertEquals("BF-J/S:stall=true", stalling.name());
    }

    @Test
    void twinsKeepTheParameters() {
        assertEquals("VQS-naive:J=7", Kernels.twinOf("VQS:J=7"));
        assertEquals("BF-J-naive", Kernels.twinOf("BF-J"));
        assertEquals("VQS-BF-naive:J=7,stall=0.5",
            Kernels.byName(Kernels.twinOf("VQS-BF:J=7,stall=0.5")).create(AnyModel.any()).name());
        assertEquals("BF-J/S-naive:stall=true",
            Kernels.byName(Kernels.twinOf("BF-J/S:stall=true")).create(AnyModel.any()).name());
        for (final String name : Kernels.names()) {
            if (!name.endsWith("-naive")) {
                assertTrue(Kernels.names().contains(Kernels.twinOf(name)), "no twin for " + name);
                final Function<org.stowage.core.model.Model, Object> planner =
                    Kernels.definition(name).testPlanner();
                final org.stowage.core.model.Model base = Kernels.definition(name).requirements().discreteTypes()
                    ? AnyModel.oneType() : AnyModel.any();
                final org.stowage.core.model.Model model = planner == null ? base
                    : base.withPlan(planner.apply(base));
                assertEquals(name, Kernels.byName(name).create(model).name());
            }
        }
    }

    @Test
    void badSpecsNameTheSchedulerKeyAndValue() {
        assertMessage("unknown parameter 'K' (value '3') for scheduler VQS; known: J, stall", "VQS:K=3");
        assertMessage("unknown parameter 'stall' (value 'true') for scheduler BF-J; known: none", "BF-J:stall=true");
        assertMessage("invalid value for parameter J of VQS: '1' (an integer in [2, 30])", "VQS:J=1");
        assertMessage("invalid value for parameter J of VQS-BF: 'seven' (an integer in [2, 30])", "VQS-BF:J=seven");
        assertMessage("invalid value for parameter stall of VQS: '1.5' (a fraction in (0, 1] with at most 9 decimals,"
            + " or false)", "VQS:stall=1.5");
        assertMessage("invalid value for parameter stall of VQS: '0' (a fraction in (0, 1] with at most 9 decimals,"
            + " or false)", "VQS:stall=0");
        assertMessage("invalid value for parameter stall of VQS-BF: 'true' (a fraction in (0, 1] with at most 9"
            + " decimals, or false;"
            + " the partition kernels stall below a fraction of the maximum weight)", "VQS-BF:stall=true");
        assertMessage("invalid value for parameter stall of BF-J/S: '0.5' (true or false)", "BF-J/S:stall=0.5");
        assertMessage("malformed parameter 'J' for scheduler VQS; expected key=value", "VQS:J");
        assertMessage("malformed parameter '' for scheduler VQS; expected key=value", "VQS:J=4,");
        assertMessage("scheduler 'VQS:' has an empty parameter list; expected VQS:key=value,...", "VQS:");
        assertMessage("parameter 'J' given twice for scheduler VQS: 'J=3,J=4'", "VQS:J=3,J=4");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Kernels.byName("VQX:J=3")).getMessage()
            .startsWith("unknown scheduler 'VQX'; known: BF-J, BF-S, BF-J/S, FIFO-FF, FIFO-RF, VQS, VQS-BF,"));
    }

    /** Issue 23, root cause 2: what `stowage schedulers` advertises is the only check, open ends included. */
    @Test
    void rmsParameterRangesAreCheckedWhereTheyAreAdvertised() {
        for (final String kernel : List.of("RMS", "RMS-RF-AD+", "RMS+JSQ")) {
            assertMessage("invalid value for parameter eps of " + kernel + ": '1' (a number in (0.0, 1.0))", kernel + ":eps=1");
            assertMessage("invalid value for parameter eps of " + kernel + ": '0' (a number in (0.0, 1.0))", kernel + ":eps=0");
            assertMessage("invalid value for parameter b of " + kernel + ": '1' (a number in [0.0, 1.0))", kernel + ":b=1");
            Kernels.byName(kernel + ":eps=0.999,b=0.999");
            Kernels.byName(kernel + ":b=0");
        }
        assertTrue(Kernels.describe().contains("eps=: epsilon of the weight floor eps/(8M) f(Q_max); a number in"
            + " (0.0, 1.0), default 0.05"), Kernels.describe());
        assertTrue(Kernels.describe().contains("b=: f(x) = log(1+x)^(1-b); 0 for log(1+x); a number in [0.0, 1.0),"
            + " default 0.0"), Kernels.describe());
    }

    @Test
    void unsupportedClustersAreRejectedNamingTheServer() {
        assertAttachMessage("VQS supports server capacities that differ by powers of 2 (each the largest / 2^e exactly,"
            + " in units): server 1 has 700 units and the largest has 1000", "VQS", new ServerTable(1, new int[] {1000, 700}));
        assertAttachMessage("VQS-BF:J=3 supports capacities down to the largest / 2^(J - 2) = largest / 2^1: server 2"
            + " has the largest / 2^2 (250 of 1000 units); raise J", "VQS-BF:J=3",
            new ServerTable(1, new int[] {1000, 500, 250}));
        assertAttachMessage("VQS is defined for one resource (D = 1); this cluster has D = 2", "VQS",
            ServerTable.homogeneous(2, 10, 10));
        assertAttachMessage("BF-J/S:stall=true is defined for one resource (D = 1); this cluster has D = 2. Use BF-J"
            + " or FIFO-FF for several resources.", "BF-J/S:stall=true", ServerTable.homogeneous(2, 10, 10));
        // capacities that differ by powers of 2 are accepted, down to the largest / 2^(J-2)
        Kernels.byName("VQS:J=4").create(AnyModel.any());
        simulation("VQS:J=4", new ServerTable(1, new int[] {1000, 500, 250, 1000}));
    }

    private static Simulation simulation(final String spec, final ServerTable servers) {
        return Simulation.builder().servers(servers).workload(new ScriptedWorkload(new double[] {0, 1, 1}))
            .scheduler(Kernels.byName(spec)).timeMode(TimeMode.SLOTTED).build();
    }

    private static void assertAttachMessage(final String expected, final String spec, final ServerTable servers) {
        final int dimensions = servers.dimensions();
        final double[] row = new double[2 + dimensions];
        row[1] = 1;
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> Simulation.builder().servers(servers).workload(new ScriptedWorkload(row))
                .scheduler(Kernels.byName(spec)).build());
        assertEquals(expected, error.getMessage());
    }

    private static void assertMessage(final String expected, final String spec) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, () -> Kernels.byName(spec)).getMessage());
    }
}
