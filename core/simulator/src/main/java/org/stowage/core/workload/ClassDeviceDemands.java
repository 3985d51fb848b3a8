package org.stowage.core.workload;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Workload;

/**
 * A workload whose jobs also ask for devices (GPUs) by their class: the job of class k gets
 * {@code demands[k]} ({@link org.stowage.core.state.DeviceDemand}), everything else from the wrapped
 * workload. With discrete sizes ({@link SizeDistribution}), a class is a pod shape: its size vector and its
 * GPU demand. Allocation-free; O(1) per job.
 */
public final class ClassDeviceDemands implements Workload {
    private final Workload inner;
    private final int[] demands;

    /** @param demands the device demand of each job class the wrapped workload emits */
    public ClassDeviceDemands(final Workload inner, final int[] demands) {
        this.inner = inner;
        this.demands = demands.clone();
    }

    @Override
    public int dimensions() {
        return inner.dimensions();
    }

    @Override
    public double peekArrivalTime() {
        return inner.peekArrivalTime();
    }

    @Override
    public void next(final JobSpec spec) {
        inner.next(spec);
        if (spec.jobClass >= demands.length) {
            throw new IllegalStateException("job class " + spec.jobClass + " has no device demand (" + demands.length
                + " given)");
        }
        spec.devices = demands[spec.jobClass];
    }

    @Override
    public long announcedJobs() {
        return inner.announcedJobs();
    }
}
