package org.stowage.core.kernel.partition;


/**
 * VQS, Virtual Queue Scheduling (Psychas and Ghaderi 2019, Sec. V-B): jobs wait in the 2J virtual queues of
 * the {@link UniversalPartition}; every server holds an active configuration of K<sub>RED</sub><sup>(J)</sup>
 * renewed only when it is empty (see {@link PartitionScheduler}) and takes jobs only as that configuration
 * says. Guarantees 2/3 of the maximum supportable workload when jobs are larger than 1/2<sup>J</sup>
 * (Theorem 3). See docs/VQS.md.
 *
 * <h2>What a server does (step 2), precisely</h2>
 * Let the server's capacity be C units, its configuration k with type-1 queue VQ_a (a = 1, shifted for
 * smaller servers) and other queue VQ_j.
 * <ul>
 *   <li>If k_1 = 1, the capacity is split: {@code R = floor(2C/3)} units are reserved for at most one
 *       job of VQ_a (every such job has size at most R), and the jobs of VQ_j share the other
 *       {@code C - R} units; they never use the reserved part, even while it is free or its job is small,
 *       so a type-a job always fits when the reserved part is free. If no type-a job is in the server and
 *       VQ_a is not empty, the head of VQ_a starts.</li>
 *   <li>The jobs of VQ_j start in FIFO order while the head fits: the room is the residual (k_1 = 0) or
 *       {@code C - R} minus the VQ_j jobs in the server (k_1 = 1). <b>A head that does not fit blocks
 *       VQ_j for this server</b>: the jobs behind it are not considered. That is our reading of "starting
 *       from the head-of-the-line job in VQ_j, until no more jobs can fit": in the upper-rounded system
 *       all jobs of VQ_j have one size, so the head not fitting means no more fit; it keeps each virtual
 *       queue FIFO, and it still starts at least k_j jobs in an empty server, since k_j upper-rounded jobs
 *       fit.</li>
 * </ul>
 * A server "can act" when this would start at least one job: it is empty and some queue it may serve is
 * not empty (its maximum-weight configuration then has a non-empty queue whose head fits an empty server),
 * or its reserved part is free and VQ_a is not empty, or the head of VQ_j fits its room.
 *
 * <h2>Decision</h2>
 * Repeatedly, the lowest-index server that can act acts, until none can. Taking the head of VQ_j can let a
 * lower-index server whose room was too small for the old head act again, so a decision is a fixpoint, not
 * one pass; it is also idempotent (a second call changes nothing), so deciding only at instants with events
 * is the same as deciding every slot. Then the stall check runs (if stalling is on).
 *
 * <h2>Which servers are looked at (exactness)</h2>
 * The naive twin scans every server from index 0 after every action. This kernel keeps, per source, the
 * lowest server that can act and takes the minimum: per type j, a treap of the running, non-stalled servers
 * whose configuration serves VQ_j, keyed by index with their room ({@link ServerForest#firstAtLeast} with
 * the head's size); per capacity exponent, the empty servers (they can act iff some queue of a type they may
 * serve is not empty) and the servers with a free reserved part (they can act iff VQ_a is not empty). These
 * three conditions are exactly "can act", so the minimum is the server the naive scan finds. A cached
 * source is recomputed only when its inputs changed: a change of its tree (a server joined, left, or its
 * room changed) or of its queue's head (an arrival to an empty queue, or the head started; VQS only ever
 * removes heads). Differential tests hold it to the naive twin event by event.
 *
 * <h2>Cost</h2>
 * Per decision O(J + E) for the minimum over 2J + 2E sources (E capacity exponents, 1 when homogeneous);
 * per action O(J) for a renewal plus O(log L) expected per changed source and O(log<sub>64</sub> U) per job
 * started; per departure O(log L). Allocation-free after attach.
 */
public final class VirtualQueueScheduling extends PartitionScheduler {
    private static final int NONE = ServerForest.NONE;

    /** R = floor(2C/3) per server: the part kept for the type-1 job when k_1 = 1. */
    private int[] reserve;
    /** Size of the job in the reserved part, 0 while it is free (a type-1 job is larger than C/2 &gt; 0). */
    private int[] reservedUnits;
    /** Trees [0, 2J): running, non-stalled servers by other type, value = room; [2J, 2J + E): empty servers. */
    private ServerForest placement;
    /** Tree x: running, non-stalled servers of exponent index x with k_1 = 1 and a free reserved part. */
    private ServerForest reservedFree;
    private int[] candidate;
    private boolean[] dirty;
    private int[] dirtyList;
    private int dirtyCount;

    /** VQS with J = {@value PartitionScheduler#DEFAULT_LEVELS} and no stalling. */
    public VirtualQueueScheduling() {
        this(DEFAULT_LEVELS, null);
    }

    /**
     * @param levels J
     * @param stall  stall fraction, or null for none
     */
    public VirtualQueueScheduling(final int levels, final StallFraction stall) {
        super("VQS", levels, stall);
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        final int count = serverCount;
        reserve = new int[count];
        reservedUnits = new int[count];
        placement = new ServerForest(count, types + exponentCount);
        reservedFree = new ServerForest(count, exponentCount);
        for (int s = 0; s < count; s++) {
            reserve[s] = (int) (2L * servers.capacity(s, 0) / 3);
            placement.insert(emptySource(exponentIndex[s]), s, 0);
        }
        final int sources = types + 2 * exponentCount;
        candidate = new int[sources];
        dirty = new boolean[sources];
        dirtyList = new int[sources];
        for (int source = 0; source < sources; source++) {
            markDirty(source);
        }
        refreshDirty();
    }

    private int emptySource(final int x) {
        return types + x;
    }

    private int reservedSource(final int x) {
        return types + exponentCount + x;
    }

    @Override
    protected void onHeadChanged(final int type) {
        markDirty(type);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int x = exponentIndex[server];
        if (servers.jobCount(server) == 0) {
            if (!stalled[server]) {
                placement.remove(server);
                markDirty(configOther[configOf[server]]);
                if (reservedFree.treeOf(server) != NONE) {
                    reservedFree.remove(server);
                    markDirty(reservedSource(x));
                }
            }
            emptied(server);
            reservedUnits[server] = 0;
            placement.insert(emptySource(x), server, 0);
            markDirty(emptySource(x));
            return;
        }
        final int c = configOf[server];
        if (configType1[c] >= 0 && typeOf(job) == configType1[c]) {
            reservedUnits[server] = 0;
            if (!stalled[server]) {
                reservedFree.insert(x, server, 0);
                markDirty(reservedSource(x));
            }
        }
        if (!stalled[server]) {
            placement.setValue(server, room(server));
            markDirty(configOther[c]);
        }
    }

    @Override
    public void decide(final double now) {
        refreshDirty();
        for (int server = lowestThatCanAct(); server != NONE; server = lowestThatCanAct()) {
            act(server);
            refreshDirty();
        }
        if (stall != null) {
            stallInefficientServers();
        }
    }

    /** Units the jobs of the configuration's other queue may still use on {@code server}. */
    private int room(final int server) {
        final int residual = servers.residual(server, 0);
        return configType1[configOf[server]] >= 0 ? residual + reservedUnits[server] - reserve[server] : residual;
    }

    private int lowestThatCanAct() {
        int best = Integer.MAX_VALUE;
        for (int type = 0; type < types; type++) {
            final int c = candidate[type];
            if (c >= 0 && c < best) {
                best = c;
            }
        }
        int below = 0;
        int type = 0;
        for (int x = 0; x < exponentCount; x++) {
            final int smallestServable = 2 * exponentOf[x];
            while (type < smallestServable) {
                below += lengths[type++];
            }
            if (queued > below) {
                final int c = candidate[emptySource(x)];
                if (c >= 0 && c < best) {
                    best = c;
                }
            }
            if (lengths[smallestServable + 1] > 0) {
                final int c = candidate[reservedSource(x)];
                if (c >= 0 && c < best) {
                    best = c;
                }
            }
        }
        return best == Integer.MAX_VALUE ? NONE : best;
    }

    private void act(final int server) {
        final int x = exponentIndex[server];
        final boolean wasEmpty = servers.jobCount(server) == 0;
        final int c;
        if (wasEmpty) {
            placement.remove(server);
            markDirty(emptySource(x));
            c = renew(server);
        } else {
            c = configOf[server];
        }
        final int type1 = configType1[c];
        final int other = configOther[c];
        int started = 0;
        if (type1 >= 0 && reservedUnits[server] == 0 && lengths[type1] > 0) {
            final int job = queues[type1].head();
            final int units = jobs.size(job, 0);
            assert units <= reserve[server] : "type-1 job of " + units + " units exceeds the reserve";
            place(job, type1, server);
            reservedUnits[server] = units;
            markDirty(type1);
            started++;
            if (!wasEmpty) {
                reservedFree.remove(server);
                markDirty(reservedSource(x));
            }
        }
        while (lengths[other] > 0) {
            final int job = queues[other].head();
            if (jobs.size(job, 0) > room(server)) {
                break;
            }
            place(job, other, server);
            markDirty(other);
            started++;
        }
        assert started > 0 : "server " + server + " was chosen to act but started nothing";
        if (wasEmpty) {
            if (type1 >= 0 && reservedUnits[server] == 0) {
                reservedFree.insert(x, server, 0);
                markDirty(reservedSource(x));
            }
            placement.insert(other, server, room(server));
        } else {
            placement.setValue(server, room(server));
        }
        markDirty(other);
    }

    @Override
    protected void onStall(final int server) {
        placement.remove(server);
        markDirty(configOther[configOf[server]]);
        if (reservedFree.treeOf(server) != NONE) {
            reservedFree.remove(server);
            markDirty(reservedSource(exponentIndex[server]));
        }
    }

    private void markDirty(final int source) {
        if (!dirty[source]) {
            dirty[source] = true;
            dirtyList[dirtyCount++] = source;
        }
    }

    private void refreshDirty() {
        for (int i = 0; i < dirtyCount; i++) {
            final int source = dirtyList[i];
            dirty[source] = false;
            if (source < types) {
                candidate[source] = lengths[source] == 0
                    ? NONE : placement.firstAtLeast(source, jobs.size(queues[source].head(), 0));
            } else if (source < types + exponentCount) {
                candidate[source] = placement.first(source);
            } else {
                candidate[source] = reservedFree.first(source - types - exponentCount);
            }
        }
        dirtyCount = 0;
    }
}
