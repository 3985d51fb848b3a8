package org.stowage.core.kernel;

import java.util.List;
import java.util.Set;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerFactory;
import org.stowage.core.model.Model;

/**
 * The kernel registry of this class path: every {@link KernelDefinition} by name, scheduler specs parsed
 * against them, and ready schedulers ({@link #create}). The static facade over the default
 * {@link KernelRegistry}, which holds every {@link KernelFamily} that {@link java.util.ServiceLoader} finds
 * through stowage-core's class loader (its own families first, then those of the jars on the class path); a
 * kernel joins every generic check
 * (differential tests against its twin, zero allocation, benchmark smoke), the CLI's help and every command
 * by being declared in a family.
 *
 * <h2>Specs</h2>
 * A scheduler spec is {@code NAME} or {@code NAME:key=value,key=value,...}, for example {@code VQS:J=7},
 * {@code VQS-BF:J=7,stall=0.5} or {@code BF-J/S:stall=true}. Each kernel declares the keys it accepts
 * ({@link KernelParameter}); an unknown key, a repeated key, a malformed pair or a bad value is an
 * {@link IllegalArgumentException} naming the scheduler, the key and the value. A naive twin takes the
 * same keys as its kernel.
 *
 * <p>Loaded once, at first use; immutable afterwards and thread-safe. A registry that cannot be loaded (two
 * families declare one name, a listed family cannot be instantiated) makes every method throw a
 * {@link KernelRegistryException} with the one-line reason.
 */
public final class Kernels {
    private Kernels() {
    }

    /** The default registry, loaded once from stowage-core's class loader. */
    private static final class Default {
        private static final KernelRegistry REGISTRY = KernelRegistry.load(Kernels.class.getClassLoader());
    }

    /** The registry every static method here reads. */
    public static KernelRegistry registry() {
        return Default.REGISTRY;
    }

    /** Every known name (without parameters): the kernels in declaration order, then their twins. */
    public static Set<String> names() {
        return registry().names();
    }

    /** Every definition: the kernels in declaration order, then their twins. */
    public static List<KernelDefinition> definitions() {
        return registry().definitions();
    }

    /** The kernels that are not reference twins, in declaration order. */
    public static List<KernelDefinition> primaryDefinitions() {
        return registry().primaryDefinitions();
    }

    /**
     * The definition of {@code name} (without parameters).
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static KernelDefinition definition(final String name) {
        return registry().definition(name);
    }

    /** The definition named by a spec {@code NAME[:key=value,...]}. */
    public static KernelDefinition definitionOf(final String spec) {
        return registry().definitionOf(spec);
    }

    /** The name part of a spec. */
    public static String nameOf(final String spec) {
        return KernelDefinition.nameOf(spec);
    }

    /**
     * The factory for a scheduler spec {@code NAME[:key=value,...]}.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones, or the parameter and
     *                                  value that is unknown or invalid
     */
    public static SchedulerFactory byName(final String spec) {
        return registry().byName(spec);
    }

    /**
     * A ready scheduler for a spec {@code NAME[:key=value,...]}, to give {@code Simulation.builder().scheduler}:
     * {@code Kernels.create("VQS-BF:J=7")}. For a kernel that needs nothing in its model beyond what the
     * simulation gives it; {@link #create(String, Model)} for the others (RMS's job types, a LoTES plan).
     *
     * @throws IllegalArgumentException naming the unknown scheduler, the bad parameter and value, or the model
     *                                  the kernel needs
     */
    public static Scheduler create(final String spec) {
        return registry().create(spec);
    }

    /**
     * A ready scheduler for a spec {@code NAME[:key=value,...]} that knows {@code model}: job classes, rates,
     * plans (give the simulation the same model).
     *
     * @throws IllegalArgumentException naming the unknown scheduler, or the bad parameter and value
     */
    public static Scheduler create(final String spec, final Model model) {
        return registry().create(spec, model);
    }

    /** The spec of the naive twin of an indexed kernel: {@code VQS:J=7} gives {@code VQS-naive:J=7}. */
    public static String twinOf(final String spec) {
        return registry().twinOf(spec);
    }

    /** Where the kernel of a spec comes from: {@code 'family' (class in /path/of.jar)}, or null. */
    public static String origin(final String spec) {
        return registry().origin(spec);
    }

    /** Whether the kernel of a spec is one of Stowage's own, not a user's. */
    public static boolean isOwn(final String spec) {
        return registry().isOwn(spec);
    }

    /** One line per kernel: name, parameters and summary, for the CLI's help. */
    public static String describe() {
        return registry().describe();
    }
}
