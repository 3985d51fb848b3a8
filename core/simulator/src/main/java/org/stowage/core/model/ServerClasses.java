package org.stowage.core.model;

import java.util.Arrays;
import java.util.HashMap;

import org.stowage.core.Units;
import org.stowage.core.state.ServerView;

/**
 * The servers of a cluster grouped into classes of identical capacity vectors (the 2018 and 2019 papers'
 * server classes, Tran et al.'s machine configurations): what a kernel's model holds, and what the capacity
 * LPs of {@code org.stowage.theory} read (one convexity row per class, {@code sum_k y_{c,k} = n_c}). Classes
 * are numbered in the order in which their capacity vector first appears in server order; within a class,
 * servers keep their index order.
 *
 * <p>Made from a cluster ({@link #of(ServerView)}, {@link #of(int, int[])}: a capacity vector per server), or
 * from counts ({@link #of(int[][], int[])}, {@link #homogeneous}: servers numbered group by group in the
 * order given, up to 2<sup>31</sup> - 1 of them), which keeps only per-class data until a per-server question
 * ({@link #classOf}, {@link #server}) is first asked.
 *
 * <p>Immutable and thread-safe. {@link #classOf}, {@link #size}, {@link #server} and {@link #capacity(int, int)}
 * are O(1) and allocate nothing once the per-server index exists (made at construction from a cluster; on the
 * first per-server question from counts, O(L)). Memory: one capacity vector per class, two ints per run of
 * servers of one class, and two ints per server for the per-server index.
 */
public final class ServerClasses {
    private final int dimensions;
    /** Capacity of class c on resource d at {@code capacities[c * dimensions + d]}, in units. */
    private final int[] capacities;
    /** Servers per class. */
    private final int[] sizes;
    private final int servers;
    /** Server order as maximal runs of one class: run r is class {@code runClass[r]} up to server {@code runEnd[r]}. */
    private final int[] runClass;
    private final int[] runEnd;
    /** The per-server index; a racy lazy initialisation is safe, its fields are final and it is a pure function. */
    private PerServer perServer;

    /**
     * Each server's class, and the servers of class c at {@code members[start[c] .. start[c + 1])}, ascending.
     */
    private record PerServer(int[] classOf, int[] start, int[] members) {
    }

    private ServerClasses(final int dimensions, final int[] capacities, final int[] sizes, final int[] runClass,
                          final int[] runEnd, final PerServer perServer) {
        this.dimensions = dimensions;
        this.capacities = capacities;
        this.sizes = sizes;
        this.runClass = runClass;
        this.runEnd = runEnd;
        this.servers = runEnd.length == 0 ? 0 : runEnd[runEnd.length - 1];
        this.perServer = perServer;
    }

    /** The classes of the servers of {@code servers}. O(L * D) expected (one hash probe per server). */
    public static ServerClasses of(final ServerView servers) {
        final int count = servers.count();
        final int dimensions = servers.dimensions();
        final int[] packed = new int[count * dimensions];
        for (int s = 0; s < count; s++) {
            for (int d = 0; d < dimensions; d++) {
                packed[s * dimensions + d] = servers.capacity(s, d);
            }
        }
        return of(dimensions, packed);
    }

    /** The classes of packed capacity vectors ({@code capacities[s * dimensions + d]}, units). */
    public static ServerClasses of(final int dimensions, final int[] capacities) {
        if (dimensions < 1 || capacities.length == 0 || capacities.length % dimensions != 0) {
            throw new IllegalArgumentException("capacities must hold a positive multiple of " + dimensions
                + " values: " + capacities.length);
        }
        final int count = capacities.length / dimensions;
        final int[] classOf = new int[count];
        final HashMap<Key, Integer> seen = new HashMap<>();
        int[] classCapacities = new int[0];
        final int[] counts = new int[count];
        int classes = 0;
        for (int s = 0; s < count; s++) {
            final Key key = new Key(Arrays.copyOfRange(capacities, s * dimensions, (s + 1) * dimensions));
            Integer c = seen.get(key);
            if (c == null) {
                c = classes++;
                seen.put(key, c);
                classCapacities = Arrays.copyOf(classCapacities, classes * dimensions);
                System.arraycopy(key.vector, 0, classCapacities, c * dimensions, dimensions);
            }
            classOf[s] = c;
            counts[c]++;
        }
        final int[] sizes = Arrays.copyOf(counts, classes);
        int runs = 0;
        for (int s = 0; s < count; s++) {
            runs += s == 0 || classOf[s] != classOf[s - 1] ? 1 : 0;
        }
        final int[] runClass = new int[runs];
        final int[] runEnd = new int[runs];
        for (int s = 0, r = -1; s < count; s++) {
            if (s == 0 || classOf[s] != classOf[s - 1]) {
                runClass[++r] = classOf[s];
            }
            runEnd[r] = s + 1;
        }
        return new ServerClasses(dimensions, classCapacities, sizes, runClass, runEnd, index(classOf, sizes));
    }

    /** {@code count} identical servers with the given capacity vector in units. */
    public static ServerClasses homogeneous(final int count, final int... capacity) {
        return of(new int[][] {capacity}, new int[] {count});
    }

    /**
     * Groups of servers: {@code counts[g]} servers with capacity vector {@code capacities[g]} (units), numbered
     * group by group in this order. Groups with equal vectors form one class.
     *
     * @throws IllegalArgumentException for no group, a count or vector missing, a vector of another length than
     *                                  the first, a capacity outside [1, {@link Units#MAX_UNITS}], a count below
     *                                  1, or more than 2<sup>31</sup> - 1 servers in all
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
        final int groups = capacities.length;
        final int[] classOfGroup = new int[groups];
        int[] classCapacities = new int[0];
        int[] sizes = new int[0];
        long total = 0;
        for (int g = 0; g < groups; g++) {
            if (capacities[g].length != dimensions) {
                throw new IllegalArgumentException("server class " + g + " has " + capacities[g].length
                    + " resources, class 0 has " + dimensions);
            }
            for (int d = 0; d < dimensions; d++) {
                if (capacities[g][d] < 1 || capacities[g][d] > Units.MAX_UNITS) {
                    throw new IllegalArgumentException("server class " + g + ", resource " + d
                        + ": capacity must be in [1, " + Units.MAX_UNITS + "] units: " + capacities[g][d]);
                }
            }
            if (counts[g] < 1) {
                throw new IllegalArgumentException("server class " + g + ": count must be >= 1: " + counts[g]);
            }
            total += counts[g];
            int c = 0;
            while (c < sizes.length && !Arrays.equals(classCapacities, c * dimensions, (c + 1) * dimensions,
                capacities[g], 0, dimensions)) {
                c++;
            }
            if (c == sizes.length) {
                sizes = Arrays.copyOf(sizes, c + 1);
                classCapacities = Arrays.copyOf(classCapacities, (c + 1) * dimensions);
                System.arraycopy(capacities[g], 0, classCapacities, c * dimensions, dimensions);
            }
            sizes[c] += counts[g];
            classOfGroup[g] = c;
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("too many servers: " + total);
        }
        int runs = 0;
        for (int g = 0; g < groups; g++) {
            runs += g == 0 || classOfGroup[g] != classOfGroup[g - 1] ? 1 : 0;
        }
        final int[] runClass = new int[runs];
        final int[] runEnd = new int[runs];
        int end = 0;
        for (int g = 0, r = -1; g < groups; g++) {
            if (g == 0 || classOfGroup[g] != classOfGroup[g - 1]) {
                runClass[++r] = classOfGroup[g];
            }
            end += counts[g];
            runEnd[r] = end;
        }
        return new ServerClasses(dimensions, classCapacities, sizes, runClass, runEnd, null);
    }

    /** The per-server index of {@code classOf}, classes of {@code sizes} servers each. */
    private static PerServer index(final int[] classOf, final int[] sizes) {
        final int[] start = new int[sizes.length + 1];
        for (int c = 0; c < sizes.length; c++) {
            start[c + 1] = start[c] + sizes[c];
        }
        final int[] next = Arrays.copyOf(start, sizes.length);
        final int[] members = new int[classOf.length];
        for (int s = 0; s < classOf.length; s++) {
            members[next[classOf[s]]++] = s;
        }
        return new PerServer(classOf, start, members);
    }

    private PerServer perServer() {
        PerServer index = perServer;
        if (index == null) {
            final int[] classOf = new int[servers];
            for (int r = 0, s = 0; r < runClass.length; r++) {
                while (s < runEnd[r]) {
                    classOf[s++] = runClass[r];
                }
            }
            index = index(classOf, sizes);
            perServer = index;
        }
        return index;
    }

    private record Key(int[] vector) {
        @Override
        public boolean equals(final Object other) {
            return other instanceof Key key && Arrays.equals(vector, key.vector);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(vector);
        }
    }

    /** Number of classes. */
    public int count() {
        return sizes.length;
    }

    /** Number of resources {@code D}. */
    public int dimensions() {
        return dimensions;
    }

    /** Number of servers in all classes. */
    public int servers() {
        return servers;
    }

    /** The class of server {@code server}. */
    public int classOf(final int server) {
        return perServer().classOf[server];
    }

    /** Number of servers in class {@code c}. */
    public int size(final int c) {
        return sizes[c];
    }

    /** The {@code i}-th server of class {@code c}, ascending by index. */
    public int server(final int c, final int i) {
        assert i >= 0 && i < size(c) : "server " + i + " of class " + c;
        final PerServer index = perServer();
        return index.members[index.start[c] + i];
    }

    /** Capacity of class {@code c} on resource {@code d}, in units. */
    public int capacity(final int c, final int d) {
        return capacities[c * dimensions + d];
    }

    /** A copy of class {@code c}'s capacity vector, in units. */
    public int[] capacity(final int c) {
        return Arrays.copyOfRange(capacities, c * dimensions, (c + 1) * dimensions);
    }

    /** Equal when the class vectors and every server's class are: the same cluster, however it was described. */
    @Override
    public boolean equals(final Object other) {
        return other instanceof ServerClasses that && dimensions == that.dimensions
            && Arrays.equals(capacities, that.capacities) && Arrays.equals(runClass, that.runClass)
            && Arrays.equals(runEnd, that.runEnd);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(capacities) + Arrays.hashCode(runClass)) + Arrays.hashCode(runEnd);
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("ServerClasses[");
        for (int c = 0; c < count(); c++) {
            text.append(c == 0 ? "" : ", ").append(size(c)).append('x')
                .append(Arrays.toString(capacity(c)));
        }
        return text.append(']').toString();
    }
}
