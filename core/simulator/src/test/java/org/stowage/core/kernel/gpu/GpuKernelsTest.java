package org.stowage.core.kernel.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.engine.Seeds;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.ServerTable;
import org.stowage.testkit.EventLog;
import org.stowage.testkit.Scenario;

/**
 * The six GPU kernels on hand-made clusters whose answers follow from the artifact's rules, the tie order,
 * and the waiting rule; and a check that the differential harness would see two of them differ.
 */
class GpuKernelsTest {
    private static final int ANY = DeviceDemand.ANY_MODEL;
    private static final String[] KERNELS = {"Random", "DotProd", "GpuClustering", "GpuPacking", "BestFit", "FGD"};

    /** Pods given as rows {arrival, service, cpu, memory, demand}. */
    private record Rows(double[][] rows, int[] next) implements Workload {
        static Rows of(final double[]... rows) {
            return new Rows(rows, new int[1]);
        }

        @Override
        public int dimensions() {
            return 2;
        }

        @Override
        public double peekArrivalTime() {
            return next[0] < rows.length ? rows[next[0]][0] : Double.POSITIVE_INFINITY;
        }

        @Override
        public void next(final JobSpec spec) {
            final double[] row = rows[next[0]++];
            spec.arrivalTime = row[0];
            spec.serviceTime = row[1];
            spec.size[0] = (int) row[2];
            spec.size[1] = (int) row[3];
            spec.devices = (int) row[4];
        }
    }

    /** The start lines ("TIME job=J server=S devices=0xM") of {@code kernel} on {@code gpus} nodes. */
    private static List<String> starts(final String kernel, final int[] gpus, final TypicalPods typical,
                                       final double[]... pods) {
        final int[] capacities = new int[2 * gpus.length];
        final int[] models = new int[gpus.length];
        for (int s = 0; s < gpus.length; s++) {
            capacities[2 * s] = 64000;
            capacities[2 * s + 1] = 262144;
        }
        final ServerTable servers = new ServerTable(2, capacities);
        final EventLog log = new EventLog();
        final Simulation simulation = Simulation.builder()
            .servers(servers)
            .devices(new DeviceTable(1000, gpus, models, List.of("G")))
            .workload(Rows.of(pods))
            .model(Model.of(servers).withPlan(typical))
            .scheduler(Kernels.byName(kernel))
            .timeMode(TimeMode.CONTINUOUS)
            .seed(7)
            .checkInvariants(true)
            .listener(log)
            .build();
        log.watchDevices(simulation.devices());
        simulation.runToCompletion();
        return log.starts();
    }

    private static final TypicalPods SIXTY_PERCENT = TypicalPods.weighted(new int[] {1000},
        new int[] {DeviceDemand.of(1, 600, ANY)}, new long[] {1});

    @Test
    void fragmentsAreFilledBeforeFreshGpus() {
        // 600 milli on node 0 or 1 (both empty: the tie order decides), then 300 milli: FGD, BestFit and
        // GpuPacking put it on the GPU with 400 free (FGD: fragment 400 -> 100, score 57, against 50 on a fresh
        // GPU; BestFit: the least free; GpuPacking: a shared GPU, 96, over an idle node's 32).
        for (final String kernel : new String[] {"FGD", "BestFit", "GpuPacking"}) {
            final List<String> starts = starts(kernel, new int[] {2, 2}, SIXTY_PERCENT,
                new double[] {0, 100, 1000, 1024, DeviceDemand.of(1, 600, ANY)},
                new double[] {1, 100, 1000, 1024, DeviceDemand.of(1, 300, ANY)});
            final String first = starts.get(0).split(" ")[2];
            assertEquals(first, starts.get(1).split(" ")[2], kernel + ": " + starts);
            assertTrue(starts.get(0).endsWith("devices=0x1") && starts.get(1).endsWith("devices=0x1"), kernel + ": " + starts);
        }
    }

    @Test
    void fgdChoosesTheGpuWhoseFragmentShrinks() {
        // node 0 only, GPUs {400, 1000} after the first pod; 300 milli on GPU 0 leaves 100 (fragment 400 -> 100:
        // score 57), on GPU 1 leaves 700 (fragment stays 400: score 50)
        final List<String> starts = starts("FGD", new int[] {2}, SIXTY_PERCENT,
            new double[] {0, 100, 1000, 1024, DeviceDemand.of(1, 600, ANY)},
            new double[] {1, 100, 1000, 1024, DeviceDemand.of(1, 300, ANY)});
        assertEquals(List.of("0.0 job=0 server=0 devices=0x1", "1.0 job=1 server=0 devices=0x1"), starts);
    }

    @Test
    void clusteringKeepsKindsTogether() {
        // a fraction, then a whole GPU, land on the two nodes by the tie order and the kinds; the next
        // fraction joins the node running a fraction, the next whole GPU the node running a whole GPU
        final List<String> starts = starts("GpuClustering", new int[] {2, 2}, SIXTY_PERCENT,
            new double[] {0, 100, 1000, 1024, DeviceDemand.of(1, 300, ANY)},
            new double[] {1, 100, 1000, 1024, DeviceDemand.of(1, 1000, ANY)},
            new double[] {2, 100, 1000, 1024, DeviceDemand.of(1, 300, ANY)},
            new double[] {3, 100, 1000, 1024, DeviceDemand.of(1, 1000, ANY)});
        final String fractions = starts.get(0).split(" ")[2];
        final String whole = starts.get(1).split(" ")[2];
        assertTrue(!fractions.equals(whole), starts.toString());
        assertEquals(fractions, starts.get(2).split(" ")[2], starts.toString());
        assertEquals(whole, starts.get(3).split(" ")[2], starts.toString());
    }

    @Test
    void tiesGoToTheLowestRankOfTheSeededPermutation() {
        final int nodes = 6;
        final int[] rank = new int[nodes];
        for (int s = 0; s < nodes; s++) {
            rank[s] = s;
        }
        final RandomGenerator coins = Seeds.kernel(7, SchedulerContext.COINS);
        for (int i = nodes - 1; i > 0; i--) {
            final int j = coins.nextInt(i + 1);
            final int swap = rank[i];
            rank[i] = rank[j];
            rank[j] = swap;
        }
        int lowest = 0;
        for (int s = 1; s < nodes; s++) {
            if (rank[s] < rank[lowest]) {
                lowest = s;
            }
        }
        for (final String kernel : new String[] {"DotProd", "GpuClustering", "GpuPacking", "BestFit", "FGD"}) {
            final List<String> starts = starts(kernel, new int[] {1, 1, 1, 1, 1, 1}, SIXTY_PERCENT,
                new double[] {0, 100, 1000, 1024, DeviceDemand.of(1, 1000, ANY)});
            assertEquals("0.0 job=0 server=" + lowest + " devices=0x1", starts.get(0), kernel);
        }
    }

    @Test
    void aPodThatFitsNowhereWaitsForADeparture() {
        for (final String kernel : KERNELS) {
            final List<String> starts = starts(kernel, new int[] {1}, SIXTY_PERCENT,
                new double[] {0, 10, 1000, 1024, DeviceDemand.of(1, 1000, ANY)},
                new double[] {1, 10, 1000, 1024, DeviceDemand.of(1, 600, ANY)},
                new double[] {2, 10, 1000, 1024, DeviceDemand.NONE});
            assertEquals(List.of("0.0 job=0 server=0 devices=0x1", "2.0 job=2 server=0 devices=0x0",
                "10.0 job=1 server=0 devices=0x1"), starts, kernel);
        }
    }

    @Test
    void harnessSeesGpuKernelsDecideDifferently() {
        final KernelDefinition fgd = Kernels.definition("FGD");
        int differ = 0;
        for (int i = 0; i < 60; i++) {
            final Scenario scenario = Scenario.random(0x6F0D + i, fgd.requirements());
            final Model model = scenario.model(fgd);
            final EventLog a = run(scenario, fgd.factoryFor("FGD").create(model), model);
            final EventLog b = run(scenario, Kernels.definition("GpuPacking").factoryFor("GpuPacking").create(model), model);
            if (EventLog.firstDifference(a, b) >= 0) {
                differ++;
            }
        }
        assertTrue(differ > 20, "FGD and GpuPacking should differ in many scenarios: " + differ + " of 60");
    }

    private static EventLog run(final Scenario scenario, final org.stowage.core.engine.Scheduler kernel, final Model model) {
        final EventLog log = new EventLog();
        final Simulation simulation = scenario.simulation(kernel, model).listener(log).build();
        log.watchDevices(simulation.devices());
        simulation.runToCompletion();
        return log;
    }
}
