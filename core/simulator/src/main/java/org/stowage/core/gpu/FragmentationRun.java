package org.stowage.core.gpu;

import java.util.Objects;

import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.model.Model;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.OpenbTrace;

/**
 * One experiment of the FGD evaluation (Weng et al., ATC'23, Sec. 6; the artifact's
 * {@code bin/simon apply} with its experiments' settings): the pods of an openb pod list, in a
 * {@link PodSequence} (shuffled and tuned to 1.3 times the cluster's GPUs), arrive one by one on the GPU
 * nodes and never leave; each goes where the kernel puts it, or, fitting no node, fails and is counted. After
 * every pod the run records what {@link ArrivalCurves} turns into the paper's columns.
 *
 * <p>The run is a {@link Simulation} in slotted time (pod i at slot i, service longer than the run) with the
 * trace's {@link DeviceTable}; its kernel is any registered GPU kernel by spec ({@code FGD},
 * {@code BestFit}, ...), its model carries the workload's {@link TypicalPods}, and its seed is the
 * experiment's (the kernel's tie order and random draws). Stateless; thread-safe (every run builds its own
 * state), so experiments run side by side.
 */
public final class FragmentationRun {
    private FragmentationRun() {
    }

    /** The typical pods of a pod list: of all its pods, before shuffling and tuning (the artifact's). */
    public static TypicalPods typicalPods(final OpenbTrace trace) {
        final int pods = trace.podCount();
        final int[] cpu = new int[pods];
        final int[] demand = new int[pods];
        final String[] spec = new String[pods];
        for (int p = 0; p < pods; p++) {
            cpu[p] = trace.podCpu(p);
            demand[p] = trace.podDemand(p);
            spec[p] = trace.podSpec(p);
        }
        return TypicalPods.of(cpu, demand, spec);
    }

    /** The paper's experiment: kernel {@code kernel} on {@code trace} tuned to 1.3, experiment {@code seed}. */
    public static Result run(final OpenbTrace trace, final String kernel, final long seed) {
        return run(trace, typicalPods(trace), PodSequence.of(trace, PodSequence.PAPER_RATIO, seed), kernel, seed);
    }

    /** Kernel {@code kernel} (a registry spec) on the pods of {@code sequence}, with seed {@code seed}. */
    public static Result run(final OpenbTrace trace, final TypicalPods typical, final PodSequence sequence,
                             final String kernel, final long seed) {
        return run(trace, typical, sequence, kernel, Kernels.byName(kernel), seed);
    }

    /** As {@link #run(OpenbTrace, TypicalPods, PodSequence, String, long)} with a kernel made by {@code factory}. */
    public static Result run(final OpenbTrace trace, final TypicalPods typical, final PodSequence sequence,
                             final String kernel, final SchedulerFactory factory, final long seed) {
        Objects.requireNonNull(typical, "typical pods");
        final long start = System.nanoTime();
        final ServerTable servers = trace.servers();
        final Simulation simulation = Simulation.builder()
            .servers(servers)
            .devices(trace.devices())
            .workload(new SequenceWorkload(trace, sequence))
            .model(Model.of(servers).withPlan(typical))
            .scheduler(factory)
            .timeMode(TimeMode.SLOTTED)
            .seed(seed)
            .build();
        final ClusterFragmentation fragmentation = new ClusterFragmentation(simulation, typical);
        final Recorder recorder = new Recorder(simulation, fragmentation, sequence.length() + 1);
        simulation.addListener(fragmentation);
        simulation.addListener(recorder);
        recorder.record();
        simulation.runUntil(sequence.length());
        final int placed = (int) simulation.startedCount();
        final ArrivalCurves curves = new ArrivalCurves(trace.totalGpus(), recorder.arrived, recorder.allocated,
            recorder.fragment, recorder.ratio);
        final long failedMilli = recorder.arrived[recorder.rows - 1] - simulation.deviceTable().allocatedUnits();
        return new Result(kernel, seed, sequence.length(), placed, sequence.length() - placed, failedMilli, curves,
            System.nanoTime() - start);
    }

    /**
     * What one experiment gives.
     *
     * @param kernel          the kernel's spec
     * @param seed            the experiment's seed
     * @param pods            pods that arrived
     * @param placed          pods placed
     * @param failed          pods that fit no node when they arrived (the paper's failed pods)
     * @param failedGpuMilli  GPU milli the failed pods asked for
     * @param curves          the measurements, per pod and per percent of arrived workload
     * @param wallNanos       the run's wall time (not a function of the inputs)
     */
    public record Result(String kernel, long seed, int pods, int placed, int failed, long failedGpuMilli,
                         ArrivalCurves curves, long wallNanos) {
    }

    /** One row per decision (one per pod), and the initial one. */
    private static final class Recorder implements SimulationListener {
        private final Simulation simulation;
        private final ClusterFragmentation fragmentation;
        final long[] arrived;
        final long[] allocated;
        final double[] fragment;
        final double[] ratio;
        int rows;
        private long arrivedMilli;

        Recorder(final Simulation simulation, final ClusterFragmentation fragmentation, final int rows) {
            this.simulation = simulation;
            this.fragmentation = fragmentation;
            this.arrived = new long[rows];
            this.allocated = new long[rows];
            this.fragment = new double[rows];
            this.ratio = new double[rows];
        }

        @Override
        public void onArrival(final double time, final int job) {
            arrivedMilli += org.stowage.core.state.DeviceDemand.totalUnits(simulation.devices().demand(job));
        }

        @Override
        public void onDecision(final double time) {
            record();
        }

        void record() {
            arrived[rows] = arrivedMilli;
            allocated[rows] = simulation.deviceTable().allocatedUnits();
            fragment[rows] = fragmentation.fragmentMilli();
            ratio[rows] = fragmentation.fragmentPercent();
            rows++;
        }
    }
}
