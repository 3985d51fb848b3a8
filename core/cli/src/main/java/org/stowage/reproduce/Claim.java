package org.stowage.reproduce;

import static org.stowage.reproduce.Numbers.number;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.stowage.core.metrics.Stability;
import org.stowage.report.ClaimRow;
import org.stowage.sweep.Sweep;

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

    /** Ratio within which two average queues count as comparable in a claim. */
    public static final double COMPARABLE = 2.0;

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

    // ---- claims that several figures make ----

    /** {@code curve} unstable in most replications at the largest value of {@code axis}. */
    public static Claim unstableAtTheEnd(final List<Sweep.Unit> units, final String axis, final String curve,
                                         final String paper) {
        double high = Double.NEGATIVE_INFINITY;
        for (final Sweep.Unit unit : units) {
            high = Math.max(high, unit.point().number(axis));
        }
        final List<Sweep.Unit> runs = new ArrayList<>();
        for (final Sweep.Unit unit : units) {
            if (unit.scheduler().equals(curve) && unit.point().number(axis) == high) {
                runs.add(unit);
            }
        }
        int unstable = 0;
        for (final Sweep.Unit unit : runs) {
            unstable += unit.result().stability().verdict() == Stability.Verdict.UNSTABLE ? 1 : 0;
        }
        return Claim.atPaperScale(paper + " (most replications unstable at " + axis + " " + number(high) + ")",
            curve + " at " + number(high) + ": " + QueueTraceFigure.verdictCounts(runs), 2 * unstable > runs.size());
    }

    /** No replication of {@code curve} unstable at any point. */
    public static Claim neverUnstable(final List<Sweep.Unit> units, final String curve, final String paper) {
        final List<Sweep.Unit> runs = new ArrayList<>();
        for (final Sweep.Unit unit : units) {
            if (unit.scheduler().equals(curve)) {
                runs.add(unit);
            }
        }
        int unstable = 0;
        for (final Sweep.Unit unit : runs) {
            unstable += unit.result().stability().verdict() == Stability.Verdict.UNSTABLE ? 1 : 0;
        }
        return Claim.atPaperScale(paper + " (no replication unstable)", curve + ": " + QueueTraceFigure.verdictCounts(runs),
            unstable == 0);
    }

    /** {@code first} below {@code second} at every axis value. */
    public static Claim lower(final Means means, final String first, final String second, final String paper,
                               final boolean quickDecides) {
        boolean below = true;
        final StringBuilder detail = new StringBuilder();
        for (final double value : means.values()) {
            final double a = means.mean(first, value);
            final double b = means.mean(second, value);
            below &= a < b;
            detail.append(String.format(Locale.ROOT, " %s: %.1f vs %.1f;", number(value), a, b));
        }
        final String claim = paper + " (every " + means.axis() + ")";
        final String ours = first + " vs " + second + detail;
        return quickDecides ? Claim.of(claim, ours, below) : Claim.atPaperScale(claim, ours, below);
    }

    /** {@code curve} has the smallest queue among {@code rivals} at the highest axis value. */
    public static Claim best(final Means means, final String curve, final String paper, final List<String> rivals) {
        final double high = means.values().get(means.values().size() - 1);
        final double mine = means.mean(curve, high);
        boolean best = true;
        final StringBuilder detail = new StringBuilder(String.format(Locale.ROOT, "at %s: %s %.1f", number(high),
            curve, mine));
        for (final String rival : rivals) {
            if (!rival.equals(curve)) {
                final double theirs = means.mean(rival, high);
                best &= mine <= theirs;
                detail.append(String.format(Locale.ROOT, ", %s %.1f", rival, theirs));
            }
        }
        return Claim.atPaperScale(paper + " (highest " + means.axis() + ")", detail.toString(), best);
    }
}
