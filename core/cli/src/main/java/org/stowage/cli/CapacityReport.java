package org.stowage.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.stowage.cli.plan.CapacityProblem;
import org.stowage.cli.plan.CapacitySolver;
import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;
import org.stowage.theory.CapacityResult;
import org.stowage.theory.Configurations;
import org.stowage.theory.ContinuousBounds;
import org.stowage.theory.JobTypes;

/** Prints a {@link CapacityProblem} and what {@link CapacitySolver} found: the text of {@code stowage capacity}. */
final class CapacityReport {
    private final PrintWriter out;
    private final CapacityProblem problem;

    CapacityReport(final PrintWriter out, final CapacityProblem problem) {
        this.out = out;
        this.problem = problem;
    }

    /** The question, each type in real values and units, and a note on sizes that are not whole units. */
    void discreteHeader() {
        final Units units = problem.units();
        out.printf(Locale.ROOT, "sizes %s, servers %s, mu %s, %d units per 1.0%n", problem.sizes().text(),
            describe(problem.classes(), units), problem.mu(), units.resolution());
        final JobTypes types = problem.types();
        final List<double[]> vectors = problem.sizes().vectors();
        for (int j = 0; j < types.count(); j++) {
            out.printf(Locale.ROOT, "  type %d: size %s (%s units), p %.6f%n", j, vectorText(vectors.get(j)),
                unitsText(types, j), types.probability(j));
        }
        inexactNote(units, vectors);
    }

    /** rho*, lambda*, the optimal mix, the solver's work and its notes. */
    void discreteResult(final CapacityResult result) {
        final List<double[]> vectors = problem.sizes().vectors();
        for (final int j : result.typesFittingNoServer()) {
            out.printf(Locale.ROOT, "note: type %d (size %s) fits no server, so rho* = 0 (the simulator rejects such jobs)%n",
                j, vectorText(vectors.get(j)));
        }
        out.printf(Locale.ROOT, "rho*    = %.9f   (certified in [%.9f, %.9f], gap %.1e)%n", result.rho(),
            result.lowerBound(), result.upperBound(), result.gap());
        out.printf(Locale.ROOT, "lambda* = %.9g jobs per time unit at mu = %s%n", result.lambda(problem.mu()), problem.mu());
        out.println("optimal mix (average number of servers of the class holding each configuration):");
        for (final CapacityResult.MixEntry entry : result.mix()) {
            out.printf(Locale.ROOT, "  class %d  %10.6f x %s%n", entry.serverClass(), entry.servers(),
                configurationText(entry.configuration()));
        }
        out.printf(Locale.ROOT, "%s: %d columns (%d initial), %d LP solves (%s), %d pricing searches (%d nodes), "
                + "%.1f ms (LP %.1f ms, pricing %.1f ms)%n",
            result.method() == CapacityResult.Method.ENUMERATION ? "full enumeration" : "column generation",
            result.columns(), result.initialColumns(), result.lpSolves(), problem.options().lpSolver(),
            result.pricingCalls(), result.pricingNodes(), result.wallNanos() / 1e6, result.lpNanos() / 1e6,
            result.pricingNanos() / 1e6);
        if (!result.converged()) {
            out.printf(Locale.ROOT, "note: stopped before the stopping rule held (%d pricing searches hit --node-limit); "
                + "the bounds above still hold%n", result.pricingTruncations());
        }
        if (result.lpFallbacks() > 0) {
            out.printf(Locale.ROOT, "note: %d LP solves needed a fallback (see docs/THEORY.md); the bounds above still hold%n",
                result.lpFallbacks());
        }
    }

    /** Each class's maximal configurations and their average. */
    void maximal(final List<List<int[]>> perClass) {
        for (int c = 0; c < perClass.size(); c++) {
            final List<int[]> configurations = perClass.get(c);
            out.printf(Locale.ROOT, "maximal configurations of class %d (%d):%n", c, configurations.size());
            for (final int[] k : configurations) {
                out.println("  " + configurationText(k));
            }
            out.println("  average " + averageText(Configurations.average(configurations)));
        }
    }

    /** The question and the header of the refinement table. */
    void uniformHeader() {
        out.printf(Locale.ROOT, "sizes %s, servers %s, mu %s, %d units per 1.0, partition grid %d steps per 1.0%n",
            problem.sizes().text(), describe(problem.classes(), problem.units()), problem.mu(),
            problem.units().resolution(), problem.refinement().grid());
        final String header = String.format(Locale.ROOT, "%9s %14s %14s %10s %9s %9s %10s", "intervals", "lower rho*",
            "upper rho*", "rel. gap", "columns", "LP solves", "ms");
        out.println(header);
        out.println("-".repeat(header.length()));
    }

    /** One refinement step, as it is found. */
    void uniformStep(final ContinuousBounds.Bound step, final double millis) {
        final int columns = step.upperRounded().columns()
            + (step.lowerRounded() == null ? 0 : step.lowerRounded().columns());
        final int solves = step.upperRounded().lpSolves()
            + (step.lowerRounded() == null ? 0 : step.lowerRounded().lpSolves());
        out.printf(Locale.ROOT, "%9d %14.6f %14.6f %10.2e %9d %9d %10.1f%n", step.intervals(), step.lower(),
            step.upper(), step.relativeGap(), columns, solves, millis);
        out.flush();
    }

    /** The bounds of the last step. */
    void uniformResult(final ContinuousBounds.Bound last) {
        final double gap = problem.refinement().gap();
        final double mu = problem.mu();
        out.printf(Locale.ROOT, "rho*    in [%.6f, %.6f] with %d intervals (relative gap %.2e%s)%n", last.lower(),
            last.upper(), last.intervals(), last.relativeGap(),
            last.relativeGap() <= gap ? "" : ", above --gap " + gap + ": raise --max-intervals");
        out.printf(Locale.ROOT, "lambda* in [%.6g, %.6g] jobs per time unit at mu = %s%n", last.lower() * mu,
            last.upper() * mu, mu);
        if (last.droppedZeroSizeTypes() > 0) {
            out.printf(Locale.ROOT, "note: %d interval(s) at the bottom round down to size 0 and constrain nothing in "
                + "the upper bound (sizes reach 0; see docs/THEORY.md)%n", last.droppedZeroSizeTypes());
        }
    }

    /** Warns when a size is not a whole number of units: exactly full configurations may then fail. */
    private void inexactNote(final Units units, final List<double[]> vectors) {
        final List<String> inexact = new ArrayList<>();
        for (final double[] vector : vectors) {
            for (final double value : vector) {
                final double scaled = value * units.resolution();
                final String text = Double.toString(value);
                if (scaled != Math.rint(scaled) && !inexact.contains(text)) {
                    inexact.add(text);
                }
            }
        }
        if (!inexact.isEmpty()) {
            out.printf(Locale.ROOT, "note: size(s) %s are not whole units at %d per 1.0 and were rounded up, so a "
                + "server that these sizes fill exactly may not hold them; --resolution 1000 (or another multiple of "
                + "the decimals' denominators) makes them exact%n", String.join(", ", inexact), units.resolution());
        }
    }

    private static String describe(final ServerClasses classes, final Units units) {
        final StringBuilder text = new StringBuilder();
        for (int c = 0; c < classes.count(); c++) {
            text.append(c == 0 ? "" : " + ").append(classes.size(c)).append(" x capacity ");
            for (int d = 0; d < classes.dimensions(); d++) {
                text.append(d == 0 ? "" : "/").append(realText(units.toReal(classes.capacity(c, d))));
            }
        }
        return text.toString();
    }

    private static String unitsText(final JobTypes types, final int j) {
        final StringBuilder text = new StringBuilder();
        for (int d = 0; d < types.dimensions(); d++) {
            text.append(d == 0 ? "" : "/").append(types.size(j, d));
        }
        return text.toString();
    }

    private static String vectorText(final double[] vector) {
        final StringBuilder text = new StringBuilder();
        for (int d = 0; d < vector.length; d++) {
            text.append(d == 0 ? "" : "/").append(realText(vector[d]));
        }
        return text.toString();
    }

    private static String realText(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) + ".0"
            : String.format(Locale.ROOT, "%.6g", value).replaceAll("0+$", "");
    }

    /** Dense {@code (k_0, k_1, ...)} for up to 12 types, else the non-zero counts as {@code {type: count, ...}}. */
    private static String configurationText(final int[] k) {
        final StringBuilder text = new StringBuilder();
        if (k.length <= 12) {
            text.append('(');
            for (int j = 0; j < k.length; j++) {
                text.append(j == 0 ? "" : ", ").append(k[j]);
            }
            return text.append(')').toString();
        }
        text.append('{');
        boolean first = true;
        for (int j = 0; j < k.length; j++) {
            if (k[j] != 0) {
                text.append(first ? "" : ", ").append("type ").append(j).append(": ").append(k[j]);
                first = false;
            }
        }
        return text.append('}').toString();
    }

    private static String averageText(final double[] mean) {
        final StringBuilder text = new StringBuilder("(");
        for (int j = 0; j < mean.length; j++) {
            text.append(j == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.4f", mean[j]));
        }
        return text.append(')').toString();
    }
}
