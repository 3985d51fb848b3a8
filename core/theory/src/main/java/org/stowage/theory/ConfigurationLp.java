package org.stowage.theory;

import java.util.ArrayList;
import java.util.List;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

/**
 * The capacity LP over a growing set of configuration columns, solved by OR-Tools (GLOP by default). This
 * is the only class that touches OR-Tools; nothing of it leaks through the package's API.
 *
 * <pre>
 *   maximise   rho
 *   subject to rho * P_j - sum_{c,k} k_j * y_{c,k} &lt;= 0     for every type j      (dual pi_j &gt;= 0)
 *              sum_k y_{c,k} = n_c                             for every class c     (dual sigma_c)
 *              rho &gt;= 0, y &gt;= 0
 * </pre>
 * With MPSolver's sign convention for a maximisation, the duals of the type rows come out non-negative and
 * the reduced cost of a column {@code k} of class {@code c} is {@code <pi, k> - sigma_c} (the 2019 paper's
 * capacity-10 example in {@code MaxSupportableWorkloadTest} pins the signs: pi = (2/3, 5/3)). Columns are
 * added between solves and the solver re-solves the modified model.
 *
 * <p>Variables and rows are created in a fixed order (rho, then columns; type rows, then class rows), so a
 * copy of the model in another solver answers by the same indices.
 *
 * <p>Holds native memory: {@link #close()} releases it. Not thread-safe; separate instances may run in
 * parallel.
 */
final class ConfigurationLp implements AutoCloseable {
    /** GLOP parameters to retry with, each with the parameters that restore the default afterwards. */
    private static final String[][] GLOP_RETRIES = {
        {"use_dual_simplex: true", "use_dual_simplex: false"},
        {"change_status_to_imprecise: false", "change_status_to_imprecise: true"},
    };

    private final String solverId;
    private final MPSolver solver;
    private final MPConstraint[] typeRows;
    private final MPConstraint[] classRows;
    private final List<MPVariable> columns = new ArrayList<>();
    private final List<Integer> columnClass = new ArrayList<>();
    /** The solver whose solution is current: {@link #solver}, or a CLP copy after GLOP failed. */
    private MPSolver answered;
    private int solves;
    private int fallbacks;
    private long iterations;

    /**
     * @param probabilities {@code P_j} of the types that get a row (all positive)
     * @param classServers  {@code n_c} per server class
     * @param solverId      "GLOP" or "CLP" (both shipped in the OR-Tools natives)
     * @param parameters    solver-specific parameters ("" for the defaults; protobuf text format for GLOP)
     */
    ConfigurationLp(final double[] probabilities, final int[] classServers, final String solverId,
                    final String parameters) {
        Natives.load();
        if (!"GLOP".equals(solverId) && !"CLP".equals(solverId)) {
            throw new IllegalArgumentException("LP solver must be GLOP or CLP: " + solverId);
        }
        this.solverId = solverId;
        solver = MPSolver.createSolver(solverId);
        if (solver == null) {
            throw new IllegalStateException("OR-Tools " + solverId + " is not available in this build");
        }
        answered = solver;
        if (!parameters.isEmpty() && !solver.setSolverSpecificParametersAsString(parameters)) {
            solver.delete();
            throw new IllegalArgumentException(solverId + " rejected the parameters '" + parameters + "'");
        }
        final MPVariable rho = solver.makeNumVar(0.0, MPSolver.infinity(), "rho");
        typeRows = new MPConstraint[probabilities.length];
        for (int j = 0; j < probabilities.length; j++) {
            assert probabilities[j] > 0;
            typeRows[j] = solver.makeConstraint(-MPSolver.infinity(), 0.0, "type" + j);
            typeRows[j].setCoefficient(rho, probabilities[j]);
        }
        classRows = new MPConstraint[classServers.length];
        for (int c = 0; c < classServers.length; c++) {
            classRows[c] = solver.makeConstraint(classServers[c], classServers[c], "class" + c);
        }
        final MPObjective objective = solver.objective();
        objective.setCoefficient(rho, 1.0);
        objective.setMaximization();
    }

    /** Adds the column of configuration {@code k} (one count per row type) for class {@code c}; returns its index. */
    int addColumn(final int c, final int[] k) {
        assert k.length == typeRows.length;
        final MPVariable y = solver.makeNumVar(0.0, MPSolver.infinity(), "y" + columns.size());
        classRows[c].setCoefficient(y, 1.0);
        for (int j = 0; j < k.length; j++) {
            if (k[j] != 0) {
                typeRows[j].setCoefficient(y, -k[j]);
            }
        }
        columns.add(y);
        columnClass.add(c);
        return columns.size() - 1;
    }

    /**
     * Solves to optimality. The LP is always feasible (rho = 0 with any mix) and bounded (every type has a
     * positive probability and a finite largest count), yet GLOP sometimes ends with IMPRECISE, which
     * MPSolver reports as ABNORMAL (seen on masters of 64 and 512 types whose optimum needed a cost
     * perturbation just above GLOP's 1e-6 solution tolerance; GLOP also logs "No solution exists" to
     * stderr then). The fallbacks, in order: the same model with GLOP's dual simplex; GLOP with
     * {@code change_status_to_imprecise: false}, which accepts its solution as it is; a copy of the model
     * in CLP. Accepting an imprecise solution is safe because the caller certifies both bounds itself.
     * Only if all fail is this an {@link IllegalStateException}.
     */
    void solve() {
        solves++;
        if (answered != solver) {
            answered.delete();
            answered = solver;
        }
        final MPSolver.ResultStatus first = solver.solve();
        iterations += solver.iterations();
        if (first == MPSolver.ResultStatus.OPTIMAL) {
            return;
        }
        fallbacks++;
        if ("GLOP".equals(solverId)) {
            for (final String[] retry : GLOP_RETRIES) {
                solver.setSolverSpecificParametersAsString(retry[0]);
                final MPSolver.ResultStatus status = solver.solve();
                solver.setSolverSpecificParametersAsString(retry[1]);
                if (status == MPSolver.ResultStatus.OPTIMAL) {
                    return;
                }
            }
        }
        final MPSolver copy = MPSolver.createSolver("GLOP".equals(solverId) ? "CLP" : "GLOP");
        if (copy != null) {
            final String error = copy.loadModelFromProto(solver.exportModelToProto());
            if (error.isEmpty() && copy.solve() == MPSolver.ResultStatus.OPTIMAL) {
                answered = copy;
                return;
            }
            copy.delete();
        }
        throw new IllegalStateException(solverId + " found no optimum of the capacity LP (" + columns.size()
            + " columns, " + typeRows.length + " types), nor did any fallback");
    }

    /** Loads the OR-Tools natives if that has not happened yet in this class loader. */
    static void loadNatives() {
        Natives.load();
    }

    /** Simplex iterations of the first attempts of all solves. */
    long iterationCount() {
        return iterations;
    }

    /** Solves that needed a fallback. */
    int fallbackCount() {
        return fallbacks;
    }

    double objective() {
        return answered.objective().value();
    }

    double typeDual(final int j) {
        return answered == solver ? typeRows[j].dualValue() : answered.constraint(j).dualValue();
    }

    double classDual(final int c) {
        return answered == solver ? classRows[c].dualValue() : answered.constraint(typeRows.length + c).dualValue();
    }

    double columnValue(final int column) {
        return answered == solver ? columns.get(column).solutionValue() : answered.variable(1 + column).solutionValue();
    }

    int columnClass(final int column) {
        return columnClass.get(column);
    }

    int columnCount() {
        return columns.size();
    }

    int solveCount() {
        return solves;
    }

    @Override
    public void close() {
        if (answered != solver) {
            answered.delete();
        }
        solver.delete();
    }

    /** Loads the OR-Tools natives once per class loader (the JVM-wide state is the loaded library itself). */
    private static final class Natives {
        static {
            Loader.loadNativeLibraries();
        }

        private Natives() {
        }

        static void load() {
            // the static initialiser did the work, exactly once and thread-safely
        }
    }
}
