package org.stowage.reproduce;

import java.util.Locale;
import java.util.Objects;

import org.stowage.report.ClaimRow;

/**
 * A qualitative statement of the paper about a figure, what our runs show, and the verdict.
 *
 * <p>A claim is decided at every scale ({@link #of}) or at the paper's scale only ({@link #atPaperScale}):
 * the latter holds for claims that a short run cannot decide (a lock-in that takes 10<sup>5</sup> time units
 * to show, an ordering of curves within a few percent). {@link #at} resolves a claim for the scale that ran,
 * so a quick run says "not checked at quick scale" for them rather than a verdict it cannot back.
 *
 * @param paper       the paper's claim, in words
 * @param ours        what we measured, in words and numbers
 * @param verdict     agrees, differs, or not checked
 * @param decidedFrom the smallest scale whose runs decide it: {@link Scale#QUICK} (any scale) or {@link Scale#PAPER}
 * @param evidence    where the docs explain a difference (for example {@code docs/DJSF.md#reproduction}), printed
 *                    beside a {@link Verdict#DIFFERS}; null when none is written yet
 * @param reason      why it differs, in one line, printed before the evidence; null when the pointer says it all
 */
public record Claim(String paper, String ours, Verdict verdict, Scale decidedFrom, String evidence, String reason)
    implements ClaimRow {
    /** What a claim's check found. */
    public enum Verdict {
        /** Our results support the paper's claim. */
        AGREES,
        /** Our results do not support it (see {@link Claim#evidence}). */
        DIFFERS,
        /** Not decided by the runs made (a quick run of a claim only the paper's scale decides). */
        NOT_CHECKED;

        /** Lower case with spaces, as printed: {@code not checked}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    public Claim {
        Objects.requireNonNull(paper, "paper");
        Objects.requireNonNull(ours, "ours");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(decidedFrom, "decidedFrom");
    }

    /** A claim that runs of either scale decide. */
    public static Claim of(final String paper, final String ours, final boolean agrees) {
        return new Claim(paper, ours, agrees ? Verdict.AGREES : Verdict.DIFFERS, Scale.QUICK, null, null);
    }

    /** A claim that only the paper's scale decides: a quick run reports it as not checked. */
    public static Claim atPaperScale(final String paper, final String ours, final boolean agrees) {
        return new Claim(paper, ours, agrees ? Verdict.AGREES : Verdict.DIFFERS, Scale.PAPER, null, null);
    }

    /** This claim with {@code pointer} (a docs file and section) as the evidence of a difference. */
    public Claim withEvidence(final String pointer) {
        return new Claim(paper, ours, verdict, decidedFrom, pointer, reason);
    }

    /** This claim with the one-line {@code why} of a difference and {@code pointer} to its evidence. */
    public Claim withEvidence(final String why, final String pointer) {
        return new Claim(paper, ours, verdict, decidedFrom, pointer, why);
    }

    @Override
    public String verdictLabel() {
        return verdict.label();
    }

    public boolean agrees() {
        return verdict == Verdict.AGREES;
    }

    /**
     * This claim as runs of {@code scale} decide it: unchanged when they can, else {@link Verdict#NOT_CHECKED}
     * with what the quick run measured kept for the reader.
     */
    public Claim at(final Scale scale) {
        if (scale == Scale.PAPER || decidedFrom == Scale.QUICK || verdict == Verdict.NOT_CHECKED) {
            return this;
        }
        return new Claim(paper, "not checked at quick scale (quick run: " + ours + ")", Verdict.NOT_CHECKED,
            decidedFrom, evidence, reason);
    }
}
