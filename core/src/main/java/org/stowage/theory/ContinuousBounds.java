package org.stowage.theory;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.Units;

/**
 * Bounds on {@code rho*} for a general one-resource size distribution (Psychas and Ghaderi 2019, Sec. III-B,
 * Definitions 3 and 4, Theorem 1): partition the sizes into intervals {@code X_j}, let type {@code j} be
 * "size in {@code X_j}" with {@code P_j = P(R in X_j)}, and round each type's size
 * <ul>
 *   <li>up to {@code sup X_j}: every real job is no larger than its type, so whatever the upper-rounded
 *       system supports the real one does: {@code rhoBar*(X) <= rho*} (the lower bound);</li>
 *   <li>down to {@code inf X_j}: every real job is no smaller than its type, so the lower-rounded system
 *       supports at least as much: {@code rho* <= rhoUnderbar*(X)} (the upper bound).</li>
 * </ul>
 * Each is a finite-type {@code rho*}, solved by {@link MaxSupportableWorkload}. Theorem 1 says the two meet
 * as the partition refines.
 *
 * <h2>Partition</h2>
 * The simulator sees a job of real size {@code x} as {@code U = ceil(x r)} units at resolution {@code r}
 * ({@link Units#sizeUnits}), so the partition is made of the unit sizes themselves: the integers from
 * {@code u_min = ceil(low r)} to {@code u_max = ceil(high r)} are cut into {@code N} consecutive ranges
 * {@code [a_i, b_i]} with {@code b_i = u_min - 1 + floor(i S / N)}, {@code S = u_max - u_min + 1}. Range
 * {@code i} is the real interval {@code X_i = ((a_i - 1) / r, b_i / r]} with
 * {@code P_i = F(b_i / r) - F((a_i - 1) / r)}; upper rounding gives type {@code i} exactly {@code b_i}
 * units, lower rounding exactly {@code a_i} units (the smallest unit size a job of {@code X_i} can have).
 * Sizes below {@code low} and above {@code high} have probability 0 and add no type. So both bounds hold
 * for the simulated integer-unit system, which is the one whose stability a run measures. Doubling
 * {@code N} splits every range in two (integer arithmetic, so the ranges nest exactly): the lower bound
 * never decreases and the upper bound never increases; at {@code N = S} every range is one unit size and
 * the bounds meet (up to the LP tolerance), whatever the distribution, atoms included.
 *
 * <h2>The interval at the bottom</h2>
 * Definition 4 partitions {@code (0, 1]}, so its first interval rounds down to size 0: such a type fits any
 * number of times and constrains nothing, and the upper bound from it is loose (infinite if that interval
 * held all the mass). Here the first range starts at the distribution's smallest possible size
 * {@code u_min} instead: no job is smaller, so rounding down to it is still a valid relaxation, and the
 * bound stays finite. If {@code low} is 0 (so {@code u_min = 0}), that lower-rounded type of size 0 is left
 * out of the upper-bound LP, exactly what size 0 means, and counted in {@link Bound#droppedZeroSizeTypes()};
 * the bound is then finite as long as another range has positive probability, and tightens as the first
 * range's probability shrinks with {@code N}.
 *
 * <p>Types whose sizes coincide are merged (interchangeable jobs), and the {@link CapacityResult}s of a
 * {@link Bound} are over those merged types, in increasing size.
 */
public final class ContinuousBounds {
    private ContinuousBounds() {
    }

    /**
     * Bounds from one partition.
     *
     * @param intervals       {@code N}, the number of ranges of the partition
     * @param lower           {@code rhoBar*(X)} from upper-rounded types: {@code lower <= rho*}
     * @param upper           {@code rhoUnderbar*(X)} from lower-rounded types: {@code rho* <= upper}
     * @param upperRounded    the finite-type solution behind {@code lower}
     * @param lowerRounded    the finite-type solution behind {@code upper}; null if every type was dropped
     *                        (then {@code upper} is infinite)
     * @param droppedZeroSizeTypes lower-rounded types of size 0 units left out of the upper-bound LP
     */
    public record Bound(int intervals, double lower, double upper, CapacityResult upperRounded,
                        CapacityResult lowerRounded, int droppedZeroSizeTypes) {
        /** {@code upper - lower}. */
        public double gap() {
            return upper - lower;
        }

        /** {@code (upper - lower) / upper}; 0 when both are 0. */
        public double relativeGap() {
            return upper > 0 ? (upper - lower) / upper : 0;
        }
    }

    /**
     * Bounds from the partition of the grid sizes into {@code intervals} ranges (fewer if the support spans
     * fewer grid steps); servers must have one resource.
     *
     * @param units the simulator's units, in which {@code servers} are given
     * @param grid  steps per 1.0 of the partition grid {@code R}; must divide {@code units.resolution()}
     */
    public static Bound bound(final SizeCdf cdf, final ServerClasses servers, final Units units, final int grid,
                              final int intervals, final MaxSupportableWorkload.Options options) {
        if (servers.dimensions() != 1) {
            throw new IllegalArgumentException("continuous size bounds are for one resource; servers have "
                + servers.dimensions());
        }
        if (intervals < 1) {
            throw new IllegalArgumentException("partition needs at least 1 interval: " + intervals);
        }
        if (grid < 1 || grid > units.resolution() || units.resolution() % grid != 0) {
            throw new IllegalArgumentException("grid must divide the resolution " + units.resolution() + ": " + grid);
        }
        final Units gridUnits = new Units(grid);
        final int smallest = gridUnits.sizeUnits(cdf.low());
        final int largest = gridUnits.sizeUnits(cdf.high());
        if (largest == 0) {
            throw new IllegalArgumentException("every size of " + cdf + " is 0: any number of jobs would fit");
        }
        final int floorOfLow = (int) Math.floor(cdf.low() * grid);
        final long span = (long) largest - smallest + 1;
        final int n = (int) Math.min(intervals, span);
        final int[] upperSizes = new int[n];
        final int[] lowerSizes = new int[n];
        final double[] mass = new double[n];
        double previous = 0;
        for (int i = 0; i < n; i++) {
            upperSizes[i] = (int) (smallest - 1 + (i + 1) * span / n);
            lowerSizes[i] = i == 0 ? floorOfLow : upperSizes[i - 1];
            final double point = i == n - 1 ? cdf.high() : gridUnits.toReal(upperSizes[i]);
            final double value = cdf.cdf(point);
            if (!(value >= 0 && value <= 1)) {
                throw new IllegalArgumentException("cdf of " + cdf + " at " + point + " is " + value + ", not in [0, 1]");
            }
            if (value < previous - 1e-12) {
                throw new IllegalArgumentException("cdf of " + cdf + " decreases: " + previous + " below " + point + ", "
                    + value + " at it");
            }
            mass[i] = Math.max(0, value - previous);
            previous = Math.max(previous, value);
        }
        if (Math.abs(previous - 1) > 1e-9) {
            throw new IllegalArgumentException("cdf of " + cdf + " at the top of its support " + cdf.high() + " is "
                + previous + ", not 1");
        }
        final ServerClasses gridServers = onGrid(servers, units, grid);
        final CapacityResult fromUpper = solveMerged(upperSizes, mass, gridServers, options, null);
        final int[] dropped = new int[1];
        final CapacityResult fromLower = solveMerged(lowerSizes, mass, gridServers, options, dropped);
        final double upper = fromLower == null ? Double.POSITIVE_INFINITY : fromLower.upperBound();
        return new Bound(n, fromUpper.lowerBound(), upper, fromUpper, fromLower, dropped[0]);
    }

    /** Capacities in grid steps, rounded down: {@code floor(C * R / r)}. */
    private static ServerClasses onGrid(final ServerClasses servers, final Units units, final int grid) {
        final int[][] capacities = new int[servers.count()][1];
        final int[] counts = new int[servers.count()];
        for (int c = 0; c < servers.count(); c++) {
            capacities[c][0] = (int) ((long) servers.capacity(c, 0) * grid / units.resolution());
            if (capacities[c][0] < 1) {
                throw new IllegalArgumentException("server class " + c + " holds less than one grid step (1/" + grid
                    + "); use a finer grid");
            }
            counts[c] = servers.servers(c);
        }
        return ServerClasses.of(capacities, counts);
    }

    /**
     * Bounds for {@code N = firstIntervals, 2N, 4N, ...} until the relative gap is at most {@code relativeGap}
     * or {@code N} would exceed {@code maxIntervals}; returns every step (the last is the tightest).
     */
    public static List<Bound> refine(final SizeCdf cdf, final ServerClasses servers, final Units units,
                                     final int grid, final int firstIntervals, final int maxIntervals, final double relativeGap,
                                     final MaxSupportableWorkload.Options options) {
        if (firstIntervals < 1 || maxIntervals < firstIntervals) {
            throw new IllegalArgumentException("need 1 <= first intervals <= max intervals: " + firstIntervals + ", "
                + maxIntervals);
        }
        if (!(relativeGap >= 0)) {
            throw new IllegalArgumentException("relative gap must be >= 0: " + relativeGap);
        }
        final List<Bound> steps = new ArrayList<>();
        for (long n = firstIntervals; n <= maxIntervals; n *= 2) {
            final Bound step = bound(cdf, servers, units, grid, (int) n, options);
            steps.add(step);
            if (step.relativeGap() <= relativeGap || step.intervals() < n) {
                break; // close enough, or every range is already a single grid step
            }
        }
        return steps;
    }

    /**
     * rho* for types of the given sizes and masses, merging equal sizes and leaving out zero-mass types (and
     * zero-size ones, counted in {@code dropped} when it is given); null if no type is left.
     */
    private static CapacityResult solveMerged(final int[] sizes, final double[] mass, final ServerClasses servers,
                                              final MaxSupportableWorkload.Options options, final int[] dropped) {
        final List<int[]> mergedSizes = new ArrayList<>();
        final List<Double> mergedMass = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            if (mass[i] <= 0) {
                continue;
            }
            if (sizes[i] == 0) {
                assert dropped != null : "upper-rounded sizes are at least 1 unit";
                dropped[0]++;
                continue;
            }
            final int last = mergedSizes.size() - 1;
            if (last >= 0 && mergedSizes.get(last)[0] == sizes[i]) {
                mergedMass.set(last, mergedMass.get(last) + mass[i]); // sizes are non-decreasing in i
            } else {
                mergedSizes.add(new int[] {sizes[i]});
                mergedMass.add(mass[i]);
            }
        }
        if (mergedSizes.isEmpty()) {
            return null;
        }
        final double[] weights = new double[mergedMass.size()];
        double kept = 0;
        for (int i = 0; i < weights.length; i++) {
            weights[i] = mergedMass.get(i);
            kept += weights[i];
        }
        final CapacityResult result = MaxSupportableWorkload.solve(
            JobTypes.ofUnits(mergedSizes.toArray(new int[0][]), weights), servers, options);
        if (dropped == null || dropped[0] == 0) {
            return result;
        }
        double total = 0;
        for (final double m : mass) {
            total += m;
        }
        return rescaled(result, kept / total);
    }

    /**
     * JobTypes normalises the kept masses to sum 1, which asks for rho * P_j / kept of each kept type; the
     * real constraint is rho * P_j, so the supported rho is the normalised one divided by {@code kept}, the
     * kept share of the probability.
     */
    private static CapacityResult rescaled(final CapacityResult result, final double kept) {
        return new CapacityResult(result.method(), result.rho() / kept, result.lowerBound() / kept,
            result.upperBound() / kept, result.converged(), result.mix(), result.typesFittingNoServer(), result.columns(),
            result.initialColumns(), result.lpSolves(), result.lpFallbacks(), result.pricingCalls(), result.pricingNodes(), result.pricingTruncations(), result.lpNanos(),
            result.pricingNanos(), result.wallNanos());
    }
}
