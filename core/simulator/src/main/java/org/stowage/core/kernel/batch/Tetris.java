package org.stowage.core.kernel.batch;

import java.util.Arrays;

import it.unimi.dsi.fastutil.ints.IntArrayList;

import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;

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
 *   <li><b>Departure side</b>, the best queued job for one dirty machine: branch and bound over a job index
 *       of size buckets: per resource a logarithmic level of the request (and, with a work term, a level of
 *       the work term per unit of request), the levels interleaved in Morton order under a top tree, each
 *       bucket a tree of slots; every node holds the minimum and maximum request per resource (fit and
 *       alignment bounds), the smallest work term per configuration and the earliest arrival (for ties).
 *       A subtree is a narrow box of sizes and work, so both bounds prune it.</li>
 * </ul>
 * Each arrival and each dirty machine keeps its best pair under a tournament tree; the pick takes the better
 * root. A placement only removes a job and shrinks one machine, and neither raises any pair's score, so a
 * kept pair whose job left or whose machine changed is an upper bound: it is recomputed when it reaches a
 * root ("lazy"), and the pick repeats. Both bounds are sound in floating point: every product and sum rounds
 * monotonically (the cone bound carries a relative slack of 1e-12 for its decomposition), and a leaf's work
 * term is the same double the twin computes. Machines alike would otherwise renew their pairs one by one
 * after every placement (thousands of empty machines under a burst of arrivals): among the empty machines of
 * one twin group (work class and capacities) only the lowest stands in the tournament, and a departure
 * search's answer is kept per (work class, free resources) until a job arrives or its job leaves.
 *
 * <p>Cost: O((D + C) log n) per job that queues and per placement of a queued job to keep the job index (n
 * the largest bucket), the machine trees' upkeep per placement and departure ({@link FreeResourceTree}:
 * O(W log L), W = D + 9 for D = 2, plus amortised re-sorts), and per search the nodes the bounds do not
 * prune: O(C log L) on an uncongested cluster (C configurations), O(N D) at worst. Memory: per bucket (at most
 * 4,096 of them; 64 for D = 1 without a work term) a tree of 2 (2D + C + 1) entries per slot (four slots at
 * first); per machine 2W doubles and a 2L tournament; a 4,096-entry memo;
 * per arrival of one decision four entries. Allocation-free once the buckets and the arrivals per decision
 * have reached their high-water marks (a bucket then grows by doubling).
 */
public final class Tetris extends KernelBase {
    private static final int EMPTY_SEQUENCE = Integer.MAX_VALUE;
    /** The bucket column of a queued job not (yet) in the job index. */
    private static final int NOT_INDEXED = -1;
    private static final double LN2 = Math.log(2);
    private static final int FIRST_BUCKET_LEAVES = 4;
    /** The work coordinate's top level: gamma t of 16 hours and more (its grid spans 16 halvings below). */
    private static final double WORK_TOP_HOURS = 16;

    private final double gamma;
    private final double unitsPerHour;
    private TetrisTerms terms;
    private JobQueue queue;
    private int sequenceColumn;
    private int nextSequence;
    /** Work classes C (configurations with rates, else 1). */
    private int classes;

    // job index: trees 0..buckets-1 hold the queued jobs of one size bucket each (leaves are slots), tree
    // `buckets` is the top tree whose leaf b summarises bucket b; per node the same four aggregates
    private int buckets;
    private int levelsPerDimension;
    private int bitsPerDimension;
    private int indexedDimensions;
    /** Coordinates of a bucket: the indexed resources, then the work term when gamma &gt; 0. */
    private int coordinates;
    private double levelsPerOctave;
    private int[] treeLeaves;
    private int[][] minRequest;
    private int[][] maxRequest;
    private double[][] minPenalty;
    private int[][] minSequence;
    /** Per bucket: the job in each slot (NONE when free) and a stack of its free slots. */
    private int[][] slotJob;
    private int[][] freeSlots;
    private int[] freeCount;
    private int bucketColumn;
    private int slotColumn;
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
    // search's job and score, and the index epoch it was made in (bumped by every job that joins the index)
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

    // branch-and-bound stack
    private int[] stackNode = new int[128];
    /** The job index tree of each stacked node (departure searches). */
    private int[] stackTree = new int[128];
    private double[] stackBound = new double[128];
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
        bucketColumn = jobs.addIntColumn(NOT_INDEXED);
        slotColumn = jobs.addIntColumn(0);
        arrivalPenalty = new double[classes];
        arrivalRequest = new FreeResourceTree.Direction(dimensions);
        createJobIndex();
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
            if (jobs.isQueued(job) && jobs.intColumn(bucketColumn, job) == NOT_INDEXED) {
                insertJob(job);
            }
        }
    }

    private void place(final int job, final int server) {
        final boolean wasEmpty = isEmpty(server);
        queue.remove(job);
        if (jobs.intColumn(bucketColumn, job) != NOT_INDEXED) {
            removeJob(job);
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
        final java.util.Map<java.util.List<Integer>, Integer> ids = new java.util.HashMap<>();
        final int count = serverCount;
        groupOf = new int[count];
        groupPosition = new int[count];
        final int[] sizes = new int[count];
        for (int server = 0; server < count; server++) {
            final java.util.List<Integer> key = new java.util.ArrayList<>(dimensions + 1);
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
            searchIndexFor(server, c);
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

    /** Branch and bound over the job index for {@code server}'s best queued job: sets the found job and score. */
    private void searchIndexFor(final int server, final int c) {
        final int top = buckets;
        foundJob = JobTable.NONE;
        foundScore = 0;
        int foundSequence = EMPTY_SEQUENCE;
        int depth = 0;
        if (minSequence[top][1] != EMPTY_SEQUENCE && jobNodeFits(top, 1, server)) {
            stackTree[0] = top;
            stackNode[0] = 1;
            stackBound[0] = jobNodeBound(top, 1, server, c);
            depth = 1;
        }
        while (depth > 0) {
            depth--;
            final int tree = stackTree[depth];
            final int node = stackNode[depth];
            final double bound = stackBound[depth];
            if (foundJob != JobTable.NONE
                && (bound < foundScore || (bound == foundScore && minSequence[tree][node] > foundSequence))) {
                continue;
            }
            final int leaves = treeLeaves[tree];
            if (node < leaves) {
                depth = pushChildren(tree, 2 * node, server, c, depth);
            } else if (tree == top) {
                // a bucket's summary: its own tree's root holds the same aggregates, hence the same bound
                ensureStack(depth + 1);
                stackTree[depth] = node - leaves;
                stackNode[depth] = 1;
                stackBound[depth++] = bound;
            } else {
                final int job = slotJob[tree][node - leaves];
                if (!jobs.isQueued(job) || !servers.fits(jobs, job, server)) {
                    continue;
                }
                final double score = terms.alignment(jobs, job, servers, server) - minPenalty[tree][node * classes + c];
                final int sequence = minSequence[tree][node];
                if (foundJob == JobTable.NONE || score > foundScore
                    || (score == foundScore && sequence < foundSequence)) {
                    foundJob = job;
                    foundScore = score;
                    foundSequence = sequence;
                }
            }
        }
    }

    /** Pushes the open ones of {@code tree}'s sibling nodes {@code left, left + 1}; returns the new depth. */
    private int pushChildren(final int tree, final int left, final int server, final int c, final int depth) {
        final int right = left + 1;
        final int[] sequence = minSequence[tree];
        final boolean leftOpen = sequence[left] != EMPTY_SEQUENCE && jobNodeFits(tree, left, server);
        final boolean rightOpen = sequence[right] != EMPTY_SEQUENCE && jobNodeFits(tree, right, server);
        final double leftBound = leftOpen ? jobNodeBound(tree, left, server, c) : 0;
        final double rightBound = rightOpen ? jobNodeBound(tree, right, server, c) : 0;
        final int pushed = push(depth, left, leftOpen, leftBound, right, rightOpen, rightBound);
        for (int i = depth; i < pushed; i++) {
            stackTree[i] = tree;
        }
        return pushed;
    }

    /**
     * Pushes the open ones of two sibling nodes on the search stack, the one with the higher bound on top (the
     * left one on a tie, so the walk visits lower indices first). Returns the new top.
     */
    private int push(int top, final int left, final boolean leftOpen, final double leftBound, final int right,
                     final boolean rightOpen, final double rightBound) {
        ensureStack(top + 2);
        final boolean leftOnTop = leftOpen && rightOpen && leftBound >= rightBound;
        if (leftOnTop) {
            stackNode[top] = right;
            stackBound[top++] = rightBound;
        }
        if (leftOpen) {
            stackNode[top] = left;
            stackBound[top++] = leftBound;
        }
        if (rightOpen && !leftOnTop) {
            stackNode[top] = right;
            stackBound[top++] = rightBound;
        }
        return top;
    }

    private boolean jobNodeFits(final int tree, final int node, final int server) {
        final int[] min = minRequest[tree];
        final int base = node * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (min[base + d] > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    private double jobNodeBound(final int tree, final int node, final int server, final int c) {
        return terms.alignmentBound(maxRequest[tree], node * dimensions, servers, server)
            - minPenalty[tree][node * classes + c];
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

    /** Sets up the empty job index: the top tree over every bucket; the buckets' trees come with their first job. */
    private void createJobIndex() {
        // at most 12 bits of bucket over the first resources and, with a work term, the work: finer grids
        // for fewer coordinates
        indexedDimensions = Math.min(dimensions, gamma > 0 ? 11 : 12);
        coordinates = indexedDimensions + (gamma > 0 ? 1 : 0);
        bitsPerDimension = Math.max(1, Math.min(6, 12 / coordinates));
        levelsPerDimension = 1 << bitsPerDimension;
        // the levels cover requests from 1/256 of the largest machine up, work terms over 16 halvings
        levelsPerOctave = levelsPerDimension / 8.0;
        buckets = 1 << (bitsPerDimension * coordinates);
        treeLeaves = new int[buckets + 1];
        minRequest = new int[buckets + 1][];
        maxRequest = new int[buckets + 1][];
        minPenalty = new double[buckets + 1][];
        minSequence = new int[buckets + 1][];
        slotJob = new int[buckets][];
        freeSlots = new int[buckets][];
        freeCount = new int[buckets];
        allocateTree(buckets, buckets);
        // every bucket gets its first small tree now, so that a rare size first seen late allocates nothing
        for (int bucket = 0; bucket < buckets; bucket++) {
            growBucket(bucket);
        }
    }

    /** Gives tree {@code tree} {@code leaves} empty leaves (and empty nodes). */
    private void allocateTree(final int tree, final int leaves) {
        treeLeaves[tree] = leaves;
        minRequest[tree] = new int[2 * leaves * dimensions];
        maxRequest[tree] = new int[2 * leaves * dimensions];
        minPenalty[tree] = new double[2 * leaves * classes];
        minSequence[tree] = new int[2 * leaves];
        Arrays.fill(minRequest[tree], Integer.MAX_VALUE);
        Arrays.fill(minPenalty[tree], Double.POSITIVE_INFINITY);
        Arrays.fill(minSequence[tree], EMPTY_SEQUENCE);
    }

    /**
     * The size bucket of {@code job}: per resource a level on a logarithmic grid of the request as a fraction
     * of the largest machine ({@code levelsPerOctave} levels per halving, the smallest level for everything
     * below 1/256), the levels' bits interleaved (Morton order), so that a subtree of the top tree covers a
     * box of sizes, narrow on every resource: the fit test and the alignment bound then prune it.
     */
    private int bucketOf(final int job, final double[] penalty, final int offset) {
        int bucket = 0;
        double request = 0;
        for (int d = 0; d < indexedDimensions; d++) {
            final double fraction = jobs.size(job, d) * terms.inverseScale(d);
            request += fraction;
            bucket |= spread(level(fraction, levelsPerOctave), d);
        }
        if (coordinates > indexedDimensions && request > 0) {
            // the work term per unit of request, gamma t in hours on the configuration that runs the job fastest
            double least = Double.POSITIVE_INFINITY;
            for (int c = 0; c < classes; c++) {
                least = Math.min(least, penalty[offset + c]);
            }
            bucket |= spread(level(least / request / WORK_TOP_HOURS, levelsPerOctave / 2), indexedDimensions);
        }
        return bucket;
    }

    /** The level of {@code fraction} (top level at 1 and above, 0 at 0) on a grid of {@code perOctave} levels per halving. */
    private int level(final double fraction, final double perOctave) {
        if (!(fraction > 0)) {
            return 0;
        }
        final double steps = Math.floor(perOctave * Math.log(Math.min(1, fraction)) / LN2);
        return (int) Math.max(0, Math.min(levelsPerDimension - 1, levelsPerDimension - 1 + steps));
    }

    /** The bits of {@code level} spread to coordinate {@code coordinate}'s places of the Morton order. */
    private int spread(final int level, final int coordinate) {
        int bits = 0;
        for (int bit = 0; bit < bitsPerDimension; bit++) {
            bits |= ((level >>> bit) & 1) << (bit * coordinates + coordinate);
        }
        return bits;
    }

    /** Puts a queued job into a free slot of its bucket: O((D + C) log n). */
    private void insertJob(final int job) {
        indexEpoch++;
        for (int c = 0; c < classes; c++) {
            arrivalPenalty[c] = terms.penalty(jobs, job, c);
        }
        final int bucket = bucketOf(job, arrivalPenalty, 0);
        if (freeCount[bucket] == 0) {
            growBucket(bucket);
        }
        final int slot = freeSlots[bucket][--freeCount[bucket]];
        slotJob[bucket][slot] = job;
        jobs.setIntColumn(bucketColumn, job, bucket);
        jobs.setIntColumn(slotColumn, job, slot);
        final int node = treeLeaves[bucket] + slot;
        final int base = node * dimensions;
        for (int d = 0; d < dimensions; d++) {
            final int size = jobs.size(job, d);
            minRequest[bucket][base + d] = size;
            maxRequest[bucket][base + d] = size;
        }
        System.arraycopy(arrivalPenalty, 0, minPenalty[bucket], node * classes, classes);
        minSequence[bucket][node] = jobs.intColumn(sequenceColumn, job);
        refreshPath(bucket, node);
    }

    /** Empties a placed job's slot: O((D + C) log n). */
    private void removeJob(final int job) {
        final int bucket = jobs.intColumn(bucketColumn, job);
        final int slot = jobs.intColumn(slotColumn, job);
        slotJob[bucket][slot] = JobTable.NONE;
        freeSlots[bucket][freeCount[bucket]++] = slot;
        final int node = treeLeaves[bucket] + slot;
        emptyNode(bucket, node);
        refreshPath(bucket, node);
    }

    private void emptyNode(final int tree, final int node) {
        Arrays.fill(minRequest[tree], node * dimensions, (node + 1) * dimensions, Integer.MAX_VALUE);
        Arrays.fill(maxRequest[tree], node * dimensions, (node + 1) * dimensions, 0);
        Arrays.fill(minPenalty[tree], node * classes, (node + 1) * classes, Double.POSITIVE_INFINITY);
        minSequence[tree][node] = EMPTY_SEQUENCE;
    }

    /** Recombines the ancestors of {@code node} in bucket {@code bucket}'s tree, then the bucket's top-tree path. */
    private void refreshPath(final int bucket, final int node) {
        for (int parent = node >>> 1; parent >= 1; parent >>>= 1) {
            combineJobNode(bucket, parent);
        }
        final int top = buckets;
        final int summary = treeLeaves[top] + bucket;
        System.arraycopy(minRequest[bucket], dimensions, minRequest[top], summary * dimensions, dimensions);
        System.arraycopy(maxRequest[bucket], dimensions, maxRequest[top], summary * dimensions, dimensions);
        System.arraycopy(minPenalty[bucket], classes, minPenalty[top], summary * classes, classes);
        minSequence[top][summary] = minSequence[bucket][1];
        for (int parent = summary >>> 1; parent >= 1; parent >>>= 1) {
            combineJobNode(top, parent);
        }
    }

    private void combineJobNode(final int tree, final int node) {
        final int[] min = minRequest[tree];
        final int[] max = maxRequest[tree];
        final int base = node * dimensions;
        final int left = 2 * base;
        final int right = left + dimensions;
        for (int d = 0; d < dimensions; d++) {
            min[base + d] = Math.min(min[left + d], min[right + d]);
            max[base + d] = Math.max(max[left + d], max[right + d]);
        }
        final double[] penalty = minPenalty[tree];
        final int penaltyBase = node * classes;
        final int leftPenalty = 2 * penaltyBase;
        final int rightPenalty = leftPenalty + classes;
        for (int c = 0; c < classes; c++) {
            penalty[penaltyBase + c] = Math.min(penalty[leftPenalty + c], penalty[rightPenalty + c]);
        }
        final int[] sequence = minSequence[tree];
        sequence[node] = Math.min(sequence[2 * node], sequence[2 * node + 1]);
    }

    /**
     * Doubles bucket {@code bucket}'s tree ({@link #FIRST_BUCKET_LEAVES} leaves the first time), its jobs
     * keeping their slots; rare (the bucket's high-water mark), O(new size (D + C)).
     */
    private void growBucket(final int bucket) {
        final int old = treeLeaves[bucket];
        final int leaves = old == 0 ? FIRST_BUCKET_LEAVES : 2 * old;
        final int[] oldMin = minRequest[bucket];
        final int[] oldMax = maxRequest[bucket];
        final double[] oldPenalty = minPenalty[bucket];
        final int[] oldSequence = minSequence[bucket];
        allocateTree(bucket, leaves);
        if (old > 0) {
            System.arraycopy(oldMin, old * dimensions, minRequest[bucket], leaves * dimensions, old * dimensions);
            System.arraycopy(oldMax, old * dimensions, maxRequest[bucket], leaves * dimensions, old * dimensions);
            System.arraycopy(oldPenalty, old * classes, minPenalty[bucket], leaves * classes, old * classes);
            System.arraycopy(oldSequence, old, minSequence[bucket], leaves, old);
            for (int node = leaves - 1; node >= 1; node--) {
                combineJobNode(bucket, node);
            }
        }
        final int[] jobsInSlots = new int[leaves];
        Arrays.fill(jobsInSlots, JobTable.NONE);
        if (old > 0) {
            System.arraycopy(slotJob[bucket], 0, jobsInSlots, 0, old);
        }
        slotJob[bucket] = jobsInSlots;
        // every old slot is taken (the bucket was full); the new ones are used lowest first
        final int[] free = new int[leaves];
        int count = 0;
        for (int slot = leaves - 1; slot >= old; slot--) {
            free[count++] = slot;
        }
        freeSlots[bucket] = free;
        freeCount[bucket] = count;
    }

    private void ensureStack(final int size) {
        if (size > stackNode.length) {
            stackNode = Arrays.copyOf(stackNode, 2 * size);
            stackTree = Arrays.copyOf(stackTree, 2 * size);
            stackBound = Arrays.copyOf(stackBound, 2 * size);
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
