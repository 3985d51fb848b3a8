package org.stowage.core.workload;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.Units;

/**
 * Job sizes, drawn directly in units (rounded up, see {@link Units}). Implementations are immutable and
 * allocation-free per sample.
 */
public interface SizeDistribution {
    int dimensions();

    /**
     * Writes one size vector into {@code out} (length {@link #dimensions()}).
     *
     * @return the job's class: the index of the drawn type for discrete distributions, else 0
     */
    int sample(RandomGenerator random, int[] out);

    /** Mean real size on resource {@code d} (before rounding), E[R] of the intensity formula. */
    double mean(int d);

    /** One resource, uniform on [low, high] (2019 paper, Sec. VII-A). */
    static SizeDistribution uniform(final Units units, final double low, final double high) {
        return uniform(units, new double[] {low}, new double[] {high});
    }

    /** Independent uniforms per resource, on [low[d], high[d]]. */
    static SizeDistribution uniform(final Units units, final double[] low, final double[] high) {
        if (low.length != high.length || low.length < 1 || low.length > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("uniform sizes need 1 to " + Units.MAX_DIMENSIONS
                + " matching bounds: " + Arrays.toString(low) + " / " + Arrays.toString(high));
        }
        for (int d = 0; d < low.length; d++) {
            if (!(low[d] >= 0) || !(high[d] >= low[d]) || Double.isInfinite(high[d])) {
                throw new IllegalArgumentException("uniform size bounds on resource " + d
                    + " must satisfy 0 <= low <= high < infinity: [" + low[d] + ", " + high[d] + "]");
            }
            units.sizeUnits(high[d]);
        }
        final double[] lo = low.clone();
        final double[] hi = high.clone();
        final double resolution = units.resolution();
        return new SizeDistribution() {
            @Override
            public int dimensions() {
                return lo.length;
            }

            @Override
            public int sample(final RandomGenerator random, final int[] out) {
                for (int d = 0; d < lo.length; d++) {
                    final double real = lo[d] + (hi[d] - lo[d]) * random.nextDouble();
                    out[d] = (int) Math.ceil(real * resolution);
                }
                return 0;
            }

            @Override
            public double mean(final int d) {
                return (lo[d] + hi[d]) / 2;
            }

            @Override
            public String toString() {
                return "uniform" + Arrays.toString(lo) + ".." + Arrays.toString(hi);
            }
        };
    }

    /**
     * Finite job types: {@code vectors[i]} (one value per resource) with probability
     * {@code probabilities[i]}; the job's class is {@code i}. Probabilities are normalised.
     */
    static SizeDistribution discrete(final Units units, final double[][] vectors, final double[] probabilities) {
        if (vectors.length == 0 || vectors.length != probabilities.length) {
            throw new IllegalArgumentException("discrete sizes need as many probabilities as types: "
                + vectors.length + " types, " + probabilities.length + " probabilities");
        }
        final int dimensions = vectors[0].length;
        final int[][] unitVectors = new int[vectors.length][];
        final double[] cumulative = new double[vectors.length];
        double total = 0;
        for (int i = 0; i < vectors.length; i++) {
            if (vectors[i].length != dimensions) {
                throw new IllegalArgumentException("type " + i + " has " + vectors[i].length
                    + " resources, type 0 has " + dimensions);
            }
            if (!(probabilities[i] >= 0) || Double.isInfinite(probabilities[i])) {
                throw new IllegalArgumentException("probability of type " + i + " must be finite and >= 0: "
                    + probabilities[i]);
            }
            unitVectors[i] = new int[dimensions];
            for (int d = 0; d < dimensions; d++) {
                unitVectors[i][d] = units.sizeUnits(vectors[i][d]);
            }
            total += probabilities[i];
            cumulative[i] = total;
        }
        if (!(total > 0)) {
            throw new IllegalArgumentException("discrete size probabilities sum to " + total);
        }
        final double[] means = new double[dimensions];
        for (int i = 0; i < vectors.length; i++) {
            for (int d = 0; d < dimensions; d++) {
                means[d] += vectors[i][d] * probabilities[i] / total;
            }
        }
        final double sum = total;
        return new SizeDistribution() {
            @Override
            public int dimensions() {
                return dimensions;
            }

            @Override
            public int sample(final RandomGenerator random, final int[] out) {
                final double u = random.nextDouble() * sum;
                int type = 0;
                while (type < cumulative.length - 1 && u >= cumulative[type]) {
                    type++;
                }
                System.arraycopy(unitVectors[type], 0, out, 0, dimensions);
                return type;
            }

            @Override
            public double mean(final int d) {
                return means[d];
            }

            @Override
            public String toString() {
                return "discrete" + Arrays.deepToString(vectors) + " p=" + Arrays.toString(probabilities);
            }
        };
    }
}
