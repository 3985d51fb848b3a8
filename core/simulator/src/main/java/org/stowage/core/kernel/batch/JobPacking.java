package org.stowage.core.kernel.batch;

import org.stowage.core.state.ServerView;

/**
 * The job packing method of Hu and Li 2022, Sec. 4.4 (Algorithm 3, lines 7-20), and the capacities it packs
 * under.
 *
 * <h2>Algorithm 3</h2>
 * The jobs come in packing order: groups in increasing order of mean JCT, and within each group in
 * increasing order of their resources ({@link #resourceKeys}). One job set is open at a time, with
 * remaining capacity C_remain (initially C): a job that fits ({@code R <= C_remain} on every resource)
 * joins it; a job that does not closes it and opens the next set, with C_remain = C - R. This is next fit,
 * so <em>every job set is a contiguous run of the packing order</em>, and a packing is given by set starts
 * {@code setStart[0] = 0 < ... < setStart[M] = n}. As printed, C_remain is set only once (line 1), so a set
 * open at the end of one group takes jobs of the next ({@link DjsfOptions.GroupBoundary#CONTINUE}); the
 * other reading, a new set per group, is {@link DjsfOptions.GroupBoundary#NEW_SET}. Every set satisfies
 * Eq. (11), R_m &lt;= C, exactly (integer units).
 *
 * <h2>Capacity C</h2>
 * The paper packs under "the available resources capacity C" of the cluster. Pooled reading: C is the
 * cluster's total capacity per resource ({@link #pooledCapacity}), and a set runs when the cluster has C's
 * share free. Per-server reading: C is one machine's capacity ({@link #serverCapacity}), and each set is
 * placed on one machine. The set construction is the same function in both.
 *
 * <p>Stateless; nothing is allocated except by the two capacity helpers.
 */
public final class JobPacking {
    private JobPacking() {
    }

    /**
     * The scalar "amount of resources" of each job for Algorithm 3's within-group sort: the sum, or the
     * largest, over resources of size / capacity. With one resource, size / capacity.
     *
     * @param keys receives {@code n} keys
     */
    public static void resourceKeys(final int n, final int[] sizes, final int dimensions, final long[] capacity,
                                    final DjsfOptions.ResourceOrder order, final double[] keys) {
        JctClustering.checkCapacity(dimensions, capacity);
        final boolean sum = order == DjsfOptions.ResourceOrder.SUM_OF_SHARES;
        for (int j = 0; j < n; j++) {
            double key = 0;
            for (int d = 0; d < dimensions; d++) {
                final double share = (double) sizes[j * dimensions + d] / capacity[d];
                key = sum ? key + share : Math.max(key, share);
            }
            keys[j] = key;
        }
    }

    /** True if job {@code job} fits in {@code remaining} on every resource. */
    public static boolean fits(final int[] sizes, final int job, final int dimensions, final long[] remaining) {
        final int base = job * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (sizes[base + d] > remaining[d]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Algorithm 3's packing loop over the jobs in packing order.
     *
     * @param order      job indices in packing order, {@code order[0, n)}
     * @param groupStart group g is {@code order[groupStart[g], groupStart[g + 1])}; {@code groupStart[groups] = n}
     * @param setStart   receives the set starts; length &gt;= n + 1
     * @param remaining  scratch, length &gt;= dimensions
     * @return M, the number of job sets
     * @throws IllegalArgumentException if a job alone exceeds the capacity (no set could hold it)
     */
    public static int pack(final int[] order, final int n, final int[] groupStart, final int groups,
                           final int[] sizes, final int dimensions, final long[] capacity,
                           final DjsfOptions.GroupBoundary boundary, final int[] setStart, final long[] remaining) {
        JctClustering.checkCapacity(dimensions, capacity);
        checkEachFits(order, n, sizes, dimensions, capacity);
        assert groups >= 1 || n == 0;
        assert n == 0 || groupStart[0] == 0 && groupStart[groups] == n;
        if (n == 0) {
            setStart[0] = 0;
            return 0;
        }
        final boolean newSetPerGroup = boundary == DjsfOptions.GroupBoundary.NEW_SET;
        int sets = 0;
        int group = 0;
        int groupEnd = groupStart[1];
        for (int position = 0; position < n; position++) {
            boolean open = sets > 0;
            if (position == groupEnd) {
                do {
                    group++;
                    groupEnd = groupStart[group + 1];
                } while (groupEnd == position);
                if (newSetPerGroup) {
                    open = false;
                }
            }
            final int job = order[position];
            if (open && fits(sizes, job, dimensions, remaining)) {
                take(sizes, job, dimensions, remaining);
            } else {
                setStart[sets++] = position;
                for (int d = 0; d < dimensions; d++) {
                    remaining[d] = capacity[d];
                }
                take(sizes, job, dimensions, remaining);
            }
        }
        setStart[sets] = n;
        return sets;
    }

    private static void take(final int[] sizes, final int job, final int dimensions, final long[] remaining) {
        final int base = job * dimensions;
        for (int d = 0; d < dimensions; d++) {
            remaining[d] -= sizes[base + d];
        }
    }

    private static void checkEachFits(final int[] order, final int n, final int[] sizes, final int dimensions,
                                      final long[] capacity) {
        for (int position = 0; position < n; position++) {
            final int job = order[position];
            for (int d = 0; d < dimensions; d++) {
                final int size = sizes[job * dimensions + d];
                if (size < 0 || size > capacity[d]) {
                    throw new IllegalArgumentException("job " + job + " needs " + size + " units of resource " + d
                        + ", outside [0, " + capacity[d] + "] (the packing capacity): no job set can hold it");
                }
            }
        }
    }

    /** The pooled reading's C: the cluster's total capacity per resource. */
    public static long[] pooledCapacity(final ServerView servers) {
        final int dimensions = servers.dimensions();
        final long[] total = new long[dimensions];
        for (int s = 0; s < servers.count(); s++) {
            for (int d = 0; d < dimensions; d++) {
                total[d] += servers.capacity(s, d);
            }
        }
        return total;
    }

    /** The per-server reading's C: one machine's capacity. */
    public static long[] serverCapacity(final ServerView servers, final int server) {
        if (server < 0 || server >= servers.count()) {
            throw new IllegalArgumentException("no server " + server + " in a cluster of " + servers.count());
        }
        final long[] capacity = new long[servers.dimensions()];
        for (int d = 0; d < capacity.length; d++) {
            capacity[d] = servers.capacity(server, d);
        }
        return capacity;
    }
}
