package org.stowage.theory;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

import java.util.ArrayList;
import java.util.List;

/**
 * The capacity LP over a growing set of configuration columns, solved by OR-Tools GLOP. This is the only
 * class that touches OR-Tools; nothing of it leaks through the package's API.
 *
 * <pre>
 *   maximise   rho
 *   subject to rho * P_j - sum_{c,k} k_j * y_{c,k} &lt;= 0     for every type j      (dual pi_j &gt;= 0)
 *              sum_k y_{c,k} = n_c                             for every class c     (dual sigma_c)
 *              rho &gt;= 0, y &gt;= 0
 * </pre>
 * With GLOP's sign convention for a maximisation, the duals of the type rows come out non-negative and
 * the reduced cost of a column {@code k} of class {@code c} is {@code <pi, k> - sigma_c} (checked in
 * {@code ConfigurationLpTest}). Columns are added between solves; GLOP re-solves the modified model.
 *
 * <p>Holds native memory: {@link #close()} releases it. Not thread-safe; separate instances may run in
 * parallel.
 */
final class ConfigurationLp implements AutoCloseable {
    private final MPSolver solver;
    private final MPVariable rho;
    private final MPConstraint[] typeRows;
    private final MPConstraint[] classRows;
    private final List<MPVariable> columns = new ArrayList<>();
    private final List<Integer> columnClass = new ArrayList<>();
    private int solves;

    /**
     * @param probabilities {@code P_j} of the types that get a row (all positive)
     * @param classServers  {@code n_c} per server class
     */
    ConfigurationLp(final double[] probabilities, final int[] classServers) {
        Natives.load();
        solver = MPSolver.createSolver("GLOP");
        if (solver == null) {
            throw new IllegalStateException("OR-Tools GLOP is not available in this build");
        }
        rho = solver.makeNumVar(0.0, MPSolver.infinity(), "rho");
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

    /** Solves to optimality; any other outcome is an {@link IllegalStateException} (the LP is always feasible and bounded). */
    void solve() {
        final MPSolver.ResultStatus status = solver.solve();
        solves++;
        if (status != MPSolver.ResultStatus.OPTIMAL) {
            throw new IllegalStateException("GLOP ended with " + status + " on the capacity LP (" + columns.size()
                + " columns, " + typeRows.length + " types)");
        }
    }

    double objective() {
        return solver.objective().value();
    }

    double typeDual(final int j) {
        return typeRows[j].dualValue();
    }

    double classDual(final int c) {
        return classRows[c].dualValue();
    }

    double columnValue(final int column) {
        return columns.get(column).solutionValue();
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
