package org.stowage.core.engine;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceView;
import org.stowage.core.state.ServerTable;

/**
 * What some server of a cluster could ever hold, empty: the test an arrival passes before its kernel sees it
 * (a job that fails it is rejected with {@link RejectReason#LARGER_THAN_EVERY_SERVER} or
 * {@link RejectReason#DEVICES_ON_NO_SERVER}).
 *
 * <p>Built once per simulation from the servers' capacities and devices, which never change: the capacity
 * vectors no other server's dominates (the Pareto front), packed, and the same front per group of servers
 * with devices of one model and count. A job fits some server iff it fits one vector of the front, so a test
 * is O(F x d) for a front of F vectors in d resources (F is the number of distinct server shapes at most, one
 * or a few in practice), with no allocation. Building is O(L x F x d) for L servers and allocates.
 */
final class Admission {
    /** The maximal capacity vectors, packed {@code dimensions} ints each. */
    private final int[] maximalCapacities;
    /**
     * Per (model, device count) of the servers with devices: {model, count, maximal capacity vectors...};
     * a demand fits some server iff it fits one of these. Empty without devices.
     */
    private final int[][] deviceGroups;
    private final int unitsPerDevice;

    Admission(final ServerTable servers, final DeviceView devices) {
        this.maximalCapacities = maximalCapacityVectors(servers);
        this.deviceGroups = deviceGroups(servers, devices);
        this.unitsPerDevice = devices.unitsPerDevice();
    }

    /** Whether some server could ever hold a job of {@code size} (when empty), devices aside. */
    boolean fitsSomeServer(final int[] size) {
        return fitsOneOf(size, maximalCapacities, 0);
    }

    /** Whether some server could ever hold a job of {@code size} and device {@code demand} (when empty). */
    boolean devicesOnSomeServer(final int[] size, final int demand) {
        final int count = DeviceDemand.count(demand);
        if (DeviceDemand.units(demand) > unitsPerDevice) {
            return false;
        }
        for (final int[] group : deviceGroups) {
            if (group[1] >= count && DeviceDemand.allows(demand, group[0]) && fitsOneOf(size, group, 2)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code size} fits one of the capacity vectors packed in {@code vectors} from {@code first} on. */
    private static boolean fitsOneOf(final int[] size, final int[] vectors, final int first) {
        final int dimensions = size.length;
        for (int base = first; base < vectors.length; base += dimensions) {
            boolean fits = true;
            for (int d = 0; d < dimensions && fits; d++) {
                fits = size[d] <= vectors[base + d];
            }
            if (fits) {
                return true;
            }
        }
        return false;
    }

    /** The servers with devices grouped by (model, device count), each group's maximal capacity vectors. */
    private static int[][] deviceGroups(final ServerTable servers, final DeviceView devices) {
        final int dimensions = servers.dimensions();
        final List<int[]> keys = new ArrayList<>();
        final List<List<int[]>> fronts = new ArrayList<>();
        for (int s = 0; s < servers.count(); s++) {
            if (devices.deviceCount(s) == 0) {
                continue;
            }
            int group = 0;
            while (group < keys.size() && (keys.get(group)[0] != devices.model(s)
                || keys.get(group)[1] != devices.deviceCount(s))) {
                group++;
            }
            if (group == keys.size()) {
                keys.add(new int[] {devices.model(s), devices.deviceCount(s)});
                fronts.add(new ArrayList<>());
            }
            addToFront(fronts.get(group), capacityOf(servers, s));
        }
        final int[][] groups = new int[keys.size()][];
        for (int g = 0; g < groups.length; g++) {
            final List<int[]> front = fronts.get(g);
            groups[g] = new int[2 + front.size() * dimensions];
            groups[g][0] = keys.get(g)[0];
            groups[g][1] = keys.get(g)[1];
            for (int i = 0; i < front.size(); i++) {
                System.arraycopy(front.get(i), 0, groups[g], 2 + i * dimensions, dimensions);
            }
        }
        return groups;
    }

    /** The capacity vectors no other server dominates, packed; a job fits some server iff it fits one of these. */
    private static int[] maximalCapacityVectors(final ServerTable servers) {
        final int dimensions = servers.dimensions();
        final List<int[]> front = new ArrayList<>();
        for (int s = 0; s < servers.count(); s++) {
            addToFront(front, capacityOf(servers, s));
        }
        final int[] packed = new int[front.size() * dimensions];
        for (int i = 0; i < front.size(); i++) {
            System.arraycopy(front.get(i), 0, packed, i * dimensions, dimensions);
        }
        return packed;
    }

    private static int[] capacityOf(final ServerTable servers, final int server) {
        final int[] capacity = new int[servers.dimensions()];
        for (int d = 0; d < capacity.length; d++) {
            capacity[d] = servers.capacity(server, d);
        }
        return capacity;
    }

    /** Adds {@code candidate} to a Pareto front of capacity vectors unless one there dominates it. */
    private static void addToFront(final List<int[]> front, final int[] candidate) {
        for (int i = front.size() - 1; i >= 0; i--) {
            final int[] kept = front.get(i);
            if (dominates(kept, candidate)) {
                return;
            }
            if (dominates(candidate, kept)) {
                front.remove(i);
            }
        }
        front.add(candidate);
    }

    private static boolean dominates(final int[] a, final int[] b) {
        for (int d = 0; d < a.length; d++) {
            if (a[d] < b[d]) {
                return false;
            }
        }
        return true;
    }
}
