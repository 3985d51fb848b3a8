package org.stowage.core.kernel.lotes;

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
        assertTrue(index.mayFit(new int[] {1, 0}), "the minima (1, 0) fit although no job does");
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
