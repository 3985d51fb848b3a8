package org.stowage.theory.lotes;

/**
 * Settings of LoTES's offline stages, for the choices the paper leaves open (docs/LOTES.md).
 *
 * @param positiveThreshold a pair (configuration, class) is in {@code K^j} when Stage 1 gives it
 *                          {@code max_l delta*_jkl} above this (GLOP's basic solutions carry round-off of
 *                          about 1e-15 where the exact value is 0); in (0, 1e-3]
 * @param excludeUnfitPairs Stage 1 allocates no capacity of configuration {@code j} to class {@code k} when one
 *                          job of the class's mean size does not fit an empty machine of {@code j} (such a pair
 *                          could hold no bin in Stage 2); false solves Eq. 1-5 exactly as printed
 * @param binLimit          most non-dominated bins enumerated per configuration (Algorithm 1); a configuration
 *                          with more gets its bins by column generation instead (same LP optimum, see
 *                          {@link MachineAssignment})
 * @param routing           how the level-1 roulette weighs configurations
 */
public record LotesOptions(double positiveThreshold, boolean excludeUnfitPairs, long binLimit, Routing routing) {
    /**
     * The weight of configuration {@code j} in the roulette for class {@code k} (Sec. 4.3.1), normalised
     * over {@code j}.
     */
    public enum Routing {
        /**
         * {@code rho_jk = Delta_jkl / sum_m Delta_mkl}, the paper's formula: the class's share of the
         * assigned capacity, whatever the processing rates.
         */
        CAPACITY,
        /**
         * {@code rho_jk proportional to Delta_jkl mu_jk}: the class's share of the assigned throughput (Eq. 7's
         * terms), which differs from {@link #CAPACITY} only when {@code mu_jk} depends on {@code j}
         * (Figs. 12-13).
         */
        THROUGHPUT
    }

    /** 1e-9, unfit pairs excluded, 100,000 bins enumerated per configuration, the paper's routing. */
    public static LotesOptions defaults() {
        return new LotesOptions(1e-9, true, 100_000, Routing.CAPACITY);
    }

    /** These options with another routing. */
    public LotesOptions withRouting(final Routing value) {
        return new LotesOptions(positiveThreshold, excludeUnfitPairs, binLimit, value);
    }

    /** These options with unfit pairs excluded or not. */
    public LotesOptions withExcludeUnfitPairs(final boolean value) {
        return new LotesOptions(positiveThreshold, value, binLimit, routing);
    }

    /** These options with another bin limit. */
    public LotesOptions withBinLimit(final long value) {
        return new LotesOptions(positiveThreshold, excludeUnfitPairs, value, routing);
    }

    public LotesOptions {
        if (!(positiveThreshold > 0) || positiveThreshold > 1e-3) {
            throw new IllegalArgumentException("LoTES positive threshold must be in (0, 1e-3]: " + positiveThreshold);
        }
        if (binLimit < 1) {
            throw new IllegalArgumentException("LoTES bin limit must be >= 1: " + binLimit);
        }
        if (routing == null) {
            throw new IllegalArgumentException("LoTES routing must be given (CAPACITY or THROUGHPUT)");
        }
    }
}
