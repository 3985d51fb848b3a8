package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;

/** Appends, revocations and growth from the smallest capacity, then the sort, against a list sorted by hand. */
class KeptTasksTest {
    private record Task(long arrival, long duration, long tie, int size0, int size1, int order) {
    }

    @Test
    void buildDropsRevokedTasksAndSortsByArrivalThenTieKeyStably() {
        for (long seed = 1; seed <= 30; seed++) {
            final SplittableRandom random = new SplittableRandom(seed);
            final int dimensions = 1 + (int) (seed % 2);
            final KeptTasks kept = new KeptTasks(dimensions, 0);
            final List<Task> live = new ArrayList<>();
            final List<Integer> liveIndex = new ArrayList<>();
            final int n = random.nextInt(5_000);
            for (int i = 0; i < n; i++) {
                final Task task = new Task(random.nextLong(50) - 10, random.nextLong(1_000), random.nextLong(20),
                    random.nextInt(1 << 20), random.nextInt(1 << 20), i);
                final int index = kept.add(task.arrival(), task.duration(), task.tie(), task.size0(), task.size1());
                assertEquals(i, index);
                live.add(task);
                liveIndex.add(index);
                if (random.nextInt(4) == 0 && !live.isEmpty()) {
                    final int victim = random.nextInt(live.size());
                    kept.revoke(liveIndex.get(victim));
                    live.remove(victim);
                    liveIndex.remove(victim);
                }
            }
            live.sort(Comparator.comparingLong(Task::arrival).thenComparingLong(Task::tie).thenComparingInt(Task::order));
            final TraceSummary summary = new TraceSummary(TraceFormat.SWF, "test", new DropReason[0], "a", "b");
            final LoadedTrace trace = kept.build(TraceFormat.SWF, Units.defaults(), new int[0], summary);
            assertEquals(live.size(), trace.count(), "seed " + seed);
            for (int i = 0; i < live.size(); i++) {
                final Task task = live.get(i);
                assertEquals(task.arrival(), trace.arrivalMicros(i), "seed " + seed + " task " + i);
                assertEquals(task.duration(), trace.durationMicros(i), "seed " + seed + " task " + i + " (stable order)");
                assertEquals(task.size0(), trace.size(i, 0), "seed " + seed + " task " + i);
                if (dimensions == 2) {
                    assertEquals(task.size1(), trace.size(i, 1), "seed " + seed + " task " + i);
                }
            }
        }
    }
}
