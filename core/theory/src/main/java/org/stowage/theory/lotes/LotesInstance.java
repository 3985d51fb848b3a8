package org.stowage.theory.lotes;

import java.util.Arrays;

import org.stowage.core.Units;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.ServerTable;

/**
 * The input of LoTES's offline stages (Tran et al. 2018, Sec. 2): machine configurations {@code j} with
 * capacity vectors {@code c_jl} and their machines (server ids, so {@code n_j} is their number), job classes
 * {@code k} with mean request vectors {@code r_kl} and arrival proportions {@code alpha_k}, and processing
 * rates {@code mu_jk} (a class-{@code k} job takes {@code 1 / mu_jk} on average on configuration {@code j};
 * 0 means it cannot run there, the paper's architecture restriction of Sec. 5.3).
 *
 * <p>Capacities and mean requests are in the simulator's integer units (capacities rounded down, requests
 * up, as {@link Units} does), so a bin that fits here fits in the simulation. Rates are per time unit of the
 * caller's choosing; every lambda computed from this instance is in jobs per that time unit.
 *
 * <p>Immutable; accessors are O(1) and do not copy (arrays never leave the class).
 */
public final class LotesInstance {
    private final int dimensions;
    private final int[][] capacity;
    private final int[][] servers;
    private final int serverCount;
    private final int[][] classSize;
    private final double[] proportion;
    private final double[][] rate;

    private LotesInstance(final int[][] capacity, final int[][] servers, final int serverCount,
                          final int[][] classSize, final double[] proportion, final double[][] rate) {
        this.dimensions = capacity[0].length;
        this.capacity = capacity;
        this.servers = servers;
        this.serverCount = serverCount;
        this.classSize = classSize;
        this.proportion = proportion;
        this.rate = rate;
    }

    /**
     * An instance from plain arrays (copied), validated.
     *
     * @param capacities     {@code c_jl} in units, {@code [j][l]}: M vectors of one length D in [1, 8], each
     *                       entry in [1, Units.MAX_UNITS]
     * @param serverIds      the machines of each configuration: together exactly the ids 0..S-1, each once,
     *                       at least one per configuration
     * @param classMeanSizes {@code r_kl} in units, {@code [k][l]}: K vectors of length D, entries in
     *                       [0, Units.MAX_UNITS], each positive somewhere
     * @param classWeights   relative arrival frequencies {@code alpha_k} (normalised here), finite, >= 0, not all 0
     * @param rates          {@code mu_jk}, {@code [j][k]}, finite, >= 0
     * @throws IllegalArgumentException naming the array, the indices and the value
     */
    public static LotesInstance of(final int[][] capacities, final int[][] serverIds, final int[][] classMeanSizes,
                                   final double[] classWeights, final double[][] rates) {
        final int m = capacities.length;
        if (m == 0) {
            throw new IllegalArgumentException("LoTES instance: no machine configurations");
        }
        final int d = capacities[0].length;
        if (d < 1 || d > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("LoTES instance: capacities need 1 to " + Units.MAX_DIMENSIONS
                + " resources: " + d);
        }
        final int[][] capacity = new int[m][];
        for (int j = 0; j < m; j++) {
            if (capacities[j].length != d) {
                throw new IllegalArgumentException("LoTES instance: configuration " + j + " has "
                    + capacities[j].length + " resources, configuration 0 has " + d);
            }
            for (int l = 0; l < d; l++) {
                if (capacities[j][l] < 1 || capacities[j][l] > Units.MAX_UNITS) {
                    throw new IllegalArgumentException("LoTES instance: capacity of configuration " + j
                        + ", resource " + l + " must be in [1, " + Units.MAX_UNITS + "] units: " + capacities[j][l]);
                }
            }
            capacity[j] = capacities[j].clone();
        }
        if (serverIds.length != m) {
            throw new IllegalArgumentException("LoTES instance: " + m + " configurations but server ids for "
                + serverIds.length);
        }
        long total = 0;
        for (int j = 0; j < m; j++) {
            if (serverIds[j].length == 0) {
                throw new IllegalArgumentException("LoTES instance: configuration " + j + " has no machines");
            }
            total += serverIds[j].length;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("LoTES instance: too many machines: " + total);
        }
        final int serverCount = (int) total;
        final int[] owner = new int[serverCount];
        Arrays.fill(owner, -1);
        final int[][] servers = new int[m][];
        for (int j = 0; j < m; j++) {
            servers[j] = serverIds[j].clone();
            Arrays.sort(servers[j]);
            for (final int s : servers[j]) {
                if (s < 0 || s >= serverCount) {
                    throw new IllegalArgumentException("LoTES instance: server id of configuration " + j
                        + " must be in [0, " + serverCount + "): " + s);
                }
                if (owner[s] >= 0) {
                    throw new IllegalArgumentException("LoTES instance: server " + s + " is listed in configuration "
                        + owner[s] + " and in configuration " + j);
                }
                owner[s] = j;
            }
        }
        final int k = classMeanSizes.length;
        if (k == 0) {
            throw new IllegalArgumentException("LoTES instance: no job classes");
        }
        final int[][] classSize = new int[k][];
        for (int c = 0; c < k; c++) {
            if (classMeanSizes[c].length != d) {
                throw new IllegalArgumentException("LoTES instance: class " + c + " has " + classMeanSizes[c].length
                    + " resources, the machines " + d);
            }
            boolean positive = false;
            for (int l = 0; l < d; l++) {
                if (classMeanSizes[c][l] < 0 || classMeanSizes[c][l] > Units.MAX_UNITS) {
                    throw new IllegalArgumentException("LoTES instance: mean size of class " + c + ", resource " + l
                        + " must be in [0, " + Units.MAX_UNITS + "] units: " + classMeanSizes[c][l]);
                }
                positive |= classMeanSizes[c][l] > 0;
            }
            if (!positive) {
                throw new IllegalArgumentException("LoTES instance: class " + c + " has mean size 0 on every "
                    + "resource: any number of its jobs would fit in a machine");
            }
            classSize[c] = classMeanSizes[c].clone();
        }
        if (classWeights.length != k) {
            throw new IllegalArgumentException("LoTES instance: " + k + " classes but " + classWeights.length
                + " weights");
        }
        double sum = 0;
        for (int c = 0; c < k; c++) {
            if (!(classWeights[c] >= 0) || Double.isInfinite(classWeights[c])) {
                throw new IllegalArgumentException("LoTES instance: weight of class " + c
                    + " must be finite and >= 0: " + classWeights[c]);
            }
            sum += classWeights[c];
        }
        if (!(sum > 0) || Double.isInfinite(sum)) {
            throw new IllegalArgumentException("LoTES instance: class weights must have a finite positive sum: "
                + sum);
        }
        final double[] proportion = new double[k];
        for (int c = 0; c < k; c++) {
            proportion[c] = classWeights[c] / sum;
        }
        if (rates.length != m) {
            throw new IllegalArgumentException("LoTES instance: " + m + " configurations but rates for "
                + rates.length);
        }
        final double[][] rate = new double[m][];
        for (int j = 0; j < m; j++) {
            if (rates[j].length != k) {
                throw new IllegalArgumentException("LoTES instance: configuration " + j + " has rates for "
                    + rates[j].length + " classes, not " + k);
            }
            for (int c = 0; c < k; c++) {
                if (!(rates[j][c] >= 0) || Double.isInfinite(rates[j][c])) {
                    throw new IllegalArgumentException("LoTES instance: rate mu of configuration " + j + ", class "
                        + c + " must be finite and >= 0: " + rates[j][c]);
                }
            }
            rate[j] = rates[j].clone();
        }
        return new LotesInstance(capacity, servers, serverCount, classSize, proportion, rate);
    }

    /**
     * The machine configurations of a cluster: capacity vectors (units) and the server ids of each.
     *
     * @param capacities {@code [j][l]}
     * @param serverIds  {@code [j][]}, increasing
     */
    public record MachineGroups(int[][] capacities, int[][] serverIds) {
        /** M. */
        public int count() {
            return capacities.length;
        }
    }

    /**
     * The configurations of a server table: servers with equal capacity vectors form one configuration,
     * configurations in order of first appearance (for {@code Clusters.google2011}: Table 1's order).
     */
    public static MachineGroups configurationsOf(final ServerTable table) {
        return configurationsOf(ServerClasses.of(table));
    }

    /** The configurations of server classes: one per class, in class order, its servers ascending. */
    public static MachineGroups configurationsOf(final ServerClasses classes) {
        final int[][] capacities = new int[classes.count()][];
        final int[][] members = new int[classes.count()][];
        for (int j = 0; j < members.length; j++) {
            capacities[j] = classes.capacity(j);
            members[j] = new int[classes.size(j)];
            for (int i = 0; i < members[j].length; i++) {
                members[j][i] = classes.server(j, i);
            }
        }
        return new MachineGroups(capacities, members);
    }

    /** {@link #of} with the configurations of {@code machines}. */
    public static LotesInstance of(final MachineGroups machines, final int[][] classMeanSizes,
                                   final double[] classWeights, final double[][] rates) {
        return of(machines.capacities(), machines.serverIds(), classMeanSizes, classWeights, rates);
    }

    /**
     * The instance of a model (what {@link LotesPlanProvider} solves, for a generated workload's classes, not
     * the k-means {@link KMeansClasses} of a trace): the configurations of its server classes, each job class's
     * mean size rounded up to whole units (so a plan's bins hold the mean job of a class), its arrival rate as
     * weight (1 when the class has none) and {@code mu_k = 1 / mean service} on every configuration.
     *
     * @throws IllegalArgumentException as {@link #of} does, for classes no configuration can hold
     */
    public static LotesInstance of(final Model model) {
        final JobClasses classes = model.jobClasses();
        final int count = classes.count();
        final int[][] means = new int[count][classes.dimensions()];
        final double[] weights = new double[count];
        final double[] rates = new double[count];
        for (int k = 0; k < count; k++) {
            for (int d = 0; d < classes.dimensions(); d++) {
                means[k][d] = (int) Math.ceil(classes.meanSize(k, d));
            }
            weights[k] = classes.arrivalRate(k) > 0 ? classes.arrivalRate(k) : 1;
            rates[k] = 1 / classes.meanService(k);
        }
        final MachineGroups machines = configurationsOf(model.serverClasses());
        return of(machines, means, weights, sameRates(machines.count(), rates));
    }

    /** Rates that do not depend on the configuration: {@code mu_jk = classRates[k]} for every {@code j}. */
    public static double[][] sameRates(final int configurations, final double[] classRates) {
        final double[][] rates = new double[configurations][];
        for (int j = 0; j < configurations; j++) {
            rates[j] = classRates.clone();
        }
        return rates;
    }

    /** M. */
    public int configurationCount() {
        return capacity.length;
    }

    /** K. */
    public int classCount() {
        return classSize.length;
    }

    /** D. */
    public int dimensions() {
        return dimensions;
    }

    /** S, the machines of all configurations (server ids 0..S-1). */
    public int serverCount() {
        return serverCount;
    }

    /** {@code n_j}. */
    public int machines(final int j) {
        return servers[j].length;
    }

    /** The {@code i}-th server id of configuration {@code j}, in increasing order. */
    public int server(final int j, final int i) {
        return servers[j][i];
    }

    /** {@code c_jl} in units. */
    public int capacity(final int j, final int l) {
        return capacity[j][l];
    }

    /** {@code r_kl} in units. */
    public int classSize(final int k, final int l) {
        return classSize[k][l];
    }

    /** {@code alpha_k}, normalised. */
    public double proportion(final int k) {
        return proportion[k];
    }

    /** {@code mu_jk}. */
    public double rate(final int j, final int k) {
        return rate[j][k];
    }

    /** Whether one job of class {@code k}'s mean size fits into an empty machine of configuration {@code j}. */
    public boolean fits(final int j, final int k) {
        for (int l = 0; l < dimensions; l++) {
            if (classSize[k][l] > capacity[j][l]) {
                return false;
            }
        }
        return true;
    }

    /** Shared view for the package's solvers; never modified. */
    int[][] classSizesView() {
        return classSize;
    }

    /** Shared view for the package's solvers; never modified. */
    int[] capacityView(final int j) {
        return capacity[j];
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("LotesInstance[");
        for (int j = 0; j < capacity.length; j++) {
            text.append(j == 0 ? "" : ", ").append(servers[j].length).append('x').append(Arrays.toString(capacity[j]));
        }
        text.append("; classes");
        for (int k = 0; k < classSize.length; k++) {
            text.append(' ').append(Arrays.toString(classSize[k])).append('@').append(proportion[k]);
        }
        return text.append(']').toString();
    }
}
