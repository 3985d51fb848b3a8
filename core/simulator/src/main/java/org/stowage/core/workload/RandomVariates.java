package org.stowage.core.workload;

import java.util.random.RandomGenerator;

/**
 * Exact, allocation-free samplers for the distributions the papers use. Every method draws only from the
 * generator it is given, so each purpose keeps its own reproducible stream.
 */
public final class RandomVariates {
    /** Above this mean a Poisson variate is drawn as a sum of smaller ones, keeping exp(-mean) far from underflow. */
    static final double POISSON_CHUNK = 30.0;
    /**
     * Largest Poisson mean accepted, 2<sup>30</sup>: a variate then stays far below {@link Integer#MAX_VALUE}
     * (2<sup>30</sup> standard deviations above the mean would be needed to reach it), and summing chunks
     * ends after at most 2<sup>30</sup> / {@value #POISSON_CHUNK} steps.
     */
    public static final double MAX_POISSON_MEAN = 0x1p30;

    private RandomVariates() {
    }

    /** Uniform on (0, 1], so that logarithms are finite. */
    public static double openClosedUniform(final RandomGenerator random) {
        return 1.0 - random.nextDouble();
    }

    /**
     * Poisson with the given mean, in [0, {@link #MAX_POISSON_MEAN}], by inversion in chunks of at most
     * {@value #POISSON_CHUNK}: a sum of independent Poisson variates is Poisson with the summed mean, so the
     * result is exact for every mean, and the numbers drawn for any mean are those drawn before the bound
     * existed. Cost O(mean + 1), about 10 ns per unit of mean: less than that of the jobs a slot then creates.
     *
     * @throws IllegalArgumentException if the mean is negative, NaN or above {@link #MAX_POISSON_MEAN} (a
     *                                  mean such as 10^300 would never finish: subtracting a chunk would
     *                                  not change it)
     */
    public static int poisson(final RandomGenerator random, final double mean) {
        if (!(mean >= 0 && mean <= MAX_POISSON_MEAN)) {
            throw new IllegalArgumentException("Poisson mean must be in [0, 2^30]: " + mean);
        }
        int total = 0;
        double remaining = mean;
        while (remaining > 0) {
            final double chunk = Math.min(remaining, POISSON_CHUNK);
            remaining -= chunk;
            total += poissonByInversion(random, chunk, 0);
        }
        return total;
    }

    /**
     * Poisson with the given mean (at most {@value #POISSON_CHUNK}) conditioned on being at least 1, by
     * inversion of the conditional distribution.
     */
    public static int zeroTruncatedPoisson(final RandomGenerator random, final double mean) {
        assert mean > 0 && mean <= POISSON_CHUNK : mean;
        return poissonByInversion(random, mean, 1);
    }

    /**
     * The constants of {@link #zeroTruncatedPoisson(RandomGenerator, double)} for one mean, for
     * {@link #zeroTruncatedPoisson(RandomGenerator, double, double, double)}: {P(X = 1), P(X >= 1)}.
     */
    public static double[] zeroTruncatedPoissonConstants(final double mean) {
        return new double[] {Math.exp(-mean) * mean, -Math.expm1(-mean)};
    }

    /**
     * The same variate as {@link #zeroTruncatedPoisson(RandomGenerator, double)}, bit for bit, with its
     * constants computed beforehand ({@link #zeroTruncatedPoissonConstants}).
     */
    public static int zeroTruncatedPoisson(final RandomGenerator random, final double mean,
                                           final double firstProbability, final double mass) {
        assert mean > 0 && mean <= POISSON_CHUNK : mean;
        return inversionFrom(random, mean, 1, firstProbability, mass);
    }

    private static int poissonByInversion(final RandomGenerator random, final double mean, final int from) {
        double probability = Math.exp(-mean);
        double mass = 1.0;
        if (from == 1) {
            mass = -Math.expm1(-mean);
            probability *= mean;
        }
        return inversionFrom(random, mean, from, probability, mass);
    }

    /** Inversion from {@code from} with P(X = from) = {@code probability} and total mass {@code mass}. */
    private static int inversionFrom(final RandomGenerator random, final double mean, final int from,
                                     final double firstProbability, final double mass) {
        double probability = firstProbability;
        double u = random.nextDouble() * mass;
        int k = from;
        while (u > probability) {
            u -= probability;
            k++;
            probability *= mean / k;
            if (probability == 0) {
                break; // u lies in the far tail, beyond double resolution
            }
        }
        return k;
    }

    /**
     * Number of failures before the first success of Bernoulli trials with success probability
     * {@code p} in (0, 1]: geometric on {0, 1, ...}.
     */
    public static long failuresBeforeSuccess(final RandomGenerator random, final double p) {
        if (p >= 1.0) {
            return 0;
        }
        return (long) Math.floor(Math.log(openClosedUniform(random)) / Math.log1p(-p));
    }

    /** Geometric on {1, 2, ...} with the given mean &gt;= 1 (success probability 1/mean). */
    public static long geometric(final RandomGenerator random, final double mean) {
        return 1 + failuresBeforeSuccess(random, 1.0 / mean);
    }

    /**
     * {@code log1p(-p)} for {@link #failuresBeforeSuccess(RandomGenerator, double, double)}: a sampler that
     * draws many variates with one {@code p} computes it once.
     */
    public static double logFailure(final double p) {
        return Math.log1p(-p);
    }

    /**
     * The same variate as {@link #failuresBeforeSuccess(RandomGenerator, double)}, bit for bit, with
     * {@code log1p(-p)} computed beforehand ({@link #logFailure}).
     */
    public static long failuresBeforeSuccess(final RandomGenerator random, final double p, final double logFailure) {
        if (p >= 1.0) {
            return 0;
        }
        return (long) Math.floor(Math.log(openClosedUniform(random)) / logFailure);
    }

    /** Exponential with the given mean &gt; 0. */
    public static double exponential(final RandomGenerator random, final double mean) {
        return -mean * Math.log(openClosedUniform(random));
    }
}
