package org.stowage.cli.plan;

import static org.stowage.cli.plan.WorkloadSettings.GOOGLE_RULE;
import static org.stowage.cli.plan.WorkloadSettings.HORIZON;
import static org.stowage.cli.plan.WorkloadSettings.RESOLUTION;
import static org.stowage.cli.plan.WorkloadSettings.SERVERS;
import static org.stowage.cli.plan.WorkloadSettings.SWF_MEMORY_KB;
import static org.stowage.cli.plan.WorkloadSettings.SWF_PROCESSORS;
import static org.stowage.cli.plan.WorkloadSettings.TRACE;
import static org.stowage.cli.plan.WorkloadSettings.WARMUP;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceWorkload;
import org.stowage.terminal.InvalidValueException;
import org.stowage.theory.lotes.KMeansClasses;

/**
 * A real trace ({@code --trace}): its jobs in the order and at the times it gives, scaled by
 * {@code --traffic-scaling} and cut into {@code --interval-ms} slots, on the servers of {@code --servers}
 * (or the trace's own). By default the run covers the arrivals: after the last one the queues only drain,
 * which would dilute every time average with a tail of the trace's longest jobs.
 */
public final class TraceWorkloadPlan extends WorkloadPlan {
    private final LoadedTrace trace;
    private final TraceWorkload sample;

    /** The LoTES plan when a scheduler reads one, else null. */
    private final LotesPlan lotes;

    private TraceWorkloadPlan(final WorkloadSettings settings, final TimeMode mode, final Units units,
                              final ServerTable cluster, final Model model, final double horizon,
                              final double warmup, final LoadedTrace trace, final TraceWorkload sample,
                              final LotesPlan lotes) {
        super(settings, mode, units, cluster, model, horizon, warmup,
            seed -> TraceInputs.workload(settings, trace, mode));
        this.trace = trace;
        this.sample = sample;
        this.lotes = lotes;
    }

    public static TraceWorkloadPlan of(final WorkloadSettings settings, final Context context) {
        final TimeMode mode = timeMode(settings);
        final Units units = units(settings.get(RESOLUTION));
        TraceInputs.check(settings, units);
        Horizons.requireWholeSlots(settings.get(HORIZON), settings.get(WARMUP), mode);
        final Double givenHorizon = settings.get(HORIZON) == null ? null : Horizons.checkHorizon(settings.get(HORIZON));
        if (givenHorizon != null && settings.get(WARMUP) != null) {
            Horizons.checkWarmup(settings.get(WARMUP), givenHorizon);
        }
        final String classesSpec = settings.get(WorkloadSettings.CLASSES);
        final var clustering = LotesPlans.clusteringFor(settings, context.schedulers());
        final LoadedTrace loaded = context.traces().load(settings, units);
        final int dimensions = loaded.dimensions();
        final ServerTable cluster = loaded.hasServers() ? loaded.newServerTable()
            : cluster(settings, units, dimensions, "the trace (--resources)", context.heapLimit());
        requireEveryJobFits(settings, units, loaded, Model.of(cluster).serverClasses());
        LoadedTrace trace = loaded;
        Model model = Model.of(cluster);
        LotesPlan lotes = null;
        if (LotesPlans.needed(context.schedulers())) {
            // classes by k-means on the trace's first hours and the plan, as the trace figures make them,
            // solved here so that a refusal comes before any output
            final KMeansClasses classes = LotesPlans.classes(loaded, clustering, classesSpec);
            trace = classes.label(loaded);
            lotes = LotesPlans.solve(cluster, units, classes, TraceInputs.intervalMicros(settings) / 3.6e9, "--trace");
            model = model.withPlan(lotes);
        }
        final TraceWorkload sample = TraceInputs.workload(settings, trace, mode);
        final double horizon = givenHorizon != null ? givenHorizon : sample.lastArrivalTime() + 1;
        final double warmup = Horizons.checkWarmup(settings.get(WARMUP) != null ? settings.get(WARMUP) : 0, horizon);
        return new TraceWorkloadPlan(settings, mode, units, cluster, model, horizon, warmup, trace, sample, lotes);
    }

    /** Refuses a cluster some of the trace's jobs do not fit: they would be rejected, never run. */
    private static void requireEveryJobFits(final WorkloadSettings settings, final Units units, final LoadedTrace trace,
                                            final org.stowage.core.model.ServerClasses classes) {
        final int[] size = new int[trace.dimensions()];
        long misfits = 0;
        int first = -1;
        for (int i = 0; i < trace.count(); i++) {
            for (int d = 0; d < size.length; d++) {
                size[d] = trace.size(i, d);
            }
            if (!fitsSomeServer(classes, size)) {
                misfits++;
                first = first < 0 ? i : first;
            }
        }
        if (misfits > 0) {
            for (int d = 0; d < size.length; d++) {
                size[d] = trace.size(first, d);
            }
            throw new InvalidValueException(trace.hasServers() ? "--trace" : "--servers", (trace.hasServers() ? "'"
                + settings.get(TRACE) + "'" : "'" + settings.get(SERVERS) + "'") + ": " + misfits + " of the"
                + " trace's " + trace.count() + " jobs fit no server (the first needs " + real(units, size) + "); they"
                + " would be rejected, never run");
        }
    }

    private String serversText() {
        return trace.hasServers() ? "from the trace" : settings.get(SERVERS).text();
    }

    @Override
    void sourceInputs(final Map<String, Object> inputs) {
        inputs.put("trace", settings.get(TRACE));
        inputs.put("trace_jobs", trace.count());
        inputs.put("servers", serversText());
        inputs.put("resources", trace.dimensions());
        inputs.put("interval_ms", sample.intervalMicros() / 1000.0);
        inputs.put("traffic_scaling", 1 / sample.beta());
        if (settings.isGiven(GOOGLE_RULE)) {
            inputs.put("google_rule", settings.get(GOOGLE_RULE));
        }
        if (lotes != null) {
            inputs.put("classes", settings.get(WorkloadSettings.CLASSES));
        }
    }

    @Override
    void sourceArguments(final List<String> arguments) {
        arguments.addAll(List.of("--trace", settings.get(TRACE)));
        if (!trace.hasServers()) {
            arguments.addAll(List.of("--servers", settings.get(SERVERS).text()));
        }
        arguments.addAll(List.of("--resources", Integer.toString(trace.dimensions()),
            "--interval-ms", format(sample.intervalMicros() / 1000.0),
            "--traffic-scaling", Double.toString(1 / sample.beta())));
        if (settings.isGiven(GOOGLE_RULE)) {
            arguments.addAll(List.of("--google-rule", settings.get(GOOGLE_RULE)));
        }
        if (settings.isGiven(WorkloadSettings.CLASSES)) {
            arguments.addAll(List.of("--classes", settings.get(WorkloadSettings.CLASSES)));
        }
        if (settings.isGiven(SWF_PROCESSORS)) {
            arguments.addAll(List.of("--swf-processors", Long.toString(settings.get(SWF_PROCESSORS))));
        }
        if (settings.isGiven(SWF_MEMORY_KB)) {
            arguments.addAll(List.of("--swf-memory-kb", Double.toString(settings.get(SWF_MEMORY_KB))));
        }
    }

    @Override
    public String description() {
        return String.format(Locale.ROOT,
            "%d servers (%s), trace %s: %,d jobs, %d resource(s), interval %s ms, traffic scaling %s, %s, horizon %s,"
                + " warm-up %s",
            cluster.count(), serversText(), settings.get(TRACE), trace.count(), trace.dimensions(),
            format(sample.intervalMicros() / 1000.0), format(1 / sample.beta()), modeName(), horizonText(),
            format(warmup)) + (lotes == null ? "" : ", " + LotesPlans.describe(lotes));
    }

    @Override
    String dimensionsWords() {
        return settings.describe(WorkloadSettings.RESOURCES);
    }

    @Override
    String jobsWords() {
        return settings.describe(TRACE);
    }

    @Override
    public MemoryCheck.Need memory() {
        return MemoryCheck.Need.servers(cluster.count(), cluster.dimensions(), trace.hasServers() ? "--trace" : "--servers",
            trace.hasServers() ? settings.get(TRACE) : settings.get(SERVERS).text());
    }

    @Override
    public double expectedJobs() {
        return trace.count();
    }

    /** Traces loaded once per spec, options and resolution; thread-safe, so a parallel sweep loads each once. */
    public static final class Cache {
        private final Map<String, LoadedTrace> loaded = new HashMap<>();

        synchronized LoadedTrace load(final WorkloadSettings settings, final Units units) {
            final String spec = settings.get(TRACE);
            final String key = spec + "|" + units.resolution() + "|" + TraceInputs.options(settings, units);
            LoadedTrace trace = loaded.get(key);
            if (trace == null) {
                trace = TraceInputs.load("--trace", spec, settings, units);
                loaded.put(key, trace);
            }
            return trace;
        }
    }
}
