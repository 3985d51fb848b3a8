package org.stowage.reproduce.rms;

import static org.stowage.reproduce.Numbers.number;
import static org.stowage.reproduce.rms.ClockRateFigures.servers;
import static org.stowage.reproduce.rms.Paper2018.BF;
import static org.stowage.reproduce.rms.Paper2018.MWR;
import static org.stowage.reproduce.rms.Paper2018.MWR_EVIDENCE;
import static org.stowage.reproduce.rms.Paper2018.MWR_JSQ;
import static org.stowage.reproduce.rms.Paper2018.MWS;
import static org.stowage.reproduce.rms.Paper2018.MWS_FIG6_EVIDENCE;
import static org.stowage.reproduce.rms.Paper2018.MWS_STOP;
import static org.stowage.reproduce.rms.Paper2018.RMS;
import static org.stowage.reproduce.rms.Paper2018.RMS_RF_AD;
import static org.stowage.reproduce.rms.Paper2018.RMS_RF_AD_PLUS;
import static org.stowage.reproduce.rms.Paper2018.ec2;
import static org.stowage.reproduce.rms.Paper2018.ec2Cost;
import static org.stowage.reproduce.rms.Paper2018.ec2Inputs;
import static org.stowage.reproduce.rms.Paper2018.spec;
import static org.stowage.reproduce.rms.ZetaFigures.MWR_NOTE;
import static org.stowage.reproduce.rms.ZetaFigures.MWS_NOTE;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.stowage.reproduce.AxisFigure;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Means;

/** Fig. 6 of Psychas and Ghaderi 2018: the EC2 setting against the number of servers L. */
final class Fig6 {
    private Fig6() {
    }

    private static final double[] SERVER_COUNTS = {20, 30, 40, 50};
    private static final double[] QUICK_SERVER_COUNTS = {20, 50};

    static Figure fig6() {
        return AxisFigure.builder("2018-fig6", "2018 Fig. 6: queue size vs number of servers, zeta 0.9")
            .axis("servers", "number of servers L", SERVER_COUNTS, QUICK_SERVER_COUNTS)
            .replications(3, 1)
            .schedulers(List.of(RMS, RMS_RF_AD, RMS_RF_AD_PLUS, BF, MWR_JSQ, MWR, MWS))
            .ours(List.of(MWR_JSQ))
            .inputs(ec2Inputs())
            .runs((point, curve, scale) -> {
                final int servers = (int) point.number("servers");
                return ec2(spec(curve, servers, servers), servers, 0.9, scale, point.seed());
            })
            .cost((point, scale) -> ec2Cost((int) point.number("servers"), 0.9, 15 * point.number("servers")))
            .claims(Fig6::fig6Claims)
            .verdicts()
            .notes(List.of("zeta = 0.9, lambda proportional to L; clock rate per queue = L (the paper's rule): RMS"
                + " r_j = L, the AD variants r = 3L, RMS-RF-AD+ 15L.", MWR_NOTE, MWS_NOTE))
            .build();
    }

    private static List<Claim> fig6Claims(final Means means) {
        final List<Double> counts = means.values();
        final double first = counts.get(0);
        final double last = counts.get(counts.size() - 1);
        final List<Claim> claims = new ArrayList<>();
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (final double count : counts) {
            low = Math.min(low, means.mean(RMS, count));
            high = Math.max(high, means.mean(RMS, count));
        }
        claims.add(Claim.atPaperScale("RMS's queue stays roughly constant as L grows (within " + Claim.COMPARABLE
            + "x)", String.format(Locale.ROOT, "RMS from %.1f to %.1f", low, high), high <= Claim.COMPARABLE * low));
        final List<String> flat = new ArrayList<>();
        final StringBuilder detail = new StringBuilder();
        for (final String curve : means.schedulers()) {
            if (!curve.equals(RMS) && !curve.equals(MWR_JSQ)) {
                final double atFirst = means.mean(curve, first);
                final double atLast = means.mean(curve, last);
                if (atLast >= atFirst) {
                    flat.add(curve);
                }
                detail.append(String.format(Locale.ROOT, " %s %.1f -> %.1f;", curve, atFirst, atLast));
            }
        }
        claims.add(Claim.atPaperScale("the other algorithms' queues decrease as L grows (L = " + number(first) + " vs "
            + number(last) + ")", detail.toString(), flat.isEmpty())
            .withEvidence("not decreasing: " + String.join(", ", flat)
                + (flat.contains(MWS) ? "; at beta " + number(MWS_STOP) + " MWS's stops use up the slack 1 - zeta at"
                + " every L and its queue grows with L (it fell at 0.5)" : ""),
                flat.contains(MWS) ? MWS_FIG6_EVIDENCE : MWR_EVIDENCE));
        return claims;
    }
}
