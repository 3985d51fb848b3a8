package org.stowage.cli.plan;

import static org.stowage.cli.plan.WorkloadSettings.HORIZON;
import static org.stowage.cli.plan.WorkloadSettings.TRACE;
import static org.stowage.cli.plan.WorkloadSettings.WARMUP;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.gpu.FragmentationRun;
import org.stowage.core.gpu.OpenbChurn;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.OpenbTrace;
import org.stowage.core.trace.TraceSpec;
import org.stowage.terminal.InvalidValueException;
import org.stowage.traces.TraceSources;

/**
 * {@code --trace alibaba:... --gpus}: the openb trace with its GPUs ({@link OpenbTrace}) in continuous time,
 * each pod arriving at its creation time divided by {@code --traffic-scaling} and leaving after its run in
 * production ({@link OpenbChurn}), on the trace's nodes with their GPUs (CPU in milli-cores and memory in
 * MiB as resources 0 and 1, the GPUs as devices: a {@link org.stowage.core.state.DeviceLayout} in the model,
 * with the list's {@link org.stowage.core.kernel.gpu.TypicalPods} for FGD and the fragmentation metric). The
 * run covers the arrivals by default, as for every trace.
 */
public final class GpuTraceWorkloadPlan extends WorkloadPlan {
    private final OpenbChurn churn;
    private final double scaling;
    private final int copies;

    private GpuTraceWorkloadPlan(final WorkloadSettings settings, final ServerTable cluster, final Model model,
                                 final double horizon, final double warmup, final OpenbChurn churn, final double scaling,
                                 final int copies) {
        super(settings, TimeMode.CONTINUOUS, Units.defaults(), cluster, model, horizon, warmup,
            seed -> churn.workload(scaling, copies));
        this.churn = churn;
        this.scaling = scaling;
        this.copies = copies;
    }

    public static GpuTraceWorkloadPlan of(final WorkloadSettings settings, final Context context) {
        final double scaling = 1 / TraceInputs.beta(settings);
        final int copies = settings.get(WorkloadSettings.POD_COPIES);
        if (copies < 1 || copies > 1000) {
            throw new InvalidValueException("--pod-copies", copies + " (must be in [1, 1000])");
        }
        final String text = settings.get(TRACE);
        final TraceSpec spec = TraceInputs.spec("--trace", text);
        for (final Path path : spec.paths()) {
            if (!Files.exists(path)) {
                throw new InvalidValueException("--trace", "'" + text + "': no such file or directory "
                    + path + "; get the public trace with " + TraceSources.fetchHint(spec.format().specName())
                    + " (docs/TRACES.md)");
            }
        }
        final OpenbTrace trace = OpenbTrace.load(spec.paths());
        final OpenbChurn churn;
        try {
            churn = OpenbChurn.of(trace);
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException("--trace", "'" + text + "': " + e.getMessage(), e);
        }
        if (churn.count() == 0) {
            throw new InvalidValueException("--trace", "'" + text + "': no pod of it ran (every one"
                + " lacks a scheduled or deletion time)");
        }
        final ServerTable cluster = trace.servers();
        final Model model = Model.of(cluster).withPlan(trace.deviceLayout())
            .withPlan(FragmentationRun.typicalPods(trace));
        final Double givenHorizon = settings.get(HORIZON) == null ? null : Horizons.checkHorizon(settings.get(HORIZON));
        final double horizon = givenHorizon != null ? givenHorizon : churn.lastCreation() / scaling + 1;
        final double warmup = Horizons.checkWarmup(settings.get(WARMUP) != null ? settings.get(WARMUP) : 0, horizon);
        return new GpuTraceWorkloadPlan(settings, cluster, model, horizon, warmup, churn, scaling, copies);
    }

    @Override
    void sourceInputs(final Map<String, Object> inputs) {
        inputs.put("trace", settings.get(TRACE));
        inputs.put("gpus", true);
        inputs.put("pods", churn.count());
        inputs.put("pods_left_out", churn.trace().podCount() - churn.count());
        inputs.put("nodes", cluster.count());
        inputs.put("gpu_count", churn.trace().totalGpus());
        inputs.put("traffic_scaling", scaling);
        inputs.put("pod_copies", copies);
    }

    @Override
    void sourceArguments(final List<String> arguments) {
        arguments.addAll(List.of("--trace", settings.get(TRACE), "--gpus", "--traffic-scaling", Double.toString(scaling),
            "--pod-copies", Integer.toString(copies)));
    }

    @Override
    public String description() {
        final OpenbTrace trace = churn.trace();
        return String.format(Locale.ROOT,
            "%d nodes (%,d GPUs) from the trace, trace %s with GPUs: %,d pods (%,d never ran, %,d without deletion, %,d"
                + " deleted before scheduled: left out)%s, traffic scaling %s, continuous, horizon %s, warm-up %s",
            cluster.count(), trace.totalGpus(), settings.get(TRACE), churn.count(), churn.neverScheduled(),
            churn.notDeleted(), churn.negativeDuration(), copies == 1 ? "" : " x " + copies + " copies", format(scaling),
            horizonText(), format(warmup));
    }

    @Override
    String dimensionsWords() {
        return "--trace '" + settings.get(TRACE) + "' --gpus (CPU and memory)";
    }

    @Override
    String jobsWords() {
        return "--trace '" + settings.get(TRACE) + "' --gpus";
    }

    @Override
    public MemoryCheck.Need memory() {
        return MemoryCheck.Need.servers(cluster.count(), cluster.dimensions(), "--trace", settings.get(TRACE));
    }

    @Override
    public double expectedJobs() {
        return (double) churn.count() * copies;
    }

    /** Whether the cluster has GPUs (always, for this plan). */
    @Override
    public boolean hasDevices() {
        return true;
    }
}
