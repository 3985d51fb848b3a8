package org.stowage.core.kernel.lotes;

import java.util.Arrays;

import org.stowage.core.state.JobTable;

/**
 * The offline part of LoTES (Tran et al. 2018, Sec. 4.1-4.2) in the form its dispatcher (Sec. 4.3) reads:
 * which bin every machine emulates and how each job class is routed over the machine configurations.
 * Produced before a run by {@code org.stowage.theory.lotes.LotesPlanner} (Stages 1 and 2, solved with
 * OR-Tools) and handed to the kernel as plain arrays, so the kernel never sees the LP solver.
 *
 * <h2>Indices</h2>
 * Job classes {@code k} in {@code [0, K)} are the simulation's job classes ({@code JobTable.jobClass});
 * configurations {@code j} in {@code [0, M)} are groups of identical machines (the SPI's server classes);
 * machines are the simulation's server ids {@code s} in {@code [0, S)}; bins {@code b} in {@code [0, B)} are
 * the distinct job mixes that at least one machine emulates (each belongs to one configuration).
 *
 * <h2>What the dispatcher reads, rule by rule</h2>
 * <ul>
 *   <li><b>Arrival, level 1 (4.3.1):</b> the roulette over configurations for a class-{@code k} job:
 *       {@link #routingProbability(int, int) rho_jk} for {@code j = 0..M-1} in index order, i.e. configuration
 *       {@code j} is chosen when {@code sum_{m<j} rho_mk <= u < sum_{m<=j} rho_mk} for {@code u ~ U[0, 1)}.
 *       rho_jk is computed from the rounded machine assignment ({@code Delta_jkl} of Eq. 8 after
 *       rounding), so it is positive exactly where {@link #serves(int, int)} is true; a class's row sums to 1,
 *       or is all 0 when no machine emulates a bin holding that class.</li>
 *   <li><b>Arrival, level 2:</b> among the machines of the chosen configuration ({@link #configurationServer}),
 *       the one with the highest {@code v = N_ijk - kappa_sk} that fits the job, where
 *       {@link #target(int, int) N_ijk = target(s, k)} is the number of class-{@code k} jobs in the bin machine
 *       {@code s} emulates and {@code kappa_sk} the class-{@code k} jobs running on {@code s} (kernel state).
 *       The paper's matrix {@code A^j} (machine {@code i} can serve class {@code k}) is {@code target(s, k) > 0}.</li>
 *   <li><b>Arrival, fallbacks:</b> the other configurations with {@code Delta_jk > 0}
 *       ({@link #serves(int, int)}), by roulette over their {@code rho_jk} renormalised to the ones not yet
 *       tried; then any machine that fits; else the class's queue.</li>
 *   <li><b>Departure (4.3.2):</b> on machine {@code s} of configuration {@code j}, the classes {@code k} with
 *       {@code serves(j, k)} in decreasing {@code v = target(s, k) - kappa_sk}; a class with
 *       {@code serves(j, k) == false} is never started there at a departure (the machine idles instead).</li>
 * </ul>
 * {@link #classSlots(int, int)} ({@code sum_i N_ijk x_ij}: jobs' worth of configuration {@code j}'s capacity
 * devoted to class {@code k}, i.e. {@code Delta_jkl / r_kl}) and the three lambda values are for reports and
 * for setting the load of generated workloads ({@code lambda = 0.97 lambda*} in Sec. 5.4).
 *
 * <p>Ties, roulette draws and the order of the "any machine" fallback are the kernel's to define; the plan
 * only fixes the data. Machines of one configuration are listed in increasing server id.
 *
 * <p>Immutable and thread-safe (arrays are copied in and never exposed); every accessor is O(1) and
 * allocation-free. Memory: about {@code 12 S + 4 B K + 16 M K} bytes.
 */
public final class LotesPlan {
    /** Tolerance of the check that a class's routing probabilities sum to 1. */
    static final double ROUTING_SUM_TOLERANCE = 1e-9;
    /** Relative tolerance of the lambda order checks (LP round-off). */
    static final double LAMBDA_TOLERANCE = 1e-6;

    private final int classes;
    private final int configurations;
    private final int[] configurationOfServer;
    private final int[] binOfServer;
    private final int[] binConfiguration;
    private final int[] binJobs;
    private final int[] configurationStart;
    private final int[] configurationServers;
    private final long[] classSlots;
    private final double[] routing;
    private final double allocationLambda;
    private final double lambdaStar;
    private final double roundedLambda;

    private LotesPlan(final int classes, final int configurations, final int[] configurationOfServer,
                      final int[] binOfServer, final int[] binConfiguration, final int[] binJobs,
                      final double[] routing, final double allocationLambda, final double lambdaStar,
                      final double roundedLambda) {
        this.classes = classes;
        this.configurations = configurations;
        this.configurationOfServer = configurationOfServer;
        this.binOfServer = binOfServer;
        this.binConfiguration = binConfiguration;
        this.binJobs = binJobs;
        this.routing = routing;
        this.allocationLambda = allocationLambda;
        this.lambdaStar = lambdaStar;
        this.roundedLambda = roundedLambda;
        final int servers = configurationOfServer.length;
        configurationStart = new int[configurations + 1];
        for (int s = 0; s < servers; s++) {
            configurationStart[configurationOfServer[s] + 1]++;
        }
        for (int j = 0; j < configurations; j++) {
            configurationStart[j + 1] += configurationStart[j];
        }
        configurationServers = new int[servers];
        final int[] fill = Arrays.copyOf(configurationStart, configurations);
        for (int s = 0; s < servers; s++) {
            configurationServers[fill[configurationOfServer[s]]++] = s;
        }
        classSlots = new long[configurations * classes];
        for (int s = 0; s < servers; s++) {
            final int j = configurationOfServer[s];
            final int b = binOfServer[s];
            for (int k = 0; k < classes; k++) {
                classSlots[j * classes + k] += binJobs[b * classes + k];
            }
        }
    }

    /**
     * A plan from plain arrays (copied), validated.
     *
     * @param classCount            K, in [1, JobTable.MAX_CLASS + 1]
     * @param configurationOfServer configuration of each server id {@code s}, in [0, M); every configuration
     *                              has at least one server
     * @param binOfServer           bin each server emulates, in [0, B); every bin is emulated by at least one
     *                              server of its own configuration
     * @param binConfiguration      configuration of each bin; its length is B
     * @param binJobs               {@code N}: jobs of class {@code k} in bin {@code b} at {@code [b * K + k]}, each >= 0
     * @param routing               rho: probability of configuration {@code j} for class {@code k} at
     *                              {@code [k * M + j]}; in [0, 1], positive exactly where the class has slots in
     *                              the configuration, each class's row summing to 1 (or all 0 when the class has
     *                              no slots anywhere)
     * @param allocationLambda      lambda of the Stage 1 allocation LP (an upper bound of the others), >= 0
     * @param lambdaStar            lambda* of the Stage 2 machine assignment LP, in [0, allocationLambda]
     *                              (within 1e-6 relative: LP round-off)
     * @param roundedLambda         the largest lambda the rounded assignment supports by Eq. 7, in [0, lambdaStar]
     *                              (within 1e-6 relative)
     * @throws IllegalArgumentException naming the array, the index and the value
     */
    public static LotesPlan of(final int classCount, final int[] configurationOfServer, final int[] binOfServer,
                               final int[] binConfiguration, final int[] binJobs, final double[] routing,
                               final double allocationLambda, final double lambdaStar, final double roundedLambda) {
        if (classCount < 1 || classCount > JobTable.MAX_CLASS + 1) {
            throw new IllegalArgumentException("LoTES plan: class count must be in [1, " + (JobTable.MAX_CLASS + 1)
                + "]: " + classCount);
        }
        final int servers = configurationOfServer.length;
        if (servers == 0) {
            throw new IllegalArgumentException("LoTES plan: no servers");
        }
        if (binOfServer.length != servers) {
            throw new IllegalArgumentException("LoTES plan: binOfServer has " + binOfServer.length
                + " entries, configurationOfServer " + servers);
        }
        final int bins = binConfiguration.length;
        if (bins == 0) {
            throw new IllegalArgumentException("LoTES plan: no bins");
        }
        if ((long) bins * classCount != binJobs.length) {
            throw new IllegalArgumentException("LoTES plan: binJobs must have bins x classes = " + bins + " x "
                + classCount + " entries: " + binJobs.length);
        }
        if (routing.length % classCount != 0 || routing.length == 0) {
            throw new IllegalArgumentException("LoTES plan: routing must have classes x configurations entries, a "
                + "multiple of " + classCount + ": " + routing.length);
        }
        final int configurations = routing.length / classCount;
        for (int s = 0; s < servers; s++) {
            if (configurationOfServer[s] < 0 || configurationOfServer[s] >= configurations) {
                throw new IllegalArgumentException("LoTES plan: configuration of server " + s + " must be in [0, "
                    + configurations + "): " + configurationOfServer[s]);
            }
            if (binOfServer[s] < 0 || binOfServer[s] >= bins) {
                throw new IllegalArgumentException("LoTES plan: bin of server " + s + " must be in [0, " + bins + "): "
                    + binOfServer[s]);
            }
            if (binConfiguration[binOfServer[s]] != configurationOfServer[s]) {
                throw new IllegalArgumentException("LoTES plan: server " + s + " of configuration "
                    + configurationOfServer[s] + " emulates bin " + binOfServer[s] + " of configuration "
                    + binConfiguration[binOfServer[s]]);
            }
        }
        final boolean[] configurationUsed = new boolean[configurations];
        final boolean[] binUsed = new boolean[bins];
        for (int s = 0; s < servers; s++) {
            configurationUsed[configurationOfServer[s]] = true;
            binUsed[binOfServer[s]] = true;
        }
        for (int j = 0; j < configurations; j++) {
            if (!configurationUsed[j]) {
                throw new IllegalArgumentException("LoTES plan: configuration " + j + " has no server");
            }
        }
        for (int b = 0; b < bins; b++) {
            if (!binUsed[b]) {
                throw new IllegalArgumentException("LoTES plan: no server emulates bin " + b);
            }
            for (int k = 0; k < classCount; k++) {
                if (binJobs[b * classCount + k] < 0) {
                    throw new IllegalArgumentException("LoTES plan: bin " + b + " has a negative count of class " + k
                        + ": " + binJobs[b * classCount + k]);
                }
            }
        }
        checkLambda("allocation lambda", allocationLambda);
        checkLambda("lambda*", lambdaStar);
        checkLambda("rounded lambda", roundedLambda);
        if (lambdaStar > allocationLambda * (1 + LAMBDA_TOLERANCE) + 1e-12) {
            throw new IllegalArgumentException("LoTES plan: lambda* " + lambdaStar
                + " exceeds the allocation LP's lambda " + allocationLambda);
        }
        if (roundedLambda > lambdaStar * (1 + LAMBDA_TOLERANCE) + 1e-12) {
            throw new IllegalArgumentException("LoTES plan: rounded lambda " + roundedLambda + " exceeds lambda* "
                + lambdaStar);
        }
        final LotesPlan plan = new LotesPlan(classCount, configurations, configurationOfServer.clone(),
            binOfServer.clone(), binConfiguration.clone(), binJobs.clone(), routing.clone(), allocationLambda,
            lambdaStar, roundedLambda);
        plan.checkRouting();
        return plan;
    }

    private static void checkLambda(final String name, final double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("LoTES plan: " + name + " must be finite and >= 0: " + value);
        }
    }

    private void checkRouting() {
        for (int k = 0; k < classes; k++) {
            double sum = 0;
            boolean anySlots = false;
            for (int j = 0; j < configurations; j++) {
                final double p = routing[k * configurations + j];
                if (!(p >= 0 && p <= 1)) {
                    throw new IllegalArgumentException("LoTES plan: routing probability of class " + k
                        + " to configuration " + j + " must be in [0, 1]: " + p);
                }
                if ((p > 0) != serves(j, k)) {
                    throw new IllegalArgumentException("LoTES plan: routing probability of class " + k
                        + " to configuration " + j + " is " + p + " but the configuration has " + classSlots(j, k)
                        + " slots for the class (positive exactly together)");
                }
                anySlots |= serves(j, k);
                sum += p;
            }
            if (anySlots && Math.abs(sum - 1) > ROUTING_SUM_TOLERANCE) {
                throw new IllegalArgumentException("LoTES plan: routing probabilities of class " + k
                    + " must sum to 1: " + sum);
            }
        }
    }

    /** K, the number of job classes. */
    public int classCount() {
        return classes;
    }

    /** M, the number of machine configurations. */
    public int configurationCount() {
        return configurations;
    }

    /** S, the number of machines (server ids 0..S-1). */
    public int serverCount() {
        return configurationOfServer.length;
    }

    /** B, the number of distinct bins that some machine emulates. */
    public int binCount() {
        return binConfiguration.length;
    }

    /** The configuration machine {@code server} belongs to. */
    public int configurationOf(final int server) {
        return configurationOfServer[server];
    }

    /** The bin machine {@code server} emulates. */
    public int binOf(final int server) {
        return binOfServer[server];
    }

    /** The configuration of bin {@code bin}. */
    public int binConfiguration(final int bin) {
        return binConfiguration[bin];
    }

    /** {@code N}: class-{@code k} jobs in bin {@code bin}. */
    public int binJobs(final int bin, final int k) {
        return binJobs[bin * classes + k];
    }

    /** {@code N_ijk} of the bin machine {@code server} emulates: the target count in {@code v = N - kappa}. */
    public int target(final int server, final int k) {
        return binJobs[binOfServer[server] * classes + k];
    }

    /** Machines in configuration {@code j}. */
    public int configurationSize(final int j) {
        return configurationStart[j + 1] - configurationStart[j];
    }

    /** The {@code index}-th machine of configuration {@code j}, in increasing server id. */
    public int configurationServer(final int j, final int index) {
        assert index >= 0 && index < configurationSize(j);
        return configurationServers[configurationStart[j] + index];
    }

    /** {@code sum_i N_ijk x_ij}: class-{@code k} jobs held by configuration {@code j}'s bins together. */
    public long classSlots(final int j, final int k) {
        return classSlots[j * classes + k];
    }

    /** {@code Delta_jk > 0}: some machine of configuration {@code j} emulates a bin holding class {@code k}. */
    public boolean serves(final int j, final int k) {
        return classSlots[j * classes + k] > 0;
    }

    /** {@code rho_jk}: the probability that the level-1 roulette sends a class-{@code k} job to {@code j}. */
    public double routingProbability(final int k, final int j) {
        return routing[k * configurations + j];
    }

    /** True when some configuration serves class {@code k} (its routing row sums to 1, not 0). */
    public boolean isRouted(final int k) {
        for (int j = 0; j < configurations; j++) {
            if (serves(j, k)) {
                return true;
            }
        }
        return false;
    }

    /** lambda of the Stage 1 allocation LP (Eq. 1-5): the fluid bound. */
    public double allocationLambda() {
        return allocationLambda;
    }

    /** lambda*: the optimum of the Stage 2 machine assignment LP (Eq. 6-10), fractional machine counts. */
    public double lambdaStar() {
        return lambdaStar;
    }

    /** The largest lambda that Eq. 7 allows for the rounded machine counts. */
    public double roundedLambda() {
        return roundedLambda;
    }

    @Override
    public String toString() {
        return "LotesPlan[K=" + classes + ", M=" + configurations + ", S=" + serverCount() + ", bins=" + binCount()
            + ", lambda*=" + lambdaStar + ", rounded " + roundedLambda + ", allocation " + allocationLambda + "]";
    }
}
