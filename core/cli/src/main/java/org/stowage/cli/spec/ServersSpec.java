package org.stowage.cli.spec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.Units;
import org.stowage.core.experiment.MemoryEstimate;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.workload.Clusters;

import picocli.CommandLine.ITypeConverter;

/**
 * A parsed {@code --servers} value, shared by {@code run}, {@code sweep} and {@code capacity}: a count of
 * servers of a default capacity ({@code 5}: unit servers for {@code run}, {@code --capacity} for
 * {@code capacity}), groups {@code COUNTxCAPACITY,...} with vector capacities
 * ({@code 2x1.0/1.0,3x0.5/2.0}), {@code ec2:COUNT} (the 2018 paper's server, normalised to 1.0 per
 * resource), or {@code google2011} / {@code google2011:N} (Tran et al. 2018, Table 1: the ten machine
 * configurations of the Google 2011 cluster, cores and memory normalised to the largest machine, with the
 * table's 12,583 machines or N machines of each configuration as in Sec. 5.4.1). The servers are described by their
 * groups, never listed one by one, so a huge count is
 * refused from its number ({@link #count()}) before anything is allocated.
 *
 * @param groups the groups in order; a group's capacity is null for "the default capacity"
 * @param ec2    whether this is {@code ec2:COUNT}
 * @param text   the value as given
 */
public record ServersSpec(List<Group> groups, boolean ec2, String text) {
    /** The Google 2011 cluster of Tran et al. 2018, Table 1 ({@code google2011} or {@code google2011:N}). */
    static final String GOOGLE_2011 = "google2011";

    /**
     * {@code count} servers of one capacity.
     *
     * @param count    at least 1
     * @param capacity one real value per resource, or null for the default capacity
     */
    public record Group(long count, double[] capacity) {
    }

    /** Picocli's converter for {@code --servers}. */
    public static final class Converter implements ITypeConverter<ServersSpec> {
        @Override
        public ServersSpec convert(final String value) {
            return parse(value);
        }
    }

    /** Parses a {@code --servers} value; a {@link SpecException} names the value and what is wrong. */
    public static ServersSpec parse(final String text) {
        return SpecText.parse(text, ServersSpec::parseOrThrow);
    }

    private static ServersSpec parseOrThrow(final String text) {
        if (text.equals(GOOGLE_2011) || text.startsWith(GOOGLE_2011 + ":")) {
            final long perConfiguration = text.equals(GOOGLE_2011) ? 0
                : SpecText.count(text.substring(GOOGLE_2011.length() + 1), "machines per configuration", "machine");
            final List<Group> groups = new ArrayList<>();
            for (int c = 0; c < Clusters.google2011Configurations(); c++) {
                groups.add(new Group(perConfiguration == 0 ? Clusters.google2011Machines(c) : perConfiguration,
                    new double[] {Clusters.google2011Capacity(c, 0), Clusters.google2011Capacity(c, 1)}));
            }
            return new ServersSpec(List.copyOf(groups), false, text);
        }
        if (text.startsWith("ec2:")) {
            return new ServersSpec(List.of(new Group(SpecText.count(text.substring(4), "servers", "server"),
                new double[] {1, 1, 1})), true, text);
        }
        if (!text.contains("x")) {
            return new ServersSpec(List.of(new Group(SpecText.count(text, "servers", "server"), null)), false, text);
        }
        final List<Group> groups = new ArrayList<>();
        long total = 0;
        for (final String group : text.split(",", -1)) {
            final int times = group.indexOf('x');
            if (times <= 0 || times == group.length() - 1) {
                throw new IllegalArgumentException("expected COUNTxCAPACITY, got '" + group + "'");
            }
            final long count = SpecText.count(group.substring(0, times), "servers", "server");
            final double[] capacity = SpecText.vector(group.substring(times + 1));
            for (final double c : capacity) {
                if (c < 0) {
                    throw new IllegalArgumentException("capacity must be >= 0 in '" + group + "'");
                }
            }
            if (!groups.isEmpty() && capacity.length != groups.get(0).capacity().length) {
                throw new IllegalArgumentException("group '" + group + "' has " + capacity.length
                    + " resources, an earlier one " + groups.get(0).capacity().length);
            }
            total += count;
            if (total < 0) {
                throw new IllegalArgumentException("more than " + Long.MAX_VALUE + " servers");
            }
            groups.add(new Group(count, capacity));
        }
        return new ServersSpec(List.copyOf(groups), false, text);
    }

    /** Servers in all (saturating at Long.MAX_VALUE). */
    public long count() {
        long total = 0;
        for (final Group group : groups) {
            total += group.count();
        }
        return total;
    }

    /** Resources per server: the groups' vectors, or {@code defaultDimensions} for a bare count. */
    public int dimensions(final int defaultDimensions) {
        final double[] capacity = groups.get(0).capacity();
        return capacity == null ? defaultDimensions : capacity.length;
    }

    /**
     * Packed capacity vectors in units, {@code [s * D + d]}, for a bare count with capacity 1.0 on each of
     * {@code defaultDimensions} resources. Refuses more servers than a server table can hold
     * ({@link MemoryEstimate#maxServers}); the memory a run takes is the caller's check.
     */
    public int[] packedCapacities(final Units units, final int defaultDimensions) {
        final int dimensions = dimensions(defaultDimensions);
        final long count = count();
        if (count > MemoryEstimate.maxServers(dimensions)) {
            throw error(count + " servers, more than the " + MemoryEstimate.maxServers(dimensions) + " a cluster with "
                + dimensions + " resource(s) can hold");
        }
        final int[] packed = new int[(int) count * dimensions];
        int s = 0;
        for (final Group group : groups) {
            final int[] capacity = capacityUnits(units, group.capacity(), dimensions);
            for (long i = 0; i < group.count(); i++, s++) {
                System.arraycopy(capacity, 0, packed, s * dimensions, dimensions);
            }
        }
        return packed;
    }

    /**
     * The server classes for the LP, one per group (a bare count takes {@code defaultCapacity}, real values
     * per resource, from the flag {@code defaultFlag} whose text is {@code defaultText}).
     */
    public ServerClasses classes(final Units units, final double[] defaultCapacity, final String defaultFlag,
                          final String defaultText) {
        final int[][] capacities = new int[groups.size()][];
        final int[] counts = new int[groups.size()];
        for (int c = 0; c < counts.length; c++) {
            final Group group = groups.get(c);
            if (group.count() > Integer.MAX_VALUE) {
                throw error("at most " + Integer.MAX_VALUE + " servers per group: " + group.count());
            }
            counts[c] = (int) group.count();
            if (group.capacity() == null) {
                try {
                    capacities[c] = toUnits(units, defaultCapacity);
                } catch (final IllegalArgumentException e) {
                    throw new SpecException(defaultText, e.getMessage()).forFlag(defaultFlag);
                }
            } else {
                capacities[c] = capacityUnits(units, group.capacity(), group.capacity().length);
            }
        }
        try {
            return ServerClasses.of(capacities, counts);
        } catch (final IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    /**
     * The largest capacity of any server on each resource, in units: {@code defaultDimensions} entries of 1.0
     * for a bare count, else one per resource of the groups' vectors.
     */
    public int[] largestCapacityUnits(final Units units, final int defaultDimensions) {
        final int[] largest = new int[dimensions(defaultDimensions)];
        for (final Group group : groups) {
            final int[] capacity = capacityUnits(units, group.capacity(), largest.length);
            for (int d = 0; d < largest.length; d++) {
                largest[d] = Math.max(largest[d], capacity[d]);
            }
        }
        return largest;
    }

    private int[] capacityUnits(final Units units, final double[] capacity, final int dimensions) {
        if (capacity == null) {
            final int[] unit = new int[dimensions];
            Arrays.fill(unit, units.capacityUnits(1.0));
            return unit;
        }
        try {
            return toUnits(units, capacity);
        } catch (final IllegalArgumentException e) {
            throw error(e.getMessage());
        }
    }

    private static int[] toUnits(final Units units, final double[] capacity) {
        final int[] result = new int[capacity.length];
        for (int d = 0; d < capacity.length; d++) {
            result[d] = units.capacityUnits(capacity[d]);
        }
        return result;
    }

    /** {@code invalid value for --servers: 'TEXT': REASON}. */
    public IllegalArgumentException error(final String reason) {
        return new SpecException(text, reason).forFlag("--servers");
    }

    @Override
    public String toString() {
        return text;
    }
}
