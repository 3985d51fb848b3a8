package org.stowage.core.state;

/**
 * What a scheduler kernel may read about jobs, and the per-job columns it may keep: a read-only view of the
 * {@link JobTable} without {@code allocate}, {@code release} or state changes (placing goes through the
 * scheduler context). Every method is O(1) and allocates nothing, except {@code add...Column}, which kernels
 * call once when they attach.
 *
 * <p>A kernel gets a view that forwards to the table ({@link JobTable#readOnly()}), never the table itself:
 * casting it to {@link JobTable} fails, so no kernel can change a job behind the engine's back.
 *
 * <p>Job handles are {@code int}s; {@link JobTable#NONE} is the null handle. A handle is valid from the
 * job's arrival until its departure has been delivered, then recycled.
 */
public sealed interface JobView permits JobTable, ReadOnlyJobs {
    /** Resources per job. */
    int dimensions();

    /** Size of {@code job} on resource {@code d}, in units. */
    int size(int job, int d);

    double arrivalTime(int job);

    /**
     * Service time. Before a job starts under processing rates that depend on the server, this is its work;
     * from its start on, the service time it runs for.
     */
    double serviceTime(int job);

    /**
     * The service time a scheduler should believe: the workload's prediction when it gave one (Hu and Li
     * 2022, Sec. 6.1), else the true {@link #serviceTime}.
     */
    double predictedServiceTime(int job);

    /** Type or class id, in [0, {@link JobTable#MAX_CLASS}]. */
    int jobClass(int job);

    /**
     * {@link JobTable#FREE}, {@link JobTable#PENDING}, {@link JobTable#QUEUED}, {@link JobTable#RUNNING} or {@link
     * JobTable#CANCELLED}.
     */
    byte state(int job);

    boolean isQueued(int job);

    boolean isRunning(int job);

    /** Whether {@code job} is a dummy a kernel placed (Psychas and Ghaderi 2018, Algorithm 1), not an arrival. */
    boolean isDummy(int job);

    /** The server a RUNNING job occupies. */
    int serverOf(int job);

    /** Real jobs queued. */
    int queuedCount();

    /** Real jobs running (dummies not included). */
    int runningCount();

    /** Dummy jobs running. */
    int dummyCount();

    /**
     * A new kernel column of {@code int}s, one per job slot, every slot set to {@code initial}; it grows with
     * the table. Call once, when attaching. Returns the column's id.
     */
    int addIntColumn(int initial);

    /** A new kernel column of {@code double}s (see {@link #addIntColumn}). */
    int addDoubleColumn(double initial);

    int intColumn(int column, int job);

    void setIntColumn(int column, int job, int value);

    double doubleColumn(int column, int job);

    void setDoubleColumn(int column, int job, double value);
}
