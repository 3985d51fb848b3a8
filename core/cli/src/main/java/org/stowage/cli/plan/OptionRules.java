package org.stowage.cli.plan;

import static org.stowage.cli.plan.WorkloadSettings.ARRIVALS;
import static org.stowage.cli.plan.WorkloadSettings.GOOGLE_RULE;
import static org.stowage.cli.plan.WorkloadSettings.INTENSITY;
import static org.stowage.cli.plan.WorkloadSettings.INTENSITY_BASIS;
import static org.stowage.cli.plan.WorkloadSettings.INTERVAL_MS;
import static org.stowage.cli.plan.WorkloadSettings.JOBS;
import static org.stowage.cli.plan.WorkloadSettings.LAMBDA;
import static org.stowage.cli.plan.WorkloadSettings.RESOURCES;
import static org.stowage.cli.plan.WorkloadSettings.SERVERS;
import static org.stowage.cli.plan.WorkloadSettings.SERVICE;
import static org.stowage.cli.plan.WorkloadSettings.SIZES;
import static org.stowage.cli.plan.WorkloadSettings.SWF_MEMORY_KB;
import static org.stowage.cli.plan.WorkloadSettings.SWF_PROCESSORS;
import static org.stowage.cli.plan.WorkloadSettings.TRACE;
import static org.stowage.cli.plan.WorkloadSettings.TRAFFIC_SCALING;

import java.util.List;

import org.stowage.core.trace.TraceFormat;

/**
 * The one rule for options that do not apply: an option given (on the command line or by a sweep axis) that
 * the rest of the request makes meaningless is refused, with one line naming both options, never ignored.
 * Which options apply depends only on where the jobs come from:
 * <ul>
 *   <li>generated jobs (neither {@code --trace} nor {@code --jobs}): the trace options ({@code --resources},
 *       {@code --swf-processors}, {@code --swf-memory-kb}, {@code --google-rule}, {@code --interval-ms},
 *       {@code --traffic-scaling}) and {@code --classes} do not apply; {@code --intensity} and {@code --lambda}
 *       exclude each other;
 *       a batch ({@code --arrivals batch:N}) takes neither, nor {@code --intensity-basis}, which does not
 *       apply with {@code --lambda} either;</li>
 *   <li>{@code --trace}: the generator's options ({@code --sizes}, {@code --arrivals}, {@code --service},
 *       {@code --intensity}, {@code --intensity-basis}, {@code --lambda}) do not apply, nor
 *       {@code --google-rule} to a trace that is not google2011, the SWF options to one that is not swf,
 *       {@code --swf-memory-kb} without {@code --resources 2}, or {@code --servers} to a trace that brings
 *       its servers (alibaba);</li>
 *   <li>{@code --jobs}: excludes {@code --trace}; neither the generator's options nor the trace options
 *       apply ({@code --classes}, LoTES's k-means classes, does).</li>
 * </ul>
 * Only what was given is judged (a default never conflicts), and nothing is parsed or loaded here, so these
 * checks come first. Stateless.
 */
public final class OptionRules {
    /** The options of the job generator. */
    private static final List<WorkloadSettings.Option<?>> GENERATOR = List.of(SIZES, ARRIVALS, SERVICE, INTENSITY,
        INTENSITY_BASIS, LAMBDA);
    /** The options that say how a trace is read and replayed. */
    private static final List<WorkloadSettings.Option<?>> TRACE_OPTIONS = List.of(RESOURCES, SWF_PROCESSORS,
        SWF_MEMORY_KB, GOOGLE_RULE, INTERVAL_MS, TRAFFIC_SCALING);

    private OptionRules() {
    }

    /** Refuses the first option given that does not apply (see the class comment). */
    static void check(final WorkloadSettings settings) {
        if (settings.isGiven(JOBS)) {
            exclusive(settings, JOBS, TRACE);
            for (final WorkloadSettings.Option<?> option : GENERATOR) {
                notWith(settings, option, JOBS, "the file gives every job");
            }
            for (final WorkloadSettings.Option<?> option : TRACE_OPTIONS) {
                notWith(settings, option, JOBS, "it applies to --trace");
            }
            return;
        }
        if (settings.isGiven(WorkloadSettings.GPUS)) {
            checkGpus(settings);
        } else if (settings.isGiven(WorkloadSettings.POD_COPIES)) {
            throw new IllegalArgumentException(who(settings, WorkloadSettings.POD_COPIES) + " applies with --gpus only"
                + " (the copies of the openb trace's pods)");
        }
        if (settings.isGiven(TRACE)) {
            for (final WorkloadSettings.Option<?> option : GENERATOR) {
                notWith(settings, option, TRACE, option == INTENSITY || option == LAMBDA
                    ? "the trace gives the arrivals; --traffic-scaling scales them" : "the trace gives the jobs");
            }
            checkTrace(settings, settings.get(TRACE), settings.describe(TRACE));
            return;
        }
        for (final WorkloadSettings.Option<?> option : TRACE_OPTIONS) {
            if (settings.isGiven(option)) {
                throw new IllegalArgumentException(who(settings, option) + " applies to --trace only; without a trace"
                    + " the jobs are generated (--sizes, --arrivals, --service)");
            }
        }
        if (settings.isGiven(WorkloadSettings.CLASSES)) {
            throw new IllegalArgumentException(who(settings, WorkloadSettings.CLASSES) + " applies to --trace and"
                + " --jobs only; generated jobs bring their classes (--sizes)");
        }
        exclusive(settings, INTENSITY, LAMBDA);
        if (settings.get(ARRIVALS).isBatch()) {
            for (final WorkloadSettings.Option<?> option : List.of(INTENSITY, LAMBDA, INTENSITY_BASIS)) {
                notWith(settings, option, ARRIVALS, "the whole batch arrives at time 0");
            }
        }
        notWith(settings, INTENSITY_BASIS, LAMBDA, "the basis says how --intensity sets the arrival rate");
    }

    /**
     * {@code --gpus}: with {@code --trace alibaba:...} only, in continuous time, the trace's own units and
     * servers: {@code --resources}, {@code --interval-ms}, {@code --classes} and a {@code --resolution} other than
     * the default do not apply.
     */
    private static void checkGpus(final WorkloadSettings settings) {
        final String who = who(settings, WorkloadSettings.GPUS);
        if (!settings.isGiven(TRACE) || formatOf(settings.get(TRACE)) != TraceFormat.ALIBABA_GPU_2023) {
            throw new IllegalArgumentException(who + " applies to --trace alibaba:... only (the Alibaba openb trace"
                + " carries GPUs)" + (settings.isGiven(TRACE) ? ", not " + settings.describe(TRACE) : ""));
        }
        final String why = "the GPU model reads the trace's own CPU milli-cores, memory MiB and GPUs";
        notWith(settings, RESOURCES, who, why);
        notWith(settings, INTERVAL_MS, who, "it runs in continuous time");
        notWith(settings, WorkloadSettings.CLASSES, who, "LoTES's classes do not apply to GPU pods");
        if (settings.isGiven(WorkloadSettings.RESOLUTION)
            && !settings.get(WorkloadSettings.RESOLUTION).toString().equals(WorkloadSettings.DEFAULT_RESOLUTION)) {
            notWith(settings, WorkloadSettings.RESOLUTION, who, why);
        }
        if (settings.isGiven(WorkloadSettings.TIME_MODE) && !"continuous".equals(settings.get(WorkloadSettings.TIME_MODE))) {
            throw new IllegalArgumentException(settings.describe(WorkloadSettings.TIME_MODE) + " does not apply with "
                + who + " (the pods' creation and deletion times are continuous; use --time-mode continuous)");
        }
    }

    /**
     * The trace options that apply to the format of trace {@code spec} only ({@code --google-rule} to
     * google2011, the SWF options to swf, {@code --swf-memory-kb} with {@code --resources 2}), and
     * {@code --servers} to a trace without servers; {@code specWords} names the trace in messages.
     */
    public static void checkTrace(final WorkloadSettings settings, final String spec, final String specWords) {
        final TraceFormat format = formatOf(spec);
        if (format != null) {
            if (format != TraceFormat.GOOGLE_2011) {
                notWith(settings, GOOGLE_RULE, specWords, "it applies to google2011 traces");
            }
            if (format != TraceFormat.SWF) {
                notWith(settings, SWF_PROCESSORS, specWords, "it applies to swf traces");
                notWith(settings, SWF_MEMORY_KB, specWords, "it applies to swf traces");
            }
            if (format == TraceFormat.ALIBABA_GPU_2023) {
                notWith(settings, SERVERS, specWords, "the trace gives its servers");
            }
        }
        if (settings.isGiven(SWF_MEMORY_KB) && settings.get(RESOURCES) != 2) {
            throw new IllegalArgumentException(who(settings, SWF_MEMORY_KB) + " applies with --resources 2 only"
                + " (memory is the second resource), not with " + settings.describe(RESOURCES));
        }
    }

    /** The format of a trace spec, or null when the spec does not parse (the loader then names it). */
    private static TraceFormat formatOf(final String spec) {
        final int colon = spec.indexOf(':');
        try {
            return colon <= 0 ? null : TraceFormat.bySpecName(spec.substring(0, colon));
        } catch (final IllegalArgumentException e) {
            return null;
        }
    }

    /** Refuses {@code option} when {@code other} was given too. */
    private static void notWith(final WorkloadSettings settings, final WorkloadSettings.Option<?> option,
                                final WorkloadSettings.Option<?> other, final String why) {
        if (settings.isGiven(other)) {
            notWith(settings, option, settings.describe(other), why);
        }
    }

    /** Refuses {@code option} when given: it does not apply with what {@code otherWords} names. */
    private static void notWith(final WorkloadSettings settings, final WorkloadSettings.Option<?> option,
                                final String otherWords, final String why) {
        if (settings.isGiven(option)) {
            throw new IllegalArgumentException(who(settings, option) + " does not apply with " + otherWords
                + " (" + why + ")");
        }
    }

    private static void exclusive(final WorkloadSettings settings, final WorkloadSettings.Option<?> one,
                                  final WorkloadSettings.Option<?> other) {
        if (settings.isGiven(one) && settings.isGiven(other)) {
            throw new IllegalArgumentException(settings.describe(one) + " and " + settings.describe(other)
                + " exclude each other: give one");
        }
    }

    /** The option as the user named it: its flag, or {@code --vary NAME} when a sweep axis set it. */
    static String who(final WorkloadSettings settings, final WorkloadSettings.Option<?> option) {
        return settings.isVaried(option) ? "--vary " + option.name() : option.flag();
    }
}
