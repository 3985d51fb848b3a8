package org.stowage.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.stowage.cli.plan.CapacityProblem;
import org.stowage.cli.plan.CapacitySolver;
import org.stowage.cli.plan.MemoryCheck;
import org.stowage.cli.spec.ServersSpec;
import org.stowage.cli.spec.SizesSpec;
import org.stowage.cli.spec.SpecException;
import org.stowage.cli.spec.SpecText;
import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;
import org.stowage.terminal.InvalidValueException;
import org.stowage.theory.CapacityResult;
import org.stowage.theory.ContinuousBounds;
import org.stowage.theory.JobTypes;
import org.stowage.theory.MaxSupportableWorkload;
import org.stowage.theory.SizeCdf;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code stowage capacity}: the maximum supportable workload {@code rho* = lambda* / mu} of a size
 * distribution on a cluster (Psychas and Ghaderi 2019, Sec. III; 2018, Sec. II), computed in the
 * simulator's integer units so that it describes exactly the system {@code stowage run} simulates.
 *
 * <p>Three pieces: this class parses and validates the options into a {@link CapacityProblem}
 * ({@code --sizes} and {@code --servers} through the same {@link SizesSpec} and {@link ServersSpec} as
 * {@code run}), {@link CapacitySolver} solves it, and {@link CapacityReport} prints it.
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
        "  stowage capacity --sizes ec2 --servers ec2:20 --maximal",
        "  stowage capacity --sizes uniform:0.1,0.9 --servers 5 --gap 0.005",
        "  stowage capacity --sizes discrete:0.3@1,0.45@1,0.7@1 --servers 3 --enumerate"})
final class CapacityCommand implements Callable<Integer> {
    /** Capacity of each server of a bare {@code --servers} count. */
    static final String DEFAULT_CAPACITY = "1.0";
    /**
     * Heap bytes one enumerated configuration takes, per job type, at least: its count vector, the copy kept
     * to find repeats, and its column of the LP (a nonzero per type, in the solver's own arrays).
     */
    private static final long ENUMERATED_BYTES_PER_TYPE = 32;

    @Spec
    private CommandSpec spec;

    @ParentCommand
    private StowageCli cli;

    @Option(names = "--sizes", paramLabel = "SPEC", defaultValue = "uniform:0.1,0.9", converter = SizesSpec.Converter.class,
        description = {"Job sizes, as for run (default: ${DEFAULT-VALUE}):",
            "  discrete:SIZE@WEIGHT,...  finite types; SIZE is one number or a vector a/b/... (one entry per resource)",
            "  ec2                       the 2018 paper's three EC2 types (three resources)",
            "  uniform:LOW,HIGH          one resource, uniform on [LOW, HIGH]: lower and upper bounds on rho*"})
    private SizesSpec sizes;

    @Option(names = "--servers", paramLabel = "SPEC", defaultValue = "5", converter = ServersSpec.Converter.class,
        description = {"Servers, as for run (default: ${DEFAULT-VALUE}): a count L of servers of capacity --capacity, "
            + "classes COUNTxCAPACITY,... with CAPACITY one number or a vector a/b/..., e.g. 2x1.0,3x0.5 or "
            + "2x1/1,1x2/0.5, or ec2:COUNT."})
    private ServersSpec servers;

    @Option(names = "--capacity", paramLabel = "CAP",
        description = "Capacity of each server when --servers is a count: a number or a vector a/b/... (default: "
            + DEFAULT_CAPACITY + ").")
    private String capacity;

    @Option(names = "--mu", paramLabel = "RATE", defaultValue = "0.01",
        description = "Service rate mu (1 / mean service time) for lambda* = rho* * mu (default: ${DEFAULT-VALUE}).")
    private double mu;

    @Option(names = "--enumerate",
        description = "Discrete sizes: enumerate every feasible configuration and solve one LP (reference; small instances).")
    private boolean enumerate;

    @Option(names = "--maximal",
        description = "Discrete sizes: also list each server class's maximal configurations and their average"
            + " (2018 paper, Sec. VII-A).")
    private boolean maximal;

    @Option(names = "--resolution", paramLabel = "UNITS", defaultValue = "1000000",
        description = "Integer units per 1.0 of a resource, as in the simulator (default: ${DEFAULT-VALUE}).")
    private int resolution;

    @Option(names = "--gap", paramLabel = "REL",
        description = "Uniform sizes: refine the partition until (upper - lower) / upper is at most this (default: 0.01).")
    private Double gap;

    @Option(names = "--intervals", paramLabel = "N",
        description = "Uniform sizes: intervals of the first partition; each refinement doubles them (default: 8).")
    private Integer intervals;

    @Option(names = "--max-intervals", paramLabel = "N",
        description = "Uniform sizes: stop refining beyond this many intervals (default: 256).")
    private Integer maxIntervals;

    @Option(names = "--grid", paramLabel = "STEPS",
        description = "Uniform sizes: grid steps per 1.0 on which the partition is cut; must divide --resolution"
            + " (default: 4000).")
    private Integer grid;

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
        final CapacityProblem problem = problem();
        final PrintWriter out = spec.commandLine().getOut();
        final CapacityReport report = new CapacityReport(out, problem);
        if (problem.isDiscrete()) {
            report.discreteHeader();
            final CapacityResult result;
            try {
                result = CapacitySolver.solveDiscrete(problem);
            } catch (final IllegalArgumentException e) {
                if (!problem.enumerate()) {
                    throw e;
                }
                // the enumeration stops at as many configurations as the heap holds
                throw new InvalidValueException("--enumerate", "--sizes '" + sizes + "' on --servers '"
                    + servers + "' has " + e.getMessage().replace("; too many to enumerate", "") + ", more than this"
                    + " JVM's " + MemoryCheck.size(cli.maxHeap()) + " of heap holds (or the limit of "
                    + MaxSupportableWorkload.Options.defaults().enumerationLimit() + "); drop --enumerate: column"
                    + " generation solves the same LP", e);
            }
            report.discreteResult(result);
            if (maximal) {
                report.maximal(CapacitySolver.maximalConfigurations(problem));
            }
        } else {
            report.uniformHeader();
            final long[] start = {System.nanoTime()};
            final List<ContinuousBounds.Bound> steps = CapacitySolver.solveUniform(problem, step -> {
                report.uniformStep(step, (System.nanoTime() - start[0]) / 1e6);
                start[0] = System.nanoTime();
            });
            report.uniformResult(steps.get(steps.size() - 1));
        }
        out.flush();
        return 0;
    }

    /** The options as a validated problem; every error is one line naming the flag and the value. */
    private CapacityProblem problem() {
        final boolean uniform = sizes.kind() == SizesSpec.Kind.UNIFORM;
        if (capacity != null && (servers.ec2() || servers.groups().get(0).capacity() != null)) {
            throw new IllegalArgumentException("--capacity does not apply with --servers '" + servers + "' (it is the"
                + " capacity of each server of a bare count; these servers give their own)");
        }
        for (final Object[] option : new Object[][] {{"--gap", gap}, {"--intervals", intervals},
                {"--max-intervals", maxIntervals}, {"--grid", grid}}) {
            if (option[1] != null && !uniform) {
                throw new IllegalArgumentException(option[0] + " does not apply with --sizes '" + sizes + "' (it refines"
                    + " the bounds of uniform sizes)");
            }
        }
        for (final Object[] option : new Object[][] {{"--enumerate", enumerate}, {"--maximal", maximal}}) {
            if ((Boolean) option[1] && uniform) {
                throw new IllegalArgumentException(option[0] + " does not apply with --sizes '" + sizes + "' (it lists"
                    + " the configurations of discrete sizes)");
            }
        }
        final String capacity = this.capacity == null ? DEFAULT_CAPACITY : this.capacity;
        final double gap = this.gap == null ? 0.01 : this.gap;
        final int intervals = this.intervals == null ? 8 : this.intervals;
        final int maxIntervals = this.maxIntervals == null ? 256 : this.maxIntervals;
        final int grid = this.grid == null ? 4000 : this.grid;
        if (!(mu > 0) || Double.isInfinite(mu)) {
            throw new InvalidValueException("--mu", mu + " (must be finite and > 0)");
        }
        if (resolution < 1 || resolution > Units.MAX_UNITS) {
            throw new InvalidValueException("--resolution", resolution + " (must be in [1, "
                + Units.MAX_UNITS + "])");
        }
        if (!(tolerance > 0) || tolerance > 1e-3) {
            throw new InvalidValueException("--tolerance", tolerance + " (must be in (0, 1e-3])");
        }
        final String solver = lp.toUpperCase(Locale.ROOT);
        if (!"GLOP".equals(solver) && !"CLP".equals(solver)) {
            throw new InvalidValueException("--lp", "'" + lp + "' (GLOP or CLP)");
        }
        if (nodeLimit < 1) {
            throw new InvalidValueException("--node-limit", nodeLimit + " (must be >= 1)");
        }
        final Units units = new Units(resolution);
        final MaxSupportableWorkload.Options defaults = MaxSupportableWorkload.Options.defaults();
        final long columnBytes = ENUMERATED_BYTES_PER_TYPE * Math.max(1, sizes.vectors().size()) + 64;
        final MaxSupportableWorkload.Options options = new MaxSupportableWorkload.Options(tolerance, defaults.maxRounds(),
            Math.max(1, Math.min(defaults.enumerationLimit(), cli.maxHeap() / 2 / columnBytes)), solver,
            defaults.lpParameters(), nodeLimit);
        final double[] defaultCapacity;
        try {
            defaultCapacity = SpecText.vector(capacity);
        } catch (final IllegalArgumentException e) {
            throw new SpecException(capacity, e.getMessage()).forFlag("--capacity");
        }
        switch (sizes.kind()) {
            case DISCRETE:
            case EC2: {
                final double[][] vectors = sizes.discreteTypes();
                final JobTypes types;
                try {
                    types = JobTypes.of(units, vectors, sizes.weights());
                } catch (final IllegalArgumentException e) {
                    throw sizes.error(e.getMessage());
                }
                final ServerClasses classes = servers.classes(units, defaultCapacity, "--capacity", capacity);
                if (classes.dimensions() != sizes.dimensions()) {
                    throw servers.error("capacities have " + classes.dimensions() + " resources, --sizes has "
                        + sizes.dimensions());
                }
                return CapacityProblem.discrete(sizes, units, types, classes, options, mu, enumerate);
            }
            case UNIFORM: {
                if (sizes.dimensions() != 1) {
                    throw sizes.error("capacity takes uniform sizes of one resource; vectors need discrete:...");
                }
                final SizeCdf cdf;
                try {
                    cdf = SizeCdf.uniform(sizes.vectors().get(0)[0], sizes.vectors().get(1)[0]);
                    units.sizeUnits(cdf.high());
                } catch (final IllegalArgumentException e) {
                    throw sizes.error(e.getMessage());
                }
                if (!(gap >= 0) || gap >= 1) {
                    throw new InvalidValueException("--gap", gap + " (must be in [0, 1))");
                }
                if (intervals < 1) {
                    throw new InvalidValueException("--intervals", intervals + " (must be >= 1)");
                }
                if (maxIntervals < intervals) {
                    throw new InvalidValueException("--max-intervals", maxIntervals
                        + " (must be >= --intervals " + intervals + ")");
                }
                if (grid < 1 || grid > resolution || resolution % grid != 0) {
                    throw new InvalidValueException("--grid", grid + " (must divide --resolution "
                        + resolution + ")");
                }
                final ServerClasses classes = servers.classes(units, defaultCapacity, "--capacity", capacity);
                if (classes.dimensions() != 1) {
                    throw servers.error("uniform sizes have one resource, capacities have " + classes.dimensions());
                }
                return CapacityProblem.uniform(sizes, units, cdf, classes, options, mu,
                    new CapacityProblem.Refinement(gap, intervals, maxIntervals, grid));
            }
            default:
                throw sizes.error("capacity takes discrete:SIZE@WEIGHT,..., ec2 or uniform:LOW,HIGH, not "
                    + sizes.kind().name().toLowerCase(Locale.ROOT));
        }
    }
}
