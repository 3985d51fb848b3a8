package org.stowage.core.metrics;

import java.util.Arrays;

import org.stowage.core.engine.SimulationListener;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * The measures of a batch run (Hu and Li 2022, Sec. 5): every job's completion time by arrival index, the
 * average JCT, the completion-time CDF (Fig. 8), the per-job JCT reduction against another run (Eq. (12),
 * Fig. 9), the throughput N*(t) / t (Eq. (13), Fig. 10), and the normalised use of each resource over time
 * (Fig. 12), kept as a step function changed at every start and departure.
 *
 * <p>Jobs are numbered in arrival order (0, 1, ...), so two runs of the same job list compare job by job.
 * Memory: 3 doubles per job and (1 + D) doubles per start or departure; the arrays double when full, so
 * recording allocates now and then (this is an analysis listener, not a kernel). Not thread-safe.
 *
 * <p>What a run recorded can be kept as plain arrays ({@link #recording}) and read back ({@link #of}) into
 * metrics that answer every question exactly as the original did, so a batch run's figure can be drawn
 * from a file written by another process.
 */
public final class BatchMetrics implements SimulationListener {
    /**
     * What a run recorded, as arrays: the jobs by arrival index, and the use of each resource as a step
     * function (empty arrays when the use was not kept: {@link #use} and {@link #meanUse} then refuse).
     *
     * @param dimensions resources
     * @param arrival    arrival time of each job
     * @param completion completion time of each job (NaN if it did not complete)
     * @param stepTime   times at which the use changed, increasing
     * @param stepUse    use from each step time on, {@code dimensions} fractions of the cluster's total per step
     */
    public record Recording(int dimensions, double[] arrival, double[] completion, double[] stepTime,
                            double[] stepUse) {
        public Recording {
            if (dimensions < 1 || arrival.length != completion.length || stepUse.length != stepTime.length * dimensions) {
                throw new IllegalArgumentException("inconsistent batch recording: " + dimensions + " resources, "
                    + arrival.length + " arrivals, " + completion.length + " completions, " + stepTime.length
                    + " steps of " + stepUse.length + " uses");
            }
            arrival = arrival.clone();
            completion = completion.clone();
            stepTime = stepTime.clone();
            stepUse = stepUse.clone();
        }

        /** This recording without the use over time. */
        public Recording withoutUse() {
            return new Recording(dimensions, arrival, completion, new double[0], new double[0]);
        }
    }

    private final JobView jobs;
    private final int dimensions;
    private final double[] capacity;
    private final double[] used;
    private int[] indexOfHandle = new int[64];
    private double[] arrival = new double[64];
    private double[] completion = new double[64];
    private int count;
    private int completed;
    private double[] stepTime = new double[64];
    private double[] stepUse = new double[0];
    private int steps;

    /** Metrics read back from {@code recorded}: they record nothing more (they listen to no simulation). */
    private BatchMetrics(final Recording recorded) {
        this.jobs = null;
        this.dimensions = recorded.dimensions();
        this.capacity = new double[dimensions];
        this.used = new double[dimensions];
        this.indexOfHandle = new int[0];
        this.arrival = recorded.arrival();
        this.completion = recorded.completion();
        this.count = arrival.length;
        for (final double time : completion) {
            completed += Double.isNaN(time) ? 0 : 1;
        }
        this.stepTime = recorded.stepTime();
        this.stepUse = recorded.stepUse();
        this.steps = stepTime.length;
    }

    /** The metrics {@code recorded} describes, answering exactly as those of the run that recorded it. */
    public static BatchMetrics of(final Recording recorded) {
        return new BatchMetrics(recorded);
    }

    /** What this run recorded, as arrays (copies). */
    public Recording recording() {
        return new Recording(dimensions, Arrays.copyOf(arrival, count), Arrays.copyOf(completion, count),
            Arrays.copyOf(stepTime, steps), Arrays.copyOf(stepUse, steps * dimensions));
    }

    /** @param jobs the simulation's job view; {@code servers} gives the capacity each use is divided by */
    public BatchMetrics(final JobView jobs, final ServerView servers) {
        this.jobs = jobs;
        this.dimensions = servers.dimensions();
        this.capacity = new double[dimensions];
        for (int s = 0; s < servers.count(); s++) {
            for (int d = 0; d < dimensions; d++) {
                capacity[d] += servers.capacity(s, d);
            }
        }
        this.used = new double[dimensions];
        this.stepUse = new double[64 * dimensions];
        record(0);
    }

    @Override
    public void onArrival(final double time, final int job) {
        assert jobs != null : "metrics read back from a recording listen to no simulation";
        if (job >= indexOfHandle.length) {
            indexOfHandle = Arrays.copyOf(indexOfHandle, Math.max(job + 1, 2 * indexOfHandle.length));
        }
        if (count == arrival.length) {
            arrival = Arrays.copyOf(arrival, 2 * count);
            completion = Arrays.copyOf(completion, 2 * count);
        }
        indexOfHandle[job] = count;
        arrival[count] = time;
        completion[count] = Double.NaN;
        count++;
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        for (int d = 0; d < dimensions; d++) {
            used[d] += jobs.size(job, d);
        }
        record(time);
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        completion[indexOfHandle[job]] = time;
        completed++;
        for (int d = 0; d < dimensions; d++) {
            used[d] -= jobs.size(job, d);
        }
        record(time);
    }

    private void record(final double time) {
        if (steps > 0 && stepTime[steps - 1] == time) {
            steps--;
        }
        if (steps == stepTime.length) {
            stepTime = Arrays.copyOf(stepTime, 2 * steps);
            stepUse = Arrays.copyOf(stepUse, 2 * steps * dimensions);
        }
        stepTime[steps] = time;
        for (int d = 0; d < dimensions; d++) {
            stepUse[steps * dimensions + d] = used[d] / capacity[d];
        }
        steps++;
    }

    /** Jobs that arrived. */
    public int jobs() {
        return count;
    }

    public int completed() {
        return completed;
    }

    /** JCT of the job of arrival index {@code i}: completion minus arrival (NaN if not completed). */
    public double jct(final int i) {
        return completion[i] - arrival[i];
    }

    public double completion(final int i) {
        return completion[i];
    }

    /** Average JCT over the completed jobs. */
    public double averageJct() {
        double sum = 0;
        for (int i = 0; i < count; i++) {
            if (!Double.isNaN(completion[i])) {
                sum += jct(i);
            }
        }
        return sum / completed;
    }

    /** The last completion. */
    public double makespan() {
        double last = 0;
        for (int i = 0; i < count; i++) {
            if (!Double.isNaN(completion[i])) {
                last = Math.max(last, completion[i]);
            }
        }
        return last;
    }

    /** Jobs completed by time {@code t} (the CDF of Fig. 8 times the job count). O(N). */
    public int completedBy(final double t) {
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (completion[i] <= t) {
                n++;
            }
        }
        return n;
    }

    /** Eq. (13): P = N*(t) / t, jobs completed by t per unit of elapsed working time (t &gt; 0). */
    public double throughput(final double t) {
        return completedBy(t) / t;
    }

    /** Use of resource {@code d} at time {@code t}, as a fraction of the cluster's total (Fig. 12). O(log steps). */
    public double use(final double t, final int d) {
        requireUse();
        int low = 0;
        int high = steps - 1;
        while (low < high) {
            final int middle = (low + high + 1) >>> 1;
            if (stepTime[middle] <= t) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return stepTime[low] <= t ? stepUse[low * dimensions + d] : 0;
    }

    /** Time-average use of resource {@code d} over [0, makespan]. */
    public double meanUse(final int d) {
        requireUse();
        final double end = makespan();
        double area = 0;
        for (int i = 0; i + 1 < steps; i++) {
            area += stepUse[i * dimensions + d] * (Math.min(stepTime[i + 1], end) - stepTime[i]);
        }
        return end > 0 ? area / end : 0;
    }

    private void requireUse() {
        if (steps == 0) {
            throw new IllegalStateException("the use over time was not kept with this batch run");
        }
    }

    public int dimensions() {
        return dimensions;
    }

    /**
     * Eq. (12) per job: (JCT under {@code compared} - JCT under {@code ours}) / JCT under {@code compared},
     * job by job in arrival order (both runs of the same job list).
     */
    public static double[] reduction(final BatchMetrics ours, final BatchMetrics compared) {
        if (ours.count != compared.count) {
            throw new IllegalArgumentException("the runs hold " + ours.count + " and " + compared.count
                + " jobs: not the same batch");
        }
        final double[] reduction = new double[ours.count];
        for (int i = 0; i < ours.count; i++) {
            reduction[i] = (compared.jct(i) - ours.jct(i)) / compared.jct(i);
        }
        return reduction;
    }
}
