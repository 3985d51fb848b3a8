package org.stowage.core.experiment;

import org.stowage.core.state.JobTable;

/**
 * What a run's arrays take, from its inputs alone, so a front end can refuse a run that cannot fit the
 * heap before it starts instead of dying of an OutOfMemoryError in the middle (or after hours). The one
 * place that knows the bytes per job and per server: change it when {@link JobTable} or the server table
 * changes layout.
 *
 * <p>Every figure is a <em>lower bound</em> on the arrays the simulator allocates, so a run refused by
 * {@link #bytes} could never have run: the job table holds at least the live jobs (it grows by
 * doubling, so up to twice that), each queue adds pages per distinct size (not per job), each kernel
 * its own per-server arrays, the JVM its classes. {@link #suggestedHeap} adds that headroom back.
 */
public final class MemoryEstimate {
    /** Largest array length the VM allows, with a margin (as {@link JobTable} assumes). */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 16;
    private static final long GIB = 1L << 30;

    private MemoryEstimate() {
    }

    /** Bytes per live job: the job table's slot ({@link JobTable#bytesPerSlot(int)}); queues add nothing per job. */
    public static long bytesPerJob(final int dimensions) {
        return JobTable.bytesPerSlot(dimensions);
    }

    /**
     * Bytes per server, at least: capacity and residual vectors (8D), job count and list head (8), the
     * max-residual segment tree (at least 8D: two nodes per leaf, a leaf per server), the copy of the
     * capacities a {@link RunSpec} keeps (4D), and for one resource the best-fit index (treap children and
     * priority 12, hash table 32, stale list and marks 9, residual copy 4): 85 bytes for D = 1.
     */
    public static long bytesPerServer(final int dimensions) {
        final long vectors = 4L * dimensions * 2 + 8 + 8L * dimensions + 4L * dimensions;
        return dimensions == 1 ? vectors + 12 + 32 + 9 + 4 : vectors;
    }

    /** Most jobs live at once: the job table's arrays (four link ints per job, or D size ints) hit the VM's limit. */
    public static long maxLiveJobs(final int dimensions) {
        return MAX_ARRAY / Math.max(4, dimensions);
    }

    /**
     * Most servers: the segment tree takes {@code 2 * n * D} ints for {@code n}, the server count rounded up
     * to a power of two, and for one resource the best-fit index's hash table {@code 2 * m} ints for
     * {@code m}, four times the count rounded up to a power of two; both must stay below the VM's array
     * limit. 2<sup>27</sup> servers for D = 1, 2<sup>28</sup> for D = 2.
     */
    public static long maxServers(final int dimensions) {
        long leaves = 1;
        while (2 * (leaves * 2) * dimensions <= MAX_ARRAY && (dimensions > 1 || 2 * 4 * (leaves * 2) <= MAX_ARRAY)) {
            leaves *= 2;
        }
        return leaves;
    }

    /** Lower bound on the bytes of one run with {@code servers} servers and {@code liveJobs} jobs live at once. */
    public static long bytes(final long servers, final int dimensions, final long liveJobs) {
        return saturatingAdd(saturatingMultiply(servers, bytesPerServer(dimensions)),
            saturatingMultiply(liveJobs, bytesPerJob(dimensions)));
    }

    /**
     * A heap that holds a run of {@code bytes} (by {@link #bytes}) comfortably: twice that (tables that
     * double as they grow, the collector's headroom) plus 256 MiB for the JVM and the front end, rounded up
     * to whole GiB. What {@code -Xmx} a refusal suggests.
     */
    public static long suggestedHeap(final long bytes) {
        final long wanted = saturatingAdd(saturatingMultiply(bytes, 2), GIB / 4);
        return wanted >= Long.MAX_VALUE - GIB ? Long.MAX_VALUE : (wanted + GIB - 1) / GIB * GIB;
    }

    private static long saturatingMultiply(final long a, final long b) {
        final long high = Math.multiplyHigh(a, b);
        final long low = a * b;
        return high != 0 || low < 0 ? Long.MAX_VALUE : low;
    }

    private static long saturatingAdd(final long a, final long b) {
        final long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
