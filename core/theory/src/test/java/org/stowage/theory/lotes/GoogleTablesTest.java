package org.stowage.theory.lotes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.workload.Clusters;

/**
 * LoTES's offline stages on the paper's own data: Table 1's cluster (Clusters.google2011) with Table 2's
 * four job classes. Prints the bins per configuration and the solve times
 * (docs/journal/2026-11-23-lotes-offline-stages.md records them).
 */
class GoogleTablesTest {
    private static final Units UNITS = Units.defaults();
    /** Table 2: average time (h), cores, memory, proportion of jobs. */
    static final double[] TABLE2_HOURS = {0.03, 0.04, 0.04, 0.03};
    static final double[][] TABLE2_SIZES = {{0.02, 0.01}, {0.02, 0.03}, {0.07, 0.03}, {0.20, 0.06}};
    static final double[] TABLE2_PROPORTIONS = {0.23, 0.46, 0.30, 0.01};

    static LotesInstance table2Instance(final int machinesPerConfiguration) {
        final LotesInstance.MachineGroups machines =
            LotesInstance.configurationsOf(Clusters.google2011(UNITS, machinesPerConfiguration));
        final int[][] sizes = new int[TABLE2_SIZES.length][2];
        final double[] rates = new double[TABLE2_SIZES.length];
        for (int k = 0; k < sizes.length; k++) {
            for (int l = 0; l < 2; l++) {
                sizes[k][l] = UNITS.sizeUnits(TABLE2_SIZES[k][l]);
            }
            rates[k] = 1 / TABLE2_HOURS[k];
        }
        return LotesInstance.of(machines, sizes, TABLE2_PROPORTIONS,
            LotesInstance.sameRates(machines.count(), rates));
    }

    @Test
    void table1ClusterWithTable2ClassesPlansInUnderAMinute() {
        final LotesInstance instance = table2Instance(0);
        assertEquals(10, instance.configurationCount());
        assertEquals(12_583, instance.serverCount());
        final long cold = LotesPlanner.plan(instance).totalNanos(); // the first GLOP model loads the natives
        final LotesSolution solution = LotesPlanner.plan(instance);
        System.out.printf("first plan in this JVM %.1f ms (OR-Tools natives loaded if not yet)%n", cold / 1e6);
        System.out.print("Google 2011, Table 1 x Table 2 (lambda in jobs per hour):\n" + solution.report());
        final LotesPlan plan = solution.plan();
        assertTrue(solution.totalNanos() < 60e9, "the paper: under a minute");
        assertTrue(plan.lambdaStar() <= plan.allocationLambda() * (1 + 1e-6));
        assertTrue(plan.roundedLambda() <= plan.lambdaStar() * (1 + 1e-6));
    }

    @Test
    void withoutTheStageOneRestrictionEveryConfigurationHasManyMoreBins() {
        final LotesInstance instance = table2Instance(0);
        final LotesSolution solution = LotesPlanner.plan(instance);
        final int[] all = {0, 1, 2, 3};
        final StringBuilder text = new StringBuilder("non-dominated bins over K^j vs over all four classes:");
        for (int j = 0; j < instance.configurationCount(); j++) {
            final int unrestricted = MachineAssignment.bins(instance.capacityView(j), instance.classSizesView(), all,
                10_000_000).size();
            text.append(String.format(" %d/%d", solution.assignment().binCount(j), unrestricted));
            assertTrue(solution.assignment().binCount(j) <= unrestricted, "configuration " + j);
        }
        System.out.println(text);
    }
}
