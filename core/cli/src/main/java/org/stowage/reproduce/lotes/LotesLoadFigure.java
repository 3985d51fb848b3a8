package org.stowage.reproduce.lotes;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability.Verdict;
import org.stowage.reproduce.AxisFigure;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Means;
import org.stowage.sweep.SweepFiles;

/**
 * A figure of ours beside Tran et al. 2018's Figs. 11-13 ({@code lotes-load}): the mean response time of LoTES,
 * Greedy and Tetris:gamma=1 against the load, 0.9 to 1.2 lambda*, on Fig. 11's workload at Phi = 0.015 (its
 * largest spread of requests), so that where each scheduler becomes unstable can be read off. The paper says
 * Greedy "is not stable" at 0.90-0.97 lambda* (Secs. 5.4.2-5.4.3) and does not plot it; this figure is the
 * evidence for our verdict on that claim (docs/LOTES.md).
 *
 * <p>Each replication draws one instance (requests and {@code u_k}) and runs it at every load, so the curves
 * compare the same instance under more traffic. Scales as Figs. 11-13 ({@link Paper2018Lotes.Size}); quick: the
 * end points 0.9 and 1.2 on one instance.
 */
public final class LotesLoadFigure {
    static final String NAME = "lotes-load";
    /** Fig. 11's largest Phi. */
    static final double PHI = 0.015;
    static final double[] LOADS = {0.9, 0.95, 1.0, 1.05, 1.1, 1.15, 1.2};
    static final double[] QUICK_LOADS = {0.9, 1.2};
    /** A replication's instance seed, apart from Figs. 11-13's. */
    private static final long INSTANCE_SEED = 2018_100L;

    private LotesLoadFigure() {
    }

    static Figure figure(final Paper2018Lotes.Size size) {
        final LotesWorkloads workloads = new LotesWorkloads();
        final Map<String, Object> inputs = Paper2018Lotes.inputs(Double.NaN, size);
        inputs.put("phi", PHI);
        inputs.put("omega", 0);
        final AxisFigure.SpecMaker specMaker = (point, scheduler, scale) -> {
            final LotesWorkloads.Instance instance = workloads.instance(Paper2018Lotes.machines(scale, size), PHI, 0,
                point.number("load"), INSTANCE_SEED + point.replication(), 0);
            return LotesWorkloads.spec(instance, scheduler, Paper2018Lotes.hours(scale, size), point.seed());
        };
        return AxisFigure.builder(NAME, "LoTES, Greedy and Tetris against load (ours): Fig. 11's workload at Phi = "
                + PHI + ", lambda = load x lambda*")
            .axis("load", "load (lambda / lambda*)", LOADS, QUICK_LOADS)
            .replications(size.replications(), 1)
            .schedulers(Paper2018Lotes.schedulers())
            .ours(Paper2018Lotes.schedulers())
            .inputs(inputs)
            .runs(specMaker)
            .cost((point, scale) -> Paper2018Lotes.cost(scale, size) * point.number("load"))
            .claims(LotesLoadFigure::claims)
            .verdicts()
            .notes(List.of(
                "Not a figure of the paper: it locates where each scheduler breaks, the evidence for the claim"
                    + " \"Greedy is not stable at these loads\" (docs/LOTES.md).",
                "Each replication runs one instance (requests, u_k) at every load.",
                Paper2018Lotes.TETRIS_NOTE))
            .metric(Metric.WAIT_MEAN, "mean response time (h)")
            .extraNotes(workloads::notes)
            .build();
    }

    /**
     * The smallest load at which more than half of {@code scheduler}'s replications are unstable, or NaN when
     * none is.
     */
    static double firstUnstable(final Means unstable, final String scheduler) {
        for (final double load : unstable.values()) {
            if (unstable.mean(scheduler, load) > 0.5) {
                return load;
            }
        }
        return Double.NaN;
    }

    private static String loadText(final double load) {
        return Double.isNaN(load) ? "none up to 1.2" : String.format(Locale.ROOT, "%s lambda*", load);
    }

    private static List<Claim> claims(final Means waits) {
        final Means unstable = waits.of(SweepFiles.verdictMetric(Verdict.UNSTABLE));
        final String lotes = Paper2018Lotes.LOTES;
        final String greedy = Paper2018Lotes.GREEDY;
        final String tetris = Paper2018Lotes.TETRIS;
        final List<Claim> claims = new ArrayList<>();
        boolean lotesStableBelow = true;
        final StringBuilder below = new StringBuilder("LoTES");
        for (final double load : waits.values()) {
            if (load < 1) {
                lotesStableBelow &= unstable.mean(lotes, load) == 0;
                below.append(String.format(Locale.ROOT, " %s: %.3g h%s", load, waits.mean(lotes, load),
                    unstable.mean(lotes, load) > 0 ? " (unstable)" : ""));
            }
        }
        claims.add(Claim.of("LoTES is stable below lambda* (Sec. 5.4 runs it at 0.90-0.97 lambda*)", below.toString(),
            lotesStableBelow));
        boolean lotesUnstableAbove = true;
        final StringBuilder above = new StringBuilder("LoTES");
        for (final double load : waits.values()) {
            if (load > 1) {
                lotesUnstableAbove &= unstable.mean(lotes, load) > 0.5;
                above.append(String.format(Locale.ROOT, " %s: %.3g h%s", load, waits.mean(lotes, load),
                    unstable.mean(lotes, load) > 0.5 ? " (unstable)" : " (not unstable)"));
            }
        }
        claims.add(Claim.of("LoTES is unstable above lambda* (its plan's capacity, Sec. 4.2)",
            above.toString(), lotesUnstableAbove)
            .withEvidence("lambda* counts bins of mean-size jobs; jobs that vary around the mean pack tighter, so"
                + " LoTES carries somewhat more", Paper2018Lotes.LOAD_FIGURE));
        final double greedyBreaks = firstUnstable(unstable, greedy);
        final String where = String.format(Locale.ROOT, "first load with an unstable verdict: Greedy %s, LoTES %s,"
            + " Tetris %s", loadText(greedyBreaks), loadText(firstUnstable(unstable, lotes)),
            loadText(firstUnstable(unstable, tetris)));
        claims.add(Claim.atPaperScale("Greedy is not stable at 0.90-0.97 lambda* (Figs. 11-13)", where,
            greedyBreaks < 0.97)
            .withEvidence("Greedy's first fit packs jobs that vary around the mean tighter than lambda*'s bins of"
                + " mean-size jobs, so it stays stable past these loads", Paper2018Lotes.LOAD_FIGURE));
        boolean lotesBest = true;
        for (final double load : waits.values()) {
            if (load < 1) {
                lotesBest &= waits.mean(lotes, load) <= waits.mean(greedy, load);
            }
        }
        claims.add(Claim.atPaperScale("below lambda* LoTES's response time is shorter than Greedy's (Figs. 11-13)",
            "LoTES <= Greedy at every load below 1: " + lotesBest, lotesBest)
            .withEvidence("below a loose lambda* both start almost every job at once; the order of near-zero means is"
                + " noise", Paper2018Lotes.LOAD_FIGURE));
        return claims;
    }
}
