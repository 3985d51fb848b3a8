package org.stowage.theory;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.statistics.distribution.ChiSquaredDistribution;

/**
 * The stationary configuration distribution of one server under RMS-bar, RMS with its weights held fixed and
 * no queues (Psychas and Ghaderi 2018, Definition 2, Lemma 1, Eq. 9), computed exactly by enumerating the
 * server's feasible configurations.
 *
 * <h2>The law</h2>
 * Under RMS-bar with {@code L} servers, a type-{@code j} job is added to a given server at rate
 * {@code r_j / L} when it fits (Eq. 7) and each of the server's {@code k_j} type-{@code j} jobs leaves for
 * good at rate {@code mu_j exp(-w_j)} (it departs at rate {@code mu_j} and is replaced with probability
 * {@code 1 - exp(-w_j)}, Eq. 8). Eq. (9) is a product over servers, and the configuration sets are a
 * product too, so the servers are independent in steady state and one server's configuration {@code k} has
 * <pre>
 *   phi(k) = (1 / Z) prod_j a_j^{k_j} / k_j!,   a_j = (r_j / (L mu_j)) exp(w_j),
 * </pre>
 * over the server's feasible configurations: a truncated product of Poisson laws (for one type, the Erlang
 * loss distribution). For RMS+JSQ (Sec. V-B, Eq. 14) pass the server's own clock rates {@code r_j^l} and
 * {@code servers = 1}.
 *
 * <p>The values are computed in log space ({@code k_j (w_j + log(r_j / (L mu_j))) - log k_j!}, then a
 * log-sum-exp), so large weights or counts do not overflow.
 *
 * <h2>Comparing with a simulation</h2>
 * {@link #totalVariation} takes observed time fractions per configuration (in this object's order);
 * {@link #chiSquare} takes counts of independent observations (for example the configuration seen at
 * sampling instants spaced several mixing times apart; time fractions of one run are autocorrelated and
 * are not counts). Cells whose expected count is below 5 are pooled into one cell before the test, the
 * usual rule for the chi-square approximation.
 *
 * <p>Offline: built once, allocates freely; immutable and thread-safe afterwards.
 */
public final class RmsBarDistribution {
    /** Expected count below which chi-square cells are pooled. */
    public static final double MIN_EXPECTED_COUNT = 5.0;

    private final int types;
    private final int[][] configurations;
    private final double[] probabilities;
    private final Map<String, Integer> index = new HashMap<>();

    private RmsBarDistribution(final int[][] configurations, final double[] probabilities) {
        this.types = configurations[0].length;
        this.configurations = configurations;
        this.probabilities = probabilities;
        for (int i = 0; i < configurations.length; i++) {
            index.put(Arrays.toString(configurations[i]), i);
        }
    }

    /**
     * The law of one server's configuration.
     *
     * @param sizes        {@code sizes[j][d]} in units
     * @param capacity     the server's capacity vector in units
     * @param weights      fixed weights {@code w_j}, finite (any sign)
     * @param clockRates   {@code r_j > 0}: the rate of type {@code j}'s clock over the whole cluster
     * @param serviceRates {@code mu_j > 0}
     * @param servers      {@code L >= 1}, the servers the clocks sample uniformly from
     * @param limit        most feasible configurations to enumerate (an {@link IllegalArgumentException} beyond)
     */
    public static RmsBarDistribution ofServer(final int[][] sizes, final int[] capacity, final double[] weights,
                                              final double[] clockRates, final double[] serviceRates,
                                              final int servers, final long limit) {
        final int types = sizes.length;
        if (weights.length != types || clockRates.length != types || serviceRates.length != types) {
            throw new IllegalArgumentException("expected " + types + " weights, clock rates and service rates: "
                + weights.length + ", " + clockRates.length + ", " + serviceRates.length);
        }
        if (servers < 1) {
            throw new IllegalArgumentException("servers must be >= 1: " + servers);
        }
        final double[] logActivity = new double[types];
        for (int j = 0; j < types; j++) {
            if (!Double.isFinite(weights[j])) {
                throw new IllegalArgumentException("weight of type " + j + " must be finite: " + weights[j]);
            }
            if (!(clockRates[j] > 0) || Double.isInfinite(clockRates[j])) {
                throw new IllegalArgumentException("clock rate of type " + j + " must be finite and > 0: "
                    + clockRates[j]);
            }
            if (!(serviceRates[j] > 0) || Double.isInfinite(serviceRates[j])) {
                throw new IllegalArgumentException("service rate of type " + j + " must be finite and > 0: "
                    + serviceRates[j]);
            }
            logActivity[j] = weights[j] + Math.log(clockRates[j] / (servers * serviceRates[j]));
        }
        final List<int[]> feasible = Configurations.feasible(sizes, capacity, limit);
        final int[][] configurations = feasible.toArray(new int[0][]);
        final double[] logTerms = new double[configurations.length];
        double largest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < configurations.length; i++) {
            double term = 0;
            for (int j = 0; j < types; j++) {
                final int k = configurations[i][j];
                term += k * logActivity[j] - logFactorial(k);
            }
            logTerms[i] = term;
            largest = Math.max(largest, term);
        }
        double sum = 0;
        for (final double term : logTerms) {
            sum += Math.exp(term - largest);
        }
        final double[] probabilities = new double[configurations.length];
        for (int i = 0; i < configurations.length; i++) {
            probabilities[i] = Math.exp(logTerms[i] - largest) / sum;
        }
        return new RmsBarDistribution(configurations, probabilities);
    }

    /** {@code log(k!)} by summation (counts are at most the jobs one server holds). */
    static double logFactorial(final int k) {
        double sum = 0;
        for (int i = 2; i <= k; i++) {
            sum += Math.log(i);
        }
        return sum;
    }

    /** Number of feasible configurations (the empty one included). */
    public int size() {
        return configurations.length;
    }

    /** Number of job types. */
    public int types() {
        return types;
    }

    /** Configuration {@code i} (a copy); the order is {@link Configurations#feasible}'s, decreasing lexicographic. */
    public int[] configuration(final int i) {
        return configurations[i].clone();
    }

    /** {@code phi} of configuration {@code i}. */
    public double probability(final int i) {
        return probabilities[i];
    }

    /** The index of configuration {@code k}, or -1 if it is not feasible. */
    public int indexOf(final int... k) {
        if (k.length != types) {
            throw new IllegalArgumentException("expected " + types + " counts: " + k.length);
        }
        return index.getOrDefault(Arrays.toString(k), -1);
    }

    /** {@code phi(k)}, 0 for an infeasible configuration. */
    public double probabilityOf(final int... k) {
        final int i = indexOf(k);
        return i < 0 ? 0 : probabilities[i];
    }

    /** The stationary mean number of type-{@code j} jobs on the server. */
    public double meanCount(final int j) {
        double mean = 0;
        for (int i = 0; i < configurations.length; i++) {
            mean += probabilities[i] * configurations[i][j];
        }
        return mean;
    }

    /**
     * Total variation distance {@code (1/2) sum_i |q_i - phi_i|} between observed fractions and this law.
     *
     * @param fractions one per configuration, in this object's order; need not sum exactly to 1
     */
    public double totalVariation(final double[] fractions) {
        checkLength(fractions.length);
        double sum = 0;
        for (int i = 0; i < probabilities.length; i++) {
            sum += Math.abs(fractions[i] - probabilities[i]);
        }
        return sum / 2;
    }

    /**
     * Pearson's chi-square goodness-of-fit test of independent observations against this law. Cells with
     * expected count below {@link #MIN_EXPECTED_COUNT} are pooled into one (dropped if the pool itself is
     * still below it and there are other cells; then its observations count in the total only).
     *
     * @param counts observations per configuration, in this object's order
     * @return the statistic, the degrees of freedom (cells after pooling - 1) and the p-value
     */
    public ChiSquare chiSquare(final long[] counts) {
        checkLength(counts.length);
        long total = 0;
        for (final long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("counts must be >= 0: " + c);
            }
            total += c;
        }
        if (total == 0) {
            throw new IllegalArgumentException("no observations");
        }
        double statistic = 0;
        int cells = 0;
        double pooledExpected = 0;
        long pooledObserved = 0;
        for (int i = 0; i < probabilities.length; i++) {
            final double expected = probabilities[i] * total;
            if (expected < MIN_EXPECTED_COUNT) {
                pooledExpected += expected;
                pooledObserved += counts[i];
            } else {
                statistic += square(counts[i] - expected) / expected;
                cells++;
            }
        }
        if (pooledExpected >= MIN_EXPECTED_COUNT || (cells == 0 && pooledExpected > 0)) {
            statistic += square(pooledObserved - pooledExpected) / pooledExpected;
            cells++;
        }
        final int degrees = cells - 1;
        final double pValue = degrees < 1 ? 1.0 : ChiSquaredDistribution.of(degrees).survivalProbability(statistic);
        return new ChiSquare(statistic, degrees, pValue);
    }

    /** Result of {@link #chiSquare}. */
    public record ChiSquare(double statistic, int degreesOfFreedom, double pValue) {
    }

    private static double square(final double x) {
        return x * x;
    }

    private void checkLength(final int length) {
        if (length != probabilities.length) {
            throw new IllegalArgumentException("expected one value per configuration (" + probabilities.length
                + "): " + length);
        }
    }

    @Override
    public String toString() {
        final StringBuilder text = new StringBuilder("RmsBarDistribution[");
        for (int i = 0; i < configurations.length; i++) {
            text.append(i == 0 ? "" : ", ").append(Arrays.toString(configurations[i])).append('=')
                .append(String.format(Locale.ROOT, "%.6g", probabilities[i]));
        }
        return text.append(']').toString();
    }
}
