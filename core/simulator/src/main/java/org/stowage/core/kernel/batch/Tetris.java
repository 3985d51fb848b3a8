package org.stowage.core.kernel.batch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Tetris (Grandl et al. 2014) as Hu and Li 2022 (Sec. 4.1) and Tran et al. 2018 (Sec. 5.1) use it: among
 * every queued job and machine it fits, the pair with the highest {@link TetrisTerms#score score} is placed,
 * then the scores are renewed and the next pair placed, until no queued job fits any machine. Ties: the job
 * that arrived first, then the lowest machine index (the naive twin's scan order).
 *
 * <h2>Index</h2>
 * After every decision no queued job fits any machine, so the only pairs that can fit at the next one are
 * (a job that arrived since x any machine) and (any queued job x a machine whose resources grew, "dirty").
 * The kernel searches only those, exactly:
 * <ul>
 *   <li><b>Arrival side</b>, the best machine for one job: the work term depends on the machine only through
 *       its configuration, so per configuration the best is a maximum of the alignment over the machines that
 *       fit, found by branch and bound over the configuration's {@link FreeResourceTree} (per-resource maxima
 *       of the free resources and, for D = 2, cone maxima; leaves kept in the order of the machines' free
 *       resources, so a subtree is a small box of them); configurations by decreasing root bound, the best
 *       over them wins. An arriving job enters the job index only if it is still queued at the end of its
 *       decision (most start at once).</li>
 *   <li><b>Departure side</b>, the best queued job for one dirty machine: branch and bound over the
 *       {@link QueuedJobIndex}, size buckets (per resource a logarithmic level of the request and, with a
 *       work term, a level of the work term per unit of request, interleaved in Morton order) under a top
 *       tree, each node one record of the least and largest request per resource, the least work term per
 *       configuration and the earliest arrival; a subtree is a narrow box of sizes and work, so the fit test
 *       and the bound prune it.</li>
 * </ul>
 * Each arrival and each dirty machine keeps its best pair under a tournament tree; the pick takes the better
 * root. A placement only removes a job and shrinks one machine, and neither raises any pair's score, so a
 * kept pair whose job left or whose machine changed is an upper bound: it is recomputed when it reaches a
 * root ("lazy"), and the pick repeats. Both bounds are sound in floating point: every product and sum rounds
 * monotonically (the cone bound carries a relative slack of 1e-12 for its decomposition), and a leaf's work
 * term is the same double the twin computes. Machines alike would otherwise renew their pairs one by one
 * after every placement (thousands of empty machines under a burst of arrivals): among the empty machines of
 * one twin group (work class and capacities) only the lowest stands in the tournament, and a departure
 * search's answer is kept per (work class, free resources) until a job arrives or joins the index, or its
 * job leaves.
 *
 * <p>Cost: O((D + C) log n) per job that queues and per placement of a queued job to keep the job index (n
 * the largest bucket), the machine trees' upkeep per placement and departure ({@link FreeResourceTree}:
 * O(W log L), W = D + 9 for D = 2, plus amortised re-sorts), and per search the nodes the bounds do not
 * prune: O(C log L) on an uncongested cluster (C configurations), O(N D) at worst. Memory: per bucket (at most
 * 16,384 of them; 64 for D = 1 without a work term) a tree of 2 records of 2D + C + 1 doubles per slot (four
 * slots at first); per machine 2W doubles and a 2L tournament; a 4,096-entry memo;
 * per arrival of one decision four entries. Allocation-free once the buckets and the arrivals per decision
 * have reached their high-water marks (a bucket then grows by doubling).
 */
public final class Tetris extends KernelBase {
    private final double gamma;
    private final double unitsPerHour;
    private TetrisTerms terms;
    private JobQueue queue;
    private int sequenceColumn;
    private int nextSequence;
    /** Work classes C (configurations with rates, else 1). */
    private int classes;

    /** The queued jobs that did not start in the decision they arrived in (the departure side's index). */
    private QueuedJobIndex jobIndex;
    /** The arriving job's work term per configuration, for the arrival search under way. */
    private double[] arrivalPenalty;
    /** The arriving job's request, for the arrival search under way. */
    private FreeResourceTree.Direction arrivalRequest;

    /** Per work class, its machines under a tree of their free resources (the arrival side's index). */
    private FreeResourceTree[] machineTrees;
    /** Per configuration, a bit per machine (by position) set while the machine is empty. */
    private long[][] emptyMachines;
    /** Twin groups (same work class, same capacities): each machine's group, its rank there, the members. */
    private int[] groupOf;
    private int[] groupPosition;
    private int[][] groupMembers;
    private boolean firstDecision = true;

    // memo of departure searches, direct-mapped: per entry the key (configuration, free resources), the
    // search's job and score, and the index epoch it was made in (bumped by every arrival and every job that
    // joins the index)
    private static final int MEMO_ENTRIES = 1 << 12;
    private int[] memoKey;
    private int[] memoJob;
    private double[] memoScore;
    private int[] memoEpoch;
    private int indexEpoch = 1;
    private int[] classOf;
    /** Scratch of one arrival search: the configurations that can hold the job, by decreasing root bound. */
    private int[] classOrder;
    private double[] classBound;
    /** Bumped whenever a machine's free resources change: a kept pair on it computed before is stale. */
    private int[] version;

    // departure side: per machine its best queued job (NONE unless dirty this decision)
    private int[] machineJob;
    private double[] machineScore;
    private int[] machineVersion;
    private int[] machineTree;
    private int machineLeaves;
    private boolean[] dirty;
    private int[] dirtyServers;
    private int dirtyCount;

    // arrival side: per arrival of this decision its best machine
    private final IntArrayList arrivals = new IntArrayList(1024);
    private int[] arrivalJob = {JobTable.NONE};
    private int[] arrivalServer = new int[1];
    private double[] arrivalScore = new double[1];
    private int[] arrivalVersion = new int[1];
    /** Tournament over the slots [0, arrivalLeaves) of this decision's arrivals (a power of two). */
    private int[] arrivalTree = {0, 0};
    private int arrivalLeaves = 1;

    private int foundJob;
    private int foundServer;
    private double foundScore;

    /**
     * @param gamma        weight of the work term, finite and &gt;= 0 (0 for Hu and Li 2022)
     * @param unitsPerHour the run's time units per hour, finite and &gt; 0: the work term is in hours
     */
    public Tetris(final double gamma, final double unitsPerHour) {
        super("Tetris");
        if (!(gamma >= 0) || Double.isInfinite(gamma)) {
            throw new IllegalArgumentException("Tetris's gamma must be finite and >= 0: " + gamma);
        }
        if (!(unitsPerHour > 0) || Double.isInfinite(unitsPerHour)) {
            throw new IllegalArgumentException("Tetris's unitsPerHour must be finite and > 0: " + unitsPerHour);
        }
        this.gamma = gamma;
        this.unitsPerHour = unitsPerHour;
    }

    @Override
    protected void onAttach() {
        queue = context.newQueue();
        sequenceColumn = jobs.addIntColumn(0);
        terms = new TetrisTerms(servers, context.model(), gamma, unitsPerHour);
        classes = terms.workClasses();
        memoKey = new int[MEMO_ENTRIES * (dimensions + 1)];
        memoJob = new int[MEMO_ENTRIES];
        memoScore = new double[MEMO_ENTRIES];
        memoEpoch = new int[MEMO_ENTRIES];
        arrivalPenalty = new double[classes];
        arrivalRequest = new FreeResourceTree.Direction(dimensions);
        jobIndex = new QueuedJobIndex(jobs, servers, terms, sequenceColumn, gamma > 0);
        final int count = serverCount;
        classOf = new int[count];
        classOrder = new int[classes];
        classBound = new double[classes];
        machineTrees = new FreeResourceTree[classes];
        final int[] rankOf = new int[count];
        for (int c = 0; c < classes; c++) {
            final int[] members = new int[terms.serversIn(c, servers)];
            for (int i = 0; i < members.length; i++) {
                members[i] = terms.server(c, i);
                classOf[members[i]] = c;
            }
            machineTrees[c] = new FreeResourceTree(servers, members, terms, rankOf);
        }
        groupMachines();
        for (int s = 0; s < count; s++) {
            markEmpty(s);
        }
        version = new int[count];
        machineJob = new int[count];
        Arrays.fill(machineJob, JobTable.NONE);
        machineScore = new double[count];
        machineVersion = new int[count];
        dirty = new boolean[count];
        dirtyServers = new int[count];
        machineLeaves = Integer.highestOneBit(Math.max(1, count - 1)) << 1;
        machineTree = new int[2 * machineLeaves];
        Arrays.fill(machineTree, ServerView.NONE);
        for (int s = 0; s < count; s++) {
            machineTree[machineLeaves + s] = s;
        }
        for (int node = machineLeaves - 1; node >= 1; node--) {
            machineTree[node] = machineWinner(machineTree[2 * node], machineTree[2 * node + 1]);
        }
        for (int s = 0; s < count; s++) {
            markDirty(s);
        }
    }

    @Override
    public void onArrival(final int job) {
        queue.enqueue(job);
        jobs.setIntColumn(sequenceColumn, job, nextSequence++);
        // a new job may be better for a memoised machine, and its handle may be a placed job's that a memo
        // entry names: every memo entry made before it is void
        indexEpoch++;
        arrivals.add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        version[server]++;
        refreshMachine(server);
        markDirty(server);
    }

    @Override
    public void decide(final double now) {
        // with every machine dirty, or at the first decision (every machine empty, the lowest of each twin
        // group dirty), the departure side covers the arrivals' pairs, so they join the job index first;
        // otherwise the arrival side covers them and those left queued join it after the decision (most
        // arrivals start at once and never enter the index)
        final boolean departureSideOnly = dirtyCount == serverCount || firstDecision;
        if (departureSideOnly) {
            indexArrivals();
        }
        for (int i = 0; i < dirtyCount; i++) {
            searchJobFor(dirtyServers[i]);
        }
        final int arrived = departureSideOnly ? 0 : arrivals.size();
        firstDecision = false;
        prepareArrivals(arrived);
        while (true) {
            final int server = machineTree[1];
            final int slot = arrivalTree[1];
            final boolean fromMachine = machineEntry(server) && (!arrivalEntry(slot)
                || better(machineScore[server], machineJob[server], server,
                          arrivalScore[slot], arrivalJob[slot], arrivalServer[slot]));
            if (fromMachine) {
                final int job = machineJob[server];
                if (!jobs.isQueued(job) || machineVersion[server] != version[server]) {
                    searchJobFor(server);
                    continue;
                }
                place(job, server);
            } else if (arrivalEntry(slot)) {
                final int job = arrivalJob[slot];
                if (!jobs.isQueued(job)) {
                    arrivalJob[slot] = JobTable.NONE;
                    updateArrival(slot);
                    continue;
                }
                if (arrivalVersion[slot] != version[arrivalServer[slot]]) {
                    searchMachineFor(slot);
                    continue;
                }
                place(job, arrivalServer[slot]);
            } else {
                break;
            }
        }
        // every kept pair is empty here; only the dirty marks and arrivals remain to clear
        for (int i = 0; i < dirtyCount; i++) {
            dirty[dirtyServers[i]] = false;
        }
        dirtyCount = 0;
        indexArrivals();
        arrivals.clear();
    }

    /** Puts this decision's arrivals that are queued and not yet in the job index into it. */
    private void indexArrivals() {
        final int[] arrived = arrivals.elements();
        for (int i = 0, n = arrivals.size(); i < n; i++) {
            final int job = arrived[i];
            if (jobs.isQueued(job) && !jobIndex.contains(job)) {
                jobIndex.insert(job);
                // a memo entry made before the job joined the index did not see it
                indexEpoch++;
            }
        }
    }

    private void place(final int job, final int server) {
        final boolean wasEmpty = isEmpty(server);
        queue.remove(job);
        if (jobIndex.contains(job)) {
            jobIndex.remove(job);
        }
        context.place(job, server);
        version[server]++;
        refreshMachine(server);
        if (wasEmpty) {
            // the next empty machine of the twin group now stands for the empty ones
            final int next = firstEmpty(groupOf[server]);
            if (next != ServerView.NONE) {
                markDirty(next);
                searchJobFor(next);
            }
        }
    }

    /**
     * Sorts the machines into twin groups, the same work class and the same capacities: two empty machines
     * of one group score alike with every job. Once, at attach (allocates).
     */
    private void groupMachines() {
        final Map<List<Integer>, Integer> ids = new HashMap<>();
        final int count = serverCount;
        groupOf = new int[count];
        groupPosition = new int[count];
        final int[] sizes = new int[count];
        for (int server = 0; server < count; server++) {
            final List<Integer> key = new ArrayList<>(dimensions + 1);
            key.add(classOf[server]);
            for (int d = 0; d < dimensions; d++) {
                key.add(servers.capacity(server, d));
            }
            final int group = ids.computeIfAbsent(key, k -> ids.size());
            groupOf[server] = group;
            groupPosition[server] = sizes[group]++;
        }
        groupMembers = new int[ids.size()][];
        emptyMachines = new long[ids.size()][];
        for (int g = 0; g < groupMembers.length; g++) {
            groupMembers[g] = new int[sizes[g]];
            emptyMachines[g] = new long[(sizes[g] + 63) >>> 6];
        }
        for (int server = 0; server < count; server++) {
            groupMembers[groupOf[server]][groupPosition[server]] = server;
        }
    }

    private boolean isEmpty(final int server) {
        for (int d = 0; d < dimensions; d++) {
            if (servers.residual(server, d) != servers.capacity(server, d)) {
                return false;
            }
        }
        return true;
    }

    /** The lowest empty machine of twin group {@code group}, or NONE: O(L / 64). */
    private int firstEmpty(final int group) {
        final long[] bits = emptyMachines[group];
        for (int word = 0; word < bits.length; word++) {
            if (bits[word] != 0) {
                return groupMembers[group][word * 64 + Long.numberOfTrailingZeros(bits[word])];
            }
        }
        return ServerView.NONE;
    }

    // ---- departure side: the best queued job for one machine -------------------------------------------

    /** Keeps {@code server}'s best queued job (NONE if none fits) and its score, exact now. */
    private void searchJobFor(final int server) {
        final int c = classOf[server];
        final int entry = memoEntry(server, c);
        if (memoHolds(entry, server, c)) {
            foundJob = memoJob[entry];
            foundScore = memoScore[entry];
        } else {
            jobIndex.search(server, c);
            foundJob = jobIndex.foundJob();
            foundScore = jobIndex.foundScore();
            memoStore(entry, server, c);
        }
        machineJob[server] = foundJob;
        machineScore[server] = foundScore;
        machineVersion[server] = version[server];
        updateMachine(server);
    }

    /**
     * The memo's entry for machines of configuration {@code c} as free as {@code server}: direct-mapped by a
     * hash of the configuration and the free resources.
     */
    private int memoEntry(final int server, final int c) {
        int hash = c;
        for (int d = 0; d < dimensions; d++) {
            hash = hash * 0x9E3779B1 + servers.residual(server, d);
        }
        hash ^= hash >>> 15;
        hash *= 0x85EBCA6B;
        hash ^= hash >>> 13;
        return hash & (MEMO_ENTRIES - 1);
    }

    /**
     * Whether {@code entry} holds the search of a machine of configuration {@code c} as free as {@code server}
     * since the last job joined the index, and its job is still queued. The best job depends on the machine
     * only through its configuration and free resources; jobs leaving the queue cannot change a best that is
     * still queued (nor make a job fit where none did), so the kept answer is the search's answer. Machines
     * alike (the tasks of one trace job placed one per machine) then cost one search, not one each.
     */
    private boolean memoHolds(final int entry, final int server, final int c) {
        if (memoEpoch[entry] != indexEpoch) {
            return false;
        }
        final int base = entry * (dimensions + 1);
        if (memoKey[base] != c) {
            return false;
        }
        for (int d = 0; d < dimensions; d++) {
            if (memoKey[base + 1 + d] != servers.residual(server, d)) {
                return false;
            }
        }
        return memoJob[entry] == JobTable.NONE || jobs.isQueued(memoJob[entry]);
    }

    private void memoStore(final int entry, final int server, final int c) {
        final int base = entry * (dimensions + 1);
        memoKey[base] = c;
        for (int d = 0; d < dimensions; d++) {
            memoKey[base + 1 + d] = servers.residual(server, d);
        }
        memoJob[entry] = foundJob;
        memoScore[entry] = foundScore;
        memoEpoch[entry] = indexEpoch;
    }

    // ---- arrival side: the best machine for one job -----------------------------------------------------

    /** Finds every arrival's best machine and builds their tournament: O(A (search) + A). */
    private void prepareArrivals(final int count) {
        arrivalLeaves = Integer.highestOneBit(Math.max(1, count - 1)) << 1;
        if (arrivalLeaves > arrivalJob.length) {
            arrivalJob = new int[arrivalLeaves];
            arrivalServer = new int[arrivalLeaves];
            arrivalScore = new double[arrivalLeaves];
            arrivalVersion = new int[arrivalLeaves];
            arrivalTree = new int[2 * arrivalLeaves];
        }
        final int[] arrived = arrivals.elements();
        for (int slot = 0; slot < arrivalLeaves; slot++) {
            arrivalJob[slot] = slot < count && jobs.isQueued(arrived[slot]) ? arrived[slot] : JobTable.NONE;
            if (arrivalJob[slot] != JobTable.NONE) {
                findMachine(slot);
            }
            arrivalTree[arrivalLeaves + slot] = slot;
        }
        for (int node = arrivalLeaves - 1; node >= 1; node--) {
            arrivalTree[node] = arrivalWinner(arrivalTree[2 * node], arrivalTree[2 * node + 1]);
        }
    }

    private void searchMachineFor(final int slot) {
        findMachine(slot);
        updateArrival(slot);
    }

    /** The best machine for the job in {@code slot}, over every configuration; NONE when none fits. */
    private void findMachine(final int slot) {
        final int job = arrivalJob[slot];
        foundServer = ServerView.NONE;
        foundScore = 0;
        final FreeResourceTree.Direction request = arrivalRequest;
        request.set(jobs, job, terms);
        for (int c = 0; c < classes; c++) {
            arrivalPenalty[c] = terms.penalty(jobs, job, c);
        }
        // configurations by decreasing root bound, so the first search finds a pair that prunes the others
        int open = 0;
        for (int c = 0; c < classes; c++) {
            if (!machineTrees[c].mayFit(request)) {
                continue;
            }
            final double bound = machineTrees[c].rootBound(request) - arrivalPenalty[c];
            int at = open++;
            while (at > 0 && classBound[at - 1] < bound) {
                classBound[at] = classBound[at - 1];
                classOrder[at] = classOrder[at - 1];
                at--;
            }
            classBound[at] = bound;
            classOrder[at] = c;
        }
        for (int i = 0; i < open; i++) {
            if (foundServer != ServerView.NONE && classBound[i] < foundScore) {
                break;
            }
            final FreeResourceTree tree = machineTrees[classOrder[i]];
            if (tree.improve(request, arrivalPenalty[classOrder[i]], foundServer, foundScore)) {
                foundServer = tree.foundServer();
                foundScore = tree.foundScore();
            }
        }
        if (foundServer == ServerView.NONE) {
            arrivalJob[slot] = JobTable.NONE;
            return;
        }
        arrivalServer[slot] = foundServer;
        arrivalScore[slot] = foundScore;
        arrivalVersion[slot] = version[foundServer];
    }

    // ---- trees ---------------------------------------------------------------------------------------------

    /** {@code server}'s free resources changed: its configuration's machine tree and its twin group's empty set. */
    private void refreshMachine(final int server) {
        machineTrees[classOf[server]].changed(server);
        markEmpty(server);
    }

    /** Sets or clears {@code server}'s bit in its twin group's set of empty machines. */
    private void markEmpty(final int server) {
        final int position = groupPosition[server];
        final long[] empty = emptyMachines[groupOf[server]];
        if (isEmpty(server)) {
            empty[position >>> 6] |= 1L << position;
        } else {
            empty[position >>> 6] &= ~(1L << position);
        }
    }

    // ---- tournaments ---------------------------------------------------------------------------------------

    private boolean machineEntry(final int server) {
        return server != ServerView.NONE && machineJob[server] != JobTable.NONE;
    }

    private boolean arrivalEntry(final int slot) {
        return arrivalJob[slot] != JobTable.NONE;
    }

    private void updateMachine(final int server) {
        for (int node = (machineLeaves + server) >>> 1; node >= 1; node >>>= 1) {
            machineTree[node] = machineWinner(machineTree[2 * node], machineTree[2 * node + 1]);
        }
    }

    private void updateArrival(final int slot) {
        for (int node = (arrivalLeaves + slot) >>> 1; node >= 1; node >>>= 1) {
            arrivalTree[node] = arrivalWinner(arrivalTree[2 * node], arrivalTree[2 * node + 1]);
        }
    }

    private int machineWinner(final int left, final int right) {
        if (!machineEntry(right)) {
            return left;
        }
        if (!machineEntry(left)) {
            return right;
        }
        return better(machineScore[right], machineJob[right], right, machineScore[left], machineJob[left], left)
            ? right : left;
    }

    private int arrivalWinner(final int left, final int right) {
        if (!arrivalEntry(right)) {
            return left;
        }
        if (!arrivalEntry(left)) {
            return right;
        }
        return better(arrivalScore[right], arrivalJob[right], arrivalServer[right],
                      arrivalScore[left], arrivalJob[left], arrivalServer[left]) ? right : left;
    }

    /** Higher score first, then the earlier arrival, then the lower machine: the twin's scan order. */
    private boolean better(final double score, final int job, final int server,
                           final double otherScore, final int otherJob, final int otherServer) {
        if (score != otherScore) {
            return score > otherScore;
        }
        if (job != otherJob) {
            return jobs.intColumn(sequenceColumn, job) < jobs.intColumn(sequenceColumn, otherJob);
        }
        return server < otherServer;
    }

    /**
     * Makes {@code server} a machine whose best queued job the next decision searches, unless it is empty and
     * an empty machine of its twin group (same work class and capacities) with a lower index exists: such
     * machines are interchangeable and the tie rule (lowest machine) prefers that one, so the lowest empty
     * machine per group stands for them (with thousands of empty machines, one placement would otherwise renew every one's pair).
     */
    private void markDirty(final int server) {
        if (isEmpty(server) && firstEmpty(groupOf[server]) != server) {
            return;
        }
        if (!dirty[server]) {
            dirty[server] = true;
            dirtyServers[dirtyCount++] = server;
        }
    }
}
