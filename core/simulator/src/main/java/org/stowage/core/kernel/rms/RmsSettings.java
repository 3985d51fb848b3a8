package org.stowage.core.kernel.rms;

/**
 * The three numbers every RMS variant and its naive twin take (docs/RMS.md section 4): the clock rate and
 * the {@code eps} and {@code b} of the weights {@code w_j = max{f(Q_j), eps/(8M) f(Q_max)}},
 * {@code f(x) = log(1+x)^(1-b)} (Eq. 4 and 5, {@link RmsWeights}). {@link RmsFamily} makes one from a
 * scheduler spec and hands the same one to the kernel and its twin.
 *
 * @param clockRate fixed clocks: the rate of each type's (or each local queue's) clock; AD: the common clock's
 *                  rate (speedup included)
 * @param epsilon   {@code eps} of the weight floor, in (0, 1)
 * @param b         the exponent parameter of {@code f}, in [0, 1); 0 for {@code log(1 + x)}
 */
public record RmsSettings(double clockRate, double epsilon, double b) {
    public RmsSettings {
        // the registry's parameter definitions (RmsFamily: r, eps, b) are the checks; these document them
        assert clockRate > 0 && clockRate < Double.POSITIVE_INFINITY : "RMS clock rate r must be finite and > 0: "
            + clockRate;
        assert epsilon > 0 && epsilon < 1 : "RMS eps must be in (0, 1): " + epsilon;
        assert b >= 0 && b < 1 : "RMS b must be in [0, 1): " + b;
    }
}
