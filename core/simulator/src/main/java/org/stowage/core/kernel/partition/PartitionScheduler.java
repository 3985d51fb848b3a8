package org.stowage.core.kernel.partition;

import java.util.Arrays;

import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.kernel.support.StallCounting;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.ServerView;

/**
 * Base of the partition kernels VQS and VQS-BF (Psychas and Ghaderi 2019, Sec. V-VI, VIII): the virtual
 * queues, the per-server active configurations, their renewal, and stalling. See docs/VQS.md.
 *
 * <h2>Virtual queues</h2>
 * One {@link JobQueue} per type of the {@link UniversalPartition} (2J queues, made by the context, so a
 * job is in exactly one). An arriving job joins the queue of its type, in arrival order.
 *
 * <h2>Clusters</h2>
 * One resource (D = 1). Capacities may differ by powers of 2 (Sec. VIII: "applied without changes"): with
 * C the largest capacity, every server must have capacity exactly {@code C / 2^e} units for some
 * {@code 0 <= e <= J - 2}. The partition is taken relative to C, and a server of exponent e is a server of
 * the partition at J - e levels whose type t is the cluster type {@code t + 2e}: it uses the configurations
 * of K<sub>RED</sub><sup>(J-e)</sup> with every type shifted by 2e, weighted with the cluster's queue
 * lengths. This is exact: a size is of type {@code 2m} (or {@code 2m+1}) relative to C iff it is of type
 * {@code 2(m-e)} (or {@code 2(m-e)+1}) relative to {@code C / 2^e}, because the comparisons
 * {@code s * 2^m <= C} and {@code 3 * s * 2^m > 2C} are the same ones. Jobs of the types below 2e are larger
 * than such a server and never go to it. Other clusters (one set of virtual queues per server class, the
 * paper's second option) are rejected at attach with a message naming the server.
 *
 * <h2>Active configuration</h2>
 * A server's configuration is renewed only when it is empty (Sec. V-B, Eq. 8-9): an empty server that
 * takes jobs first sets its configuration to the maximum-weight one of its K<sub>RED</sub> for the queue
 * lengths at that moment of the decision (after the jobs placed earlier in the same decision), ties to the
 * lowest index of {@link ReducedConfigurations}. The configuration of a server that stays empty is never
 * used, so choosing it when the server takes its first job is the same as renewing it at every decision
 * at which the server is empty.
 *
 * <h2>Stalling (optional; Sec. VIII)</h2>
 * With a {@link StallFraction} beta: at the end of every decision, after all placements, every server that
 * is not empty and not stalled, and whose configuration weight is below beta times the maximum weight of
 * its K<sub>RED</sub> (both for the queue lengths at that moment), starts a stall. A stalled server takes
 * no job. The stall ends when the server becomes empty (its last job departs); it is then an ordinary
 * empty server. Empty servers never stall, and a stalled server holds finitely many jobs of finite service,
 * so no server stalls forever. With every queue empty the maximum weight is 0 and nothing is below it.
 * Cost: O(J) per decision plus O(1) per server that starts a stall (each configuration keeps an intrusive
 * list of its running, non-stalled servers).
 *
 * <p>Allocation: every array is sized at attach; nothing allocates afterwards.
 */
abstract class PartitionScheduler extends KernelBase implements StallCounting {
    /**
     * J when none is given: jobs of at most 1/1024 are
     * counted in the last virtual queue as if of size 1/1024 (only the configuration weights see the
     * rounding), the 2/3 guarantee covers every job larger than that (Corollary 1), and a renewal compares
     * 36 configurations.
     */
    static final int DEFAULT_LEVELS = 10;

    protected final int levels;
    /** Null when stalling is off. */
    protected final StallFraction stall;

    protected UniversalPartition partition;
    protected int types;
    protected JobQueue[] queues;
    /** Length of each virtual queue (Q_j). */
    protected int[] lengths;
    protected int queued;

    /** Distinct capacity exponents, ascending, and each server's index into them. */
    protected int exponentCount;
    protected int[] exponentOf;
    protected int[] exponentIndex;

    /** Configurations of every exponent, flattened: exponent index x owns [configStart[x], configStart[x+1]). */
    protected int[] configStart;
    /** Cluster type of the configuration's type-1 job, or -1 when k_1 = 0. */
    protected int[] configType1;
    /** Cluster type of the configuration's other type. */
    protected int[] configOther;
    /** k of the other type. */
    protected int[] configCount;
    private ReducedConfigurations[] reduced;

    /** Each server's configuration (flattened index), or -1 while it is empty. */
    protected int[] configOf;
    protected boolean[] stalled;
    /** Intrusive lists of the running, non-stalled servers of each configuration, for the stall check. */
    private int[] configFirst;
    private int[] nextInConfig;
    private int[] prevInConfig;
    private boolean[] listed;
    private long stallsStarted;

    /**
     * @param baseName the kernel's name without parameters; {@link #name} adds every non-default one, as
     *                 {@link org.stowage.core.kernel.Kernels#byName} accepts it
     */
    protected PartitionScheduler(final String baseName, final int levels, final StallFraction stall) {
        super(spec(baseName, levels, stall));
        if (levels < UniversalPartition.MIN_LEVELS || levels > UniversalPartition.MAX_LEVELS) {
            throw new IllegalArgumentException("partition levels J must be in [" + UniversalPartition.MIN_LEVELS
                + ", " + UniversalPartition.MAX_LEVELS + "]: " + levels);
        }
        this.levels = levels;
        this.stall = stall;
    }

    /** The server has started a stall: take it out of every structure that offers it jobs. */
    protected abstract void onStall(int server);

    static String spec(final String base, final int levels, final StallFraction stall) {
        final StringBuilder text = new StringBuilder(base);
        char separator = ':';
        if (levels != DEFAULT_LEVELS) {
            text.append(separator).append("J=").append(levels);
            separator = ',';
        }
        if (stall != null) {
            text.append(separator).append("stall=").append(stall);
        }
        return text.toString();
    }

    /** Makes the virtual queues and configuration tables; subclasses call {@code super.onAttach()} first. */
    @Override
    protected void onAttach() {
        final int count = servers.count();
        exponentIndex = new int[count];
        final int[] exponentOfServer = capacityExponents(name(), servers, levels);
        partition = new UniversalPartition(levels, servers.maxCapacity(0));
        types = partition.types();

        final boolean[] present = new boolean[levels];
        for (final int e : exponentOfServer) {
            present[e] = true;
        }
        exponentOf = new int[levels];
        final int[] indexOfExponent = new int[levels];
        for (int e = 0; e < levels; e++) {
            if (present[e]) {
                indexOfExponent[e] = exponentCount;
                exponentOf[exponentCount++] = e;
            }
        }
        for (int s = 0; s < count; s++) {
            exponentIndex[s] = indexOfExponent[exponentOfServer[s]];
        }

        reduced = new ReducedConfigurations[exponentCount];
        configStart = new int[exponentCount + 1];
        for (int x = 0; x < exponentCount; x++) {
            reduced[x] = new ReducedConfigurations(levels - exponentOf[x]);
            configStart[x + 1] = configStart[x] + reduced[x].size();
        }
        final int configs = configStart[exponentCount];
        configType1 = new int[configs];
        configOther = new int[configs];
        configCount = new int[configs];
        for (int x = 0; x < exponentCount; x++) {
            final int shift = 2 * exponentOf[x];
            for (int local = 0; local < reduced[x].size(); local++) {
                final int c = configStart[x] + local;
                configType1[c] = reduced[x].hasType1(local) ? shift + 1 : -1;
                configOther[c] = shift + reduced[x].otherType(local);
                configCount[c] = reduced[x].otherCount(local);
            }
        }

        queues = new JobQueue[types];
        for (int t = 0; t < types; t++) {
            queues[t] = context.newQueue();
        }
        lengths = new int[types];
        configOf = new int[count];
        Arrays.fill(configOf, -1);
        stalled = new boolean[count];
        configFirst = new int[configs];
        Arrays.fill(configFirst, -1);
        nextInConfig = new int[count];
        prevInConfig = new int[count];
        listed = new boolean[count];
    }

    /**
     * Each server's exponent e, with capacity {@code * 2^e} equal to the largest capacity.
     *
     * @throws IllegalArgumentException naming the first server that does not fit the supported clusters
     */
    static int[] capacityExponents(final String kernel, final ServerView servers, final int levels) {
        if (servers.dimensions() != 1) {
            throw new IllegalArgumentException(kernel + " is defined for one resource (D = 1); this cluster has D = "
                + servers.dimensions());
        }
        final int largest = servers.maxCapacity(0);
        final int[] exponents = new int[servers.count()];
        for (int s = 0; s < servers.count(); s++) {
            final int capacity = servers.capacity(s, 0);
            if (capacity == 0) {
                throw new IllegalArgumentException(kernel + " needs servers of positive capacity: server " + s
                    + " has 0 units");
            }
            int e = 0;
            while (((long) capacity << e) < largest) {
                e++;
            }
            if (((long) capacity << e) != largest) {
                throw new IllegalArgumentException(kernel + " supports server capacities that differ by powers of 2"
                    + " (each the largest / 2^e exactly, in units): server " + s + " has " + capacity
                    + " units and the largest has " + largest);
            }
            if (e > levels - UniversalPartition.MIN_LEVELS) {
                throw new IllegalArgumentException(kernel + " supports capacities down to the largest / 2^(J - 2) = "
                    + "largest / 2^" + (levels - UniversalPartition.MIN_LEVELS) + ": server " + s + " has the largest"
                    + " / 2^" + e + " (" + capacity + " of " + largest + " units); raise J");
            }
            exponents[s] = e;
        }
        return exponents;
    }

    /** The virtual queue of a job: the type of its size. O(1). */
    protected final int typeOf(final int job) {
        return partition.typeOf(jobs.size(job, 0));
    }

    @Override
    public void onArrival(final int job) {
        final int type = typeOf(job);
        final boolean wasEmpty = lengths[type] == 0;
        queues[type].enqueue(job);
        lengths[type]++;
        queued++;
        if (wasEmpty) {
            onHeadChanged(type);
        }
    }

    /** The head of virtual queue {@code type} changed between decisions (it was empty and got a job). */
    protected void onHeadChanged(final int type) {
    }

    /** Takes a queued job of virtual queue {@code type} out of it and starts it on {@code server}. */
    protected final void place(final int job, final int type, final int server) {
        queues[type].remove(job);
        lengths[type]--;
        queued--;
        context.place(job, server);
    }

    /**
     * Sets the configuration of an empty server to the maximum-weight one of its K<sub>RED</sub> for the
     * current queue lengths (Eq. 8); ties to the lowest index. O(J).
     */
    protected final int renew(final int server) {
        assert servers.jobCount(server) == 0 && !stalled[server] : "renewal of busy or stalled server " + server;
        final int x = exponentIndex[server];
        final int c = configStart[x] + reduced[x].maxWeight(lengths, 2 * exponentOf[x]);
        configOf[server] = c;
        final int first = configFirst[c];
        nextInConfig[server] = first;
        prevInConfig[server] = -1;
        if (first >= 0) {
            prevInConfig[first] = server;
        }
        configFirst[c] = server;
        listed[server] = true;
        return c;
    }

    /** The server's last job departed: it ends any stall and holds no configuration. */
    protected final void emptied(final int server) {
        if (stalled[server]) {
            stalled[server] = false;
        } else {
            unlist(server);
        }
        configOf[server] = -1;
    }

    private void unlist(final int server) {
        if (!listed[server]) {
            return;
        }
        final int before = prevInConfig[server];
        final int after = nextInConfig[server];
        if (before >= 0) {
            nextInConfig[before] = after;
        } else {
            configFirst[configOf[server]] = after;
        }
        if (after >= 0) {
            prevInConfig[after] = before;
        }
        listed[server] = false;
    }

    /** Weight of flattened configuration {@code c} for the current queue lengths. */
    protected final long weight(final int c) {
        final long other = (long) configCount[c] * lengths[configOther[c]];
        return configType1[c] >= 0 ? other + lengths[configType1[c]] : other;
    }

    /** The stall check that ends a decision (see the class comment). */
    protected final void stallInefficientServers() {
        for (int x = 0; x < exponentCount; x++) {
            final int end = configStart[x + 1];
            long best = 0;
            for (int c = configStart[x]; c < end; c++) {
                best = Math.max(best, weight(c));
            }
            for (int c = configStart[x]; c < end; c++) {
                if (configFirst[c] >= 0 && stall.isBelow(weight(c), best)) {
                    for (int server = configFirst[c]; server >= 0; server = nextInConfig[server]) {
                        listed[server] = false;
                        stalled[server] = true;
                        stallsStarted++;
                        onStall(server);
                    }
                    configFirst[c] = -1;
                }
            }
        }
    }

    /** J. */
    public final int levels() {
        return levels;
    }

    /** The stall fraction, or null when stalling is off. */
    public final StallFraction stallFraction() {
        return stall;
    }

    /** Stalls started so far. */
    @Override
    public final long stallsStarted() {
        return stallsStarted;
    }

    /** Whether {@code server} is stalled. */
    public final boolean isStalled(final int server) {
        return stalled[server];
    }

    /**
     * The active configuration of {@code server} in the paper's notation over cluster types (for example
     * {@code e1 + 2 e5}), or {@code "none"} while it is empty. Allocates; for observers and tests.
     */
    public final String configurationOf(final int server) {
        final int c = configOf[server];
        if (c < 0) {
            return "none";
        }
        final String other = (configCount[c] == 1 ? "" : configCount[c] + " ") + "e" + configOther[c];
        return configType1[c] >= 0 ? "e" + configType1[c] + " + " + other : other;
    }

    /** The virtual queue of type {@code type}, for observers and tests. */
    public final JobQueue virtualQueue(final int type) {
        return queues[type];
    }

    /** The partition in use (relative to the largest capacity). */
    public final UniversalPartition partition() {
        return partition;
    }
}
