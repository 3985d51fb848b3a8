package org.stowage.core.state;

import java.util.random.RandomGenerator;

/**
 * What a scheduler kernel may read and query about the servers: capacities, residuals, the jobs each
 * holds, and the fit indexes. A read-only view of the {@link ServerTable}: occupying and vacating are the
 * engine's, and kernels place jobs through their scheduler context. Complexities are those of
 * {@link ServerTable}; nothing here allocates. A kernel gets a view that forwards to the table
 * ({@link ServerTable#readOnly()}), never the table itself, so casting it to {@link ServerTable} fails.
 */
public sealed interface ServerView permits ServerTable, ReadOnlyServers {
    /** The null server. */
    int NONE = -1;

    int count();

    int dimensions();

    /** Capacity of {@code server} on resource {@code d}, in units. */
    int capacity(int server, int d);

    /** Residual (free) capacity of {@code server} on resource {@code d}, in units. */
    int residual(int server, int d);

    /** Largest residual of any server on resource {@code d}: O(1). */
    int maxResidual(int d);

    /** Largest capacity of any server on resource {@code d}: O(1). */
    int maxCapacity(int d);

    /** Jobs (dummies included) running on {@code server}. */
    int jobCount(int server);

    /** The most recently started job on {@code server}, or {@link JobTable#NONE}. */
    int firstJob(int server);

    /** The job after {@code job} in its server's list, or {@link JobTable#NONE}. */
    int nextJobOnServer(JobView jobs, int job);

    /** Does {@code job} fit in the residual capacity of {@code server} on every resource? O(D). */
    boolean fits(JobView jobs, int job, int server);

    /** A necessary condition for {@code job} to fit some server now: it fits the per-resource maxima. O(D). */
    boolean mayFitSomewhere(JobView jobs, int job);

    /**
     * Best fit: D = 1, the server with the least residual that holds {@code job}; D &gt; 1, the holding server
     * with the largest inner product of size and occupied resources. Ties: lowest index. {@link #NONE} if none.
     */
    int bestFit(JobView jobs, int job);

    /**
     * Random fit: a server drawn uniformly among those that hold {@code job}, exactly. With F holding
     * servers it draws {@code random.nextInt(F)} once, k, and returns the k-th holding server in increasing
     * index order; {@link #NONE}, without drawing, if none holds it.
     */
    int randomFit(JobView jobs, int job, RandomGenerator random);

    /**
     * {@link #bestFit} for a size vector that belongs to no job ({@code size[base .. base + D)}, units): the
     * server RMS-BF gives a dummy of a type. Same rule, ties and cost as {@link #bestFit}.
     */
    int bestFitOfSize(int[] size, int base);

    /** The lowest-index server that holds {@code job}, or {@link #NONE}. */
    int firstFit(JobView jobs, int job);

    /**
     * The lowest-index server {@code >= from} whose residual on resource 0 is at least {@code units}, or
     * {@link #NONE}.
     */
    int nextWithResidualAtLeast(int units, int from);
}
