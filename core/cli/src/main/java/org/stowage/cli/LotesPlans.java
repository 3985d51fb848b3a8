package org.stowage.cli;

import java.util.List;

import org.stowage.core.Units;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.JobClasses;
import org.stowage.core.state.ServerTable;
import org.stowage.theory.lotes.LotesInstance;
import org.stowage.theory.lotes.LotesPlanner;
import org.stowage.theory.lotes.LotesSolution;

/**
 * The LoTES plan (Tran et al. 2018, Stages 1-2) of a generated workload, for {@code run} and {@code sweep}:
 * the configurations are the cluster's distinct capacity vectors, the classes the workload's job classes
 * (their mean sizes rounded up to units, their arrival proportions), and {@code mu_k = 1 / mean service}
 * on every configuration, so lambda* is in jobs per slot (or per time unit).
 */
final class LotesPlans {
    private LotesPlans() {
    }

    /** Whether any of {@code schedulers} reads a LoTES plan. */
    static boolean needed(final List<String> schedulers) {
        for (final String scheduler : schedulers) {
            if (Kernels.definitionOf(scheduler).requirements().planType() == LotesPlan.class) {
                return true;
            }
        }
        return false;
    }

    /** Stages 1-2 for {@code classes} on {@code cluster}; an error names the flag to change. */
    static LotesSolution solve(final ServerTable cluster, final Units units, final JobClasses classes) {
        final int count = classes.count();
        if (count == 0) {
            throw new IllegalArgumentException("LoTES needs job classes: give --sizes with classes (discrete:..., "
                + "truncnormal:..., ec2) or one class (uniform:...)");
        }
        final int[][] means = new int[count][classes.dimensions()];
        final double[] weights = new double[count];
        final double[] rates = new double[count];
        for (int k = 0; k < count; k++) {
            for (int d = 0; d < classes.dimensions(); d++) {
                means[k][d] = (int) Math.ceil(classes.meanSize(k, d));
            }
            weights[k] = classes.arrivalRate(k) > 0 ? classes.arrivalRate(k) : 1;
            rates[k] = 1 / classes.meanService(k);
        }
        final LotesInstance.MachineGroups machines = LotesInstance.configurationsOf(cluster);
        try {
            return LotesPlanner.plan(LotesInstance.of(machines, means, weights,
                LotesInstance.sameRates(machines.count(), rates)));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot plan LoTES for --sizes and --servers: " + e.getMessage(), e);
        }
    }
}
