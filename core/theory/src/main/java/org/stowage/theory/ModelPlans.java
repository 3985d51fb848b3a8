package org.stowage.theory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.Model;

/**
 * Completes a run's model with the plan its kernel reads, computing it with the planner of
 * {@link PlanCatalog}: the application layer (run, sweep, reproduce, Spark) calls {@link #complete} before
 * handing the model to the simulator, so kernels never call a solver.
 *
 * <p>Plans are cached per (plan class, model) in a small bounded cache: a sweep's replications and the
 * schedulers compared at one point share the same model and so one solve. Thread-safe.
 */
public final class ModelPlans {
    /** Plans kept; a sweep over more distinct models than this recomputes the oldest. */
    private static final int CACHE_SIZE = 64;
    private static final Map<Class<?>, Function<Model, Object>> PLANNERS = PlanCatalog.planners();
    private static final Map<CacheKey, Object> CACHE = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(final Map.Entry<CacheKey, Object> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    private ModelPlans() {
    }

    /**
     * {@code model} with the plan the kernel of {@code schedulerSpec} reads, when it reads one and the model
     * does not hold it yet.
     *
     * @throws IllegalArgumentException naming the kernel when no planner makes the plan it needs
     */
    public static Model complete(final Model model, final String schedulerSpec) {
        return complete(model, Kernels.definitionOf(schedulerSpec));
    }

    /**
     * {@code model} with the plan the kernel of {@code definition} reads (registered or not), when it reads one
     * and the model does not hold it yet.
     *
     * @throws IllegalArgumentException naming the kernel when no planner makes the plan it needs
     */
    public static Model complete(final Model model, final KernelDefinition definition) {
        final Class<?> type = definition.requirements().planType();
        if (type == null || model.hasPlan(type)) {
            return model;
        }
        final Function<Model, Object> planner = PLANNERS.get(type);
        if (planner == null) {
            throw new IllegalArgumentException("scheduler " + definition.name() + " needs a precomputed "
                + type.getSimpleName() + " and no planner makes one");
        }
        return model.withPlan(plan(type, model, planner));
    }

    private static Object plan(final Class<?> type, final Model model, final Function<Model, Object> planner) {
        final CacheKey key = new CacheKey(type, model);
        synchronized (CACHE) {
            final Object cached = CACHE.get(key);
            if (cached != null) {
                return cached;
            }
        }
        final Object plan = Objects.requireNonNull(planner.apply(model), "planner of " + type.getSimpleName());
        synchronized (CACHE) {
            CACHE.put(key, plan);
        }
        return plan;
    }

    /** Models compare by content (see {@link Model#equals}), so equal inputs share one plan. */
    private record CacheKey(Class<?> type, Model model) {
    }
}
