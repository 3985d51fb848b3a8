package org.stowage.core.kernel.batch;

import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.state.JobQueue;
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
 * Each arrival and each dirty machine keeps its best pair in a {@link PairTournament} (one per side); the
 * pick takes the better root. A placement only removes a job and shrinks one machine, and neither raises any
 * pair's score, so a kept pair whose job left or whose machine changed is an upper bound: it is recomputed
 * when it reaches a root ("lazy"), and the pick repeats. Both bounds are sound in floating point: every
 * product and sum rounds monotonically (the cone bound carries a relative slack of 1e-12 for its
 * decomposition), and a leaf's work term is the same double the twin computes. Machines alike would otherwise
 * renew their pairs one by one after every placement (thousands of empty machines under a burst of
 * arrivals): among the empty machines of one {@link TwinGroups twin group} (work class and capacities) only
 * the lowest stands in the tournament, and a departure search's answer is kept per (work class, free
 * resources) in the {@link DepartureMemo} until a job arrives or joins the index, or its job leaves.
 *
 * <p>Cost: O((D + C) log n) per job that queues and per placement of a queued job to keep the job index (n
 * the largest bucket), the machine trees' upkeep per placement and departure ({@link FreeResourceTree}:
 * O(W log L), W = D + 9 for D = 2, plus amortised re-sorts), and per search the nodes the bounds do not
 * prune: O(C log L) on an uncongested cluster (C configurations), O(N D) at worst. Memory: per bucket (at most
 * 16,384 of them; 64 for D = 1 without a work term) a tree of 2 records of 2D + C + 1 doubles per slot (four
 * slots at first); per machine 2W doubles and a tournament slot; the memo's 4,096 entries; per arrival of
 * one decision a tournament slot. Allocation-free once the buckets and the arrivals per decision
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
    /** Machines of one work class and capacities, and which of them are empty. */
    private TwinGroups twins;
    private boolean firstDecision = true;
    /** The departure searches kept per (work class, free resources). */
    private DepartureMemo memo;
    private int[] classOf;
    /** Scratch of one arrival search: the configurations that can hold the job, by decreasing root bound. */
    private int[] classOrder;
    private double[] classBound;
    /** Bumped whenever a machine's free resources change: a kept pair on it computed before is stale. */
    private int[] version;

    /** Departure side: per machine (slot = machine) its best queued job, kept while the machine is dirty. */
    private PairTournament machinePairs;
    private boolean[] dirty;
    private int[] dirtyServers;
    private int dirtyCount;

    /** Arrival side: per arrival of this decision (slot = its rank) its best machine. */
    private final IntArrayList arrivals = new IntArrayList(1024);
    private PairTournament arrivalPairs;

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
        memo = new DepartureMemo(servers, jobs);
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
        twins = new TwinGroups(servers, classOf);
        version = new int[count];
        dirty = new boolean[count];
        dirtyServers = new int[count];
        machinePairs = new PairTournament(jobs, sequenceColumn, count);
        arrivalPairs = new PairTournament(jobs, sequenceColumn, 1);
        for (int s = 0; s < count; s++) {
            markDirty(s);
        }
    }

    @Override
    public void onArrival(final int job) {
        queue.enqueue(job);
        jobs.setIntColumn(sequenceColumn, job, nextSequence++);
        memo.invalidate();
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
        while (placeBestPair()) {
            // each round places one pair, or renews a kept pair that had gone stale
        }
        // every kept pair is empty here; only the dirty marks and arrivals remain to clear
        for (int i = 0; i < dirtyCount; i++) {
            dirty[dirtyServers[i]] = false;
        }
        dirtyCount = 0;
        indexArrivals();
        arrivals.clear();
    }

    /**
     * Takes the better root of the two tournaments: places its pair if it is still exact, else renews it
     * (a kept pair whose job left or whose machine changed is an upper bound). False when neither holds one.
     */
    private boolean placeBestPair() {
        final int server = machinePairs.winner();
        final int slot = arrivalPairs.winner();
        final boolean fromMachine = machinePairs.holds(server)
            && (!arrivalPairs.holds(slot) || machinePairs.better(server, arrivalPairs, slot));
        if (fromMachine) {
            final int job = machinePairs.job(server);
            if (!jobs.isQueued(job) || machinePairs.version(server) != version[server]) {
                searchJobFor(server);
            } else {
                place(job, server);
            }
            return true;
        }
        if (!arrivalPairs.holds(slot)) {
            return false;
        }
        final int job = arrivalPairs.job(slot);
        if (!jobs.isQueued(job)) {
            arrivalPairs.clear(slot);
            arrivalPairs.update(slot);
        } else if (arrivalPairs.version(slot) != version[arrivalPairs.server(slot)]) {
            findMachine(slot);
            arrivalPairs.update(slot);
        } else {
            place(job, arrivalPairs.server(slot));
        }
        return true;
    }

    /** Puts this decision's arrivals that are queued and not yet in the job index into it. */
    private void indexArrivals() {
        final int[] arrived = arrivals.elements();
        for (int i = 0, n = arrivals.size(); i < n; i++) {
            final int job = arrived[i];
            if (jobs.isQueued(job) && !jobIndex.contains(job)) {
                jobIndex.insert(job);
                // a memo entry made before the job joined the index did not see it
                memo.invalidate();
            }
        }
    }

    private void place(final int job, final int server) {
        final boolean wasEmpty = twins.isEmpty(server);
        queue.remove(job);
        if (jobIndex.contains(job)) {
            jobIndex.remove(job);
        }
        context.place(job, server);
        version[server]++;
        refreshMachine(server);
        if (wasEmpty) {
            // the next empty machine of the twin group now stands for the empty ones
            final int next = twins.firstEmpty(twins.groupOf(server));
            if (next != ServerView.NONE) {
                markDirty(next);
                searchJobFor(next);
            }
        }
    }

    // ---- departure side: the best queued job for one machine -------------------------------------------

    /** Keeps {@code server}'s best queued job (NONE if none fits) and its score, exact now. */
    private void searchJobFor(final int server) {
        final int c = classOf[server];
        final int entry = memo.entry(server, c);
        if (!memo.holds(entry, server, c)) {
            jobIndex.search(server, c);
            memo.store(entry, server, c, jobIndex.foundJob(), jobIndex.foundScore());
        }
        machinePairs.set(server, memo.job(entry), server, memo.score(entry), version[server]);
        machinePairs.update(server);
    }

    // ---- arrival side: the best machine for one job -----------------------------------------------------

    /** Finds every arrival's best machine and builds their tournament: O(A (search) + A). */
    private void prepareArrivals(final int count) {
        arrivalPairs.reset(count);
        final int[] arrived = arrivals.elements();
        for (int slot = 0; slot < count; slot++) {
            if (jobs.isQueued(arrived[slot])) {
                arrivalPairs.set(slot, arrived[slot], ServerView.NONE, 0, 0);
                findMachine(slot);
            }
        }
        arrivalPairs.rebuild();
    }

    /** The best machine for the job in {@code slot}, over every configuration; the slot is emptied when none fits. */
    private void findMachine(final int slot) {
        final int job = arrivalPairs.job(slot);
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
            arrivalPairs.clear(slot);
            return;
        }
        arrivalPairs.set(slot, job, foundServer, foundScore, version[foundServer]);
    }

    /** {@code server}'s free resources changed: its configuration's machine tree and its twin group's empty set. */
    private void refreshMachine(final int server) {
        machineTrees[classOf[server]].changed(server);
        twins.refresh(server);
    }

    /**
     * Makes {@code server} a machine whose best queued job the next decision searches, unless it is empty and
     * an empty machine of its twin group (same work class and capacities) with a lower index exists: such
     * machines are interchangeable and the tie rule (lowest machine) prefers that one, so the lowest empty
     * machine per group stands for them (with thousands of empty machines, one placement would otherwise
     * renew every one's pair).
     */
    private void markDirty(final int server) {
        if (!twins.standsIn(server)) {
            return;
        }
        if (!dirty[server]) {
            dirty[server] = true;
            dirtyServers[dirtyCount++] = server;
        }
    }
}
