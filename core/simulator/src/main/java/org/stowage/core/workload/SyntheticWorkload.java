package org.stowage.core.workload;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.Units;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Seeds;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.model.JobClasses;
import org.stowage.core.state.ServerTable;

/**
 * A generated workload: an arrival process, a size distribution and a service distribution (one for all
 * jobs, or one per job class), each drawing from its own stream derived from one seed ({@link Seeds}), so
 * two schedulers given the same seed see the very same jobs. Optionally capped at a number of jobs.
 * Allocation-free per job.
 *
 * <p>Per-type Poisson streams (Psychas and Ghaderi 2018, Sec. II: type j arrives at rate lambda_j and
 * needs a mean service 1/mu_j) are built by {@link #perTypePoisson}: by the superposition and splitting
 * properties of Poisson processes (and of Poisson counts per slot), one stream of rate sum(lambda_j)
 * whose jobs take type j with probability lambda_j / sum(lambda) has exactly the same law as independent
 * per-type streams, at the cost of one stream instead of J.
 */
public final class SyntheticWorkload implements Workload {
    private final Arrivals arrivals;
    private final SizeDistribution sizes;
    private final ServiceDistribution[] serviceByClass;
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
        this(arrivals, sizes, new ServiceDistribution[] {service}, seed, maxJobs);
    }

    /**
     * @param serviceByClass the service distribution of each job class the size distribution returns; a
     *                       single entry serves every class
     * @param maxJobs        the number of jobs after which the workload ends; {@link Long#MAX_VALUE} for none
     */
    public SyntheticWorkload(final Arrivals arrivals, final SizeDistribution sizes,
                             final ServiceDistribution[] serviceByClass, final long seed, final long maxJobs) {
        if (maxJobs < 0) {
            throw new IllegalArgumentException("maximum job count must be >= 0: " + maxJobs);
        }
        if (serviceByClass.length != 1 && serviceByClass.length != sizes.classCount()) {
            throw new IllegalArgumentException("give one service distribution, or one per job class: "
                + serviceByClass.length + " for " + sizes.classCount() + " classes");
        }
        this.arrivals = arrivals;
        this.sizes = sizes;
        this.serviceByClass = serviceByClass.clone();
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
     * Per-type Poisson streams: type {@code j} has size vector {@code typeSizes[j]} (real values, one per
     * resource), arrives at rate {@code rates[j]} (per slot in slotted mode, per time unit otherwise) and
     * has service {@code service[j]} (or {@code service[0]} for every type). Job class = type index.
     */
    public static SyntheticWorkload perTypePoisson(final TimeMode mode, final Units units, final double[][] typeSizes,
                                                   final double[] rates, final ServiceDistribution[] service,
                                                   final long seed) {
        double total = 0;
        for (int j = 0; j < rates.length; j++) {
            if (!(rates[j] >= 0) || Double.isInfinite(rates[j])) {
                throw new IllegalArgumentException("arrival rate of type " + j + " must be finite and >= 0: "
                    + rates[j]);
            }
            total += rates[j];
        }
        final Arrivals arrivals = mode == TimeMode.SLOTTED ? Arrivals.poissonPerSlot(total) : Arrivals.poissonProcess(total);
        return new SyntheticWorkload(arrivals, SizeDistribution.discrete(units, typeSizes, rates), service, seed,
            Long.MAX_VALUE);
    }

    /**
     * What this workload's jobs are known to be before the run, for the kernel's model: per class, the mean
     * size (and the exact size of a discrete type) in units, the mean service, and the arrival rate (the
     * arrival rate times the class's probability; NaN for a batch).
     */
    public JobClasses jobClasses(final Units units) {
        final JobClasses.Builder builder = JobClasses.builder(sizes.dimensions());
        final double rate = arrivals.rate();
        for (int k = 0; k < sizes.classCount(); k++) {
            final double service = serviceByClass[serviceByClass.length == 1 ? 0 : k].mean();
            final double classRate = Double.isNaN(rate) ? Double.NaN : rate * sizes.classProbability(k);
            final int[] exact = sizes.exactUnits(k);
            if (exact != null) {
                builder.addType(exact, service, classRate);
            } else {
                final double[] mean = new double[sizes.dimensions()];
                for (int d = 0; d < mean.length; d++) {
                    mean[d] = sizes.classMean(k, d) * units.resolution();
                }
                builder.addClass(mean, service, classRate);
            }
        }
        return builder.build();
    }

    /**
     * The arrival rate for a traffic intensity {@code alpha} on a cluster of any capacities: the 2019
     * formula generalised to {@code lambda = alpha * min_d (C_d / E[R_d]) / E[S]}, where {@code C_d} is the
     * cluster's total capacity on resource {@code d} (in units of 1.0) and {@code E[R_d]} the mean size. No
     * scheduler can serve more work per unit time than the capacity of the scarcest resource, so
     * alpha = 1 is again the bound no scheduler exceeds. For L unit servers and one resource it is exactly
     * {@link #lambdaForIntensity(double, int, double, double)}.
     */
    public static double lambdaForIntensity(final double alpha, final ServerTable servers, final Units units,
                                            final SizeDistribution sizes, final double meanService) {
        if (sizes.dimensions() != servers.dimensions()) {
            throw new IllegalArgumentException("sizes have " + sizes.dimensions() + " resources but the servers "
                + servers.dimensions());
        }
        double jobsPerService = Double.POSITIVE_INFINITY;
        for (int d = 0; d < servers.dimensions(); d++) {
            long total = 0;
            for (int s = 0; s < servers.count(); s++) {
                total += servers.capacity(s, d);
            }
            if (sizes.mean(d) > 0) {
                jobsPerService = Math.min(jobsPerService, units.toReal(total) / sizes.mean(d));
            }
        }
        if (Double.isInfinite(jobsPerService)) {
            throw new IllegalArgumentException("intensity needs a positive mean size on some resource");
        }
        if (!(alpha > 0) || !(meanService > 0) || Double.isInfinite(alpha) || Double.isInfinite(meanService)) {
            throw new IllegalArgumentException("intensity needs finite alpha > 0 and mean service > 0: alpha="
                + alpha + " service=" + meanService);
        }
        return alpha * jobsPerService / meanService;
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
        final ServiceDistribution service = serviceByClass.length == 1 ? serviceByClass[0] : serviceByClass[spec.jobClass];
        spec.serviceTime = service.sample(serviceRandom);
        emitted++;
        arrivals.consumeOne(arrivalRandom);
    }

    /** Jobs emitted so far. */
    /** The batch's size (capped at the maximum job count) for batch arrivals; -1 for rate processes. */
    @Override
    public long announcedJobs() {
        final long count = arrivals.count();
        return count > 0 ? Math.min(count, maxJobs) : -1;
    }

    public long emitted() {
        return emitted;
    }

    @Override
    public String toString() {
        return "SyntheticWorkload[" + arrivals + ", " + sizes + ", " + Arrays.toString(serviceByClass) + "]";
    }
}
