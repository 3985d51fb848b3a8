package org.stowage.core.kernel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.stowage.core.engine.SchedulerFactory;

/**
 * The kernel registry: every {@link KernelDefinition} by name, and scheduler specs parsed against them.
 * The definitions come from {@link KernelCatalog}; a kernel joins every generic check (differential tests
 * against its twin, zero allocation, benchmark smoke) and the CLI's help by being declared there.
 *
 * <h2>Specs</h2>
 * A scheduler spec is {@code NAME} or {@code NAME:key=value,key=value,...}, for example {@code VQS:J=7},
 * {@code VQS-BF:J=7,stall=0.5} or {@code BF-J/S:stall=true}. Each kernel declares the keys it accepts
 * ({@link KernelParameter}); an unknown key, a repeated key, a malformed pair or a bad value is an
 * {@link IllegalArgumentException} naming the scheduler, the key and the value. A naive twin takes the
 * same keys as its kernel.
 *
 * <p>Immutable after class initialisation; thread-safe.
 */
public final class Kernels {
    private static final Map<String, KernelDefinition> BY_NAME = new LinkedHashMap<>();

    static {
        // the kernels first, then their twins, so that lists (help, "known: ...") lead with what users run
        final List<KernelDefinition> declared = KernelCatalog.definitions();
        for (final boolean references : new boolean[] {false, true}) {
            for (final KernelDefinition definition : declared) {
                if (definition.isReference() == references && BY_NAME.put(definition.name(), definition) != null) {
                    throw new IllegalStateException("kernel " + definition.name() + " is declared twice");
                }
            }
        }
        for (final KernelDefinition definition : BY_NAME.values()) {
            if (definition.twin() != null && !BY_NAME.containsKey(definition.twin())) {
                throw new IllegalStateException("kernel " + definition.name() + " names an undeclared twin "
                    + definition.twin());
            }
        }
    }

    private Kernels() {
    }

    /** Every known name (without parameters): the kernels in declaration order, then their twins. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(BY_NAME.keySet());
    }

    /** Every definition: the kernels in declaration order, then their twins. */
    public static List<KernelDefinition> definitions() {
        return List.copyOf(BY_NAME.values());
    }

    /** The kernels that are not reference twins, in declaration order. */
    public static List<KernelDefinition> primaryDefinitions() {
        final List<KernelDefinition> primary = new ArrayList<>();
        for (final KernelDefinition definition : BY_NAME.values()) {
            if (!definition.isReference()) {
                primary.add(definition);
            }
        }
        return primary;
    }

    /**
     * The definition of {@code name} (without parameters).
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static KernelDefinition definition(final String name) {
        final KernelDefinition definition = BY_NAME.get(name);
        if (definition == null) {
            final List<String> primary = new ArrayList<>();
            for (final KernelDefinition known : primaryDefinitions()) {
                primary.add(known.name());
            }
            throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: " + String.join(", ", primary)
                + " and their naive twins (NAME-naive); `stowage schedulers` lists them with their parameters");
        }
        return definition;
    }

    /** The definition named by a spec {@code NAME[:key=value,...]}. */
    public static KernelDefinition definitionOf(final String spec) {
        return definition(nameOf(spec));
    }

    /** The name part of a spec. */
    public static String nameOf(final String spec) {
        final int colon = spec.indexOf(':');
        return colon < 0 ? spec : spec.substring(0, colon);
    }

    /**
     * The factory for a scheduler spec {@code NAME[:key=value,...]}.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones, or the parameter and
     *                                  value that is unknown or invalid
     */
    public static SchedulerFactory byName(final String spec) {
        final KernelDefinition definition = definitionOf(spec);
        final int colon = spec.indexOf(':');
        return definition.factory(parse(definition, colon < 0 ? null : spec.substring(colon + 1)));
    }

    /** The spec of the naive twin of an indexed kernel: {@code VQS:J=7} gives {@code VQS-naive:J=7}. */
    public static String twinOf(final String spec) {
        final KernelDefinition definition = definitionOf(spec);
        if (definition.twin() == null) {
            throw new IllegalArgumentException("scheduler " + definition.name() + " has no naive twin");
        }
        final int colon = spec.indexOf(':');
        return colon < 0 ? definition.twin() : definition.twin() + spec.substring(colon);
    }

    /** One line per kernel: name, parameters and summary, for the CLI's help. */
    public static String describe() {
        final StringBuilder text = new StringBuilder();
        for (final KernelDefinition definition : BY_NAME.values()) {
            text.append(String.format("  %-14s ", definition.name()));
            if (definition.isReference()) {
                text.append("naive twin of ").append(definition.referenceOf()).append('\n');
                continue;
            }
            text.append(definition.summary()).append(" (").append(definition.paper()).append(')');
            for (final KernelParameter parameter : definition.parameters()) {
                text.append("\n  ").append(" ".repeat(15)).append(parameter.key()).append('=').append(": ")
                    .append(parameter.description()).append("; ").append(parameter.expected())
                    .append(parameter.defaultText() == null ? "" : ", default " + parameter.defaultText());
            }
            text.append('\n');
        }
        return text.toString();
    }

    private static KernelParameters parse(final KernelDefinition definition, final String text) {
        final String scheduler = definition.name();
        final Map<String, String> given = new LinkedHashMap<>();
        if (text != null) {
            if (text.isEmpty()) {
                throw new IllegalArgumentException("scheduler '" + scheduler + ":' has an empty parameter list;"
                    + " expected " + scheduler + ":key=value,...");
            }
            for (final String pair : text.split(",", -1)) {
                final int equals = pair.indexOf('=');
                if (equals <= 0) {
                    throw new IllegalArgumentException("malformed parameter '" + pair + "' for scheduler "
                        + scheduler + "; expected key=value");
                }
                final String key = pair.substring(0, equals);
                final String value = pair.substring(equals + 1);
                if (find(definition, key) == null) {
                    final List<String> keys = new ArrayList<>();
                    for (final KernelParameter parameter : definition.parameters()) {
                        keys.add(parameter.key());
                    }
                    throw new IllegalArgumentException("unknown parameter '" + key + "' (value '" + value
                        + "') for scheduler " + scheduler + "; known: "
                        + (keys.isEmpty() ? "none" : String.join(", ", keys)));
                }
                if (given.put(key, value) != null) {
                    throw new IllegalArgumentException("parameter '" + key + "' given twice for scheduler "
                        + scheduler + ": '" + text + "'");
                }
            }
        }
        final Map<String, Object> values = new LinkedHashMap<>();
        for (final KernelParameter parameter : definition.parameters()) {
            final String value = given.containsKey(parameter.key()) ? given.get(parameter.key()) : parameter.defaultText();
            values.put(parameter.key(), value == null ? null : parameter.parse(scheduler, value));
        }
        return new KernelParameters(scheduler, values, given);
    }

    private static KernelParameter find(final KernelDefinition definition, final String key) {
        for (final KernelParameter parameter : definition.parameters()) {
            if (parameter.key().equals(key)) {
                return parameter;
            }
        }
        return null;
    }
}
