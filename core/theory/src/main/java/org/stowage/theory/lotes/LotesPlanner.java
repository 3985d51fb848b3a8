package org.stowage.theory.lotes;

import java.util.Arrays;
import java.util.Locale;

import org.stowage.core.kernel.lotes.LotesPlan;

/**
 * LoTES's offline stages end to end (Tran et al. 2018, Sec. 4.1-4.2): Stage 1 ({@link AllocationLp}), Stage 2
 * ({@link MachineAssignment}: Algorithm 1, the assignment LP, rounding), and the {@link LotesPlan} the
 * dispatcher of Sec. 4.3 reads.
 *
 * <h2>From the rounded assignment to the plan</h2>
 * <ul>
 *   <li>Machines: configuration {@code j}'s servers, in increasing id, take the bins with a positive
 *       rounded count in bin order (bin 0 first), each as many machines as its count. Machines of a
 *       configuration are identical, so which machine gets which bin only fixes tie orders.</li>
 *   <li>Bins: only those some machine emulates enter the plan, numbered configuration by configuration.</li>
 *   <li>Routing: {@code rho_jk} from the rounded {@code Delta_jkl} (the paper recomputes Delta from the
 *       rounded counts, Sec. 4.2), which is {@code r_kl sum_i N_ijk x_ij}, so any resource gives the same
 *       ratio; {@link LotesOptions.Routing#THROUGHPUT} weighs it by {@code mu_jk}.</li>
 * </ul>
 *
 * <p>Stateless; calls may run in parallel (each builds and frees its own GLOP models).
 */
public final class LotesPlanner {
    private LotesPlanner() {
    }

    /** The three stages with default options. */
    public static LotesSolution plan(final LotesInstance instance) {
        return plan(instance, LotesOptions.defaults());
    }

    /** Stages 1 and 2, and the dispatcher's plan. */
    public static LotesSolution plan(final LotesInstance instance, final LotesOptions options) {
        final long start = System.nanoTime();
        final Allocation allocation = AllocationLp.solve(instance, options);
        final MachineAssignment assignment = MachineAssignment.solve(instance, allocation, options);
        final LotesPlan plan = toPlan(instance, allocation, assignment, options);
        return new LotesSolution(allocation, assignment, plan, options, System.nanoTime() - start);
    }

    static LotesPlan toPlan(final LotesInstance instance, final Allocation allocation,
                            final MachineAssignment assignment, final LotesOptions options) {
        final int m = instance.configurationCount();
        final int classes = instance.classCount();
        int usedBins = 0;
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < assignment.binCount(j); i++) {
                usedBins += assignment.machines(j, i) > 0 ? 1 : 0;
            }
        }
        final int[] binConfiguration = new int[usedBins];
        final int[] binJobs = new int[usedBins * classes];
        final int[] configurationOfServer = new int[instance.serverCount()];
        final int[] binOfServer = new int[instance.serverCount()];
        int bin = 0;
        for (int j = 0; j < m; j++) {
            int machine = 0;
            for (int i = 0; i < assignment.binCount(j); i++) {
                final int count = assignment.machines(j, i);
                if (count == 0) {
                    continue;
                }
                binConfiguration[bin] = j;
                for (int k = 0; k < classes; k++) {
                    binJobs[bin * classes + k] = assignment.binJobs(j, i, k);
                }
                for (int c = 0; c < count; c++) {
                    final int server = instance.server(j, machine++);
                    configurationOfServer[server] = j;
                    binOfServer[server] = bin;
                }
                bin++;
            }
            assert machine == instance.machines(j);
        }
        final double[] routing = new double[classes * m];
        for (int k = 0; k < classes; k++) {
            double total = 0;
            for (int j = 0; j < m; j++) {
                total += weight(instance, assignment, options, j, k);
            }
            if (total > 0) {
                for (int j = 0; j < m; j++) {
                    routing[k * m + j] = weight(instance, assignment, options, j, k) / total;
                }
            }
        }
        final double lambdaStar = Math.min(assignment.lambdaStar(), allocation.lambda());
        return LotesPlan.of(classes, configurationOfServer, binOfServer, binConfiguration, binJobs, routing,
            allocation.lambda(), lambdaStar, Math.min(assignment.roundedLambda(), lambdaStar));
    }

    private static double weight(final LotesInstance instance, final MachineAssignment assignment,
                                 final LotesOptions options, final int j, final int k) {
        final double slots = assignment.classSlots(j, k);
        return options.routing() == LotesOptions.Routing.THROUGHPUT ? slots * instance.rate(j, k) : slots;
    }

    /** A one-line-per-configuration text report of a solution (for logs and docs). */
    static String report(final LotesSolution solution) {
        final LotesInstance instance = solution.allocation().instance();
        final Allocation allocation = solution.allocation();
        final MachineAssignment assignment = solution.assignment();
        final StringBuilder text = new StringBuilder();
        text.append(String.format(Locale.ROOT, "%-4s %8s %-22s %-14s %9s %6s %10s%n", "j", "n_j", "capacity",
            "K^j", "bins", "used", "bins ms"));
        for (int j = 0; j < instance.configurationCount(); j++) {
            final StringBuilder capacity = new StringBuilder();
            for (int l = 0; l < instance.dimensions(); l++) {
                capacity.append(l == 0 ? "" : "/").append(instance.capacity(j, l));
            }
            int used = 0;
            for (int i = 0; i < assignment.binCount(j); i++) {
                used += assignment.machines(j, i) > 0 ? 1 : 0;
            }
            text.append(String.format(Locale.ROOT, "%-4d %8d %-22s %-14s %9s %6d %10.1f%n", j, instance.machines(j),
                capacity, Arrays.toString(allocation.classesView(j)),
                assignment.binCount(j) + (assignment.enumerated(j) ? "" : "*"), used, assignment.binNanos(j) / 1e6));
        }
        text.append(String.format(Locale.ROOT,
            "lambda: allocation LP %.6g, assignment LP (lambda*) %.6g, rounded %.6g%n"
                + "times: allocation LP %.1f ms, bins %.1f ms, assignment LP %.1f ms, total %.1f ms%n",
            allocation.lambda(), assignment.lambdaStar(), assignment.roundedLambda(), allocation.solveNanos() / 1e6,
            solution.binNanos() / 1e6, assignment.lpNanos() / 1e6, solution.totalNanos() / 1e6));
        if (assignment.rounds() > 1 || !assignment.converged()) {
            text.append(String.format(Locale.ROOT, "* bins by column generation (more than %,d to enumerate): %d LP "
                + "rounds, %d truncated pricing searches, %s%n", solution.options().binLimit(), assignment.rounds(),
                assignment.pricingTruncations(), assignment.converged() ? "converged" : "NOT converged"));
        }
        return text.toString();
    }
}
