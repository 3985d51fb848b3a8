package org.stowage.core.kernel.lotes;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.ServerView;

/**
 * LoTES Stage 3 (Tran et al. 2018, Sec. 4.3): each machine emulates the bin the offline stages gave it
 * ({@link LotesPlan}), with one FIFO queue per job class.
 *
 * <h2>Arrival (4.3.1)</h2>
 * A class-{@code k} job goes to a configuration drawn by roulette over {@code rho_jk}
 * ({@link SchedulerContext#ROUTING}: {@code u * sum} over the candidates, in configuration order), then to
 * the machine of that configuration with the highest {@code v = N_ijk - kappa_ik} that fits it, ties to the
 * lowest server id ({@link BinDeficitIndex}; every machine of the configuration is a candidate, those whose
 * bin holds no class-{@code k} job with {@code v = -kappa <= 0}). If none fits, the other configurations
 * with {@code Delta_jk > 0} not yet tried, by roulette over their {@code rho_jk} renormalised (one draw
 * each); then the lowest-id machine of the whole cluster that fits (first fit); else the class's queue.
 *
 * <h2>Departure (4.3.2)</h2>
 * On the machine {@code i} the job left (configuration {@code j}), the classes with {@code Delta_jk > 0} and
 * a non-empty queue are ranked by decreasing {@code v_ik}, ties to the lower class; the top class's queue is
 * searched in arrival order, the first job that fits starts and the ranking is redone (its {@code v} fell by
 * one); a class whose queue holds no fitting job drops out. A class with {@code Delta_jk = 0} is never
 * started there: the machine idles instead (the paper's choice). The search in arrival order is
 * {@link ArrivalOrderFitIndex#firstFitting} over the class's queue, which returns the job the scan would
 * (its naive twin, {@code NaiveLotes}, scans).
 *
 * <h2>Cost, allocation</h2>
 * Arrival: O(M) for the roulette, {@link BinDeficitIndex#best} per configuration tried (O(log n) typical),
 * the first fit (the last resort: {@link BinDeficitIndex#firstFit} over the M configurations' own trees,
 * O(M D log n) typical, so the server table keeps no first-fit index for LoTES), O(D log q) to queue;
 * departure: O(K) per start for the ranking plus one {@link ArrivalOrderFitIndex} query per start and per
 * class that drops out (O(C D log q) typical for q queued jobs and C cones, O(C D q) at worst). 0 bytes after
 * {@link #attach}, except when an append finds a class index's slots full and more than half of them live
 * (the index doubles).
 */
public final class LotesDispatcher extends KernelBase {
    private final LotesPlan plan;
    private final int classes;
    private final int configurations;
    private RandomGenerator routing;
    /** {@code v = N - kappa} per machine and class at {@code [s * K + k]}. */
    private int[] deficit;
    private int[] indexInConfiguration;
    private BinDeficitIndex[] indexes;
    /**
     * Each class's queue as the engine sees it (queued state, queue-length statistics); the order the
     * departures search is {@link #waiting}'s.
     */
    private FifoQueue[] queues;
    /** Each class's queue again, in arrival order, indexed for the departures' search. */
    private ArrivalOrderFitIndex[] waiting;
    private boolean[] routed;
    private boolean[] tried;
    /**
     * The roulette of an arrival's first draw, when no configuration has been tried, per class: the total
     * of its {@code rho_jk}, the last configuration serving it (-1 for none), and the running sums at
     * {@code [k * M + j]}, added in the order {@link #nextConfiguration} adds them, so the draw is the same.
     */
    private double[] firstTotal;
    private int[] firstLast;
    private double[] firstCumulative;
    /** During a departure: the classes still searched (served there, queue not empty, a fit not ruled out). */
    private boolean[] searching;
    /** The departed machine's residuals, reread after each start there. */
    private int[] room;

    public LotesDispatcher(final Model model) {
        super("LoTES");
        this.plan = model.plan(LotesPlan.class);
        this.classes = plan.classCount();
        this.configurations = plan.configurationCount();
        checkAgainst(plan, model.serverClasses());
    }

    /** Fails unless {@code plan} was made for these server classes (same machines, same configurations). */
    static void checkAgainst(final LotesPlan plan, final ServerClasses serverClasses) {
        if (plan.serverCount() != serverClasses.servers()) {
            throw new IllegalArgumentException("LoTES plan covers " + plan.serverCount() + " machines but the cluster has "
                + serverClasses.servers());
        }
        if (plan.configurationCount() != serverClasses.count()) {
            throw new IllegalArgumentException("LoTES plan has " + plan.configurationCount()
                + " configurations but the cluster has " + serverClasses.count() + " server classes");
        }
        for (int s = 0; s < plan.serverCount(); s++) {
            if (plan.configurationOf(s) != serverClasses.classOf(s)) {
                throw new IllegalArgumentException("LoTES plan puts machine " + s + " in configuration "
                    + plan.configurationOf(s) + " but the cluster's server class is " + serverClasses.classOf(s));
            }
        }
    }

    @Override
    protected void onAttach() {
        routing = context.random(SchedulerContext.ROUTING);
        final int count = servers.count();
        deficit = new int[count * classes];
        indexInConfiguration = new int[count];
        indexes = new BinDeficitIndex[configurations];
        for (int s = 0; s < count; s++) {
            for (int k = 0; k < classes; k++) {
                deficit[s * classes + k] = plan.target(s, k);
            }
        }
        for (int j = 0; j < configurations; j++) {
            final int[] members = new int[plan.configurationSize(j)];
            for (int i = 0; i < members.length; i++) {
                members[i] = plan.configurationServer(j, i);
                indexInConfiguration[members[i]] = i;
            }
            indexes[j] = new BinDeficitIndex(members, dimensions, classes);
            for (int i = 0; i < members.length; i++) {
                indexes[j].residualChanged(i, servers);
                for (int k = 0; k < classes; k++) {
                    indexes[j].deficitChanged(i, k, deficit[members[i] * classes + k]);
                }
            }
        }
        queues = new FifoQueue[classes];
        for (int k = 0; k < classes; k++) {
            queues[k] = context.newFifoQueue();
        }
        waiting = new ArrivalOrderFitIndex[classes];
        for (int k = 0; k < classes; k++) {
            waiting[k] = new ArrivalOrderFitIndex(dimensions);
        }
        routed = new boolean[classes];
        for (int k = 0; k < classes; k++) {
            routed[k] = plan.isRouted(k);
        }
        tried = new boolean[configurations];
        searching = new boolean[classes];
        room = new int[dimensions];
        firstTotal = new double[classes];
        firstLast = new int[classes];
        firstCumulative = new double[classes * configurations];
        for (int k = 0; k < classes; k++) {
            double total = 0;
            int last = -1;
            for (int j = 0; j < configurations; j++) {
                if (plan.serves(j, k)) {
                    total += plan.routingProbability(k, j);
                    last = j;
                }
            }
            firstTotal[k] = total;
            firstLast[k] = last;
            double cumulative = 0;
            for (int j = 0; j < last; j++) {
                if (plan.serves(j, k)) {
                    cumulative += plan.routingProbability(k, j);
                }
                firstCumulative[k * configurations + j] = cumulative;
            }
        }
    }

    @Override
    public void onArrival(final int job) {
        final int k = classOf(job);
        final int server = machineFor(job, k);
        if (server == ServerView.NONE) {
            enqueue(job, k);
            return;
        }
        start(job, k, server);
        refresh(server);
    }

    /**
     * Sec. 4.3.1's machine for a class-{@code k} arrival: the best of the configuration the roulette draws,
     * then of the other serving configurations by roulette over the untried ones, then the cluster's first
     * fit; NONE when none fits (the job queues).
     */
    private int machineFor(final int job, final int k) {
        if (routed[k]) {
            int j = firstConfiguration(k);
            for (boolean first = true; j >= 0; first = false) {
                final int server = indexes[j].best(k, jobs, job, servers);
                if (server != ServerView.NONE) {
                    return server;
                }
                if (first) {
                    Arrays.fill(tried, false);
                }
                tried[j] = true;
                j = nextConfiguration(k);
            }
        }
        return firstFitOfCluster(job);
    }

    /**
     * The lowest-id machine of the whole cluster that fits {@code job}, from the configurations' own trees:
     * each is asked only for ids below the best found so far.
     */
    private int firstFitOfCluster(final int job) {
        int server = ServerView.NONE;
        for (int j = 0; j < configurations; j++) {
            final int found = indexes[j].firstFit(jobs, job, servers,
                server == ServerView.NONE ? Integer.MAX_VALUE : server);
            if (found != ServerView.NONE) {
                server = found;
            }
        }
        return server;
    }

    /** {@link #nextConfiguration} when nothing has been tried yet, from the sums made at attach. */
    private int firstConfiguration(final int k) {
        final int last = firstLast[k];
        if (last < 0) {
            return -1;
        }
        final double u = routing.nextDouble() * firstTotal[k];
        final int base = k * configurations;
        for (int j = 0; j < last; j++) {
            if (plan.serves(j, k) && u < firstCumulative[base + j]) {
                return j;
            }
        }
        return last;
    }

    /** Roulette over the untried configurations serving class {@code k}, or -1 when none is left. */
    private int nextConfiguration(final int k) {
        double total = 0;
        int last = -1;
        for (int j = 0; j < configurations; j++) {
            if (!tried[j] && plan.serves(j, k)) {
                total += plan.routingProbability(k, j);
                last = j;
            }
        }
        if (last < 0) {
            return -1;
        }
        final double u = routing.nextDouble() * total;
        double cumulative = 0;
        for (int j = 0; j < last; j++) {
            if (!tried[j] && plan.serves(j, k)) {
                cumulative += plan.routingProbability(k, j);
                if (u < cumulative) {
                    return j;
                }
            }
        }
        return last;
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int left = jobs.jobClass(job);
        deficit[server * classes + left]++;
        deficitChanged(server, left);
        final int j = plan.configurationOf(server);
        readRoom(server);
        for (int k = 0; k < classes; k++) {
            searching[k] = plan.serves(j, k) && !queues[k].isEmpty() && waiting[k].mayFit(room);
        }
        while (true) {
            int top = -1;
            for (int k = 0; k < classes; k++) {
                if (searching[k]
                    && (top < 0 || deficit[server * classes + k] > deficit[server * classes + top])) {
                    top = k;
                }
            }
            if (top < 0) {
                break;
            }
            final int slot = waiting[top].firstFitting(room);
            if (slot == ArrivalOrderFitIndex.NONE) {
                searching[top] = false;
                continue;
            }
            final int candidate = waiting[top].jobAt(slot);
            waiting[top].remove(slot);
            queues[top].remove(candidate);
            start(candidate, top, server);
            readRoom(server);
        }
        refresh(server);
    }

    @Override
    public void decide(final double now) {
        // every decision is taken at the arrival or the departure that calls for it
    }

    private int classOf(final int job) {
        final int k = jobs.jobClass(job);
        if (k >= classes) {
            throw new IllegalStateException("LoTES: job " + job + " has class " + k + " but the plan has "
                + classes + " classes (0 to " + (classes - 1) + ")");
        }
        return k;
    }

    private void start(final int job, final int k, final int server) {
        context.place(job, server);
        deficit[server * classes + k]--;
        deficitChanged(server, k);
    }

    private void deficitChanged(final int server, final int k) {
        indexes[plan.configurationOf(server)].deficitChanged(indexInConfiguration[server], k,
            deficit[server * classes + k]);
    }

    /** After the starts of an arrival or a departure: the machine's residuals changed. */
    private void refresh(final int server) {
        indexes[plan.configurationOf(server)].residualChanged(indexInConfiguration[server], servers);
    }

    private void readRoom(final int server) {
        for (int d = 0; d < dimensions; d++) {
            room[d] = servers.residual(server, d);
        }
    }

    private void enqueue(final int job, final int k) {
        queues[k].enqueue(job);
        waiting[k].append(job, jobs);
    }
}
