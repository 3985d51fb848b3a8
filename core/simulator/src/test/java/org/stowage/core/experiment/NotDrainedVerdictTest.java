package org.stowage.core.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.stowage.core.Units;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.metrics.Stability.Verdict;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * A batch cut short by its horizon used to be judged "stable" (its queue falls slowly against a huge
 * apparent arrival rate); it is "not drained". A batch run to completion, and any Poisson run, keep the
 * growth test's verdict.
 */
class NotDrainedVerdictTest {
    private static final Units UNITS = Units.defaults();

    private static RunSpec batch(final long jobs, final double horizon) {
        final SizeDistribution sizes = SizeDistribution.uniform(UNITS, 0.1, 0.9);
        final ServiceDistribution service = ServiceDistribution.geometric(100);
        return new RunSpec("BF-J", 1, capacities(5), seed -> new SyntheticWorkload(Arrivals.batch(jobs), sizes, service,
            seed), TimeMode.SLOTTED, horizon, 0, 1, Double.isInfinite(horizon) ? 1 : horizon / 2048);
    }

    private static int[] capacities(final int servers) {
        final int[] capacities = new int[servers];
        Arrays.fill(capacities, UNITS.capacityUnits(1.0));
        return capacities;
    }

    @Test
    void aBatchCutShortByTheHorizonIsNotDrained() {
        final RunResult result = Experiments.run(batch(200_000, 2000));
        assertEquals(Verdict.NOT_DRAINED, result.stability().verdict(), result.stability().toString());
        assertEquals("not drained", result.stability().verdict().label());
        assertEquals(Verdict.NOT_DRAINED, Verdict.ofLabel("not drained"));
        assertEquals(200_000, result.metric("arrived_total"));
        assertEquals(200_000, result.metric("queued_at_end") + result.metric("running_at_end")
            + result.metric("completed_total"), "most of the batch is still there");
    }

    @Test
    void aBatchCutWithOnlyRunningJobsLeftIsNotDrainedEither() {
        final RunResult result = Experiments.run(batch(3, 5));
        assertEquals(0, result.metric("queued_at_end"), "three small jobs fit five servers at once");
        assertEquals(Verdict.NOT_DRAINED, result.stability().verdict(), result.stability().toString());
    }

    @Test
    void aBatchRunToCompletionKeepsItsVerdict() {
        final RunResult result = Experiments.run(batch(2000, Double.POSITIVE_INFINITY));
        assertEquals(2000, result.metric("completed_total"));
        assertNotEquals(Verdict.NOT_DRAINED, result.stability().verdict(), result.stability().toString());
    }

    /**
     * One job early in the window and the next far beyond the horizon: the second half sees no arrival
     * and a job is still running at the end, but the arrivals have not ended, so the growth test judges.
     */
    @Test
    void aRunWhoseArrivalsContinueBeyondTheHorizonIsJudgedAsBefore() {
        final Workload sparse = new Workload() {
            private int emitted;

            @Override
            public int dimensions() {
                return 1;
            }

            @Override
            public double peekArrivalTime() {
                return emitted == 0 ? 10 : 1e9 * emitted;
            }

            @Override
            public void next(final JobSpec spec) {
                spec.arrivalTime = peekArrivalTime();
                spec.serviceTime = 1e6;
                spec.size[0] = UNITS.sizeUnits(0.5);
                emitted++;
            }
        };
        final RunResult result = Experiments.run(new RunSpec("BF-J", 1, capacities(1), seed -> sparse,
            TimeMode.SLOTTED, 8000, 0, 3, 4));
        assertEquals(1, result.metric("running_at_end"));
        assertNotEquals(Verdict.NOT_DRAINED, result.stability().verdict(), result.stability().toString());
    }
}
