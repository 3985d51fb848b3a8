package org.stowage.theory.lotes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.stowage.theory.Configurations;
import org.stowage.theory.MaxWeightConfiguration;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;

/**
 * Stage 2 of LoTES (Tran et al. 2018, Sec. 4.2): the non-dominated bins of each configuration over the
 * classes Stage 1 gave it (Algorithm 1), the machine assignment LP (Eq. 6-10), and the rounding of its
 * fractional machine counts.
 *
 * <h2>Bins (Algorithm 1)</h2>
 * A bin of configuration {@code j} is a multiset of classes of {@code K^j} whose mean sizes fit one machine
 * together ({@code sum_k N_k r_kl <= c_jl} for every {@code l}, in the simulator's units); it is
 * non-dominated when no further job of any class of {@code K^j} fits. {@link #bins} enumerates exactly these
 * (the set Algorithm 1 is meant to produce; its printed pseudo-code never resets {@code nextBin} and, read
 * literally, can also emit dominated bins such as {@code (0, 1)} for capacity 5 and sizes 2 and 3), by the
 * depth-first search of {@link Configurations#maximal}: each class's count from its largest feasible value
 * down to 0, the last class always at its largest, a leaf kept when no class fits the residual. Classes
 * outside {@code K^j} have count 0. A configuration whose {@code K^j} is empty, or none of whose classes fits,
 * has one bin: the empty one (its machines idle under the plan).
 *
 * <h2>Too many bins: column generation</h2>
 * Small classes on a large machine with a large {@code K^j} have millions of non-dominated bins (Sec. 5.4 at
 * Phi = 0: nine classes of 0.025 on a 1.0 machine; a degenerate Stage 1 may give one configuration seven of
 * them, C(46, 6) = 9.4 million bins). When a configuration has more than {@link LotesOptions#binLimit()},
 * its bins enter the LP by column generation instead: it starts from one greedy bin per class of
 * {@code K^j}, and each round prices the configuration exactly ({@link MaxWeightConfiguration}: the bin of
 * {@code K^j} classes maximising {@code sum_k pi_k a_jk N_k}, made non-dominated by greedy completion) and
 * adds it while its reduced cost is positive. The LP optimum equals that over all non-dominated bins (a
 * max-weight bin can be completed to a non-dominated one without losing weight, since weights are >= 0);
 * {@link #enumerated}, {@link #rounds} and {@link #converged} say what happened.
 *
 * <h2>The LP (Eq. 6-10)</h2>
 * With {@code Delta_jkl = sum_i N_ijk r_kl x_ij} substituted from (8), constraint (7) reads
 * {@code sum_j mu_jk sum_i N_ijk x_ij >= lambda alpha_k} (one row per class; every resource gives the same
 * row after dividing by {@code r_kl > 0}), and (9) {@code sum_i x_ij = n_j}. Columns: one per bin, as the
 * fraction {@code x_ij / n_j} in [0, 1], plus lambda scaled by Stage 1's lambda (rows of order 1).
 *
 * <h2>Rounding ({@link #round})</h2>
 * The paper's rule: per configuration, {@code q_j = n_j - sum_i floor(x_ij)} bins are rounded up, those with
 * the largest fractional parts, the rest down; ties (the paper: "broken arbitrarily") go to the lower bin
 * index, i.e. the lexicographically larger count vector. Values within 1e-9 of an integer are snapped to it
 * first (LP round-off) and negative round-off is clipped to 0. So {@code sum_i x_ij = n_j} holds exactly.
 * The rounded counts' own lambda ({@code min_k sum_j mu_jk sum_i N_ijk x_ij / alpha_k}, Eq. 7 with Eq. 8
 * recomputed) is reported beside the LP's.
 */
public final class MachineAssignment {
    /** Distance from an integer below which an LP value is taken as that integer before rounding. */
    static final double SNAP = 1e-9;

    private final LotesInstance instance;
    private final List<List<int[]>> bins;
    private final boolean[] generated;
    private final long[] binNanos;
    private final double[][] fractional;
    private final int[][] rounded;
    private final double lambdaStar;
    private final double roundedLambda;
    private final long lpNanos;
    private final int rounds;
    private final int truncations;
    private final boolean converged;

    private MachineAssignment(final LotesInstance instance, final List<List<int[]>> bins, final boolean[] generated,
                              final long[] binNanos, final double[][] fractional, final int[][] rounded,
                              final double lambdaStar, final double roundedLambda, final long lpNanos,
                              final int rounds, final int truncations, final boolean converged) {
        this.instance = instance;
        this.bins = bins;
        this.generated = generated;
        this.rounds = rounds;
        this.truncations = truncations;
        this.converged = converged;
        this.binNanos = binNanos;
        this.fractional = fractional;
        this.rounded = rounded;
        this.lambdaStar = lambdaStar;
        this.roundedLambda = roundedLambda;
        this.lpNanos = lpNanos;
    }

    /**
     * The non-dominated bins of a machine of capacity {@code capacity} over the classes {@code classes} (a
     * subset of the rows of {@code classSizes}), as count vectors over all classes, in decreasing
     * lexicographic order; the empty bin alone when no class fits or {@code classes} is empty.
     *
     * @param limit most bins; more is an {@link IllegalArgumentException}
     */
    public static List<int[]> bins(final int[] capacity, final int[][] classSizes, final int[] classes,
                                   final long limit) {
        final List<int[]> full = new ArrayList<>();
        if (classes.length == 0) {
            full.add(new int[classSizes.length]);
            return full;
        }
        final int[][] subset = new int[classes.length][];
        for (int i = 0; i < classes.length; i++) {
            subset[i] = classSizes[classes[i]];
        }
        for (final int[] counts : Configurations.maximal(subset, capacity, limit)) {
            final int[] bin = new int[classSizes.length];
            for (int i = 0; i < classes.length; i++) {
                bin[classes[i]] = counts[i];
            }
            full.add(bin);
        }
        return full;
    }

    /**
     * The rounding rule (see the class comment): integer machine counts summing to {@code machines}.
     *
     * @param x        fractional counts of one configuration's bins, summing to {@code machines} within 1e-6
     * @param machines {@code n_j} >= 0
     * @throws IllegalArgumentException when the counts do not sum to {@code machines}
     */
    public static int[] round(final double[] x, final int machines) {
        final int[] floor = new int[x.length];
        final double[] fraction = new double[x.length];
        double sum = 0;
        long floors = 0;
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException("machine count of bin " + i + " is not finite: " + x[i]);
            }
            double value = Math.max(0, x[i]);
            final double nearest = Math.rint(value);
            if (Math.abs(value - nearest) <= SNAP) {
                value = nearest;
            }
            sum += value;
            floor[i] = (int) Math.floor(value);
            fraction[i] = value - floor[i];
            floors += floor[i];
        }
        if (Math.abs(sum - machines) > 1e-6 * Math.max(1, machines)) {
            throw new IllegalArgumentException("machine counts sum to " + sum + ", not " + machines);
        }
        final long up = machines - floors;
        if (up < 0 || up > x.length) {
            throw new IllegalArgumentException("machine counts sum to " + sum + ": " + up + " bins to round up of "
                + x.length);
        }
        final Integer[] order = new Integer[x.length];
        for (int i = 0; i < x.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> fraction[a] != fraction[b] ? Double.compare(fraction[b], fraction[a])
            : Integer.compare(a, b));
        for (int r = 0; r < up; r++) {
            floor[order[r]]++;
        }
        return floor;
    }

    /** Stage 2 for {@code instance} given its Stage 1 solution. */
    public static MachineAssignment solve(final LotesInstance instance, final Allocation allocation,
                                          final LotesOptions options) {
        final int m = instance.configurationCount();
        final int classes = instance.classCount();
        final List<List<int[]>> bins = new ArrayList<>(m);
        final boolean[] generated = new boolean[m];
        final long[] binNanos = new long[m];
        for (int j = 0; j < m; j++) {
            final long start = System.nanoTime();
            final int[] kj = allocation.classesView(j);
            try {
                bins.add(bins(instance.capacityView(j), instance.classSizesView(), kj, options.binLimit()));
            } catch (final IllegalArgumentException e) {
                if (!e.getMessage().contains("too many to enumerate")) {
                    throw e;
                }
                generated[j] = true;
                bins.add(greedyBins(instance.capacityView(j), instance.classSizesView(), kj));
            }
            binNanos[j] = System.nanoTime() - start;
        }
        final long lpStart = System.nanoTime();
        final Master master = new Master(instance, allocation, bins);
        final double[][] fractional = new double[m][];
        double lambdaStar;
        int rounds = 0;
        int truncations = 0;
        boolean converged = true;
        try (Glop glop = new Glop()) {
            master.build(glop.solver);
            final MaxWeightConfiguration[] pricing = new MaxWeightConfiguration[m];
            while (true) {
                glop.solve("LoTES machine assignment LP");
                rounds++;
                boolean added = false;
                boolean open = false;
                for (int j = 0; j < m; j++) {
                    if (!generated[j]) {
                        continue;
                    }
                    final int[] kj = allocation.classesView(j);
                    if (pricing[j] == null) {
                        final int[][] sizes = new int[kj.length][];
                        for (int i = 0; i < kj.length; i++) {
                            sizes[i] = instance.classSizesView()[kj[i]];
                        }
                        pricing[j] = new MaxWeightConfiguration(sizes, PRICING_NODE_LIMIT);
                    }
                    final double[] weights = new double[kj.length];
                    for (int i = 0; i < kj.length; i++) {
                        weights[i] = master.classDual(kj[i]) * master.coefficient(j, kj[i]);
                    }
                    final int[] counts = new int[kj.length];
                    final double value = pricing[j].solve(weights, instance.capacityView(j), counts);
                    final double sigma = master.convexityDual(j);
                    final double tolerance = 1e-9 * Math.max(1, Math.abs(sigma));
                    if (pricing[j].truncated()) {
                        truncations++;
                    }
                    if (value - sigma > tolerance) {
                        final int[] bin = complete(instance.capacityView(j), instance.classSizesView(), kj, counts,
                            classes);
                        if (master.add(glop.solver, j, bin)) {
                            added = true;
                        }
                    } else if (pricing[j].upperBound() - sigma > tolerance) {
                        open = true;
                    }
                }
                if (!added) {
                    converged = !open;
                    break;
                }
                if (rounds >= MAX_ROUNDS) {
                    converged = false;
                    break;
                }
            }
            lambdaStar = master.lambda();
            for (int j = 0; j < m; j++) {
                fractional[j] = master.machines(j);
            }
        }
        final long lpNanos = System.nanoTime() - lpStart;
        final int[][] rounded = new int[m][];
        for (int j = 0; j < m; j++) {
            rounded[j] = round(fractional[j], instance.machines(j));
        }
        final double roundedLambda = supportedLambda(instance, bins, rounded);
        // the rounded counts are a feasible point of the LP, so its optimum bounds them; allow only round-off
        if (roundedLambda > lambdaStar * (1 + 1e-6) + 1e-12) {
            throw new IllegalStateException("LoTES Stage 2: the rounded assignment supports lambda " + roundedLambda
                + ", above the LP optimum " + lambdaStar);
        }
        lambdaStar = Math.max(lambdaStar, roundedLambda);
        return new MachineAssignment(instance, bins, generated, binNanos, fractional, rounded, lambdaStar,
            roundedLambda, lpNanos, rounds, truncations, converged);
    }

    /** Search nodes per pricing problem before it settles for its best bin and a proven bound. */
    static final long PRICING_NODE_LIMIT = 2_000_000;
    /** Most master solves of column generation. */
    static final int MAX_ROUNDS = 10_000;

    /** Starting bins of a generated configuration: per class of {@code K^j}, as many as fit, then completed. */
    static List<int[]> greedyBins(final int[] capacity, final int[][] classSizes, final int[] classes) {
        final List<int[]> start = new ArrayList<>();
        for (int first = 0; first < classes.length; first++) {
            final int[] counts = new int[classes.length];
            final int[] order = new int[classes.length];
            for (int i = 0; i < classes.length; i++) {
                order[i] = (first + i) % classes.length;
            }
            final int[] bin = completeInOrder(capacity, classSizes, classes, counts, order, classSizes.length);
            if (start.stream().noneMatch(b -> Arrays.equals(b, bin))) {
                start.add(bin);
            }
        }
        return start;
    }

    /** {@code counts} (over {@code classes}) made non-dominated by adding jobs class by class; over all classes. */
    static int[] complete(final int[] capacity, final int[][] classSizes, final int[] classes, final int[] counts,
                          final int allClasses) {
        final int[] order = new int[classes.length];
        for (int i = 0; i < classes.length; i++) {
            order[i] = i;
        }
        return completeInOrder(capacity, classSizes, classes, counts, order, allClasses);
    }

    private static int[] completeInOrder(final int[] capacity, final int[][] classSizes, final int[] classes,
                                         final int[] counts, final int[] order, final int allClasses) {
        final int[] residual = capacity.clone();
        for (int i = 0; i < classes.length; i++) {
            for (int d = 0; d < residual.length; d++) {
                residual[d] -= counts[i] * classSizes[classes[i]][d];
            }
        }
        final int[] bin = new int[allClasses];
        for (int i = 0; i < classes.length; i++) {
            bin[classes[i]] = counts[i];
        }
        for (final int i : order) {
            final int[] size = classSizes[classes[i]];
            int more = Integer.MAX_VALUE;
            for (int d = 0; d < residual.length; d++) {
                if (size[d] > 0) {
                    more = Math.min(more, residual[d] / size[d]);
                }
            }
            bin[classes[i]] += more;
            for (int d = 0; d < residual.length; d++) {
                residual[d] -= more * size[d];
            }
        }
        return bin;
    }

    /**
     * The master LP over the current bins: lambda scaled by Stage 1's lambda, one column per bin as the
     * fraction {@code x_ij / n_j}; class rows {@code lambda' - sum a x <= 0} (duals pi_k >= 0, as in
     * {@code org.stowage.theory.ConfigurationLp}) and convexity rows {@code sum_i x_ij / n_j = 1} (duals
     * sigma_j), so a bin's reduced cost is {@code sum_k pi_k a_jk N_k - sigma_j}.
     */
    private static final class Master {
        private final LotesInstance instance;
        private final List<List<int[]>> bins;
        private final double scale;
        private final List<List<MPVariable>> columns = new ArrayList<>();
        private final List<Set<String>> known = new ArrayList<>();
        private MPVariable lambda;
        private MPConstraint[] classRows;
        private MPConstraint[] convexity;

        Master(final LotesInstance instance, final Allocation allocation, final List<List<int[]>> bins) {
            this.instance = instance;
            this.bins = bins;
            this.scale = allocation.lambda() > 0 ? allocation.lambda() : 1;
        }

        /** {@code a_jk}: the coefficient of one class-{@code k} job of a configuration-{@code j} bin. */
        double coefficient(final int j, final int k) {
            return instance.rate(j, k) * instance.machines(j) / (instance.proportion(k) * scale);
        }

        void build(final MPSolver solver) {
            lambda = solver.makeNumVar(0.0, MPSolver.infinity(), "lambda");
            classRows = new MPConstraint[instance.classCount()];
            for (int k = 0; k < classRows.length; k++) {
                if (instance.proportion(k) > 0) {
                    classRows[k] = solver.makeConstraint(-MPSolver.infinity(), 0.0, "class" + k);
                    classRows[k].setCoefficient(lambda, 1.0);
                }
            }
            convexity = new MPConstraint[instance.configurationCount()];
            for (int j = 0; j < convexity.length; j++) {
                convexity[j] = solver.makeConstraint(1.0, 1.0, "machines" + j);
                columns.add(new ArrayList<>());
                known.add(new HashSet<>());
                final List<int[]> own = new ArrayList<>(bins.get(j));
                bins.set(j, new ArrayList<>());
                for (final int[] bin : own) {
                    add(solver, j, bin);
                }
            }
            final MPObjective objective = solver.objective();
            objective.setCoefficient(lambda, 1.0);
            objective.setMaximization();
        }

        /** Adds bin {@code bin} of configuration {@code j} as a column unless it is there; true when added. */
        boolean add(final MPSolver solver, final int j, final int[] bin) {
            if (!known.get(j).add(Arrays.toString(bin))) {
                return false;
            }
            final MPVariable x = solver.makeNumVar(0.0, 1.0, "x" + j + "_" + columns.get(j).size());
            convexity[j].setCoefficient(x, 1.0);
            for (int k = 0; k < bin.length; k++) {
                if (classRows[k] != null && bin[k] > 0) {
                    classRows[k].setCoefficient(x, -coefficient(j, k) * bin[k]);
                }
            }
            columns.get(j).add(x);
            bins.get(j).add(bin);
            return true;
        }

        double classDual(final int k) {
            return classRows[k] == null ? 0 : Math.max(0, classRows[k].dualValue());
        }

        double convexityDual(final int j) {
            return convexity[j].dualValue();
        }

        double lambda() {
            return Math.max(0, lambda.solutionValue()) * scale;
        }

        double[] machines(final int j) {
            final List<MPVariable> own = columns.get(j);
            final double[] x = new double[own.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = own.get(i).solutionValue() * instance.machines(j);
            }
            return x;
        }
    }

    /** {@code min_k sum_j mu_jk sum_i N_ijk x_ij / alpha_k} over the classes with {@code alpha_k > 0}. */
    static double supportedLambda(final LotesInstance instance, final List<List<int[]>> bins, final int[][] x) {
        double lambda = Double.POSITIVE_INFINITY;
        for (int k = 0; k < instance.classCount(); k++) {
            if (instance.proportion(k) == 0) {
                continue;
            }
            double throughput = 0;
            for (int j = 0; j < instance.configurationCount(); j++) {
                long jobs = 0;
                for (int i = 0; i < x[j].length; i++) {
                    jobs += (long) bins.get(j).get(i)[k] * x[j][i];
                }
                throughput += instance.rate(j, k) * jobs;
            }
            lambda = Math.min(lambda, throughput / instance.proportion(k));
        }
        return lambda;
    }

    /** The instance. */
    public LotesInstance instance() {
        return instance;
    }

    /**
     * {@code |B_j|}: the non-dominated bins of configuration {@code j} when they were enumerated, else the bins
     * column generation created ({@link #enumerated}).
     */
    public int binCount(final int j) {
        return bins.get(j).size();
    }

    /** True when configuration {@code j}'s bins are all its non-dominated bins (Algorithm 1). */
    public boolean enumerated(final int j) {
        return !generated[j];
    }

    /** Master LP solves (1 when every configuration was enumerated). */
    public int rounds() {
        return rounds;
    }

    /** Pricing searches that hit their node limit. */
    public int pricingTruncations() {
        return truncations;
    }

    /**
     * False when column generation stopped at its round limit, or when a truncated pricing search could not
     * prove that no better bin exists; lambda* is then a lower bound of the LP over all bins.
     */
    public boolean converged() {
        return converged;
    }

    /** {@code N_ijk}: class-{@code k} jobs in bin {@code i} of configuration {@code j}. */
    public int binJobs(final int j, final int i, final int k) {
        return bins.get(j).get(i)[k];
    }

    /** A copy of bin {@code i} of configuration {@code j} (counts over all classes). */
    public int[] bin(final int j, final int i) {
        return bins.get(j).get(i).clone();
    }

    /** Wall time of Algorithm 1 for configuration {@code j}. */
    public long binNanos(final int j) {
        return binNanos[j];
    }

    /** Wall time of building and solving the LP. */
    public long lpNanos() {
        return lpNanos;
    }

    /** {@code x_ij} of the LP (fractional). */
    public double fractionalMachines(final int j, final int i) {
        return fractional[j][i];
    }

    /** {@code x_ij} after rounding. */
    public int machines(final int j, final int i) {
        return rounded[j][i];
    }

    /** lambda*: the LP's optimum. */
    public double lambdaStar() {
        return lambdaStar;
    }

    /** The lambda the rounded counts support (Eq. 7 with Eq. 8 recomputed). */
    public double roundedLambda() {
        return roundedLambda;
    }

    /** {@code sum_i N_ijk x_ij} for the rounded counts. */
    public long classSlots(final int j, final int k) {
        long jobs = 0;
        for (int i = 0; i < rounded[j].length; i++) {
            jobs += (long) bins.get(j).get(i)[k] * rounded[j][i];
        }
        return jobs;
    }

    /** {@code Delta_jkl} of the rounded counts: resource {@code l} of {@code j} devoted to class {@code k} (units). */
    public double delta(final int j, final int k, final int l) {
        return (double) classSlots(j, k) * instance.classSize(k, l);
    }
}
