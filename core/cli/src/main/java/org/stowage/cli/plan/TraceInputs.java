package org.stowage.cli.plan;

import static org.stowage.cli.plan.WorkloadSettings.GOOGLE_RULE;
import static org.stowage.cli.plan.WorkloadSettings.INTERVAL_MS;
import static org.stowage.cli.plan.WorkloadSettings.RESOURCES;
import static org.stowage.cli.plan.WorkloadSettings.SWF_MEMORY_KB;
import static org.stowage.cli.plan.WorkloadSettings.SWF_PROCESSORS;
import static org.stowage.cli.plan.WorkloadSettings.TRAFFIC_SCALING;

import java.nio.file.Files;
import java.nio.file.Path;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.trace.GoogleRule;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.TraceSpec;
import org.stowage.core.trace.TraceWorkload;
import org.stowage.core.trace.Traces;
import org.stowage.terminal.InvalidValueException;
import org.stowage.traces.TraceSources;

/**
 * How the trace options of a {@link WorkloadSettings} become a loaded trace and a workload over it: each
 * value checked where it is read, a bad one an IllegalArgumentException naming the flag and the value (one
 * line, exit 2). Stateless.
 */
public final class TraceInputs {
    private TraceInputs() {
    }

    /** The load options at resolution {@code units}, validated; errors name the flag. */
    static TraceOptions options(final WorkloadSettings settings, final Units units) {
        final int resources = settings.get(RESOURCES);
        if (resources != 1 && resources != 2) {
            throw new InvalidValueException("--resources", resources + " (1 or 2)");
        }
        final long processors = settings.get(SWF_PROCESSORS);
        if (processors < 0) {
            throw new InvalidValueException("--swf-processors", processors
                + " (must be >= 0; 0 = from the header)");
        }
        final double memoryKb = settings.get(SWF_MEMORY_KB);
        if (!(memoryKb >= 0) || Double.isInfinite(memoryKb)) {
            throw new InvalidValueException("--swf-memory-kb", memoryKb
                + " (must be a finite number >= 0)");
        }
        final String ruleName = settings.get(GOOGLE_RULE);
        final GoogleRule rule = switch (ruleName) {
            case "completed" -> GoogleRule.COMPLETED_TASKS;
            case "attempts" -> GoogleRule.ATTEMPTS;
            default -> throw new InvalidValueException("--google-rule", "'" + ruleName
                + "' (completed or attempts)");
        };
        return TraceOptions.defaults().withDimensions(resources).withUnits(units).withSwfProcessors(processors)
            .withSwfMemoryKb(memoryKb).withGoogleRule(rule);
    }

    /** {@code --interval-ms} in whole microseconds, >= 1. */
    static long intervalMicros(final WorkloadSettings settings) {
        final double intervalMs = settings.get(INTERVAL_MS);
        final double micros = Math.rint(intervalMs * 1000);
        if (!(micros >= 1) || micros > 1e15) {
            throw new InvalidValueException("--interval-ms", intervalMs
                + " (must be in [0.001, 1e12])");
        }
        return (long) micros;
    }

    /** beta = 1 / {@code --traffic-scaling}. */
    static double beta(final WorkloadSettings settings) {
        final double scaling = settings.get(TRAFFIC_SCALING);
        if (!(scaling > 0) || Double.isInfinite(scaling)) {
            throw new InvalidValueException("--traffic-scaling", scaling
                + " (must be finite and > 0)");
        }
        return 1.0 / scaling;
    }

    /** Every trace option checked, before anything is loaded. */
    public static void check(final WorkloadSettings settings, final Units units) {
        options(settings, units);
        intervalMicros(settings);
        beta(settings);
    }

    /** The spec of {@code text}, or a one-line error naming {@code flag}. */
    static TraceSpec spec(final String flag, final String text) {
        try {
            return TraceSpec.parse(text);
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException(flag, e.getMessage(), e);
        }
    }

    /** Parses the spec (errors name {@code flag}) and loads the trace at resolution {@code units}. */
    public static LoadedTrace load(final String flag, final String text, final WorkloadSettings settings, final Units units) {
        final TraceSpec spec = spec(flag, text);
        for (final Path path : spec.paths()) {
            if (!Files.exists(path)) {
                // the trace has not been fetched yet, most likely: say which command gets it
                throw new InvalidValueException(flag, "'" + text + "': no such file or"
                    + " directory " + path + "; get the public trace with "
                    + TraceSources.fetchHint(spec.format().specName()) + " (docs/TRACES.md)");
            }
        }
        return Traces.load(spec, options(settings, units));
    }

    /** A fresh workload over the trace with the settings' interval and scaling. */
    public static TraceWorkload workload(final WorkloadSettings settings, final LoadedTrace trace, final TimeMode mode) {
        final long micros = intervalMicros(settings);
        final double beta = beta(settings);
        try {
            return trace.workload(mode, micros, beta);
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException("--traffic-scaling", ""
                + settings.get(TRAFFIC_SCALING) + " (with --interval-ms " + settings.get(INTERVAL_MS) + "): "
                + e.getMessage(), e);
        }
    }
}
