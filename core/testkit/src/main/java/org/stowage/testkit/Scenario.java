package org.stowage.testkit;

import java.util.SplittableRandom;

import org.stowage.core.Units;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * A random but fully seed-determined test scenario, within what a kernel supports
 * ({@link KernelRequirements}): 1 to 200 servers, homogeneous or not (capacities the largest / 2^e for the
 * partition kernels), 1 to 3 resources, coarse and fine resolutions (including ones that force ties),
 * sizes uniform, tiny, near-capacity, or discrete types on a palette that mixes the partition's cut points
 * (1/2, 2/3, 1/3, 1/4, 1/6, 2^-J) with sizes too large for every server, geometric, deterministic or
 * exponential service, slotted or continuous time, loads from light to overloaded. It also draws a
 * partition depth J in [2, 12] and a stall fraction, which a kernel's test variants use ({@link #spec}).
 */
public final class Scenario {
    public final long seed;
    public final int dimensions;
    public final int servers;
    public final TimeMode timeMode;
    /** The partition depth J the variants substitute for {@code {J}}. */
    public final int levels;
    /** The stall fraction the variants substitute for {@code {stall}}. */
    public final String stall;
    public final String description;
    private final int[] capacities;
    private final SizeDistribution sizes;
    private final ServiceDistribution service;
    private final double lambda;
    private final long jobs;
    /** The discrete types' exact sizes in units and probabilities, or null for continuous sizes. */
    private final int[][] typeSizes;
    private final double[] typeProbabilities;
    /** The GPUs and pod shapes, for kernels that need devices; null otherwise. */
    private final GpuScenario gpu;

    private Scenario(final long seed, final KernelRequirements requirements) {
        this.seed = seed;
        final SplittableRandom random = new SplittableRandom(seed);
        dimensions = 1 + random.nextInt(Math.min(3, requirements.maxDimensions()));
        servers = random.nextBoolean() ? 1 + random.nextInt(8) : (int) Math.round(Math.exp(random.nextDouble() * Math.log(200)));
        final boolean slottedAllowed = requirements.timeModes().contains(TimeMode.SLOTTED);
        final boolean continuousAllowed = requirements.timeModes().contains(TimeMode.CONTINUOUS);
        final boolean slotted = random.nextBoolean();
        timeMode = slottedAllowed && (slotted || !continuousAllowed) ? TimeMode.SLOTTED : TimeMode.CONTINUOUS;
        final int[] resolutions = {Units.DEFAULT_RESOLUTION, 1000, 64, 12, 10};
        final Units units = new Units(resolutions[random.nextInt(resolutions.length)]);
        levels = random.nextInt(4) == 0 ? 10 : 2 + random.nextInt(11);
        final String[] fractions = {"0.25", "0.5", "0.75", "0.9", "1"};
        stall = fractions[random.nextInt(fractions.length)];

        if (requirements.devices()) {
            gpu = new GpuScenario(random, servers, dimensions);
            capacities = gpu.capacities;
            sizes = null;
            typeSizes = null;
            typeProbabilities = null;
            service = service(random, timeMode);
            final double intensity = 0.5 + random.nextDouble();
            lambda = gpu.lambda(intensity, service.mean());
            jobs = 40 + random.nextInt(300);
            description = "seed=" + seed + " D=" + dimensions + " L=" + servers + " " + timeMode + " " + gpu.description
                + " service=" + service + " lambda=" + String.format("%.6f", lambda) + " jobs=" + jobs;
            return;
        }
        gpu = null;
        final boolean heterogeneous = random.nextInt(3) == 0;
        capacities = new int[servers * dimensions];
        final int largest = units.capacityUnits(1.0);
        final int maxExponent = Math.min(Math.min(2, levels - 2), Integer.numberOfTrailingZeros(largest));
        for (int s = 0; s < servers; s++) {
            for (int d = 0; d < dimensions; d++) {
                final int capacity;
                if (requirements.powerOfTwoCapacities()) {
                    capacity = heterogeneous ? largest >> random.nextInt(maxExponent + 1) : largest;
                } else {
                    capacity = units.capacityUnits(heterogeneous ? 0.5 + 1.5 * random.nextDouble() : 1.0);
                }
                capacities[s * dimensions + d] = capacity;
            }
        }

        final int sizeKind = requirements.discreteTypes() ? 3 : random.nextInt(4);
        final String sizeText;
        int[][] types = null;
        double[] probabilities = null;
        switch (sizeKind) {
            case 0 -> {
                final double[] low = new double[dimensions];
                final double[] high = new double[dimensions];
                for (int d = 0; d < dimensions; d++) {
                    low[d] = random.nextDouble() * 0.6;
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
                    high[d] = Math.min(0.05, 3.0 / (1 << levels));
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
                final double[] palette = {0.1, 0.2, 0.25, 0.4, 0.5, 0.6, 1.0, 1.3, 2.5, 2.0 / 3, 1.0 / 3, 1.0 / 6,
                    0.75, 1.0 / (1 << levels), 0.35, 0.3};
                final int count = 2 + random.nextInt(4);
                final double[][] vectors = new double[count][dimensions];
                probabilities = new double[count];
                types = new int[count][dimensions];
                for (int i = 0; i < count; i++) {
                    for (int d = 0; d < dimensions; d++) {
                        vectors[i][d] = palette[random.nextInt(palette.length)];
                        types[i][d] = units.sizeUnits(vectors[i][d]);
                    }
                    probabilities[i] = 0.1 + random.nextDouble();
                }
                sizes = SizeDistribution.discrete(units, vectors, probabilities);
                sizeText = "discrete";
            }
        }
        typeSizes = types;
        typeProbabilities = probabilities;

        service = service(random, timeMode);
        final double intensity = 0.5 + random.nextDouble();
        final double meanSize = Math.max(1e-3, Math.min(1.0, sizes.mean(0)));
        lambda = SyntheticWorkload.lambdaForIntensity(intensity, servers, service.mean(), meanSize);
        jobs = 40 + random.nextInt(300);
        description = "seed=" + seed + " D=" + dimensions + " L=" + servers + (heterogeneous ? " heterogeneous" : "")
            + " " + timeMode + " units=" + units.resolution() + " sizes=" + sizeText + " service=" + service
            + " lambda=" + String.format("%.4f", lambda) + " jobs=" + jobs + " J=" + levels + " stall=" + stall;
    }

    private static ServiceDistribution service(final SplittableRandom random, final TimeMode timeMode) {
        if (timeMode == TimeMode.SLOTTED) {
            return random.nextBoolean()
                ? ServiceDistribution.geometric(1 + random.nextInt(40))
                : ServiceDistribution.deterministic(1 + random.nextInt(25));
        }
        return random.nextBoolean()
            ? ServiceDistribution.exponential(0.5 + 20 * random.nextDouble())
            : ServiceDistribution.deterministic(0.5 + random.nextInt(20));
    }

    /** A scenario the kernel of {@code requirements} is defined for. */
    public static Scenario random(final long seed, final KernelRequirements requirements) {
        return new Scenario(seed, requirements);
    }

    /** A scenario with 1 to {@code maxDimensions} resources, any cluster, either time mode. */
    public static Scenario random(final long seed, final int maxDimensions) {
        final KernelRequirements any = KernelRequirements.any();
        return new Scenario(seed, new KernelRequirements(maxDimensions, any.timeModes(), false, false, null));
    }

    /**
     * The spec of kernel {@code name} with test variant {@code variant} (see {@link KernelDefinition}), the
     * placeholders replaced by this scenario's J and stall fraction.
     */
    public String spec(final String name, final String variant) {
        final String parameters = variant.replace("{J}", Integer.toString(levels)).replace("{stall}", stall);
        return parameters.isEmpty() ? name : name + ":" + parameters;
    }

    public Workload workload() {
        final Arrivals arrivals = timeMode == TimeMode.SLOTTED
            ? Arrivals.poissonPerSlot(lambda)
            : Arrivals.poissonProcess(lambda);
        if (gpu != null) {
            return gpu.workload(arrivals, service, seed, jobs);
        }
        return new SyntheticWorkload(arrivals, sizes, service, seed, jobs);
    }

    /** The servers' GPUs, a fresh table per simulation; null for a scenario without devices. */
    public DeviceTable deviceTable() {
        return gpu == null ? null : gpu.deviceTable();
    }

    public ServerTable serverTable() {
        return new ServerTable(dimensions, capacities);
    }

    /**
     * The model a kernel sees: the server classes, the discrete types when the sizes are discrete, and the
     * test plan of the registry's kernel named by {@code spec} when it needs one.
     */
    public Model model(final String spec) {
        return model(Kernels.definitionOf(spec));
    }

    /** As {@link #model(String)}, with the test plan of {@code definition} (registered or not). */
    public Model model(final KernelDefinition definition) {
        Model model = Model.of(ServerClasses.of(dimensions, capacities));
        if (typeSizes != null) {
            double total = 0;
            for (final double p : typeProbabilities) {
                total += p;
            }
            final double[] meanService = new double[typeSizes.length];
            final double[] rates = new double[typeSizes.length];
            for (int j = 0; j < typeSizes.length; j++) {
                meanService[j] = service.mean();
                rates[j] = lambda * typeProbabilities[j] / total;
            }
            model = model.withJobClasses(JobClasses.types(typeSizes, meanService, rates));
        }
        if (definition.testPlanner() != null) {
            model = model.withPlan(definition.testPlanner().apply(model));
        }
        if (gpu != null && definition.requirements().planType() == TypicalPods.class) {
            model = model.withPlan(gpu.typicalPods());
        }
        return model;
    }

    /** A simulation of this scenario running the kernel of {@code spec}, with invariant checks on. */
    public Simulation.Builder simulation(final String spec) {
        return base().model(model(spec)).scheduler(Kernels.byName(spec));
    }

    /** A simulation of this scenario running {@code scheduler} (made for {@link #model}), invariants checked. */
    public Simulation.Builder simulation(final Scheduler scheduler, final Model model) {
        return base().model(model).scheduler(scheduler);
    }

    private Simulation.Builder base() {
        return Simulation.builder()
            .servers(serverTable())
            .devices(deviceTable())
            .workload(workload())
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
