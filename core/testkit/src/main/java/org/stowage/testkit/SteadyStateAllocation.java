package org.stowage.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.function.Function;

import org.stowage.core.Units;
import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.metrics.RunMetrics;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * The zero-allocation check of the kernel tests: after warm-up, 120,000 consecutive steady-state decisions
 * of a kernel on 100 unit servers, with the workload generator and the metrics listener running, must
 * allocate exactly 0 bytes on the simulation thread, in each time mode.
 *
 * <p>Warm-up ends when the buffers have reached their high-water marks and the JIT has settled: under
 * {@code -Xint} only the first window allocates (array growth), but with the JIT a few hundred bytes can
 * appear in the first windows, when compiled code deoptimises and the interpreter rematerialises objects
 * that compiled code had scalar-replaced. So the check measures successive windows and requires one whole
 * window at exactly 0 bytes within a bounded number of tries. A kernel that fails is run for one more window
 * under a Flight Recorder recording, and the failure names its top allocating stacks ({@link AllocationSites}).
 */
public final class SteadyStateAllocation {
    private static final int SERVERS = 100;
    private static final int WARMUP_DECISIONS = 100_000;
    private static final int MEASURED_DECISIONS = 120_000;
    private static final int MAX_WINDOWS = 10;
    private static final double INTENSITY = 0.85;
    /** Batch kernels (DJSF) plan whole queues and keep a bounded queue online only at lighter loads. */
    private static final double BATCH_INTENSITY = 0.5;

    private SteadyStateAllocation() {
    }

    /** Partition depth and stall fraction the test variants' placeholders take here. */
    private static final String LEVELS = "7";
    private static final String STALL = "0.75";
    /** Discrete types for kernels that need them: three sizes on every resource, equally likely. */
    private static final double[] TYPE_SIZES = {0.2, 0.3, 0.5};

    /**
     * Fails unless the kernel of {@code definition}, in test variant {@code variant}, reaches a whole window
     * of 0 bytes in every time mode it supports: 100 unit servers, sizes U[0.01, 0.9] (discrete types of
     * 0.2, 0.3 and 0.5 for kernels that need types) at intensity 0.85 (0.5 for batch kernels), so that every
     * kernel, VQS included, keeps a bounded queue.
     */
    public static void assertAllocationFree(final KernelDefinition definition, final String variant) {
        final String parameters = variant.replace("{J}", LEVELS).replace("{stall}", STALL);
        final String kernel = parameters.isEmpty() ? definition.name() : definition.name() + ":" + parameters;
        assertAllocationFree(kernel, definition.factoryFor(kernel), definition.requirements(), definition.testPlanner());
    }

    /**
     * The same for any kernel made by {@code factory} (kernels outside the registry, such as the SPI
     * example), with a plan from {@code planner} when it is not null.
     */
    public static void assertAllocationFree(final String kernel, final SchedulerFactory factory,
                                            final KernelRequirements requirements,
                                            final Function<Model, Object> planner) {
        for (final TimeMode mode : requirements.timeModes()) {
            if (requirements.devices()) {
                assertAllocationFreeOnGpus(kernel, factory, requirements, mode);
                continue;
            }
            final Units units = Units.defaults();
            final SizeDistribution sizes;
            final ServerTable servers = ServerTable.homogeneous(SERVERS, units.capacityUnits(1.0));
            Model model = Model.of(servers);
            final ServiceDistribution service = mode == TimeMode.SLOTTED
                ? ServiceDistribution.geometric(100) : ServiceDistribution.exponential(100);
            if (requirements.discreteTypes()) {
                final double[][] vectors = new double[TYPE_SIZES.length][1];
                final int[][] unitSizes = new int[TYPE_SIZES.length][1];
                final double[] weights = new double[TYPE_SIZES.length];
                final double[] meanService = new double[TYPE_SIZES.length];
                for (int j = 0; j < TYPE_SIZES.length; j++) {
                    vectors[j][0] = TYPE_SIZES[j];
                    unitSizes[j][0] = units.sizeUnits(TYPE_SIZES[j]);
                    weights[j] = 1;
                    meanService[j] = service.mean();
                }
                sizes = SizeDistribution.discrete(units, vectors, weights);
                model = model.withJobClasses(JobClasses.types(unitSizes, meanService, null));
            } else {
                sizes = SizeDistribution.uniform(units, 0.01, 0.9);
            }
            if (planner != null) {
                model = model.withPlan(planner.apply(model));
            }
            final double intensity = requirements.batch() ? BATCH_INTENSITY : INTENSITY;
            final double lambda = SyntheticWorkload.lambdaForIntensity(intensity, SERVERS, service.mean(), sizes.mean(0));
            final Arrivals arrivals = mode == TimeMode.SLOTTED
                ? Arrivals.poissonPerSlot(lambda) : Arrivals.poissonProcess(lambda);
            measure(kernel, mode, builder(servers, new SyntheticWorkload(arrivals, sizes, service, 11), model, factory, mode)
                .build());
        }
    }

    /**
     * The check for a kernel that needs GPUs: the openb-like cluster of {@link GpuScenario#openbLike} (100
     * nodes, 464 GPUs) and its pod shapes, the busier of CPU and GPU offered 0.85 of its capacity, with the
     * typical pods as the plan when the kernel reads one.
     */
    private static void assertAllocationFreeOnGpus(final String kernel, final SchedulerFactory factory,
                                                   final KernelRequirements requirements, final TimeMode mode) {
        final GpuScenario gpus = GpuScenario.openbLike(SERVERS);
        final ServerTable servers = new ServerTable(gpus.dimensions, gpus.capacities);
        Model model = Model.of(servers);
        if (requirements.planType() == TypicalPods.class) {
            model = model.withPlan(gpus.typicalPods());
        }
        final ServiceDistribution service = mode == TimeMode.SLOTTED
            ? ServiceDistribution.geometric(100) : ServiceDistribution.exponential(100);
        final double lambda = gpus.lambda(INTENSITY, service.mean());
        final Arrivals arrivals = mode == TimeMode.SLOTTED
            ? Arrivals.poissonPerSlot(lambda) : Arrivals.poissonProcess(lambda);
        measure(kernel, mode, builder(servers, gpus.workload(arrivals, service, 11, Long.MAX_VALUE), model, factory, mode)
            .devices(gpus.deviceTable()).build());
    }

    private static Simulation.Builder builder(final ServerTable servers, final Workload workload, final Model model,
                                              final SchedulerFactory factory, final TimeMode mode) {
        return Simulation.builder()
            .servers(servers)
            .workload(workload)
            .model(model)
            .scheduler(factory)
            .timeMode(mode)
            .initialJobCapacity(1 << 18);
    }

    /** Warm-up, then windows of steady decisions until one allocates nothing (see the class comment). */
    private static void measure(final String kernel, final TimeMode mode, final Simulation simulation) {
        final RunMetrics metrics = new RunMetrics(simulation, 0, 1);
        simulation.addListener(metrics);

        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().getId();
        for (int i = 0; i < WARMUP_DECISIONS; i++) {
            simulation.step(Double.POSITIVE_INFINITY);
        }
        long allocated = -1;
        int window = 0;
        while (allocated != 0 && window < MAX_WINDOWS) {
            final long before = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < MEASURED_DECISIONS; i++) {
                simulation.step(Double.POSITIVE_INFINITY);
            }
            allocated = threads.getThreadAllocatedBytes(thread) - before;
            window++;
        }
        final int queued = simulation.jobTable().queuedCount();
        System.out.printf("%s %s: %d decisions in window %d allocated %d bytes; %d queued at the end%n",
            kernel, mode, MEASURED_DECISIONS, window, allocated, queued);
        final String sites = allocated == 0 ? "" : "; where, by stack (a JFR recording of one more window):\n"
            + AllocationSites.of(() -> {
                for (int i = 0; i < MEASURED_DECISIONS; i++) {
                    simulation.step(Double.POSITIVE_INFINITY);
                }
            });
        assertEquals(0, allocated, kernel + " " + mode + " still allocated " + allocated + " bytes per "
            + MEASURED_DECISIONS + " decisions after " + window + " windows" + sites);
        assertTrue(simulation.startedCount() > 1000 && 2 * simulation.startedCount() > simulation.arrivedCount(),
            "the run must place most of its jobs: " + simulation.startedCount() + " of " + simulation.arrivedCount());
    }
}
