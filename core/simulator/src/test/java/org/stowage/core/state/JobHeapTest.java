package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * {@link JobHeap} against a sorted list under random adds, polls, removals and re-keyings, with the seed in
 * every message; keys drawn from a few values so ties are common.
 */
class JobHeapTest {

    @Test
    void matchesASortedListUnderRandomOperations() {
        for (long seed = 1; seed <= 200; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final JobTable jobs = new JobTable(1, 4);
            final int key = jobs.addDoubleColumn(0);
            final int tie = jobs.addIntColumn(0);
            final JobHeap heap = new JobHeap(jobs, key, tie);
            final List<Integer> naive = new ArrayList<>();
            final Comparator<Integer> order = Comparator.<Integer>comparingDouble(j -> jobs.doubleColumn(key, j))
                .thenComparingInt(j -> jobs.intColumn(tie, j)).thenComparingInt(j -> j);
            int sequence = 0;
            for (int step = 0; step < 400; step++) {
                final int operation = random.nextInt(10);
                if (operation < 5 || naive.isEmpty()) {
                    final int job = jobs.allocate(0, 1, 0);
                    jobs.setDoubleColumn(key, job, random.nextInt(5));
                    jobs.setIntColumn(tie, job, sequence++);
                    heap.add(job);
                    naive.add(job);
                } else if (operation < 7) {
                    naive.sort(order);
                    final int expected = naive.remove(0);
                    assertEquals(expected, heap.poll(), "seed " + seed + " step " + step + ": poll");
                    jobs.release(expected);
                } else if (operation < 9) {
                    final int job = naive.remove(random.nextInt(naive.size()));
                    heap.remove(job);
                    jobs.release(job);
                } else {
                    final int job = naive.get(random.nextInt(naive.size()));
                    jobs.setDoubleColumn(key, job, random.nextInt(5));
                    heap.changed(job);
                }
                naive.sort(order);
                assertEquals(naive.size(), heap.size(), "seed " + seed + " step " + step + ": size");
                assertEquals(naive.isEmpty() ? JobTable.NONE : naive.get(0), heap.peek(),
                    "seed " + seed + " step " + step + ": least");
            }
        }
    }
}
