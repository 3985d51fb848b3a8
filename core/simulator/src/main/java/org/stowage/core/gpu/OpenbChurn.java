package org.stowage.core.gpu;

import java.util.Arrays;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Workload;
import org.stowage.core.trace.OpenbTrace;

/**
 * The openb pods in continuous time with departures, as the trace's times give them, the study the paper
 * does not make: a pod arrives at its {@code creation_time} (divided by the traffic scaling, to compress the
 * trace's 149 days) and holds its resources for {@code deletion_time - scheduled_time} (its run in production,
 * unscaled, at least a microsecond). As in Stowage's CPU-and-memory reading of this trace, pods without a
 * scheduled time (never ran), without a deletion time (no duration) or deleted before they were scheduled are
 * left out and counted; ties in creation keep the file's order. Times in seconds.
 */
public final class OpenbChurn {
    private final OpenbTrace trace;
    private final int[] pods;
    private final int neverScheduled;
    private final int notDeleted;
    private final int negative;

    private OpenbChurn(final OpenbTrace trace, final int[] pods, final int neverScheduled, final int notDeleted,
                       final int negative) {
        this.trace = trace;
        this.pods = pods;
        this.neverScheduled = neverScheduled;
        this.notDeleted = notDeleted;
        this.negative = negative;
    }

    /**
     * The pods of {@code trace} that ran, in creation order.
     *
     * @throws IllegalArgumentException when the list has no times (the multigpu lists)
     */
    public static OpenbChurn of(final OpenbTrace trace) {
        if (!trace.hasTimes()) {
            throw new IllegalArgumentException(trace.podFile() + " has no creation, deletion and scheduled times;"
                + " the churn study needs them (the multigpu lists have none)");
        }
        final Integer[] kept = new Integer[trace.podCount()];
        int count = 0;
        int neverScheduled = 0;
        int notDeleted = 0;
        int negative = 0;
        for (int p = 0; p < trace.podCount(); p++) {
            if (Double.isNaN(trace.scheduledTime(p))) {
                neverScheduled++;
            } else if (Double.isNaN(trace.deletionTime(p))) {
                notDeleted++;
            } else if (trace.deletionTime(p) < trace.scheduledTime(p)) {
                negative++;
            } else if (Double.isNaN(trace.creationTime(p))) {
                throw new IllegalArgumentException(trace.podFile() + ": pod " + trace.podName(p) + " has no creation_time");
            } else {
                kept[count++] = p;
            }
        }
        final Integer[] sorted = Arrays.copyOf(kept, count);
        Arrays.sort(sorted, (a, b) -> Double.compare(trace.creationTime(a), trace.creationTime(b)));
        final int[] pods = new int[count];
        for (int i = 0; i < count; i++) {
            pods[i] = sorted[i];
        }
        return new OpenbChurn(trace, pods, neverScheduled, notDeleted, negative);
    }

    public OpenbTrace trace() {
        return trace;
    }

    /** Pods kept. */
    public int count() {
        return pods.length;
    }

    /** Pods left out: no scheduled time (never ran). */
    public int neverScheduled() {
        return neverScheduled;
    }

    /** Pods left out: no deletion time. */
    public int notDeleted() {
        return notDeleted;
    }

    /** Pods left out: deleted before they were scheduled. */
    public int negativeDuration() {
        return negative;
    }

    /** Creation time of the last kept pod, seconds (unscaled). */
    public double lastCreation() {
        return pods.length == 0 ? 0 : trace.creationTime(pods[pods.length - 1]);
    }

    /** The pods as a workload, arrivals divided by {@code scaling} (&gt; 0). */
    public Workload workload(final double scaling) {
        return workload(scaling, 1);
    }

    /**
     * The pods as a workload, arrivals divided by {@code scaling} (&gt; 0), each pod arriving {@code copies}
     * times (at its creation time, the copies one after the other): the trace's pods ask for 88% of the openb
     * cluster's GPUs all together, so it cannot be overloaded by compressing time alone; copies inflate it, as
     * the artifact's workload inflation clones pods.
     */
    public Workload workload(final double scaling, final int copies) {
        if (!(scaling > 0) || Double.isInfinite(scaling)) {
            throw new IllegalArgumentException("traffic scaling must be finite and > 0: " + scaling);
        }
        if (copies < 1) {
            throw new IllegalArgumentException("pod copies must be >= 1: " + copies);
        }
        return new Workload() {
            private int next;

            @Override
            public int dimensions() {
                return 2;
            }

            @Override
            public double peekArrivalTime() {
                return next < pods.length * copies ? trace.creationTime(pods[next / copies]) / scaling
                    : Double.POSITIVE_INFINITY;
            }

            @Override
            public void next(final JobSpec spec) {
                final int pod = pods[next++ / copies];
                spec.arrivalTime = trace.creationTime(pod) / scaling;
                spec.serviceTime = Math.max(trace.deletionTime(pod) - trace.scheduledTime(pod), 1e-6);
                spec.jobClass = 0;
                spec.size[0] = trace.podCpu(pod);
                spec.size[1] = trace.podMemory(pod);
                spec.devices = trace.podDemand(pod);
            }

            @Override
            public long announcedJobs() {
                return (long) pods.length * copies;
            }
        };
    }
}
