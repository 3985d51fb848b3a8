package org.stowage.core.kernel.batch;

import java.util.Arrays;

import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * Tetris's queued jobs, for the departure side's query: the best queued job for one machine, the highest
 * {@link TetrisTerms#score score} among the jobs the machine holds, ties to the job that arrived first (the
 * naive twin's scan order).
 *
 * <h2>Layout</h2>
 * Jobs sit in size buckets: per resource a logarithmic level of the request as a fraction of the largest
 * machine (from 1/256 up; at most 6 bits a resource and 12 over the first resources), and with a work term
 * a level of the work term per unit of request (6 bits: four levels a halving over 16 halvings; the
 * resources then share 8 bits), the levels' bits interleaved (Morton order), so that a range of buckets is
 * a narrow box of sizes and work. Each bucket is a tree over slots (a job in each used slot), and a top tree
 * has one leaf per bucket that summarises it.
 * Every node of every tree is one record of doubles: the least and the largest request per resource (the
 * fit test and the alignment bound), the least work term per work class, the earliest arrival (for ties);
 * a node and its sibling are read together, so a node visited costs one or two cache lines, not one per
 * aggregate (a queue of 10^5-10^6 jobs past lambda* does not fit in the cache). Requests and sequence
 * numbers are integers, exact as doubles.
 *
 * <h2>Query</h2>
 * Branch and bound from the top tree's root, the child of higher bound first: a node is skipped when its
 * least request does not fit the machine on some resource, or its bound (largest request times free
 * resources, minus the least work term) is below the best found, or equal with only later arrivals under
 * it. Every product and sum rounds monotonically, and a leaf's score is the twin's double, so the answer is
 * the scan's.
 *
 * <h2>Cost and allocation</h2>
 * Insert and remove O((D + C) log n) (n the bucket's slots; the top tree has at most 16,384 leaves); a query
 * visits the nodes whose bounds pass, O(N) at worst. Memory: per bucket a tree of 2n records of 2D + C + 1
 * doubles (four slots at first, doubling when full, never shrinking). Every bucket gets its first tree at
 * construction, so a size first seen late allocates nothing; a bucket that outgrows its high-water mark
 * allocates (amortised O(1) per insert).
 */
final class QueuedJobIndex {
    /** The bucket column of a queued job not in the index. */
    static final int NOT_INDEXED = -1;
    private static final double EMPTY_SEQUENCE = Integer.MAX_VALUE;
    private static final double LN2 = Math.log(2);
    private static final int FIRST_BUCKET_LEAVES = 4;
    /** The work coordinate's top level: gamma t of 16 hours and more (its grid spans 16 halvings below). */
    private static final double WORK_TOP_HOURS = 16;
    /** Bits of the work coordinate's level (four levels a halving), and the resources' share with a work term. */
    private static final int WORK_BITS = 6;
    private static final int WORK_SIZE_BITS = 8;

    private final JobView jobs;
    private final ServerView servers;
    private final TetrisTerms terms;
    private final int dimensions;
    private final int classes;
    private final int sequenceColumn;
    private final int bucketColumn;
    private final int slotColumn;
    /** Doubles per record: D least requests, D largest, C least work terms, the earliest arrival. */
    private final int width;
    private final int maxOffset;
    private final int penaltyOffset;
    private final int sequenceOffset;

    private final int buckets;
    private final int sizeBits;
    private final int workBits;
    /** Per coordinate, the place of each of its level's bits in the bucket number. */
    private final int[][] bitPlace;
    private final int indexedDimensions;
    /** Coordinates of a bucket: the indexed resources, then the work term when gamma &gt; 0. */
    private final int coordinates;
    private final double sizeLevelsPerOctave;
    private final double workLevelsPerOctave;
    /** Trees 0 .. buckets - 1 are the buckets' (leaves are slots); tree {@code buckets} is the top tree. */
    private final int[] treeLeaves;
    private final double[][] records;
    /** Per bucket: the job in each slot (NONE when free) and a stack of its free slots. */
    private final int[][] slotJob;
    private final int[][] freeSlots;
    private final int[] freeCount;
    private final double[] penalty;
    private int size;

    // branch-and-bound stack
    private int[] stackNode = new int[128];
    private int[] stackTree = new int[128];
    private double[] stackBound = new double[128];
    private int foundJob;
    private double foundScore;

    /**
     * @param sequenceColumn the jobs' arrival sequence numbers (the tie rule), set before {@link #insert}
     * @param workTerm       whether the scores have a work term (gamma &gt; 0): then it is a bucket coordinate
     */
    QueuedJobIndex(final JobView jobs, final ServerView servers, final TetrisTerms terms, final int sequenceColumn,
                   final boolean workTerm) {
        this.jobs = jobs;
        this.servers = servers;
        this.terms = terms;
        this.dimensions = servers.dimensions();
        this.classes = terms.workClasses();
        this.sequenceColumn = sequenceColumn;
        this.bucketColumn = jobs.addIntColumn(NOT_INDEXED);
        this.slotColumn = jobs.addIntColumn(0);
        this.width = 2 * dimensions + classes + 1;
        this.maxOffset = dimensions;
        this.penaltyOffset = 2 * dimensions;
        this.sequenceOffset = 2 * dimensions + classes;
        this.penalty = new double[classes];
        // without a work term, 12 bits of bucket over the first resources (finer grids for fewer); with one,
        // 6 bits of work and 8 over the first resources: past lambda* the work term is most of the score
        // (requests of a few hundredths, hours of work), so a bucket narrow in work is what lets the bound
        // prune (Fig. 11's workload at 1.2 lambda*: 35 nodes per search that finds a job, 162 with 4 bits each)
        indexedDimensions = Math.min(dimensions, workTerm ? WORK_SIZE_BITS : 12);
        coordinates = indexedDimensions + (workTerm ? 1 : 0);
        sizeBits = Math.max(1, Math.min(6, (workTerm ? WORK_SIZE_BITS : 12) / indexedDimensions));
        workBits = workTerm ? WORK_BITS : 0;
        // the levels cover requests from 1/256 of the largest machine up, work terms over 16 halvings
        sizeLevelsPerOctave = (1 << sizeBits) / 8.0;
        workLevelsPerOctave = (1 << workBits) / 16.0;
        bitPlace = new int[coordinates][];
        int place = 0;
        for (int bit = 0; bit < Math.max(sizeBits, workBits); bit++) {
            for (int coordinate = 0; coordinate < coordinates; coordinate++) {
                final int bits = coordinate < indexedDimensions ? sizeBits : workBits;
                if (bitPlace[coordinate] == null) {
                    bitPlace[coordinate] = new int[bits];
                }
                if (bit < bits) {
                    bitPlace[coordinate][bit] = place++;
                }
            }
        }
        buckets = 1 << place;
        treeLeaves = new int[buckets + 1];
        records = new double[buckets + 1][];
        slotJob = new int[buckets][];
        freeSlots = new int[buckets][];
        freeCount = new int[buckets];
        allocateTree(buckets, buckets);
        for (int bucket = 0; bucket < buckets; bucket++) {
            growBucket(bucket);
        }
    }

    /** Jobs in the index. */
    int size() {
        return size;
    }

    /** Whether {@code job} is in the index. */
    boolean contains(final int job) {
        return jobs.intColumn(bucketColumn, job) != NOT_INDEXED;
    }

    /** Puts a queued job (not in the index) into a free slot of its bucket: O((D + C) log n). */
    void insert(final int job) {
        assert !contains(job) : "job " + job + " is in the index already";
        for (int c = 0; c < classes; c++) {
            penalty[c] = terms.penalty(jobs, job, c);
        }
        final int bucket = bucketOf(job);
        if (freeCount[bucket] == 0) {
            growBucket(bucket);
        }
        final int slot = freeSlots[bucket][--freeCount[bucket]];
        slotJob[bucket][slot] = job;
        jobs.setIntColumn(bucketColumn, job, bucket);
        jobs.setIntColumn(slotColumn, job, slot);
        final int node = treeLeaves[bucket] + slot;
        final double[] record = records[bucket];
        final int at = node * width;
        for (int d = 0; d < dimensions; d++) {
            final int request = jobs.size(job, d);
            record[at + d] = request;
            record[at + maxOffset + d] = request;
        }
        System.arraycopy(penalty, 0, record, at + penaltyOffset, classes);
        record[at + sequenceOffset] = jobs.intColumn(sequenceColumn, job);
        size++;
        refreshPath(bucket, node);
    }

    /** Empties the slot of a job in the index (placed): O((D + C) log n). */
    void remove(final int job) {
        final int bucket = jobs.intColumn(bucketColumn, job);
        final int slot = jobs.intColumn(slotColumn, job);
        slotJob[bucket][slot] = JobTable.NONE;
        freeSlots[bucket][freeCount[bucket]++] = slot;
        jobs.setIntColumn(bucketColumn, job, NOT_INDEXED);
        final int node = treeLeaves[bucket] + slot;
        emptyRecord(records[bucket], node);
        size--;
        refreshPath(bucket, node);
    }

    /** The job {@link #search} found, or NONE. */
    int foundJob() {
        return foundJob;
    }

    /** The score of {@link #foundJob}. */
    double foundScore() {
        return foundScore;
    }

    /**
     * The best queued job for {@code server}, of work class {@code c}: sets {@link #foundJob} (NONE when none
     * fits) and {@link #foundScore}.
     */
    void search(final int server, final int c) {
        final int top = buckets;
        foundJob = JobTable.NONE;
        foundScore = 0;
        double foundSequence = EMPTY_SEQUENCE;
        int depth = 0;
        final double[] root = records[top];
        if (root[width + sequenceOffset] != EMPTY_SEQUENCE && fits(root, 1, server)) {
            stackTree[0] = top;
            stackNode[0] = 1;
            stackBound[0] = bound(root, 1, server, c);
            depth = 1;
        }
        while (depth > 0) {
            depth--;
            final int tree = stackTree[depth];
            final int node = stackNode[depth];
            final double nodeBound = stackBound[depth];
            final double[] record = records[tree];
            if (foundJob != JobTable.NONE && (nodeBound < foundScore
                || (nodeBound == foundScore && record[node * width + sequenceOffset] > foundSequence))) {
                continue;
            }
            final int leaves = treeLeaves[tree];
            if (node < leaves) {
                depth = pushChildren(tree, record, 2 * node, server, c, depth);
            } else if (tree == top) {
                // a bucket's summary: its own tree's root holds the same aggregates, hence the same bound
                ensureStack(depth + 1);
                stackTree[depth] = node - leaves;
                stackNode[depth] = 1;
                stackBound[depth++] = nodeBound;
            } else {
                final int job = slotJob[tree][node - leaves];
                if (!jobs.isQueued(job) || !servers.fits(jobs, job, server)) {
                    continue;
                }
                final int at = node * width;
                final double score = terms.alignment(jobs, job, servers, server) - record[at + penaltyOffset + c];
                final double sequence = record[at + sequenceOffset];
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
    private int pushChildren(final int tree, final double[] record, final int left, final int server, final int c,
                             int top) {
        final int right = left + 1;
        final boolean leftOpen = record[left * width + sequenceOffset] != EMPTY_SEQUENCE && fits(record, left, server);
        final boolean rightOpen = record[right * width + sequenceOffset] != EMPTY_SEQUENCE
            && fits(record, right, server);
        final double leftBound = leftOpen ? bound(record, left, server, c) : 0;
        final double rightBound = rightOpen ? bound(record, right, server, c) : 0;
        ensureStack(top + 2);
        // the child of higher bound on top, the left one on a tie
        final boolean leftOnTop = leftOpen && rightOpen && leftBound >= rightBound;
        if (leftOnTop) {
            stackTree[top] = tree;
            stackNode[top] = right;
            stackBound[top++] = rightBound;
        }
        if (leftOpen) {
            stackTree[top] = tree;
            stackNode[top] = left;
            stackBound[top++] = leftBound;
        }
        if (rightOpen && !leftOnTop) {
            stackTree[top] = tree;
            stackNode[top] = right;
            stackBound[top++] = rightBound;
        }
        return top;
    }

    /** Whether the node's least requests fit the server's free resources, resource by resource. */
    private boolean fits(final double[] record, final int node, final int server) {
        final int at = node * width;
        for (int d = 0; d < dimensions; d++) {
            if (record[at + d] > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The node's largest requests aligned with the server's free resources (as {@link TetrisTerms#alignment}
     * rounds a job's, bit for bit, when they are one job's), minus its least work term on class {@code c}.
     */
    private double bound(final double[] record, final int node, final int server, final int c) {
        final int at = node * width;
        double alignment = 0;
        for (int d = 0; d < dimensions; d++) {
            final double scale = terms.inverseScale(d);
            alignment += (record[at + maxOffset + d] * scale) * (servers.residual(server, d) * scale);
        }
        return alignment - record[at + penaltyOffset + c];
    }

    /**
     * The size bucket of {@code job} (its work terms in {@link #penalty}): per resource a level on a
     * logarithmic grid of the request as a fraction of the largest machine ({@code levelsPerOctave} levels
     * per halving, the smallest level for everything below 1/256), the levels' bits interleaved.
     */
    private int bucketOf(final int job) {
        int bucket = 0;
        double request = 0;
        for (int d = 0; d < indexedDimensions; d++) {
            final double fraction = jobs.size(job, d) * terms.inverseScale(d);
            request += fraction;
            bucket |= spread(level(fraction, sizeLevelsPerOctave, sizeBits), d);
        }
        if (coordinates > indexedDimensions && request > 0) {
            // the work term per unit of request, gamma t in hours on the configuration that runs the job fastest
            double least = Double.POSITIVE_INFINITY;
            for (int c = 0; c < classes; c++) {
                least = Math.min(least, penalty[c]);
            }
            bucket |= spread(level(least / request / WORK_TOP_HOURS, workLevelsPerOctave, workBits), indexedDimensions);
        }
        return bucket;
    }

    /** The level of {@code fraction} (top level at 1 and above, 0 at 0) on a grid of {@code perOctave} levels per halving. */
    private static int level(final double fraction, final double perOctave, final int bits) {
        if (!(fraction > 0)) {
            return 0;
        }
        final int levels = 1 << bits;
        final double steps = Math.floor(perOctave * Math.log(Math.min(1, fraction)) / LN2);
        return (int) Math.max(0, Math.min(levels - 1, levels - 1 + steps));
    }

    /** The bits of {@code level} spread to coordinate {@code coordinate}'s places of the Morton order. */
    private int spread(final int level, final int coordinate) {
        final int[] places = bitPlace[coordinate];
        int bits = 0;
        for (int bit = 0; bit < places.length; bit++) {
            bits |= ((level >>> bit) & 1) << places[bit];
        }
        return bits;
    }

    private void emptyRecord(final double[] record, final int node) {
        final int at = node * width;
        Arrays.fill(record, at, at + dimensions, Double.POSITIVE_INFINITY);
        Arrays.fill(record, at + maxOffset, at + maxOffset + dimensions, 0);
        Arrays.fill(record, at + penaltyOffset, at + penaltyOffset + classes, Double.POSITIVE_INFINITY);
        record[at + sequenceOffset] = EMPTY_SEQUENCE;
    }

    /** Recombines the ancestors of {@code node} in bucket {@code bucket}'s tree, then the bucket's top-tree path. */
    private void refreshPath(final int bucket, final int node) {
        final double[] record = records[bucket];
        for (int parent = node >>> 1; parent >= 1; parent >>>= 1) {
            combine(record, parent);
        }
        final int top = buckets;
        final double[] summary = records[top];
        final int leaf = treeLeaves[top] + bucket;
        System.arraycopy(record, width, summary, leaf * width, width);
        for (int parent = leaf >>> 1; parent >= 1; parent >>>= 1) {
            combine(summary, parent);
        }
    }

    private void combine(final double[] record, final int node) {
        final int at = node * width;
        final int left = 2 * at;
        final int right = left + width;
        for (int i = 0; i < dimensions; i++) {
            record[at + i] = Math.min(record[left + i], record[right + i]);
        }
        for (int i = maxOffset; i < penaltyOffset; i++) {
            record[at + i] = Math.max(record[left + i], record[right + i]);
        }
        for (int i = penaltyOffset; i < width; i++) {
            record[at + i] = Math.min(record[left + i], record[right + i]);
        }
    }

    /** Gives tree {@code tree} {@code leaves} empty leaves (and empty nodes). */
    private void allocateTree(final int tree, final int leaves) {
        treeLeaves[tree] = leaves;
        final double[] record = new double[2 * leaves * width];
        for (int node = 0; node < 2 * leaves; node++) {
            emptyRecord(record, node);
        }
        records[tree] = record;
    }

    /**
     * Doubles bucket {@code bucket}'s tree ({@link #FIRST_BUCKET_LEAVES} leaves the first time), its jobs
     * keeping their slots; rare (the bucket's high-water mark), O(new size W).
     */
    private void growBucket(final int bucket) {
        final int old = treeLeaves[bucket];
        final int leaves = old == 0 ? FIRST_BUCKET_LEAVES : 2 * old;
        final double[] oldRecord = records[bucket];
        allocateTree(bucket, leaves);
        if (old > 0) {
            System.arraycopy(oldRecord, old * width, records[bucket], leaves * width, old * width);
            for (int node = leaves - 1; node >= 1; node--) {
                combine(records[bucket], node);
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
}
