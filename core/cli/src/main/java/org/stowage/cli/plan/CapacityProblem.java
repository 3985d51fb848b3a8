package org.stowage.cli.plan;

import org.stowage.cli.spec.SizesSpec;
import org.stowage.core.Units;
import org.stowage.core.model.ServerClasses;
import org.stowage.theory.JobTypes;
import org.stowage.theory.MaxSupportableWorkload;
import org.stowage.theory.SizeCdf;

/**
 * A validated {@code capacity} question: the sizes (discrete types, or a uniform CDF), the server classes,
 * the units both are counted in, and how to solve. Exactly one of {@code types} and {@code cdf} is set.
 *
 * @param sizes      the {@code --sizes} value (for the report)
 * @param units      the fixed-point units of sizes and capacities
 * @param types      discrete types in units, or null
 * @param cdf        the uniform size law, or null
 * @param classes    the server classes in units
 * @param options    LP solver, tolerance and pricing limits
 * @param mu         the service rate, for lambda* = rho* mu
 * @param enumerate  discrete: enumerate every configuration instead of column generation
 * @param refinement uniform: how far to refine the partition; null for discrete sizes
 */
public record CapacityProblem(SizesSpec sizes, Units units, JobTypes types, SizeCdf cdf, ServerClasses classes,
                       MaxSupportableWorkload.Options options, double mu, boolean enumerate, Refinement refinement) {
    /**
     * Uniform sizes: refine until the relative gap is at most {@code gap}, from {@code intervals} to at most
     * {@code maxIntervals}, cutting on a grid of {@code grid} steps per 1.0.
     */
    public record Refinement(double gap, int intervals, int maxIntervals, int grid) {
    }

    public static CapacityProblem discrete(final SizesSpec sizes, final Units units, final JobTypes types,
                                    final ServerClasses classes, final MaxSupportableWorkload.Options options,
                                    final double mu, final boolean enumerate) {
        return new CapacityProblem(sizes, units, types, null, classes, options, mu, enumerate, null);
    }

    public static CapacityProblem uniform(final SizesSpec sizes, final Units units, final SizeCdf cdf,
                                   final ServerClasses classes, final MaxSupportableWorkload.Options options,
                                   final double mu, final Refinement refinement) {
        return new CapacityProblem(sizes, units, null, cdf, classes, options, mu, false, refinement);
    }

    public boolean isDiscrete() {
        return types != null;
    }
}
