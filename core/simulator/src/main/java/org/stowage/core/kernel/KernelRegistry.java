package org.stowage.core.kernel;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

import org.stowage.core.Messages;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.model.Model;

/**
 * Kernel definitions by name, gathered from {@link KernelFamily} instances, and scheduler specs parsed against
 * them (see {@link Kernels} for the spec syntax). {@link Kernels} is the static facade over the default
 * registry, the families on stowage-core's class path; an application that loads kernels from a class loader
 * of its own, or a test that needs a registry of chosen families, makes one here.
 *
 * <p>Order: the kernels of the families in order (Stowage's own first when {@link #load}ed), then their twins,
 * so that lists (help, "known: ...") lead with what users run. Immutable and thread-safe.
 */
public final class KernelRegistry {
    /** Stowage's own families, listed first in a loaded registry whatever the class path order. */
    private static final String OWN_PACKAGE = "org.stowage.core.kernel.";
    /** Where a jar lists its families. */
    private static final String SERVICES = "META-INF/services/" + KernelFamily.class.getName();

    private final Map<String, KernelDefinition> byName;
    /** The family that declares each name. */
    private final Map<String, KernelFamily> familyOf;
    /** Why the registry cannot be used, or null. */
    private final KernelRegistryException failure;

    private KernelRegistry(final Map<String, KernelDefinition> byName, final Map<String, KernelFamily> familyOf,
                           final KernelRegistryException failure) {
        this.byName = byName;
        this.familyOf = familyOf;
        this.failure = failure;
    }

    /**
     * The registry of exactly {@code families}, in this order.
     *
     * @throws KernelRegistryException in one line, naming both families, when two definitions share a name, or
     *                                 naming the kernel when it names a twin no family declares
     */
    public static KernelRegistry of(final List<? extends KernelFamily> families) {
        final Map<String, KernelFamily> declaredBy = new LinkedHashMap<>();
        return new KernelRegistry(Collections.unmodifiableMap(index(families, declaredBy)), declaredBy, null);
    }

    /**
     * The registry of every {@link KernelFamily} that {@link ServiceLoader} finds through {@code loader}:
     * Stowage's own first (in their service file's order), then the others in class path order. Never throws:
     * a registry that cannot be loaded (see {@link KernelRegistryException}) throws that exception, with the
     * same one-line reason, from every method, so the failure reaches whoever first asks for a kernel.
     */
    public static KernelRegistry load(final ClassLoader loader) {
        try {
            refuseFamiliesListedTwice(loader);
            return of(families(loader));
        } catch (final KernelRegistryException e) {
            return new KernelRegistry(Map.of(), Map.of(), e);
        }
    }

    /**
     * Refuses a family class that two class path entries list (an old and a new copy of one jar):
     * {@link ServiceLoader} would load the first and skip the other without a word, so a stale kernel could
     * run unnoticed. The same entry listed twice is one entry.
     */
    private static void refuseFamiliesListedTwice(final ClassLoader loader) {
        final Map<String, Set<String>> sources = new LinkedHashMap<>();
        final Enumeration<URL> files;
        try {
            files = loader.getResources(SERVICES);
        } catch (final IOException e) {
            return;   // ServiceLoader meets the same failure and reports it
        }
        while (files.hasMoreElements()) {
            final URL file = files.nextElement();
            for (final String family : listed(file)) {
                sources.computeIfAbsent(family, name -> new LinkedHashSet<>()).add(sourceOf(file));
            }
        }
        for (final Map.Entry<String, Set<String>> family : sources.entrySet()) {
            if (family.getValue().size() > 1) {
                final List<String> where = List.copyOf(family.getValue());
                throw new KernelRegistryException("kernel family " + family.getKey() + " is on the class path twice,"
                    + " in " + where.get(0) + " and in " + where.get(1) + " (only the first would run): take one off"
                    + " the class path (STOWAGE_CLASSPATH)");
            }
        }
    }

    /** The class names a services file lists (comments and blank lines left out); none when it cannot be read. */
    private static List<String> listed(final URL file) {
        final List<String> names = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(file.openStream(),
            StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                final int comment = line.indexOf('#');
                final String name = (comment < 0 ? line : line.substring(0, comment)).strip();
                if (!name.isEmpty()) {
                    names.add(name);
                }
            }
        } catch (final IOException e) {
            return names;   // ServiceLoader meets the same failure and reports it
        }
        return names;
    }

    /** The jar or folder a services file is in: {@code /path/of.jar}, {@code /path/of/classes}. */
    private static String sourceOf(final URL file) {
        final String text = file.toString();
        try {
            if (text.startsWith("jar:file:") && text.contains("!/")) {
                return Path.of(URI.create(text.substring("jar:".length(), text.indexOf("!/")))).toString();
            }
            if (text.startsWith("file:")) {
                return Path.of(file.toURI()).getParent().getParent().getParent().toString();
            }
        } catch (final URISyntaxException | IllegalArgumentException e) {
            return text;
        }
        return text;
    }

    private static List<KernelFamily> families(final ClassLoader loader) {
        final List<KernelFamily> own = new ArrayList<>();
        final List<KernelFamily> others = new ArrayList<>();
        try {
            for (final KernelFamily family : ServiceLoader.load(KernelFamily.class, loader)) {
                (family.getClass().getName().startsWith(OWN_PACKAGE) ? own : others).add(family);
            }
        } catch (final ServiceConfigurationError | LinkageError e) {
            // a listed family that is missing, not a KernelFamily, or failed in its constructor
            throw new KernelRegistryException("a kernel family on the class path cannot be loaded: "
                + oneLine(e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")")), e);
        }
        own.addAll(others);
        return own;
    }

    private static Map<String, KernelDefinition> index(final List<? extends KernelFamily> families,
                                                       final Map<String, KernelFamily> declaredBy) {
        final Map<String, KernelDefinition> byName = new LinkedHashMap<>();
        final Map<KernelFamily, List<KernelDefinition>> declared = new LinkedHashMap<>();
        for (final KernelFamily family : families) {
            declared.put(family, definitionsOf(family));
        }
        for (final boolean references : new boolean[] {false, true}) {
            for (final Map.Entry<KernelFamily, List<KernelDefinition>> entry : declared.entrySet()) {
                for (final KernelDefinition definition : entry.getValue()) {
                    if (definition.isReference() != references) {
                        continue;
                    }
                    final KernelFamily earlier = declaredBy.putIfAbsent(definition.name(), entry.getKey());
                    if (earlier != null) {
                        throw new KernelRegistryException("scheduler name '" + definition.name() + "' is declared"
                            + " twice: by kernel family " + describe(earlier) + " and by " + describe(entry.getKey())
                            + "; rename one, or take one of the jars off the class path");
                    }
                    byName.put(definition.name(), definition);
                }
            }
        }
        for (final KernelDefinition definition : byName.values()) {
            if (definition.twin() != null && !byName.containsKey(definition.twin())) {
                throw new KernelRegistryException("kernel " + definition.name() + " of family "
                    + describe(declaredBy.get(definition.name())) + " names an undeclared twin " + definition.twin());
            }
        }
        return byName;
    }

    private static List<KernelDefinition> definitionsOf(final KernelFamily family) {
        try {
            return List.copyOf(family.definitions());
        } catch (final RuntimeException | LinkageError e) {
            throw new KernelRegistryException("kernel family " + describe(family) + " failed to declare its kernels: "
                + oneLine(String.valueOf(e)), e);
        }
    }

    /** {@code 'name' (class in /path/of.jar)}: enough to find the jar a clash comes from. */
    private static String describe(final KernelFamily family) {
        final CodeSource source = family.getClass().getProtectionDomain().getCodeSource();
        String name;
        try {
            name = family.name();
        } catch (final RuntimeException e) {
            name = "?";
        }
        return "'" + Messages.printable(String.valueOf(name)) + "' (" + family.getClass().getName()
            + (source == null || source.getLocation() == null ? "" : " in " + source.getLocation().getPath()) + ")";
    }

    private static String oneLine(final String text) {
        return text.replace('\n', ' ').replace('\r', ' ').strip();
    }

    private Map<String, KernelDefinition> usable() {
        if (failure != null) {
            throw new KernelRegistryException(failure.getMessage(), failure);
        }
        return byName;
    }

    /**
     * Where the kernel of a spec comes from, for messages: {@code 'family' (class in /path/of.jar)}; null
     * for a name no family declares.
     */
    public String origin(final String spec) {
        usable();
        final KernelFamily family = familyOf.get(KernelDefinition.nameOf(spec));
        return family == null ? null : describe(family);
    }

    /** Whether the kernel of a spec is one of Stowage's own (its family in stowage-core), not a user's. */
    public boolean isOwn(final String spec) {
        usable();
        final KernelFamily family = familyOf.get(KernelDefinition.nameOf(spec));
        return family != null && family.getClass().getName().startsWith(OWN_PACKAGE);
    }

    /** Every known name (without parameters): the kernels in declaration order, then their twins. */
    public Set<String> names() {
        return Collections.unmodifiableSet(usable().keySet());
    }

    /** Every definition: the kernels in declaration order, then their twins. */
    public List<KernelDefinition> definitions() {
        return List.copyOf(usable().values());
    }

    /** The kernels that are not reference twins, in declaration order. */
    public List<KernelDefinition> primaryDefinitions() {
        final List<KernelDefinition> primary = new ArrayList<>();
        for (final KernelDefinition definition : usable().values()) {
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
    public KernelDefinition definition(final String name) {
        final KernelDefinition definition = usable().get(name);
        if (definition == null) {
            final List<String> primary = new ArrayList<>();
            for (final KernelDefinition known : primaryDefinitions()) {
                primary.add(known.name());
            }
            throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: " + String.join(", ", primary)
                + " and their naive twins (NAME-naive); `stowage schedulers` lists them with their parameters; a"
                + " kernel of your own needs its jar on the class path (STOWAGE_CLASSPATH, or spark-submit --jars)");
        }
        return definition;
    }

    /** The definition named by a spec {@code NAME[:key=value,...]}. */
    public KernelDefinition definitionOf(final String spec) {
        return definition(KernelDefinition.nameOf(spec));
    }

    /**
     * The factory for a scheduler spec {@code NAME[:key=value,...]}.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones, or the parameter and
     *                                  value that is unknown or invalid
     */
    public SchedulerFactory byName(final String spec) {
        return definitionOf(spec).factoryFor(spec);
    }

    /**
     * A new scheduler of the kernel of a spec {@code NAME[:key=value,...]}, for a kernel that needs nothing in
     * its model beyond what the simulation gives it (its factory gets no model: null).
     *
     * @throws IllegalArgumentException naming the unknown scheduler, the bad parameter and value, or, for a
     *                                  kernel that needs job types or a plan in its model, saying so
     */
    public Scheduler create(final String spec) {
        final KernelDefinition definition = definitionOf(spec);
        final KernelRequirements requirements = definition.requirements();
        if (requirements.discreteTypes() || requirements.planType() != null) {
            throw new IllegalArgumentException("scheduler " + definition.name() + " needs "
                + (requirements.discreteTypes() ? "the job types" : "a " + requirements.planType().getSimpleName()
                + " plan") + " in its model: make it with create(\"" + spec + "\", model)");
        }
        return definition.factoryFor(spec).create(null);
    }

    /**
     * A new scheduler of the kernel of a spec {@code NAME[:key=value,...]} that knows {@code model} (job
     * classes, rates, plans): the scheduler a simulation with that model makes.
     *
     * @throws IllegalArgumentException naming the unknown scheduler, or the bad parameter and value
     */
    public Scheduler create(final String spec, final Model model) {
        return byName(spec).create(Objects.requireNonNull(model, "model"));
    }

    /** The spec of the naive twin of an indexed kernel: {@code VQS:J=7} gives {@code VQS-naive:J=7}. */
    public String twinOf(final String spec) {
        final KernelDefinition definition = definitionOf(spec);
        if (definition.twin() == null) {
            throw new IllegalArgumentException("scheduler " + definition.name() + " has no naive twin");
        }
        final int colon = spec.indexOf(':');
        return colon < 0 ? definition.twin() : definition.twin() + spec.substring(colon);
    }

    /** One line per kernel: name, parameters and summary, for the CLI's help. */
    public String describe() {
        final StringBuilder text = new StringBuilder();
        for (final KernelDefinition definition : usable().values()) {
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
}
