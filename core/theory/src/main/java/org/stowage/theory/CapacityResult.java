package org.stowage.theory;

import java.util.Arrays;
import java.util.List;

/**
 * The maximum supportable workload {@code rho*} of a finite-type system, with the certificate that brackets
 * it, the optimal mix of configurations, and the solver's effort.
 *
 * <ul>
 *   <li>{@link #rho()}: the optimum of the final master LP (what GLOP reports);</li>
 *   <li>{@link #lowerBound()}: recomputed from the LP's primal solution with negative values clipped and
 *       each class scaled to at most {@code n_c} servers, so the mix below really supports this workload
 *       ({@code lowerBound * P_j <= sum k_j y_{c,k}} exactly, up to floating-point sums);</li>
 *   <li>{@link #upperBound()}: {@code sum_c n_c * max_k <pi, k> / <P, pi>} for the final duals {@code pi}
 *       clipped to {@code >= 0}, with the max found by the exact pricing search: a valid bound by weak LP
 *       duality whatever the LP's accuracy.</li>
 * </ul>
 * Immutable; {@link MixEntry#configuration()} arrays must not be modified.
 */
public final class CapacityResult {
    /** How the configurations were obtained. */
    public enum Method {
        /** Master LP over generated columns, priced by {@link MaxWeightConfiguration}. */
        COLUMN_GENERATION,
        /** Every feasible configuration of every class, then one LP. */
        ENUMERATION
    }

    /**
     * One configuration in the optimal mix.
     *
     * @param serverClass   the server class it applies to
     * @param configuration jobs of each type (indexed like the input {@link JobTypes})
     * @param servers       {@code y_{c,k}}: how many servers of the class hold it on average; the class's
     *                      entries sum to its server count
     */
    public record MixEntry(int serverClass, int[] configuration, double servers) {
        @Override
        public String toString() {
            return "class " + serverClass + " " + Arrays.toString(configuration) + " x " + servers;
        }
    }

    private final Method method;
    private final double rho;
    private final double lowerBound;
    private final double upperBound;
    private final boolean converged;
    private final List<MixEntry> mix;
    private final int[] typesFittingNoServer;
    private final int columns;
    private final int initialColumns;
    private final int lpSolves;
    private final int lpFallbacks;
    private final long pricingCalls;
    private final long pricingNodes;
    private final long pricingTruncations;
    private final long lpNanos;
    private final long pricingNanos;
    private final long wallNanos;

    CapacityResult(final Method method, final double rho, final double lowerBound, final double upperBound,
                   final boolean converged, final List<MixEntry> mix, final int[] typesFittingNoServer, final int columns,
                   final int initialColumns, final int lpSolves, final int lpFallbacks, final long pricingCalls,
                       final long pricingNodes,
                   final long pricingTruncations,
                   final long lpNanos, final long pricingNanos, final long wallNanos) {
        this.method = method;
        this.rho = rho;
        this.lowerBound = lowerBound;
        this.upperBound = upperBound;
        this.converged = converged;
        this.mix = List.copyOf(mix);
        this.typesFittingNoServer = typesFittingNoServer.clone();
        this.columns = columns;
        this.initialColumns = initialColumns;
        this.lpSolves = lpSolves;
        this.lpFallbacks = lpFallbacks;
        this.pricingCalls = pricingCalls;
        this.pricingNodes = pricingNodes;
        this.pricingTruncations = pricingTruncations;
        this.lpNanos = lpNanos;
        this.pricingNanos = pricingNanos;
        this.wallNanos = wallNanos;
    }

    public Method method() {
        return method;
    }

    /** {@code rho* = lambda* / mu}, the master LP's optimum. */
    public double rho() {
        return rho;
    }

    /** The arrival rate {@code lambda* = rho* * mu} for service rate {@code mu}. */
    public double lambda(final double mu) {
        if (!(mu > 0) || Double.isInfinite(mu)) {
            throw new IllegalArgumentException("service rate mu must be finite and > 0: " + mu);
        }
        return rho * mu;
    }

    /** Certified lower bound on {@code rho*} (see class comment). */
    public double lowerBound() {
        return lowerBound;
    }

    /** Certified upper bound on {@code rho*} (see class comment). */
    public double upperBound() {
        return upperBound;
    }

    /** {@code upperBound - lowerBound}. */
    public double gap() {
        return upperBound - lowerBound;
    }

    /** Whether the stopping rule was met (rather than the iteration limit or a stall; see MaxSupportableWorkload). */
    public boolean converged() {
        return converged;
    }

    /** Configurations with positive weight, by class, then weight (largest first), then discovery order. */
    public List<MixEntry> mix() {
        return mix;
    }

    /** Types with positive probability that fit no server: they make {@code rho* = 0}. */
    public int[] typesFittingNoServer() {
        return typesFittingNoServer.clone();
    }

    /** Columns in the final master LP. */
    public int columns() {
        return columns;
    }

    /** Columns the master started with (single-type columns, or every feasible one for enumeration). */
    public int initialColumns() {
        return initialColumns;
    }

    /** Times the master LP was solved. */
    public int lpSolves() {
        return lpSolves;
    }

    /** LP solves that needed a fallback (see ConfigurationLp): the certificate still holds, but worth knowing. */
    public int lpFallbacks() {
        return lpFallbacks;
    }

    /** Exact pricing searches run (one per class per LP solve). */
    public long pricingCalls() {
        return pricingCalls;
    }

    /** Branch-and-bound nodes over all pricing searches. */
    public long pricingNodes() {
        return pricingNodes;
    }

    /** Pricing searches that hit the node limit (their proven bounds, not optima, entered the upper bound). */
    public long pricingTruncations() {
        return pricingTruncations;
    }

    /** Wall time in GLOP (model updates and solves). */
    public long lpNanos() {
        return lpNanos;
    }

    /** Wall time in pricing. */
    public long pricingNanos() {
        return pricingNanos;
    }

    /** Total wall time, including enumeration for {@link Method#ENUMERATION}. */
    public long wallNanos() {
        return wallNanos;
    }

    @Override
    public String toString() {
        return "CapacityResult[" + method + ", rho=" + rho + " in [" + lowerBound + ", " + upperBound + "], columns="
            + columns + ", lpSolves=" + lpSolves + "]";
    }
}
