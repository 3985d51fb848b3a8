package org.stowage.report;

/**
 * Legend labels: a scheduler's spec, marked "(ours)" when the paper's figure does not show it, and saying
 * so when its curve is the very same as one the paper shows (an identical result, not a similar one).
 */
public final class Legends {
    /** Mark of a curve the paper does not show. */
    static final String OURS = "(ours)";

    private Legends() {
    }

    /**
     * The label of {@code scheduler}: its spec; with " (ours)" when {@code ours}; and, when
     * {@code identicalTo} is not null, " (ours; identical to X here)".
     */
    public static String label(final String scheduler, final boolean ours, final String identicalTo) {
        if (identicalTo != null && !ours) {
            throw new IllegalArgumentException(scheduler + " is the paper's, yet said identical to " + identicalTo);
        }
        if (!ours) {
            return scheduler;
        }
        return identicalTo == null ? scheduler + " " + OURS : scheduler + " (ours; identical to " + identicalTo + " here)";
    }
}
