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
 *       fit, found by branch and bound over a segment tree of per-resource maxima of the free resources; the
 *       best over configurations wins.</li>
 *   <li><b>Departure side</b>, the best queued job for one dirty machine: branch and bound over a segment
 *       tree on job handles holding per node the minimum and maximum request per resource (fit and alignment
 *       bounds), the smallest work term per configuration and the earliest arrival (for ties).</li>
 * </ul>
 * Each arrival and each dirty machine keeps its best pair under a tournament tree; the pick takes the better
 * root. A placement only removes a job and shrinks one machine, and neither raises any pair's score, so a
 * kept pair whose job left or whose machine changed is an upper bound: it is recomputed when it reaches a
 * root ("lazy"), and the pick repeats. Both bounds are sound in floating point: every product and sum rounds
 * monotonically, and a leaf's work term is the same double the twin computes.
 *
 * <p>Cost: O(D log N) per arrival and per placement to keep the job tree, O(D log n) per placement and
 * departure for the machine trees, and per search the nodes the bounds do not prune: O(C D log L) on an
 * uncongested cluster (C configurations), O(N D) at worst. Memory: per job handle 2 (2D + C + 1) tree
 * entries; per machine 2D and a 2L tournament; per arrival of one decision four entries. Allocation-free once
 * the job handles and the arrivals per decision have reached their high-water marks (the trees then grow by
 * doubling).
 */
public final class Tetris extends KernelBase {
    private static final int EMPTY_SEQUENCE = Integer.MAX_VALUE;
    /** Cones of the D = 2 arrival bound: the bound's excess over the best machine shrinks as 1 / CONES^2. */
    static final int CONES = 16;
    private static final double[] CONE_COS = new double[CONES + 1];
    private static final double[] CONE_SIN = new double[CONES + 1];
    private static final double CONE_WIDTH = Math.PI / 2 / CONES;
    /**
     * Relative slack of a cone bound: covers the rounding of the cone decomposition and of the stored dot
     * products (about 1e-15 of {@code r . 1}), so the bound stays above every score it stands for.
     */
    private static final double CONE_SLACK = 1e-12;

    static {
        for (int k = 0; k <= CONES; k++) {
            CONE_COS[k] = k == CONES ? 0 : Math.cos(k * CONE_WIDTH);
            CONE_SIN[k] = k == 0 ? 0 : Math.sin(k * CONE_WIDTH);
        }
    }

    private final double gamma;
    private final double unitsPerHour;
    private TetrisTerms terms;
    private JobQueue queue;
    private int sequenceColumn;
    private int nextSequence;
    /** Work classes C (configurations with rates, else 1). */
    private int classes;

    // job tree: leaves are job handles [jobLeaves, 2 jobLeaves)
    private int jobLeaves;
    private int[] minRequest;
    private int[] maxRequest;
    private double[] minPenalty;
    private int[] minSequence;

    // machine trees: one per work class over its servers in ascending order
    private int[] classLeaves;
    private int[][] maxFree;
    /**
     * D = 2 only: per node of each configuration's tree, the largest {@code u_k . (f_0 / s_0, f_1 / s_1)} over
     * its machines for the {@link #CONES} + 1 unit directions {@code u_k} at angles {@code k pi / (2 CONES)}
     * (null otherwise). A request {@code r = a u_k + b u_{k+1}} (a, b &gt;= 0, r in cone k) then has
     * {@code r . f <= a M_k + b M_{k+1}} on every machine of the node: the per-resource maxima are the one-cone
     * case, loose when a node's most free cores and most free memory sit on different machines.
     */
    private double[][] coneMax;
    private int[] classOf;
    /** Scratch of one arrival search: the configurations that can hold the job, by decreasing root bound. */
    private int[] classOrder;
    private double[] classBound;
    private int[] positionOf;
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
    private double[] stackBound = new double[128];
    private int foundJob;
    /** The cone of the job being placed by an arrival search, and its coordinates (see {@link #setCone}). */
    private int jobCone;
    private double jobP;
    private double jobQ;
    private double jobConeA;
    private double jobConeB;
    private double jobConeSlack;
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
        growJobTree(1024);
        final int count = serverCount;
        classOf = new int[count];
        positionOf = new int[count];
        classLeaves = new int[classes];
        classOrder = new int[classes];
        classBound = new double[classes];
        maxFree = new int[classes][];
        coneMax = dimensions == 2 ? new double[classes][] : null;
        for (int c = 0; c < classes; c++) {
            final int members = terms.serversIn(c, servers);
            final int leaves = Integer.highestOneBit(Math.max(1, members - 1)) << 1;
            classLeaves[c] = leaves;
            maxFree[c] = new int[2 * leaves * dimensions];
            Arrays.fill(maxFree[c], -1);
            if (coneMax != null) {
                // padding leaves: below every machine's dot product, and never fit (maxFree -1)
                coneMax[c] = new double[2 * leaves * (CONES + 1)];
                Arrays.fill(coneMax[c], -1);
            }
            for (int i = 0; i < members; i++) {
                final int server = terms.server(c, i);
                classOf[server] = c;
                positionOf[server] = i;
            }
        }
        for (int s = 0; s < count; s++) {
            refreshMachine(s);
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
        if (job >= jobLeaves) {
            growJobTree(job + 1);
        }
        setJobLeaf(job, true);
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
        for (int i = 0; i < dirtyCount; i++) {
            searchJobFor(dirtyServers[i]);
        }
        // with every machine dirty the departure side already covers the arrivals' pairs
        final int arrived = dirtyCount == serverCount ? 0 : arrivals.size();
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
        arrivals.clear();
    }

    private void place(final int job, final int server) {
        queue.remove(job);
        setJobLeaf(job, false);
        context.place(job, server);
        version[server]++;
        refreshMachine(server);
    }

    // ---- departure side: the best queued job for one machine -------------------------------------------

    /** Keeps {@code server}'s best queued job (NONE if none fits) and its score, exact now. */
    private void searchJobFor(final int server) {
        final int c = classOf[server];
        foundJob = JobTable.NONE;
        foundScore = 0;
        int foundSequence = EMPTY_SEQUENCE;
        int top = 0;
        if (minSequence[1] != EMPTY_SEQUENCE && jobNodeFits(1, server)) {
            stackNode[0] = 1;
            stackBound[0] = jobNodeBound(1, server, c);
            top = 1;
        }
        while (top > 0) {
            top--;
            final int node = stackNode[top];
            final double bound = stackBound[top];
            if (foundJob != JobTable.NONE
                && (bound < foundScore || (bound == foundScore && minSequence[node] > foundSequence))) {
                continue;
            }
            if (node >= jobLeaves) {
                final int job = node - jobLeaves;
                if (!jobs.isQueued(job) || !servers.fits(jobs, job, server)) {
                    continue;
                }
                final double score = terms.alignment(jobs, job, servers, server) - minPenalty[node * classes + c];
                final int sequence = minSequence[node];
                if (foundJob == JobTable.NONE || score > foundScore
                    || (score == foundScore && sequence < foundSequence)) {
                    foundJob = job;
                    foundScore = score;
                    foundSequence = sequence;
                }
                continue;
            }
            top = pushChildren(2 * node, 2 * node + 1, server, c, top);
        }
        machineJob[server] = foundJob;
        machineScore[server] = foundScore;
        machineVersion[server] = version[server];
        updateMachine(server);
    }

    /** Pushes the children worth visiting, the one with the higher bound on top. Returns the new top. */
    private int pushChildren(final int left, final int right, final int server, final int c, int top) {
        final boolean leftOpen = minSequence[left] != EMPTY_SEQUENCE && jobNodeFits(left, server);
        final boolean rightOpen = minSequence[right] != EMPTY_SEQUENCE && jobNodeFits(right, server);
        final double leftBound = leftOpen ? jobNodeBound(left, server, c) : 0;
        final double rightBound = rightOpen ? jobNodeBound(right, server, c) : 0;
        return push(top, left, leftOpen, leftBound, right, rightOpen, rightBound);
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

    private boolean jobNodeFits(final int node, final int server) {
        final int base = node * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (minRequest[base + d] > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    private double jobNodeBound(final int node, final int server, final int c) {
        return terms.alignmentBound(maxRequest, node * dimensions, servers, server) - minPenalty[node * classes + c];
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
        if (coneMax != null) {
            setCone(job);
        }
        // configurations by decreasing root bound, so the first search finds a pair that prunes the others
        int open = 0;
        for (int c = 0; c < classes; c++) {
            if (!machineNodeFits(maxFree[c], 1, job)) {
                continue;
            }
            final double bound = machineNodeBound(c, 1, job) - minPenalty[(jobLeaves + job) * classes + c];
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
            searchClass(job, classOrder[i]);
        }
        if (foundServer == ServerView.NONE) {
            arrivalJob[slot] = JobTable.NONE;
            return;
        }
        arrivalServer[slot] = foundServer;
        arrivalScore[slot] = foundScore;
        arrivalVersion[slot] = version[foundServer];
    }

    /** Branch and bound over configuration {@code c}'s machines for {@code job}, improving the found pair. */
    private void searchClass(final int job, final int c) {
        final int[] max = maxFree[c];
        final int leaves = classLeaves[c];
        final int levels = Integer.numberOfTrailingZeros(leaves);
        final double penalty = minPenalty[(jobLeaves + job) * classes + c];
        int top = 0;
        if (machineNodeFits(max, 1, job)) {
            stackNode[0] = 1;
            stackBound[0] = machineNodeBound(c, 1, job) - penalty;
            top = 1;
        }
        while (top > 0) {
            top--;
            final int node = stackNode[top];
            final double bound = stackBound[top];
            if (foundServer != ServerView.NONE && bound <= foundScore) {
                if (bound < foundScore) {
                    continue;
                }
                // equal bound: only a lower machine index can still win
                final int depth = 31 - Integer.numberOfLeadingZeros(node);
                final int firstPosition = (node << (levels - depth)) - leaves;
                if (terms.server(c, firstPosition) > foundServer) {
                    continue;
                }
            }
            if (node >= leaves) {
                final int server = terms.server(c, node - leaves);
                if (!servers.fits(jobs, job, server)) {
                    continue;
                }
                final double score = terms.alignment(jobs, job, servers, server) - penalty;
                if (foundServer == ServerView.NONE || score > foundScore
                    || (score == foundScore && server < foundServer)) {
                    foundServer = server;
                    foundScore = score;
                }
                continue;
            }
            final int left = 2 * node;
            final int right = left + 1;
            final boolean leftOpen = machineNodeFits(max, left, job);
            final boolean rightOpen = machineNodeFits(max, right, job);
            final double leftBound = leftOpen ? machineNodeBound(c, left, job) - penalty : 0;
            final double rightBound = rightOpen ? machineNodeBound(c, right, job) - penalty : 0;
            top = push(top, left, leftOpen, leftBound, right, rightOpen, rightBound);
        }
    }

    /**
     * Sets the cone of {@code job}'s scaled request {@code (p, q)} and its coordinates {@code a, b >= 0} on the
     * cone's two edges, for {@link #machineNodeBound}; O(1).
     */
    private void setCone(final int job) {
        final double p = jobs.size(job, 0) * terms.inverseScale(0);
        final double q = jobs.size(job, 1) * terms.inverseScale(1);
        jobP = p;
        jobQ = q;
        final int k = Math.min(CONES - 1, (int) (Math.atan2(q, p) / CONE_WIDTH));
        final double sine = Math.sin(CONE_WIDTH);
        jobCone = k;
        // r = a u_k + b u_{k+1}: Cramer's rule on the 2 x 2 system; a or b may round a hair below 0
        jobConeA = Math.max(0, (p * CONE_SIN[k + 1] - q * CONE_COS[k + 1]) / sine);
        jobConeB = Math.max(0, (q * CONE_COS[k] - p * CONE_SIN[k]) / sine);
        jobConeSlack = CONE_SLACK * (p + q + jobConeA + jobConeB);
    }

    /**
     * An upper bound of the alignment of {@code job} with every machine of node {@code node} of configuration
     * {@code c}. For D = 2 the smaller of the cone bound, tight when a node's machines differ, and the
     * per-resource bound, which rounds exactly as the score does and so equals it on a node of machines as
     * free as each other: there a tie with the found pair is seen as one, and the lower machine rule prunes.
     */
    private double machineNodeBound(final int c, final int node, final int job) {
        final int[] max = maxFree[c];
        if (coneMax == null) {
            return terms.alignmentBound(jobs, job, max, node * dimensions);
        }
        final int base = node * 2;
        final double perResource = jobP * (max[base] * terms.inverseScale(0)) + jobQ * (max[base + 1] * terms.inverseScale(1));
        final double[] cone = coneMax[c];
        final int at = node * (CONES + 1) + jobCone;
        return Math.min(perResource, jobConeA * cone[at] + jobConeB * cone[at + 1] + jobConeSlack);
    }

    private boolean machineNodeFits(final int[] max, final int node, final int job) {
        final int base = node * dimensions;
        for (int d = 0; d < dimensions; d++) {
            if (max[base + d] < jobs.size(job, d)) {
                return false;
            }
        }
        return true;
    }

    // ---- trees ---------------------------------------------------------------------------------------------

    /** Rewrites {@code server}'s leaf of its configuration's tree from its free resources, up to the root. */
    private void refreshMachine(final int server) {
        final int c = classOf[server];
        final int[] max = maxFree[c];
        final int leaves = classLeaves[c];
        int node = leaves + positionOf[server];
        for (int d = 0; d < dimensions; d++) {
            max[node * dimensions + d] = servers.residual(server, d);
        }
        for (node >>>= 1; node >= 1; node >>>= 1) {
            final int base = node * dimensions;
            final int left = 2 * base;
            final int right = left + dimensions;
            for (int d = 0; d < dimensions; d++) {
                max[base + d] = Math.max(max[left + d], max[right + d]);
            }
        }
        if (coneMax != null) {
            refreshCones(coneMax[c], leaves + positionOf[server], server);
        }
    }

    /** Rewrites the cone maxima of leaf {@code leaf} (machine {@code server}) and its ancestors: O(CONES log L). */
    private void refreshCones(final double[] cone, final int leaf, final int server) {
        final int width = CONES + 1;
        final double x = servers.residual(server, 0) * terms.inverseScale(0);
        final double y = servers.residual(server, 1) * terms.inverseScale(1);
        final int base = leaf * width;
        for (int k = 0; k <= CONES; k++) {
            cone[base + k] = CONE_COS[k] * x + CONE_SIN[k] * y;
        }
        for (int node = leaf >>> 1; node >= 1; node >>>= 1) {
            final int at = node * width;
            final int left = 2 * at;
            final int right = left + width;
            for (int k = 0; k <= CONES; k++) {
                cone[at + k] = Math.max(cone[left + k], cone[right + k]);
            }
        }
    }

    /** Writes {@code job}'s leaf (queued: its request, work terms and arrival; else empty), up to the root. */
    private void setJobLeaf(final int job, final boolean queued) {
        final int node = jobLeaves + job;
        writeJobLeaf(node, job, queued);
        for (int parent = node >>> 1; parent >= 1; parent >>>= 1) {
            combineJobNode(parent);
        }
    }

    private void writeJobLeaf(final int node, final int job, final boolean queued) {
        final int base = node * dimensions;
        final int penaltyBase = node * classes;
        if (queued) {
            for (int d = 0; d < dimensions; d++) {
                final int size = jobs.size(job, d);
                minRequest[base + d] = size;
                maxRequest[base + d] = size;
            }
            for (int c = 0; c < classes; c++) {
                minPenalty[penaltyBase + c] = terms.penalty(jobs, job, c);
            }
            minSequence[node] = jobs.intColumn(sequenceColumn, job);
        } else {
            for (int d = 0; d < dimensions; d++) {
                minRequest[base + d] = Integer.MAX_VALUE;
                maxRequest[base + d] = 0;
            }
            for (int c = 0; c < classes; c++) {
                minPenalty[penaltyBase + c] = Double.POSITIVE_INFINITY;
            }
            minSequence[node] = EMPTY_SEQUENCE;
        }
    }

    private void combineJobNode(final int node) {
        final int base = node * dimensions;
        final int left = 2 * base;
        final int right = left + dimensions;
        for (int d = 0; d < dimensions; d++) {
            minRequest[base + d] = Math.min(minRequest[left + d], minRequest[right + d]);
            maxRequest[base + d] = Math.max(maxRequest[left + d], maxRequest[right + d]);
        }
        final int penaltyBase = node * classes;
        final int leftPenalty = 2 * penaltyBase;
        final int rightPenalty = leftPenalty + classes;
        for (int c = 0; c < classes; c++) {
            minPenalty[penaltyBase + c] = Math.min(minPenalty[leftPenalty + c], minPenalty[rightPenalty + c]);
        }
        minSequence[node] = Math.min(minSequence[2 * node], minSequence[2 * node + 1]);
    }

    /** Doubles the job tree until it has a leaf for every handle below {@code handles}; rare (high-water). */
    private void growJobTree(final int handles) {
        int leaves = Math.max(jobLeaves, 1024);
        while (leaves < handles) {
            leaves <<= 1;
        }
        if (leaves == jobLeaves) {
            return;
        }
        final int old = jobLeaves;
        final int[] oldMin = minRequest;
        final int[] oldMax = maxRequest;
        final double[] oldPenalty = minPenalty;
        final int[] oldSequence = minSequence;
        jobLeaves = leaves;
        minRequest = new int[2 * leaves * dimensions];
        maxRequest = new int[2 * leaves * dimensions];
        minPenalty = new double[2 * leaves * classes];
        minSequence = new int[2 * leaves];
        for (int job = 0; job < leaves; job++) {
            final int node = leaves + job;
            if (job < old && oldSequence[old + job] != EMPTY_SEQUENCE) {
                System.arraycopy(oldMin, (old + job) * dimensions, minRequest, node * dimensions, dimensions);
                System.arraycopy(oldMax, (old + job) * dimensions, maxRequest, node * dimensions, dimensions);
                System.arraycopy(oldPenalty, (old + job) * classes, minPenalty, node * classes, classes);
                minSequence[node] = oldSequence[old + job];
            } else {
                writeJobLeaf(node, job, false);
            }
        }
        for (int node = leaves - 1; node >= 1; node--) {
            combineJobNode(node);
        }
    }

    private void ensureStack(final int size) {
        if (size > stackNode.length) {
            stackNode = Arrays.copyOf(stackNode, 2 * size);
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

    private void markDirty(final int server) {
        if (!dirty[server]) {
            dirty[server] = true;
            dirtyServers[dirtyCount++] = server;
        }
    }
}
