package org.stowage.core.kernel.rms;

/**
 * The weights of RMS (Psychas and Ghaderi 2018, Eq. 4 and 5) and the two random decisions they drive.
 *
 * <pre>
 *   w_j = max{ f(Q_j), eps / (8M) * f(Q_max) }
 *   f(x) = log(1 + x)                 (b = 0: the paper's simulations, Sec. VII-A)
 *   f(x) = log(1 + x)^(1 - b)         (0 &lt; b &lt; 1: Theorems 1 and 2)
 * </pre>
 * with {@code Q_j} the type-{@code j} queue (central, or the server's local queue for RMS+JSQ, Eq. 5),
 * {@code Q_max} the largest queue of the same set, {@code eps} in (0, 1) and {@code M} the most jobs of any
 * types that fit in one server ({@code org.stowage.theory.MaxJobsPerServer}).
 *
 * <ul>
 *   <li><b>Replacement at a departure</b> (Algorithm 1): with probability {@code 1 - exp(-w_j)}. Decided by
 *       {@link #replaces}: one uniform {@code u} in [0, 1) from the algorithm stream, replace iff
 *       {@code u < 1 - exp(-w_j)}. With {@code b = 0} and {@code Q_j} above the floor that is
 *       {@code u < Q_j / (1 + Q_j)}.</li>
 *   <li><b>Adaptive clock</b> (RMS-AD, Sec. VI): at a tick of the common clock, type {@code j} with probability
 *       {@code exp(w_j) / sum_i exp(w_i)}. Decided by {@link #chooseAdaptive}: one uniform {@code u}; the
 *       smallest {@code j} whose running sum of {@code exp(w_i - w_max)} exceeds {@code u} times the total.</li>
 * </ul>
 *
 * <p>Exactly reproducible: {@link StrictMath} (log1p, log, exp, expm1), so every JVM and every JIT state
 * gives the same bits, and a reference twin that draws the same uniforms makes the same decisions.
 * ({@code log(1+x)^(1-b)} is computed as {@code exp((1-b) log(log(1+x)))}, within a few ulps of
 * {@code pow}, because {@code StrictMath.pow} allocates on JDK 17.)
 * Allocation-free; O(1) per weight, O(J) per adaptive choice. Immutable and thread-safe.
 */
public final class RmsWeights {
    /**
     * Default {@code eps}: the paper leaves it open; 0.05 is the largest round value whose guaranteed region
     * {@code (1 - eps) C} reaches the highest intensity the paper simulates (0.95). It only matters for empty
     * or short queues (see docs/RMS.md).
     */
    public static final double DEFAULT_EPSILON = 0.05;

    private final double epsilon;
    private final double b;
    private final int maxJobsPerServer;
    private final double floorCoefficient;
    private final double exponent;

    private RmsWeights(final double epsilon, final double b, final int maxJobsPerServer) {
        // the registry's parameter definitions (RmsFamily) and RmsPlan are the checks; these document them
        assert epsilon > 0 && epsilon < 1 : "RMS eps must be in (0, 1): " + epsilon;
        assert b >= 0 && b < 1 : "RMS b must be in [0, 1): " + b;
        assert maxJobsPerServer >= 1 : "M (most jobs in one server) must be >= 1: " + maxJobsPerServer;
        this.epsilon = epsilon;
        this.b = b;
        this.maxJobsPerServer = maxJobsPerServer;
        this.floorCoefficient = epsilon / (8.0 * maxJobsPerServer);
        this.exponent = 1 - b;
    }

    /** {@code f(x) = log(1 + x)}, as the paper's simulations use. */
    public static RmsWeights logarithmic(final double epsilon, final int maxJobsPerServer) {
        return new RmsWeights(epsilon, 0, maxJobsPerServer);
    }

    /** {@code f(x) = log(1 + x)^(1 - b)}; {@code b = 0} is {@link #logarithmic}. */
    public static RmsWeights of(final double epsilon, final double b, final int maxJobsPerServer) {
        return new RmsWeights(epsilon, b, maxJobsPerServer);
    }

    /** {@code f(x)} for {@code x >= 0}. */
    public double f(final double x) {
        assert x >= 0 : x;
        final double log = StrictMath.log1p(x);
        // log^(1-b) as exp((1-b) log(log)): StrictMath.pow allocates (96 bytes a call on JDK 17), these do not.
        return b == 0 || log == 0 ? log : StrictMath.exp(exponent * StrictMath.log(log));
    }

    /** {@code w_j = max{f(Q_j), eps / (8M) f(Q_max)}}. */
    public double weight(final int queueLength, final int maxQueueLength) {
        assert queueLength >= 0 && queueLength <= maxQueueLength : queueLength + " > " + maxQueueLength;
        return Math.max(f(queueLength), floorCoefficient * f(maxQueueLength));
    }

    /** {@code 1 - exp(-w_j)}: the probability that a departing type-{@code j} job is replaced. */
    public double replacementProbability(final int queueLength, final int maxQueueLength) {
        return -StrictMath.expm1(-weight(queueLength, maxQueueLength));
    }

    /**
     * The replacement coin of Algorithm 1 (and 2, with local queues).
     *
     * @param uniform one draw in [0, 1) from the algorithm stream
     * @return true iff {@code uniform < 1 - exp(-w_j)}
     */
    public boolean replaces(final int queueLength, final int maxQueueLength, final double uniform) {
        assert uniform >= 0 && uniform < 1 : uniform;
        return uniform < replacementProbability(queueLength, maxQueueLength);
    }

    /**
     * The type an adaptive tick serves (RMS-AD): {@code j} with probability proportional to {@code exp(w_j)}.
     *
     * @param queueLengths {@code Q_0 .. Q_{J-1}} (only the first {@code types} entries are read)
     * @param types        {@code J >= 1}
     * @param uniform      one draw in [0, 1) from the algorithm stream
     * @param scratch      at least {@code types} doubles, overwritten (keeps the call allocation-free)
     * @return the smallest {@code j} with {@code sum_{i <= j} e_i > uniform * sum_i e_i},
     *         {@code e_i = exp(w_i - w_max)}
     */
    public int chooseAdaptive(final int[] queueLengths, final int types, final double uniform, final double[] scratch) {
        assert types >= 1 && types <= queueLengths.length && types <= scratch.length;
        assert uniform >= 0 && uniform < 1 : uniform;
        int maxQueue = 0;
        for (int j = 0; j < types; j++) {
            maxQueue = Math.max(maxQueue, queueLengths[j]);
        }
        // f is increasing and eps / (8M) < 1, so the largest weight is f(Q_max); subtracting it keeps every
        // exponential in (0, 1] however long the queues grow.
        final double largest = weight(maxQueue, maxQueue);
        double total = 0;
        for (int j = 0; j < types; j++) {
            final double e = StrictMath.exp(weight(queueLengths[j], maxQueue) - largest);
            scratch[j] = e;
            total += e;
        }
        final double target = uniform * total;
        double running = 0;
        for (int j = 0; j < types - 1; j++) {
            running += scratch[j];
            if (running > target) {
                return j;
            }
        }
        // The running sum over all types repeats the additions of the total, so it equals it exactly and
        // exceeds uniform * total < total: the last type is the only one left.
        return types - 1;
    }

    public double epsilon() {
        return epsilon;
    }

    /** {@code b}; 0 for {@code f(x) = log(1 + x)}. */
    public double b() {
        return b;
    }

    /** {@code M}. */
    public int maxJobsPerServer() {
        return maxJobsPerServer;
    }

    /** {@code eps / (8M)}. */
    public double floorCoefficient() {
        return floorCoefficient;
    }

    @Override
    public String toString() {
        return "RmsWeights[f=" + (b == 0 ? "log(1+x)" : "log(1+x)^" + exponent) + ", eps=" + epsilon + ", M="
            + maxJobsPerServer + "]";
    }
}
