package org.stowage.theory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.Units;
import org.stowage.core.state.ServerTable;

/**
 * The servers of a cluster grouped into classes of identical capacity vectors (in units). Servers of one
 * class have the same feasible configurations, so the capacity LP needs one convexity row per class, not
 * per server: {@code sum_k y_{c,k} = n_c}.
 *
 * <p>Classes keep the order in which their capacity vector first appears; duplicates are merged.
 * Immutable and thread-safe; accessors copy.
 */
public final class ServerClasses {
    private final int dimensions;
    private final int[][] capacities;
    private final int[] counts;

    private ServerClasses(final int[][] capacities, final int[] counts) {
        this.dimensions = capacities[0].length;
        this.capacities = capacities;
        this.counts = counts;
    }

    /** {@code count} identical servers with the given capacity vector in units. */
    public static ServerClasses homogeneous(final int count, final int... capacity) {
        return of(new int[][] {capacity}, new int[] {count});
    }

    /**
     * Classes of servers: {@code counts[c]} servers with capacity vector {@code capacities[c]} (units).
     * Equal vectors are merged into one class.
     */
    public static ServerClasses of(final int[][] capacities, final int[] counts) {
        if (capacities.length == 0 || capacities.length != counts.length) {
            throw new IllegalArgumentException("server classes need one count per capacity vector and at least one "
                + "class: " + capacities.length + " vectors, " + counts.length + " counts");
        }
        final int dimensions = capacities[0].length;
        if (dimensions < 1 || dimensions > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("server capacities need 1 to " + Units.MAX_DIMENSIONS
                + " resources: " + dimensions);
        }
        final List<int[]> merged = new ArrayList<>();
        final List<Integer> mergedCounts = new ArrayList<>();
        long total = 0;
        for (int c = 0; c < capacities.length; c++) {
            if (capacities[c].length != dimensions) {
                throw new IllegalArgumentException("server class " + c + " has " + capacities[c].length
                    + " resources, class 0 has " + dimensions);
            }
            for (int d = 0; d < dimensions; d++) {
                if (capacities[c][d] < 1 || capacities[c][d] > Units.MAX_UNITS) {
                    throw new IllegalArgumentException("server class " + c + ", resource " + d
                        + ": capacity must be in [1, " + Units.MAX_UNITS + "] units: " + capacities[c][d]);
                }
            }
            if (counts[c] < 1) {
                throw new IllegalArgumentException("server class " + c + ": count must be >= 1: " + counts[c]);
            }
            total += counts[c];
            int found = -1;
            for (int m = 0; m < merged.size(); m++) {
                if (Arrays.equals(merged.get(m), capacities[c])) {
                    found = m;
                    break;
                }
            }
            if (found < 0) {
                merged.add(capacities[c].clone());
                mergedCounts.add(counts[c]);
            } else {
                mergedCounts.set(found, mergedCounts.get(found) + counts[c]);
            }
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many servers: " + total);
        }
        final int[] countArray = new int[merged.size()];
        for (int m = 0; m < countArray.length; m++) {
            countArray[m] = mergedCounts.get(m);
        }
        return new ServerClasses(merged.toArray(new int[0][]), countArray);
    }

    /** The classes of a simulation's cluster, so that rho* matches exactly what that cluster can hold. */
    public static ServerClasses of(final ServerTable servers) {
        final int[][] capacities = new int[servers.count()][servers.dimensions()];
        final int[] ones = new int[servers.count()];
        for (int s = 0; s < servers.count(); s++) {
            for (int d = 0; d < servers.dimensions(); d++) {
                capacities[s][d] = servers.capacity(s, d);
            }
            ones[s] = 1;
        }
        return of(capacities, ones);
    }

    /** Number of classes. */
    public int count() {
        return counts.length;
    }

    /** Number of resources {@code D}. */
    public int dimensions() {
        return dimensions;
    }

    /** Servers in class {@code c}. */
    public int servers(final int c) {
        return counts[c];
    }

    /** Servers in all classes. */
    public int totalServers() {
        int total = 0;
        for (final int n : counts) {
            total += n;
        }
        return total;
    }

    /** Capacity of class {@code c} on resource {@code d}, in units. */
    public int capacity(final int c, final int d) {
        return capacities[c][d];
    }

    /** A copy of class {@code c}'s capacity vector. */
    public int[] capacity(final int c) {
        return capacities[c].clone();
    }

    /** Shared internal view; never modified. */
    int[] capacityView(final int c) {
        return capacities[c];
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("ServerClasses[");
        for (int c = 0; c < counts.length; c++) {
            text.append(c == 0 ? "" : ", ").append(counts[c]).append('x').append(Arrays.toString(capacities[c]));
        }
        return text.append(']').toString();
    }
}
