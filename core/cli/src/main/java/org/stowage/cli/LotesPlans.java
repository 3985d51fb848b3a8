package org.stowage.cli;

import java.util.List;

import org.stowage.core.Units;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.JobClasses;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.theory.lotes.JobClustering;
import org.stowage.theory.lotes.LotesInstance;
import org.stowage.theory.lotes.LotesPlanner;
import org.stowage.theory.lotes.LotesSolution;

/**
 * The LoTES plan (Tran et al. 2018, Stages 1-2) of a generated workload, for {@code run} and {@code sweep}:
 * the configurations are the cluster's distinct capacity vectors, the classes the workload's job classes
 * (their mean sizes rounded up to units, their arrival proportions), and {@code mu_k = 1 / mean service}
 * on every configuration, so lambda* is in jobs per slot (or per time unit). For a trace, the classes are
 * k-means classes of its first hours ({@link JobClustering.Options#defaults}: k = 4, the first 4 h, as the
 * trace figures of docs/LOTES.md use) and {@code mu_k = 1 / mean duration} of each class.
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

    /** The k-means classes of {@code trace} (k = 4 on its first 4 hours); an error names the trace flag. */
    static org.stowage.theory.lotes.JobClasses classes(final LoadedTrace trace) {
        try {
            return JobClustering.fit(trace, JobClustering.Options.defaults());
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --trace: LoTES's job classes (k-means, k = 4 on the"
                + " first 4 h) cannot be made: " + e.getMessage(), e);
        }
    }

    /** Stages 1-2 for a trace's classes on {@code cluster}, rates per time unit of {@code timeUnitHours} hours. */
    static LotesSolution solve(final ServerTable cluster, final Units units,
                               final org.stowage.theory.lotes.JobClasses classes, final double timeUnitHours) {
        try {
            return LotesPlanner.plan(classes.instance(units, LotesInstance.configurationsOf(cluster), timeUnitHours));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot plan LoTES for --trace and --servers: " + e.getMessage(), e);
        }
    }

    /** The words a run's description adds for a plan: lambda*, its rounded and LP values, the bins. */
    static String describe(final LotesSolution lotes) {
        return String.format(java.util.Locale.ROOT, "LoTES lambda* %.6g (rounded %.6g, allocation LP %.6g), %d bins",
            lotes.lambdaStar(), lotes.plan().roundedLambda(), lotes.plan().allocationLambda(), lotes.plan().binCount());
    }
}
