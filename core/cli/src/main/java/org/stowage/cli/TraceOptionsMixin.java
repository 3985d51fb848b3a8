package org.stowage.cli;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.trace.GoogleRule;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.TraceSpec;
import org.stowage.core.trace.TraceWorkload;
import org.stowage.core.trace.Traces;

import picocli.CommandLine.Option;

/**
 * The options that say how a real trace becomes a workload, shared by every command that reads a trace
 * ({@code @Mixin TraceOptionsMixin trace;}). Bad values raise an IllegalArgumentException naming the flag
 * and the value (one line, exit 2).
 */
final class TraceOptionsMixin {
    @Option(names = "--resources", paramLabel = "D", defaultValue = "1",
        description = "1: one resource, max(CPU, memory) (SWF: processors); 2: CPU and memory (SWF: processors"
            + " and memory) (default: ${DEFAULT-VALUE}).")
    int resources;

    @Option(names = "--swf-processors", paramLabel = "P", defaultValue = "0",
        description = "SWF: processors of the machine; 0 takes MaxProcs from the header (default: ${DEFAULT-VALUE}).")
    long swfProcessors;

    @Option(names = "--swf-memory-kb", paramLabel = "KB", defaultValue = "0",
        description = "SWF with --resources 2: memory of the machine in KB.")
    double swfMemoryKb;

    @Option(names = "--google-rule", paramLabel = "RULE", defaultValue = "completed",
        description = "Google 2011: which task events become jobs: completed (2019 paper: tasks that completed"
            + " without interruption) or attempts (Tran et al. 2018: every attempt is a job, a resubmission a new one)"
            + " (default: ${DEFAULT-VALUE}).")
    String googleRule = "completed";

    @Option(names = "--interval-ms", paramLabel = "MS", defaultValue = "100",
        description = "Slot length and time unit in milliseconds (default: ${DEFAULT-VALUE}, the 2019 paper's).")
    double intervalMs;

    @Option(names = "--traffic-scaling", paramLabel = "S", defaultValue = "1",
        description = "Arrival times are multiplied by beta = 1 / S (default: ${DEFAULT-VALUE}).")
    double trafficScaling;

    /** The load options at resolution {@code units}, validated; errors name the flag. */
    TraceOptions options(final Units units) {
        final TraceOptions base = TraceOptions.defaults();
        if (resources != 1 && resources != 2) {
            throw new IllegalArgumentException("invalid value for --resources: " + resources + " (1 or 2)");
        }
        if (swfProcessors < 0) {
            throw new IllegalArgumentException("invalid value for --swf-processors: " + swfProcessors
                + " (must be >= 0; 0 = from the header)");
        }
        if (!(swfMemoryKb >= 0) || Double.isInfinite(swfMemoryKb)) {
            throw new IllegalArgumentException("invalid value for --swf-memory-kb: " + swfMemoryKb
                + " (must be a finite number >= 0)");
        }
        final GoogleRule rule = switch (googleRule) {
            case "completed" -> GoogleRule.COMPLETED_TASKS;
            case "attempts" -> GoogleRule.ATTEMPTS;
            default -> throw new IllegalArgumentException("invalid value for --google-rule: '" + googleRule
                + "' (completed or attempts)");
        };
        return base.withDimensions(resources).withUnits(units).withSwfProcessors(swfProcessors)
            .withSwfMemoryKb(swfMemoryKb).withGoogleRule(rule);
    }

    /** {@code --interval-ms} in whole microseconds, >= 1. */
    long intervalMicros() {
        final double micros = Math.rint(intervalMs * 1000);
        if (!(micros >= 1) || micros > 1e15) {
            throw new IllegalArgumentException("invalid value for --interval-ms: " + intervalMs
                + " (must be in [0.001, 1e12])");
        }
        return (long) micros;
    }

    /** beta = 1 / {@code --traffic-scaling}. */
    double beta() {
        if (!(trafficScaling > 0) || Double.isInfinite(trafficScaling)) {
            throw new IllegalArgumentException("invalid value for --traffic-scaling: " + trafficScaling
                + " (must be finite and > 0)");
        }
        return 1.0 / trafficScaling;
    }

    /** Parses the spec (errors name {@code flag}) and loads the trace at resolution {@code units}. */
    LoadedTrace load(final String flag, final String spec, final Units units) {
        final TraceSpec parsed;
        try {
            parsed = TraceSpec.parse(spec);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for " + flag + ": " + e.getMessage(), e);
        }
        return Traces.load(parsed, options(units));
    }

    /** A copy with {@code --traffic-scaling} set to {@code value} (a sweep axis). */
    TraceOptionsMixin withTrafficScaling(final double value) {
        final TraceOptionsMixin copy = new TraceOptionsMixin();
        copy.resources = resources;
        copy.swfProcessors = swfProcessors;
        copy.swfMemoryKb = swfMemoryKb;
        copy.intervalMs = intervalMs;
        copy.googleRule = googleRule;
        copy.trafficScaling = value;
        return copy;
    }

    /** A fresh workload over the trace with these interval and scaling options. */
    TraceWorkload workload(final LoadedTrace trace, final TimeMode mode) {
        final long micros = intervalMicros();
        final double beta = beta();
        try {
            return trace.workload(mode, micros, beta);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid value for --traffic-scaling: " + trafficScaling
                + " (with --interval-ms " + intervalMs + "): " + e.getMessage(), e);
        }
    }
}
