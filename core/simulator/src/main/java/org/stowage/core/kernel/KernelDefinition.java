package org.stowage.core.kernel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.stowage.core.Messages;
import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.model.Model;

/**
 * A kernel, declared once: its name, what it does and where it comes from, the parameters it accepts, how
 * a factory is made from them, its naive (or reference) twin, what it needs from a simulation, and which
 * parameter variants the generic checks exercise. {@link Kernels} collects the definitions; the
 * differential, allocation and benchmark smoke checks and the CLI's help iterate them, so a new kernel is
 * covered by every check by declaring it here.
 *
 * <p>Test variants are parameter texts ({@code ""}, {@code "stall=true"}, {@code "J={J},stall={stall}"})
 * in which a test scenario substitutes {@code {J}} (a partition depth in [2, 12]) and {@code {stall}} (a
 * stall fraction) of its own.
 */
public final class KernelDefinition {
    private final String name;
    private final String summary;
    private final String paper;
    private final String cost;
    private final List<KernelParameter> parameters;
    private final Function<KernelParameters, SchedulerFactory> maker;
    private final String twin;
    private final String referenceOf;
    private final KernelRequirements requirements;
    private final List<String> testVariants;
    private final Function<Model, Object> testPlanner;

    private KernelDefinition(final Builder builder) {
        this.name = Objects.requireNonNull(builder.name, "name");
        this.summary = Objects.requireNonNull(builder.summary, "summary of " + name);
        this.paper = Objects.requireNonNull(builder.paper, "paper of " + name);
        this.cost = builder.cost;
        this.parameters = List.copyOf(builder.parameters);
        this.maker = Objects.requireNonNull(builder.maker, "factory of " + name);
        this.twin = builder.twin;
        this.referenceOf = builder.referenceOf;
        this.requirements = Objects.requireNonNull(builder.requirements, "requirements of " + name);
        this.testVariants = List.copyOf(builder.testVariants);
        this.testPlanner = builder.testPlanner;
        if (name.isEmpty() || name.contains(":") || name.contains(",") || name.contains("=")) {
            throw new IllegalArgumentException("kernel names may not be empty or contain ':', ',' or '=': " + name);
        }
        if (!Messages.printable(name).equals(name) || name.chars().anyMatch(Character::isWhitespace)) {
            // a name is given on command lines and printed on terminals: escape characters would drive the terminal
            throw new IllegalArgumentException("kernel names may not contain spaces or characters that do not print: '"
                + Messages.printable(name) + "'");
        }
    }

    /** An indexed (or the only) implementation of a scheduler. */
    public static Builder kernel(final String name) {
        return new Builder(name, null);
    }

    /**
     * The naive reference twin of {@code indexed}: same parameters, requirements and test variants; the
     * differential tests hold {@code indexed} to it event by event.
     */
    public static Builder referenceFor(final Builder indexed, final String name) {
        final Builder builder = new Builder(name, indexed.name);
        builder.summary = "naive reference twin of " + indexed.name + ": the same decisions by plain scans";
        builder.paper = indexed.paper;
        builder.cost = "O(N) or O(L) scans per decision";
        builder.parameters.addAll(indexed.parameters);
        builder.requirements = indexed.requirements;
        builder.testVariants.addAll(indexed.testVariants);
        builder.testPlanner = indexed.testPlanner;
        indexed.twin = name;
        return builder;
    }

    public String name() {
        return name;
    }

    /** What the kernel does, one line. */
    public String summary() {
        return summary;
    }

    /** The paper and section it implements. */
    public String paper() {
        return paper;
    }

    /** Its cost per decision or event, in words. */
    public String cost() {
        return cost;
    }

    public List<KernelParameter> parameters() {
        return parameters;
    }

    /** The name of this kernel's naive twin, or null when it has none (a twin itself, or not indexed). */
    public String twin() {
        return twin;
    }

    /** Whether this is the naive reference twin of another kernel. */
    public boolean isReference() {
        return referenceOf != null;
    }

    /** The kernel this one is the reference twin of, or null. */
    public String referenceOf() {
        return referenceOf;
    }

    public KernelRequirements requirements() {
        return requirements;
    }

    /** Parameter texts the generic checks run (see the class comment); never empty. */
    public List<String> testVariants() {
        return testVariants;
    }

    /** Makes a plan for test and benchmark models when the kernel needs one, or null. */
    public Function<Model, Object> testPlanner() {
        return testPlanner;
    }

    /** The name part of a spec {@code NAME[:key=value,...]}. */
    public static String nameOf(final String spec) {
        final int colon = spec.indexOf(':');
        return colon < 0 ? spec : spec.substring(0, colon);
    }

    /**
     * The factory for {@code spec}, {@code NAME} or {@code NAME:key=value,...} with this kernel's name: the
     * parameters are parsed against {@link #parameters} (see {@link Kernels} for the syntax). Needs no
     * registry, so a definition built in code runs as one that a family declares.
     *
     * @throws IllegalArgumentException naming the scheduler, the key and the value when a parameter is
     *                                  unknown, repeated, malformed or invalid, or when {@code spec} names
     *                                  another kernel
     */
    public SchedulerFactory factoryFor(final String spec) {
        if (!nameOf(spec).equals(name)) {
            throw new IllegalArgumentException("scheduler spec '" + spec + "' does not name kernel " + name);
        }
        final int colon = spec.indexOf(':');
        return maker.apply(parse(colon < 0 ? null : spec.substring(colon + 1)));
    }

    private KernelParameters parse(final String text) {
        final Map<String, String> given = new LinkedHashMap<>();
        if (text != null) {
            if (text.isEmpty()) {
                throw new IllegalArgumentException("scheduler '" + name + ":' has an empty parameter list;"
                    + " expected " + name + ":key=value,...");
            }
            for (final String pair : text.split(",", -1)) {
                final int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw new IllegalArgumentException("malformed parameter '" + pair + "' for scheduler "
                        + name + "; expected key=value");
                }
                final String key = pair.substring(0, equals);
                final String value = pair.substring(equals + 1);
                if (parameter(key) == null) {
                    final List<String> keys = new ArrayList<>();
                    for (final KernelParameter parameter : parameters) {
                        keys.add(parameter.key());
                    }
                    throw new IllegalArgumentException("unknown parameter '" + key + "' (value '" + value
                        + "') for scheduler " + name + "; known: "
                        + (keys.isEmpty() ? "none" : String.join(", ", keys)));
                }
                if (given.put(key, value) != null) {
                    throw new IllegalArgumentException("parameter '" + key + "' given twice for scheduler "
                        + name + ": '" + text + "'");
                }
            }
        }
        final Map<String, Object> values = new LinkedHashMap<>();
        for (final KernelParameter parameter : parameters) {
            final String value = given.containsKey(parameter.key()) ? given.get(parameter.key()) : parameter.defaultText();
            values.put(parameter.key(), value == null ? null : parameter.parse(name, value));
        }
        return new KernelParameters(name, values, given);
    }

    private KernelParameter parameter(final String key) {
        for (final KernelParameter parameter : parameters) {
            if (parameter.key().equals(key)) {
                return parameter;
            }
        }
        return null;
    }

    /** Declares a kernel. */
    public static final class Builder {
        private final String name;
        private final String referenceOf;
        private String summary;
        private String paper;
        private String cost = "";
        private final List<KernelParameter> parameters = new ArrayList<>();
        private Function<KernelParameters, SchedulerFactory> maker;
        private String twin;
        private KernelRequirements requirements = KernelRequirements.any();
        private final List<String> testVariants = new ArrayList<>();
        private Function<Model, Object> testPlanner;

        private Builder(final String name, final String referenceOf) {
            this.name = name;
            this.referenceOf = referenceOf;
        }

        public Builder summary(final String text) {
            this.summary = text;
            return this;
        }

        public Builder paper(final String text) {
            this.paper = text;
            return this;
        }

        public Builder cost(final String text) {
            this.cost = text;
            return this;
        }

        public Builder parameter(final KernelParameter parameter) {
            for (final KernelParameter existing : parameters) {
                if (existing.key().equals(parameter.key())) {
                    throw new IllegalArgumentException(name + " declares parameter " + parameter.key() + " twice");
                }
            }
            parameters.add(parameter);
            return this;
        }

        /** How parsed parameters become a factory of fresh kernel instances. */
        public Builder configured(final Function<KernelParameters, SchedulerFactory> value) {
            this.maker = value;
            return this;
        }

        /** A kernel without parameters. */
        public Builder factory(final SchedulerFactory value) {
            this.maker = parsed -> value;
            return this;
        }

        public Builder requirements(final KernelRequirements value) {
            this.requirements = value;
            return this;
        }

        /** Parameter texts the generic checks run (see the class comment); default: none given. */
        public Builder testVariants(final String... variants) {
            testVariants.clear();
            testVariants.addAll(List.of(variants));
            return this;
        }

        public Builder testPlanner(final Function<Model, Object> planner) {
            this.testPlanner = planner;
            return this;
        }

        /**
         * This kernel and its naive reference twin {@code twinName}, made by {@code twinFactory}: the twin takes
         * the same parameters, requirements, test variants and test planner (see {@link #referenceFor}).
         */
        public List<KernelDefinition> withTwin(final String twinName, final SchedulerFactory twinFactory) {
            return withConfiguredTwin(twinName, parsed -> twinFactory);
        }

        /** As {@link #withTwin}, for a twin whose factory depends on the parsed parameters. */
        public List<KernelDefinition> withConfiguredTwin(final String twinName,
                                                         final Function<KernelParameters, SchedulerFactory> twinMaker) {
            final Builder twin = referenceFor(this, twinName).configured(twinMaker);
            return List.of(build(), twin.build());
        }

        public KernelDefinition build() {
            if (testVariants.isEmpty()) {
                testVariants.add("");
            }
            return new KernelDefinition(this);
        }
    }
}
