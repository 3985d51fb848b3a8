package org.stowage.theory.lotes;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

/**
 * Stage 1 of LoTES (Tran et al. 2018, Sec. 4.1): the allocation LP over pooled "super-machines", one per
 * configuration, with the work of each class as a fluid.
 *
 * <pre>
 *   max  lambda                                                            (1)
 *   s.t. sum_j delta_jkl c_jl n_j mu_jk &gt;= lambda alpha_k r_kl     k, l        (2)
 *        delta_jkl c_jl / r_kl = delta_jk1 c_j1 / r_k1                j, k, l     (3)
 *        sum_k delta_jkl &lt;= 1                                          j, l        (4)
 *        delta_jkl &gt;= 0                                                            (5)
 * </pre>
 *
 * <h2>Solved form</h2>
 * Constraint (3) says that {@code w_jk = delta_jkl c_jl / r_kl} is the same for every resource: the
 * number of class-{@code k} jobs (of mean size) that one machine of {@code j} holds in the fluid. With it,
 * (2) becomes {@code sum_j mu_jk n_j w_jk >= lambda alpha_k} (one row per class instead of per class and
 * resource, all rows equal after dividing by {@code r_kl}) and (4) becomes
 * {@code sum_k (r_kl / c_jl) w_jk <= 1}. This LP has {@code M K + 1} columns and {@code K + M D} rows and
 * the same optimum; {@code delta_jkl = r_kl w_jk / c_jl} is returned. For a class with {@code r_kl = 0} on
 * some resource, Eq. 3 is undefined as printed; the solved form gives it {@code delta_jkl = 0} there (it
 * needs none of that resource), which is what the fluid model means.
 *
 * <p>A pair with {@code mu_jk = 0} (the class cannot run on {@code j}) gets {@code w_jk = 0}; so does a pair
 * whose mean size does not fit one machine when {@link LotesOptions#excludeUnfitPairs()} is set (default).
 * For GLOP's sake lambda is scaled by {@code sum_j n_j max_k mu_jk} (rows of order 1).
 *
 * <p>Stateless; each call builds and frees its own GLOP model.
 */
public final class AllocationLp {
    private AllocationLp() {
    }

    /** Solves the allocation LP of {@code instance}. */
    public static Allocation solve(final LotesInstance instance, final LotesOptions options) {
        final long start = System.nanoTime();
        final int m = instance.configurationCount();
        final int classes = instance.classCount();
        final int d = instance.dimensions();
        double scale = 0;
        for (int j = 0; j < m; j++) {
            double fastest = 0;
            for (int k = 0; k < classes; k++) {
                fastest = Math.max(fastest, instance.rate(j, k));
            }
            scale += instance.machines(j) * fastest;
        }
        final double[][] perMachine = new double[m][classes];
        double lambda = 0;
        if (scale > 0) {
            try (Glop glop = new Glop()) {
                final MPSolver solver = glop.solver;
                final MPVariable scaledLambda = solver.makeNumVar(0.0, MPSolver.infinity(), "lambda");
                final MPVariable[][] w = new MPVariable[m][classes];
                for (int j = 0; j < m; j++) {
                    for (int k = 0; k < classes; k++) {
                        final boolean allowed = instance.rate(j, k) > 0
                            && (!options.excludeUnfitPairs() || instance.fits(j, k));
                        w[j][k] = solver.makeNumVar(0.0, allowed ? MPSolver.infinity() : 0.0, "w" + j + "_" + k);
                    }
                }
                for (int k = 0; k < classes; k++) {
                    final MPConstraint row = solver.makeConstraint(0.0, MPSolver.infinity(), "class" + k);
                    row.setCoefficient(scaledLambda, -instance.proportion(k));
                    for (int j = 0; j < m; j++) {
                        row.setCoefficient(w[j][k], instance.rate(j, k) * instance.machines(j) / scale);
                    }
                }
                for (int j = 0; j < m; j++) {
                    for (int l = 0; l < d; l++) {
                        final MPConstraint row = solver.makeConstraint(-MPSolver.infinity(), 1.0, "cap" + j + "_" + l);
                        for (int k = 0; k < classes; k++) {
                            row.setCoefficient(w[j][k], (double) instance.classSize(k, l) / instance.capacity(j, l));
                        }
                    }
                }
                final MPObjective objective = solver.objective();
                objective.setCoefficient(scaledLambda, 1.0);
                objective.setMaximization();
                glop.solve("LoTES allocation LP");
                lambda = Math.max(0, scaledLambda.solutionValue()) * scale;
                for (int j = 0; j < m; j++) {
                    for (int k = 0; k < classes; k++) {
                        perMachine[j][k] = Math.max(0, w[j][k].solutionValue());
                    }
                }
            }
        }
        return new Allocation(instance, lambda, perMachine, options.positiveThreshold(), System.nanoTime() - start);
    }
}
