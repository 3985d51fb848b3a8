package org.stowage.cli.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.stowage.cli.spec.ArrivalsSpec;
import org.stowage.cli.spec.ServersSpec;
import org.stowage.cli.spec.ServiceSpec;
import org.stowage.cli.spec.SizesSpec;
import org.stowage.cli.spec.SpecException;
import org.stowage.cli.spec.SpecText;

/**
 * The workload options of {@code run} and {@code sweep} (and the trace options of {@code trace-summary}) as
 * the user gave them: which options were given, on the command line or by a sweep axis, and their values.
 * An option not given has its default. Immutable; {@link #with} is a sweep point's copy with one option set.
 *
 * <p>Knowing what was given is what lets every command refuse an option that does not apply
 * ({@link OptionRules}) instead of ignoring it, and name in a message where a value came from
 * ({@link #describe}: {@code --sizes 'uniform:0.1,0.9'}, {@code --vary sizes=...}, or the default).
 */
public final class WorkloadSettings {
    /**
     * One option: its name (the flag without dashes), its type, its default (null when its absence means
     * something the planner decides, as {@code --horizon}), and how a sweep axis's text becomes a value (null
     * when no axis may vary it).
     */
    record Option<T>(String name, Class<T> type, T defaultValue, Function<String, T> axisParser) {
        /** The flag, {@code --name}. */
        String flag() {
            return "--" + name;
        }

        boolean variable() {
            return axisParser != null;
        }

        // Written out rather than generated: a record's own equals and hashCode bootstrap method handles at
        // their first call, which cost every command that reads options about a tenth of its start-up.
        @Override
        public boolean equals(final Object other) {
            return this == other || other instanceof Option<?> option && name.equals(option.name)
                && type.equals(option.type) && Objects.equals(defaultValue, option.defaultValue)
                && Objects.equals(axisParser, option.axisParser);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    // Defaults as text, for the options' help (picocli's descriptions need constants) and for the values below.
    public static final String DEFAULT_SERVERS = "5";
    public static final String DEFAULT_SIZES = "uniform:0.1,0.9";
    public static final String DEFAULT_ARRIVALS = "poisson";
    public static final String DEFAULT_SERVICE = "geometric:100";
    public static final String DEFAULT_INTENSITY_BASIS = "size";
    public static final String DEFAULT_TIME_MODE = "slotted";
    public static final String DEFAULT_RESOLUTION = "1000000";
    public static final String DEFAULT_RESOURCES = "1";
    public static final String DEFAULT_GOOGLE_RULE = "completed";
    public static final String DEFAULT_INTERVAL_MS = "100";
    public static final String DEFAULT_TRAFFIC_SCALING = "1";
    public static final String DEFAULT_CLASSES = "kmeans:k=4,train=4h";

    public static final Option<ServersSpec> SERVERS = new Option<>("servers", ServersSpec.class,
        ServersSpec.parse(DEFAULT_SERVERS), ServersSpec::parse);
    public static final Option<SizesSpec> SIZES = new Option<>("sizes", SizesSpec.class, SizesSpec.parse(DEFAULT_SIZES),
        SizesSpec::parse);
    public static final Option<ArrivalsSpec> ARRIVALS = new Option<>("arrivals", ArrivalsSpec.class,
        ArrivalsSpec.parse(DEFAULT_ARRIVALS), ArrivalsSpec::parse);
    public static final Option<ServiceSpec> SERVICE = new Option<>("service", ServiceSpec.class,
        ServiceSpec.parse(DEFAULT_SERVICE), ServiceSpec::parse);
    /** No default here: 0.95 unless {@code --lambda} is given (the planner decides). */
    public static final Option<Double> INTENSITY = new Option<>("intensity", Double.class, null, SpecText::number);
    public static final Option<String> INTENSITY_BASIS = new Option<>("intensity-basis", String.class,
        DEFAULT_INTENSITY_BASIS, null);
    public static final Option<Double> LAMBDA = new Option<>("lambda", Double.class, null, SpecText::number);
    public static final Option<String> TIME_MODE = new Option<>("time-mode", String.class, DEFAULT_TIME_MODE, text -> text);
    public static final Option<Double> HORIZON = new Option<>("horizon", Double.class, null, SpecText::number);
    public static final Option<Double> WARMUP = new Option<>("warmup", Double.class, null, SpecText::number);
    public static final Option<Integer> RESOLUTION = new Option<>("resolution", Integer.class,
        Integer.valueOf(DEFAULT_RESOLUTION), WorkloadSettings::wholeNumber);
    public static final Option<String> TRACE = new Option<>("trace", String.class, null, null);
    public static final Option<Path> JOBS = new Option<>("jobs", Path.class, null, null);
    public static final Option<Integer> RESOURCES = new Option<>("resources", Integer.class,
        Integer.valueOf(DEFAULT_RESOURCES), null);
    public static final Option<Long> SWF_PROCESSORS = new Option<>("swf-processors", Long.class, 0L, null);
    public static final Option<Double> SWF_MEMORY_KB = new Option<>("swf-memory-kb", Double.class, 0.0, null);
    public static final Option<String> GOOGLE_RULE = new Option<>("google-rule", String.class, DEFAULT_GOOGLE_RULE, null);
    public static final Option<Double> INTERVAL_MS = new Option<>("interval-ms", Double.class,
        Double.valueOf(DEFAULT_INTERVAL_MS), null);
    public static final Option<Double> TRAFFIC_SCALING = new Option<>("traffic-scaling", Double.class,
        Double.valueOf(DEFAULT_TRAFFIC_SCALING), SpecText::number);
    /** The GPUs of an Alibaba openb trace: devices, pods' GPU demands, the churn study ({@link GpuTraceWorkloadPlan}). */
    public static final Option<Boolean> GPUS = new Option<>("gpus", Boolean.class, Boolean.FALSE, null);
    /** With {@link #GPUS}: each pod of the trace arrives this many times (workload inflation). */
    public static final Option<Integer> POD_COPIES = new Option<>("pod-copies", Integer.class, 1, WorkloadSettings::wholeNumber);
    /** LoTES's job classes on a trace ({@link LotesPlans#clusteringOptions}). */
    public static final Option<String> CLASSES = new Option<>("classes", String.class, DEFAULT_CLASSES, null);

    /** Every option, in the order messages and recipes list them. */
    static final List<Option<?>> ALL = List.of(SERVERS, SIZES, ARRIVALS, SERVICE, INTENSITY, INTENSITY_BASIS, LAMBDA,
        TIME_MODE, HORIZON, WARMUP, RESOLUTION, TRACE, JOBS, RESOURCES, SWF_PROCESSORS, SWF_MEMORY_KB, GOOGLE_RULE,
        INTERVAL_MS, TRAFFIC_SCALING, GPUS, POD_COPIES, CLASSES);

    /** The names a sweep may vary ({@code --vary NAME=...}), in {@link #ALL}'s order. */
    public static final List<String> VARIABLE = variableNames();

    /** Given values by option, in the order given. */
    private final Map<Option<?>, Object> given;
    /** The options a sweep axis set, with the axis value's text. */
    private final Map<Option<?>, String> varied;

    private WorkloadSettings(final Map<Option<?>, Object> given, final Map<Option<?>, String> varied) {
        this.given = Collections.unmodifiableMap(given);
        this.varied = Collections.unmodifiableMap(varied);
    }

    /** Settings with nothing given: every option at its default. */
    public static WorkloadSettings defaults() {
        return new WorkloadSettings(new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    /** These settings with {@code option} given as {@code value} (null: not given). */
    public <T> WorkloadSettings given(final Option<T> option, final T value) {
        final Map<Option<?>, Object> copy = new LinkedHashMap<>(given);
        if (value == null) {
            copy.remove(option);
        } else {
            copy.put(option, option.type().cast(value));
        }
        return new WorkloadSettings(copy, new LinkedHashMap<>(varied));
    }

    /** The value of {@code option}: as given, else its default (null for an option without one). */
    <T> T get(final Option<T> option) {
        final Object value = given.get(option);
        return value != null ? option.type().cast(value) : option.defaultValue();
    }

    /** Whether {@code option} was given, on the command line or by a sweep axis. */
    boolean isGiven(final Option<?> option) {
        return given.containsKey(option);
    }

    /** Whether a sweep axis set {@code option}. */
    boolean isVaried(final Option<?> option) {
        return varied.containsKey(option);
    }

    /** The options given, in the order of {@link #ALL}. */
    List<Option<?>> givenOptions() {
        final List<Option<?>> options = new ArrayList<>();
        for (final Option<?> option : ALL) {
            if (given.containsKey(option)) {
                options.add(option);
            }
        }
        return options;
    }

    /**
     * A sweep point's settings: these with the option named {@code name} set to {@code text} by an axis.
     *
     * @throws IllegalArgumentException the reason alone (the caller names the axis), for an option no axis
     *                                  may vary or a value its parser refuses
     */
    public WorkloadSettings with(final String name, final String text) {
        final Option<?> option = byName(name);
        if (option == null || !option.variable()) {
            throw new IllegalArgumentException("cannot vary '" + name + "'; variable: " + String.join(", ", VARIABLE)
                + ", or scheduler.KEY");
        }
        final Object value;
        try {
            value = option.axisParser().apply(text);
        } catch (final SpecException e) {
            throw new IllegalArgumentException(e.reason(), e);
        }
        final Map<Option<?>, Object> copy = new LinkedHashMap<>(given);
        copy.put(option, value);
        final Map<Option<?>, String> axes = new LinkedHashMap<>(varied);
        axes.put(option, text);
        return new WorkloadSettings(copy, axes);
    }

    /** The option named {@code name} (without dashes), or null. */
    static Option<?> byName(final String name) {
        for (final Option<?> option : ALL) {
            if (option.name().equals(name)) {
                return option;
            }
        }
        return null;
    }

    /**
     * Where the value of {@code option} came from, in the user's words: {@code --sizes 'discrete:2@1'} or
     * {@code --lambda 0.05} when given, {@code --vary sizes=discrete:2@1} when an axis set it, and the same
     * with "(the default)" when it was not given.
     */
    String describe(final Option<?> option) {
        final String axis = varied.get(option);
        if (axis != null) {
            return "--vary " + option.name() + "=" + axis;
        }
        final Object value = get(option);
        final String text = value instanceof Number || value instanceof Boolean ? String.valueOf(value)
            : "'" + value + "'";
        return option.flag() + " " + text + (isGiven(option) ? "" : " (the default)");
    }

    @Override
    public String toString() {
        return "WorkloadSettings" + given + (varied.isEmpty() ? "" : " varied " + varied);
    }

    private static Integer wholeNumber(final String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number", e);
        }
    }

    private static List<String> variableNames() {
        final List<String> names = new ArrayList<>();
        for (final Option<?> option : ALL) {
            if (option.variable()) {
                names.add(option.name());
            }
        }
        return List.copyOf(names);
    }
}
