package org.stowage.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.stowage.core.Units;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ClassDeviceDemands;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * The GPU part of a test scenario for kernels that need devices ({@link
 * org.stowage.core.kernel.KernelRequirements#devices()}), in the openb trace's units and shapes: servers
 * with CPU (milli-cores) and memory (MiB) and 0 to 8 GPUs of one of 1 to 3 models, and a palette of 2 to 8
 * pod shapes (CPU, memory, and no GPU, a fraction of one GPU, or 1 to 8 whole GPUs, some limited to a
 * subset of the models, now and then to a model no server has, or too large for every server), each with a
 * weight; the shapes' weights also make the workload's typical pods for FGD. Seed-determined.
 */
public final class GpuScenario {
    private static final int[] CPUS = {8000, 16000, 32000, 64000, 96000, 128000};
    private static final int[] GPU_COUNTS = {0, 1, 2, 2, 4, 8, 8};
    private static final int[] POD_CPUS = {1000, 2000, 3152, 4000, 6000, 8000, 11300, 16000, 32000, 88000, 200000};
    private static final int[] FRACTIONS = {100, 200, 250, 300, 460, 500, 650, 810, 999};
    private static final int[] WHOLE = {1, 1, 1, 2, 4, 8};

    final int dimensions;
    final int[] capacities;
    private final int[] deviceCounts;
    private final int[] models;
    private final List<String> modelNames;
    private final double[][] shapes;
    private final double[] weights;
    private final int[] demands;
    private final TypicalPods typical;
    final String description;

    private GpuScenario(final int dimensions, final int[] capacities, final int[] deviceCounts, final int[] models,
                        final List<String> modelNames, final double[][] shapes, final double[] weights,
                        final int[] demands) {
        this.dimensions = dimensions;
        this.capacities = capacities;
        this.deviceCounts = deviceCounts;
        this.models = models;
        this.modelNames = modelNames;
        this.shapes = shapes;
        this.weights = weights;
        this.demands = demands;
        final int[] cpus = new int[shapes.length];
        final long[] counts = new long[shapes.length];
        for (int k = 0; k < shapes.length; k++) {
            cpus[k] = (int) shapes[k][0];
            counts[k] = Math.round(100 * weights[k]);
        }
        this.typical = TypicalPods.weighted(cpus, demands, counts);
        this.description = "openb-like";
    }

    /**
     * A fixed cluster and palette in the proportions of the openb trace, for the steady-state checks:
     * {@code servers} nodes, half of 8 GPUs (model G2, 96 cores), a third of 2 GPUs (T4, 104 cores), the rest
     * of 4 GPUs (V100, 32 cores), CPU and memory as resources 0 and 1; the trace's commonest pod shapes:
     * fractions of 0.81, 0.47 and 0.32 GPU, 1, 2 and 8 whole GPUs, CPU-only.
     */
    static GpuScenario openbLike(final int servers) {
        final int dimensions = 2;
        final int[] capacities = new int[servers * dimensions];
        final int[] counts = new int[servers];
        final int[] models = new int[servers];
        for (int s = 0; s < servers; s++) {
            final int kind = s % 6;
            counts[s] = kind < 3 ? 8 : kind < 5 ? 2 : 4;
            models[s] = kind < 3 ? 0 : kind < 5 ? 1 : 2;
            capacities[s * dimensions] = kind < 3 ? 96000 : kind < 5 ? 104000 : 32000;
            capacities[s * dimensions + 1] = kind < 3 ? 393216 : kind < 5 ? 524288 : 131072;
        }
        final double[][] shapes = {{3152, 12288}, {11300, 24576}, {12000, 16384}, {11908, 24576}, {4000, 15258},
            {16000, 65536}, {88000, 327680}};
        final double[] weights = {0.25, 0.25, 0.15, 0.12, 0.12, 0.08, 0.03};
        final int[] demands = {DeviceDemand.of(1, 810, DeviceDemand.ANY_MODEL),
            DeviceDemand.of(1, 1000, DeviceDemand.ANY_MODEL), DeviceDemand.NONE,
            DeviceDemand.of(1, 470, DeviceDemand.ANY_MODEL), DeviceDemand.of(1, 320, 0b10),
            DeviceDemand.of(2, 1000, DeviceDemand.ANY_MODEL), DeviceDemand.of(8, 1000, 0b1)};
        return new GpuScenario(dimensions, capacities, counts, models, List.of("G2", "T4", "V100"), shapes, weights,
            demands);
    }

    GpuScenario(final SplittableRandom random, final int servers, final int dimensions) {
        this.dimensions = dimensions;
        final int modelCount = 1 + random.nextInt(3);
        modelNames = new ArrayList<>();
        for (int m = 0; m < modelCount; m++) {
            modelNames.add("G" + (m + 1));
        }
        capacities = new int[servers * dimensions];
        deviceCounts = new int[servers];
        models = new int[servers];
        final boolean fewShapes = random.nextInt(3) == 0;
        final int nodeShapes = fewShapes ? 1 + random.nextInt(2) : servers;
        final int[][] nodeKinds = new int[nodeShapes][];
        for (int k = 0; k < nodeShapes; k++) {
            final int gpus = GPU_COUNTS[random.nextInt(GPU_COUNTS.length)];
            nodeKinds[k] = new int[] {CPUS[random.nextInt(CPUS.length)], 65536 << random.nextInt(4), gpus,
                gpus == 0 ? DeviceTable.NO_MODEL : random.nextInt(modelCount)};
        }
        for (int s = 0; s < servers; s++) {
            final int[] kind = nodeKinds[random.nextInt(nodeShapes)];
            for (int d = 0; d < dimensions; d++) {
                capacities[s * dimensions + d] = d == 0 ? kind[0] : d == 1 ? kind[1] : 1000;
            }
            deviceCounts[s] = kind[2];
            models[s] = kind[3];
        }
        final int shapeCount = 2 + random.nextInt(7);
        shapes = new double[shapeCount][dimensions];
        weights = new double[shapeCount];
        demands = new int[shapeCount];
        final int[] cpus = new int[shapeCount];
        final long[] counts = new long[shapeCount];
        for (int k = 0; k < shapeCount; k++) {
            cpus[k] = POD_CPUS[random.nextInt(POD_CPUS.length - (random.nextInt(20) == 0 ? 0 : 1))];
            for (int d = 0; d < dimensions; d++) {
                shapes[k][d] = d == 0 ? cpus[k] : d == 1 ? 1024 * (1 + random.nextInt(64)) : 10 * random.nextInt(20);
            }
            final int kind = random.nextInt(10);
            int mask = DeviceDemand.ANY_MODEL;
            if (random.nextInt(4) == 0) {
                mask = random.nextInt(20) == 0 ? 1 << modelCount : 1 + random.nextInt((1 << modelCount) - 1);
            }
            demands[k] = kind < 2 ? DeviceDemand.NONE
                : kind < 6 ? DeviceDemand.of(1, FRACTIONS[random.nextInt(FRACTIONS.length)], mask)
                : DeviceDemand.of(WHOLE[random.nextInt(WHOLE.length)], 1000, mask);
            weights[k] = 0.2 + random.nextDouble();
            counts[k] = 1 + Math.round(100 * weights[k]);
        }
        typical = TypicalPods.weighted(cpus, demands, counts);
        description = "gpus: " + modelCount + " models, " + Arrays.stream(deviceCounts).sum() + " GPUs, "
            + shapeCount + " pod shapes";
    }

    /** A fresh device table of this cluster (a table serves one simulation). */
    public DeviceTable deviceTable() {
        return new DeviceTable(1000, deviceCounts, models, modelNames);
    }

    public TypicalPods typicalPods() {
        return typical;
    }

    /** Shapes drawn by their weights, with their GPU demands. */
    public Workload workload(final Arrivals arrivals, final ServiceDistribution service, final long seed, final long jobs) {
        final SizeDistribution sizes = SizeDistribution.discrete(new Units(1), shapes, weights);
        return new ClassDeviceDemands(new SyntheticWorkload(arrivals, sizes, service, seed, jobs), demands);
    }

    /**
     * The arrival rate at which the busiest of CPU and GPU is offered {@code intensity} of the cluster's
     * capacity, for a mean service {@code meanService}.
     */
    public double lambda(final double intensity, final double meanService) {
        double total = 0;
        double cpu = 0;
        double gpu = 0;
        for (int k = 0; k < weights.length; k++) {
            total += weights[k];
            cpu += weights[k] * shapes[k][0];
            gpu += weights[k] * DeviceDemand.totalUnits(demands[k]);
        }
        double cpuCapacity = 0;
        for (int s = 0; s < deviceCounts.length; s++) {
            cpuCapacity += capacities[s * dimensions];
        }
        final double gpuCapacity = 1000.0 * Math.max(1, Arrays.stream(deviceCounts).sum());
        final double load = Math.max(cpu / total / cpuCapacity, gpu / total / gpuCapacity) * meanService;
        return intensity / Math.max(load, 1e-9);
    }
}
