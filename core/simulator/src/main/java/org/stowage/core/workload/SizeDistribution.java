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

    /** Number of job classes {@link #sample} can return (classes are 0 .. count - 1). */
    default int classCount() {
        return 1;
    }

    /** Probability that a job is of class {@code k}. */
    default double classProbability(final int k) {
        return 1;
    }

    /** Mean real size of class {@code k} on resource {@code d}. */
    default double classMean(final int k, final int d) {
        return mean(d);
    }

    /** The exact size in units of every job of class {@code k} (a discrete type), or null when sizes vary. */
    default int[] exactUnits(final int k) {
        return null;
    }

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
        final double[] width = new double[lo.length];
        for (int d = 0; d < lo.length; d++) {
            width[d] = hi[d] - lo[d];
        }
        final double resolution = units.resolution();
        return new SizeDistribution() {
            @Override
            public int dimensions() {
                return lo.length;
            }

            @Override
            public int sample(final RandomGenerator random, final int[] out) {
                for (int d = 0; d < lo.length; d++) {
                    final double real = lo[d] + width[d] * random.nextDouble();
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
        if (dimensions < 1 || dimensions > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("discrete sizes need 1 to " + Units.MAX_DIMENSIONS + " resources: "
                + dimensions);
        }
        final double[] cumulative = cumulativeWeights(probabilities);
        final double total = cumulative[cumulative.length - 1];
        final CumulativeGuide guide = new CumulativeGuide(cumulative);
        final int[][] unitVectors = new int[vectors.length][];
        final double[] means = new double[dimensions];
        for (int i = 0; i < vectors.length; i++) {
            if (vectors[i].length != dimensions) {
                throw new IllegalArgumentException("type " + i + " has " + vectors[i].length
                    + " resources, type 0 has " + dimensions);
            }
            unitVectors[i] = new int[dimensions];
            for (int d = 0; d < dimensions; d++) {
                unitVectors[i][d] = units.sizeUnits(vectors[i][d]);
                means[d] += vectors[i][d] * probabilities[i] / total;
            }
        }
        return new SizeDistribution() {
            @Override
            public int dimensions() {
                return dimensions;
            }

            @Override
            public int sample(final RandomGenerator random, final int[] out) {
                final int type = guide.pick(random.nextDouble() * total);
                System.arraycopy(unitVectors[type], 0, out, 0, dimensions);
                return type;
            }

            @Override
            public int classCount() {
                return unitVectors.length;
            }

            @Override
            public double classProbability(final int k) {
                return probabilities[k] / total;
            }

            @Override
            public double classMean(final int k, final int d) {
                return vectors[k][d];
            }

            @Override
            public int[] exactUnits(final int k) {
                return unitVectors[k].clone();
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

    /**
     * Job classes with per-class, per-resource truncated Gaussian sizes (Tran et al. 2018, Sec. 5.4): class
     * {@code k} is drawn with probability proportional to {@code weights[k]}; then each resource {@code d}
     * independently gets a Normal with mean {@code means[k][d]} and standard deviation
     * {@code cv * means[k][d]}, truncated to [0, 1], sampled by inversion of the truncated CDF (one uniform
     * per resource, no rejection loop; {@link TruncatedNormalUnits} answers most draws from a table, bit for bit
     * the library's inverse). The job's class is {@code k}.
     */
    static SizeDistribution truncatedNormal(final Units units, final double[][] means, final double cv,
                                            final double[] weights) {
        if (means.length == 0 || means.length != weights.length) {
            throw new IllegalArgumentException("truncated Gaussian sizes need as many weights as classes: "
                + means.length + " classes, " + weights.length + " weights");
        }
        if (!(cv > 0) || Double.isInfinite(cv)) {
            throw new IllegalArgumentException("coefficient of variation must be finite and > 0: " + cv);
        }
        final int dimensions = means[0].length;
        if (dimensions < 1 || dimensions > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("truncated Gaussian sizes need 1 to " + Units.MAX_DIMENSIONS
                + " resources: " + dimensions);
        }
        final double[] cumulative = cumulativeWeights(weights);
        final CumulativeGuide guide = new CumulativeGuide(cumulative);
        final TruncatedNormalUnits[] samplers = new TruncatedNormalUnits[means.length * dimensions];
        final double[] classMeans = new double[dimensions];
        for (int k = 0; k < means.length; k++) {
            if (means[k].length != dimensions) {
                throw new IllegalArgumentException("class " + k + " has " + means[k].length
                    + " resources, class 0 has " + dimensions);
            }
            for (int d = 0; d < dimensions; d++) {
                final double mean = means[k][d];
                if (!(mean > 0) || !(mean <= 1)) {
                    throw new IllegalArgumentException("mean size of class " + k + " on resource " + d
                        + " must be in (0, 1]: " + mean);
                }
                final TruncatedNormalUnits sampler = new TruncatedNormalUnits(mean, cv * mean, units.resolution());
                samplers[k * dimensions + d] = sampler;
                classMeans[d] += sampler.law().getMean() * weights[k] / cumulative[cumulative.length - 1];
            }
        }
        final double total = cumulative[cumulative.length - 1];
        final String text = "truncnormal(cv=" + cv + ")" + Arrays.deepToString(means) + " w=" + Arrays.toString(weights);
        return new SizeDistribution() {
            @Override
            public int dimensions() {
                return dimensions;
            }

            @Override
            public int sample(final RandomGenerator random, final int[] out) {
                final int k = guide.pick(random.nextDouble() * total);
                for (int d = 0; d < dimensions; d++) {
                    // ceil(min(inverse CDF, 1) * resolution), bit for bit, mostly from a table (TruncatedNormalUnits)
                    out[d] = samplers[k * dimensions + d].units(random.nextDouble());
                }
                return k;
            }

            @Override
            public int classCount() {
                return means.length;
            }

            @Override
            public double classProbability(final int k) {
                return weights[k] / total;
            }

            @Override
            public double classMean(final int k, final int d) {
                return samplers[k * dimensions + d].law().getMean();
            }

            @Override
            public double mean(final int d) {
                return classMeans[d];
            }

            @Override
            public String toString() {
                return text;
            }
        };
    }

    /**
     * Sizes drawn uniformly from observed size vectors in units (for example a trace's kept tasks), so a
     * synthetic run can reuse a real size distribution. {@code packedUnits[i * dimensions + d]} is
     * observation {@code i}'s size on resource {@code d}; the array is copied.
     */
    static SizeDistribution empirical(final Units units, final int dimensions, final int[] packedUnits) {
        if (dimensions < 1 || dimensions > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("empirical sizes need 1 to " + Units.MAX_DIMENSIONS + " resources: "
                + dimensions);
        }
        if (packedUnits.length == 0 || packedUnits.length % dimensions != 0) {
            throw new IllegalArgumentException("empirical sizes need a positive multiple of " + dimensions
                + " values: " + packedUnits.length);
        }
        final int[] observed = packedUnits.clone();
        final int count = observed.length / dimensions;
        final double[] means = new double[dimensions];
        for (int i = 0; i < observed.length; i++) {
            if (observed[i] < 0 || observed[i] > Units.MAX_UNITS) {
                throw new IllegalArgumentException("empirical size " + i / dimensions + " on resource "
                    + i % dimensions + " must be in [0, " + Units.MAX_UNITS + "] units: " + observed[i]);
            }
            means[i % dimensions] += units.toReal(observed[i]) / count;
        }
        return new SizeDistribution() {
            @Override
            public int dimensions() {
                return dimensions;
            }

            @Override
            public int sample(final RandomGenerator random, final int[] out) {
                System.arraycopy(observed, random.nextInt(count) * dimensions, out, 0, dimensions);
                return 0;
            }

            @Override
            public double mean(final int d) {
                return means[d];
            }

            @Override
            public String toString() {
                return "empirical(" + count + " observations)";
            }
        };
    }

    /** Running sums of non-negative finite weights; rejects a zero total. */
    private static double[] cumulativeWeights(final double[] weights) {
        final double[] cumulative = new double[weights.length];
        double total = 0;
        for (int i = 0; i < weights.length; i++) {
            if (!(weights[i] >= 0) || Double.isInfinite(weights[i])) {
                throw new IllegalArgumentException("weight of type " + i + " must be finite and >= 0: " + weights[i]);
            }
            total += weights[i];
            cumulative[i] = total;
        }
        if (!(total > 0)) {
            throw new IllegalArgumentException("type weights sum to " + total + "; at least one must be > 0");
        }
        return cumulative;
    }
}
