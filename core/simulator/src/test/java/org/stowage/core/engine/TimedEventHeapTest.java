package org.stowage.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.PriorityQueue;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimedEventHeapTest {
    private record Event(double time, long sequence, long payload) {
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {3, 17, 4242})
    void popsInTimeThenSequenceOrder(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final TimedEventHeap heap = new TimedEventHeap(1);
        final PriorityQueue<Event> model = new PriorityQueue<>((a, b) -> a.time != b.time
            ? Double.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
        long sequence = 0;
        for (int step = 0; step < 50_000; step++) {
            if (model.isEmpty() || random.nextInt(5) < 3) {
                final double time = random.nextInt(50); // many equal times
                final Event event = new Event(time, sequence++, random.nextLong());
                heap.push(event.time, event.sequence, event.payload);
                model.add(event);
            } else {
                final Event expected = model.poll();
                assertEquals(expected.time, heap.peekTime(), "seed " + seed + " step " + step);
                assertEquals(expected.payload, heap.pop(), "seed " + seed + " step " + step);
            }
            assertEquals(model.size(), heap.size(), "seed " + seed + " step " + step);
        }
    }
}
