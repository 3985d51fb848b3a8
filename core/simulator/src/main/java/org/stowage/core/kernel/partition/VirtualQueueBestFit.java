package org.stowage.core.kernel.partition;

import org.stowage.core.kernel.support.ServerMaxTree;

/**
 * VQS-BF (Psychas and Ghaderi 2019, Sec. VI): VQS's virtual queues and active configurations (renewed when a
 * server is empty, see {@link PartitionScheduler}), with Best-Fit packing. Same 2/3 guarantee as VQS
 * (Theorem 4); in practice the flexibility of BF. See docs/VQS.md.
 *
 * <h2>What a server does, precisely</h2>
 * With configuration k (type-1 queue VQ_a, other queue VQ_j with count k_j) and residual r:
 * <ol>
 *   <li>if k_1 = 1: the largest job of VQ_a with size &lt;= r starts, if any (ties: earliest arrival). No
 *       capacity is reserved; at most one such job fits anyway, as each is larger than half the server.</li>
 *   <li>while the server holds fewer than k_j jobs of type j (counting every job of type j in it, however
 *       it was placed), VQ_j is not empty, and some job of VQ_j fits: the largest fitting job of VQ_j
 *       starts (ties: earliest arrival).</li>
 *   <li>BF-S on what is left: while some queued job fits, the largest fitting job of any virtual queue
 *       starts; ties: earliest arrival. Jobs of equal size share a queue, so this is the largest
 *       {@code largestAtMost(r)} over the queues, found by scanning types from the type of r towards smaller
 *       sizes and stopping at the first hit (types are ordered by size): O(J) worst case.</li>
 * </ol>
 * A server "can act" when it is not stalled and some queued job fits its residual; acting then starts at
 * least one job (step 3). An empty server renews its configuration as it acts.
 *
 * <h2>Decision and exactness</h2>
 * Repeatedly, the lowest-index server that can act acts, until none can; then the stall check (if on).
 * After a server acts no queued job fits it, and within a decision residuals and queues only shrink, so
 * it cannot act again; a server that could not act when passed cannot act later. Hence one ascending pass
 * over the servers that can act is that fixpoint, and it is idempotent. This kernel finds them with a max
 * tree over the residuals of the non-stalled servers: the next server at or after the current position
 * whose residual is at least the smallest queued size (the smallest job lies in the highest non-empty
 * type). The naive twin instead rescans every server from index 0 after every action.
 *
 * <h2>Cost</h2>
 * Per decision O(J) plus, per server that acts, O(log L + J); per job started O(J + log<sub>64</sub> U)
 * worst case (usually O(log<sub>64</sub> U): the first scanned type holds the job); per departure O(log L).
 * Allocation-free after attach.
 */
public final class VirtualQueueBestFit extends PartitionScheduler {
    private static final int NONE = ServerMaxTree.NONE;

    /** Residual of every server that is not stalled; {@link Integer#MIN_VALUE} for stalled servers. */
    private ServerMaxTree accepting;
    /** Jobs of the configuration's other type held by each server. */
    private int[] otherHeld;
    /** Type of the job {@link #largestFitting} last returned. */
    private int foundType;

    /** VQS-BF with J = {@value PartitionScheduler#DEFAULT_LEVELS} and no stalling. */
    public VirtualQueueBestFit() {
        this(DEFAULT_LEVELS, null);
    }

    /**
     * @param levels J
     * @param stall  stall fraction, or null for none
     */
    public VirtualQueueBestFit(final int levels, final StallFraction stall) {
        super("VQS-BF", levels, stall);
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        final int count = serverCount;
        accepting = new ServerMaxTree(count, 0);
        for (int s = 0; s < count; s++) {
            accepting.set(s, servers.residual(s, 0));
        }
        otherHeld = new int[count];
    }

    @Override
    public void onDeparture(final int job, final int server) {
        if (servers.jobCount(server) == 0) {
            emptied(server);
            otherHeld[server] = 0;
            accepting.set(server, servers.residual(server, 0));
            return;
        }
        if (typeOf(job) == configOther[configOf[server]]) {
            otherHeld[server]--;
        }
        if (!stalled[server]) {
            accepting.set(server, servers.residual(server, 0));
        }
    }

    @Override
    public void decide(final double now) {
        int from = 0;
        while (queued > 0) {
            final int server = accepting.nextAtLeast(smallestQueuedSize(), from);
            if (server == NONE) {
                break;
            }
            act(server);
            from = server + 1;
        }
        if (stall != null) {
            stallInefficientServers();
        }
    }

    private void act(final int server) {
        final int c = servers.jobCount(server) == 0 ? renew(server) : configOf[server];
        final int type1 = configType1[c];
        final int other = configOther[c];
        if (type1 >= 0 && lengths[type1] > 0) {
            final int job = queues[type1].largestAtMost(servers.residual(server, 0));
            if (job != NONE) {
                start(job, type1, server, other);
            }
        }
        final int wanted = configCount[c];
        while (otherHeld[server] < wanted && lengths[other] > 0) {
            final int job = queues[other].largestAtMost(servers.residual(server, 0));
            if (job == NONE) {
                break;
            }
            start(job, other, server, other);
        }
        for (int job = largestFitting(servers.residual(server, 0)); job != NONE;
             job = largestFitting(servers.residual(server, 0))) {
            start(job, foundType, server, other);
        }
        assert servers.jobCount(server) > 0;
        accepting.set(server, servers.residual(server, 0));
    }

    private void start(final int job, final int type, final int server, final int other) {
        place(job, type, server);
        if (type == other) {
            otherHeld[server]++;
        }
    }

    /** The largest queued job of size &lt;= {@code units} (ties: earliest arrival), or NONE; sets foundType. */
    private int largestFitting(final int units) {
        if (queued == 0) {
            return NONE;
        }
        for (int type = partition.typeOf(Math.min(units, partition.capacity())); type < types; type++) {
            if (lengths[type] > 0) {
                final int job = queues[type].largestAtMost(units);
                if (job != NONE) {
                    foundType = type;
                    return job;
                }
            }
        }
        return NONE;
    }

    private int smallestQueuedSize() {
        for (int type = types - 1; type >= 0; type--) {
            if (lengths[type] > 0) {
                return queues[type].smallestKeySize();
            }
        }
        throw new IllegalStateException("no queued job although " + queued + " are counted");
    }

    @Override
    protected void onStall(final int server) {
        accepting.set(server, Integer.MIN_VALUE);
    }
}
