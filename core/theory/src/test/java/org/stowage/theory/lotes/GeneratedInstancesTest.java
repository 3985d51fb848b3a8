package org.stowage.theory.lotes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.workload.Clusters;

/**
 * LoTES's offline stages at the scale of Sec. 5.4 (Table 1's configurations with 1000 machines each, nine
 * classes at equal rates, mean requests 0.025 + U[-Phi, Phi], mu_jk = 1 / u_k): bins per configuration and
 * solve times for every Phi of Fig. 11, five instances each. The class means here are the Gaussian's mean
 * parameters (the truncation at 0 moves the true mean by under 3% for Phi <= 0.015; the figures phase
 * should pass the truncated means).
 */
class GeneratedInstancesTest {
    private static final Units UNITS = Units.defaults();

    static LotesInstance figure11Instance(final SplittableRandom random, final double phi) {
        final LotesInstance.MachineGroups machines = LotesInstance.configurationsOf(Clusters.google2011(UNITS, 1000));
        final int classes = 9;
        final int[][] sizes = new int[classes][2];
        final double[] rates = new double[classes];
        for (int k = 0; k < classes; k++) {
            for (int l = 0; l < 2; l++) {
                sizes[k][l] = UNITS.sizeUnits(Math.max(0.001, 0.025 + phi * (2 * random.nextDouble() - 1)));
            }
            rates[k] = 1 / (1e-3 + random.nextDouble());
        }
        final double[] weights = new double[classes];
        Arrays.fill(weights, 1);
        return LotesInstance.of(machines, sizes, weights, LotesInstance.sameRates(machines.count(), rates));
    }

    @Test
    void figure11InstancesPlanInUnderAMinute() {
        LotesPlanner.plan(figure11Instance(new SplittableRandom(0), 0)); // loads the natives before timing
        for (int step = 0; step <= 5; step++) {
            final double phi = 0.003 * step;
            long most = 0;
            long slowest = 0;
            int largestKj = 0;
            int generated = 0;
            long generatedBins = 0;
            for (int instance = 0; instance < 5; instance++) {
                final SplittableRandom random = new SplittableRandom(1000L * step + instance);
                final LotesSolution solution = LotesPlanner.plan(figure11Instance(random, phi));
                assertTrue(solution.assignment().converged(), "Phi " + phi + ", instance " + instance);
                for (int j = 0; j < 10; j++) {
                    largestKj = Math.max(largestKj, solution.allocation().classCount(j));
                    if (!solution.assignment().enumerated(j)) {
                        generated++;
                        generatedBins += solution.assignment().binCount(j);
                        continue;
                    }
                    most = Math.max(most, solution.assignment().binCount(j));
                }
                slowest = Math.max(slowest, solution.totalNanos());
                assertTrue(solution.totalNanos() < 60e9, "Phi " + phi + ", instance " + instance);
            }
            System.out.printf("Phi %.3f: largest |K^j| %d, most bins enumerated in a configuration %,d, "
                + "configurations over the limit %d (%,d bins generated), slowest plan %.1f ms%n", phi, largestKj, most,
                generated, generatedBins, slowest / 1e6);
        }
    }
}
