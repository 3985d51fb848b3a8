package org.stowage.core.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.RejectReason;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;

/**
 * Trace time to simulation time (shift, scaling, slots), the boundary checks, zero allocation per served
 * job, and simulations fed by fixture traces under the invariant checker.
 */
class TraceWorkloadTest {
    private static final LoadedTrace GOOGLE = Traces.load("google2011:" + Fixtures.path("google/rules"),
        TraceOptions.defaults());

    @Test
    void slottedTimesAreShiftedScaledFlooredAndServiceIsCeiledToAtLeastOneSlot() {
        // kept: (50,0) 1 s + 4 s, (100,0) 1 s + 3 s, (100,1) 1 s + 3.5 s, (900,5) 3 s + 0 s
        final TraceWorkload at100ms = GOOGLE.workload(TimeMode.SLOTTED, 100_000, 1.0);
        assertArrayEquals(new double[] {0, 0, 0, 20}, arrivals(at100ms));
        assertArrayEquals(new double[] {40, 30, 35, 1}, services(at100ms));
        assertEquals(1_000_000, at100ms.originMicros());
        assertEquals(20, at100ms.lastArrivalTime());

        assertArrayEquals(new double[] {0, 0, 0, 10}, arrivals(GOOGLE.workload(TimeMode.SLOTTED, 100_000, 0.5)));
        // traffic scaling 1.2: 2 s * (1 / 1.2) = 1.666 s = 16.67 slots -> slot 16
        assertArrayEquals(new double[] {0, 0, 0, 16}, arrivals(GOOGLE.workload(TimeMode.SLOTTED, 100_000, 1 / 1.2)));
        final TraceWorkload atOneSecond = GOOGLE.workload(TimeMode.SLOTTED, 1_000_000, 1.0);
        assertArrayEquals(new double[] {0, 0, 0, 2}, arrivals(atOneSecond));
        assertArrayEquals(new double[] {4, 3, 4, 1}, services(atOneSecond), "3.5 s takes 4 one-second slots");
    }

    @Test
    void continuousTimesKeepFractionsInIntervalUnits() {
        final TraceWorkload workload = GOOGLE.workload(TimeMode.CONTINUOUS, 100_000, 1 / 1.2);
        assertArrayEquals(new double[] {0, 0, 0, 2_000_000 * (1 / 1.2) / 100_000}, arrivals(workload));
        assertArrayEquals(new double[] {40, 30, 35, 1e-5}, services(workload), "duration 0 holds 1 microsecond");
    }

    @Test
    void slotHelpersRoundAtTheBoundaries() {
        assertEquals(1, TraceWorkload.serviceSlots(0, 100_000));
        assertEquals(1, TraceWorkload.serviceSlots(1, 100_000));
        assertEquals(1, TraceWorkload.serviceSlots(100_000, 100_000));
        assertEquals(2, TraceWorkload.serviceSlots(100_001, 100_000));
        assertEquals(0, TraceWorkload.arrivalSlot(99_999, 1.0, 100_000));
        assertEquals(1, TraceWorkload.arrivalSlot(100_000, 1.0, 100_000));
        assertEquals(700_751, TraceWorkload.arrivalSlot(70_075_141_000L, 1.0, 100_000));
    }

    @Test
    void workloadServesJobsInOrderAndValidatesItsArguments() {
        final TraceWorkload workload = GOOGLE.workload(TimeMode.SLOTTED, TraceWorkload.DEFAULT_INTERVAL_MICROS, 1);
        final JobSpec spec = new JobSpec(1);
        final double[] arrivals = arrivals(workload);
        for (int i = 0; i < workload.jobCount(); i++) {
            assertEquals(arrivals[i], workload.peekArrivalTime());
            workload.next(spec);
            assertEquals(arrivals[i], spec.arrivalTime);
            assertEquals(GOOGLE.size(i, 0), spec.size[0]);
            assertEquals(0, spec.jobClass);
        }
        assertEquals(Double.POSITIVE_INFINITY, workload.peekArrivalTime());
        assertEquals(4, workload.emitted());
        for (final double beta : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GOOGLE.workload(TimeMode.SLOTTED, 100_000, beta));
            assertTrue(e.getMessage().startsWith("arrival scaling beta must be finite and > 0: "), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> GOOGLE.workload(TimeMode.SLOTTED, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> GOOGLE.workload(null, 100_000, 1));
    }

    @Test
    void servingJobsAllocatesNothing() {
        final int n = 1_000_000;
        final long[] arrival = new long[n];
        final long[] duration = new long[n];
        final int[] sizes = new int[2 * n];
        for (int i = 0; i < n; i++) {
            arrival[i] = 600_000_000L + 37L * i;
            duration[i] = (i * 7919L) % 5_000_000;
            sizes[2 * i] = 1 + i % 1000;
            sizes[2 * i + 1] = 1 + i % 777;
        }
        final LoadedTrace trace = new LoadedTrace(TraceFormat.GOOGLE_2011, Units.defaults(), 2, arrival, duration,
            sizes, new int[0], new TraceSummary(TraceFormat.GOOGLE_2011, "generated", new DropReason[0], "a", "b"));
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        final JobSpec spec = new JobSpec(2);
        long allocated = -1;
        double checksum = 0;
        for (int window = 0; window < 10 && allocated != 0; window++) {
            for (final TimeMode mode : TimeMode.values()) {
                final TraceWorkload workload = trace.workload(mode, 100_000, 0.8);
                final long before = threads.getThreadAllocatedBytes(thread);
                while (workload.peekArrivalTime() != Double.POSITIVE_INFINITY) {
                    workload.next(spec);
                    checksum += spec.serviceTime + spec.size[1];
                }
                allocated = threads.getThreadAllocatedBytes(thread) - before;
                if (allocated != 0) {
                    break;
                }
            }
        }
        System.out.printf("served 2 x %,d trace jobs: %d bytes allocated (checksum %.0f)%n", n, allocated, checksum);
        assertEquals(0, allocated, "serving " + n + " jobs allocated " + allocated + " bytes");
    }

    @Test
    void bestFitSimulationOnAThousandUnitServersFromTheGoogleFixture() {
        for (final TimeMode mode : TimeMode.values()) {
            final Simulation simulation = simulation(GOOGLE, ServerTable.homogeneous(1000,
                Units.defaults().capacityUnits(1.0)), "BF-J/S", mode);
            simulation.runUntil(30);
            assertEquals(1, simulation.completedCount(), mode + ": (900,5) arrives at 20 and leaves at 21");
            simulation.runUntil(36);
            assertEquals(3, simulation.completedCount(), mode + ": then (100,0) at 30 and (100,1) at 35");
            simulation.runToCompletion();
            assertEquals(4, simulation.completedCount(), mode.toString());
            assertEquals(4, simulation.arrivedCount(), mode.toString());
            assertEquals(40, simulation.now(), mode + ": (50,0) leaves last, at 40");
        }
    }

    @Test
    void queueingOnOneServerFromTheSwfFixture() {
        final LoadedTrace swf = Traces.load("swf:" + Fixtures.path("swf/rules.swf.txt"), TraceOptions.defaults());
        for (final String kernel : new String[] {"BF-J/S", "BF-J", "BF-S", "FIFO-FF"}) {
            for (final TimeMode mode : TimeMode.values()) {
                final Simulation simulation = simulation(swf, ServerTable.homogeneous(1,
                    Units.defaults().capacityUnits(1.0)), kernel, mode);
                simulation.runToCompletion();
                assertEquals(5, simulation.completedCount(), kernel + " " + mode);
                assertEquals(0, simulation.rejectedCount(), kernel + " " + mode);
            }
        }
    }

    @Test
    void alibabaPodsOnTheirOwnHeterogeneousNodes() {
        final LoadedTrace two = Traces.load(AlibabaLoaderTest.spec("alibaba/rules"),
            TraceOptions.defaults().withDimensions(2));
        final Simulation multi = simulation(two, two.newServerTable(), "BF-J", TimeMode.CONTINUOUS);
        multi.runToCompletion();
        assertEquals(3, multi.completedCount());
        // one resource maps nodes to min(CPU, memory) = at most 0.5, so pod-9 (CPU 1.0) fits nowhere
        final LoadedTrace one = Traces.load(AlibabaLoaderTest.spec("alibaba/rules"), TraceOptions.defaults());
        final Simulation single = simulation(one, one.newServerTable(), "BF-J/S", TimeMode.SLOTTED);
        single.runToCompletion();
        assertEquals(2, single.completedCount());
        assertEquals(1, single.rejectedCount(RejectReason.LARGER_THAN_EVERY_SERVER));
    }

    static Simulation simulation(final LoadedTrace trace, final ServerTable servers, final String kernel,
                                 final TimeMode mode) {
        return Simulation.builder()
            .servers(servers)
            .workload(trace.workload(mode, TraceWorkload.DEFAULT_INTERVAL_MICROS, 1.0))
            .scheduler(Kernels.byName(kernel))
            .timeMode(mode)
            .checkInvariants(true)
            .build();
    }

    private static double[] arrivals(final TraceWorkload workload) {
        final double[] values = new double[workload.jobCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = workload.arrivalTime(i);
        }
        return values;
    }

    private static double[] services(final TraceWorkload workload) {
        final double[] values = new double[workload.jobCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = workload.serviceTime(i);
        }
        return values;
    }
}
