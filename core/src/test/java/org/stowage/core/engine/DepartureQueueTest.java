package org.stowage.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.PriorityQueue;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

class DepartureQueueTest {
    private record Departure(double time, long sequence, int job) {
    }

    /**
     * Instants in time order as the simulation makes them: pop every departure due now (checked against a
     * priority queue by (time, sequence)), then push new ones after now. Service times mix many ties, the
     * edges of the wheel, far departures (overflow heap) and, in slotted mode, a few decisions at
     * fractional times.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 5, 77, 2024, 987654321})
    void popsInTimeThenSchedulingOrder(final long seed) {
        for (final boolean slotted : new boolean[] {true, false}) {
            final SplittableRandom random = new SplittableRandom(seed);
            final JobTable jobs = new JobTable(1, 16);
            final ServerTable servers = ServerTable.homogeneous(1, 1);
            final DepartureQueue queue = new DepartureQueue(jobs, slotted, 4);
            final PriorityQueue<Departure> model = new PriorityQueue<>((a, b) -> a.time != b.time
                ? Double.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
            long sequence = 0;
            double now = random.nextInt(3);
            for (int instant = 0; instant < 20_000; instant++) {
                final String where = "seed " + seed + (slotted ? " slotted" : " continuous") + " instant " + instant
                    + " now " + now;
                assertEquals(model.isEmpty() ? Double.POSITIVE_INFINITY : model.peek().time, queue.peekTime(), where);
                while (!model.isEmpty() && model.peek().time == now) {
                    final Departure expected = model.poll();
                    assertEquals(now, queue.peekTime(), where);
                    final int job = queue.pop();
                    assertEquals(expected.job, job, where + ": job of sequence " + expected.sequence);
                    servers.vacate(jobs, job);
                    jobs.release(job);
                }
                assertEquals(model.size(), queue.size(), where + ": size");
                final int pushes = random.nextInt(4) == 0 ? 0 : random.nextInt(6);
                for (int i = 0; i < pushes; i++) {
                    final int job = jobs.allocate(now, 1, 0);
                    servers.occupy(jobs, job, 0);
                    final double time = now + service(random, slotted);
                    queue.push(now, time, sequence, job);
                    model.add(new Departure(time, sequence++, job));
                }
                final double next;
                if (slotted) {
                    // whole slots, sometimes a long idle stretch, and now and then a decision half-way (a tick)
                    final double slot = Math.floor(now);
                    next = random.nextInt(50) == 0 && slot + 0.5 > now ? slot + 0.5
                        : slot + (random.nextInt(20) == 0 ? 1 + random.nextInt(6000) : 1);
                } else {
                    next = now + random.nextDouble() * 3;
                }
                now = model.isEmpty() ? next : Math.min(next, model.peek().time);
            }
        }
    }

    private static double service(final SplittableRandom random, final boolean slotted) {
        final int kind = random.nextInt(10);
        final double slots;
        if (kind < 6) {
            slots = 1 + random.nextInt(8);
        } else if (kind < 8) {
            slots = DepartureQueue.WHEEL_SLOTS - 2 + random.nextInt(5);
        } else if (kind < 9) {
            slots = 1 + random.nextInt(3 * DepartureQueue.WHEEL_SLOTS);
        } else {
            slots = 1_000_000 + random.nextInt(3);
        }
        return slotted ? slots : slots * random.nextDouble() + 1e-3;
    }
}
