package org.stowage.core.trace;

import java.util.Arrays;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * One int of state per task, keyed by (job ID, task index): a primitive map from job ID to a job handle,
 * and per job a dense segment of a shared int pool indexed by task index.
 *
 * <p>Why not one hash map keyed by the packed (job, index) pair: a trace's rows come in bursts over the
 * tasks of one job, and a hash that scatters consecutive indices costs a cache miss per row (a third of the
 * load time) and 16-24 bytes per task. Here consecutive tasks of a job are adjacent, the last job's handle
 * is cached, and a task costs 4 bytes (plus at most the same again of slack, since a segment doubles when an
 * index beyond it appears). Task indices in the Google trace are dense, 0 to n - 1 per job; a sparse job
 * costs 4 bytes per index up to its largest.
 *
 * <p>{@link #locate} returns a position in the pool, valid until the next {@code locate}; relocated
 * segments leave holes that are compacted away (when the pool is full and a quarter of it is holes). No
 * allocation except growth and compaction.
 */
final class TaskStates {
    /** State of a task never set. */
    static final int MISSING = Integer.MIN_VALUE;
    private static final int NO_JOB = -1;
    private static final int FIRST_SEGMENT = 4;

    private final Long2IntOpenHashMap jobs = new Long2IntOpenHashMap(1 << 12);
    private int[] segmentStart = new int[1 << 10];
    private int[] segmentLength = new int[1 << 10];
    /** The job ID of each handle, for a walk over the jobs after the load ({@link #jobId}). */
    private long[] jobIds = new long[1 << 10];
    private int jobCount;
    private int[] pool = new int[1 << 16];
    private int poolUsed;
    private int poolWasted;
    private int compactions;
    private long cachedJobId = -1;
    private int cachedJob = NO_JOB;

    TaskStates() {
        jobs.defaultReturnValue(NO_JOB);
    }

    /**
     * The pool position of (job, index), making room for it if needed (a new position holds
     * {@link #MISSING}). Valid until the next call.
     */
    int locate(final long jobId, final int taskIndex) {
        assert jobId >= 0 && taskIndex >= 0;
        int job = jobId == cachedJobId ? cachedJob : jobs.get(jobId);
        if (job == NO_JOB) {
            job = addJob(jobId, taskIndex + 1);
        } else if (taskIndex >= segmentLength[job]) {
            growSegment(job, taskIndex + 1);
        }
        cachedJobId = jobId;
        cachedJob = job;
        return segmentStart[job] + taskIndex;
    }

    int get(final int position) {
        return pool[position];
    }

    void set(final int position, final int value) {
        pool[position] = value;
    }

    /** Jobs seen. */
    int jobCount() {
        return jobCount;
    }

    /** The job ID of handle {@code job}, in [0, {@link #jobCount}): handles number the jobs in first-seen order. */
    long jobId(final int job) {
        return jobIds[job];
    }

    /** Task indices of handle {@code job} with room for a state: at least its largest index seen plus one. */
    int taskSlots(final int job) {
        return segmentLength[job];
    }

    /** The state of task {@code taskIndex} < {@link #taskSlots} of handle {@code job} ({@link #MISSING} if never set). */
    int state(final int job, final int taskIndex) {
        assert taskIndex >= 0 && taskIndex < segmentLength[job];
        return pool[segmentStart[job] + taskIndex];
    }

    /** Bytes held by the pool and the job arrays (the map's own tables excluded). */
    long footprintBytes() {
        return 4L * pool.length + 16L * segmentStart.length;
    }

    /** Pool positions in use, holes included. */
    int poolUsed() {
        return poolUsed;
    }

    /** Times the pool was compacted. */
    int compactions() {
        return compactions;
    }

    private int addJob(final long jobId, final int needed) {
        if (jobCount == segmentStart.length) {
            final int capacity = jobCount * 2;
            segmentStart = Arrays.copyOf(segmentStart, capacity);
            segmentLength = Arrays.copyOf(segmentLength, capacity);
            jobIds = Arrays.copyOf(jobIds, capacity);
        }
        final int length = Math.max(FIRST_SEGMENT, needed);
        final int start = reserve(length); // may compact the existing jobs; the new one is not among them yet
        final int job = jobCount++;
        segmentStart[job] = start;
        segmentLength[job] = length;
        jobIds[job] = jobId;
        jobs.put(jobId, job);
        return job;
    }

    private void growSegment(final int job, final int needed) {
        final int oldLength = segmentLength[job];
        final int length = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * oldLength, needed));
        final int start = reserve(length);
        // reserve may have compacted the pool and moved this job's segment; read its start afterwards
        System.arraycopy(pool, segmentStart[job], pool, start, oldLength);
        poolWasted += oldLength;
        segmentStart[job] = start;
        segmentLength[job] = length;
    }

    /** A fresh run of {@code length} positions filled with MISSING at the end of the pool. */
    private int reserve(final int length) {
        if ((long) poolUsed + length > pool.length) {
            // doubling alone leaves holes of up to half the pool; compacting at a quarter keeps the pool
            // within about 2x the live segments, and frees at least a quarter before the next overflow
            if (poolWasted >= poolUsed / 4) {
                compact();
            }
            if ((long) poolUsed + length > pool.length) {
                final long capacity = Math.max(2L * pool.length, (long) poolUsed + length);
                if (capacity > Integer.MAX_VALUE - 8) {
                    throw new IllegalStateException("task state pool above 2^31 entries");
                }
                pool = Arrays.copyOf(pool, (int) capacity);
            }
        }
        final int start = poolUsed;
        Arrays.fill(pool, start, start + length, MISSING);
        poolUsed += length;
        return start;
    }

    /** Moves every live segment to the front, in job order, dropping the holes. */
    private void compact() {
        final int[] packed = new int[pool.length];
        int used = 0;
        for (int job = 0; job < jobCount; job++) {
            System.arraycopy(pool, segmentStart[job], packed, used, segmentLength[job]);
            segmentStart[job] = used;
            used += segmentLength[job];
        }
        pool = packed;
        poolUsed = used;
        poolWasted = 0;
        compactions++;
    }
}
