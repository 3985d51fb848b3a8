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
 */
public final class BatchMetrics implements SimulationListener {
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
        final double end = makespan();
        double area = 0;
        for (int i = 0; i + 1 < steps; i++) {
            area += stepUse[i * dimensions + d] * (Math.min(stepTime[i + 1], end) - stepTime[i]);
        }
        return end > 0 ? area / end : 0;
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
