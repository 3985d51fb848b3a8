package org.stowage.cli.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.stowage.theory.CapacityResult;
import org.stowage.theory.Configurations;
import org.stowage.theory.ContinuousBounds;
import org.stowage.theory.MaxSupportableWorkload;

/** Solves a {@link CapacityProblem} with {@code org.stowage.theory}; prints nothing. */
public final class CapacitySolver {
    /** Most maximal configurations listed per server class. */
    static final long MAX_MAXIMAL = 100_000;

    private CapacitySolver() {
    }

    /** rho* of discrete types: column generation, or full enumeration when the problem asks for it. */
    public static CapacityResult solveDiscrete(final CapacityProblem problem) {
        return problem.enumerate()
            ? MaxSupportableWorkload.enumerate(problem.types(), problem.classes(), problem.options())
            : MaxSupportableWorkload.solve(problem.types(), problem.classes(), problem.options());
    }

    /** Each server class's maximal configurations (2018 paper, Sec. VII-A), at most {@value #MAX_MAXIMAL} each. */
    public static List<List<int[]>> maximalConfigurations(final CapacityProblem problem) {
        final List<List<int[]>> all = new ArrayList<>();
        for (int c = 0; c < problem.classes().count(); c++) {
            all.add(Configurations.maximal(problem.types(), problem.classes(), c, MAX_MAXIMAL));
        }
        return all;
    }

    /** Lower and upper bounds on rho* of uniform sizes, refined step by step; each step goes to {@code steps}. */
    public static List<ContinuousBounds.Bound> solveUniform(final CapacityProblem problem,
                                                     final Consumer<ContinuousBounds.Bound> steps) {
        final CapacityProblem.Refinement refinement = problem.refinement();
        return ContinuousBounds.refine(problem.cdf(), problem.classes(), problem.units(), refinement.grid(),
            refinement.intervals(), refinement.maxIntervals(), refinement.gap(), problem.options(), steps);
    }
}
