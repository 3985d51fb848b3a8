package org.stowage.theory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;

/**
 * Bounds on {@code rho*} for a general one-resource size distribution (Psychas and Ghaderi 2019, Sec. III-B,
 * Definitions 3 and 4, Theorem 1): partition the sizes into intervals {@code X_i}, let type {@code i} be
 * "size in {@code X_i}" with {@code P_i = P(R in X_i)}, and round each type's size
 * <ul>
 *   <li>up to {@code sup X_i}: every real job is no larger than its type, so whatever the upper-rounded
 *       system supports the real one does: {@code rhoBar*(X) <= rho*} (the lower bound);</li>
 *   <li>down to {@code inf X_i}: every real job is no smaller than its type, so the lower-rounded system
 *       supports at least as much: {@code rho* <= rhoUnderbar*(X)} (the upper bound).</li>
 * </ul>
 * Each is a finite-type {@code rho*}, solved by {@link MaxSupportableWorkload}. Theorem 1 says the two meet
 * as the partition refines.
 *
 * <h2>Partition on a grid</h2>
 * Sizes are cut on a grid of {@code R} steps per 1.0 (default 4000), a divisor of the simulator's resolution
 * {@code r}. Grid size {@code U = ceil(x R)} of a job of real size {@code x} runs from
 * {@code u_min = ceil(low R)} to {@code u_max = ceil(high R)}; these {@code S} integers are cut into
 * {@code N} consecutive ranges with upper ends {@code b_i = u_min - 1 + floor(i S / N)}. Range {@code i} is
 * the real interval {@code X_i = (b_{i-1} / R, b_i / R]} (the first one closed at {@code low}), with
 * {@code P_i = F(b_i / R) - F(b_{i-1} / R)}. Upper rounding gives type {@code i} size {@code b_i} steps;
 * lower rounding {@code b_{i-1}} steps ({@code floor(low R)} for the first range). Server capacities become
 * {@code floor(C R / r)} steps for {@code C} units. Doubling {@code N} splits every range in two (integer
 * arithmetic, so the ranges nest exactly): the lower bound never decreases and the upper bound never
 * increases. The grid keeps the pricing problems small (exact dynamic programmes over a few thousand
 * cells); {@code N} stops growing at {@code S}, where only the grid's own rounding separates the bounds.
 *
 * <h2>Which system the bounds hold for</h2>
 * Both hold for the real-valued system of the papers (sizes {@code x}, capacities {@code C / r}) and for
 * the simulated one (sizes {@code ceil(x r)} units): when {@code R} divides {@code r},
 * {@code ceil(x r) <= b_i r / R} for {@code x <= b_i / R}, so an upper-rounded configuration that fits in
 * grid steps also fits in the simulator's units; and the simulated sizes are at least the real ones, so
 * the simulated {@code rho*} is at most the real one, which the lower-rounded system bounds from above.
 *
 * <h2>Strict lower rounding</h2>
 * A job of range {@code i > 0} is strictly larger than {@code b_{i-1} / R}, so a set of such jobs fits only
 * if their lower-rounded sizes sum to strictly less than the capacity {@code C_r = C R / r}. Plain rounding
 * would also admit configurations that fill the server exactly, which no real set of such jobs does (for
 * U[0.1, 0.9] at N = 8 that loosens the upper bound from about 10 to 11.1). The exact strict test is kept
 * in integer arithmetic by scaling: with {@code M} a power of two above the most jobs a server can hold,
 * strict types get size {@code b M + 1} and the capacity is {@code floor(C_r) M} (or
 * {@code floor(C_r) M + M - 1} when {@code C_r} is not a whole number), so {@code sum k (b M + 1) <=} the
 * scaled capacity exactly when {@code sum k b < C_r}. The scaling multiplies the pricing programme's
 * capacity by {@code M} (about 100 for sizes down to 1% of a server), so it is used only while
 * {@code N * M * C} stays within {@link #STRICT_PRICING_BUDGET}, and while the scaled numbers stay in the
 * unit range; otherwise plain rounding ({@code M = 1}) is used, looser but still valid. Because the
 * choice can change between refinements, {@link #refine} reports the best bounds so far at each step.
 *
 * <h2>The interval at the bottom</h2>
 * Definition 4 partitions {@code (0, 1]}, so its first interval rounds down to size 0: such a type fits any
 * number of times and constrains nothing, and the upper bound from it is loose (infinite if that interval
 * held all the mass). Here the first range starts at the distribution's smallest possible size
 * {@code low} instead: no job is smaller, so rounding down to it is still a valid relaxation, and the bound
 * stays finite. If {@code low} is below one grid step (so its lower-rounded size is 0 steps), that type is
 * left out of the upper-bound LP, exactly what size 0 means, and counted in
 * {@link Bound#droppedZeroSizeTypes()}; the bound is then finite as long as another range has positive
 * probability, and tightens as the first range's probability shrinks with {@code N}.
 *
 * <p>Types whose sizes coincide are merged (interchangeable jobs), and the {@link CapacityResult}s of a
 * {@link Bound} are over those merged types, in increasing size, in grid steps (times {@code M} for the
 * lower-rounded one).
 */
public final class ContinuousBounds {
    /** Most {@code types * scaled capacity} cells for which the strict lower rounding is used (about 16M). */
    static final long STRICT_PRICING_BUDGET = 8L * MaxWeightConfiguration.DEFAULT_GRID_BUDGET;

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
     * @param strictScale     {@code M} of the strict lower rounding, 1 where plain rounding was used
     */
    public record Bound(int intervals, double lower, double upper, CapacityResult upperRounded,
                        CapacityResult lowerRounded, int droppedZeroSizeTypes, int strictScale) {
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
        double previousPoint = cdf.low();
        for (int i = 0; i < n; i++) {
            upperSizes[i] = (int) (smallest - 1 + (i + 1) * span / n);
            lowerSizes[i] = i == 0 ? floorOfLow : upperSizes[i - 1];
            final double point = i == n - 1 ? cdf.high() : gridUnits.toReal(upperSizes[i]);
            final double value = cdf.cdf(point);
            if (!(value >= 0 && value <= 1)) {
                throw new IllegalArgumentException("cdf of " + cdf + " at " + point + " is " + value + ", not in [0, 1]");
            }
            if (value < previous - 1e-12) {
                throw new IllegalArgumentException("cdf of " + cdf + " decreases: " + previous + " at " + previousPoint
                    + ", then " + value + " at " + point);
            }
            mass[i] = Math.max(0, value - previous);
            previous = Math.max(previous, value);
            previousPoint = point;
        }
        if (Math.abs(previous - 1) > 1e-9) {
            throw new IllegalArgumentException("cdf of " + cdf + " at the top of its support " + cdf.high() + " is "
                + previous + ", not 1");
        }
        final ServerClasses gridServers = onGrid(servers, units, grid);
        final CapacityResult fromUpper = solveMerged(upperSizes, mass, gridServers, options, null);

        // Lower rounding: every job of range i > 0 is strictly larger than lowerSizes[i] / R, and a job of
        // range 0 strictly larger than floor(low R) / R unless low R is a whole number (see class comment).
        final boolean[] strict = new boolean[n];
        int smallestLower = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            strict[i] = i > 0 || floorOfLow < cdf.low() * grid;
            if (lowerSizes[i] > 0) {
                smallestLower = Math.min(smallestLower, lowerSizes[i]);
            }
        }
        final int[] dropped = new int[1];
        CapacityResult fromLower = null;
        int scale = 1;
        if (smallestLower != Integer.MAX_VALUE) {
            scale = strictnessScale(servers, units, grid, smallestLower, n);
            final int[] scaledSizes = new int[n];
            for (int i = 0; i < n; i++) {
                scaledSizes[i] = lowerSizes[i] == 0 ? 0 : lowerSizes[i] * scale + (strict[i] && scale > 1 ? 1 : 0);
            }
            fromLower = solveMerged(scaledSizes, mass, scaledGrid(servers, units, grid, scale), options, dropped);
        } else {
            for (int i = 0; i < n; i++) {
                dropped[0] += mass[i] > 0 ? 1 : 0;
            }
        }
        final double upper = fromLower == null ? Double.POSITIVE_INFINITY : fromLower.upperBound();
        return new Bound(n, fromUpper.lowerBound(), upper, fromUpper, fromLower, dropped[0], scale);
    }

    /**
     * The scale {@code M} of the strict lower-rounded system: the smallest power of two above the most
     * jobs any relaxed configuration can hold, or 1 (plain, non-strict rounding, still valid) if the
     * scaled capacities would leave the unit range.
     */
    private static int strictnessScale(final ServerClasses servers, final Units units, final int grid,
                                       final int smallestLower, final int types) {
        long most = 0;
        long largestCapacity = 0;
        for (int c = 0; c < servers.count(); c++) {
            final long capacity = (long) servers.capacity(c, 0) * grid / units.resolution();
            most = Math.max(most, capacity / smallestLower);
            largestCapacity = Math.max(largestCapacity, capacity);
        }
        final long scale = Long.highestOneBit(most) << 1;
        final long scaledCells = (largestCapacity + 1) * scale;
        // Strictness multiplies the pricing programme's capacity by M; use it while the exact programme stays cheap.
        return scaledCells <= Units.MAX_UNITS && types * scaledCells <= STRICT_PRICING_BUDGET ? (int) scale : 1;
    }

    /**
     * Capacities of the strict lower-rounded system at scale {@code M}: {@code C M} when the real capacity
     * {@code C_r = cap * R / r} is a whole number of grid steps {@code C}, else {@code C M + M - 1}; with
     * sizes {@code L M + 1} for strict types, a configuration then fits exactly when
     * {@code sum k L < C_r}, as strictly larger real sizes require (class comment).
     */
    private static ServerClasses scaledGrid(final ServerClasses servers, final Units units, final int grid,
                                            final int scale) {
        final int[][] capacities = new int[servers.count()][1];
        final int[] counts = new int[servers.count()];
        for (int c = 0; c < servers.count(); c++) {
            final long scaled = (long) servers.capacity(c, 0) * grid;
            final long whole = scaled / units.resolution();
            capacities[c][0] = (int) (whole * scale + (scaled % units.resolution() != 0 ? scale - 1 : 0));
            counts[c] = servers.size(c);
        }
        return ServerClasses.of(capacities, counts);
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
            counts[c] = servers.size(c);
        }
        return ServerClasses.of(capacities, counts);
    }

    /**
     * Bounds for {@code N = firstIntervals, 2N, 4N, ...} until the relative gap is at most {@code relativeGap},
     * {@code N} would exceed {@code maxIntervals}, or every range is a single grid step. Each step's
     * {@code lower} and {@code upper} are the best over the steps so far (every step's bounds are valid, and
     * the strict rounding may switch off as {@code N} grows), so they are monotone. Returns every step; the
     * listener sees each as soon as it is computed.
     */
    public static List<Bound> refine(final SizeCdf cdf, final ServerClasses servers, final Units units,
                                     final int grid, final int firstIntervals, final int maxIntervals,
                                     final double relativeGap, final MaxSupportableWorkload.Options options,
                                     final Consumer<Bound> listener) {
        if (firstIntervals < 1 || maxIntervals < firstIntervals) {
            throw new IllegalArgumentException("need 1 <= first intervals <= max intervals: " + firstIntervals + ", "
                + maxIntervals);
        }
        if (!(relativeGap >= 0)) {
            throw new IllegalArgumentException("relative gap must be >= 0: " + relativeGap);
        }
        final List<Bound> steps = new ArrayList<>();
        double lower = 0;
        double upper = Double.POSITIVE_INFINITY;
        for (long n = firstIntervals; n <= maxIntervals; n *= 2) {
            final Bound raw = bound(cdf, servers, units, grid, (int) n, options);
            lower = Math.max(lower, raw.lower());
            upper = Math.min(upper, raw.upper());
            final Bound step = new Bound(raw.intervals(), lower, upper, raw.upperRounded(), raw.lowerRounded(),
                raw.droppedZeroSizeTypes(), raw.strictScale());
            steps.add(step);
            listener.accept(step);
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
            result.initialColumns(), result.lpSolves(), result.lpFallbacks(), result.pricingCalls(),
                result.pricingNodes(), result.pricingTruncations(), result.lpNanos(),
            result.pricingNanos(), result.wallNanos());
    }
}
