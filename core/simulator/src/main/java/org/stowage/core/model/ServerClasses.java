package org.stowage.core.model;

import java.util.Arrays;
import java.util.HashMap;

import org.stowage.core.state.ServerView;

/**
 * The servers of a cluster grouped into classes of identical capacity vectors (the 2018 and 2019 papers'
 * server classes, Tran et al.'s machine configurations). Classes are numbered in the order in which their
 * capacity vector first appears in server order; within a class, servers keep their index order.
 *
 * <p>Immutable; {@link #classOf}, {@link #size}, {@link #server} and {@link #capacity} are O(1) and
 * allocate nothing. Memory: two ints per server plus one capacity vector per class.
 */
public final class ServerClasses {
    private final int dimensions;
    /** Capacity of class c on resource d at {@code capacities[c * dimensions + d]}, in units. */
    private final int[] capacities;
    private final int[] classOf;
    /** The servers of class c are {@code members[start[c] .. start[c + 1])}, ascending. */
    private final int[] start;
    private final int[] members;

    private ServerClasses(final int dimensions, final int[] capacities, final int[] classOf, final int[] start,
                          final int[] members) {
        this.dimensions = dimensions;
        this.capacities = capacities;
        this.classOf = classOf;
        this.start = start;
        this.members = members;
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
        final int[] start = new int[classes + 1];
        for (int c = 0; c < classes; c++) {
            start[c + 1] = start[c] + counts[c];
        }
        final int[] next = Arrays.copyOf(start, classes);
        final int[] members = new int[count];
        for (int s = 0; s < count; s++) {
            members[next[classOf[s]]++] = s;
        }
        return new ServerClasses(dimensions, classCapacities, classOf, start, members);
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
        return start.length - 1;
    }

    public int dimensions() {
        return dimensions;
    }

    /** Number of servers in all classes. */
    public int servers() {
        return classOf.length;
    }

    /** The class of server {@code server}. */
    public int classOf(final int server) {
        return classOf[server];
    }

    /** Number of servers in class {@code c}. */
    public int size(final int c) {
        return start[c + 1] - start[c];
    }

    /** The {@code i}-th server of class {@code c}, ascending by index. */
    public int server(final int c, final int i) {
        assert i >= 0 && i < size(c) : "server " + i + " of class " + c;
        return members[start[c] + i];
    }

    /** Capacity of class {@code c} on resource {@code d}, in units. */
    public int capacity(final int c, final int d) {
        return capacities[c * dimensions + d];
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof ServerClasses that && dimensions == that.dimensions
            && Arrays.equals(capacities, that.capacities) && Arrays.equals(classOf, that.classOf);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(capacities) + Arrays.hashCode(classOf);
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("ServerClasses[");
        for (int c = 0; c < count(); c++) {
            text.append(c == 0 ? "" : ", ").append(size(c)).append('x')
                .append(Arrays.toString(Arrays.copyOfRange(capacities, c * dimensions, (c + 1) * dimensions)));
        }
        return text.append(']').toString();
    }
}
