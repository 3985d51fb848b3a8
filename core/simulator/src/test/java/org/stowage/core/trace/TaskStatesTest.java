package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The per-job segment index against a HashMap, under random sets and gets that grow segments (indices in
 * order, as a trace's tasks appear, and random jumps), add many jobs and force the pool to grow and compact.
 */
class TaskStatesTest {
    @Test
    void behavesLikeAMapThroughGrowthAndCompaction() {
        for (long seed = 1; seed <= 4; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final TaskStates states = new TaskStates();
            final Map<Long, Integer> reference = new HashMap<>();
            final int jobs = 1 + random.nextInt(5_000);
            final int[] nextIndex = new int[jobs];
            for (int op = 0; op < 60_000; op++) {
                final long job = random.nextInt(3) == 0 ? random.nextLong(1L << 39) % 1_000_003 : random.nextInt(jobs);
                final int index;
                if (job >= jobs) {
                    index = random.nextInt(4); // many small jobs, met once or twice
                } else if (random.nextBoolean()) {
                    index = nextIndex[(int) job]++; // tasks of a job appear in index order, as in the Google trace
                } else {
                    index = random.nextInt(100) == 0 ? random.nextInt(5_000) : random.nextInt(12);
                }
                final long key = job << 24 | index;
                final int position = states.locate(job, index);
                final int expected = reference.getOrDefault(key, TaskStates.MISSING);
                assertEquals(expected, states.get(position), "seed " + seed + " op " + op + ": job " + job
                    + " index " + index);
                if (random.nextInt(3) != 0) {
                    final int value = random.nextInt() | 1;
                    states.set(position, value == TaskStates.MISSING ? 7 : value);
                    reference.put(key, value == TaskStates.MISSING ? 7 : value);
                }
            }
            for (final Map.Entry<Long, Integer> entry : reference.entrySet()) {
                final long key = entry.getKey();
                assertEquals(entry.getValue().intValue(), states.get(states.locate(key >>> 24, (int) (key & 0xFFFFFF))),
                    "seed " + seed + ": final value of job " + (key >>> 24) + " index " + (key & 0xFFFFFF));
            }
        }
    }

    @Test
    void growingJobsAreCompactedAndKeepTheirStates() {
        final TaskStates states = new TaskStates();
        final int jobs = 10;
        final int tasksPerJob = 50_000;
        for (int index = 0; index < tasksPerJob; index++) {
            for (int job = 0; job < jobs; job++) {
                states.set(states.locate(1_000_000_000L + job, index), job * tasksPerJob + index);
            }
        }
        for (int job = 0; job < jobs; job++) {
            for (int index = 0; index < tasksPerJob; index++) {
                assertEquals(job * tasksPerJob + index, states.get(states.locate(1_000_000_000L + job, index)),
                    "job " + job + " index " + index);
            }
        }
        final long live = (long) jobs * tasksPerJob;
        System.out.printf("%d tasks: %d compactions, pool %d positions used, %d bytes%n", live, states.compactions(),
            states.poolUsed(), states.footprintBytes());
        assertTrue(states.compactions() > 0, "doubling segments must have been compacted");
        assertTrue(states.poolUsed() <= 3 * live, "pool " + states.poolUsed() + " for " + live + " tasks");
    }
}
