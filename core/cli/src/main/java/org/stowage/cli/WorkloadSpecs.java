package org.stowage.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.Units;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;

/**
 * Parses the compact cluster and distribution syntax of the command line; every error names the flag and
 * the value. A vector (one value per resource) is written with slashes: {@code 0.2/0.5}.
 */
final class WorkloadSpecs {
    /** Amazon EC2 instances of the 2018 paper's Table I: memory (GB), CPU units, storage (GB). */
    static final double[][] EC2_JOB_TYPES = {{15, 8, 1690}, {17.1, 6.5, 420}, {7, 20, 1690}};
    /** The 2018 paper's server: 90 GB memory, 90 CPU units, 5000 GB storage. */
    static final double[] EC2_SERVER = {90, 90, 5000};

    private WorkloadSpecs() {
    }

    /**
     * {@code uniform:LOW,HIGH}, {@code discrete:SIZE@WEIGHT,...}, {@code truncnormal:CV:MEAN@WEIGHT,...} or
     * {@code ec2}; SIZE, LOW, HIGH and MEAN may be vectors ({@code 0.2/0.5}). Sizes are fractions of a
     * unit server's capacity (of 1.0), except {@code ec2}, whose types are the 2018 paper's normalised by
     * its server (90 GB, 90 CPU units, 5000 GB), each equally likely.
     */
    static SizeDistribution sizes(final String spec, final Units units) {
        if (spec.equals("ec2")) {
            return SizeDistribution.discrete(units, discreteTypes(spec), new double[] {1, 1, 1});
        }
        final String[] kindAndArgs = split(spec, "--sizes");
        try {
            switch (kindAndArgs[0]) {
                case "uniform": {
                    final String[] args = kindAndArgs[1].split(",", -1);
                    if (args.length != 2) {
                        throw new IllegalArgumentException("expected uniform:LOW,HIGH");
                    }
                    final double[] low = vector(args[0]);
                    final double[] high = vector(args[1]);
                    return SizeDistribution.uniform(units, low, high);
                }
                case "discrete": {
                    final List<double[]> vectors = new ArrayList<>();
                    final double[] weights = weighted(kindAndArgs[1], "SIZE@WEIGHT", vectors);
                    return SizeDistribution.discrete(units, vectors.toArray(new double[0][]), weights);
                }
                case "truncnormal": {
                    final int colon = kindAndArgs[1].indexOf(':');
                    if (colon <= 0) {
                        throw new IllegalArgumentException("expected truncnormal:CV:MEAN@WEIGHT,...");
                    }
                    final double cv = number(kindAndArgs[1].substring(0, colon));
                    final List<double[]> means = new ArrayList<>();
                    final double[] weights = weighted(kindAndArgs[1].substring(colon + 1), "MEAN@WEIGHT", means);
                    return SizeDistribution.truncatedNormal(units, means.toArray(new double[0][]), cv, weights);
                }
                default:
                    throw new IllegalArgumentException("unknown size distribution '" + kindAndArgs[0]
                        + "' (uniform:LOW,HIGH, discrete:SIZE@WEIGHT,..., truncnormal:CV:MEAN@WEIGHT,... or ec2)");
            }
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --sizes: '" + spec + "': " + e.getMessage(), e);
        }
    }

    /**
     * The type vectors of a discrete {@code --sizes} ({@code discrete:...} or {@code ec2}), as fractions of a
     * unit server; null for any other kind.
     */
    static double[][] discreteTypes(final String spec) {
        if (spec.equals("ec2")) {
            final double[][] normalised = new double[EC2_JOB_TYPES.length][EC2_SERVER.length];
            for (int j = 0; j < EC2_JOB_TYPES.length; j++) {
                for (int d = 0; d < EC2_SERVER.length; d++) {
                    normalised[j][d] = EC2_JOB_TYPES[j][d] / EC2_SERVER[d];
                }
            }
            return normalised;
        }
        if (!spec.startsWith("discrete:")) {
            return null;
        }
        final List<double[]> vectors = new ArrayList<>();
        weighted(spec.substring("discrete:".length()), "SIZE@WEIGHT", vectors);
        return vectors.toArray(new double[0][]);
    }

    /** The units of {@code --resolution}; an error names the flag. */
    static Units units(final int resolution) {
        try {
            return new Units(resolution);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --resolution: " + e.getMessage(), e);
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

    /**
     * {@code poisson} (a Poisson number per slot, or a Poisson process in continuous time, at the rate set
     * by --intensity or --lambda) or {@code batch:N} (N jobs at time 0).
     */
    static boolean isBatch(final String spec) {
        return spec.startsWith("batch:");
    }

    static Arrivals arrivals(final String spec, final boolean slotted, final double rate) {
        if (spec.equals("poisson")) {
            return slotted ? Arrivals.poissonPerSlot(rate) : Arrivals.poissonProcess(rate);
        }
        if (isBatch(spec)) {
            try {
                return Arrivals.batch(Long.parseLong(spec.substring("batch:".length()).strip()));
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException("invalid value for --arrivals: '" + spec + "': "
                    + (e instanceof NumberFormatException ? "expected batch:N with a whole N" : e.getMessage()), e);
            }
        }
        throw new IllegalArgumentException("invalid value for --arrivals: '" + spec + "' (poisson or batch:N)");
    }

    /**
     * A server count ({@code 5}: unit servers with capacity 1.0 on each of {@code dimensions} resources),
     * groups {@code COUNTxCAPACITY,...} with vector capacities ({@code 2x1.0/1.0,3x0.5/2.0}), or
     * {@code ec2:COUNT} (the 2018 paper's server, normalised to 1.0 per resource).
     */
    static ServerTable servers(final String spec, final Units units, final int dimensions) {
        try {
            if (spec.startsWith("ec2:")) {
                return ServerTable.homogeneous(count(spec.substring(4)), unitCapacities(units, 3, "1/1/1"));
            }
            if (!spec.contains("x")) {
                final int count = count(spec);
                final int[] capacity = new int[dimensions];
                Arrays.fill(capacity, units.capacityUnits(1.0));
                return ServerTable.homogeneous(count, capacity);
            }
            final List<int[]> all = new ArrayList<>();
            int groupDimensions = -1;
            for (final String group : spec.split(",", -1)) {
                final int times = group.indexOf('x');
                if (times <= 0 || times == group.length() - 1) {
                    throw new IllegalArgumentException("expected COUNTxCAPACITY, got '" + group + "'");
                }
                final int count = count(group.substring(0, times));
                final int[] capacity = unitCapacities(units, -1, group.substring(times + 1));
                if (groupDimensions >= 0 && capacity.length != groupDimensions) {
                    throw new IllegalArgumentException("group '" + group + "' has " + capacity.length
                        + " resources, an earlier one " + groupDimensions);
                }
                groupDimensions = capacity.length;
                for (int i = 0; i < count; i++) {
                    all.add(capacity);
                }
            }
            final int[] packed = new int[all.size() * groupDimensions];
            for (int s = 0; s < all.size(); s++) {
                System.arraycopy(all.get(s), 0, packed, s * groupDimensions, groupDimensions);
            }
            return new ServerTable(groupDimensions, packed);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --servers: '" + spec + "': " + e.getMessage(), e);
        }
    }

    private static int[] unitCapacities(final Units units, final int expected, final String text) {
        final double[] real = vector(text);
        if (expected > 0 && real.length != expected) {
            throw new IllegalArgumentException("expected " + expected + " capacities, got '" + text + "'");
        }
        final int[] capacity = new int[real.length];
        for (int d = 0; d < real.length; d++) {
            capacity[d] = units.capacityUnits(real[d]);
        }
        return capacity;
    }

    private static int count(final String text) {
        final int count;
        try {
            count = Integer.parseInt(text.strip());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of servers", e);
        }
        if (count < 1) {
            throw new IllegalArgumentException("server count must be >= 1: " + count);
        }
        return count;
    }

    /** Parses {@code VECTOR@WEIGHT,...} into vectors (added to {@code out}) and returns the weights. */
    private static double[] weighted(final String text, final String form, final List<double[]> out) {
        final String[] items = text.split(",", -1);
        final double[] weights = new double[items.length];
        for (int i = 0; i < items.length; i++) {
            final String[] valueAndWeight = items[i].split("@", -1);
            if (valueAndWeight.length != 2) {
                throw new IllegalArgumentException("expected " + form + ", got '" + items[i] + "'");
            }
            out.add(vector(valueAndWeight[0]));
            weights[i] = number(valueAndWeight[1]);
        }
        return weights;
    }

    /** {@code 0.2} or {@code 0.2/0.5}. */
    static double[] vector(final String text) {
        final String[] parts = text.split("/", -1);
        final double[] values = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = number(parts[i]);
        }
        return values;
    }

    private static String[] split(final String spec, final String flag) {
        final int colon = spec.indexOf(':');
        if (colon <= 0 || colon == spec.length() - 1) {
            throw new IllegalArgumentException("invalid value for " + flag + ": '" + spec + "' (expected KIND:ARGS)");
        }
        return new String[] {spec.substring(0, colon), spec.substring(colon + 1)};
    }

    static double number(final String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a number", e);
        }
    }
}
