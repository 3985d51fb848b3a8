package org.stowage.cli;

import org.stowage.core.Units;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;

/** Parses the compact distribution syntax of the command line; errors name the flag and the value. */
final class WorkloadSpecs {
    private WorkloadSpecs() {
    }

    /** {@code uniform:LOW,HIGH} or {@code discrete:SIZE@WEIGHT,SIZE@WEIGHT,...} (one resource). */
    static SizeDistribution sizes(final String spec, final Units units) {
        final String[] kindAndArgs = split(spec, "--sizes");
        final String[] args = kindAndArgs[1].split(",");
        try {
            switch (kindAndArgs[0]) {
                case "uniform":
                    if (args.length != 2) {
                        throw new IllegalArgumentException("expected uniform:LOW,HIGH");
                    }
                    return SizeDistribution.uniform(units, number(args[0]), number(args[1]));
                case "discrete":
                    final double[][] vectors = new double[args.length][1];
                    final double[] weights = new double[args.length];
                    for (int i = 0; i < args.length; i++) {
                        final String[] sizeAndWeight = args[i].split("@");
                        if (sizeAndWeight.length != 2) {
                            throw new IllegalArgumentException("expected SIZE@WEIGHT, got '" + args[i] + "'");
                        }
                        vectors[i][0] = number(sizeAndWeight[0]);
                        weights[i] = number(sizeAndWeight[1]);
                    }
                    return SizeDistribution.discrete(units, vectors, weights);
                default:
                    throw new IllegalArgumentException("unknown size distribution '" + kindAndArgs[0]
                        + "' (uniform:LOW,HIGH or discrete:SIZE@WEIGHT,...)");
            }
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --sizes: '" + spec + "': " + e.getMessage(), e);
        }
    }

    /** {@code geometric:MEAN}, {@code deterministic:VALUE} or {@code exponential:MEAN}. */
    static ServiceDistribution service(final String spec) {
        final String[] kindAndArgs = split(spec, "--service");
        try {
            final double value = number(kindAndArgs[1]);
            switch (kindAndArgs[0]) {
                case "geometric":
                    return ServiceDistribution.geometric(value);
                case "deterministic":
                    return ServiceDistribution.deterministic(value);
                case "exponential":
                    return ServiceDistribution.exponential(value);
                default:
                    throw new IllegalArgumentException("unknown service distribution '" + kindAndArgs[0]
                        + "' (geometric:MEAN, deterministic:VALUE or exponential:MEAN)");
            }
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --service: '" + spec + "': " + e.getMessage(), e);
        }
    }

    private static String[] split(final String spec, final String flag) {
        final int colon = spec.indexOf(':');
        if (colon <= 0 || colon == spec.length() - 1) {
            throw new IllegalArgumentException("invalid value for " + flag + ": '" + spec + "' (expected KIND:ARGS)");
        }
        return new String[] {spec.substring(0, colon), spec.substring(colon + 1)};
    }

    private static double number(final String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a number", e);
        }
    }
}
