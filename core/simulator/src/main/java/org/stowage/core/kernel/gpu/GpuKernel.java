package org.stowage.core.kernel.gpu;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceView;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;

/**
 * Base of the GPU-sharing kernels (Weng et al., ATC'23, and the five baselines of its artifact): a pod goes
 * to the feasible node of highest score, ties to the node of lowest <em>rank</em>, and takes the GPUs its
 * policy chooses there. What differs between the kernels is {@link #select}.
 *
 * <h2>Feasibility, ranks and ties</h2>
 * A node is feasible when the pod fits its vector resources (CPU, memory: the Kubernetes filter
 * {@code NodeResourcesFit}) and its GPUs ({@link DeviceView#fits}: the artifact's {@code Open-Gpu-Share}
 * filter: the model allowed, and enough GPUs each with the milli free). Scores are integers as the
 * Kubernetes framework keeps them; the artifact's scheduler (its fork of Kubernetes 1.20.5) breaks ties by
 * the smallest node name, and names every node {@code %04d-} plus its name with the number drawn from a
 * random permutation ({@code rand.Perm}, seeded by the experiment's seed). So ties go to the lowest rank of
 * a seeded random permutation of the nodes: here drawn once, at attach, from the
 * {@link SchedulerContext#COINS} stream (Fisher-Yates), and the same for a kernel and its twin.
 *
 * <h2>Pods that fit nowhere</h2>
 * An arriving pod is tried at the decision of its instant; one that fits no node waits, in arrival order,
 * and is tried again only after departures, first the waiting pods in arrival order, then the new ones
 * (the order of the Kubernetes active queue). Since a pod that did not fit can only fit a node that freed
 * resources since, a waiting pod is tried again only when it fits one of the nodes with departures since
 * the last decision (an exact shortcut). With pods that never leave (the paper's evaluation), a pod that fits
 * nowhere on arrival waits for ever: it is the paper's failed pod.
 *
 * <p>Cost: the decision of a new pod is one {@link #select}; after departures, O(W x S) for W waiting pods
 * and S nodes with departures, plus a select per waiting pod that fits one of them. Allocation-free after
 * attach.
 */
public abstract class GpuKernel extends KernelBase {
    /** The servers' GPUs and the pods' demands. */
    protected DeviceView devices;
    /** rank[s]: node s's position in the tie order (lower wins). */
    protected int[] rank;
    /** The GPUs {@link #select} chose on the node it returned (a mask over that node's devices). */
    protected int chosenDevices;

    private FifoQueue fresh;
    private FifoQueue waiting;
    private int[] departed;
    private boolean[] departedMark;
    private int departedCount;

    protected GpuKernel(final String name) {
        super(name);
    }

    @Override
    protected void onAttach() {
        devices = context.devices();
        rank = ranks(context, serverCount);
        fresh = context.newFifoQueue();
        waiting = context.newFifoQueue();
        departed = new int[serverCount];
        departedMark = new boolean[serverCount];
        onAttachGpu();
    }

    /** The node ranks of the tie order: a uniform random permutation drawn from the COINS stream. */
    static int[] ranks(final SchedulerContext context, final int servers) {
        final int[] rank = new int[servers];
        for (int s = 0; s < servers; s++) {
            rank[s] = s;
        }
        final RandomGenerator coins = context.random(SchedulerContext.COINS);
        for (int i = servers - 1; i > 0; i--) {
            final int j = coins.nextInt(i + 1);
            final int swap = rank[i];
            rank[i] = rank[j];
            rank[j] = swap;
        }
        return rank;
    }

    /** The kernel's own part of attach; {@link #devices} and {@link #rank} are set. */
    protected void onAttachGpu() {
    }

    /**
     * The node for {@code job}: the feasible node of highest score, ties to the lowest {@link #rank}, with
     * the GPUs it takes there in {@link #chosenDevices} (0 for a pod without GPUs); {@link ServerView#NONE}
     * when no node is feasible. Must draw nothing from a random stream when it returns NONE.
     */
    protected abstract int select(int job);

    /** {@code job} was placed on {@code server} (its devices taken): keep indexes in step. */
    protected void onPlaced(final int job, final int server) {
    }

    /** {@code job} left {@code server} (resources and devices already freed): keep indexes in step. */
    protected void onFreed(final int job, final int server) {
    }

    @Override
    public final void onArrival(final int job) {
        fresh.enqueue(job);
    }

    @Override
    public final void onDeparture(final int job, final int server) {
        if (!departedMark[server]) {
            departedMark[server] = true;
            departed[departedCount++] = server;
        }
        onFreed(job, server);
    }

    @Override
    public final void decide(final double now) {
        if (departedCount > 0) {
            int job = waiting.head();
            while (job != JobTable.NONE) {
                final int next = waiting.next(job);
                if (fitsADepartedServer(job)) {
                    tryPlace(job, waiting);
                }
                job = next;
            }
            for (int i = 0; i < departedCount; i++) {
                departedMark[departed[i]] = false;
            }
            departedCount = 0;
        }
        int job = fresh.head();
        while (job != JobTable.NONE) {
            if (!tryPlace(job, fresh)) {
                fresh.remove(job);
                waiting.enqueue(job);
            }
            job = fresh.head();
        }
    }

    private boolean fitsADepartedServer(final int job) {
        final int demand = devices.demand(job);
        for (int i = 0; i < departedCount; i++) {
            final int server = departed[i];
            if (servers.fits(jobs, job, server) && devices.fits(demand, server)) {
                return true;
            }
        }
        return false;
    }

    /** Places {@code job}, taken off {@code queue}, on the node {@link #select} gives, if any. */
    private boolean tryPlace(final int job, final FifoQueue queue) {
        final int server = select(job);
        if (server == ServerView.NONE) {
            return false;
        }
        queue.remove(job);
        context.place(job, server, chosenDevices);
        onPlaced(job, server);
        return true;
    }

    /** Whether {@code job} fits {@code server}: its vector resources and its GPUs. O(D + G). */
    protected final boolean feasible(final int job, final int demand, final int server) {
        return servers.fits(jobs, job, server) && devices.fits(demand, server);
    }

    /** Whether (score, server) beats (bestScore, best): a higher score, or an equal one at a lower rank. */
    protected final boolean beats(final long score, final int server, final long bestScore, final int best) {
        return best == ServerView.NONE || score > bestScore || score == bestScore && rank[server] < rank[best];
    }

    /**
     * The artifact's "best" GPU choice ({@code allocateGpuIdBasedOnBestFit}): a fraction goes to the GPU with
     * the least free milli that holds it (lowest index among equals); whole GPUs are the lowest-index free
     * ones. O(G).
     */
    protected final int bestFitDevices(final int demand, final int server) {
        final int units = DeviceDemand.units(demand);
        if (DeviceDemand.count(demand) == 0) {
            return 0;
        }
        if (units < devices.unitsPerDevice()) {
            int best = -1;
            int bestResidual = Integer.MAX_VALUE;
            for (int d = 0; d < devices.deviceCount(server); d++) {
                final int residual = devices.residual(server, d);
                if (residual >= units && residual < bestResidual) {
                    best = d;
                    bestResidual = residual;
                }
            }
            return 1 << best;
        }
        return devices.lowestFitting(demand, server);
    }
}
