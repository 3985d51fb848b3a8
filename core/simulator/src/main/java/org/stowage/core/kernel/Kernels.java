package org.stowage.core.kernel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

import org.stowage.core.engine.SchedulerFactory;

/**
 * The kernel registry: every {@link KernelDefinition} by name, and scheduler specs parsed against them.
 * The definitions come from every {@link KernelFamily} on the class path ({@link ServiceLoader}); a kernel
 * joins every generic check (differential tests against its twin, zero allocation, benchmark smoke), the
 * CLI's help and every command by being declared in a family.
 *
 * <h2>Specs</h2>
 * A scheduler spec is {@code NAME} or {@code NAME:key=value,key=value,...}, for example {@code VQS:J=7},
 * {@code VQS-BF:J=7,stall=0.5} or {@code BF-J/S:stall=true}. Each kernel declares the keys it accepts
 * ({@link KernelParameter}); an unknown key, a repeated key, a malformed pair or a bad value is an
 * {@link IllegalArgumentException} naming the scheduler, the key and the value. A naive twin takes the
 * same keys as its kernel.
 *
 * <p>Loaded once, at first use, from the class loader of this class; immutable afterwards and thread-safe. A
 * registry that cannot be loaded (two families declare one name) makes every method throw an
 * {@link IllegalStateException} with the one-line reason.
 */
public final class Kernels {
    /** Stowage's own families, listed first in the registry whatever the class path order. */
    private static final String OWN_PACKAGE = "org.stowage.core.kernel.";

    private Kernels() {
    }

    /** The registry, loaded once from the class path; or the one-line reason it cannot be. */
    private static final class Loaded {
        private static final Map<String, KernelDefinition> BY_NAME = new LinkedHashMap<>();
        private static final String FAILURE;

        static {
            String failure = null;
            try {
                BY_NAME.putAll(index(families()));
            } catch (final IllegalStateException | java.util.ServiceConfigurationError e) {
                BY_NAME.clear();
                failure = e.getMessage();
            }
            FAILURE = failure;
        }
    }

    private static Map<String, KernelDefinition> registry() {
        if (Loaded.FAILURE != null) {
            throw new IllegalStateException(Loaded.FAILURE);
        }
        return Loaded.BY_NAME;
    }

    /** Every {@link KernelFamily} on the class path: Stowage's own first (in their service file's order), then the rest. */
    private static List<KernelFamily> families() {
        final List<KernelFamily> own = new ArrayList<>();
        final List<KernelFamily> others = new ArrayList<>();
        for (final KernelFamily family : ServiceLoader.load(KernelFamily.class, Kernels.class.getClassLoader())) {
            (family.getClass().getName().startsWith(OWN_PACKAGE) ? own : others).add(family);
        }
        own.addAll(others);
        return own;
    }

    /**
     * The definitions of {@code families} by name: the kernels in declaration order, then their twins, so that
     * lists (help, "known: ...") lead with what users run.
     *
     * @throws IllegalStateException in one line, naming both families, when two definitions share a name, or
     *                               naming the kernel when it names a twin no family declares
     */
    static Map<String, KernelDefinition> index(final List<KernelFamily> families) {
        final Map<String, KernelDefinition> byName = new LinkedHashMap<>();
        final Map<String, KernelFamily> declaredBy = new LinkedHashMap<>();
        for (final boolean references : new boolean[] {false, true}) {
            for (final KernelFamily family : families) {
                for (final KernelDefinition definition : family.definitions()) {
                    if (definition.isReference() != references) {
                        continue;
                    }
                    final KernelFamily earlier = declaredBy.putIfAbsent(definition.name(), family);
                    if (earlier != null) {
                        throw new IllegalStateException("scheduler name '" + definition.name() + "' is declared twice: by"
                            + " kernel family " + describe(earlier) + " and by " + describe(family) + "; rename one");
                    }
                    byName.put(definition.name(), definition);
                }
            }
        }
        for (final KernelDefinition definition : byName.values()) {
            if (definition.twin() != null && !byName.containsKey(definition.twin())) {
                throw new IllegalStateException("kernel " + definition.name() + " of family "
                    + describe(declaredBy.get(definition.name())) + " names an undeclared twin " + definition.twin());
            }
        }
        return byName;
    }

    private static String describe(final KernelFamily family) {
        final java.security.CodeSource source = family.getClass().getProtectionDomain().getCodeSource();
        return "'" + family.name() + "' (" + family.getClass().getName()
            + (source == null || source.getLocation() == null ? "" : " in " + source.getLocation().getPath()) + ")";
    }

    /** Every known name (without parameters): the kernels in declaration order, then their twins. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(registry().keySet());
    }

    /** Every definition: the kernels in declaration order, then their twins. */
    public static List<KernelDefinition> definitions() {
        return List.copyOf(registry().values());
    }

    /** The kernels that are not reference twins, in declaration order. */
    public static List<KernelDefinition> primaryDefinitions() {
        final List<KernelDefinition> primary = new ArrayList<>();
        for (final KernelDefinition definition : registry().values()) {
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
        final KernelDefinition definition = registry().get(name);
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
        for (final KernelDefinition definition : registry().values()) {
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
