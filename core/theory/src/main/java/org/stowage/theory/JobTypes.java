package org.stowage.theory;

import java.util.Arrays;

import org.stowage.core.Units;

/**
 * A finite set of job types: each type {@code j} has a size vector over {@code D} resources, in integer
 * units (see {@link Units}), and a probability {@code P_j} that an arriving job is of that type
 * (Psychas and Ghaderi 2019, Sec. III-A; 2018, Sec. II for {@code D > 1}).
 *
 * <p>Probabilities are normalised to sum to 1. A type may have probability 0 (it then constrains nothing).
 * Every size vector must be positive on at least one resource: a job of size 0 on every resource would fit
 * any number of times into a server, and no configuration set would be finite.
 *
 * <p>Immutable and thread-safe; accessors copy.
 */
public final class JobTypes {
    private final int dimensions;
    private final int[][] sizes;
    private final double[] probabilities;

    private JobTypes(final int[][] sizes, final double[] probabilities) {
        this.dimensions = sizes[0].length;
        this.sizes = sizes;
        this.probabilities = probabilities;
    }

    /**
     * Types from real sizes, converted with {@code units} (rounded up, as the simulator does).
     *
     * @param sizes   {@code sizes[j][d]}, the real size of type {@code j} on resource {@code d}
     * @param weights relative frequencies, finite and {@code >= 0}, not all 0; normalised here
     */
    public static JobTypes of(final Units units, final double[][] sizes, final double[] weights) {
        checkShape(sizes.length, weights.length);
        final int[][] unitSizes = new int[sizes.length][];
        for (int j = 0; j < sizes.length; j++) {
            unitSizes[j] = new int[sizes[j].length];
            for (int d = 0; d < sizes[j].length; d++) {
                try {
                    unitSizes[j][d] = units.sizeUnits(sizes[j][d]);
                } catch (final IllegalArgumentException e) {
                    throw new IllegalArgumentException("type " + j + ", resource " + d + ": " + e.getMessage(), e);
                }
            }
        }
        return ofUnits(unitSizes, weights);
    }

    /**
     * Types from sizes already in units.
     *
     * @param sizes   {@code sizes[j][d]} in units, each in {@code [0, Units.MAX_UNITS]}, each vector positive
     *                somewhere; all vectors of one length {@code D} in {@code [1, Units.MAX_DIMENSIONS]}
     * @param weights relative frequencies, finite and {@code >= 0}, not all 0; normalised here
     */
    public static JobTypes ofUnits(final int[][] sizes, final double[] weights) {
        checkShape(sizes.length, weights.length);
        final int dimensions = sizes[0].length;
        if (dimensions < 1 || dimensions > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("job sizes need 1 to " + Units.MAX_DIMENSIONS + " resources: "
                + dimensions);
        }
        final int[][] copy = new int[sizes.length][];
        double total = 0;
        for (int j = 0; j < sizes.length; j++) {
            if (sizes[j].length != dimensions) {
                throw new IllegalArgumentException("type " + j + " has " + sizes[j].length + " resources, type 0 has "
                    + dimensions);
            }
            boolean positive = false;
            for (int d = 0; d < dimensions; d++) {
                if (sizes[j][d] < 0 || sizes[j][d] > Units.MAX_UNITS) {
                    throw new IllegalArgumentException("type " + j + ", resource " + d + ": size must be in [0, "
                        + Units.MAX_UNITS + "] units: " + sizes[j][d]);
                }
                positive |= sizes[j][d] > 0;
            }
            if (!positive) {
                throw new IllegalArgumentException("type " + j + " has size 0 on every resource: any number of such "
                    + "jobs would fit in a server");
            }
            if (!(weights[j] >= 0) || Double.isInfinite(weights[j])) {
                throw new IllegalArgumentException("weight of type " + j + " must be finite and >= 0: " + weights[j]);
            }
            copy[j] = sizes[j].clone();
            total += weights[j];
        }
        if (!(total > 0) || Double.isInfinite(total)) {
            throw new IllegalArgumentException("type weights must have a finite positive sum: " + total);
        }
        final double[] probabilities = new double[weights.length];
        for (int j = 0; j < weights.length; j++) {
            probabilities[j] = weights[j] / total;
        }
        return new JobTypes(copy, probabilities);
    }

    private static void checkShape(final int types, final int weights) {
        if (types == 0 || types != weights) {
            throw new IllegalArgumentException("job types need one weight each and at least one type: " + types
                + " types, " + weights + " weights");
        }
    }

    /** Number of types {@code J}. */
    public int count() {
        return sizes.length;
    }

    /** Number of resources {@code D}. */
    public int dimensions() {
        return dimensions;
    }

    /** Size of type {@code j} on resource {@code d}, in units. */
    public int size(final int j, final int d) {
        return sizes[j][d];
    }

    /** {@code P_j}. */
    public double probability(final int j) {
        return probabilities[j];
    }

    /** A copy of every size vector, {@code [j][d]} in units. */
    public int[][] sizes() {
        final int[][] copy = new int[sizes.length][];
        for (int j = 0; j < sizes.length; j++) {
            copy[j] = sizes[j].clone();
        }
        return copy;
    }

    /** A copy of the probabilities. */
    public double[] probabilities() {
        return probabilities.clone();
    }

    /** Shared internal view for the solvers of this package; never modified. */
    int[][] sizesView() {
        return sizes;
    }

    /** Shared internal view for the solvers of this package; never modified. */
    double[] probabilitiesView() {
        return probabilities;
    }

    @Override
    public String toString() {
        return "JobTypes" + Arrays.deepToString(sizes) + " p=" + Arrays.toString(probabilities);
    }
}
