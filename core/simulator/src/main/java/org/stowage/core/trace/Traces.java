package org.stowage.core.trace;

import java.util.Objects;

/**
 * Loads real traces. The whole API for a run on a trace:
 *
 * <pre>{@code
 * LoadedTrace trace = Traces.load("google2011:../shared/traces/google-2011/task_events",
 *     TraceOptions.defaults());                                  // one resource: max(CPU, memory)
 * System.out.print(trace.summary().report());
 * ServerTable servers = trace.hasServers() ? trace.newServerTable()
 *     : ServerTable.homogeneous(1000, trace.units().capacityUnits(1.0));
 * Workload workload = trace.workload(TimeMode.SLOTTED, TraceWorkload.DEFAULT_INTERVAL_MICROS, 1 / 1.2);
 * }</pre>
 *
 * Each simulation needs its own workload (and server table); the loaded trace is immutable and shared.
 * Errors in the input are {@link TraceFormatException}s (file, line, field, value); bad specs or options are
 * {@link IllegalArgumentException}s naming the value.
 */
public final class Traces {
    private Traces() {
    }

    /** Parses {@code FORMAT:PATH[,PATH...]} ({@link TraceSpec#parse}) and loads it. */
    public static LoadedTrace load(final String spec, final TraceOptions options) {
        return load(TraceSpec.parse(spec), options);
    }

    /** Reads, filters and sorts a trace; memory is bounded by the kept tasks plus the open ones. */
    public static LoadedTrace load(final TraceSpec spec, final TraceOptions options) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(options, "options");
        if (spec.format() != TraceFormat.GOOGLE_2011 && (options.dyadicTypes() > 0
            || options.googleMaxPriority() != TraceOptions.NO_PRIORITY_LIMIT)) {
            throw new IllegalArgumentException("the priority limit and dyadic types are the 2018 paper's "
                + "preprocessing of google2011 traces, not of " + spec.format().specName() + ": " + options);
        }
        DyadicTypes.check(options);
        final String source = String.join(",", spec.paths().stream().map(Object::toString).toList());
        switch (spec.format()) {
            case GOOGLE_2011:
                return GoogleTaskEventsLoader.load(spec.paths(), options, source);
            case SWF:
                return SwfLoader.load(spec.paths().get(0), options, source);
            case ALIBABA_GPU_2023:
                return AlibabaLoader.load(spec.paths(), options, source);
            default:
                throw new AssertionError(spec.format());
        }
    }
}
