package org.stowage.core.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JobQueueTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 42, 2024, 987654321})
    void matchesBruteForceUnderRandomOperations(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final int dimensions = 1 + random.nextInt(2);
        final JobTable jobs = new JobTable(dimensions, 4);
        final int sizeRange = 1 + random.nextInt(random.nextBoolean() ? 5 : 100_000);
        final JobQueue[] queues = {new JobQueue(jobs, 0, sizeRange), new JobQueue(jobs, 1, sizeRange),
            new JobQueue(jobs, 2, sizeRange + 1 + random.nextInt(300_000)),
            new JobQueue(jobs, 3, sizeRange, new QueueChanges(), JobQueue.Order.NONE),
            new JobQueue(jobs, 4, sizeRange, new QueueChanges(), JobQueue.Order.RECENT)};
        final List<List<Integer>> models = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
            new ArrayList<>(), new ArrayList<>());
        final List<Integer> recent = new ArrayList<>(); // queue 4's jobs enqueued since its last forgetRecent
        double clock = 0;
        for (int step = 0; step < 20_000; step++) {
            final int q = random.nextInt(queues.length);
            final JobQueue queue = queues[q];
            final List<Integer> model = models.get(q);
            final int operation = random.nextInt(10);
            if (operation < 5 || model.isEmpty()) {
                if (random.nextInt(3) == 0) {
                    clock += 1; // several arrivals share each instant, so ties on arrival time occur
                }
                final int job = jobs.allocate(clock, 1, 0);
                for (int d = 0; d < dimensions; d++) {
                    jobs.setSize(job, d, random.nextInt(sizeRange));
                }
                queue.enqueue(job);
                model.add(job);
                if (q == 4) {
                    recent.add(job);
                }
            } else if (operation < 8) {
                final int job = model.remove(random.nextInt(model.size()));
                queue.remove(job);
                jobs.release(job);
                if (q == 4) {
                    recent.remove((Integer) job);
                }
            } else {
                final int limit = random.nextInt(sizeRange + 2) - 1;
                assertEquals(bruteLargestAtMost(jobs, model, limit), queue.largestAtMost(limit),
                    "seed " + seed + " step " + step + ": largestAtMost(" + limit + ")");
            }
            assertEquals(model.size(), queue.size(), "seed " + seed + " step " + step + ": size");
            if (step % 53 == 0) {
                final List<Integer> listed = new ArrayList<>();
                for (int job = queues[4].recentHead(); job != JobQueue.NONE; job = queues[4].recentNext(job)) {
                    listed.add(job);
                }
                assertEquals(recent, listed, "seed " + seed + " step " + step + ": recent jobs");
                if (random.nextBoolean()) {
                    queues[4].forgetRecent();
                    recent.clear();
                }
            }
            if (step % 97 == 0) {
                for (int i = 0; i < queues.length; i++) {
                    if (queues[i].keepsArrivalOrder()) {
                        assertFifoOrder(seed, step, queues[i], models.get(i));
                    }
                    assertEquals(models.get(i).size(), queues[i].indexedCount(), "seed " + seed + ": indexed count");
                    assertEquals(bruteSmallest(jobs, models.get(i)), queues[i].smallestKeySize(),
                        "seed " + seed + " step " + step + ": smallest key size");
                }
            }
        }
        assertEquals(models.get(0).size() + models.get(1).size() + models.get(2).size() + models.get(3).size()
            + models.get(4).size(),
            jobs.queuedCount());
    }

    /**
     * The cached smallest size after every operation: queues that empty and refill, removals of the
     * smallest job, and queries just below, at and above the smallest size, against a scan.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {8, 64, 512, 4096})
    void smallestSizeCacheMatchesAScanAfterEveryOperation(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final JobTable jobs = new JobTable(1, 4);
        final int sizeRange = 1 + random.nextInt(random.nextBoolean() ? 20 : 5_000);
        final JobQueue queue = new JobQueue(jobs, 0, sizeRange);
        final List<Integer> model = new ArrayList<>();
        for (int step = 0; step < 30_000; step++) {
            final String where = "seed " + seed + " step " + step + " range " + sizeRange;
            final int target = random.nextInt(12); // queue length wanders between 0 and about 12
            if (model.size() < target || model.isEmpty()) {
                final int job = jobs.allocate(step, 1, 0);
                jobs.setSize(job, 0, random.nextInt(sizeRange));
                queue.enqueue(job);
                model.add(job);
            } else {
                final int smallest = bruteSmallest(jobs, model);
                int index = random.nextInt(model.size());
                if (random.nextBoolean()) {
                    for (int i = 0; i < model.size(); i++) {
                        if (jobs.size(model.get(i), 0) == smallest) {
                            index = i; // often take a job of the smallest size
                            break;
                        }
                    }
                }
                final int job = model.remove(index);
                queue.remove(job);
                jobs.release(job);
            }
            final int smallest = bruteSmallest(jobs, model);
            final int limit = smallest == Integer.MAX_VALUE ? random.nextInt(sizeRange)
                : smallest - 1 + random.nextInt(3);
            assertEquals(bruteLargestAtMost(jobs, model, limit), queue.largestAtMost(limit),
                where + ": largestAtMost(" + limit + ")");
            if (random.nextInt(3) == 0) {
                assertEquals(smallest, queue.smallestKeySize(), where + ": smallest key size");
            }
        }
    }

    @Test
    void largestAtMostBreaksTiesByInsertionOrder() {
        final JobTable jobs = new JobTable(1, 8);
        final JobQueue queue = new JobQueue(jobs, 0, 101);
        final int first = add(jobs, queue, 3, 7);
        final int second = add(jobs, queue, 5, 7);
        final int small = add(jobs, queue, 6, 2);
        assertEquals(first, queue.largestAtMost(7));
        assertEquals(first, queue.largestAtMost(100));
        assertEquals(small, queue.largestAtMost(6));
        assertEquals(JobQueue.NONE, queue.largestAtMost(1));
        assertEquals(2, queue.smallestKeySize());
        queue.remove(first);
        assertEquals(second, queue.largestAtMost(7));
        final int third = add(jobs, queue, 7, 7);
        assertEquals(second, queue.largestAtMost(7), "the earlier of two equal sizes comes first");
        queue.remove(second);
        assertEquals(third, queue.largestAtMost(7));
        assertEquals(third, queue.next(small), "FIFO order is insertion order");
    }

    /**
     * Buckets longer than the {@value JobQueue#LINE} handles a line holds, made chains and emptied again:
     * removals at every position (a line's either end, a chain's head, middle and tail) keep each bucket in
     * insertion order, checked after every operation by its head and, now and then, by draining the whole queue
     * largest first and filling it again in the same order.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {5, 17, 333, 70001})
    void bucketsKeepInsertionOrderAsLinesAndAsChains(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final JobTable jobs = new JobTable(1, 4);
        final int sizeRange = 1 + random.nextInt(3);
        final JobQueue queue = new JobQueue(jobs, 0, sizeRange, new QueueChanges(), JobQueue.Order.NONE);
        final List<List<Integer>> buckets = new ArrayList<>();
        for (int key = 0; key < sizeRange; key++) {
            buckets.add(new ArrayList<>());
        }
        for (int step = 0; step < 20_000; step++) {
            final String where = "seed " + seed + " step " + step;
            final int key = random.nextInt(sizeRange);
            final List<Integer> bucket = buckets.get(key);
            final int target = random.nextInt(6 * JobQueue.LINE); // lines, chains, and buckets emptied
            if (bucket.isEmpty() || bucket.size() < target) {
                bucket.add(add(jobs, queue, step, key));
            } else {
                final int job = bucket.remove(random.nextInt(bucket.size()));
                queue.remove(job);
                jobs.release(job);
            }
            int total = 0;
            for (int size = 0; size < sizeRange; size++) {
                final List<Integer> expected = buckets.get(size);
                total += expected.size();
                if (!expected.isEmpty()) {
                    assertEquals(expected.get(0), queue.largestAtMost(size), where + ": head of size " + size);
                }
            }
            assertEquals(total, queue.indexedCount(), where + ": indexed count");
            if (step % 101 == 0) {
                final List<Integer> drained = new ArrayList<>();
                for (int job = queue.largestAtMost(sizeRange); job != JobQueue.NONE;
                    job = queue.largestAtMost(sizeRange)) {
                    queue.remove(job);
                    drained.add(job);
                }
                final List<Integer> expected = new ArrayList<>();
                for (int size = sizeRange - 1; size >= 0; size--) {
                    expected.addAll(buckets.get(size));
                }
                assertEquals(expected, drained, where + ": drained largest first, each size in insertion order");
                for (final List<Integer> refill : buckets) {
                    for (final int job : refill) {
                        queue.enqueue(job);
                    }
                }
            }
        }
    }

    @Test
    void sizesAtTheEdgesOfTheUniverseAndOfPages() {
        final int universe = 3 * JobQueue.PAGE_SIZE + 5;
        final JobTable jobs = new JobTable(1, 8);
        final JobQueue queue = new JobQueue(jobs, 0, universe);
        final int zero = add(jobs, queue, 0, 0);
        final int top = add(jobs, queue, 0, universe - 1);
        final int pageEdge = add(jobs, queue, 0, JobQueue.PAGE_SIZE - 1);
        final int nextPage = add(jobs, queue, 0, JobQueue.PAGE_SIZE);
        assertEquals(top, queue.largestAtMost(Integer.MAX_VALUE));
        assertEquals(nextPage, queue.largestAtMost(universe - 2));
        assertEquals(pageEdge, queue.largestAtMost(JobQueue.PAGE_SIZE - 1));
        assertEquals(zero, queue.largestAtMost(JobQueue.PAGE_SIZE - 2));
        assertEquals(0, queue.smallestKeySize());
        queue.remove(zero);
        assertEquals(JobQueue.PAGE_SIZE - 1, queue.smallestKeySize());
        assertEquals(JobQueue.NONE, queue.largestAtMost(JobQueue.PAGE_SIZE - 2));
        final int outside = jobs.allocate(0, 1, 0);
        jobs.setSize(outside, 0, universe);
        assertThrows(IllegalArgumentException.class, () -> queue.enqueue(outside));
    }

    @Test
    void aQueueWithoutArrivalOrderAnswersTheSameAndRefusesHead() {
        final JobTable jobs = new JobTable(1, 4);
        final JobQueue ordered = new JobQueue(jobs, 0, 100);
        final JobQueue unordered = new JobQueue(jobs, 1, 100, new QueueChanges(), JobQueue.Order.NONE);
        final int[] sizes = {5, 7, 5, 3, 7};
        final int[] a = new int[sizes.length];
        final int[] b = new int[sizes.length];
        for (int i = 0; i < sizes.length; i++) {
            a[i] = jobs.allocate(i, 1, 0);
            jobs.setSize(a[i], 0, sizes[i]);
            ordered.enqueue(a[i]);
            b[i] = jobs.allocate(i, 1, 0);
            jobs.setSize(b[i], 0, sizes[i]);
            unordered.enqueue(b[i]);
        }
        ordered.remove(a[1]);
        unordered.remove(b[1]);
        for (int limit = 0; limit < 10; limit++) {
            final int expected = ordered.largestAtMost(limit);
            final int got = unordered.largestAtMost(limit);
            assertEquals(expected == JobQueue.NONE ? -1 : indexOf(a, expected), got == JobQueue.NONE ? -1 : indexOf(b, got),
                "largestAtMost(" + limit + ")");
        }
        assertEquals(4, unordered.size());
        assertThrows(IllegalStateException.class, unordered::head);
        assertThrows(IllegalStateException.class, unordered::recentHead);
        assertThrows(IllegalStateException.class, ordered::recentHead);
    }

    private static int indexOf(final int[] handles, final int job) {
        for (int i = 0; i < handles.length; i++) {
            if (handles[i] == job) {
                return i;
            }
        }
        return -2;
    }

    @Test
    void headAndNextFollowInsertionOrderAcrossRemovals() {
        final JobTable jobs = new JobTable(1, 2);
        final JobQueue queue = new JobQueue(jobs, 0, 16);
        final int a = add(jobs, queue, 0, 3);
        final int b = add(jobs, queue, 0, 1);
        final int c = add(jobs, queue, 1, 2);
        queue.remove(b);
        assertEquals(a, queue.head());
        assertEquals(c, queue.next(a));
        assertEquals(JobQueue.NONE, queue.next(c));
        queue.remove(a);
        queue.remove(c);
        assertEquals(JobQueue.NONE, queue.head());
        assertEquals(Integer.MAX_VALUE, queue.smallestKeySize());
    }

    @Test
    void enqueueOfAQueuedJobIsCaughtByAssertions() {
        final JobTable jobs = new JobTable(1, 2);
        final JobQueue queue = new JobQueue(jobs, 0, 16);
        final int job = add(jobs, queue, 0, 1);
        assertThrows(AssertionError.class, () -> queue.enqueue(job));
    }

    private static int add(final JobTable jobs, final JobQueue queue, final double arrival, final int size) {
        final int job = jobs.allocate(arrival, 1, 0);
        jobs.setSize(job, 0, size);
        queue.enqueue(job);
        return job;
    }

    /** Largest size at most {@code limit}; among equals, the first in insertion order. */
    private static int bruteLargestAtMost(final JobTable jobs, final List<Integer> model, final int limit) {
        int best = JobQueue.NONE;
        for (final int job : model) {
            if (jobs.size(job, 0) <= limit && (best == JobQueue.NONE || jobs.size(job, 0) > jobs.size(best, 0))) {
                best = job;
            }
        }
        return best;
    }

    private static int bruteSmallest(final JobTable jobs, final List<Integer> model) {
        int smallest = Integer.MAX_VALUE;
        for (final int job : model) {
            smallest = Math.min(smallest, jobs.size(job, 0));
        }
        return smallest;
    }

    private static void assertFifoOrder(final long seed, final int step, final JobQueue queue, final List<Integer> model) {
        int job = queue.head();
        for (final int expected : model) {
            assertEquals(expected, job, "seed " + seed + " step " + step + ": FIFO order of queue " + queue.id());
            job = queue.next(job);
        }
        assertEquals(JobQueue.NONE, job, "seed " + seed + " step " + step + ": FIFO tail");
    }
}
