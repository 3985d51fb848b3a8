package org.stowage.reproduce.rms;

import static org.stowage.reproduce.Numbers.number;
import static org.stowage.reproduce.rms.Paper2018.BF;
import static org.stowage.reproduce.rms.Paper2018.MWR;
import static org.stowage.reproduce.rms.Paper2018.MWR_EVIDENCE;
import static org.stowage.reproduce.rms.Paper2018.MWR_JSQ;
import static org.stowage.reproduce.rms.Paper2018.MWS;
import static org.stowage.reproduce.rms.Paper2018.MWS_EVIDENCE;
import static org.stowage.reproduce.rms.Paper2018.MWS_STOP;
import static org.stowage.reproduce.rms.Paper2018.QUICK_ZETAS;
import static org.stowage.reproduce.rms.Paper2018.RMS;
import static org.stowage.reproduce.rms.Paper2018.RMS_AD;
import static org.stowage.reproduce.rms.Paper2018.RMS_BF;
import static org.stowage.reproduce.rms.Paper2018.RMS_BF_AD;
import static org.stowage.reproduce.rms.Paper2018.RMS_JSQ;
import static org.stowage.reproduce.rms.Paper2018.RMS_RF;
import static org.stowage.reproduce.rms.Paper2018.RMS_RF_AD;
import static org.stowage.reproduce.rms.Paper2018.RMS_RF_AD_PLUS;
import static org.stowage.reproduce.rms.Paper2018.ZETAS;
import static org.stowage.reproduce.rms.Paper2018.ec2;
import static org.stowage.reproduce.rms.Paper2018.ec2Cost;
import static org.stowage.reproduce.rms.Paper2018.ec2Inputs;
import static org.stowage.reproduce.rms.Paper2018.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.stowage.reproduce.AxisFigure;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Means;

/** Figs. 3, 4 and 5 of Psychas and Ghaderi 2018: the EC2 setting on 20 servers against the traffic intensity zeta. */
final class ZetaFigures {
    private ZetaFigures() {
    }

    static Figure fig3() {
        return zetaFigure("2018-fig3", "2018 Fig. 3: RMS variants, 20 servers, total clock rate 30")
            .schedulers(List.of(RMS, RMS_RF, RMS_BF, RMS_AD, RMS_RF_AD, RMS_BF_AD))
            .claims(ZetaFigures::fig3Claims)
            .verdicts()
            .notes(List.of("20 servers; total clock rate 30 ticks per mean service: r_j = 10 per type, the AD variants"
                + " one common clock of 30."))
            .build();
    }

    static Figure fig4() {
        return zetaFigure("2018-fig4", "2018 Fig. 4: RMS vs RMS+JSQ, 20 servers, total clock rate 30")
            .schedulers(List.of(RMS, RMS_JSQ))
            .claims(ZetaFigures::fig4Claims)
            .verdicts()
            .notes(List.of("20 servers; total clock rate 30 in both: RMS r_j = 10, RMS+JSQ 60 local queues of r_j^l ="
                + " 0.5."))
            .build();
    }

    static Figure fig5() {
        return zetaFigure("2018-fig5", "2018 Fig. 5: RMS, RMS-RF-AD, RMS-RF-AD+ vs BF, MWR, MWS, 20 servers")
            .schedulers(List.of(RMS, RMS_RF_AD, RMS_RF_AD_PLUS, BF, MWR_JSQ, MWR, MWS))
            .ours(List.of(MWR_JSQ))
            .claims(ZetaFigures::fig5Claims)
            .verdicts(units -> List.of(
                Claim.unstableAtTheEnd(units, "zeta", MWR, "MWR becomes unstable at high traffic"),
                Claim.neverUnstable(units, BF, "BF is stable at every zeta")))
            .notes(List.of("20 servers; RMS r_j = 10, RMS-RF-AD r = 30, RMS-RF-AD+ r = 150 (5x); BF = BF-J"
                + " (multi-resource best fit).", MWR_NOTE, MWS_NOTE))
            .build();
    }

    static final String MWR_NOTE = "MWR has central queues: the paper's Figs. 5 and 6 show it stable at zeta"
        + " 0.9; " + MWR_JSQ + " (per-server queues and JSQ routing, the shape of its reference [18]) is ours and is"
        + " unstable from 0.9 on: " + MWR_EVIDENCE + ".";
    static final String MWS_NOTE = "MWS stop fraction beta = " + number(MWS_STOP) + " (not in the paper;"
        + " the smallest whose guarantee r beta covers zeta 0.95; sensitivity: " + MWS_EVIDENCE + ").";

    /** What Figs. 3-5 share: the EC2 setting on 20 servers against zeta, total clock rate 30. */
    private static AxisFigure.Builder zetaFigure(final String name, final String title) {
        return AxisFigure.builder(name, title)
            .axis("zeta", "traffic intensity zeta", ZETAS, QUICK_ZETAS)
            .replications(3, 1)
            .inputs(ec2Inputs())
            .runs((point, curve, scale) -> ec2(spec(curve, 10, 20), 20, point.number("zeta"), scale, point.seed()))
            .cost((point, scale) -> ec2Cost(20, point.number("zeta"), 30));
    }

    private static List<Claim> fig3Claims(final Means means) {
        final List<Claim> claims = new ArrayList<>();
        claims.add(Claim.lower(means, RMS_RF, RMS, "Random-Fit helps: RMS-RF below RMS", true));
        claims.add(Claim.lower(means, RMS_BF, RMS, "Best-Fit helps: RMS-BF below RMS", true));
        claims.add(Claim.lower(means, RMS_AD, RMS, "the adaptive clock helps: RMS-AD below RMS", true));
        claims.add(Claim.lower(means, RMS_RF_AD, RMS_RF, "the adaptive clock helps: RMS-RF-AD below RMS-RF", false));
        claims.add(Claim.lower(means, RMS_BF_AD, RMS_BF, "the adaptive clock helps: RMS-BF-AD below RMS-BF", false));
        return claims;
    }

    private static List<Claim> fig4Claims(final Means means) {
        return List.of(Claim.lower(means, RMS, RMS_JSQ, "the distributed RMS+JSQ has a larger queue than RMS", true),
            stableEverywhere(means, RMS));
    }

    private static List<Claim> fig5Claims(final Means means) {
        final List<Claim> claims = new ArrayList<>();
        claims.add(Claim.best(means, RMS_RF_AD_PLUS, "RMS-RF-AD+ has the smallest queue among the RMS variants",
            List.of(RMS, RMS_RF_AD)));
        claims.add(Claim.lower(means, RMS_RF_AD, RMS, "RMS-RF-AD below RMS", true));
        final double high = means.values().get(means.values().size() - 1);
        final double rms = means.mean(RMS, high);
        final double mws = means.mean(MWS, high);
        claims.add(Claim.atPaperScale("RMS performs close to MWS (within " + Claim.COMPARABLE + "x at the highest"
            + " zeta)", String.format(Locale.ROOT, "at %s: RMS %.1f, MWS (beta %s) %.1f", number(high), rms,
            number(MWS_STOP), mws), Math.max(rms, mws) <= Claim.COMPARABLE * Math.min(rms, mws))
            .withEvidence(MWS_EVIDENCE));
        return claims;
    }


    /** Stability across the axis: the queue stays far below the arrivals of a run (a crude check). */
    private static Claim stableEverywhere(final Means means, final String curve) {
        double worst = 0;
        for (final double value : means.values()) {
            worst = Math.max(worst, means.mean(curve, value));
        }
        return Claim.atPaperScale(curve + " keeps a bounded queue at every zeta (below 1000 jobs)",
            String.format(Locale.ROOT, "largest mean queue %.1f", worst), worst < 1000);
    }
}
