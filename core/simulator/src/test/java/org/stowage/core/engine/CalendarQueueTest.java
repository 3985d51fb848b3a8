package org.stowage.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;

/**
 * The calendar queue against its reference twin, the binary heap: the same pushes and pops on random
 * schedules must give the same payloads in the same order, the same earliest times and sizes.
 */
class CalendarQueueTest {
    private static final int SCENARIOS = 2_000;

    @Test
    void popsExactlyAsTheHeapOnRandomSchedules() {
        int rebuilds = 0;
        for (int scenario = 0; scenario < SCENARIOS; scenario++) {
            final long seed = 0x5EED_0000L + scenario;
            rebuilds += replay(seed);
        }
        assertTrue(rebuilds > SCENARIOS, "the schedules should retune the width often, rebuilt " + rebuilds);
    }

    /** Large enough for several rebuilds, far events and a ring of many thousand buckets. */
    @Test
    void popsExactlyAsTheHeapAtScale() {
        for (final long seed : new long[] {11, 12, 13}) {
            final SplittableRandom random = new SplittableRandom(seed);
            final CalendarQueue calendar = new CalendarQueue(16);
            final TimedEventHeap heap = new TimedEventHeap(16);
            double now = 0;
            long sequence = 0;
            for (int step = 0; step < 400_000; step++) {
                final int at = step;
                final Supplier<String> where = () -> "seed " + seed + " step " + at;
                if (heap.size() < 100_000 || random.nextInt(2) == 0) {
                    final double time = now + (random.nextInt(8) == 0 ? Math.floor(random.nextDouble() * 30)
                        : -100 * Math.log(1 - random.nextDouble()));
                    calendar.push(time, sequence, (int) sequence);
                    heap.push(time, sequence++, (int) (sequence - 1));
                } else {
                    assertEquals(heap.peekTime(), calendar.peekTime(), where);
                    now = heap.peekTime();
                    assertEquals((int) heap.pop(), calendar.pop(), where);
                }
                assertEquals(heap.size(), calendar.size(), where);
            }
            assertTrue(calendar.rebuilds() >= 5, "seed " + seed + ": rebuilt " + calendar.rebuilds() + " times");
        }
    }

    /** One random scenario; returns how many rebuilds it made. */
    private static int replay(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final CalendarQueue calendar = new CalendarQueue(1 + random.nextInt(64));
        final TimedEventHeap heap = new TimedEventHeap(4);
        final int distribution = random.nextInt(7);
        final int steps = 500 + random.nextInt(2_500);
        final double scale = Math.pow(10, random.nextInt(9) - 4);
        double now = random.nextInt(3) == 0 ? 0 : random.nextDouble() * 1e6;
        long sequence = 0;
        // phases of growth and of draining, so the size crosses the rebuild thresholds both ways
        int growing = 200 + random.nextInt(3_000);
        for (int step = 0; step < steps; step++) {
            final int at = step;
            final Supplier<String> where = () -> "seed " + seed + " (distribution " + distribution + ") step " + at;
            if (growing > 0) {
                growing--;
            } else if (heap.size() == 0 || random.nextInt(300) == 0) {
                growing = random.nextInt(3_000);
            }
            final boolean push = heap.size() == 0 || random.nextInt(growing > 0 ? 4 : 10) < 3;
            if (push) {
                final int burst = random.nextInt(20) == 0 ? 1 + random.nextInt(50) : 1;
                final double time = now + delay(random, distribution, scale);
                for (int i = 0; i < burst; i++) {
                    final int payload = random.nextInt();
                    calendar.push(time, sequence, payload);
                    heap.push(time, sequence++, payload);
                }
            } else {
                assertEquals(heap.peekTime(), calendar.peekTime(), () -> where.get() + ": earliest time");
                final double time = heap.peekTime();
                assertEquals((int) heap.pop(), calendar.pop(), () -> where.get() + ": payload of the event at " + time);
                // usually time moves to the popped event; sometimes a push lands before it (allowed, not the
                // engine's use) or time stands still
                if (random.nextInt(50) != 0 && time < Double.POSITIVE_INFINITY) {
                    now = time;
                }
            }
            assertEquals(heap.size(), calendar.size(), () -> where.get() + ": size");
        }
        while (heap.size() > 0) {
            final int left = heap.size();
            final Supplier<String> where = () -> "seed " + seed + " draining at size " + left;
            assertEquals(heap.peekTime(), calendar.peekTime(), where);
            assertEquals((int) heap.pop(), calendar.pop(), where);
        }
        assertEquals(Double.POSITIVE_INFINITY, calendar.peekTime(), "seed " + seed + ": empty at the end");
        return calendar.rebuilds();
    }

    private static double delay(final SplittableRandom random, final int distribution, final double scale) {
        switch (distribution) {
            case 0: // exponential
                return -scale * Math.log(1 - random.nextDouble());
            case 1: // deterministic: every event of a push instant ties
                return scale;
            case 2: // a few integers: ties across instants
                return random.nextInt(8);
            case 3: // heavy tail (Pareto, shape 1.2)
                return scale * (Math.pow(1 - random.nextDouble(), -1 / 1.2) - 1);
            case 4: // two far-apart modes
                return random.nextInt(10) == 0 ? scale * 1e6 * random.nextDouble() : scale * random.nextDouble();
            case 5: // now and then an event that never comes, or one absurdly far
                final int kind = random.nextInt(40);
                return kind == 0 ? Double.POSITIVE_INFINITY : kind == 1 ? 1e300 : scale * random.nextDouble();
            default: // zero delays mixed in: events due at the instant being processed
                return random.nextInt(3) == 0 ? 0 : scale * random.nextDouble();
        }
    }

    /**
     * The engine's documented tie order in continuous time (Simulation, "Event order": departures due at
     * one instant leave in the order they were scheduled), through the calendar: jobs started at different
     * instants, with services chosen so they all end at time 64 (exactly representable sums), leave in start
     * order, whatever bucket the width puts them in.
     */
    @Test
    void simultaneousContinuousDeparturesLeaveInStartOrder() {
        final List<Integer> dueAt64 = new ArrayList<>();
        final List<Integer> departedAt64 = new ArrayList<>();
        final JobTable[] table = new JobTable[1];
        final SimulationListener recorder = new SimulationListener() {
            @Override
            public void onStart(final double time, final int job, final int server) {
                if (time + table[0].serviceTime(job) == 64) {
                    dueAt64.add(job);
                }
            }

            @Override
            public void onDeparture(final double time, final int job, final int server) {
                if (time == 64) {
                    departedAt64.add(job);
                }
            }
        };
        final double[][] script = new double[3000][];
        final SplittableRandom random = new SplittableRandom(64);
        for (int i = 0; i < script.length; i++) {
            final double arrival = i * 0.015625; // 1/64: every sum below is exact
            final double service = i % 3 == 0 ? 64 - arrival : 0.5 + random.nextInt(200) * 0.25;
            script[i] = new double[] {arrival, service, 1};
        }
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(4000, 100))
            .workload(new ScriptedWorkload(script))
            .scheduler(Kernels.byName("FIFO-FF"))
            .timeMode(TimeMode.CONTINUOUS)
            .checkInvariants(true)
            .build();
        table[0] = simulation.jobTable();
        simulation.addListener(recorder);
        simulation.runToCompletion();
        assertTrue(dueAt64.size() >= 1000, "jobs due at 64: " + dueAt64.size());
        assertEquals(dueAt64, departedAt64, "departures at time 64 in start order");
        assertEquals(script.length, simulation.completedCount());
    }
}
