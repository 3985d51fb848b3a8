package org.stowage.theory.lotes;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPSolver;

/**
 * One OR-Tools GLOP model for the LoTES LPs: creation (the natives are loaded once per class loader;
 * {@code Loader.loadNativeLibraries} is synchronized and idempotent), a solve with fallbacks, and release
 * of the native memory. Package-private: nothing of OR-Tools leaks out of the package.
 *
 * <p>Fallbacks when the first solve is not OPTIMAL (GLOP occasionally ends IMPRECISE, reported as
 * ABNORMAL, see {@code org.stowage.theory.ConfigurationLp}): GLOP's dual simplex, then GLOP accepting its
 * imprecise solution. The LoTES LPs are always feasible (lambda = 0) and bounded, so only a solver failure
 * ends in an {@link IllegalStateException}.
 */
final class Glop implements AutoCloseable {
    private static final String[][] RETRIES = {
        {"use_dual_simplex: true", "use_dual_simplex: false"},
        {"change_status_to_imprecise: false", "change_status_to_imprecise: true"},
    };

    final MPSolver solver;

    Glop() {
        Loader.loadNativeLibraries();
        final MPSolver created = MPSolver.createSolver("GLOP");
        if (created == null) {
            throw new IllegalStateException("OR-Tools GLOP is not available in this build");
        }
        solver = created;
    }

    /** Solves to optimality or throws, naming {@code what}. */
    void solve(final String what) {
        if (solver.solve() == MPSolver.ResultStatus.OPTIMAL) {
            return;
        }
        for (final String[] retry : RETRIES) {
            solver.setSolverSpecificParametersAsString(retry[0]);
            final MPSolver.ResultStatus status = solver.solve();
            solver.setSolverSpecificParametersAsString(retry[1]);
            if (status == MPSolver.ResultStatus.OPTIMAL) {
                return;
            }
        }
        throw new IllegalStateException("GLOP found no optimum of the " + what + " (" + solver.numVariables()
            + " variables, " + solver.numConstraints() + " rows)");
    }

    @Override
    public void close() {
        solver.delete();
    }
}
