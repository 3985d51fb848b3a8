package org.stowage.core.kernel.batch;

import java.util.random.RandomGenerator;

/**
 * DJSF's one-off set-up on a batch (Hu and Li 2022, Fig. 2): the JCT alignment (Algorithm 2), the job
 * packing method (Algorithm 3) and the densest-first order of the job sets (Algorithm 1, lines 1-3). A DJSF
 * kernel calls {@link #plan} once, on the batch it sees at its first decision, then starts the sets in
 * {@link #setAtRank rank} order, each if the remaining capacity is sufficient (Algorithm 1, lines 4-7).
 *
 * <h2>What {@link #plan} does, step by step</h2>
 * <ol>
 *   <li>Sorts the jobs by JCT (stable: equal JCTs by job index) and compresses them into distinct JCTs with
 *       multiplicities.</li>
 *   <li>G = the options' G, or Eq. (15) ({@link JctClustering#groupCount}), at most the number of distinct
 *       JCTs.</li>
 *   <li>Clusters the JCTs into G groups ({@link JctClustering#exact} or {@link JctClustering#lloyd}); the
 *       groups are runs of the JCT order, so they come in increasing order of mean JCT (Algorithm 3,
 *       lines 3-6).</li>
 *   <li>Sorts each group's jobs by increasing resources ({@link JobPacking#resourceKeys}; stable, so ties
 *       keep JCT order, then job index): the packing order (line 10).</li>
 *   <li>Packs them into job sets under C ({@link JobPacking#pack}, lines 7-20).</li>
 *   <li>Per set: N_m, T_m (the longest JCT), R_m per resource and JCE_m = N_m / T_m (Eq. (7)-(10)), and the
 *       sets in decreasing JCE ({@link Jce#orderByDecreasing}).</li>
 * </ol>
 * Jobs are the indices {@code [0, n)} of the arrays given; the kernel maps them to its own handles.
 *
 * <h2>Cost and allocation</h2>
 * O(n log n + G m log m) for n jobs with m distinct JCTs with the exact clustering (O(n log n + m G) per
 * Lloyd seeding and O(m + G) per Lloyd iteration). Memory O(n D + G m). A workspace: its arrays grow to
 * the largest batch seen; a later {@code plan} on a batch no larger allocates nothing (tested). Not
 * thread-safe; one per kernel.
 */
public final class JobSetPlanner {
    private final int dimensions;
    private final JctClustering clustering = new JctClustering();

    private int[] byJct = new int[0];
    private int[] packing = new int[0];
    private int[] jobScratch = new int[0];
    private double[] keys = new double[0];
    private int[] groupOfJob = new int[0];
    private int[] setOfJob = new int[0];
    private double[] distinctValues = new double[0];
    private int[] distinctWeights = new int[0];
    private int[] distinctCuts = new int[1];
    private int[] groupStart = new int[1];
    private double[] groupMean = new double[0];
    private int[] setStart = new int[1];
    private double[] setSpan = new double[0];
    private double[] setJce = new double[0];
    private long[] setDemand = new long[0];
    private int[] setRank = new int[0];
    private int[] setScratch = new int[0];
    private final long[] remaining;

    private int jobs;
    private int requestedGroups;
    private int groups;
    private int sets;

    /** @param dimensions resources per job, in [1, {@link org.stowage.core.Units#MAX_DIMENSIONS}] */
    public JobSetPlanner(final int dimensions) {
        if (dimensions < 1 || dimensions > org.stowage.core.Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("resources per job must be in [1, "
                + org.stowage.core.Units.MAX_DIMENSIONS + "]: " + dimensions);
        }
        this.dimensions = dimensions;
        this.remaining = new long[dimensions];
    }

    /**
     * Builds the job sets of a batch under one capacity C, the pooled reading (the cluster's capacity is
     * both Algorithm 3's C and Eq. (15)'s); replaces any earlier plan.
     *
     * @param n        jobs in the batch, &gt;= 0
     * @param jct      the JCT each job is scheduled by (its predicted service time), finite and &gt; 0
     * @param sizes    row-major sizes, {@code n * D} units, each in [0, capacity]
     * @param capacity C per resource, units
     * @param options  G, clustering method, group boundary and resource order
     * @param random   the stream for Lloyd's k-means++ seeds; unused (may be null) with exact clustering
     * @throws IllegalArgumentException naming the job and value for a bad JCT or size, or a bad capacity
     */
    public void plan(final int n, final double[] jct, final int[] sizes, final long[] capacity,
                     final DjsfOptions options, final RandomGenerator random) {
        plan(n, jct, sizes, capacity, capacity, options, random);
    }

    /**
     * Builds the job sets of a batch, replacing any earlier plan. The per-server reading packs each set
     * under one machine's capacity while Eq. (15) divides by the whole cluster's ("the capacity of resources
     * in the cluster", Sec. 6.2).
     *
     * @param packingCapacity Algorithm 3's C per resource (one machine's, or the pool's), units
     * @param clusterCapacity Eq. (15)'s C per resource (the cluster's total), units; used only when the
     *                        options leave G to Eq. (15)
     * @see #plan(int, double[], int[], long[], DjsfOptions, RandomGenerator)
     */
    public void plan(final int n, final double[] jct, final int[] sizes, final long[] packingCapacity,
                     final long[] clusterCapacity, final DjsfOptions options, final RandomGenerator random) {
        validate(n, jct, sizes, packingCapacity, options);
        JctClustering.checkCapacity(dimensions, clusterCapacity);
        ensureJobs(n);
        jobs = n;
        if (n == 0) {
            requestedGroups = 0;
            groups = 0;
            sets = 0;
            groupStart[0] = 0;
            setStart[0] = 0;
            return;
        }
        for (int j = 0; j < n; j++) {
            byJct[j] = j;
        }
        IndexSort.byKey(byJct, 0, n, jct, jobScratch);

        int distinct = 0;
        for (int i = 0; i < n; i++) {
            final double value = jct[byJct[i]];
            if (distinct > 0 && distinctValues[distinct - 1] == value) {
                distinctWeights[distinct - 1]++;
            } else {
                distinctValues[distinct] = value;
                distinctWeights[distinct] = 1;
                distinct++;
            }
        }

        requestedGroups = options.groups() > 0 ? options.groups()
            : JctClustering.groupCount(n, dimensions, sizes, clusterCapacity);
        final int asked = Math.min(requestedGroups, distinct);
        ensureGroups(asked);
        groups = options.clustering() == DjsfOptions.Clustering.EXACT
            ? clustering.exact(distinctValues, distinctWeights, distinct, asked, distinctCuts)
            : clustering.lloyd(distinctValues, distinctWeights, distinct, asked, options.lloydAttempts(), random,
                distinctCuts);

        int position = 0;
        int cut = 0;
        for (int g = 0; g < groups; g++) {
            groupStart[g] = position;
            double sum = 0;
            for (; cut < distinctCuts[g + 1]; cut++) {
                for (int w = 0; w < distinctWeights[cut]; w++) {
                    final int job = byJct[position++];
                    groupOfJob[job] = g;
                    sum += jct[job];
                }
            }
            groupMean[g] = sum / (position - groupStart[g]);
        }
        groupStart[groups] = n;
        assert position == n;

        JobPacking.resourceKeys(n, sizes, dimensions, packingCapacity, options.resourceOrder(), keys);
        System.arraycopy(byJct, 0, packing, 0, n);
        for (int g = 0; g < groups; g++) {
            IndexSort.byKey(packing, groupStart[g], groupStart[g + 1], keys, jobScratch);
        }
        sets = JobPacking.pack(packing, n, groupStart, groups, sizes, dimensions, packingCapacity,
            options.groupBoundary(), setStart, remaining);

        for (int m = 0; m < sets; m++) {
            double span = 0;
            for (int d = 0; d < dimensions; d++) {
                setDemand[m * dimensions + d] = 0;
            }
            for (int p = setStart[m]; p < setStart[m + 1]; p++) {
                final int job = packing[p];
                setOfJob[job] = m;
                span = Math.max(span, jct[job]);
                for (int d = 0; d < dimensions; d++) {
                    setDemand[m * dimensions + d] += sizes[job * dimensions + d];
                }
            }
            setSpan[m] = span;
            setJce[m] = Jce.of(setStart[m + 1] - setStart[m], span);
        }
        Jce.orderByDecreasing(setJce, sets, setRank, setScratch);
    }

    private void validate(final int n, final double[] jct, final int[] sizes, final long[] capacity,
                          final DjsfOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("DJSF options must be given");
        }
        if (n < 0 || n > jct.length || (long) n * dimensions > sizes.length) {
            throw new IllegalArgumentException("batch of " + n + " jobs does not match " + jct.length + " JCTs and "
                + sizes.length + " sizes of " + dimensions + " resources");
        }
        JctClustering.checkCapacity(dimensions, capacity);
        for (int j = 0; j < n; j++) {
            if (!(jct[j] > 0) || Double.isInfinite(jct[j])) {
                throw new IllegalArgumentException("JCT of job " + j + " must be finite and > 0: " + jct[j]);
            }
            for (int d = 0; d < dimensions; d++) {
                final int size = sizes[j * dimensions + d];
                if (size < 0 || size > capacity[d]) {
                    throw new IllegalArgumentException("job " + j + " needs " + size + " units of resource " + d
                        + ", outside [0, " + capacity[d] + "] (the packing capacity C)");
                }
            }
        }
    }

    private void ensureJobs(final int n) {
        if (byJct.length >= n) {
            return;
        }
        byJct = new int[n];
        packing = new int[n];
        jobScratch = new int[n];
        keys = new double[n];
        groupOfJob = new int[n];
        setOfJob = new int[n];
        distinctValues = new double[n];
        distinctWeights = new int[n];
        setStart = new int[n + 1];
        setSpan = new double[n];
        setJce = new double[n];
        setDemand = new long[Math.multiplyExact(n, dimensions)];
        setRank = new int[n];
        setScratch = new int[n];
    }

    private void ensureGroups(final int g) {
        if (distinctCuts.length < g + 1) {
            distinctCuts = new int[g + 1];
            groupStart = new int[g + 1];
            groupMean = new double[g];
        }
    }

    // ---- the plan ----

    /** Jobs in the batch planned. */
    public int jobCount() {
        return jobs;
    }

    /** G as asked: the options' G or Eq. (15)'s (before capping at the number of distinct JCTs). */
    public int requestedGroups() {
        return requestedGroups;
    }

    /** Non-empty JCT groups made. */
    public int groupCount() {
        return groups;
    }

    /** Group of job {@code job}: 0 has the shortest mean JCT. */
    public int groupOf(final int job) {
        return groupOfJob[job];
    }

    /** Mean JCT of group g. */
    public double groupMeanJct(final int g) {
        return groupMean[g];
    }

    /** First packing position of group g; {@code groupStart(groupCount())} is n. */
    public int groupStart(final int g) {
        return groupStart[g];
    }

    /** The k-means cost (within-group sum of squares) of the JCT alignment. */
    public double clusteringCost() {
        return clustering.lastCost();
    }

    /** Lloyd iterations spent (0 for the exact clustering). */
    public int clusteringIterations() {
        return clustering.lastIterations();
    }

    /** The job at position p of the packing order (groups, then increasing resources within a group). */
    public int packedJob(final int position) {
        return packing[position];
    }

    /** M, the number of job sets. */
    public int setCount() {
        return sets;
    }

    /** Set of job {@code job}, numbered in the order Algorithm 3 made them. */
    public int setOf(final int job) {
        return setOfJob[job];
    }

    /** First packing position of set m; set m is positions {@code [setStart(m), setStart(m + 1))}. */
    public int setStart(final int m) {
        return setStart[m];
    }

    /** N_m (Eq. (8)). */
    public int setSize(final int m) {
        return setStart[m + 1] - setStart[m];
    }

    /** The i-th job of set m, in packing order. */
    public int setMember(final int m, final int i) {
        assert i >= 0 && i < setSize(m);
        return packing[setStart[m] + i];
    }

    /** T_m (Eq. (9)): the longest JCT in set m. */
    public double setSpan(final int m) {
        return setSpan[m];
    }

    /** JCE_m = N_m / T_m (Eq. (7)). */
    public double setJce(final int m) {
        return setJce[m];
    }

    /** R_m on resource d (Eq. (10)), units; at most C (Eq. (11)). */
    public long setDemand(final int m, final int d) {
        return setDemand[m * dimensions + d];
    }

    /** The set at rank r of the densest-first order (rank 0: the highest JCE; ties: lower set index). */
    public int setAtRank(final int rank) {
        return setRank[rank];
    }

    /** Eq. (6)'s objective for this plan: the sum of the sets' JCEs. */
    public double totalJce() {
        return Jce.total(setJce, sets);
    }

    public int dimensions() {
        return dimensions;
    }
}
