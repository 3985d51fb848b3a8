package org.stowage.core.model;

/**
 * The offline half of a kernel that reads a precomputed plan: makes the plan of one type from a
 * {@link Model} (its server classes, job classes and rates) before a run, so that the kernel finds it with
 * {@link Model#plan} and never calls a solver. A kernel declares the type it reads in its requirements
 * ({@code KernelRequirements.planType()}); the application layer completes each run's model with the plan of
 * the provider of that type ({@code org.stowage.theory.ModelPlans}).
 *
 * <p>Providers are found as kernel families are: {@link java.util.ServiceLoader} reads
 * {@code META-INF/services/org.stowage.core.model.PlanProvider} in every jar on the class path (Stowage's in
 * stowage-theory: RMS's {@code RmsPlan}, MWR's and MWS's {@code MaxWeightPlan}, LoTES's {@code LotesPlan}),
 * so a jar that adds a kernel with a plan adds its provider beside its family. One provider per plan type.
 *
 * <p>A provider must be stateless (one instance serves every thread), have a public no-argument constructor,
 * and return an immutable plan that depends on the model alone: plans are cached and shared by every run of
 * an equal model.
 *
 * @param <P> the plan type
 */
public interface PlanProvider<P> {
    /** The plan type this provider makes. */
    Class<P> planType();

    /**
     * The plan of {@code model}.
     *
     * @throws IllegalArgumentException in one line, when the model admits no plan of this type (for example
     *                                  job classes that no server can hold)
     */
    P plan(Model model);
}
