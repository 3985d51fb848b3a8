package org.stowage.core.kernel.partition.reference;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.kernel.support.StallCounting;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;

/**
 * Reference twin of {@link org.stowage.core.kernel.partition.VirtualQueueScheduling} ({@code VQS-naive}) and
 * {@link org.stowage.core.kernel.partition.VirtualQueueBestFit} ({@code VQS-BF-naive}), written from the paper and
 * docs/VQS.md without the indexed code: virtual queues are plain lists, configurations plain count vectors
 * over the 2J types, weights full inner products, stall thresholds {@link BigDecimal}s, and every decision
 * rescans every server from index 0 after every action ("the lowest-index server that can act acts, until
 * none can"). What a server holds is read by walking its job list. Slow and allocating; tests only.
 *
 * <p>A {@link JobQueue} is still used, only so the simulation sees jobs as queued; no decision reads it.
 */
public final class NaiveVirtualQueues extends KernelBase implements StallCounting {
    private final boolean bestFit;
    private final int levels;
    private final BigDecimal stall;

    private JobQueue stateHolder;
    private int largest;
    private final List<List<Integer>> virtualQueues = new ArrayList<>();
    /** Every queued job in arrival order. */
    private final List<Integer> waiting = new ArrayList<>();
    private int[] exponent;
    /** Per server, its configuration as job counts per type, or null while it is empty. */
    private int[][] configuration;
    private boolean[] stalled;
    /** K_RED of J - e levels, shifted by 2e, for each e. */
    private final List<List<int[]>> configurationsByExponent = new ArrayList<>();
    private long stalls;

    /**
     * @param bestFit   VQS-BF (true) or VQS (false)
     * @param levels    J
     * @param stallText stall fraction as text, or null for none
     */
    public NaiveVirtualQueues(final boolean bestFit, final int levels, final String stallText) {
        super(nameOf(bestFit, levels, stallText));
        this.bestFit = bestFit;
        this.levels = levels;
        this.stall = stallText == null ? null : new BigDecimal(stallText);
    }

    private static String nameOf(final boolean bestFit, final int levels, final String stallText) {
        final List<String> parameters = new ArrayList<>();
        if (levels != 10) {
            parameters.add("J=" + levels);
        }
        if (stallText != null) {
            parameters.add("stall=" + new BigDecimal(stallText).stripTrailingZeros().toPlainString());
        }
        return (bestFit ? "VQS-BF-naive" : "VQS-naive") + (parameters.isEmpty() ? "" : ":" + String.join(",", parameters));
    }

    @Override
    protected void onAttach() {
        stateHolder = context.newQueue();
        if (servers.dimensions() != 1) {
            throw new IllegalArgumentException(name() + " needs one resource");
        }
        for (int s = 0; s < servers.count(); s++) {
            largest = Math.max(largest, servers.capacity(s, 0));
        }
        exponent = new int[servers.count()];
        for (int s = 0; s < servers.count(); s++) {
            final int capacity = servers.capacity(s, 0);
            int e = -1;
            for (int candidate = 0; candidate <= levels - 2; candidate++) {
                if ((long) capacity * (1L << candidate) == largest) {
                    e = candidate;
                }
            }
            if (e < 0) {
                throw new IllegalArgumentException(name() + ": server " + s + " capacity " + capacity
                    + " is not the largest (" + largest + ") / 2^e for e <= J - 2");
            }
            exponent[s] = e;
        }
        for (int t = 0; t < 2 * levels; t++) {
            virtualQueues.add(new ArrayList<>());
        }
        for (int e = 0; e <= levels - 2; e++) {
            configurationsByExponent.add(reducedSet(levels - e, 2 * e));
        }
        configuration = new int[servers.count()][];
        stalled = new boolean[servers.count()];
    }

    /** K_RED^(j) as in Eq. 7, each vector over the 2J cluster types with the server's types shifted by {@code shift}. */
    private List<int[]> reducedSet(final int j, final int shift) {
        final List<int[]> set = new ArrayList<>();
        for (int m = 0; m <= j - 1; m++) {
            final int[] k = new int[2 * levels];
            k[shift + 2 * m] = 1 << m;
            set.add(k);
        }
        for (int m = 1; m <= j - 1; m++) {
            final int[] k = new int[2 * levels];
            k[shift + 2 * m + 1] = 3 * (1 << (m - 1));
            set.add(k);
        }
        for (int m = 2; m <= j - 1; m++) {
            final int[] k = new int[2 * levels];
            k[shift + 1] = 1;
            k[shift + 2 * m] = (1 << m) / 3;
            set.add(k);
        }
        for (int m = 1; m <= j - 1; m++) {
            final int[] k = new int[2 * levels];
            k[shift + 1] = 1;
            k[shift + 2 * m + 1] = 1 << (m - 1);
            set.add(k);
        }
        return set;
    }

    /** Type by Eq. 6 relative to the largest capacity: find the dyadic band, then the 2/3 cut, by exact products. */
    private int type(final int units) {
        for (int m = 0; m < levels; m++) {
            final long scaled = (long) units * (1L << m);
            if (scaled <= largest && 2 * scaled > largest) {
                return 3 * scaled > 2L * largest ? 2 * m : 2 * m + 1;
            }
        }
        return 2 * levels - 1;
    }

    private int size(final int job) {
        return jobs.size(job, 0);
    }

    private long weight(final int[] k) {
        long w = 0;
        for (int t = 0; t < k.length; t++) {
            w += (long) k[t] * virtualQueues.get(t).size();
        }
        return w;
    }

    private int[] maxWeightConfiguration(final int server) {
        int[] best = null;
        long bestWeight = -1;
        for (final int[] k : configurationsByExponent.get(exponent[server])) {
            final long w = weight(k);
            if (w > bestWeight) {
                best = k;
                bestWeight = w;
            }
        }
        return best;
    }

    private int typeOneOf(final int server) {
        return 2 * exponent[server] + 1;
    }

    private int otherTypeOf(final int[] k, final int typeOne) {
        for (int t = 0; t < k.length; t++) {
            if (t != typeOne && k[t] > 0) {
                return t;
            }
        }
        throw new AssertionError("configuration without another type");
    }

    private List<Integer> jobsOn(final int server) {
        final List<Integer> held = new ArrayList<>();
        for (int job = servers.firstJob(server); job != JobTable.NONE; job = servers.nextJobOnServer(jobs, job)) {
            held.add(job);
        }
        return held;
    }

    private boolean empty(final int server) {
        return jobsOn(server).isEmpty();
    }

    @Override
    public void onArrival(final int job) {
        stateHolder.enqueue(job);
        waiting.add(job);
        virtualQueues.get(type(size(job))).add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        if (empty(server)) {
            stalled[server] = false;
            configuration[server] = null;
        }
    }

    private void start(final int job, final int server) {
        waiting.remove(Integer.valueOf(job));
        virtualQueues.get(type(size(job))).remove(Integer.valueOf(job));
        stateHolder.remove(job);
        context.place(job, server);
    }

    @Override
    public void decide(final double now) {
        boolean acted = true;
        while (acted) {
            acted = false;
            for (int server = 0; server < servers.count() && !acted; server++) {
                if (canAct(server)) {
                    if (bestFit) {
                        actBestFit(server);
                    } else {
                        actVirtualQueue(server);
                    }
                    acted = true;
                }
            }
        }
        if (stall != null) {
            stallCheck();
        }
    }

    private boolean canAct(final int server) {
        if (stalled[server]) {
            return false;
        }
        if (bestFit) {
            for (final int job : waiting) {
                if (size(job) <= servers.residual(server, 0)) {
                    return true;
                }
            }
            return false;
        }
        if (empty(server)) {
            for (int t = 2 * exponent[server]; t < 2 * levels; t++) {
                if (!virtualQueues.get(t).isEmpty()) {
                    return true;
                }
            }
            return false;
        }
        final int[] k = configuration[server];
        final int a = typeOneOf(server);
        final List<Integer> queueA = virtualQueues.get(a);
        if (k[a] == 1 && !holdsType(server, a) && !queueA.isEmpty()) {
            return true;
        }
        final List<Integer> queueJ = virtualQueues.get(otherTypeOf(k, a));
        return !queueJ.isEmpty() && size(queueJ.get(0)) <= room(server);
    }

    private boolean holdsType(final int server, final int t) {
        for (final int job : jobsOn(server)) {
            if (type(size(job)) == t) {
                return true;
            }
        }
        return false;
    }

    /** What the other queue's jobs may still use: the residual, or (k_1 = 1) C - floor(2C/3) minus their sizes. */
    private int room(final int server) {
        final int[] k = configuration[server];
        final int a = typeOneOf(server);
        if (k[a] == 0) {
            return servers.residual(server, 0);
        }
        final int capacity = servers.capacity(server, 0);
        int used = 0;
        for (final int job : jobsOn(server)) {
            if (type(size(job)) != a) {
                used += size(job);
            }
        }
        return capacity - 2 * capacity / 3 - used;
    }

    private void actVirtualQueue(final int server) {
        if (empty(server)) {
            configuration[server] = maxWeightConfiguration(server);
        }
        final int[] k = configuration[server];
        final int a = typeOneOf(server);
        final List<Integer> queueA = virtualQueues.get(a);
        if (k[a] == 1 && !holdsType(server, a) && !queueA.isEmpty()) {
            start(queueA.get(0), server);
        }
        final List<Integer> queueJ = virtualQueues.get(otherTypeOf(k, a));
        while (!queueJ.isEmpty() && size(queueJ.get(0)) <= room(server)) {
            start(queueJ.get(0), server);
        }
    }

    /** Largest job of {@code candidates} with size at most the residual; among equals the first listed. */
    private int largestFitting(final List<Integer> candidates, final int server) {
        int best = JobTable.NONE;
        for (final int job : candidates) {
            if (size(job) <= servers.residual(server, 0) && (best == JobTable.NONE || size(job) > size(best))) {
                best = job;
            }
        }
        return best;
    }

    private void actBestFit(final int server) {
        if (empty(server)) {
            configuration[server] = maxWeightConfiguration(server);
        }
        final int[] k = configuration[server];
        final int a = typeOneOf(server);
        if (k[a] == 1) {
            final int job = largestFitting(virtualQueues.get(a), server);
            if (job != JobTable.NONE) {
                start(job, server);
            }
        }
        final int j = otherTypeOf(k, a);
        while (countType(server, j) < k[j]) {
            final int job = largestFitting(virtualQueues.get(j), server);
            if (job == JobTable.NONE) {
                break;
            }
            start(job, server);
        }
        for (int job = largestFitting(waiting, server); job != JobTable.NONE; job = largestFitting(waiting, server)) {
            start(job, server);
        }
    }

    private int countType(final int server, final int t) {
        int count = 0;
        for (final int job : jobsOn(server)) {
            if (type(size(job)) == t) {
                count++;
            }
        }
        return count;
    }

    private void stallCheck() {
        for (int server = 0; server < servers.count(); server++) {
            if (stalled[server] || empty(server)) {
                continue;
            }
            long best = 0;
            for (final int[] k : configurationsByExponent.get(exponent[server])) {
                best = Math.max(best, weight(k));
            }
            final BigDecimal threshold = stall.multiply(BigDecimal.valueOf(best));
            if (BigDecimal.valueOf(weight(configuration[server])).compareTo(threshold) < 0) {
                stalled[server] = true;
                stalls++;
            }
        }
    }

    /** Stalls started so far. */
    @Override
    public long stallsStarted() {
        return stalls;
    }
}
