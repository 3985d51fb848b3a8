package org.stowage.cli;

import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_GOOGLE_RULE;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_INTERVAL_MS;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_RESOURCES;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_TRAFFIC_SCALING;

import org.stowage.cli.plan.TraceInputs;
import org.stowage.cli.plan.WorkloadSettings;

import picocli.CommandLine.Option;

/**
 * The options that say how a real trace becomes a workload, shared by every command that reads a trace
 * ({@code @Mixin TraceOptionsMixin trace;}), as picocli parses them: an option not given stays null.
 * {@link TraceInputs} validates them (one line naming the flag and value, exit 2) and applies them.
 */
final class TraceOptionsMixin {
    @Option(names = "--resources", paramLabel = "D",
        description = "1: one resource, max(CPU, memory) (SWF: processors); 2: CPU and memory (SWF: processors"
            + " and memory) (default: " + DEFAULT_RESOURCES + ").")
    Integer resources;

    @Option(names = "--swf-processors", paramLabel = "P",
        description = "SWF: processors of the machine; 0 takes MaxProcs from the header (default: 0).")
    Long swfProcessors;

    @Option(names = "--swf-memory-kb", paramLabel = "KB",
        description = "SWF with --resources 2: memory of the machine in KB (default: 0, from the header).")
    Double swfMemoryKb;

    @Option(names = "--google-rule", paramLabel = "RULE",
        description = "Google 2011: which task events become jobs: completed (2019 paper: tasks that completed"
            + " without interruption) or attempts (Tran et al. 2018: every attempt is a job, a resubmission a new one)"
            + " (default: " + DEFAULT_GOOGLE_RULE + ").")
    String googleRule;

    @Option(names = "--interval-ms", paramLabel = "MS",
        description = "Slot length and time unit in milliseconds (default: " + DEFAULT_INTERVAL_MS
            + ", the 2019 paper's).")
    Double intervalMs;

    @Option(names = "--traffic-scaling", paramLabel = "S",
        description = "Arrival times are multiplied by beta = 1 / S (default: " + DEFAULT_TRAFFIC_SCALING + ").")
    Double trafficScaling;

    /** {@code base} with the trace options that were given. */
    WorkloadSettings settings(final WorkloadSettings base) {
        return base.given(WorkloadSettings.RESOURCES, resources)
            .given(WorkloadSettings.SWF_PROCESSORS, swfProcessors)
            .given(WorkloadSettings.SWF_MEMORY_KB, swfMemoryKb)
            .given(WorkloadSettings.GOOGLE_RULE, googleRule)
            .given(WorkloadSettings.INTERVAL_MS, intervalMs)
            .given(WorkloadSettings.TRAFFIC_SCALING, trafficScaling);
    }
}
