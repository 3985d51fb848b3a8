package org.stowage.core.kernel.gpu.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceView;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.ServerView;

/**
 * Base of the naive twins of the GPU-sharing kernels ({@link org.stowage.core.kernel.gpu.GpuKernel}): the
 * same rules written to be obviously right. Waiting pods in plain lists; after any departure every waiting
 * pod is tried again by a full scan (no shortcut); node choice by a scan of every node, each node's state
 * read afresh from its devices. The same tie order: a permutation drawn from the COINS stream by the same
 * Fisher-Yates steps. Slow and allocating; for the differential tests and as the benchmarks' baseline.
 */
public abstract class NaiveGpuKernel extends KernelBase {
    protected DeviceView devices;
    protected int[] rank;
    private final List<Integer> fresh = new ArrayList<>();
    private final List<Integer> waiting = new ArrayList<>();
    private FifoQueue stateHolder;
    private boolean departures;

    protected NaiveGpuKernel(final String name) {
        super(name);
    }

    @Override
    protected void onAttach() {
        devices = context.devices();
        stateHolder = context.newFifoQueue();
        rank = new int[serverCount];
        for (int s = 0; s < serverCount; s++) {
            rank[s] = s;
        }
        final RandomGenerator coins = context.random(SchedulerContext.COINS);
        for (int i = serverCount - 1; i > 0; i--) {
            final int j = coins.nextInt(i + 1);
            final int swap = rank[i];
            rank[i] = rank[j];
            rank[j] = swap;
        }
        onAttachNaive();
    }

    protected void onAttachNaive() {
    }

    /** The chosen node and its GPUs ({@code {server, devices}}), or null when no node is feasible. */
    protected abstract int[] choose(int job);

    /** A placement happened (for kernels that track what runs where). */
    protected void placed(final int job, final int server) {
    }

    /** A departure happened. */
    protected void freed(final int job, final int server) {
    }

    @Override
    public final void onArrival(final int job) {
        stateHolder.enqueue(job);
        fresh.add(job);
    }

    @Override
    public final void onDeparture(final int job, final int server) {
        departures = true;
        freed(job, server);
    }

    @Override
    public final void decide(final double now) {
        if (departures) {
            for (final Integer job : new ArrayList<>(waiting)) {
                if (tryPlace(job)) {
                    waiting.remove(job);
                }
            }
            departures = false;
        }
        for (final Integer job : fresh) {
            if (!tryPlace(job)) {
                waiting.add(job);
            }
        }
        fresh.clear();
    }

    private boolean tryPlace(final int job) {
        final int[] choice = choose(job);
        if (choice == null) {
            return false;
        }
        stateHolder.remove(job);
        context.place(job, choice[0], choice[1]);
        placed(job, choice[0]);
        return true;
    }

    /** Every node where {@code job} fits, CPU, memory and GPUs, checked from scratch. */
    protected final List<Integer> feasibleNodes(final int job) {
        final List<Integer> nodes = new ArrayList<>();
        final int demand = devices.demand(job);
        for (int s = 0; s < serverCount; s++) {
            boolean fits = true;
            for (int d = 0; d < dimensions; d++) {
                fits &= jobs.size(job, d) <= servers.residual(s, d);
            }
            if (fits && DeviceDemand.count(demand) > 0) {
                int holding = 0;
                for (int g = 0; g < devices.deviceCount(s); g++) {
                    if (devices.residual(s, g) >= DeviceDemand.units(demand)) {
                        holding++;
                    }
                }
                fits = DeviceDemand.allows(demand, devices.model(s)) && holding >= DeviceDemand.count(demand);
            }
            if (fits) {
                nodes.add(s);
            }
        }
        return nodes;
    }

    /** The node of highest score among {@code scores} (node, score pairs), ties to the lowest rank. */
    protected final int best(final List<Integer> nodes, final List<Long> scores) {
        int best = ServerView.NONE;
        long bestScore = Long.MIN_VALUE;
        for (int i = 0; i < nodes.size(); i++) {
            final int node = nodes.get(i);
            final long score = scores.get(i);
            if (best == ServerView.NONE || score > bestScore || score == bestScore && rank[node] < rank[best]) {
                best = node;
                bestScore = score;
            }
        }
        return best;
    }

    /**
     * The feasible node of highest {@code score} (ties to the lowest rank) and there the GPUs of the
     * artifact's best fit, as {node, mask}; null if no node is feasible.
     */
    protected final int[] bestScoredNode(final int job, final IntToLongFunction score) {
        final List<Integer> nodes = feasibleNodes(job);
        if (nodes.isEmpty()) {
            return null;
        }
        final List<Long> scores = new ArrayList<>();
        for (final int node : nodes) {
            scores.add(score.applyAsLong(node));
        }
        final int node = best(nodes, scores);
        return new int[] {node, bestFitGpus(devices.demand(job), node)};
    }

    /** The free units of {@code server}'s GPUs, summed afresh. */
    protected final int freeUnits(final int server) {
        int free = 0;
        for (final int residual : residuals(server)) {
            free += residual;
        }
        return free;
    }

    /** The residuals of {@code server}'s GPUs, in device order. */
    protected final int[] residuals(final int server) {
        final int[] residual = new int[devices.deviceCount(server)];
        for (int g = 0; g < residual.length; g++) {
            residual[g] = devices.residual(server, g);
        }
        return residual;
    }

    /** The artifact's {@code AllocateExclusiveGpuId}: the first free GPUs in index order, as a mask. */
    protected final int exclusiveGpus(final int demand, final int server) {
        int left = DeviceDemand.count(demand);
        int mask = 0;
        final int[] residual = residuals(server);
        for (int g = 0; g < residual.length && left > 0; g++) {
            if (residual[g] == devices.unitsPerDevice()) {
                mask |= 1 << g;
                left--;
            }
        }
        return mask;
    }

    /** The artifact's {@code allocateGpuIdBasedOnBestFit}. */
    protected final int bestFitGpus(final int demand, final int server) {
        if (DeviceDemand.count(demand) == 0) {
            return 0;
        }
        if (DeviceDemand.units(demand) == devices.unitsPerDevice()) {
            return exclusiveGpus(demand, server);
        }
        final int[] residual = residuals(server);
        int candidate = -1;
        for (int g = 0; g < residual.length; g++) {
            if (residual[g] >= DeviceDemand.units(demand) && (candidate == -1 || residual[g] < residual[candidate])) {
                candidate = g;
            }
        }
        return 1 << candidate;
    }
}
