package org.stowage.core.gpu;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Workload;
import org.stowage.core.trace.OpenbTrace;

/**
 * The pods of a {@link PodSequence} arriving one per slot (pod i at slot i) and never leaving (service
 * longer than the run): the artifact's experiment, which creates each pod and waits for its scheduling before
 * the next, and deletes none. Sizes are (CPU milli, memory MiB) and the pod's GPU demand. Allocation-free.
 */
final class SequenceWorkload implements Workload {
    private final OpenbTrace trace;
    private final PodSequence sequence;
    private int next;

    SequenceWorkload(final OpenbTrace trace, final PodSequence sequence) {
        this.trace = trace;
        this.sequence = sequence;
    }

    @Override
    public int dimensions() {
        return 2;
    }

    @Override
    public double peekArrivalTime() {
        return next < sequence.length() ? next : Double.POSITIVE_INFINITY;
    }

    @Override
    public void next(final JobSpec spec) {
        final int pod = sequence.pod(next);
        spec.arrivalTime = next;
        spec.serviceTime = sequence.length() + 1.0;
        spec.jobClass = 0;
        spec.size[0] = trace.podCpu(pod);
        spec.size[1] = trace.podMemory(pod);
        spec.devices = trace.podDemand(pod);
        next++;
    }

    @Override
    public long announcedJobs() {
        return sequence.length();
    }
}
