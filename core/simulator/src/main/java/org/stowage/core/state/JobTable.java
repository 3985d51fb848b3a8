package org.stowage.core.state;

import java.util.Arrays;

import org.stowage.core.Units;

/**
 * Every live job of one simulation, indexed by an {@code int} handle: a packed record per job holding what a
 * scheduling step touches, and primitive columns for the rest.
 *
 * <p>Handles are recycled through a LIFO free list threaded through the {@code next} link, so the handle a new job
 * gets is a deterministic function of the run's history. {@link #NONE} is the null handle.
 *
 * <h2>Layout and bytes per live job</h2>
 * The <b>hot record</b>, {@value #RECORD_INTS} ints ({@value #RECORD_BYTES} bytes) per job side by side in
 * {@code int} pages of 2<sup>16</sup> jobs, is everything a departure, an arrival's enqueue or a placement
 * reads or writes:
 * <pre>
 *   int  0  prev     FIFO link while queued, server-list link while running, unused while free
 *        1  next     FIFO / server-list link; the free list's link while free
 *        2  left     size-bucket link while queued; the server while running
 *        3  right    size-bucket link while queued
 *        4  size     size on resource 0, the queues' key (units)
 *        5  state    bits 0-7: FREE, PENDING, QUEUED, RUNNING, CANCELLED, and the dummy flag;
 *                    bits 16-31: the type / class id
 *      6-7  service  double, low word first: service requirement (read by every placement)
 *      8-9  arrival  double, low word first: arrival time (written by the arrival into the record its
 *                    departure just read; read by the metrics at the start and the end)
 * </pre>
 * so a job is one record, one or two adjacent cache lines, where the struct of arrays it replaced put a
 * job's links, size, state and times in four lines of four arrays. A departure reads the first 24 bytes,
 * a placement the first 32. The <b>cold column</b>, {@code sizes}, holds the sizes on resources
 * 1 .. D-1 ({@code int[D-1]} per slot, D &gt; 1 only). That is {@code 4*D + 36} bytes per slot, 40 for
 * D = 1 ({@link #bytesPerSlot(int)}; checked by a test); queues and servers add O(1) per queue and per
 * server, nothing per job.
 *
 * <p>Why {@code int} pages and not a byte page read through {@code VarHandle} views or Agrona's
 * {@code UnsafeBuffer} (a 37-byte record, 3 bytes less): an {@code int} array element is one bytecode in
 * every tier, while a byte-array view goes through the method-handle machinery until C2 compiles its
 * caller, a quarter of a 10<sup>5</sup>-job run's main thread (journal 2026-11-29, start-up), and Agrona 2
 * needs {@code --add-exports} of {@code jdk.internal.misc}, which a library's users should not have to pass.
 * Once compiled they cost the same: the warm BF-J/S slot measured 1.02-1.04x faster on {@code int} pages
 * than on the byte page ({@code PairedSlotRun}, both in one JVM). The queues and the server table of this package reach the
 * fields through package-private accessors ({@link #prev}, {@link #keySize}, ...), which the JIT inlines.
 * Records grow by pages, never copied once a page is full.
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
 * doubling its capacity (amortised O(1): the columns are copied, the records gain pages); size the table
 * up front for an allocation-free steady state. Not thread-safe: one simulation, one thread.
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

    /** Ints of a job's hot record, and the int offsets of its fields (see the class comment). */
    static final int RECORD_INTS = 10;
    static final int RECORD_BYTES = RECORD_INTS * Integer.BYTES;
    private static final int PREV = 0;
    private static final int NEXT = 1;
    private static final int LEFT = 2;
    private static final int RIGHT = 3;
    private static final int KEY_SIZE = 4;
    private static final int STATE = 5;
    private static final int SERVICE = 6;
    private static final int ARRIVAL = 8;
    /** The state word's bits: the state byte below, the class above. */
    private static final int STATE_BITS = 0xFF;
    private static final int CLASS_SHIFT = 16;

    /** Jobs per page of records: 2^16 jobs, 2.6 MB. */
    private static final int PAGE_SHIFT = 16;
    private static final int PAGE_JOBS = 1 << PAGE_SHIFT;
    private static final int PAGE_MASK = PAGE_JOBS - 1;

    /** Largest array length the VM allows, with a margin. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    final int dimensions;
    /**
     * The hot records: job {@code j}'s at int {@code (j & PAGE_MASK) * RECORD_INTS} of page
     * {@code j >>> PAGE_SHIFT}. Every page holds {@link #PAGE_JOBS} jobs but the last, which holds the rest
     * of the capacity.
     */
    private int[][] pages;
    /** Sizes on resources 1 .. D-1, {@code D - 1} per slot; null for D = 1. */
    private int[] otherSizes;

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
        this.capacity = 0;
        this.pages = new int[0][];
        resize(initialCapacity);
    }

    /**
     * Most job slots a table can hold. The records are paged, so only the columns bound it (one value a
     * slot, D - 1 sizes a slot); it is kept at the bound of the struct of arrays this layout replaced, a
     * quarter of the largest array for D &lt;= 4, so every limit the command line checks and reports
     * ({@code MemoryCheck}) is unchanged.
     */
    public static int maxCapacity(final int dimensions) {
        return MAX_ARRAY / Math.max(4, dimensions);
    }

    /** Bytes of storage per job slot: the record and the other sizes, {@code 4*D + 36}. */
    public static int bytesPerSlot(final int dimensions) {
        return RECORD_BYTES + Integer.BYTES * (dimensions - 1);
    }

    /** Bytes of array storage per job slot of this table: {@link #bytesPerSlot(int)} of its dimensions. */
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
            freeHead = next(job);
        } else {
            if (highWater == capacity) {
                grow();
            }
            job = highWater++;
        }
        final int[] page = pages[job >>> PAGE_SHIFT];
        final int at = (job & PAGE_MASK) * RECORD_INTS;
        page[at + PREV] = NONE;
        page[at + NEXT] = NONE;
        page[at + LEFT] = NONE;
        page[at + RIGHT] = NONE;
        page[at + KEY_SIZE] = 0;
        page[at + STATE] = classId << CLASS_SHIFT | PENDING;
        putDouble(page, at + SERVICE, serviceTime);
        putDouble(page, at + ARRIVAL, arrivalTime);
        if (otherSizes != null) {
            Arrays.fill(otherSizes, job * (dimensions - 1), (job + 1) * (dimensions - 1), 0);
        }
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
        setRawState(job, (byte) (PENDING | DUMMY));
        return job;
    }

    /** Returns a PENDING (stopped or rejected) or CANCELLED job's handle to the free list. Engine use. */
    public void release(final int job) {
        final int current = rawState(job) & STATE_MASK;
        if (current == CANCELLED) {
            cancelledCount--;
        } else {
            assert current == PENDING : "release of job " + job + " in state " + rawState(job);
            pendingCount--;
        }
        setRawState(job, FREE);
        setNext(job, freeHead);
        freeHead = job;
    }

    private void grow() {
        final long wanted = Math.min((long) capacity * 2, maxCapacity(dimensions));
        if (wanted <= capacity) {
            throw new IllegalStateException("job table is full at " + capacity + " live jobs");
        }
        resize((int) wanted);
    }

    /** Grows every column to {@code newCapacity} slots and the records by pages (a partial last page is copied). */
    private void resize(final int newCapacity) {
        final int pageCount = (int) (((long) newCapacity + PAGE_MASK) >>> PAGE_SHIFT);
        final int[][] grown = Arrays.copyOf(pages, pageCount);
        for (int p = 0; p < pageCount; p++) {
            final int jobs = (int) Math.min(PAGE_JOBS, (long) newCapacity - ((long) p << PAGE_SHIFT));
            if (grown[p] == null) {
                grown[p] = new int[jobs * RECORD_INTS];
            } else if (grown[p].length < jobs * RECORD_INTS) {
                grown[p] = Arrays.copyOf(grown[p], jobs * RECORD_INTS);
            }
        }
        pages = grown;
        if (dimensions > 1) {
            otherSizes = otherSizes == null ? new int[newCapacity * (dimensions - 1)]
                : Arrays.copyOf(otherSizes, newCapacity * (dimensions - 1));
        }
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
        return d == 0 ? keySize(job) : otherSizes[job * (dimensions - 1) + d - 1];
    }

    /** Sets the size of a PENDING job on resource {@code d}, in units. */
    public void setSize(final int job, final int d, final int units) {
        assert (rawState(job) & STATE_MASK) == PENDING : "size change of job " + job + " in state " + rawState(job);
        assert units >= 0 && units <= Units.MAX_UNITS : units;
        if (d == 0) {
            pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + KEY_SIZE] = units;
        } else {
            otherSizes[job * (dimensions - 1) + d - 1] = units;
        }
    }

    @Override
    public double arrivalTime(final int job) {
        return getDouble(pages[job >>> PAGE_SHIFT], (job & PAGE_MASK) * RECORD_INTS + ARRIVAL);
    }

    @Override
    public double serviceTime(final int job) {
        return getDouble(pages[job >>> PAGE_SHIFT], (job & PAGE_MASK) * RECORD_INTS + SERVICE);
    }

    /** Fixes the service time of a job at its start (processing rates per server). Engine use. */
    public void setServiceTime(final int job, final double serviceTime) {
        assert (rawState(job) & STATE_MASK) == PENDING : "service change of job " + job + " in state " + rawState(job);
        putDouble(pages[job >>> PAGE_SHIFT], (job & PAGE_MASK) * RECORD_INTS + SERVICE, serviceTime);
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
        return serviceTime(job);
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
        return pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + STATE] >>> CLASS_SHIFT;
    }

    @Override
    public byte state(final int job) {
        return (byte) (rawState(job) & STATE_MASK);
    }

    @Override
    public boolean isQueued(final int job) {
        return rawState(job) == QUEUED;
    }

    @Override
    public boolean isRunning(final int job) {
        return (rawState(job) & STATE_MASK) == RUNNING;
    }

    @Override
    public boolean isDummy(final int job) {
        return (rawState(job) & DUMMY) != 0;
    }

    /** The server a RUNNING job occupies. */
    @Override
    public int serverOf(final int job) {
        assert isRunning(job) : "job " + job + " is not running";
        return left(job);
    }

    /**
     * Reads the fields a departure of {@code job} reads (state, size, links: one record) and returns them
     * mixed, for the departure queue's look-ahead: called for a slot's departures before the first of them
     * is taken, it brings their records into cache together, so their misses overlap. No effect on the job.
     */
    public int touchForDeparture(final int job) {
        final int[] page = pages[job >>> PAGE_SHIFT];
        final int at = (job & PAGE_MASK) * RECORD_INTS;
        return page[at + STATE] ^ page[at + KEY_SIZE] ^ page[at + PREV];
    }

    // ---- the hot fields, for the queues and the server table of this package (final class: the JIT inlines them)

    /** FIFO predecessor while queued, server-list predecessor while running. */
    int prev(final int job) {
        return pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + PREV];
    }

    /** FIFO successor while queued, server-list successor while running, free-list successor while FREE. */
    int next(final int job) {
        return pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + NEXT];
    }

    /** Size-bucket predecessor while queued; the server while running. */
    int left(final int job) {
        return pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + LEFT];
    }

    /** Size-bucket successor while queued. */
    int right(final int job) {
        return pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + RIGHT];
    }

    void setPrev(final int job, final int link) {
        pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + PREV] = link;
    }

    void setNext(final int job, final int link) {
        pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + NEXT] = link;
    }

    void setLeft(final int job, final int link) {
        pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + LEFT] = link;
    }

    void setRight(final int job, final int link) {
        pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + RIGHT] = link;
    }

    /** Size on resource 0, the queues' key: {@code size(job, 0)}. */
    int keySize(final int job) {
        return pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + KEY_SIZE];
    }

    /** The state byte with its dummy flag: {@link #QUEUED} only for a real queued job. */
    byte rawState(final int job) {
        return (byte) pages[job >>> PAGE_SHIFT][(job & PAGE_MASK) * RECORD_INTS + STATE];
    }

    private void setRawState(final int job, final byte value) {
        final int[] page = pages[job >>> PAGE_SHIFT];
        final int at = (job & PAGE_MASK) * RECORD_INTS + STATE;
        page[at] = page[at] & ~STATE_BITS | value & STATE_BITS;
    }

    private static double getDouble(final int[] page, final int at) {
        return Double.longBitsToDouble((long) page[at + 1] << Integer.SIZE | page[at] & 0xFFFF_FFFFL);
    }

    /** Raw bits, so a NaN's payload survives the round trip (a dummy's arrival time is NaN). */
    private static void putDouble(final int[] page, final int at, final double value) {
        final long bits = Double.doubleToRawLongBits(value);
        page[at] = (int) bits;
        page[at + 1] = (int) (bits >>> Integer.SIZE);
    }

    /** Copies the job's size vector into {@code into[0 .. D)}; returns {@code into}. O(D). */
    int[] copySizes(final int job, final int[] into) {
        into[0] = keySize(job);
        if (dimensions > 1) {
            System.arraycopy(otherSizes, job * (dimensions - 1), into, 1, dimensions - 1);
        }
        return into;
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
        assert rawState(job) == PENDING : "enqueue of job " + job + " in state " + rawState(job);
        setRawState(job, QUEUED);
        pendingCount--;
        queuedCount++;
    }

    void markDequeued(final int job) {
        assert rawState(job) == QUEUED : "dequeue of job " + job + " in state " + rawState(job);
        setRawState(job, PENDING);
        queuedCount--;
        pendingCount++;
    }

    void markRunning(final int job, final int server) {
        final byte before = rawState(job);
        assert (before & STATE_MASK) == PENDING : "start of job " + job + " in state " + before;
        final int dummy = before & DUMMY;
        setRawState(job, (byte) (RUNNING | dummy));
        setLeft(job, server);
        pendingCount--;
        if (dummy != 0) {
            dummyCount++;
        } else {
            runningCount++;
        }
    }

    /** A RUNNING job that has left its server (a departure) becomes PENDING, to be released. Engine use. */
    public void markStopped(final int job) {
        assert isRunning(job) : "stop of job " + job + " in state " + rawState(job);
        leaveRunning(job);
        setRawState(job, (byte) (PENDING | (rawState(job) & DUMMY)));
        pendingCount++;
    }

    /**
     * A running dummy that has left its server before its departure becomes CANCELLED; its handle stays in
     * the departure structures until its time. Engine use.
     */
    public void markCancelled(final int job) {
        assert isRunning(job) && isDummy(job) : "cancel of job " + job + " in state " + rawState(job);
        leaveRunning(job);
        setRawState(job, (byte) (CANCELLED | DUMMY));
        cancelledCount++;
    }

    private void leaveRunning(final int job) {
        setLeft(job, NONE);
        if ((rawState(job) & DUMMY) != 0) {
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
