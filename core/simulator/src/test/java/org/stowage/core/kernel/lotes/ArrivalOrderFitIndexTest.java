package org.stowage.core.kernel.lotes;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.state.JobTable;

/**
 * {@link ArrivalOrderFitIndex} against a plain list scanned in arrival order, on thousands of seeded random
 * sequences of appends and searches-then-removals (the departure's use), with rooms drawn so that the head
 * often does not fit; through compaction, growth and emptying. Every failure names the seed.
 */
class ArrivalOrderFitIndexTest {
    private static final long SEED = 0xA0F1_0021L;
    private static final int SEQUENCES = 3000;

    @Test
    void firstFittingIsTheFirstJobInArrivalOrderThatFits() {
        long searches = 0;
        long pastTheHead = 0;
        int longest = 0;
        for (int i = 0; i < SEQUENCES; i++) {
            final long seed = SEED + i;
            final SplittableRandom random = new SplittableRandom(seed);
            final int dimensions = 1 + random.nextInt(3);
            final int largest = 2 + random.nextInt(random.nextBoolean() ? 6 : 100);
            final int operations = 50 + random.nextInt(random.nextInt(16) == 0 ? 2500 : 300);
            final double appendShare = 0.3 + 0.5 * random.nextDouble();
            final JobTable jobs = new JobTable(dimensions, 16);
            final ArrivalOrderFitIndex index = new ArrivalOrderFitIndex(dimensions);
            final List<Integer> queue = new ArrayList<>();
            final int[] room = new int[dimensions];
            for (int op = 0; op < operations; op++) {
                if (queue.isEmpty() || random.nextDouble() < appendShare) {
                    final int job = jobs.allocate(op, 1, 0);
                    for (int d = 0; d < dimensions; d++) {
                        jobs.setSize(job, d, random.nextInt(largest + 1));
                    }
                    index.append(job, jobs);
                    queue.add(job);
                    longest = Math.max(longest, queue.size());
                } else {
                    for (int d = 0; d < dimensions; d++) {
                        room[d] = random.nextInt(largest + 1);
                    }
                    final int expected = firstFitting(queue, jobs, room);
                    final int slot = index.firstFitting(room);
                    searches++;
                    if (expected < 0) {
                        assertEquals(ArrivalOrderFitIndex.NONE, slot, "seed " + seed + " op " + op + ": no job fits");
                    } else {
                        assertTrue(slot >= 0, "seed " + seed + " op " + op + ": queued job " + queue.get(expected) + " fits");
                        assertEquals((int) queue.get(expected), index.jobAt(slot), "seed " + seed + " op " + op);
                        assertTrue(index.mayFit(room), "seed " + seed + " op " + op + ": mayFit said no");
                        pastTheHead += expected > 0 ? 1 : 0;
                        index.remove(slot);
                        queue.remove(expected);
                    }
                    assertEquals(queue.size(), index.size(), "seed " + seed + " op " + op);
                }
                if (operations < 400 || op % 32 == 0) {
                    final int at = op;
                    assertDoesNotThrow(index::checkMinima, () -> "seed " + seed + " op " + at);
                }
            }
        }
        assertTrue(pastTheHead > searches / 10, pastTheHead + " of " + searches + " searches went past the head");
        assertTrue(longest > 1000, "longest queue " + longest);
    }

    @Test
    void anEmptyQueueFitsNothingAndAnEmptiedOneStartsAgain() {
        final JobTable jobs = new JobTable(2, 4);
        final ArrivalOrderFitIndex index = new ArrivalOrderFitIndex(2);
        final int[] everything = {Integer.MAX_VALUE - 1, Integer.MAX_VALUE - 1};
        assertEquals(ArrivalOrderFitIndex.NONE, index.firstFitting(everything));
        assertFalse(index.mayFit(everything));
        final int small = job(jobs, 1, 1);
        final int wide = job(jobs, 5, 0);
        index.append(wide, jobs);
        index.append(small, jobs);
        assertFalse(index.mayFit(new int[] {1, 0}), "(1, 1) and (5, 0) sit in different cones: no (1, 0) corner");
        assertEquals(ArrivalOrderFitIndex.NONE, index.firstFitting(new int[] {1, 0}));
        assertEquals(small, index.jobAt(index.firstFitting(new int[] {1, 1})));
        assertEquals(wide, index.jobAt(index.firstFitting(new int[] {5, 1})), "the older job first");
        index.remove(index.firstFitting(new int[] {5, 1}));
        index.remove(index.firstFitting(new int[] {5, 1}));
        assertEquals(0, index.size());
        assertEquals(ArrivalOrderFitIndex.NONE, index.firstFitting(everything));
        index.append(wide, jobs);
        assertEquals(wide, index.jobAt(index.firstFitting(everything)));
    }

    /**
     * The queue past lambda*: an old part of tall and wide jobs that every room turned down, then one small
     * job. Per-resource minima pass every subtree of the old part (a tall job fits the room on resource 0, a
     * wide one on resource 1), so that search read every node; the cones keep tall and wide apart.
     */
    @Test
    void tallAndWideJobsDoNotSendTheSearchThroughTheOldPartOfTheQueue() {
        final int old = 1 << 16;
        final JobTable jobs = new JobTable(2, old + 1);
        final ArrivalOrderFitIndex index = new ArrivalOrderFitIndex(2);
        for (int i = 0; i < old; i++) {
            index.append(i % 2 == 0 ? job(jobs, 3 + i % 7, 100) : job(jobs, 100, 3 + i % 5), jobs);
        }
        final int small = job(jobs, 10, 10);
        index.append(small, jobs);
        final int[] room = {50, 50};
        final int slot = index.firstFitting(room);
        assertEquals(small, index.jobAt(slot));
        final long read = index.nodesRead();
        assertTrue(read <= 4 * 18, read + " nodes read to find the only fitting job of " + (old + 1));
        index.remove(slot);
        assertEquals(ArrivalOrderFitIndex.NONE, index.firstFitting(room));
        final long failed = index.nodesRead() - read;
        assertTrue(failed <= 4 * 18, failed + " nodes read to find that no job fits, once the small job left");
        assertFalse(index.mayFit(room), "no cone's minima fit once the small job left");
    }

    private static int job(final JobTable jobs, final int... size) {
        final int job = jobs.allocate(0, 1, 0);
        for (int d = 0; d < size.length; d++) {
            jobs.setSize(job, d, size[d]);
        }
        return job;
    }

    private static int firstFitting(final List<Integer> queue, final JobTable jobs, final int[] room) {
        for (int i = 0; i < queue.size(); i++) {
            boolean fits = true;
            for (int d = 0; d < room.length; d++) {
                fits &= jobs.size(queue.get(i), d) <= room[d];
            }
            if (fits) {
                return i;
            }
        }
        return -1;
    }
}
