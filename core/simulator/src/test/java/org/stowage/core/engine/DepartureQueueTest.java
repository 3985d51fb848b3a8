package org.stowage.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;

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
        replay(seed, 6, 20_000);
    }

    /**
     * The same with bursts of up to 120 pushes an instant, so a slot's bucket spans many chunks of handles
     * and chunks are freed and taken again all the time.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {3, 41, 8128})
    void bucketsOfManyChunksPopInTimeThenSchedulingOrder(final long seed) {
        replay(seed, 121, 4_000);
    }

    private static void replay(final long seed, final int mostPushes, final int instants) {
        for (final boolean slotted : new boolean[] {true, false}) {
            final SplittableRandom random = new SplittableRandom(seed);
            final JobTable jobs = new JobTable(1, 16);
            final ServerTable servers = ServerTable.homogeneous(1, 1);
            final DepartureQueue queue = new DepartureQueue(jobs, slotted, 4);
            final PriorityQueue<Departure> model = new PriorityQueue<>((a, b) -> a.time != b.time
                ? Double.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
            long sequence = 0;
            double now = random.nextInt(3);
            for (int instant = 0; instant < instants; instant++) {
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
                final int pushes = random.nextInt(4) == 0 ? 0 : random.nextInt(mostPushes);
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

    /**
     * A whole simulation: seven jobs all due at slot 5000, scheduled from slot 0 to 4999, some beyond the
     * wheel (overflow heap: 4096 slots or more ahead) and some within it, leave in the order they started.
     */
    @Test
    void simultaneousDeparturesAcrossTheWheelEdgeLeaveInStartOrder() {
        final List<Integer> dueAt5000 = new ArrayList<>();
        final List<Integer> departedAt5000 = new ArrayList<>();
        final JobTable[] table = new JobTable[1];
        final SimulationListener recorder = new SimulationListener() {
            @Override
            public void onStart(final double time, final int job, final int server) {
                if (time + table[0].serviceTime(job) == 5000) {
                    dueAt5000.add(job);
                }
            }

            @Override
            public void onDeparture(final double time, final int job, final int server) {
                if (time == 5000) {
                    departedAt5000.add(job);
                }
            }
        };
        final double wheel = DepartureQueue.WHEEL_SLOTS;
        final Simulation simulation = Simulation.builder()
            .servers(ServerTable.homogeneous(2, 100))
            .workload(new ScriptedWorkload(
                new double[] {0, 5000, 1},               // overflow
                new double[] {0, wheel, 1},              // overflow, due at 4096
                new double[] {0, wheel - 1, 1},          // wheel, due at 4095
                new double[] {5000 - wheel, wheel, 1},   // overflow, exactly the wheel's reach
                new double[] {1000, 4000, 1},            // wheel
                new double[] {1000, 4000, 1},            // wheel, same slot
                new double[] {4000, 1000, 1},            // wheel
                new double[] {4999, 1, 1},               // wheel, the slot before
                new double[] {4999, 1, 1}))
            .scheduler(Kernels.byName("FIFO-FF"))
            .timeMode(TimeMode.SLOTTED)
            .checkInvariants(true)
            .build();
        table[0] = simulation.jobTable();
        simulation.addListener(recorder);
        simulation.runToCompletion();
        assertEquals(7, dueAt5000.size(), "jobs due at slot 5000: " + dueAt5000);
        assertEquals(dueAt5000, departedAt5000, "departures at slot 5000 in start order");
        assertEquals(9, simulation.completedCount());
    }
}
