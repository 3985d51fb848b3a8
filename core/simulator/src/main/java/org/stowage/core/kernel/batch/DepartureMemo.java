package org.stowage.core.kernel.batch;

import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * Tetris's memo of departure searches: the best queued job (and its score) that a search found for a machine,
 * kept per (work class, free resources), so that machines alike (the tasks of one trace job placed one per
 * machine) cost one search, not one each. The best job depends on the machine only through its work class and
 * its free resources; jobs leaving the queue cannot change a best that is still queued (nor make a job fit
 * where none did), so a kept answer whose job is still queued is the search's answer, until a job arrives or
 * joins the searched index: {@link #invalidate} then voids every entry at once (an epoch counter).
 *
 * <p>Direct-mapped: {@value #ENTRIES} entries, each a key of D + 1 ints (the work class, the free resources),
 * the job, the score and the epoch it was stored in; a key that hashes to an occupied entry replaces it.
 *
 * <p>Cost: {@link #entry}, {@link #holds} and {@link #store} O(D); {@link #invalidate} O(1). Memory:
 * {@value #ENTRIES} x (D + 4) ints and one double. Allocation-free after construction.
 */
final class DepartureMemo {
    static final int ENTRIES = 1 << 12;

    private final ServerView servers;
    private final JobView jobs;
    private final int dimensions;
    /** Entry e's key at {@code [e * (D + 1)]}: the work class, then the free resources. */
    private final int[] key;
    private final int[] job;
    private final double[] score;
    private final int[] epoch;
    /** Entries stored in an earlier epoch are void; 0 is never current, so a fresh entry is void. */
    private int currentEpoch = 1;

    DepartureMemo(final ServerView servers, final JobView jobs) {
        this.servers = servers;
        this.jobs = jobs;
        this.dimensions = servers.dimensions();
        key = new int[ENTRIES * (dimensions + 1)];
        job = new int[ENTRIES];
        score = new double[ENTRIES];
        epoch = new int[ENTRIES];
    }

    /**
     * Voids every entry: a job arrived (it may be better for a kept machine, and its handle may be a placed
     * job's that an entry names) or joined the searched index.
     */
    void invalidate() {
        currentEpoch++;
    }

    /** The entry for machines of work class {@code c} as free as {@code server}: a hash of the class and residuals. */
    int entry(final int server, final int c) {
        int hash = c;
        for (int d = 0; d < dimensions; d++) {
            hash = hash * 0x9E3779B1 + servers.residual(server, d);
        }
        hash ^= hash >>> 15;
        hash *= 0x85EBCA6B;
        hash ^= hash >>> 13;
        return hash & (ENTRIES - 1);
    }

    /**
     * Whether {@code entry} holds the search of a machine of work class {@code c} as free as {@code server},
     * made in this epoch, whose job (if any) is still queued.
     */
    boolean holds(final int entry, final int server, final int c) {
        if (epoch[entry] != currentEpoch) {
            return false;
        }
        final int base = entry * (dimensions + 1);
        if (key[base] != c) {
            return false;
        }
        for (int d = 0; d < dimensions; d++) {
            if (key[base + 1 + d] != servers.residual(server, d)) {
                return false;
            }
        }
        return job[entry] == JobTable.NONE || jobs.isQueued(job[entry]);
    }

    /** The kept search's job (NONE when no queued job fits); meaningful when {@link #holds}. */
    int job(final int entry) {
        return job[entry];
    }

    /** The kept search's score; meaningful when {@link #holds} and the job is not NONE. */
    double score(final int entry) {
        return score[entry];
    }

    /** Keeps in {@code entry} the search for {@code server} (work class {@code c}): {@code found} and its score. */
    void store(final int entry, final int server, final int c, final int found, final double foundScore) {
        final int base = entry * (dimensions + 1);
        key[base] = c;
        for (int d = 0; d < dimensions; d++) {
            key[base + 1 + d] = servers.residual(server, d);
        }
        job[entry] = found;
        score[entry] = foundScore;
        epoch[entry] = currentEpoch;
    }
}
