package org.stowage.core.state;

import java.util.Arrays;

import org.stowage.core.Units;

/**
 * Every live job of one simulation, as a struct of primitive arrays indexed by an {@code int} handle.
 *
 * <p>Handles are recycled through a LIFO free list threaded through the {@code next} link, so the handle a new job
 * gets is a deterministic function of the run's history. {@link #NONE} is the null handle.
 *
 * <h2>Layout and bytes per live job</h2>
 * <pre>
 *   size      int[D]  packed, stride D          4*D
 *   arrival   double  arrival time              8
 *   service   double  service requirement       8
 *   jobClass  short   type / class id           2
 *   state     byte    FREE, PENDING, QUEUED, RUNNING   1
 *   prev,next int     FIFO links while queued, server-list links while running   8
 *   left,right int    size-bucket links while queued; while running, left holds the server and
 *                     right chains the job in its departure slot (engine)   8
 *   (the four links are interleaved in one array, so a job's links share a cache line)
 * </pre>
 * That is {@code 4*D + 35} bytes per slot: 39 bytes for D = 1 ({@link #bytesPerSlot()}; checked by a
 * test). Queues and servers add O(1) per queue and per server, nothing per job.
 *
 * <h2>Lifecycle</h2>
 * {@code allocate} gives a PENDING job; a queue makes it QUEUED and back to PENDING on removal; a server
 * makes it RUNNING; {@code release} returns it to FREE. The counts per state are kept here so that
 * conservation can be checked in O(1).
 *
 * <h2>Contract</h2>
 * All accessors are O(1) and allocate nothing. {@link #allocate} allocates only when the table is full,
 * doubling every array (amortised O(1)); size the table up front for an allocation-free steady state.
 * Not thread-safe: one simulation, one thread.
 */
public final class JobTable {
    /** The null handle. */
    public static final int NONE = -1;

    public static final byte FREE = 0;
    public static final byte PENDING = 1;
    public static final byte QUEUED = 2;
    public static final byte RUNNING = 3;

    /** Largest class id a job may carry. */
    public static final int MAX_CLASS = Short.MAX_VALUE;

    /** Offsets of a job's links in {@link #links}: FIFO or server-list order, size bucket or server. */
    static final int PREV = 0;
    static final int NEXT = 1;
    static final int LEFT = 2;
    static final int RIGHT = 3;

    /** Largest array length the VM allows, with a margin. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    final int dimensions;
    int[] size;
    double[] arrival;
    double[] service;
    short[] jobClass;
    byte[] state;
    /**
     * The four links of each job side by side, {@code links[4 * job + PREV | NEXT | LEFT | RIGHT]}, so that
     * unlinking a job (a queue removal, a departure) touches one cache line of it, not four.
     */
    int[] links;

    private int capacity;
    private int highWater;
    private int freeHead = NONE;
    private int pendingCount;
    private int queuedCount;
    private int runningCount;

    /**
     * @param dimensions      resources per job, in [1, {@link Units#MAX_DIMENSIONS}]
     * @param initialCapacity live jobs held before the first growth
     */
    public JobTable(final int dimensions, final int initialCapacity) {
        if (dimensions < 1 || dimensions > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("dimensions must be in [1, " + Units.MAX_DIMENSIONS + "]: "
                + dimensions);
        }
        if (initialCapacity < 1 || initialCapacity > maxCapacity(dimensions)) {
            throw new IllegalArgumentException("initial job capacity must be in [1, "
                + maxCapacity(dimensions) + "]: " + initialCapacity);
        }
        this.dimensions = dimensions;
        this.capacity = initialCapacity;
        size = new int[initialCapacity * dimensions];
        arrival = new double[initialCapacity];
        service = new double[initialCapacity];
        jobClass = new short[initialCapacity];
        state = new byte[initialCapacity];
        links = new int[4 * initialCapacity];
    }

    /** Most job slots a table can hold: the sizes take D ints per slot, the links four. */
    private static int maxCapacity(final int dimensions) {
        return MAX_ARRAY / Math.max(4, dimensions);
    }

    /** Bytes of array storage per job slot: {@code 4*D + 35}. */
    public static int bytesPerSlot(final int dimensions) {
        return Integer.BYTES * dimensions + Double.BYTES * 2 + Short.BYTES + Byte.BYTES + Integer.BYTES * 4;
    }

    /** Bytes of array storage per job slot of this table. */
    public int bytesPerSlot() {
        return bytesPerSlot(dimensions);
    }

    /**
     * Takes a free handle for a new PENDING job with zero size. The caller sets its size.
     *
     * @param arrivalTime arrival time of the job
     * @param serviceTime service requirement of the job
     * @param classId     type or class id, in [0, {@link #MAX_CLASS}]
     */
    public int allocate(final double arrivalTime, final double serviceTime, final int classId) {
        assert classId >= 0 && classId <= MAX_CLASS : classId;
        int job = freeHead;
        if (job != NONE) {
            freeHead = links[4 * job + NEXT];
        } else {
            if (highWater == capacity) {
                grow();
            }
            job = highWater++;
        }
        arrival[job] = arrivalTime;
        service[job] = serviceTime;
        jobClass[job] = (short) classId;
        state[job] = PENDING;
        links[4 * job + PREV] = NONE;
        links[4 * job + NEXT] = NONE;
        links[4 * job + LEFT] = NONE;
        links[4 * job + RIGHT] = NONE;
        Arrays.fill(size, job * dimensions, job * dimensions + dimensions, 0);
        pendingCount++;
        return job;
    }

    /** Returns a PENDING or RUNNING-removed job's handle to the free list. */
    public void release(final int job) {
        assert state[job] == PENDING : "release of job " + job + " in state " + state[job];
        state[job] = FREE;
        pendingCount--;
        links[4 * job + NEXT] = freeHead;
        freeHead = job;
    }

    private void grow() {
        final long wanted = Math.min((long) capacity * 2, maxCapacity(dimensions));
        if (wanted <= capacity) {
            throw new IllegalStateException("job table is full at " + capacity + " live jobs");
        }
        final int newCapacity = (int) wanted;
        size = Arrays.copyOf(size, newCapacity * dimensions);
        arrival = Arrays.copyOf(arrival, newCapacity);
        service = Arrays.copyOf(service, newCapacity);
        jobClass = Arrays.copyOf(jobClass, newCapacity);
        state = Arrays.copyOf(state, newCapacity);
        links = Arrays.copyOf(links, 4 * newCapacity);
        capacity = newCapacity;
    }

    public int dimensions() {
        return dimensions;
    }

    /** Job slots held before the next growth. */
    public int capacity() {
        return capacity;
    }

    /** Size of {@code job} on resource {@code d}, in units. */
    public int size(final int job, final int d) {
        return size[job * dimensions + d];
    }

    /** Sets the size of a PENDING job on resource {@code d}, in units. */
    public void setSize(final int job, final int d, final int units) {
        assert state[job] == PENDING : "size change of job " + job + " in state " + state[job];
        assert units >= 0 && units <= Units.MAX_UNITS : units;
        size[job * dimensions + d] = units;
    }

    public double arrivalTime(final int job) {
        return arrival[job];
    }

    public double serviceTime(final int job) {
        return service[job];
    }

    public int jobClass(final int job) {
        return jobClass[job];
    }

    public byte state(final int job) {
        return state[job];
    }

    public boolean isQueued(final int job) {
        return state[job] == QUEUED;
    }

    /** The server a RUNNING job occupies. */
    public int serverOf(final int job) {
        assert state[job] == RUNNING : "job " + job + " is not running";
        return links[4 * job + LEFT];
    }

    /**
     * The departure link of a RUNNING job: the {@code right} link, which a running job does not use
     * otherwise, lent to the engine to chain jobs that depart in the same slot. {@link #NONE} when unset.
     */
    public int departureLink(final int job) {
        assert state[job] == RUNNING : "job " + job + " is not running";
        return links[4 * job + RIGHT];
    }

    /** Sets the departure link of a RUNNING job (engine use, see {@link #departureLink}). */
    public void setDepartureLink(final int job, final int link) {
        assert state[job] == RUNNING : "job " + job + " is not running";
        links[4 * job + RIGHT] = link;
    }

    /** Live jobs: pending + queued + running. */
    public int liveCount() {
        return pendingCount + queuedCount + runningCount;
    }

    public int pendingCount() {
        return pendingCount;
    }

    public int queuedCount() {
        return queuedCount;
    }

    public int runningCount() {
        return runningCount;
    }

    void markQueued(final int job) {
        assert state[job] == PENDING : "enqueue of job " + job + " in state " + state[job];
        state[job] = QUEUED;
        pendingCount--;
        queuedCount++;
    }

    void markDequeued(final int job) {
        assert state[job] == QUEUED : "dequeue of job " + job + " in state " + state[job];
        state[job] = PENDING;
        queuedCount--;
        pendingCount++;
    }

    void markRunning(final int job, final int server) {
        assert state[job] == PENDING : "start of job " + job + " in state " + state[job];
        state[job] = RUNNING;
        links[4 * job + LEFT] = server;
        pendingCount--;
        runningCount++;
    }

    void markStopped(final int job) {
        assert state[job] == RUNNING : "stop of job " + job + " in state " + state[job];
        state[job] = PENDING;
        links[4 * job + LEFT] = NONE;
        links[4 * job + RIGHT] = NONE;
        runningCount--;
        pendingCount++;
    }
}
