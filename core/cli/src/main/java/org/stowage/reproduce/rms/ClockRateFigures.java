package org.stowage.reproduce.rms;

import static org.stowage.reproduce.Numbers.number;
import static org.stowage.reproduce.rms.Paper2018.RMS;
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

/** Figs. 2a and 2b of Psychas and Ghaderi 2018: RMS on the EC2 setting against its clock rate, one curve per setting. */
final class ClockRateFigures {
    private ClockRateFigures() {
    }

    private static final double[] CLOCK_RATES = {1, 2, 5, 10, 20, 50, 100};
    private static final double[] QUICK_CLOCK_RATES = {1, 100};

    static Figure fig2a() {
        return clockRateFigure("2018-fig2a", "2018 Fig. 2a: RMS, queue size vs clock rate per queue, zeta 0.9")
            .schedulers(List.of("L=10", "L=20", "L=30", "L=40", "L=50"))
            .quickSchedulers(List.of("L=10", "L=30"))
            .runs((point, curve, scale) -> ec2(spec(RMS, point.number("rate"), 0), servers(curve), 0.9, scale,
                point.seed()))
            .cost((point, scale) -> ec2Cost(50, 0.9, 3 * point.number("rate")))
            .claims(means -> fig2Claims(means, "L"))
            .notes(List.of("Curves: L servers; x: clock rate r_j per queue (all three equal); zeta = 0.9."))
            .build();
    }

    static Figure fig2b() {
        return clockRateFigure("2018-fig2b", "2018 Fig. 2b: RMS, queue size vs clock rate per queue, 20 servers")
            .schedulers(List.of("zeta=0.8", "zeta=0.85", "zeta=0.9", "zeta=0.95"))
            .quickSchedulers(List.of("zeta=0.8", "zeta=0.95"))
            .runs((point, curve, scale) -> ec2(spec(RMS, point.number("rate"), 0), 20, zeta(curve), scale,
                point.seed()))
            .cost((point, scale) -> ec2Cost(20, 0.95, 3 * point.number("rate")))
            .claims(means -> fig2Claims(means, "zeta"))
            .notes(List.of("Curves: traffic intensity zeta; x: clock rate r_j per queue (all three equal); 20"
                + " servers."))
            .build();
    }

    /** What Figs. 2a and 2b share: RMS on the EC2 setting against its clock rate, one curve per setting. */
    private static AxisFigure.Builder clockRateFigure(final String name, final String title) {
        return AxisFigure.builder(name, title)
            .axis("rate", "clock rate per queue (ticks per mean service)", CLOCK_RATES, QUICK_CLOCK_RATES)
            .replications(3, 1)
            .curvesAreSettings()
            .inputs(ec2Inputs())
            .verdicts();
    }

    static int servers(final String curve) {
        return Integer.parseInt(curve.substring("L=".length()));
    }

    static double zeta(final String curve) {
        return Double.parseDouble(curve.substring("zeta=".length()));
    }

    private static List<Claim> fig2Claims(final Means means, final String parameter) {
        final List<Double> rates = means.values();
        final double low = rates.get(0);
        final double high = rates.get(rates.size() - 1);
        boolean decreases = true;
        final StringBuilder detail = new StringBuilder();
        double previousQueueAtHigh = -1;
        boolean grows = true;
        for (final String curve : means.schedulers()) {
            final double atLow = means.mean(curve, low);
            final double atHigh = means.mean(curve, high);
            decreases &= atHigh < atLow;
            detail.append(String.format(Locale.ROOT, " %s: %.1f -> %.1f;", curve, atLow, atHigh));
            grows &= atHigh >= previousQueueAtHigh;
            previousQueueAtHigh = atHigh;
        }
        final List<Claim> claims = new ArrayList<>();
        claims.add(Claim.of("the queue decreases as the clock rate grows (r = " + number(low) + " vs "
            + number(high) + ")", "per curve" + detail, decreases));
        // saturation: the last doubling of the rate gains less than the first
        boolean saturates = rates.size() >= 3;
        final StringBuilder gains = new StringBuilder();
        if (saturates) {
            for (final String curve : means.schedulers()) {
                final double first = means.mean(curve, rates.get(0)) - means.mean(curve, rates.get(1));
                final double last = means.mean(curve, rates.get(rates.size() - 2)) - means.mean(curve, high);
                saturates &= last < first;
                gains.append(String.format(Locale.ROOT, " %s: %.1f then %.1f;", curve, first, last));
            }
        }
        claims.add(Claim.atPaperScale("the gain saturates at high clock rates", rates.size() >= 3
            ? "queue drop over the first and the last step" + gains : "quick version: two rates only",
            saturates));
        if (parameter.equals("zeta")) {
            claims.add(Claim.of("a higher intensity has a larger queue (at the highest rate)",
                "curves in increasing zeta:" + detail, grows));
        }
        return claims;
    }
}
