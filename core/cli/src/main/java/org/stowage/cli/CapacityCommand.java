package org.stowage.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.stowage.core.Units;
import org.stowage.theory.CapacityResult;
import org.stowage.theory.Configurations;
import org.stowage.theory.ContinuousBounds;
import org.stowage.theory.JobTypes;
import org.stowage.theory.MaxSupportableWorkload;
import org.stowage.theory.ServerClasses;
import org.stowage.theory.SizeCdf;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code stowage capacity}: the maximum supportable workload {@code rho* = lambda* / mu} of a size
 * distribution on a cluster (Psychas and Ghaderi 2019, Sec. III; 2018, Sec. II), computed in the
 * simulator's integer units so that it describes exactly the system {@code stowage run} simulates.
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Maximum supportable workload rho* = lambda*/mu: the largest arrival rate that some scheduler "
        + "can keep stable, with the mix of server configurations that achieves it (discrete sizes), or lower "
        + "and upper bounds from rounded partitions (uniform sizes).",
        "Sizes and capacities are converted to integer units exactly as `stowage run` does (sizes rounded up, "
            + "capacities down)."},
    footer = {"", "Examples:",
        "  stowage capacity --sizes discrete:0.4@1,0.6@1 --servers 1",
        "  stowage capacity --sizes discrete:2@2,5@1 --servers 1 --capacity 10",
        "  stowage capacity --sizes discrete:0.25/0.5@1,0.5/0.125@2 --servers 2x1/1,3x0.5/2 --maximal",
        "  stowage capacity --sizes uniform:0.1,0.9 --servers 5 --gap 0.005",
        "  stowage capacity --sizes discrete:0.3@1,0.45@1,0.7@1 --servers 3 --enumerate"})
final class CapacityCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Option(names = "--sizes", paramLabel = "SPEC", defaultValue = "uniform:0.1,0.9",
        description = {"Job sizes (default: ${DEFAULT-VALUE}):",
            "  discrete:SIZE@WEIGHT,...  finite types; SIZE is one number or a vector a/b/... (one entry per resource)",
            "  uniform:LOW,HIGH          one resource, uniform on [LOW, HIGH]: lower and upper bounds on rho*"})
    private String sizes;

    @Option(names = "--servers", paramLabel = "SPEC", defaultValue = "5",
        description = {"Servers (default: ${DEFAULT-VALUE}): a count L of servers of capacity --capacity, or classes "
            + "COUNTxCAPACITY,... with CAPACITY one number or a vector a/b/..., e.g. 2x1.0,3x0.5 or 2x1/1,1x2/0.5."})
    private String servers;

    @Option(names = "--capacity", paramLabel = "CAP", defaultValue = "1.0",
        description = "Capacity of each server when --servers is a count: a number or a vector a/b/... (default: ${DEFAULT-VALUE}).")
    private String capacity;

    @Option(names = "--mu", paramLabel = "RATE", defaultValue = "0.01",
        description = "Service rate mu (1 / mean service time) for lambda* = rho* * mu (default: ${DEFAULT-VALUE}).")
    private double mu;

    @Option(names = "--enumerate",
        description = "Discrete sizes: enumerate every feasible configuration and solve one LP (reference; small instances).")
    private boolean enumerate;

    @Option(names = "--maximal",
        description = "Discrete sizes: also list each server class's maximal configurations and their average (2018 paper, Sec. VII-A).")
    private boolean maximal;

    @Option(names = "--resolution", paramLabel = "UNITS", defaultValue = "1000000",
        description = "Integer units per 1.0 of a resource, as in the simulator (default: ${DEFAULT-VALUE}).")
    private int resolution;

    @Option(names = "--gap", paramLabel = "REL", defaultValue = "0.01",
        description = "Uniform sizes: refine the partition until (upper - lower) / upper is at most this (default: ${DEFAULT-VALUE}).")
    private double gap;

    @Option(names = "--intervals", paramLabel = "N", defaultValue = "8",
        description = "Uniform sizes: intervals of the first partition; each refinement doubles them (default: ${DEFAULT-VALUE}).")
    private int intervals;

    @Option(names = "--max-intervals", paramLabel = "N", defaultValue = "256",
        description = "Uniform sizes: stop refining beyond this many intervals (default: ${DEFAULT-VALUE}).")
    private int maxIntervals;

    @Option(names = "--grid", paramLabel = "STEPS", defaultValue = "4000",
        description = "Uniform sizes: grid steps per 1.0 on which the partition is cut; must divide --resolution (default: ${DEFAULT-VALUE}).")
    private int grid;

    @Option(names = "--lp", paramLabel = "SOLVER", defaultValue = "GLOP",
        description = "LP solver of OR-Tools: GLOP or CLP (default: ${DEFAULT-VALUE}).")
    private String lp;

    @Option(names = "--node-limit", paramLabel = "NODES", defaultValue = "20000000",
        description = "Multi-resource pricing: search nodes before a search settles for its best column and a proven "
            + "bound (default: ${DEFAULT-VALUE}).")
    private long nodeLimit;

    @Option(names = "--tolerance", paramLabel = "EPS", defaultValue = "1e-9",
        description = "Column generation stops when the certified gap is at most EPS relative (default: ${DEFAULT-VALUE}).")
    private double tolerance;

    @Override
    public Integer call() {
        if (!(mu > 0) || Double.isInfinite(mu)) {
            throw new IllegalArgumentException("invalid value for --mu: " + mu + " (must be finite and > 0)");
        }
        if (resolution < 1 || resolution > Units.MAX_UNITS) {
            throw new IllegalArgumentException("invalid value for --resolution: " + resolution + " (must be in [1, "
                + Units.MAX_UNITS + "])");
        }
        if (!(tolerance > 0) || tolerance > 1e-3) {
            throw new IllegalArgumentException("invalid value for --tolerance: " + tolerance + " (must be in (0, 1e-3])");
        }
        final String solver = lp.toUpperCase(Locale.ROOT);
        if (!"GLOP".equals(solver) && !"CLP".equals(solver)) {
            throw new IllegalArgumentException("invalid value for --lp: '" + lp + "' (GLOP or CLP)");
        }
        if (nodeLimit < 1) {
            throw new IllegalArgumentException("invalid value for --node-limit: " + nodeLimit + " (must be >= 1)");
        }
        final Units units = new Units(resolution);
        final MaxSupportableWorkload.Options options = MaxSupportableWorkload.Options.defaults()
            .withTolerance(tolerance).withLpSolver(solver).withPricingNodeLimit(nodeLimit);
        final PrintWriter out = spec.commandLine().getOut();
        final String[] kindAndArgs = kindAndArgs(sizes);
        switch (kindAndArgs[0]) {
            case "discrete":
                discrete(out, units, kindAndArgs[1], options);
                return 0;
            case "uniform":
                uniform(out, units, kindAndArgs[1], options);
                return 0;
            default:
                throw new IllegalArgumentException("invalid value for --sizes: '" + sizes + "': unknown size distribution '"
                    + kindAndArgs[0] + "' (discrete:SIZE@WEIGHT,... or uniform:LOW,HIGH)");
        }
    }

    private void discrete(final PrintWriter out, final Units units, final String args,
                          final MaxSupportableWorkload.Options options) {
        final List<double[]> vectors = new ArrayList<>();
        final List<Double> weights = new ArrayList<>();
        for (final String item : args.split(",", -1)) {
            final String[] sizeAndWeight = item.split("@", -1);
            if (sizeAndWeight.length != 2) {
                throw sizesError("expected SIZE@WEIGHT, got '" + item + "'");
            }
            try {
                vectors.add(vector(sizeAndWeight[0]));
                weights.add(number(sizeAndWeight[1]));
            } catch (final IllegalArgumentException e) {
                throw sizesError(e.getMessage());
            }
        }
        final int dimensions = vectors.get(0).length;
        final double[] weightArray = new double[weights.size()];
        for (int j = 0; j < weightArray.length; j++) {
            weightArray[j] = weights.get(j);
        }
        final JobTypes types;
        try {
            types = JobTypes.of(units, vectors.toArray(new double[0][]), weightArray);
        } catch (final IllegalArgumentException e) {
            throw sizesError(e.getMessage());
        }
        final ServerClasses classes = serverClasses(units, dimensions);
        if (classes.dimensions() != dimensions) {
            throw new IllegalArgumentException("invalid value for --servers: '" + servers + "': capacities have "
                + classes.dimensions() + " resources, --sizes has " + dimensions);
        }

        out.printf(Locale.ROOT, "sizes %s, servers %s, mu %s, %d units per 1.0%n", sizes, describe(classes, units), mu,
            resolution);
        for (int j = 0; j < types.count(); j++) {
            out.printf(Locale.ROOT, "  type %d: size %s (%s units), p %.6f%n", j, vectorText(vectors.get(j)),
                unitsText(types, j), types.probability(j));
        }
        inexactNote(out, units, vectors, classes);

        final CapacityResult result = enumerate
            ? MaxSupportableWorkload.enumerate(types, classes, options)
            : MaxSupportableWorkload.solve(types, classes, options);
        for (final int j : result.typesFittingNoServer()) {
            out.printf(Locale.ROOT, "note: type %d (size %s) fits no server, so rho* = 0 (the simulator rejects such jobs)%n",
                j, vectorText(vectors.get(j)));
        }
        out.printf(Locale.ROOT, "rho*    = %.9f   (certified in [%.9f, %.9f], gap %.1e)%n", result.rho(),
            result.lowerBound(), result.upperBound(), result.gap());
        out.printf(Locale.ROOT, "lambda* = %.9g jobs per time unit at mu = %s%n", result.lambda(mu), mu);
        out.println("optimal mix (average number of servers of the class holding each configuration):");
        for (final CapacityResult.MixEntry entry : result.mix()) {
            out.printf(Locale.ROOT, "  class %d  %10.6f x %s%n", entry.serverClass(), entry.servers(),
                configurationText(entry.configuration()));
        }
        out.printf(Locale.ROOT, "%s: %d columns (%d initial), %d LP solves (%s), %d pricing searches (%d nodes), "
                + "%.1f ms (LP %.1f ms, pricing %.1f ms)%n",
            result.method() == CapacityResult.Method.ENUMERATION ? "full enumeration" : "column generation",
            result.columns(), result.initialColumns(), result.lpSolves(), options.lpSolver(), result.pricingCalls(),
            result.pricingNodes(), result.wallNanos() / 1e6, result.lpNanos() / 1e6, result.pricingNanos() / 1e6);
        if (!result.converged()) {
            out.printf(Locale.ROOT, "note: stopped before the stopping rule held (%d pricing searches hit --node-limit); "
                + "the bounds above still hold%n", result.pricingTruncations());
        }
        if (result.lpFallbacks() > 0) {
            out.printf(Locale.ROOT, "note: %d LP solves needed a fallback (see docs/THEORY.md); the bounds above still hold%n",
                result.lpFallbacks());
        }
        if (maximal) {
            for (int c = 0; c < classes.count(); c++) {
                final List<int[]> configurations = Configurations.maximal(types, classes, c, 100_000);
                out.printf(Locale.ROOT, "maximal configurations of class %d (%d):%n", c, configurations.size());
                for (final int[] k : configurations) {
                    out.println("  " + configurationText(k));
                }
                out.println("  average " + averageText(Configurations.average(configurations)));
            }
        }
    }

    private void uniform(final PrintWriter out, final Units units, final String args,
                         final MaxSupportableWorkload.Options options) {
        final String[] bounds = args.split(",", -1);
        if (bounds.length != 2) {
            throw sizesError("expected uniform:LOW,HIGH");
        }
        final SizeCdf cdf;
        try {
            cdf = SizeCdf.uniform(number(bounds[0]), number(bounds[1]));
            units.sizeUnits(cdf.high());
        } catch (final IllegalArgumentException e) {
            throw sizesError(e.getMessage());
        }
        if (!(gap >= 0) || gap >= 1) {
            throw new IllegalArgumentException("invalid value for --gap: " + gap + " (must be in [0, 1))");
        }
        if (intervals < 1) {
            throw new IllegalArgumentException("invalid value for --intervals: " + intervals + " (must be >= 1)");
        }
        if (maxIntervals < intervals) {
            throw new IllegalArgumentException("invalid value for --max-intervals: " + maxIntervals
                + " (must be >= --intervals " + intervals + ")");
        }
        if (grid < 1 || grid > resolution || resolution % grid != 0) {
            throw new IllegalArgumentException("invalid value for --grid: " + grid + " (must divide --resolution "
                + resolution + ")");
        }
        final ServerClasses classes = serverClasses(units, 1);
        if (classes.dimensions() != 1) {
            throw new IllegalArgumentException("invalid value for --servers: '" + servers + "': uniform sizes have one "
                + "resource, capacities have " + classes.dimensions());
        }
        out.printf(Locale.ROOT, "sizes %s, servers %s, mu %s, %d units per 1.0, partition grid %d steps per 1.0%n",
            sizes, describe(classes, units), mu, resolution, grid);
        final String header = String.format(Locale.ROOT, "%9s %14s %14s %10s %9s %9s %10s", "intervals", "lower rho*",
            "upper rho*", "rel. gap", "columns", "LP solves", "ms");
        out.println(header);
        out.println("-".repeat(header.length()));
        final long[] start = {System.nanoTime()};
        final List<ContinuousBounds.Bound> steps = ContinuousBounds.refine(cdf, classes, units, grid, intervals,
            maxIntervals, gap, options, step -> {
                final double millis = (System.nanoTime() - start[0]) / 1e6;
                final int columns = step.upperRounded().columns()
                    + (step.lowerRounded() == null ? 0 : step.lowerRounded().columns());
                final int solves = step.upperRounded().lpSolves()
                    + (step.lowerRounded() == null ? 0 : step.lowerRounded().lpSolves());
                out.printf(Locale.ROOT, "%9d %14.6f %14.6f %10.2e %9d %9d %10.1f%n", step.intervals(), step.lower(),
                    step.upper(), step.relativeGap(), columns, solves, millis);
                out.flush();
                start[0] = System.nanoTime();
            });
        final ContinuousBounds.Bound last = steps.get(steps.size() - 1);
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

    /** {@code L} (with --capacity) or {@code COUNTxCAPACITY,...}. */
    private ServerClasses serverClasses(final Units units, final int dimensions) {
        final String text = servers.strip();
        try {
            if (!text.contains("x")) {
                final int count = integer(text);
                final double[] cap;
                try {
                    cap = vector(capacity);
                } catch (final IllegalArgumentException e) {
                    throw new IllegalArgumentException("invalid value for --capacity: '" + capacity + "': "
                        + e.getMessage(), e);
                }
                if (count < 1) {
                    throw new IllegalArgumentException("count must be >= 1: " + count);
                }
                return ServerClasses.homogeneous(count, capacityUnits(units, cap, "--capacity", capacity));
            }
            final String[] items = text.split(",", -1);
            final int[][] capacities = new int[items.length][];
            final int[] counts = new int[items.length];
            for (int c = 0; c < items.length; c++) {
                final int x = items[c].indexOf('x');
                if (x <= 0 || x == items[c].length() - 1) {
                    throw new IllegalArgumentException("expected COUNTxCAPACITY, got '" + items[c] + "'");
                }
                counts[c] = integer(items[c].substring(0, x));
                if (counts[c] < 1) {
                    throw new IllegalArgumentException("count must be >= 1 in '" + items[c] + "'");
                }
                capacities[c] = capacityUnits(units, vector(items[c].substring(x + 1)), "--servers", servers);
            }
            return ServerClasses.of(capacities, counts);
        } catch (final IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("invalid value for --")) {
                throw e;
            }
            throw new IllegalArgumentException("invalid value for --servers: '" + servers + "': " + e.getMessage(), e);
        }
    }

    private static int[] capacityUnits(final Units units, final double[] real, final String flag, final String value) {
        final int[] result = new int[real.length];
        for (int d = 0; d < real.length; d++) {
            try {
                result[d] = units.capacityUnits(real[d]);
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException("invalid value for " + flag + ": '" + value + "': " + e.getMessage(), e);
            }
        }
        return result;
    }

    private IllegalArgumentException sizesError(final String reason) {
        return new IllegalArgumentException("invalid value for --sizes: '" + sizes + "': " + reason);
    }

    private static String[] kindAndArgs(final String spec) {
        final int colon = spec.indexOf(':');
        if (colon <= 0 || colon == spec.length() - 1) {
            throw new IllegalArgumentException("invalid value for --sizes: '" + spec + "' (expected KIND:ARGS)");
        }
        return new String[] {spec.substring(0, colon), spec.substring(colon + 1)};
    }

    /** {@code a} or {@code a/b/...}: one value per resource. */
    private static double[] vector(final String text) {
        final String[] parts = text.split("/", -1);
        if (parts.length > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("at most " + Units.MAX_DIMENSIONS + " resources: '" + text + "'");
        }
        final double[] values = new double[parts.length];
        for (int d = 0; d < parts.length; d++) {
            values[d] = number(parts[d]);
        }
        return values;
    }

    private static double number(final String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a number", e);
        }
    }

    private static int integer(final String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number", e);
        }
    }

    /** Warns when a size or capacity is not a whole number of units: exactly full configurations may then fail. */
    private void inexactNote(final PrintWriter out, final Units units, final List<double[]> vectors,
                             final ServerClasses classes) {
        final List<String> inexact = new ArrayList<>();
        for (final double[] vector : vectors) {
            for (final double value : vector) {
                final double scaled = value * units.resolution();
                if (scaled != Math.rint(scaled)) {
                    inexact.add(Double.toString(value));
                }
            }
        }
        if (!inexact.isEmpty()) {
            out.printf(Locale.ROOT, "note: size(s) %s are not whole units at %d per 1.0 and were rounded up, so a "
                + "server that these sizes fill exactly may not hold them; --resolution 1000 (or another multiple of "
                + "the decimals' denominators) makes them exact%n", String.join(", ", distinct(inexact)), resolution);
        }
    }

    private static List<String> distinct(final List<String> values) {
        final List<String> result = new ArrayList<>();
        for (final String value : values) {
            if (!result.contains(value)) {
                result.add(value);
            }
        }
        return result;
    }

    private static String describe(final ServerClasses classes, final Units units) {
        final StringBuilder text = new StringBuilder();
        for (int c = 0; c < classes.count(); c++) {
            text.append(c == 0 ? "" : " + ").append(classes.servers(c)).append(" x capacity ");
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
