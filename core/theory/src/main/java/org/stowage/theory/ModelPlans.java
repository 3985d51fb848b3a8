package org.stowage.theory;

import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelRegistryException;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;
import org.stowage.core.model.PlanProvider;

/**
 * Completes a run's model with the plan its kernel reads, made by the {@link PlanProvider} of that plan type:
 * the application layer (run, sweep, reproduce, Spark) calls {@link #complete} before handing the model to
 * the simulator, so kernels never call a solver. Providers are found through {@link ServiceLoader}, as kernel
 * families are ({@code META-INF/services/org.stowage.core.model.PlanProvider}).
 *
 * <p>Each instance keeps its own small bounded cache of plans per (plan type, model): a sweep's
 * replications and the schedulers compared at one point share the same model and so one solve. An instance
 * belongs to whatever runs share it (a command, a sweep, a figure); nothing is shared between instances, so
 * simulations side by side in one JVM do not see each other's plans. Thread-safe.
 */
public final class ModelPlans {
    /** Plans kept; a sweep over more distinct models than this recomputes the oldest. */
    private static final int CACHE_SIZE = 64;

    /** The providers of this class path, loaded once (immutable). */
    private static final class Default {
        private static final Providers PROVIDERS = Providers.load(ModelPlans.class.getClassLoader());
    }

    /** Providers by plan type, or the reason the class path's providers cannot be used. */
    private record Providers(Map<Class<?>, PlanProvider<?>> byType, KernelRegistryException refusal) {
        static Providers of(final List<? extends PlanProvider<?>> providers) {
            final Map<Class<?>, PlanProvider<?>> byType = new LinkedHashMap<>();
            for (final PlanProvider<?> provider : providers) {
                final PlanProvider<?> earlier = byType.putIfAbsent(provider.planType(), provider);
                if (earlier != null) {
                    throw new KernelRegistryException("two plan providers make " + provider.planType().getSimpleName()
                        + ": " + describe(earlier) + " and " + describe(provider) + "; keep one of them on the class path");
                }
            }
            return new Providers(Map.copyOf(byType), null);
        }

        static Providers load(final ClassLoader loader) {
            try {
                final List<PlanProvider<?>> found = new ArrayList<>();
                for (final PlanProvider<?> provider : ServiceLoader.load(PlanProvider.class, loader)) {
                    found.add(provider);
                }
                return of(found);
            } catch (final ServiceConfigurationError | LinkageError e) {
                // a listed provider that is missing, not a PlanProvider, or failed in its constructor
                return new Providers(Map.of(), new KernelRegistryException("a plan provider on the class path cannot"
                    + " be loaded: " + String.valueOf(e.getMessage()).replaceAll("\\s+", " ")));
            } catch (final KernelRegistryException e) {
                return new Providers(Map.of(), e);
            }
        }

        /** {@code class (in /path/of.jar)}: enough to find the jar a clash comes from. */
        private static String describe(final PlanProvider<?> provider) {
            final CodeSource source = provider.getClass().getProtectionDomain().getCodeSource();
            return provider.getClass().getName() + (source == null || source.getLocation() == null ? ""
                : " (in " + source.getLocation().getPath() + ")");
        }
    }

    private final Providers providers;
    private final Map<CacheKey, Object> cache = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(final Map.Entry<CacheKey, Object> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    private ModelPlans(final Providers providers) {
        this.providers = providers;
    }

    /** The providers of this class path, with an empty cache of its own. */
    public ModelPlans() {
        this(Default.PROVIDERS);
    }

    /**
     * Exactly {@code providers}, with an empty cache (tests, embedding).
     *
     * @throws KernelRegistryException naming both when two make the same plan type
     */
    public static ModelPlans of(final List<? extends PlanProvider<?>> providers) {
        return new ModelPlans(Providers.of(providers));
    }

    /**
     * {@code model} with the plan the kernel of {@code schedulerSpec} reads, when it reads one and the model
     * does not hold it yet.
     *
     * @throws IllegalArgumentException naming the kernel when no provider makes the plan it needs
     */
    public Model complete(final Model model, final String schedulerSpec) {
        return complete(model, Kernels.definitionOf(schedulerSpec));
    }

    /**
     * {@code model} with the plan the kernel of {@code definition} reads (registered or not), when it reads one
     * and the model does not hold it yet.
     *
     * @throws IllegalArgumentException naming the kernel when no provider makes the plan it needs
     */
    public Model complete(final Model model, final KernelDefinition definition) {
        final Class<?> type = definition.requirements().planType();
        if (type == null || model.hasPlan(type)) {
            return model;
        }
        if (!makes(type)) {
            throw new IllegalArgumentException("scheduler " + definition.name() + " needs a precomputed "
                + type.getSimpleName() + " and no planner makes one");
        }
        return model.withPlan(plan(model, type));
    }

    /** Whether a provider makes plans of {@code type}. */
    public boolean makes(final Class<?> type) {
        if (providers.refusal() != null) {
            throw providers.refusal();
        }
        return providers.byType().containsKey(type);
    }

    /**
     * The plan of {@code type} for {@code model}, from this instance's cache or its provider.
     *
     * @throws IllegalArgumentException when no provider makes {@code type}, or the provider refuses the model
     */
    public <P> P plan(final Model model, final Class<P> type) {
        if (!makes(type)) {
            throw new IllegalArgumentException("no planner makes a " + type.getSimpleName());
        }
        final CacheKey key = new CacheKey(type, model);
        synchronized (cache) {
            final Object cached = cache.get(key);
            if (cached != null) {
                return type.cast(cached);
            }
        }
        final Object plan = Objects.requireNonNull(providers.byType().get(type).plan(model),
            "planner of " + type.getSimpleName());
        synchronized (cache) {
            cache.put(key, plan);
        }
        return type.cast(plan);
    }

    /** Models compare by content (see {@link Model#equals}), so equal inputs share one plan. */
    private record CacheKey(Class<?> type, Model model) {
    }
}
