package org.stowage.report;

/**
 * Legend labels: a scheduler's spec, marked "(ours)" when the paper's figure does not show it (and saying so
 * when its curve is the very same as one the paper shows: an identical result, not a similar one), or "(added)"
 * when the user added it to the figure ({@code reproduce --add-scheduler}).
 */
public final class Legends {
    /** Mark of a curve the paper does not show. */
    static final String OURS = "(ours)";
    /** Mark of a curve the user added to the figure. */
    static final String ADDED = "(added)";

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

    /**
     * The label of {@code scheduler} in a figure the user added kernels to: " (added)" when it is one of them, as
     * {@link #label(String, boolean, String)} otherwise.
     */
    public static String label(final String scheduler, final boolean ours, final String identicalTo,
                               final boolean added) {
        return added ? scheduler + " " + ADDED : label(scheduler, ours, identicalTo);
    }
}
