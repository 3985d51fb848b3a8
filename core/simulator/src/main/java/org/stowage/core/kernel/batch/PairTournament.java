package org.stowage.core.kernel.batch;

import java.util.Arrays;

import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;

/**
 * Tetris's tournament of kept pairs: per slot at most one candidate (job, machine, score) with the version of
 * the machine it was computed for, under a tournament tree whose root is the best candidate in Tetris's order
 * ({@link #better}: the higher score, then the job that arrived first by its sequence column, then the lower
 * machine; the naive twin's scan order). {@link Tetris} keeps two: one slot per machine (its best queued
 * job) and one slot per arrival of the decision (its best machine); the pick takes the better root.
 *
 * <p>A slot without a candidate holds {@link JobTable#NONE} as its job and never wins against one that has
 * one. Slots are the leaves {@code [0, leaves)} of an implicit binary tree of {@code 2 * leaves} ints, leaves
 * a power of two.
 *
 * <p>Cost: {@link #update} O(log leaves), {@link #rebuild} and {@link #reset} O(leaves), {@link #winner} O(1).
 * Memory: per leaf an int job, machine and version, a double score and two tree ints. Allocation-free, except
 * {@link #reset} to more leaves than ever before (the arrays grow to the next power of two, once per
 * high-water mark).
 */
final class PairTournament {
    private final JobView jobs;
    private final int sequenceColumn;
    private int leaves;
    private int[] job;
    private int[] server;
    private double[] score;
    private int[] version;
    /** Node {@code n >= 1} holds the winning slot of its subtree; the leaves sit at {@code [leaves, 2 * leaves)}. */
    private int[] tree;

    /**
     * @param jobs           the jobs the candidates name
     * @param sequenceColumn the int column of {@code jobs} holding each job's arrival sequence (the tie rule)
     * @param slots          slots at first (at least 1)
     */
    PairTournament(final JobView jobs, final int sequenceColumn, final int slots) {
        this.jobs = jobs;
        this.sequenceColumn = sequenceColumn;
        allocate(leavesFor(slots));
        reset(slots);
        rebuild();
    }

    private void allocate(final int capacity) {
        job = new int[capacity];
        server = new int[capacity];
        score = new double[capacity];
        version = new int[capacity];
        tree = new int[2 * capacity];
    }

    /** The power of two at or above {@code slots}, at least 2 (a root above the leaves). */
    private static int leavesFor(final int slots) {
        return Integer.highestOneBit(Math.max(1, slots - 1)) << 1;
    }

    /**
     * Empties every slot and makes room for {@code slots} of them, leaving the tree to {@link #rebuild}:
     * O(leaves); allocates only when {@code slots} exceeds every earlier count.
     */
    void reset(final int slots) {
        leaves = leavesFor(slots);
        if (leaves > job.length) {
            allocate(leaves);
        }
        Arrays.fill(job, 0, leaves, JobTable.NONE);
        for (int slot = 0; slot < leaves; slot++) {
            tree[leaves + slot] = slot;
        }
    }

    /** Puts a candidate in {@code slot}; call {@link #update} or {@link #rebuild} to let the tree see it. */
    void set(final int slot, final int candidateJob, final int candidateServer, final double candidateScore,
             final int machineVersion) {
        job[slot] = candidateJob;
        server[slot] = candidateServer;
        score[slot] = candidateScore;
        version[slot] = machineVersion;
    }

    /** Empties {@code slot}; call {@link #update} or {@link #rebuild} to let the tree see it. */
    void clear(final int slot) {
        job[slot] = JobTable.NONE;
    }

    /** Whether {@code slot} holds a candidate. */
    boolean holds(final int slot) {
        return job[slot] != JobTable.NONE;
    }

    int job(final int slot) {
        return job[slot];
    }

    int server(final int slot) {
        return server[slot];
    }

    double score(final int slot) {
        return score[slot];
    }

    /** The version of the machine that the candidate of {@code slot} was computed for. */
    int version(final int slot) {
        return version[slot];
    }

    /** The slot at the root: the best candidate, or a slot without one when no slot holds any. O(1). */
    int winner() {
        return tree[1];
    }

    /** Replays the matches from {@code slot} to the root: O(log leaves). */
    void update(final int slot) {
        for (int node = (leaves + slot) >>> 1; node >= 1; node >>>= 1) {
            tree[node] = match(tree[2 * node], tree[2 * node + 1]);
        }
    }

    /** Replays every match: O(leaves). */
    void rebuild() {
        for (int node = leaves - 1; node >= 1; node--) {
            tree[node] = match(tree[2 * node], tree[2 * node + 1]);
        }
    }

    private int match(final int left, final int right) {
        if (!holds(right)) {
            return left;
        }
        if (!holds(left)) {
            return right;
        }
        return better(right, this, left) ? right : left;
    }

    /** Whether the candidate of {@code slot} beats that of {@code otherSlot} in {@code other}; both must hold one. */
    boolean better(final int slot, final PairTournament other, final int otherSlot) {
        final double own = score[slot];
        final double theirs = other.score[otherSlot];
        if (own != theirs) {
            return own > theirs;
        }
        final int ownJob = job[slot];
        final int theirJob = other.job[otherSlot];
        if (ownJob != theirJob) {
            return jobs.intColumn(sequenceColumn, ownJob) < jobs.intColumn(sequenceColumn, theirJob);
        }
        return server[slot] < other.server[otherSlot];
    }
}
