package org.stowage.core.kernel.batch;

import java.util.Arrays;

import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * The machines of one Tetris work class under a tree of their free resources, for the arrival side's query:
 * among the machines whose free resources hold a request, the one of highest {@link TetrisTerms#alignment
 * alignment}, ties to the lowest machine index (the naive twin's scan order).
 *
 * <h2>Layout</h2>
 * A complete binary tree whose leaves are the machines; every node holds the largest free amount of each
 * resource under it and, for two resources, the largest dot product of the free fractions with
 * {@link #CONES} + 1 unit directions (cone maxima: {@link Direction}), in one record of doubles, so that a
 * node and its sibling are read together. A query is a branch and bound that opens the child of higher bound
 * first and prunes a subtree whose bound is below the best machine found (or equal to it with only higher
 * machine indices under it: each node also keeps its lowest machine index).
 *
 * <h2>Leaves sorted by free resources</h2>
 * Tetris puts each job on the machine most aligned with it, so it evens the machines out: on the Fig. 11
 * workload at 10,000 machines, 9 machines on average tie with the best and 81 score within {@code 0.004 (r .
 * 1)} of it (free resources 0.4% of the largest machine apart in the job's direction; counted over 1,700
 * searches). Were
 * the leaves in machine order, nearly every subtree would hold one of them and the bounds would prune
 * little. The leaves are therefore kept in the Morton order of the machines' free fractions, so that a
 * subtree is a small box of free resources whose bound is close to its best machine; as machines change,
 * the order goes stale (a node's maxima stay exact, only looser), and after {@link #RESORT_FRACTION} of
 * the machine count in changes the leaves are sorted again and every node rebuilt. The order decides only
 * how fast a query runs, never its answer.
 *
 * <h2>Cost and allocation</h2>
 * A change rewrites one leaf and climbs while an ancestor's record changes: O(W log n) at worst, W = D
 * (+ CONES + 1 for D = 2). A re-sort is O(n W) (a radix sort of n keys and a bottom-up rebuild), amortised
 * O(W / RESORT_FRACTION) per change. A query visits the nodes whose bound reaches the best score: 55 on
 * average at 10,000 machines on the Fig. 11 workload with 8 cones (216 with the leaves in machine order),
 * O(n) at worst. Memory: 2 n' records of W doubles and 2 n' ints (n' the power of two at or above n), two
 * n-long sort buffers. Nothing is allocated after construction.
 */
final class FreeResourceTree {
    /**
     * Cones of the two-resource bound; the bound's excess over a node's best machine shrinks as 1 / CONES^2,
     * but every change climbs with CONES + 1 more doubles per node. With the leaves in Morton order a node's
     * box is already small: 4 cones ran 1.13-1.16x faster than 8 on the Fig. 13 workload and 1.06-1.14x on
     * Fig. 11's (alternated runs at 10,000 machines); 2 and 6 ran as 4, none at all 1.04-1.35x slower.
     */
    static final int CONES = 4;
    /** Changes, as a fraction of the machine count, after which the leaves are sorted again. */
    static final double RESORT_FRACTION = 0.25;
    private static final double[] CONE_COS = new double[CONES + 1];
    private static final double[] CONE_SIN = new double[CONES + 1];
    private static final double CONE_WIDTH = Math.PI / 2 / CONES;
    private static final double CONE_SINE = Math.sin(CONE_WIDTH);
    /** {@code tan(k pi / (2 CONES))} for k = 1 .. CONES - 1: the cone of (p, q) is the count of them at most q / p. */
    private static final double[] CONE_TAN = new double[CONES];
    /**
     * Relative slack of a cone bound: covers the rounding of the cone decomposition and of the stored dot
     * products (about 1e-15 of {@code r . 1}), so the bound stays above every score it stands for.
     */
    private static final double CONE_SLACK = 1e-12;
    /**
     * The walk's stack: depth first, it holds at most one pending sibling per level plus the next node, so
     * no more than 32 entries for a tree indexed by int; 128 leaves room to spare.
     */
    private static final int STACK = 128;

    static {
        for (int k = 0; k <= CONES; k++) {
            CONE_COS[k] = k == CONES ? 0 : Math.cos(k * CONE_WIDTH);
            CONE_SIN[k] = k == 0 ? 0 : Math.sin(k * CONE_WIDTH);
        }
        for (int k = 1; k < CONES; k++) {
            CONE_TAN[k] = Math.tan(k * CONE_WIDTH);
        }
    }

    /**
     * One request as the queries read it: the amounts, their fractions of the largest machine and, for two
     * resources, its cone. Set once per job ({@link #set}) and passed to every work class's tree.
     */
    static final class Direction {
        final int[] request;
        final double[] fraction;
        int cone;
        double coneA;
        double coneB;
        double coneSlack;

        Direction(final int dimensions) {
            request = new int[dimensions];
            fraction = new double[dimensions];
        }

        /** Reads {@code job}'s request, scaled as {@link TetrisTerms#alignment} scales it. */
        void set(final JobView jobs, final int job, final TetrisTerms terms) {
            for (int d = 0; d < request.length; d++) {
                request[d] = jobs.size(job, d);
                fraction[d] = request[d] * terms.inverseScale(d);
            }
            if (request.length == 2) {
                final double p = fraction[0];
                final double q = fraction[1];
                int k = 0;
                while (k < CONES - 1 && q >= CONE_TAN[k + 1] * p) {
                    k++;
                }
                final double sine = CONE_SINE;
                cone = k;
                // r = a u_k + b u_{k+1}: Cramer's rule on the 2 x 2 system; a or b may round a hair below 0
                coneA = Math.max(0, (p * CONE_SIN[k + 1] - q * CONE_COS[k + 1]) / sine);
                coneB = Math.max(0, (q * CONE_COS[k] - p * CONE_SIN[k]) / sine);
                coneSlack = CONE_SLACK * (p + q + coneA + coneB);
            }
        }
    }

    private final ServerView servers;
    private final int dimensions;
    private final double[] inverseScale;
    private final boolean cones;
    /** Doubles per node: the D free maxima, then (D = 2) the CONES + 1 cone maxima. */
    private final int width;
    private final int members;
    private final int leaves;
    private final double[] nodes;
    private final int[] lowestServer;
    private final int[] serverAt;
    /** Leaf position of each member, by its rank in {@code members} order ({@link #rankOf}). */
    private final int[] position;
    private final int[] rankOf;
    private final int[] memberServer;
    private final double[] mortonScale;
    private final int resortAfter;
    private int changes;
    private long[] keys;
    private long[] scratch;
    private final int[] digitCount = new int[257];
    private final int[] stackNode = new int[STACK];
    private final double[] stackBound = new double[STACK];
    private long resorts;

    // the query's answer
    private int foundServer;
    private double foundScore;

    /**
     * @param members the work class's machines, ascending
     * @param terms   the scores' scales ({@link TetrisTerms#inverseScale})
     * @param rankOf  a map from server to its rank in its class's {@code members}, shared by the classes'
     *                trees (each fills it for its own machines)
     */
    FreeResourceTree(final ServerView servers, final int[] members, final TetrisTerms terms, final int[] rankOf) {
        this.servers = servers;
        this.dimensions = servers.dimensions();
        this.inverseScale = new double[dimensions];
        for (int d = 0; d < dimensions; d++) {
            inverseScale[d] = terms.inverseScale(d);
        }
        this.cones = dimensions == 2;
        this.width = dimensions + (cones ? CONES + 1 : 0);
        this.members = members.length;
        this.leaves = Integer.highestOneBit(Math.max(1, this.members - 1)) << 1;
        this.nodes = new double[2 * leaves * width];
        this.lowestServer = new int[2 * leaves];
        this.serverAt = new int[leaves];
        this.position = new int[this.members];
        this.rankOf = rankOf;
        this.memberServer = members.clone();
        this.mortonScale = new double[dimensions];
        final int bits = Math.min(16, 31 / dimensions);
        for (int d = 0; d < dimensions; d++) {
            mortonScale[d] = ((1 << bits) - 1) / (double) servers.maxCapacity(d);
        }
        this.resortAfter = Math.max(1, (int) (this.members * RESORT_FRACTION));
        this.keys = new long[this.members];
        this.scratch = new long[this.members];
        for (int i = 0; i < this.members; i++) {
            rankOf[members[i]] = i;
        }
        // padding leaves never fit (free -1) and never win a tie
        Arrays.fill(nodes, -1);
        Arrays.fill(lowestServer, Integer.MAX_VALUE);
        Arrays.fill(serverAt, ServerView.NONE);
        resort();
    }

    /** Times the leaves were sorted, construction included (for tests and profiles). */
    long resorts() {
        return resorts;
    }

    /** Machine {@code server}'s free resources changed: rewrites its leaf and the ancestors that change. */
    void changed(final int server) {
        if (++changes >= resortAfter) {
            resort();
            return;
        }
        int node = leaves + position[rankOf[server]];
        writeLeaf(node, server);
        final double[] record = nodes;
        final int w = width;
        for (node >>>= 1; node >= 1; node >>>= 1) {
            final int at = node * w;
            final int left = 2 * at;
            final int right = left + w;
            boolean same = true;
            for (int i = 0; i < w; i++) {
                final double max = Math.max(record[left + i], record[right + i]);
                same &= record[at + i] == max;
                record[at + i] = max;
            }
            if (same) {
                return;
            }
        }
    }

    /** Whether some machine of the tree may hold the request: the root's free maxima hold it. */
    boolean mayFit(final Direction request) {
        return fits(1, request.request);
    }

    /** An upper bound of the alignment of {@code request} with every machine of the tree. */
    double rootBound(final Direction request) {
        return bound(1, request);
    }

    /**
     * Improves {@code (server, score)} with this tree's best machine for {@code request}, scored as the
     * alignment minus {@code penalty}: returns whether a better machine (higher score, or equal and a lower
     * index) was found, then {@link #foundServer} and {@link #foundScore} hold it.
     *
     * @param server ServerView.NONE when nothing is found yet
     */
    boolean improve(final Direction request, final double penalty, final int server, final double score) {
        foundServer = server;
        foundScore = score;
        final int[] amount = request.request;
        int top = 0;
        if (fits(1, amount)) {
            stackNode[0] = 1;
            stackBound[0] = bound(1, request) - penalty;
            top = 1;
        }
        boolean improved = false;
        while (top > 0) {
            top--;
            final int node = stackNode[top];
            final double nodeBound = stackBound[top];
            if (foundServer != ServerView.NONE && nodeBound <= foundScore
                && (nodeBound < foundScore || lowestServer[node] > foundServer)) {
                continue;
            }
            if (node >= leaves) {
                // only nodes that hold the request are pushed, and a leaf holds its machine's free amounts
                final int machine = serverAt[node - leaves];
                final double leafScore = alignment(node, request) - penalty;
                if (foundServer == ServerView.NONE || leafScore > foundScore
                    || (leafScore == foundScore && machine < foundServer)) {
                    foundServer = machine;
                    foundScore = leafScore;
                    improved = true;
                }
                continue;
            }
            final int left = 2 * node;
            final int right = left + 1;
            final boolean leftOpen = fits(left, amount);
            final boolean rightOpen = fits(right, amount);
            final double leftBound = leftOpen ? bound(left, request) - penalty : 0;
            final double rightBound = rightOpen ? bound(right, request) - penalty : 0;
            // the child of higher bound on top, the left one on a tie (lower indices first)
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
        }
        return improved;
    }

    /** The machine {@link #improve} found. */
    int foundServer() {
        return foundServer;
    }

    /** The score of {@link #foundServer}. */
    double foundScore() {
        return foundScore;
    }

    /**
     * The per-resource bound of {@code node}: on a leaf, its machine's alignment with the request as
     * {@link TetrisTerms#alignment} computes it, bit for bit (the leaf holds the free amounts as doubles,
     * exactly).
     */
    private double alignment(final int node, final Direction request) {
        final double[] record = nodes;
        final int at = node * width;
        final double[] fraction = request.fraction;
        final double[] scale = inverseScale;
        double alignment = 0;
        for (int d = 0; d < dimensions; d++) {
            alignment += fraction[d] * (record[at + d] * scale[d]);
        }
        return alignment;
    }

    private boolean fits(final int node, final int[] amount) {
        final int at = node * width;
        for (int d = 0; d < dimensions; d++) {
            if (nodes[at + d] < amount[d]) {
                return false;
            }
        }
        return true;
    }

    /**
     * An upper bound of the alignment of {@code request} with every machine under {@code node}: the
     * per-resource bound, which rounds exactly as the score does (so on a node of machines as free as each
     * other it equals their score, and ties are seen as ties), and for two resources the smaller of it and
     * the cone bound, tight where a node's most free resources sit on different machines.
     */
    private double bound(final int node, final Direction request) {
        final double perResource = alignment(node, request);
        if (!cones) {
            return perResource;
        }
        final int k = node * width + 2 + request.cone;
        final double[] record = nodes;
        return Math.min(perResource, request.coneA * record[k] + request.coneB * record[k + 1] + request.coneSlack);
    }

    private void writeLeaf(final int node, final int server) {
        final int at = node * width;
        final double[] record = nodes;
        for (int d = 0; d < dimensions; d++) {
            record[at + d] = servers.residual(server, d);
        }
        if (cones) {
            final double x = servers.residual(server, 0) * inverseScale[0];
            final double y = servers.residual(server, 1) * inverseScale[1];
            for (int k = 0; k <= CONES; k++) {
                record[at + 2 + k] = CONE_COS[k] * x + CONE_SIN[k] * y;
            }
        }
    }

    /**
     * Sorts the leaves by the Morton order of their machines' free fractions (ties by machine index) and
     * rebuilds every node: O(n W).
     */
    private void resort() {
        resorts++;
        changes = 0;
        final int n = members;
        for (int i = 0; i < n; i++) {
            final int server = memberServer[i];
            keys[i] = ((long) morton(server) << 32) | server;
        }
        sortKeys(n);
        for (int i = 0; i < n; i++) {
            final int server = (int) keys[i];
            serverAt[i] = server;
            position[rankOf[server]] = i;
            lowestServer[leaves + i] = server;
            writeLeaf(leaves + i, server);
        }
        final double[] record = nodes;
        final int w = width;
        for (int node = leaves - 1; node >= 1; node--) {
            lowestServer[node] = Math.min(lowestServer[2 * node], lowestServer[2 * node + 1]);
            final int at = node * w;
            final int left = 2 * at;
            final int right = left + w;
            for (int i = 0; i < w; i++) {
                record[at + i] = Math.max(record[left + i], record[right + i]);
            }
        }
    }

    /** The Morton code (bits interleaved) of {@code server}'s free fractions, 31 bits at most. */
    private int morton(final int server) {
        if (dimensions == 2) {
            return spread((int) (servers.residual(server, 0) * mortonScale[0]))
                | (spread((int) (servers.residual(server, 1) * mortonScale[1])) << 1);
        }
        final int bits = Math.min(16, 31 / dimensions);
        int code = 0;
        for (int d = 0; d < dimensions; d++) {
            final int level = (int) (servers.residual(server, d) * mortonScale[d]);
            for (int bit = 0; bit < bits; bit++) {
                code |= ((level >>> bit) & 1) << (bit * dimensions + d);
            }
        }
        return code;
    }

    /** The low 16 bits of {@code x} spread to the even bit places. */
    private static int spread(final int x) {
        int bits = x & 0xFFFF;
        bits = (bits | (bits << 8)) & 0x00FF00FF;
        bits = (bits | (bits << 4)) & 0x0F0F0F0F;
        bits = (bits | (bits << 2)) & 0x33333333;
        return (bits | (bits << 1)) & 0x55555555;
    }

    /** Sorts {@code keys[0, n)} as unsigned numbers: LSD radix, a byte a pass, passes of one digit skipped. */
    private void sortKeys(final int n) {
        final int[] count = digitCount;
        for (int shift = 0; shift < 64; shift += 8) {
            Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[(int) ((keys[i] >>> shift) & 0xFF) + 1]++;
            }
            boolean oneDigit = false;
            for (int b = 1; b <= 256 && !oneDigit; b++) {
                oneDigit = count[b] == n;
            }
            if (oneDigit) {
                continue;
            }
            for (int b = 1; b <= 256; b++) {
                count[b] += count[b - 1];
            }
            for (int i = 0; i < n; i++) {
                scratch[count[(int) ((keys[i] >>> shift) & 0xFF)]++] = keys[i];
            }
            final long[] sorted = scratch;
            scratch = keys;
            keys = sorted;
        }
    }
}
