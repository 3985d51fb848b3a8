package org.stowage.theory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.stowage.core.model.ServerClasses;

/**
 * The maximum supportable workload of a finite-type system (Psychas and Ghaderi 2019, Eq. 4; 2018, Eq. 2-3
 * for several resources and heterogeneous servers):
 * <pre>
 *   rho* = sup { rho : rho * P &lt;= sum_l x^l, x^l in Conv(K_l) }
 * </pre>
 * where {@code K_l} is the set of feasible configurations of server {@code l} ({@link Configurations}).
 * Identical servers form a class {@code c} with {@code n_c} servers; writing the class's share of the sum
 * as {@code sum_k y_{c,k} k} with {@code y >= 0}, {@code sum_k y_{c,k} = n_c} turns Eq. 4 into the LP of
 * {@link ConfigurationLp}. The supremum of Eq. 4 (strict inequality there) and the LP's maximum coincide.
 *
 * <h2>Column generation ({@link #solve})</h2>
 * The master LP starts with one column per class and type: as many jobs of that type alone as fit (or the
 * empty configuration for a class that holds no type). Each round solves the master (GLOP), takes the duals
 * {@code pi_j} of the type rows (clipped to {@code >= 0}) and {@code sigma_c} of the class rows, and solves
 * the pricing problem of each class exactly ({@link MaxWeightConfiguration}): {@code z_c = max_k <pi, k>}.
 * A column with reduced cost {@code z_c - sigma_c > eps * max(1, |sigma_c|)} enters the master. By weak
 * duality {@code UB = sum_c n_c z_c / <P, pi>} bounds {@code rho*} from above in every round.
 *
 * <p>The pricing search is exact unless it visits more than {@link Options#pricingNodeLimit()} nodes
 * (only the multi-resource branch and bound can; one resource uses an exact dynamic programme when it is
 * small enough). A truncated search still returns its best column and a proven bound on the optimum,
 * which is what enters {@code UB}, so the certificate stays valid; the result counts truncations.
 *
 * <p>Stopping rule (eps = {@link Options#tolerance()}, default 1e-9): stop when
 * {@code UB - rho_LP <= eps * max(1, UB)}, or when no class has a column with reduced cost above the
 * tolerance that is not already in the master (a column already present means the LP's own tolerances
 * were reached), or after {@link Options#maxRounds()} rounds. The result then carries certified bounds
 * ({@link CapacityResult}); {@link CapacityResult#converged()} says whether the rule, not the limit,
 * stopped it.
 *
 * <h2>Full enumeration ({@link #enumerate})</h2>
 * Every feasible configuration of every class ({@link Configurations#feasible}) as a column, one LP: the
 * obviously correct reference for small instances. Its upper bound is priced the same way.
 *
 * <p>Types with probability 0 get no LP row and stay 0 in every configuration. Everything is in the
 * simulator's integer units, so a configuration is feasible here exactly when the simulator could hold it.
 * Stateless; each call builds and frees its own LP, so calls may run in parallel.
 */
public final class MaxSupportableWorkload {
    private MaxSupportableWorkload() {
    }

    /**
     * Solver settings.
     *
     * @param tolerance        eps of the stopping rule (relative), in (0, 1e-3]
     * @param maxRounds        most master LP solves for column generation
     * @param enumerationLimit most columns full enumeration may create
     * @param lpSolver         "GLOP" (default) or "CLP", both from OR-Tools
     * @param lpParameters     solver-specific parameters ("" for the solver's defaults; protobuf text for GLOP)
     * @param pricingNodeLimit search nodes per pricing search before it settles for its best column and a
     *                         proven bound ({@link MaxWeightConfiguration#upperBound()})
     */
    public record Options(double tolerance, int maxRounds, long enumerationLimit, String lpSolver,
                          String lpParameters, long pricingNodeLimit) {
        /** eps = 1e-9, 100,000 rounds, 2,000,000 enumerated columns, GLOP with its defaults, 20,000,000 nodes. */
        public static Options defaults() {
            return new Options(1e-9, 100_000, 2_000_000, "GLOP", "", 20_000_000);
        }

        /** These options with another tolerance. */
        public Options withTolerance(final double newTolerance) {
            return new Options(newTolerance, maxRounds, enumerationLimit, lpSolver, lpParameters, pricingNodeLimit);
        }

        /** These options with another LP solver. */
        public Options withLpSolver(final String newLpSolver) {
            return new Options(tolerance, maxRounds, enumerationLimit, newLpSolver, lpParameters, pricingNodeLimit);
        }

        /** These options with another pricing node limit. */
        public Options withPricingNodeLimit(final long newLimit) {
            return new Options(tolerance, maxRounds, enumerationLimit, lpSolver, lpParameters, newLimit);
        }

        public Options {
            if (!(tolerance > 0) || tolerance > 1e-3) {
                throw new IllegalArgumentException("tolerance must be in (0, 1e-3]: " + tolerance);
            }
            if (maxRounds < 1) {
                throw new IllegalArgumentException("maxRounds must be >= 1: " + maxRounds);
            }
            if (enumerationLimit < 1) {
                throw new IllegalArgumentException("enumerationLimit must be >= 1: " + enumerationLimit);
            }
            if (!"GLOP".equals(lpSolver) && !"CLP".equals(lpSolver)) {
                throw new IllegalArgumentException("LP solver must be GLOP or CLP: " + lpSolver);
            }
            if (lpParameters == null) {
                throw new IllegalArgumentException("LP parameters must not be null; use \"\" for the defaults");
            }
            if (pricingNodeLimit < 1) {
                throw new IllegalArgumentException("pricing node limit must be >= 1: " + pricingNodeLimit);
            }
        }
    }

    /** {@code rho*} by column generation with default options. */
    public static CapacityResult solve(final JobTypes types, final ServerClasses servers) {
        return solve(types, servers, Options.defaults());
    }

    /** {@code rho*} by column generation. */
    public static CapacityResult solve(final JobTypes types, final ServerClasses servers, final Options options) {
        return run(types, servers, options, CapacityResult.Method.COLUMN_GENERATION);
    }

    /** {@code rho*} by full enumeration with default options. */
    public static CapacityResult enumerate(final JobTypes types, final ServerClasses servers) {
        return enumerate(types, servers, Options.defaults());
    }

    /**
     * {@code rho*} by full enumeration of feasible configurations.
     *
     * @throws IllegalArgumentException if more than {@link Options#enumerationLimit()} columns would be needed
     */
    public static CapacityResult enumerate(final JobTypes types, final ServerClasses servers, final Options options) {
        return run(types, servers, options, CapacityResult.Method.ENUMERATION);
    }

    private static CapacityResult run(final JobTypes types, final ServerClasses servers, final Options options,
                                      final CapacityResult.Method method) {
        Configurations.checkDimensions(types, servers);
        ConfigurationLp.loadNatives(); // once per JVM (about a second: the natives are unpacked); not timed
        final long start = System.nanoTime();
        final int[] active = activeTypes(types);
        final int m = active.length;
        final int[][] sizes = new int[m][];
        final double[] probabilities = new double[m];
        for (int i = 0; i < m; i++) {
            sizes[i] = types.sizesView()[active[i]];
            probabilities[i] = types.probability(active[i]);
        }
        final int classes = servers.count();
        final int[] classServers = new int[classes];
        for (int c = 0; c < classes; c++) {
            classServers[c] = servers.size(c);
        }
        final int[] unfit = typesFittingNoServer(sizes, servers, active);

        final MaxWeightConfiguration pricing = new MaxWeightConfiguration(sizes, options.pricingNodeLimit());
        final List<int[]> columnConfigurations = new ArrayList<>();
        final List<Set<Key>> seen = new ArrayList<>();
        for (int c = 0; c < classes; c++) {
            seen.add(new HashSet<>());
        }
        long lpNanos = 0;
        long pricingNanos = 0;
        long pricingCalls = 0;
        long pricingNodes = 0;
        long truncations = 0;
        try (ConfigurationLp lp = new ConfigurationLp(probabilities, classServers, options.lpSolver(), options.lpParameters())) {
            long mark = System.nanoTime();
            if (method == CapacityResult.Method.COLUMN_GENERATION) {
                addSingleTypeColumns(lp, sizes, servers, columnConfigurations, seen);
            } else {
                long remaining = options.enumerationLimit();
                for (int c = 0; c < classes; c++) {
                    final List<int[]> all = Configurations.feasible(sizes, servers.capacity(c), remaining);
                    remaining -= all.size();
                    for (final int[] k : all) {
                        addColumn(lp, c, k, columnConfigurations, seen);
                    }
                }
            }
            lpNanos += System.nanoTime() - mark;
            final int initialColumns = lp.columnCount();

            final double[] pi = new double[m];
            final double[] sigma = new double[classes];
            final double[] z = new double[classes];
            final int[][] priced = new int[classes][m];
            double upper;
            boolean converged;
            boolean truncatedRound;
            while (true) {
                mark = System.nanoTime();
                lp.solve();
                final double lpValue = lp.objective();
                double scale = 0;
                for (int j = 0; j < m; j++) {
                    pi[j] = Math.max(0.0, lp.typeDual(j));
                    scale += probabilities[j] * pi[j];
                }
                for (int c = 0; c < classes; c++) {
                    sigma[c] = lp.classDual(c);
                }
                lpNanos += System.nanoTime() - mark;

                mark = System.nanoTime();
                double total = 0;
                truncatedRound = false;
                for (int c = 0; c < classes; c++) {
                    z[c] = pricing.solve(pi, servers.capacity(c), priced[c]);
                    pricingNodes += pricing.nodes();
                    pricingCalls++;
                    if (pricing.truncated()) {
                        truncations++;
                        truncatedRound = true;
                    }
                    total += classServers[c] * pricing.upperBound();
                }
                pricingNanos += System.nanoTime() - mark;
                upper = scale > 0 ? total / scale : Double.POSITIVE_INFINITY;

                if (method == CapacityResult.Method.ENUMERATION) {
                    converged = true;
                    break;
                }
                if (upper - lpValue <= options.tolerance() * Math.max(1.0, upper)) {
                    converged = true;
                    break;
                }
                mark = System.nanoTime();
                int added = 0;
                int stale = 0;
                for (int c = 0; c < classes; c++) {
                    if (z[c] - sigma[c] > options.tolerance() * Math.max(1.0, Math.abs(sigma[c]))) {
                        if (addColumn(lp, c, priced[c], columnConfigurations, seen)) {
                            added++;
                        } else {
                            stale++;
                        }
                    }
                }
                lpNanos += System.nanoTime() - mark;
                if (added == 0) {
                    // No improving column (optimal within eps unless a search was truncated), or only columns
                    // the LP already holds (its tolerances are reached). The bounds certify the result anyway.
                    converged = stale == 0 && !truncatedRound;
                    break;
                }
                if (lp.solveCount() >= options.maxRounds()) {
                    converged = false;
                    break;
                }
            }

            final double lpValue = lp.objective();
            final List<CapacityResult.MixEntry> mix = new ArrayList<>();
            final double lower = certifiedLowerBound(lp, columnConfigurations, probabilities, classServers, types,
                active, mix);
            return new CapacityResult(method, lpValue, lower, upper, converged, mix, unfit, lp.columnCount(),
                initialColumns, lp.solveCount(), lp.fallbackCount(), pricingCalls, pricingNodes, truncations,
                    lpNanos, pricingNanos,
                System.nanoTime() - start);
        }
    }

    private static int[] activeTypes(final JobTypes types) {
        int count = 0;
        for (int j = 0; j < types.count(); j++) {
            if (types.probability(j) > 0) {
                count++;
            }
        }
        final int[] active = new int[count];
        count = 0;
        for (int j = 0; j < types.count(); j++) {
            if (types.probability(j) > 0) {
                active[count++] = j;
            }
        }
        return active;
    }

    private static int[] typesFittingNoServer(final int[][] sizes, final ServerClasses servers, final int[] active) {
        final List<Integer> unfit = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            boolean fitsSomewhere = false;
            for (int c = 0; c < servers.count() && !fitsSomewhere; c++) {
                fitsSomewhere = Configurations.maxCount(sizes[i], servers.capacity(c)) > 0;
            }
            if (!fitsSomewhere) {
                unfit.add(active[i]);
            }
        }
        return unfit.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void addSingleTypeColumns(final ConfigurationLp lp, final int[][] sizes, final ServerClasses servers,
                                             final List<int[]> columnConfigurations, final List<Set<Key>> seen) {
        for (int c = 0; c < servers.count(); c++) {
            final int[] capacity = servers.capacity(c);
            boolean any = false;
            for (int i = 0; i < sizes.length; i++) {
                final int most = Configurations.maxCount(sizes[i], capacity);
                if (most > 0) {
                    final int[] k = new int[sizes.length];
                    k[i] = most;
                    addColumn(lp, c, k, columnConfigurations, seen);
                    any = true;
                }
            }
            if (!any) {
                addColumn(lp, c, new int[sizes.length], columnConfigurations, seen);
            }
        }
    }

    /** Adds the column unless the class already has it; returns whether it was added. */
    private static boolean addColumn(final ConfigurationLp lp, final int c, final int[] k,
                                     final List<int[]> columnConfigurations, final List<Set<Key>> seen) {
        final int[] copy = k.clone();
        if (!seen.get(c).add(new Key(copy))) {
            return false;
        }
        lp.addColumn(c, copy);
        columnConfigurations.add(copy);
        return true;
    }

    /**
     * {@code min_j x_j / P_j} for {@code x = sum_c f_c sum_k max(0, y_{c,k}) k} with {@code f_c} scaling each
     * class to at most {@code n_c} servers: a workload the clipped mix provably supports. Fills {@code mix}
     * with the scaled positive entries, mapped back to the input's type indices.
     */
    private static double certifiedLowerBound(final ConfigurationLp lp, final List<int[]> columnConfigurations,
                                              final double[] probabilities, final int[] classServers,
                                              final JobTypes types, final int[] active,
                                              final List<CapacityResult.MixEntry> mix) {
        final int columns = lp.columnCount();
        final double[] y = new double[columns];
        final double[] classSum = new double[classServers.length];
        for (int col = 0; col < columns; col++) {
            y[col] = Math.max(0.0, lp.columnValue(col));
            classSum[lp.columnClass(col)] += y[col];
        }
        final double[] x = new double[probabilities.length];
        final List<Integer> positive = new ArrayList<>();
        for (int col = 0; col < columns; col++) {
            final int c = lp.columnClass(col);
            final double scale = classSum[c] > classServers[c] ? classServers[c] / classSum[c] : 1.0;
            y[col] *= scale;
            if (y[col] > 0) {
                final int[] k = columnConfigurations.get(col);
                for (int j = 0; j < k.length; j++) {
                    x[j] += y[col] * k[j];
                }
                positive.add(col);
            }
        }
        double lower = Double.POSITIVE_INFINITY;
        for (int j = 0; j < x.length; j++) {
            lower = Math.min(lower, x[j] / probabilities[j]);
        }
        positive.sort((a, b) -> {
            final int byClass = Integer.compare(lp.columnClass(a), lp.columnClass(b));
            if (byClass != 0) {
                return byClass;
            }
            final int byWeight = Double.compare(y[b], y[a]);
            return byWeight != 0 ? byWeight : Integer.compare(a, b);
        });
        for (final int col : positive) {
            final int[] reduced = columnConfigurations.get(col);
            final int[] full = new int[types.count()];
            for (int j = 0; j < reduced.length; j++) {
                full[active[j]] = reduced[j];
            }
            mix.add(new CapacityResult.MixEntry(lp.columnClass(col), full, y[col]));
        }
        return lower;
    }

    /** A configuration as a hash key. */
    private static final class Key {
        private final int[] k;
        private final int hash;

        Key(final int[] k) {
            this.k = k;
            this.hash = Arrays.hashCode(k);
        }

        @Override
        public boolean equals(final Object other) {
            return other instanceof Key && Arrays.equals(k, ((Key) other).k);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
