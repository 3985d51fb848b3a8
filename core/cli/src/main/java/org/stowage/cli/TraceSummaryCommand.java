package org.stowage.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.stowage.cli.plan.OptionRules;
import org.stowage.cli.plan.TraceInputs;
import org.stowage.cli.plan.WorkloadPlan;
import org.stowage.cli.plan.WorkloadSettings;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceSummary;
import org.stowage.core.trace.TraceWorkload;
import org.stowage.terminal.InvalidValueException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code stowage trace-summary TRACE}: loads a real trace, prints what was read, kept and dropped (per
 * reason), the time span, size and duration quantiles, the load speed, and the slotted workload it makes.
 */
@Command(name = "trace-summary", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Load a real trace and print what was read, kept and dropped, and how fast.",
    footer = {"", "TRACE is FORMAT:PATH[,PATH...] with FORMAT google2011 (a task_events directory or parts), swf"
        + " (.swf or .swf.gz) or alibaba (the openb directory).", "", "Examples:",
        "  stowage trace-summary google2011:../shared/traces/google-2011/task_events",
        "  stowage trace-summary google2011:../shared/traces/google-2011/task_events --resources 2 --repeat 3",
        "  stowage trace-summary swf:../shared/traces/swf/hpc2n.swf",
        "  stowage trace-summary alibaba:../shared/traces/alibaba-gpu-2023 --resources 2"})
final class TraceSummaryCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace: FORMAT:PATH[,PATH...].")
    private String trace;

    @Mixin
    private TraceOptionsMixin traceOptions;

    @Option(names = "--resolution", paramLabel = "UNITS", defaultValue = "1000000",
        description = "Fixed-point units per 1.0 of a resource; sizes round up (default: ${DEFAULT-VALUE}).")
    private int resolution;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
        description = "Load N times and print each load's speed (the first load includes JIT warm-up).")
    private int repeat;

    @Override
    public Integer call() {
        if (repeat < 1) {
            throw new InvalidValueException("--repeat", repeat + " (must be >= 1)");
        }
        final Units units = WorkloadPlan.units(resolution);
        final WorkloadSettings settings = traceOptions.settings(WorkloadSettings.defaults());
        TraceInputs.check(settings, units);
        OptionRules.checkTrace(settings, trace, "TRACE '" + trace + "'");
        final PrintWriter out = spec.commandLine().getOut();
        LoadedTrace loaded = null;
        for (int run = 1; run <= repeat; run++) {
            loaded = TraceInputs.load("TRACE", trace, settings, units);
            if (repeat > 1) {
                final TraceSummary summary = loaded.summary();
                out.printf(Locale.ROOT, "load %d: %,d rows in %.3f s wall (%,.0f rows/s), %.3f s CPU (%,.0f rows/s)%n",
                    run, summary.rowsRead(), summary.elapsedNanos() / 1e9, summary.rowsPerSecond(),
                    summary.cpuNanos() / 1e9, summary.rowsPerCpuSecond());
            }
        }
        out.print(loaded.summary().report());
        final TraceWorkload workload = TraceInputs.workload(settings, loaded, TimeMode.SLOTTED);
        if (workload.jobCount() > 0) {
            long serviceSlots = 0;
            for (int i = 0; i < workload.jobCount(); i++) {
                serviceSlots += (long) workload.serviceTime(i);
            }
            out.printf(Locale.ROOT, "slotted workload: %,d jobs, interval %s ms, traffic scaling %s: arrival slots 0 .. %.0f,"
                    + " mean service %.2f slots%n", workload.jobCount(), trimmed(workload.intervalMicros() / 1000.0),
                trimmed(1 / workload.beta()), workload.lastArrivalTime(), (double) serviceSlots / workload.jobCount());
        }
        if (loaded.hasServers()) {
            out.printf(Locale.ROOT, "servers: %,d from the trace (capacities normalized to the largest)%n",
                loaded.serverCount());
        }
        out.flush(); // print() does not flush an autoflush writer, and main exits right after
        return 0;
    }

    private static String trimmed(final double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
