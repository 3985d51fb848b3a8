package org.stowage.core.workload;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Seeds;
import org.stowage.core.engine.Workload;

/**
 * A generated workload: an arrival process, a size distribution and a service distribution, each drawing
 * from its own stream derived from one seed ({@link Seeds}), so two schedulers given the same seed see the
 * very same jobs. Optionally capped at a number of jobs. Allocation-free per job.
 */
public final class SyntheticWorkload implements Workload {
    private final Arrivals arrivals;
    private final SizeDistribution sizes;
    private final ServiceDistribution service;
    private final RandomGenerator arrivalRandom;
    private final RandomGenerator sizeRandom;
    private final RandomGenerator serviceRandom;
    private final long maxJobs;
    private long emitted;

    /**
     * @param maxJobs the number of jobs after which the workload ends; {@link Long#MAX_VALUE} for none
     */
    public SyntheticWorkload(final Arrivals arrivals, final SizeDistribution sizes, final ServiceDistribution service,
                             final long seed, final long maxJobs) {
        if (maxJobs < 0) {
            throw new IllegalArgumentException("maximum job count must be >= 0: " + maxJobs);
        }
        this.arrivals = arrivals;
        this.sizes = sizes;
        this.service = service;
        this.arrivalRandom = Seeds.generator(seed, Seeds.ARRIVALS);
        this.sizeRandom = Seeds.generator(seed, Seeds.SIZES);
        this.serviceRandom = Seeds.generator(seed, Seeds.SERVICE);
        this.maxJobs = maxJobs;
        arrivals.start(arrivalRandom);
    }

    /** An endless workload. */
    public SyntheticWorkload(final Arrivals arrivals, final SizeDistribution sizes, final ServiceDistribution service,
                             final long seed) {
        this(arrivals, sizes, service, seed, Long.MAX_VALUE);
    }

    /**
     * The arrival rate for a traffic intensity {@code alpha} (2019 paper, Sec. VII-A):
     * lambda = alpha * mu * L / E[R], with mu = 1 / E[service] and E[R] the mean size on resource 0 for
     * unit-capacity servers. alpha = 1 is the bound no scheduler exceeds.
     */
    public static double lambdaForIntensity(final double alpha, final int servers, final double meanService,
                                            final double meanSize) {
        if (!(alpha > 0) || !(meanService > 0) || !(meanSize > 0) || servers < 1) {
            throw new IllegalArgumentException("intensity needs alpha > 0, servers >= 1, mean service > 0 and"
                + " mean size > 0: alpha=" + alpha + " servers=" + servers + " service=" + meanService
                + " size=" + meanSize);
        }
        return alpha * servers / (meanService * meanSize);
    }

    @Override
    public int dimensions() {
        return sizes.dimensions();
    }

    @Override
    public double peekArrivalTime() {
        return emitted < maxJobs ? arrivals.peek() : Double.POSITIVE_INFINITY;
    }

    @Override
    public void next(final JobSpec spec) {
        assert emitted < maxJobs;
        spec.arrivalTime = arrivals.peek();
        spec.jobClass = sizes.sample(sizeRandom, spec.size);
        spec.serviceTime = service.sample(serviceRandom);
        emitted++;
        arrivals.consumeOne(arrivalRandom);
    }

    /** Jobs emitted so far. */
    public long emitted() {
        return emitted;
    }

    @Override
    public String toString() {
        return "SyntheticWorkload[" + arrivals + ", " + sizes + ", " + service + "]";
    }
}
