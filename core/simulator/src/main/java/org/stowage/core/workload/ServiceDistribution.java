package org.stowage.core.workload;

import java.util.random.RandomGenerator;

/** Service requirements. Implementations are immutable and allocation-free per sample. */
public interface ServiceDistribution {
    double sample(RandomGenerator random);

    /** Mean service time, for the intensity formula lambda = alpha * mu * L / E[R] with mu = 1 / mean. */
    double mean();

    /** Whole slots, geometric on {1, 2, ...} with the given mean (2019 paper, Sec. II). */
    static ServiceDistribution geometric(final double mean) {
        if (!(mean >= 1) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException("geometric mean service must be finite and >= 1 slot: " + mean);
        }
        final double success = 1.0 / mean;
        final double logFailure = RandomVariates.logFailure(success);
        return new ServiceDistribution() {
            @Override
            public double sample(final RandomGenerator random) {
                // RandomVariates.geometric(random, mean), bit for bit, with the logarithm hoisted
                return 1 + RandomVariates.failuresBeforeSuccess(random, success, logFailure);
            }

            @Override
            public double mean() {
                return mean;
            }

            @Override
            public String toString() {
                return "geometric(mean=" + mean + ")";
            }
        };
    }

    /** Exactly {@code value} every time. */
    static ServiceDistribution deterministic(final double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("deterministic service must be finite and > 0: " + value);
        }
        return new ServiceDistribution() {
            @Override
            public double sample(final RandomGenerator random) {
                return value;
            }

            @Override
            public double mean() {
                return value;
            }

            @Override
            public String toString() {
                return "deterministic(" + value + ")";
            }
        };
    }

    /** Exponential with the given mean (2018 paper, Sec. II); continuous time only. */
    static ServiceDistribution exponential(final double mean) {
        if (!(mean > 0) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException("exponential mean service must be finite and > 0: " + mean);
        }
        return new ServiceDistribution() {
            @Override
            public double sample(final RandomGenerator random) {
                double value = RandomVariates.exponential(random, mean);
                while (value == 0) {
                    value = RandomVariates.exponential(random, mean);
                }
                return value;
            }

            @Override
            public double mean() {
                return mean;
            }

            @Override
            public String toString() {
                return "exponential(mean=" + mean + ")";
            }
        };
    }
}
