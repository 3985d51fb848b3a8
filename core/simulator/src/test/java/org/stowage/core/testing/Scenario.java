package org.stowage.core.testing;

import java.util.SplittableRandom;

import org.stowage.core.Units;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * A random but fully seed-determined test scenario: cluster (1 to 200 servers, homogeneous or not),
 * resolution (including coarse ones that force ties), size distribution (tiny, near-capacity, discrete,
 * too large for every server), service (geometric, deterministic, exponential), time mode and load.
 */
public final class Scenario {
    public final long seed;
    public final int dimensions;
    public final int servers;
    public final TimeMode timeMode;
    public final String description;
    private final int[] capacities;
    private final Units units;
    private final SizeDistribution sizes;
    private final ServiceDistribution service;
    private final double lambda;
    private final long jobs;

    private Scenario(final long seed, final int maxDimensions) {
        this.seed = seed;
        final SplittableRandom random = new SplittableRandom(seed);
        dimensions = 1 + random.nextInt(maxDimensions);
        servers = random.nextBoolean() ? 1 + random.nextInt(8) : (int) Math.round(Math.exp(random.nextDouble() * Math.log(200)));
        timeMode = random.nextBoolean() ? TimeMode.SLOTTED : TimeMode.CONTINUOUS;
        final int[] resolutions = {Units.DEFAULT_RESOLUTION, 1000, 64, 10};
        units = new Units(resolutions[random.nextInt(resolutions.length)]);

        final boolean heterogeneous = random.nextInt(3) == 0;
        capacities = new int[servers * dimensions];
        for (int s = 0; s < servers; s++) {
            for (int d = 0; d < dimensions; d++) {
                final double capacity = heterogeneous ? 0.5 + 1.5 * random.nextDouble() : 1.0;
                capacities[s * dimensions + d] = units.capacityUnits(capacity);
            }
        }

        final int sizeKind = random.nextInt(4);
        final String sizeText;
        switch (sizeKind) {
            case 0 -> {
                final double[] low = new double[dimensions];
                final double[] high = new double[dimensions];
                for (int d = 0; d < dimensions; d++) {
                    low[d] = random.nextDouble() * 0.5;
                    high[d] = low[d] + random.nextDouble() * (1.0 - low[d]);
                }
                sizes = SizeDistribution.uniform(units, low, high);
                sizeText = "uniform";
            }
            case 1 -> {
                final double[] low = new double[dimensions];
                final double[] high = new double[dimensions];
                for (int d = 0; d < dimensions; d++) {
                    low[d] = 1e-6;
                    high[d] = 0.05;
                }
                sizes = SizeDistribution.uniform(units, low, high);
                sizeText = "tiny";
            }
            case 2 -> {
                final double[] low = new double[dimensions];
                final double[] high = new double[dimensions];
                for (int d = 0; d < dimensions; d++) {
                    low[d] = 0.85;
                    high[d] = 1.0;
                }
                sizes = SizeDistribution.uniform(units, low, high);
                sizeText = "near-capacity";
            }
            default -> {
                final int types = 2 + random.nextInt(3);
                final double[][] vectors = new double[types][dimensions];
                final double[] probabilities = new double[types];
                final double[] palette = {0.1, 0.2, 0.25, 0.4, 0.5, 0.6, 1.0, 1.3, 2.5};
                for (int i = 0; i < types; i++) {
                    for (int d = 0; d < dimensions; d++) {
                        vectors[i][d] = palette[random.nextInt(palette.length)];
                    }
                    probabilities[i] = 0.1 + random.nextDouble();
                }
                sizes = SizeDistribution.discrete(units, vectors, probabilities);
                sizeText = "discrete";
            }
        }

        final String serviceText;
        if (timeMode == TimeMode.SLOTTED) {
            service = random.nextBoolean()
                ? ServiceDistribution.geometric(1 + random.nextInt(40))
                : ServiceDistribution.deterministic(1 + random.nextInt(25));
        } else {
            service = random.nextBoolean()
                ? ServiceDistribution.exponential(0.5 + 20 * random.nextDouble())
                : ServiceDistribution.deterministic(0.5 + random.nextInt(20));
        }
        serviceText = service.toString();

        final double intensity = 0.5 + random.nextDouble();
        final double meanSize = Math.max(1e-3, Math.min(1.0, sizes.mean(0)));
        lambda = SyntheticWorkload.lambdaForIntensity(intensity, servers, service.mean(), meanSize);
        jobs = 40 + random.nextInt(300);
        description = "seed=" + seed + " D=" + dimensions + " L=" + servers + (heterogeneous ? " heterogeneous" : "")
            + " " + timeMode + " units=" + units.resolution() + " sizes=" + sizeText + " service=" + serviceText
            + " lambda=" + String.format("%.4f", lambda) + " jobs=" + jobs;
    }

    /** A scenario with 1 to {@code maxDimensions} resources. */
    public static Scenario random(final long seed, final int maxDimensions) {
        return new Scenario(seed, maxDimensions);
    }

    public SyntheticWorkload workload() {
        final Arrivals arrivals = timeMode == TimeMode.SLOTTED
            ? Arrivals.poissonPerSlot(lambda)
            : Arrivals.poissonProcess(lambda);
        return new SyntheticWorkload(arrivals, sizes, service, seed, jobs);
    }

    public ServerTable serverTable() {
        return new ServerTable(dimensions, capacities);
    }

    /** A simulation of this scenario with invariant checks on. */
    public Simulation.Builder simulation(final Scheduler scheduler) {
        return Simulation.builder()
            .servers(serverTable())
            .workload(workload())
            .scheduler(scheduler)
            .timeMode(timeMode)
            .seed(seed)
            .initialJobCapacity(16)
            .checkInvariants(true);
    }

    @Override
    public String toString() {
        return description;
    }
}
