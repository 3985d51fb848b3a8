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
 *   arrival   double  arrival time              8   (arrival and service interleaved in one array,
 *   service   double  service requirement       8    so a job's two times share a cache line)
 *   jobClass  short   type / class id           2, made when the first job of a class other than 0 arrives
 *   state     byte    FREE, PENDING, QUEUED, RUNNING   1
 *   prev,next int     FIFO links while queued, server-list links while running   8
 *   left,right int    size-bucket links while queued; while running, left holds the server and
 *                     right chains the job in its departure slot (engine)   8
 *   (the four links are interleaved in one array, so a job's links share a cache line)
 * </pre>
 * That is {@code 4*D + 35} bytes per slot: 39 bytes for D = 1 ({@link #bytesPerSlot(int)}; checked by a
 * test), and 37 while every job is of class 0 ({@link #bytesPerSlot()}): the class column is made, all
 * zeros, the first time a job of another class is allocated, as the predictions are, so single-class runs
 * (the 2019 paper's, every batch of the CLI without types) pay nothing for it. Queues and servers add
 * O(1) per queue and per server, nothing per job.
 *
 * <h2>Lifecycle</h2>
 * {@code allocate} gives a PENDING job; a queue makes it QUEUED and back to PENDING on removal; a server
 * makes it RUNNING; {@code release} returns it to FREE. The counts per state are kept here so that
 * conservation can be checked in O(1).
 *
 * <h2>Dummy jobs</h2>
 * A dummy (Psychas and Ghaderi 2018, Algorithm 1) is allocated by {@link #allocateDummy} and flagged in its
 * state byte (no extra memory). It goes from PENDING straight to RUNNING and is counted apart
 * ({@link #dummyCount}), so the real-job counts keep conservation exact. A dummy removed before its
 * departure becomes CANCELLED: it holds no resources, but its handle stays allocated (a tombstone) until
 * its departure falls due and the engine releases it, so the departure structures need no search.
 *
 * <h2>Kernel columns</h2>
 * Kernels may add columns of their own ({@link #addIntColumn}, {@link #addDoubleColumn}): one value per
 * job slot, grown with the table, reset to the column's initial value when a handle is allocated.
 * The workload's predicted service time ({@link #predictedServiceTime}) is an optional column made the
 * first time a job carries a prediction, so runs without predictions pay nothing for it.
 *
 * <h2>Contract</h2>
 * All accessors are O(1) and allocate nothing. {@link #allocate} allocates only when the table is full,
 * doubling every array (amortised O(1)); size the table up front for an allocation-free steady state.
 * Not thread-safe: one simulation, one thread.
 */
public final class JobTable implements JobView {
    /** The null handle. */
    public static final int NONE = -1;

    public static final byte FREE = 0;
    public static final byte PENDING = 1;
    public static final byte QUEUED = 2;
    public static final byte RUNNING = 3;
    /** A dummy removed before its departure: no resources, handle kept until its departure falls due. */
    public static final byte CANCELLED = 4;

    /** Bits of {@link #state} that hold the state; the flag bit above marks a dummy. */
    private static final byte STATE_MASK = 0x0F;
    private static final byte DUMMY = 0x10;

    /** Largest class id a job may carry. */
    public static final int MAX_CLASS = Short.MAX_VALUE;

    /** Offsets of a job's links in {@link #links}: FIFO or server-list order, size bucket or server. */
    static final int PREV = 0;
    static final int NEXT = 1;
    static final int LEFT = 2;
    static final int RIGHT = 3;

    /** Offsets of a job's times in {@link #times}. */
    static final int ARRIVAL = 0;
    static final int SERVICE = 1;

    /** Largest array length the VM allows, with a margin. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    final int dimensions;
    int[] size;
    /**
     * Arrival and service time of each job side by side, {@code times[2 * job + ARRIVAL | SERVICE]}: a new
     * job writes both and a placement reads the service with the arrival beside it (waiting time), so one
     * cache line serves both where two arrays cost two misses per job at a million queued jobs.
     */
    double[] times;
    /** Class per slot; null while every job allocated so far is of class 0 (see the class comment). */
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
    private int dummyCount;
    private int cancelledCount;

    /** Predicted service per slot; null until the first prediction (see {@link #setPredictedServiceTime}). */
    private double[] predicted;
    private int[][] intColumns = new int[0][];
    private int[] intInitial = new int[0];
    private double[][] doubleColumns = new double[0][];
    private double[] doubleInitial = new double[0];

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
        times = new double[2 * initialCapacity];
        state = new byte[initialCapacity];
        links = new int[4 * initialCapacity];
    }

    /** Most job slots a table can hold: the sizes take D ints per slot, the links four. */
    public static int maxCapacity(final int dimensions) {
        return MAX_ARRAY / Math.max(4, dimensions);
    }

    /** Bytes of array storage per job slot: {@code 4*D + 35}. */
    public static int bytesPerSlot(final int dimensions) {
        return Integer.BYTES * dimensions + Double.BYTES * 2 + Short.BYTES + Byte.BYTES + Integer.BYTES * 4;
    }

    /** Bytes of array storage per job slot of this table: without the class column while it is not made. */
    public int bytesPerSlot() {
        return bytesPerSlot(dimensions) - (jobClass == null ? Short.BYTES : 0);
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
        times[2 * job + ARRIVAL] = arrivalTime;
        times[2 * job + SERVICE] = serviceTime;
        if (jobClass != null) {
            jobClass[job] = (short) classId;
        } else if (classId != 0) {
            jobClass = new short[capacity]; // every earlier job is of class 0
            jobClass[job] = (short) classId;
        }
        state[job] = PENDING;
        links[4 * job + PREV] = NONE;
        links[4 * job + NEXT] = NONE;
        links[4 * job + LEFT] = NONE;
        links[4 * job + RIGHT] = NONE;
        Arrays.fill(size, job * dimensions, job * dimensions + dimensions, 0);
        if (predicted != null) {
            predicted[job] = Double.NaN;
        }
        for (int c = 0; c < intColumns.length; c++) {
            intColumns[c][job] = intInitial[c];
        }
        for (int c = 0; c < doubleColumns.length; c++) {
            doubleColumns[c][job] = doubleInitial[c];
        }
        pendingCount++;
        return job;
    }

    /** Like {@link #allocate}, for a dummy job (see the class comment); the caller sets its size. */
    public int allocateDummy(final double serviceTime, final int classId) {
        final int job = allocate(Double.NaN, serviceTime, classId);
        state[job] = (byte) (PENDING | DUMMY);
        return job;
    }

    /** Returns a PENDING (stopped or rejected) or CANCELLED job's handle to the free list. Engine use. */
    public void release(final int job) {
        final int current = state[job] & STATE_MASK;
        if (current == CANCELLED) {
            cancelledCount--;
        } else {
            assert current == PENDING : "release of job " + job + " in state " + state[job];
            pendingCount--;
        }
        state[job] = FREE;
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
        times = Arrays.copyOf(times, 2 * newCapacity);
        if (jobClass != null) {
            jobClass = Arrays.copyOf(jobClass, newCapacity);
        }
        state = Arrays.copyOf(state, newCapacity);
        links = Arrays.copyOf(links, 4 * newCapacity);
        if (predicted != null) {
            predicted = Arrays.copyOf(predicted, newCapacity);
        }
        for (int c = 0; c < intColumns.length; c++) {
            intColumns[c] = Arrays.copyOf(intColumns[c], newCapacity);
        }
        for (int c = 0; c < doubleColumns.length; c++) {
            doubleColumns[c] = Arrays.copyOf(doubleColumns[c], newCapacity);
        }
        capacity = newCapacity;
    }

    @Override
    public int dimensions() {
        return dimensions;
    }

    /** Job slots held before the next growth. */
    public int capacity() {
        return capacity;
    }

    @Override
    public int size(final int job, final int d) {
        return size[job * dimensions + d];
    }

    /** Sets the size of a PENDING job on resource {@code d}, in units. */
    public void setSize(final int job, final int d, final int units) {
        assert (state[job] & STATE_MASK) == PENDING : "size change of job " + job + " in state " + state[job];
        assert units >= 0 && units <= Units.MAX_UNITS : units;
        size[job * dimensions + d] = units;
    }

    @Override
    public double arrivalTime(final int job) {
        return times[2 * job + ARRIVAL];
    }

    @Override
    public double serviceTime(final int job) {
        return times[2 * job + SERVICE];
    }

    /** Fixes the service time of a job at its start (processing rates per server). Engine use. */
    public void setServiceTime(final int job, final double serviceTime) {
        assert (state[job] & STATE_MASK) == PENDING : "service change of job " + job + " in state " + state[job];
        times[2 * job + SERVICE] = serviceTime;
    }

    @Override
    public double predictedServiceTime(final int job) {
        final double[] column = predicted;
        if (column != null) {
            final double value = column[job];
            if (value == value) { // not NaN
                return value;
            }
        }
        return times[2 * job + SERVICE];
    }

    /** Sets the workload's prediction of a PENDING job's service time; NaN for none. Engine use. */
    public void setPredictedServiceTime(final int job, final double value) {
        if (predicted == null) {
            if (Double.isNaN(value)) {
                return;
            }
            predicted = new double[capacity];
            Arrays.fill(predicted, Double.NaN);
        }
        predicted[job] = value;
    }

    @Override
    public int jobClass(final int job) {
        final short[] column = jobClass;
        return column == null ? 0 : column[job];
    }

    @Override
    public byte state(final int job) {
        return (byte) (state[job] & STATE_MASK);
    }

    @Override
    public boolean isQueued(final int job) {
        return state[job] == QUEUED;
    }

    @Override
    public boolean isRunning(final int job) {
        return (state[job] & STATE_MASK) == RUNNING;
    }

    @Override
    public boolean isDummy(final int job) {
        return (state[job] & DUMMY) != 0;
    }

    /** The server a RUNNING job occupies. */
    @Override
    public int serverOf(final int job) {
        assert isRunning(job) : "job " + job + " is not running";
        return links[4 * job + LEFT];
    }

    /**
     * The departure link of a RUNNING job: the {@code right} link, which a running job does not use
     * otherwise, lent to the engine to chain jobs that depart in the same slot. {@link #NONE} when unset.
     */
    public int departureLink(final int job) {
        assert isRunning(job) || state(job) == CANCELLED : "job " + job + " is not running";
        return links[4 * job + RIGHT];
    }

    /**
     * Reads the fields a departure of {@code job} reads (state, size) and returns them mixed, for the
     * departure queue's look-ahead: called while it walks a slot's departures, it brings them into cache
     * alongside the walk's own misses, so the departures that follow hit. No effect on the job. (Touching
     * the links of its neighbours on its server as well measured no better.)
     */
    public int touchForDeparture(final int job) {
        return state[job] ^ size[job * dimensions];
    }

    /** Sets the departure link of a RUNNING (or CANCELLED) job (engine use, see {@link #departureLink}). */
    public void setDepartureLink(final int job, final int link) {
        assert isRunning(job) || state(job) == CANCELLED : "job " + job + " is not running";
        links[4 * job + RIGHT] = link;
    }

    /** Handles in use: pending + queued + running + dummies + cancelled dummies awaiting release. */
    public int liveCount() {
        return pendingCount + queuedCount + runningCount + dummyCount + cancelledCount;
    }

    public int pendingCount() {
        return pendingCount;
    }

    @Override
    public int queuedCount() {
        return queuedCount;
    }

    @Override
    public int runningCount() {
        return runningCount;
    }

    @Override
    public int dummyCount() {
        return dummyCount;
    }

    /** Cancelled dummies whose handles wait for their departure time. */
    public int cancelledCount() {
        return cancelledCount;
    }

    @Override
    public int addIntColumn(final int initial) {
        final int column = intColumns.length;
        final int[] values = new int[capacity];
        Arrays.fill(values, initial);
        intColumns = Arrays.copyOf(intColumns, column + 1);
        intColumns[column] = values;
        intInitial = Arrays.copyOf(intInitial, column + 1);
        intInitial[column] = initial;
        return column;
    }

    @Override
    public int addDoubleColumn(final double initial) {
        final int column = doubleColumns.length;
        final double[] values = new double[capacity];
        Arrays.fill(values, initial);
        doubleColumns = Arrays.copyOf(doubleColumns, column + 1);
        doubleColumns[column] = values;
        doubleInitial = Arrays.copyOf(doubleInitial, column + 1);
        doubleInitial[column] = initial;
        return column;
    }

    @Override
    public int intColumn(final int column, final int job) {
        return intColumns[column][job];
    }

    @Override
    public void setIntColumn(final int column, final int job, final int value) {
        intColumns[column][job] = value;
    }

    @Override
    public double doubleColumn(final int column, final int job) {
        return doubleColumns[column][job];
    }

    @Override
    public void setDoubleColumn(final int column, final int job, final double value) {
        doubleColumns[column][job] = value;
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
        assert (state[job] & STATE_MASK) == PENDING : "start of job " + job + " in state " + state[job];
        final int dummy = state[job] & DUMMY;
        state[job] = (byte) (RUNNING | dummy);
        links[4 * job + LEFT] = server;
        pendingCount--;
        if (dummy != 0) {
            dummyCount++;
        } else {
            runningCount++;
        }
    }

    /** A RUNNING job that has left its server (a departure) becomes PENDING, to be released. Engine use. */
    public void markStopped(final int job) {
        assert isRunning(job) : "stop of job " + job + " in state " + state[job];
        leaveRunning(job);
        state[job] = (byte) (PENDING | (state[job] & DUMMY));
        links[4 * job + RIGHT] = NONE;
        pendingCount++;
    }

    /**
     * A running dummy that has left its server before its departure becomes CANCELLED; its departure link
     * stays, since the job is still chained in the departure structures. Engine use.
     */
    public void markCancelled(final int job) {
        assert isRunning(job) && isDummy(job) : "cancel of job " + job + " in state " + state[job];
        leaveRunning(job);
        state[job] = (byte) (CANCELLED | DUMMY);
        cancelledCount++;
    }

    private void leaveRunning(final int job) {
        links[4 * job + LEFT] = NONE;
        if ((state[job] & DUMMY) != 0) {
            dummyCount--;
        } else {
            runningCount--;
        }
    }

    /** The view kernels get: the one ReadOnlyJobs of this table, made at the first call. */
    private ReadOnlyJobs readOnly;

    /**
     * The read-only view of this table that kernels are handed: it forwards every read (and a kernel's
     * columns) and cannot be cast back to the table. The same object on every call; made once, at the first.
     */
    public JobView readOnly() {
        if (readOnly == null) {
            readOnly = new ReadOnlyJobs(this);
        }
        return readOnly;
    }
}
