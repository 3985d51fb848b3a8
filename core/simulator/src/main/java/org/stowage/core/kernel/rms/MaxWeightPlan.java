package org.stowage.core.kernel.rms;

import java.util.List;

import org.stowage.core.model.ConfigurationSearch;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;

/**
 * The precomputed half of MWR and MWS (Psychas and Ghaderi 2018, Sec. VII-A3): for every server class, how
 * its max-weight configuration is found at run time. A class whose maximal configurations are few (at most
 * {@link #MAX_TABLE}; 3 for Fig. 1b, 6 for the EC2 servers) gets a {@link MaxWeightTable} of them; a
 * one-resource class whose sizes divide each other and the capacity (the trace's dyadic types), or whose
 * maximal set is too large, gets a {@link GridKnapsack} instead (built per kernel, since it has scratch
 * tables). Both return the lexicographically largest optimum, so the choice never changes a decision.
 *
 * <p>Made before the run by {@link #of} (the application layer through {@code org.stowage.theory.ModelPlans},
 * tests through the kernel definition's test planner), so kernels enumerate nothing. Immutable.
 */
public final class MaxWeightPlan {
    /** Most maximal configurations kept in a table for one server class. */
    public static final int MAX_TABLE = 4096;

    private final int types;
    private final MaxWeightTable[] tables;
    /** One-resource sizes of the types in units, for the grids. */
    private final int[] sizes;
    private final int[] capacities;

    private MaxWeightPlan(final int types, final MaxWeightTable[] tables, final int[] sizes, final int[] capacities) {
        this.types = types;
        this.tables = tables;
        this.sizes = sizes;
        this.capacities = capacities;
    }

    /**
     * The plan for a model whose job classes are discrete types (exact sizes).
     *
     * @throws IllegalArgumentException naming the server class when neither a table nor a grid can serve it
     */
    public static MaxWeightPlan of(final Model model) {
        final JobClasses classes = model.jobClasses();
        final ServerClasses servers = model.serverClasses();
        final int types = classes.count();
        final int dimensions = servers.dimensions();
        if (types == 0 || !classes.allExact()) {
            throw new IllegalArgumentException("MWR and MWS need discrete job types of exact size in the model;"
                + " it has " + classes);
        }
        final int[][] typeSizes = new int[types][dimensions];
        for (int j = 0; j < types; j++) {
            for (int d = 0; d < dimensions; d++) {
                typeSizes[j][d] = classes.exactSize(j, d);
            }
        }
        final MaxWeightTable[] tables = new MaxWeightTable[servers.count()];
        final int[] capacities = new int[servers.count()];
        for (int c = 0; c < servers.count(); c++) {
            final int[] capacity = new int[dimensions];
            for (int d = 0; d < dimensions; d++) {
                capacity[d] = servers.capacity(c, d);
            }
            capacities[c] = capacity[0];
            if (dimensions == 1 && gridServes(typeSizes, capacity[0], true)) {
                continue;
            }
            try {
                final List<int[]> maximal = ConfigurationSearch.maximal(typeSizes, capacity, MAX_TABLE);
                tables[c] = new MaxWeightTable(types, maximal.toArray(new int[0][]));
            } catch (final IllegalArgumentException tooMany) {
                if (dimensions != 1 || !gridServes(typeSizes, capacity[0], false)) {
                    throw new IllegalArgumentException("server class " + c + " has more than " + MAX_TABLE
                        + " maximal configurations of the " + types + " job types and no exact one-resource grid;"
                        + " MWR and MWS cannot find its max-weight configuration cheaply", tooMany);
                }
            }
        }
        final int[] sizes = new int[types];
        for (int j = 0; j < types; j++) {
            sizes[j] = typeSizes[j][0];
        }
        return new MaxWeightPlan(types, tables, sizes, capacities);
    }

    /** Whether a grid serves one resource: always when divisible; otherwise only if its table is small. */
    private static boolean gridServes(final int[][] typeSizes, final int capacity, final boolean divisibleOnly) {
        final int[] sizes = new int[typeSizes.length];
        long g = capacity;
        for (int j = 0; j < sizes.length; j++) {
            sizes[j] = typeSizes[j][0];
            if (sizes[j] < 1) {
                return false;
            }
            g = gcd(g, sizes[j]);
        }
        final long cells = capacity / g + 1;
        if ((sizes.length + 1L) * cells > GridKnapsack.MAX_TABLE_CELLS) {
            return false;
        }
        return !divisibleOnly || new GridKnapsack(sizes, capacity).divisible();
    }

    private static long gcd(final long a, final long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** Number of job types {@code J}. */
    public int types() {
        return types;
    }

    /** Number of server classes. */
    public int serverClasses() {
        return tables.length;
    }

    /** Whether server class {@code c} uses a table of maximal configurations (else a grid). */
    public boolean usesTable(final int c) {
        return tables[c] != null;
    }

    /** A run-time oracle for one kernel (builds the grids; not thread-safe). */
    public Oracle oracle() {
        return new Oracle(this);
    }

    @Override
    public String toString() {
        int table = 0;
        for (final MaxWeightTable t : tables) {
            table += t == null ? 0 : 1;
        }
        return "MaxWeightPlan[" + types + " types, " + tables.length + " server classes, " + table + " by table]";
    }

    /**
     * Max-weight configurations of every server class, for one kernel. {@link #best}: O(K J) by a table of
     * K maximal configurations, O(J) or O(J C / g) by a grid (see {@link GridKnapsack}); no allocation.
     */
    public static final class Oracle {
        private final MaxWeightTable[] tables;
        private final GridKnapsack[] grids;

        private Oracle(final MaxWeightPlan plan) {
            tables = plan.tables;
            grids = new GridKnapsack[tables.length];
            for (int c = 0; c < tables.length; c++) {
                if (tables[c] == null) {
                    grids[c] = new GridKnapsack(plan.sizes, plan.capacities[c]);
                }
            }
        }

        /**
         * Writes the lexicographically largest configuration of largest {@code <k, w>} of server class
         * {@code c} into {@code out} and returns that weight.
         *
         * @param weights queue lengths, {@code >= 0}
         */
        public long best(final int c, final int[] weights, final int[] out) {
            final MaxWeightTable table = tables[c];
            if (table == null) {
                return grids[c].solve(weights, out);
            }
            final int i = table.best(weights);
            table.copy(i, out);
            return table.weight(i, weights);
        }
    }
}
