package org.stowage.core.trace;

import java.util.Locale;

/** The trace formats Stowage reads, by the name used in a trace spec ({@code NAME:PATH}). */
public enum TraceFormat {
    /** Google cluster-data 2011 task_events parts ({@code part-NNNNN-of-00500.csv.gz}). */
    GOOGLE_2011("google2011", "task"),
    /** Standard Workload Format (Parallel Workloads Archive), {@code .swf} or {@code .swf.gz}. */
    SWF("swf", "job"),
    /** Alibaba cluster-trace-gpu-v2023 ("openb"): a pod list and a node list. */
    ALIBABA_GPU_2023("alibaba", "pod");

    private final String specName;
    private final String noun;

    TraceFormat(final String specName, final String noun) {
        this.specName = specName;
        this.noun = noun;
    }

    /** The name in a trace spec, e.g. {@code google2011}. */
    public String specName() {
        return specName;
    }

    /** What one unit of work is called in this trace (task, job, pod). */
    public String noun() {
        return noun;
    }

    /**
     * @throws IllegalArgumentException naming the value and the known names
     */
    public static TraceFormat bySpecName(final String name) {
        final String wanted = name.toLowerCase(Locale.ROOT);
        for (final TraceFormat format : values()) {
            if (format.specName.equals(wanted)) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown trace format '" + name + "' (google2011, swf or alibaba)");
    }
}
