package org.stowage.theory.lotes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.kernel.lotes.LotesPlan;

/**
 * Stage 2 (Eq. 6-10 and the rounding) and the plan built from it: the paper's example, the rounding rule by
 * hand and on random vectors, and random instances end to end against an exhaustive integer assignment.
 * Seeds are in every message; -Dstowage.seed=N reruns one.
 */
class MachineAssignmentTest {
    private static final int INSTANCES = 200;

    /** Sec. 4.1's example in Stage 2: one job per machine, so lambda* = 2 (the relaxation's 10/3 is Stage 1). */
    @Test
    void twoMachinesOfCapacityFiveWithJobsOfThreeSupportTwo() {
        final LotesInstance instance = LotesInstance.of(new int[][] {{5}}, new int[][] {{0, 1}}, new int[][] {{3}},
            new double[] {1}, new double[][] {{1}});
        final LotesSolution solution = LotesPlanner.plan(instance);
        final MachineAssignment assignment = solution.assignment();
        assertEquals(1, assignment.binCount(0));
        assertArrayEquals(new int[] {1}, assignment.bin(0, 0));
        assertEquals(2, assignment.machines(0, 0));
        assertEquals(2.0, assignment.lambdaStar(), 1e-9);
        assertEquals(2.0, assignment.roundedLambda(), 1e-9);
        final LotesPlan plan = solution.plan();
        assertEquals(10.0 / 3, plan.allocationLambda(), 1e-9);
        assertEquals(2.0, plan.lambdaStar(), 1e-9);
        assertEquals(1, plan.target(0, 0));
        assertEquals(1, plan.target(1, 0));
        assertEquals(2, plan.classSlots(0, 0));
        assertEquals(1.0, plan.routingProbability(0, 0));
    }

    @Test
    void roundingUpTheLargestFractionsKeepsTheMachineCount() {
        // floors 2 + 0 + 1 + 1 = 4 of 6: the two largest fractions go up, .7 and, tied at .5, the lower index
        assertArrayEquals(new int[] {3, 1, 1, 1}, MachineAssignment.round(new double[] {2.7, 0.5, 1.5, 1.3}, 6));
        assertArrayEquals(new int[] {2, 2, 1, 1}, MachineAssignment.round(new double[] {1.7, 1.5, 1.5, 1.3}, 6));
        assertArrayEquals(new int[] {4, 0}, MachineAssignment.round(new double[] {3.9999999999, 1e-11}, 4),
            "round-off is snapped");
        assertArrayEquals(new int[] {0, 5}, MachineAssignment.round(new double[] {-1e-12, 5.0000000001}, 5));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> MachineAssignment.round(new double[] {1.5, 1.5}, 4));
        assertTrue(e.getMessage().contains("sum to 3.0, not 4"), e.getMessage());
    }

    @Test
    void roundingFollowsTheRuleOnRandomVectors() {
        for (long seed = 1; seed <= 5000; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final int bins = 1 + random.nextInt(12);
            final int machines = random.nextInt(2000);
            final double[] weights = new double[bins];
            double total = 0;
            for (int i = 0; i < bins; i++) {
                weights[i] = random.nextInt(5) == 0 ? 0 : random.nextDouble();
                total += weights[i];
            }
            final double[] x = new double[bins];
            for (int i = 0; i < bins; i++) {
                x[i] = total == 0 ? (i == 0 ? machines : 0) : machines * weights[i] / total;
            }
            final int[] rounded = MachineAssignment.round(x, machines);
            final String where = "seed " + seed + ": " + Arrays.toString(x);
            assertEquals(machines, Arrays.stream(rounded).sum(), where);
            double lowestUp = 2;
            double highestDown = -1;
            for (int i = 0; i < bins; i++) {
                assertTrue(Math.abs(rounded[i] - x[i]) < 1 + 1e-9, where + ": bin " + i);
                final double fraction = x[i] - Math.floor(x[i] + 1e-9);
                if (rounded[i] > Math.floor(x[i] + 1e-9)) {
                    lowestUp = Math.min(lowestUp, fraction);
                } else {
                    highestDown = Math.max(highestDown, fraction);
                }
            }
            assertTrue(lowestUp >= highestDown - 1e-9, where + ": a smaller fraction was rounded up");
        }
    }

    @Test
    void randomInstancesGiveAValidPlanBelowTheBestIntegerAssignment() {
        final String only = System.getProperty("stowage.seed");
        final long first = only == null ? 1 : Long.parseLong(only);
        final long last = only == null ? INSTANCES : first;
        int skipped = 0;
        for (long seed = first; seed <= last; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final LotesInstance instance = AllocationLpTest.randomInstance(random, 1 + random.nextInt(3),
                1 + random.nextInt(3), 1 + random.nextInt(2));
            final LotesOptions options = LotesOptions.defaults()
                .withRouting(random.nextBoolean() ? LotesOptions.Routing.CAPACITY : LotesOptions.Routing.THROUGHPUT);
            final LotesSolution solution = LotesPlanner.plan(instance, options);
            final MachineAssignment assignment = solution.assignment();
            final LotesPlan plan = solution.plan();
            final String where = "seed " + seed + ": " + instance;
            for (int j = 0; j < instance.configurationCount(); j++) {
                int machines = 0;
                for (int i = 0; i < assignment.binCount(j); i++) {
                    machines += assignment.machines(j, i);
                    final int[] kj = solution.allocation().classesOf(j);
                    for (int k = 0; k < instance.classCount(); k++) {
                        final int klass = k;
                        assertTrue(assignment.binJobs(j, i, k) == 0 || Arrays.stream(kj).anyMatch(c -> c == klass),
                            where + ": bin " + i + " of configuration " + j + " holds class " + k + " outside K^j");
                    }
                }
                assertEquals(instance.machines(j), machines, where + ": configuration " + j + " keeps its machines");
                assertEquals(instance.machines(j), plan.configurationSize(j), where);
            }
            if (assignments(instance, assignment) > 200_000) {
                skipped++;
                checkPlan(instance, assignment, plan, options, where);
                continue;
            }
            final double best = bestIntegerAssignment(instance, assignment);
            assertTrue(plan.roundedLambda() <= best * (1 + 1e-9) + 1e-12, where + ": rounded " + plan.roundedLambda()
                + " above the best integer assignment " + best);
            assertTrue(best <= plan.lambdaStar() * (1 + 1e-7) + 1e-12, where + ": integer " + best + " above lambda* "
                + plan.lambdaStar());
            assertTrue(plan.lambdaStar() <= plan.allocationLambda() * (1 + 1e-7) + 1e-12, where);
            checkPlan(instance, assignment, plan, options, where);
        }
        System.out.printf("%d random instances; %d too large for the exhaustive integer assignment%n",
            last - first + 1, skipped);
        assertTrue(skipped < (last - first + 1) / 4, "most instances are checked exhaustively: " + skipped);
    }

    /** Integer assignments to enumerate: the product over configurations of C(n_j + B_j - 1, B_j - 1). */
    private static double assignments(final LotesInstance instance, final MachineAssignment assignment) {
        double product = 1;
        for (int j = 0; j < instance.configurationCount(); j++) {
            final int n = instance.machines(j);
            final int b = assignment.binCount(j);
            double compositions = 1;
            for (int t = 1; t < b; t++) {
                compositions = compositions * (n + t) / t;
            }
            product *= compositions;
        }
        return product;
    }

    /** The plan repeats the rounded assignment machine by machine, and routes by the rounded Delta. */
    private static void checkPlan(final LotesInstance instance, final MachineAssignment assignment,
                                  final LotesPlan plan, final LotesOptions options, final String where) {
        assertEquals(instance.serverCount(), plan.serverCount(), where);
        for (int j = 0; j < instance.configurationCount(); j++) {
            for (int i = 0; i < instance.machines(j); i++) {
                assertEquals(j, plan.configurationOf(instance.server(j, i)), where);
                assertEquals(instance.server(j, i), plan.configurationServer(j, i), where);
            }
            for (int k = 0; k < instance.classCount(); k++) {
                long slots = 0;
                for (int i = 0; i < instance.machines(j); i++) {
                    slots += plan.target(instance.server(j, i), k);
                }
                assertEquals(assignment.classSlots(j, k), slots, where + ": slots of (" + j + ", " + k + ")");
                assertEquals(slots, plan.classSlots(j, k), where);
                assertEquals(slots > 0, plan.serves(j, k), where);
            }
        }
        for (int k = 0; k < instance.classCount(); k++) {
            double total = 0;
            for (int j = 0; j < instance.configurationCount(); j++) {
                total += weight(instance, plan, options, j, k);
            }
            for (int j = 0; j < instance.configurationCount(); j++) {
                final double expected = total == 0 ? 0 : weight(instance, plan, options, j, k) / total;
                assertEquals(expected, plan.routingProbability(k, j), 1e-12, where + ": rho of (" + j + ", " + k + ")");
            }
        }
    }

    private static double weight(final LotesInstance instance, final LotesPlan plan, final LotesOptions options,
                                 final int j, final int k) {
        return plan.classSlots(j, k) * (options.routing() == LotesOptions.Routing.THROUGHPUT ? instance.rate(j, k) : 1);
    }

    @Test
    void columnGenerationReachesTheOptimumOverAllEnumeratedBins() {
        int generatedConfigurations = 0;
        for (long seed = 1; seed <= INSTANCES; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final LotesInstance instance = AllocationLpTest.randomInstance(random, 1 + random.nextInt(3),
                1 + random.nextInt(4), 1 + random.nextInt(2));
            final LotesSolution enumerated = LotesPlanner.plan(instance);
            final LotesSolution generated = LotesPlanner.plan(instance, LotesOptions.defaults().withBinLimit(1));
            final String where = "seed " + seed + ": " + instance;
            assertEquals(enumerated.assignment().lambdaStar(), generated.assignment().lambdaStar(),
                1e-7 * Math.max(1, enumerated.assignment().lambdaStar()), where);
            assertTrue(generated.assignment().converged(), where);
            for (int j = 0; j < instance.configurationCount(); j++) {
                if (!generated.assignment().enumerated(j)) {
                    generatedConfigurations++;
                    assertTrue(generated.assignment().binCount(j) <= enumerated.assignment().binCount(j), where);
                    for (int i = 0; i < generated.assignment().binCount(j); i++) {
                        final int[] bin = generated.assignment().bin(j, i);
                        boolean found = false;
                        for (int e = 0; e < enumerated.assignment().binCount(j) && !found; e++) {
                            found = Arrays.equals(bin, enumerated.assignment().bin(j, e));
                        }
                        assertTrue(found, where + ": generated bin " + Arrays.toString(bin) + " is not non-dominated");
                    }
                }
            }
        }
        assertTrue(generatedConfigurations > INSTANCES / 2, "column generation ran: " + generatedConfigurations);
    }

    /** The largest lambda of Eq. 7 over every integer assignment of machines to the Stage 2 bins. */
    private static double bestIntegerAssignment(final LotesInstance instance, final MachineAssignment assignment) {
        final int m = instance.configurationCount();
        final int[][] x = new int[m][];
        for (int j = 0; j < m; j++) {
            x[j] = new int[assignment.binCount(j)];
        }
        final List<List<int[]>> bins = new ArrayList<>();
        for (int j = 0; j < m; j++) {
            final List<int[]> own = new ArrayList<>();
            for (int i = 0; i < assignment.binCount(j); i++) {
                own.add(assignment.bin(j, i));
            }
            bins.add(own);
        }
        return search(instance, bins, x, 0, 0, instance.machines(0));
    }

    private static double search(final LotesInstance instance, final List<List<int[]>> bins,
                                 final int[][] x, final int j, final int i, final int left) {
        if (j == instance.configurationCount()) {
            return MachineAssignment.supportedLambda(instance, bins, x);
        }
        if (i == x[j].length - 1) {
            x[j][i] = left;
            final double value = j + 1 == instance.configurationCount()
                ? search(instance, bins, x, j + 1, 0, 0)
                : search(instance, bins, x, j + 1, 0, instance.machines(j + 1));
            x[j][i] = 0;
            return value;
        }
        double best = 0;
        for (int count = 0; count <= left; count++) {
            x[j][i] = count;
            best = Math.max(best, search(instance, bins, x, j, i + 1, left - count));
        }
        x[j][i] = 0;
        return best;
    }
}
