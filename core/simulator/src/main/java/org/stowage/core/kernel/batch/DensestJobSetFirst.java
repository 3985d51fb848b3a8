package org.stowage.core.kernel.batch;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * DJSF, Densest Job Set First (Hu and Li 2022, Algorithm 1), in its two readings of the capacity C
 * (docs/DJSF.md):
 *
 * <ul>
 *   <li><b>per server</b> ({@code DJSF}): the waiting jobs are packed into job sets under one machine's
 *       capacity (the largest capacity per resource) with G from Eq. (15) over the whole cluster, and each
 *       set starts whole on one machine, the best fit among those whose free resources hold the set's demand
 *       R_m (D = 1: least free; D &gt; 1: largest inner product of R_m and the machine's used resources;
 *       ties lowest index). A set that no machine could ever hold (only with machines of unequal shapes)
 *       starts like a pooled set.</li>
 *   <li><b>pooled</b> ({@code DJSF-pooled}): sets are packed under the cluster's total capacity and a set
 *       starts when the cluster's free resources, summed over the machines, cover R_m; its jobs then go one
 *       by one, in set order, to their best-fit machines, and a job that fits no machine yet (fragmentation;
 *       never with one machine) waits ahead of everything later.</li>
 * </ul>
 *
 * <p>Both take sets in decreasing JCE order. Algorithm 1 (lines 4-7) visits the sets in that order and
 * allocates a set "if remaining resources capacity C is sufficient"; it does not say when a set that is not
 * sufficient is tried again. Per server, such a set is passed over until a departure and later sets start
 * meanwhile (the "if" read literally); pooled, the next set blocks until the free total covers it (our
 * choice, docs/DJSF.md "Choices where the paper is silent"). The jobs a plan holds are the jobs queued when it was made; jobs
 * arriving later wait until every set of the plan has started, and then the jobs queued then are planned
 * (a batch is planned once; an online stream becomes a sequence of batches). Schedulers see predicted JCTs
 * ({@link JobView#predictedServiceTime}); the simulation runs the true ones.
 *
 * <p>Cost: a plan is {@link JobSetPlanner#plan} on the N queued jobs, O(N log N + G m log m), plus O(S L D)
 * for S sets to find those no machine holds (per server). Starting a set: O(D) to see that it cannot start
 * (per server: against the largest free resources; pooled: against the free total), O(L D) to choose its
 * machine, O(D) per job placed (pooled: plus the best-fit query). Allocation: the plan's arrays grow to the
 * largest batch seen; after that nothing is allocated (tested).
 */
public final class DensestJobSetFirst extends KernelBase {
    private static final int NO_SET = -1;

    private final boolean perServer;
    private final boolean jobwise;
    private final DjsfOptions options;
    private FifoQueue queue;
    private RandomGenerator random;
    private JobSetPlanner planner;
    private long[] packingCapacity;
    private long[] clusterCapacity;
    private long[] pooledFree;

    private int[] handles = new int[0];
    private double[] jct = new double[0];
    private int[] sizes = new int[0];
    private boolean[] setFitsNoServer = new boolean[0];
    private boolean[] started = new boolean[0];
    private int[] pendingSets = new int[0];
    private int pendingCount;
    private int[] pendingJobs = new int[0];
    private int pendingJobCount;
    private boolean departedSinceScan;
    private int nextRank;
    private int setCount;
    private int activeSet = NO_SET;
    private int activeMember;
    private long plans;

    /**
     * @param perServer whether sets are packed under one machine and started whole on one (the paper's
     *                  experiment), or under the cluster's pooled capacity
     * @param options   G, clustering, group boundary and resource order
     */
    public DensestJobSetFirst(final boolean perServer, final DjsfOptions options) {
        this(perServer, false, options);
    }

    /**
     * @param jobwise use the plan only as a job priority: jobs in (set rank, position in set) order, each to
     *                its best-fit machine as soon as one holds it, passing over those that fit nowhere yet
     *                (an option beside the paper, which starts whole sets)
     */
    public DensestJobSetFirst(final boolean perServer, final boolean jobwise, final DjsfOptions options) {
        super(perServer ? "DJSF" : "DJSF-pooled");
        this.perServer = perServer;
        this.jobwise = jobwise;
        this.options = options;
    }

    @Override
    protected void onAttach() {
        queue = context.newFifoQueue();
        planner = new JobSetPlanner(dimensions);
        clusterCapacity = JobPacking.pooledCapacity(servers);
        if (perServer) {
            packingCapacity = new long[dimensions];
            for (int d = 0; d < dimensions; d++) {
                packingCapacity[d] = servers.maxCapacity(d);
            }
        } else {
            packingCapacity = clusterCapacity;
            pooledFree = new long[dimensions];
            for (int s = 0; s < serverCount; s++) {
                for (int d = 0; d < dimensions; d++) {
                    pooledFree[d] += servers.residual(s, d);
                }
            }
        }
        if (options.clustering() == DjsfOptions.Clustering.LLOYD) {
            random = context.random(SchedulerContext.COINS);
        }
    }

    @Override
    public void onArrival(final int job) {
        queue.enqueue(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        departedSinceScan = true;
        if (pooledFree != null) {
            for (int d = 0; d < dimensions; d++) {
                pooledFree[d] += jobs.size(job, d);
            }
        }
    }

    @Override
    public void decide(final double now) {
        if (jobwise) {
            decideJobwise();
        } else if (perServer) {
            decidePerServer();
        } else {
            decidePooled();
        }
    }

    /**
     * Sets in JCE order, each whole on its best-fit machine; a set that no machine holds now is passed over
     * (its turn comes at the next pass), so later sets fill the machines meanwhile. A pass runs only after a
     * departure or a new plan: at the end of a pass no pending set fits, and placements only shrink the free
     * resources. A set no machine could ever hold has its jobs placed one by one, as they fit.
     */
    private void decidePerServer() {
        while (true) {
            if (pendingCount == 0) {
                if (queue.isEmpty()) {
                    return;
                }
                plan();
            } else if (!departedSinceScan) {
                return;
            }
            departedSinceScan = false;
            int kept = 0;
            for (int i = 0; i < pendingCount; i++) {
                final int set = pendingSets[i];
                final boolean done;
                if (setFitsNoServer[set]) {
                    done = placeMembersThatFit(set);
                } else {
                    final int server = bestServerFor(set);
                    done = server != ServerView.NONE;
                    if (done) {
                        final int size = planner.setSize(set);
                        for (int m = 0; m < size; m++) {
                            start(handles[planner.setMember(set, m)], server);
                        }
                    }
                }
                if (!done) {
                    pendingSets[kept++] = set;
                }
            }
            pendingCount = kept;
            if (pendingCount > 0) {
                return;
            }
        }
    }

    /**
     * The plan as a job priority: a pass over the pending jobs in (rank, position) order places each on its
     * best-fit machine if one holds it. Like the per-server pass, it runs only after a departure or a new plan.
     */
    private void decideJobwise() {
        while (true) {
            if (pendingJobCount == 0) {
                if (queue.isEmpty()) {
                    return;
                }
                plan();
            } else if (!departedSinceScan) {
                return;
            }
            departedSinceScan = false;
            int kept = 0;
            for (int i = 0; i < pendingJobCount; i++) {
                final int job = pendingJobs[i];
                if (!startOnBestFit(job)) {
                    pendingJobs[kept++] = job;
                }
            }
            pendingJobCount = kept;
            if (pendingJobCount > 0) {
                return;
            }
        }
    }

    /** Places the set's unstarted jobs that fit a machine now, in set order; true when none is left. */
    private boolean placeMembersThatFit(final int set) {
        final int size = planner.setSize(set);
        boolean all = true;
        for (int m = 0; m < size; m++) {
            final int local = planner.setMember(set, m);
            if (started[local]) {
                continue;
            }
            if (startOnBestFit(handles[local])) {
                started[local] = true;
            } else {
                all = false;
            }
        }
        return all;
    }

    /**
     * Algorithm 1 on the pooled capacity: the next set in JCE order starts when the free total covers its
     * demand, and everything waits until it can (blocking); its jobs then go to their best-fit machines in
     * set order, each waiting, ahead of everything later, until some machine holds it.
     */
    private void decidePooled() {
        while (true) {
            if (activeSet != NO_SET && !placeActiveMembers()) {
                return;
            }
            if (nextRank == setCount) {
                if (queue.isEmpty()) {
                    return;
                }
                plan();
            }
            final int set = planner.setAtRank(nextRank);
            if (!coversPooled(set)) {
                return;
            }
            nextRank++;
            activeSet = set;
            activeMember = 0;
        }
    }

    /** The plan of the last batch: its groups, sets, JCEs (Fig. 11). Job indices are plan-local. */
    public JobSetPlanner planner() {
        return planner;
    }

    /** How many batches were planned so far. */
    public long plans() {
        return plans;
    }

    /** Places the started set's remaining jobs in set order; false when one fits no machine yet. */
    private boolean placeActiveMembers() {
        final int size = planner.setSize(activeSet);
        while (activeMember < size) {
            if (!startOnBestFit(handles[planner.setMember(activeSet, activeMember)])) {
                return false;
            }
            activeMember++;
        }
        activeSet = NO_SET;
        return true;
    }

    private boolean coversPooled(final int set) {
        for (int d = 0; d < dimensions; d++) {
            if (planner.setDemand(set, d) > pooledFree[d]) {
                return false;
            }
        }
        return true;
    }

    /** The best-fit machine whose free resources hold the set's demand, or NONE. O(D) when none can, else O(L D). */
    private int bestServerFor(final int set) {
        for (int d = 0; d < dimensions; d++) {
            if (planner.setDemand(set, d) > servers.maxResidual(d)) {
                return ServerView.NONE;
            }
        }
        int best = ServerView.NONE;
        long bestKey = 0;
        for (int s = 0; s < servers.count(); s++) {
            long key = 0;
            boolean holds = true;
            for (int d = 0; d < dimensions && holds; d++) {
                final long demand = planner.setDemand(set, d);
                final int free = servers.residual(s, d);
                holds = demand <= free;
                key = dimensions == 1 ? -free : key + demand * (servers.capacity(s, d) - free);
            }
            if (holds && (best == ServerView.NONE || key > bestKey)) {
                best = s;
                bestKey = key;
            }
        }
        return best;
    }

    /** Starts {@code job} on its best-fit machine if one holds it now; whether it started. */
    private boolean startOnBestFit(final int job) {
        if (!servers.mayFitSomewhere(jobs, job)) {
            return false;
        }
        final int server = servers.bestFit(jobs, job);
        if (server == ServerView.NONE) {
            return false;
        }
        start(job, server);
        return true;
    }

    private void start(final int job, final int server) {
        queue.remove(job);
        if (pooledFree != null) {
            for (int d = 0; d < dimensions; d++) {
                pooledFree[d] -= jobs.size(job, d);
            }
        }
        context.place(job, server);
    }

    /** Plans the jobs queued now, in queue (arrival) order. */
    private void plan() {
        final int n = queue.size();
        if (handles.length < n) {
            final int capacity = Math.max(n, 2 * handles.length);
            handles = new int[capacity];
            jct = new double[capacity];
            sizes = new int[capacity * dimensions];
            setFitsNoServer = new boolean[capacity];
            started = new boolean[capacity];
            pendingSets = new int[capacity];
            pendingJobs = new int[capacity];
        }
        int i = 0;
        for (int job = queue.head(); job != JobTable.NONE; job = queue.next(job)) {
            handles[i] = job;
            jct[i] = jobs.predictedServiceTime(job);
            for (int d = 0; d < dimensions; d++) {
                sizes[i * dimensions + d] = jobs.size(job, d);
            }
            i++;
        }
        planner.plan(n, jct, sizes, packingCapacity, clusterCapacity, options, random);
        plans++;
        setCount = planner.setCount();
        nextRank = 0;
        if (jobwise) {
            int position = 0;
            for (int rank = 0; rank < setCount; rank++) {
                final int set = planner.setAtRank(rank);
                for (int m = 0; m < planner.setSize(set); m++) {
                    pendingJobs[position++] = handles[planner.setMember(set, m)];
                }
            }
            pendingJobCount = position;
        } else if (perServer) {
            Arrays.fill(started, 0, n, false);
            for (int rank = 0; rank < setCount; rank++) {
                final int set = planner.setAtRank(rank);
                pendingSets[rank] = set;
                setFitsNoServer[set] = !someServerHolds(set);
            }
            pendingCount = setCount;
        }
    }

    private boolean someServerHolds(final int set) {
        for (int s = 0; s < servers.count(); s++) {
            boolean holds = true;
            for (int d = 0; d < dimensions && holds; d++) {
                holds = planner.setDemand(set, d) <= servers.capacity(s, d);
            }
            if (holds) {
                return true;
            }
        }
        return false;
    }
}
