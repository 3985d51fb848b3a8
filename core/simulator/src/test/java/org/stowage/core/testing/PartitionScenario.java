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
 * A random, seed-determined scenario for the partition kernels (one resource): 1 to 200 servers,
 * homogeneous or with capacities the largest / 2^e (e up to 2), a J in [2, 12], coarse and fine
 * resolutions, sizes uniform, tiny (many at or below 1/2^J), near-capacity, or discrete on a palette of the
 * partition's cut points (1/2, 2/3, 1/3, 1/4, 1/6, 2^-J, ...), geometric, deterministic or exponential
 * service, slotted or continuous time, loads from light to overloaded, and a stall fraction for the stalled
 * variants.
 */
public final class PartitionScenario {
    public final long seed;
    public final int servers;
    public final int levels;
    public final String stall;
    public final TimeMode timeMode;
    public final String description;
    private final int[] capacities;
    private final SizeDistribution sizes;
    private final ServiceDistribution service;
    private final double lambda;
    private final long jobs;

    private PartitionScenario(final long seed) {
        this.seed = seed;
        final SplittableRandom random = new SplittableRandom(seed);
        servers = random.nextBoolean() ? 1 + random.nextInt(8) : (int) Math.round(Math.exp(random.nextDouble() * Math.log(200)));
        timeMode = random.nextBoolean() ? TimeMode.SLOTTED : TimeMode.CONTINUOUS;
        final int[] resolutions = {Units.DEFAULT_RESOLUTION, 1000, 64, 12};
        final Units units = new Units(resolutions[random.nextInt(resolutions.length)]);
        levels = random.nextInt(4) == 0 ? 10 : 2 + random.nextInt(11);
        final String[] fractions = {"0.25", "0.5", "0.75", "0.9", "1"};
        stall = fractions[random.nextInt(fractions.length)];

        final int largest = units.capacityUnits(1.0);
        final boolean heterogeneous = random.nextInt(3) == 0;
        final int maxExponent = Math.min(Math.min(2, levels - 2), Integer.numberOfTrailingZeros(largest));
        capacities = new int[servers];
        for (int s = 0; s < servers; s++) {
            capacities[s] = heterogeneous ? largest >> random.nextInt(maxExponent + 1) : largest;
        }

        final String sizeText;
        switch (random.nextInt(4)) {
            case 0 -> {
                final double low = random.nextDouble() * 0.6;
                sizes = SizeDistribution.uniform(units, low, low + random.nextDouble() * (1.0 - low));
                sizeText = "uniform";
            }
            case 1 -> {
                sizes = SizeDistribution.uniform(units, 1e-6, Math.min(1.0, 3.0 / (1 << levels)));
                sizeText = "tiny";
            }
            case 2 -> {
                sizes = SizeDistribution.uniform(units, 0.85, 1.0);
                sizeText = "near-capacity";
            }
            default -> {
                final double[] palette = {0.4, 0.6, 2.0 / 3, 0.5, 1.0 / 3, 0.25, 1.0 / 6, 0.2, 0.1, 1.0, 0.75,
                    1.0 / (1 << levels), 0.35, 0.3};
                final int types = 2 + random.nextInt(4);
                final double[][] vectors = new double[types][1];
                final double[] probabilities = new double[types];
                for (int i = 0; i < types; i++) {
                    vectors[i][0] = palette[random.nextInt(palette.length)];
                    probabilities[i] = 0.1 + random.nextDouble();
                }
                sizes = SizeDistribution.discrete(units, vectors, probabilities);
                sizeText = "discrete";
            }
        }

        if (timeMode == TimeMode.SLOTTED) {
            service = random.nextBoolean()
                ? ServiceDistribution.geometric(1 + random.nextInt(40))
                : ServiceDistribution.deterministic(1 + random.nextInt(25));
        } else {
            service = random.nextBoolean()
                ? ServiceDistribution.exponential(0.5 + 20 * random.nextDouble())
                : ServiceDistribution.deterministic(0.5 + random.nextInt(20));
        }
        final double intensity = 0.5 + random.nextDouble();
        final double meanSize = Math.max(1e-3, Math.min(1.0, sizes.mean(0)));
        lambda = SyntheticWorkload.lambdaForIntensity(intensity, servers, service.mean(), meanSize);
        jobs = 40 + random.nextInt(300);
        description = "seed=" + seed + " L=" + servers + (heterogeneous ? " heterogeneous" : "") + " J=" + levels
            + " " + timeMode + " units=" + units.resolution() + " sizes=" + sizeText + " service=" + service
            + " lambda=" + String.format("%.4f", lambda) + " jobs=" + jobs + " stall=" + stall;
    }

    public static PartitionScenario random(final long seed) {
        return new PartitionScenario(seed);
    }

    /** The scheduler spec of {@code base} (VQS or VQS-BF) for this scenario, stalled or not. */
    public String spec(final String base, final boolean stalled) {
        return base + ":J=" + levels + (stalled ? ",stall=" + stall : "");
    }

    public ServerTable serverTable() {
        return new ServerTable(1, capacities);
    }

    public SyntheticWorkload workload() {
        final Arrivals arrivals = timeMode == TimeMode.SLOTTED
            ? Arrivals.poissonPerSlot(lambda)
            : Arrivals.poissonProcess(lambda);
        return new SyntheticWorkload(arrivals, sizes, service, seed, jobs);
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
