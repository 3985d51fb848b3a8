package org.stowage.core.kernel.rms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.ServerTable;
import org.stowage.testkit.EventLog;

/**
 * MWR and MWS on hand-computed logs: one server of capacity 10, type 0 of size 2 and type 1 of size 5
 * (Fig. 1b's sizes), maximal configurations (5,0), (2,1), (0,2). Each expectation is derived in the comment
 * above it from docs/RMS.md 4.6.
 */
class MaxWeightSchedulingTest {
    /** Rows of (arrival, service, type), on one server. */
    private static List<String> starts(final String spec, final double[]... rows) {
        return starts(spec, 1, false, rows);
    }

    /** Rows of (arrival, service, type) on {@code count} servers of capacity 10; with each start's server. */
    private static List<String> starts(final String spec, final int count, final boolean withServer,
                                       final double[]... rows) {
        final int[] capacities = new int[count];
        Arrays.fill(capacities, 10);
        final Model bare = Model.of(ServerClasses.of(1, capacities))
            .withJobClasses(JobClasses.types(new int[][] {{2}, {5}}, new double[] {1, 1}, new double[] {1, 1}));
        final Model model = bare.withPlan(MaxWeightPlan.of(bare));
        final EventLog log = new EventLog();
        Simulation.builder().servers(new ServerTable(1, capacities)).workload(new Typed(rows))
            .timeMode(TimeMode.CONTINUOUS).seed(1).model(model).scheduler(Kernels.byName(spec)).listener(log)
            .checkInvariants(true).build().runToCompletion();
        final List<String> starts = new ArrayList<>();
        for (final String line : log.lines()) {
            if (line.startsWith("S ")) {
                starts.add(withServer ? line.substring(2) : line.substring(2, line.indexOf(" server")));
            }
        }
        return starts;
    }

    @Test
    void mwrServesItsConfigurationAndRefreshesOnlyWhenEmpty() {
        // t=0: Q=(1,2): (5,0) weighs 5, (2,1) 4, (0,2) 4 -> target (5,0): only the 2 starts, the two 5s wait
        //      although they would fit (MWR is not work-conserving).
        // t=1: the 2 leaves, the server is empty: Q=(0,2) -> (0,2): both 5s start.
        // t=2: a 2 arrives; the target (0,2) has no slot for it: it waits for the refresh at t=11.
        final List<String> starts = starts("MWR",
            new double[] {0, 10, 1}, new double[] {0, 5, 1}, new double[] {0, 1, 0}, new double[] {2, 1, 0});
        assertEquals(List.of("0.0 job=2", "1.0 job=0", "1.0 job=1", "11.0 job=2"), starts);   // handle 2 is reused LIFO
    }

    @Test
    void mwsRechoosesAtADepartureAndFillsBesideRunningJobs() {
        // As above until t=6, when the 5 of service 5 leaves while the other 5 runs: MWS re-chooses the
        // target for Q=(1,0): (5,0); running (0,1) leaves 5 units, so the waiting 2 starts at once.
        // After the refill Q=(0,0): both weights 0, not stopped.
        final List<String> starts = starts("MWS",
            new double[] {0, 10, 1}, new double[] {0, 5, 1}, new double[] {0, 1, 0}, new double[] {2, 1, 0});
        assertEquals(List.of("0.0 job=2", "1.0 job=0", "1.0 job=1", "6.0 job=2"), starts);    // handle 2 is reused LIFO
    }

    private static final double[][] STOP_SCENARIO = {
        {0, 3, 1}, {0, 10, 1},                          // two 5s: target (0,2), both start at 0
        {1, 1, 0}, {1, 1, 0}, {1, 1, 0}, {1, 1, 0},     // four 2s wait: the target has no type-0 slot
    };

    @Test
    void mwsStopsAServerWhoseConfigurationWeighsLessThanTheFraction() {
        // t=3: a 5 leaves; Q=(4,0) -> target (5,0); beside the running 5 two 2s fit: jobs 2, 3 start.
        //      After the refill Q=(2,0): <(2,1),Q> = 4 < 0.5 x <(5,0),Q> = 5: stopped.
        // t=4: jobs 2, 3 leave; the server still runs job 1 and is stopped: nothing starts.
        // t=10: job 1 leaves, the server is empty and resumes: Q=(2,0) -> (5,0): jobs 4, 5 start.
        assertEquals(List.of("0.0 job=0", "0.0 job=1", "3.0 job=2", "3.0 job=3", "10.0 job=4", "10.0 job=5"),
            starts("MWS:stop=0.5", STOP_SCENARIO));
        // With stop=0.3 (4 >= 0.3 x 10) the server is not stopped: at t=4 the target is re-chosen for
        // Q=(2,0), (5,0), and jobs 4, 5 start beside job 1.
        assertEquals(List.of("0.0 job=0", "0.0 job=1", "3.0 job=2", "3.0 job=3", "4.0 job=4", "4.0 job=5"),
            starts("MWS:stop=0.3", STOP_SCENARIO));
        // MWR never re-chooses under running jobs: the free type-1 slot at t=3 waits for a 5; the 2s start
        // only at the refresh at t=10.
        assertEquals(List.of("0.0 job=0", "0.0 job=1", "10.0 job=2", "10.0 job=3", "10.0 job=4", "10.0 job=5"),
            starts("MWR", STOP_SCENARIO));
    }

    @Test
    void planUsesTablesForFewConfigurationsAndGridsForDivisibleSizes() {
        final Model ec2 = Model.of(ServerClasses.of(3, new int[] {900, 900, 50_000}))
            .withJobClasses(JobClasses.types(new int[][] {{150, 80, 16_900}, {171, 65, 4_200}, {70, 200, 16_900}},
                new double[] {1, 1, 1}, new double[] {1, 1, 1}));
        assertTrue(MaxWeightPlan.of(ec2).usesTable(0));
        final int[][] dyadic = new int[10][1];
        for (int p = 0; p < 10; p++) {
            dyadic[p][0] = 512 >> p;
        }
        final Model trace = Model.of(ServerClasses.of(1, new int[] {512}))
            .withJobClasses(JobClasses.types(dyadic, ones(10), ones(10)));
        assertFalse(MaxWeightPlan.of(trace).usesTable(0));
        final int[] out = new int[10];
        final int[] queues = {0, 0, 0, 3, 0, 0, 0, 0, 0, 40};
        // 1/8-size jobs weigh 3 per 64 units, 1/512-size 40 per unit: the server filled with 512 of type 9
        assertEquals(512 * 40, MaxWeightPlan.of(trace).oracle().best(0, queues, out));
        assertEquals(512, out[9]);
        assertThrows(IllegalArgumentException.class,
            () -> MaxWeightPlan.of(Model.of(ServerClasses.of(1, new int[] {10}))));
    }

    private static double[] ones(final int n) {
        final double[] values = new double[n];
        Arrays.fill(values, 1);
        return values;
    }

    /** A hand-written workload with job types: rows of (arrival, service, type) for one resource. */
    @Test
    void mwrWithLocalQueuesOnOneServerIsMwr() {
        // One server: JSQ has one choice and the server's own queues are all the queues, so 4.7 is 4.6.
        final double[][] rows = {{0, 10, 1}, {0, 5, 1}, {0, 1, 0}, {2, 1, 0}};
        assertEquals(starts("MWR", rows), starts("MWR+JSQ", rows));
        assertEquals(starts("MWR", STOP_SCENARIO), starts("MWR+JSQ", STOP_SCENARIO));
    }

    @Test
    void mwrWithLocalQueuesServesEachServerFromItsOwnQueues() {
        // Two servers, two 5s at t=0. Central MWR: Q=(0,2), server 0 takes (0,2): both 5s on server 0.
        // MWR+JSQ: the first 5 joins one server's queue (a tie), the second the other (now the shorter); each
        // empty server weighs its own Q^l=(0,1), takes (0,2) and starts its own 5: one 5 on each server.
        final double[][] rows = {{0, 3, 1}, {0, 3, 1}};
        final List<String> central = starts("MWR", 2, true, rows);
        assertEquals(2, central.size());
        assertTrue(central.get(0).endsWith("server=0") && central.get(1).endsWith("server=0"), central.toString());
        final List<String> local = starts("MWR+JSQ", 2, true, rows);
        assertEquals(2, local.size());
        assertTrue(local.get(0).startsWith("0.0 ") && local.get(1).startsWith("0.0 "), local.toString());
        assertFalse(local.get(0).substring(local.get(0).indexOf("server=")).equals(
            local.get(1).substring(local.get(1).indexOf("server="))), local.toString());
    }

    private static final class Typed implements Workload {
        private static final int[] SIZES = {2, 5};
        private final double[][] rows;
        private int next;

        Typed(final double[][] rows) {
            this.rows = rows;
        }

        @Override
        public int dimensions() {
            return 1;
        }

        @Override
        public double peekArrivalTime() {
            return next < rows.length ? rows[next][0] : Double.POSITIVE_INFINITY;
        }

        @Override
        public void next(final JobSpec spec) {
            final double[] row = rows[next++];
            spec.arrivalTime = row[0];
            spec.serviceTime = row[1];
            spec.jobClass = (int) row[2];
            spec.size[0] = SIZES[spec.jobClass];
        }
    }
}
