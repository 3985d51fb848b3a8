package org.stowage.reproduce.lotes;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability.Verdict;
import org.stowage.reproduce.AxisFigure;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Means;
import org.stowage.reproduce.Paper;
import org.stowage.reproduce.PaperSource;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.SweepFiles;

/**
 * The generated-workload figures of Tran et al. 2018 (LoTES), Sec. 5.4: Fig. 11 (mean response time against
 * Phi at 0.97 lambda*), Figs. 12 and 13 (against Omega at 0.90 and 0.95 lambda*). Response time is the
 * paper's: from arrival to start (our {@code wait_mean}), in hours (work is Exp(1) hours).
 *
 * <h2>Scale</h2>
 * Paper: 1000 machines per configuration (10,000), 100 hours, five instances per point ({@link Size}), warm-up
 * 0 (the mean over every job of the run). Quick: 20 machines per configuration, 4 hours, one instance, two
 * points.
 * A quick run decides the claims made with {@link Claim#of}; those made with {@link Claim#atPaperScale} print
 * "not checked at quick scale".
 */
public final class Paper2018Lotes {
    static final String LOTES = "LoTES";
    static final String GREEDY = "Greedy";
    /** Tetris with the work term at equal weight (Sec. 5.1), on branch djsf's kernel. */
    static final String TETRIS = "Tetris:gamma=1";
    /** Fig. 11's grid: Phi = 0 to 0.015 in steps of 0.003. */
    static final double[] PHIS = {0, 0.003, 0.006, 0.009, 0.012, 0.015};
    /** Figs. 12-13's grid (the paper's axis values are not printed; Tetris is shown up to 0.1 at 0.95). */
    static final double[] OMEGAS = {0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3};
    /**
     * Phi of the requests of Figs. 12-13. The text says 0.06, which gives negative means (0.025 - 0.06) where a
     * coefficient of variation is undefined; we read it as 0.006, a point of Fig. 11's grid.
     */
    static final double FIG12_PHI = 0.006;
    static final int PAPER_MACHINES = 1000;
    static final int QUICK_MACHINES = 20;
    static final double PAPER_HOURS = 100;
    static final double QUICK_HOURS = 4;

    /**
     * What {@link Scale#PAPER} runs: machines per configuration, hours per run, instances per point. The
     * paper's is {@link #PAPER_SIZE}; a smaller one gives the medium-scale runs of docs/journal
     * ({@code LotesMediumScaleRun}) with the figures' own code.
     */
    record Size(int machines, double hours, int replications) {
        Size {
            if (machines < 1 || !(hours > 0) || replications < 1) {
                throw new IllegalArgumentException("LoTES figure size: machines >= 1, hours > 0, replications >= 1: "
                    + machines + ", " + hours + ", " + replications);
            }
        }
    }

    static final Size PAPER_SIZE = new Size(PAPER_MACHINES, PAPER_HOURS, 5);

    private Paper2018Lotes() {
    }

    /** Tran et al. 2018 (LoTES)'s figures for {@link org.stowage.reproduce.Figures}, found through {@link PaperSource}. */
    public static final class Source implements PaperSource {
        @Override
        public int order() {
            return 3;
        }

        @Override
        public Paper paper(final Path taskEvents) {
            return Paper2018Lotes.paper(taskEvents);
        }
    }

    /**
     * The paper's figures in its order: Figs. 8-10 on the Google 2011 task_events in {@code taskEvents}, then
     * 11-13, then ours ({@code lotes-load}).
     */
    public static Paper paper(final Path taskEvents) {
        final List<Figure> figures = new ArrayList<>();
        final LotesTraceFigure.Setups setups = new LotesTraceFigure.Setups(taskEvents);
        for (final LotesTraceFigure.Kind kind : LotesTraceFigure.Kind.values()) {
            figures.add(new LotesTraceFigure(kind, setups));
        }
        figures.addAll(List.of(fig11(PAPER_SIZE), fig12(PAPER_SIZE), fig13(PAPER_SIZE),
            LotesLoadFigure.figure(PAPER_SIZE)));
        return new Paper("lotes", "Tran et al. 2018 (LoTES)", figures);
    }

    static List<String> schedulers() {
        return List.of(LOTES, TETRIS, GREEDY);
    }

    static Figure fig11(final Size size) {
        final LotesWorkloads workloads = new LotesWorkloads();
        final Map<String, Object> inputs = inputs(0.97, size);
        inputs.put("omega", 0);
        final AxisFigure.SpecMaker specMaker = (point, scheduler, scale) -> {
            final LotesWorkloads.Instance instance = workloads.instance(machines(scale, size), point.number("phi"), 0,
                0.97, point.seed(), point.seed() + 1);
            return LotesWorkloads.spec(instance, scheduler, hours(scale, size), point.seed());
        };
        return AxisFigure.builder("lotes-fig11", "LoTES Fig. 11: nine classes, requests 0.025 + U[-Phi, Phi], lambda"
                + " 0.97 lambda*, Table 1's configurations")
            .axis("phi", "Phi", PHIS, new double[] {0, 0.015})
            .replications(size.replications(), 1)
            .schedulers(schedulers())
            .ours(List.of(GREEDY))
            .inputs(inputs)
            .runs(specMaker)
            .cost((point, scale) -> cost(scale, size))
            .claims(means -> claims(means, 0.97, "phi"))
            .notes(List.of(
                "Greedy is not in the paper's figure (the paper: unstable at this load); we run it for its verdict.",
                TETRIS_NOTE))
            .metric(Metric.WAIT_MEAN, "mean response time (h)")
            .extraNotes(workloads::notes)
            .build();
    }

    /** The docs sections holding the evidence of the claims that differ. */
    static final String LOAD_FIGURE = "docs/LOTES.md#the-load-figure-lotes-load";
    static final String PAPER_SCALE = "docs/LOTES.md#figs-11-13-at-paper-scale";

    static final String TETRIS_NOTE = "Tetris:gamma=1 scores r . free - t (r . 1) with t = w / mu_jk, the job's"
        + " processing time on the machine scored, in hours (Sec. 5.1, 5.4.3).";

    static Figure fig12(final Size size) {
        return omegaFigure("lotes-fig12", 0.90, size);
    }

    static Figure fig13(final Size size) {
        return omegaFigure("lotes-fig13", 0.95, size);
    }

    private static Figure omegaFigure(final String name, final double load, final Size size) {
        final LotesWorkloads workloads = new LotesWorkloads();
        final Map<String, Object> inputs = inputs(load, size);
        inputs.put("phi", FIG12_PHI);
        final AxisFigure.SpecMaker specMaker = (point, scheduler, scale) -> {
            // one instance's requests and u_k per replication, omega drawn per point
            final LotesWorkloads.Instance instance = workloads.instance(machines(scale, size), FIG12_PHI,
                point.number("omega"), load, 2018_000L + point.replication(), point.seed());
            return LotesWorkloads.spec(instance, scheduler, hours(scale, size), point.seed());
        };
        return AxisFigure.builder(name, String.format(Locale.ROOT, "LoTES Fig. %s: mu_jk = omega_jk / u_k, omega_jk ~"
                + " U[1 - Omega, 1 + Omega], Phi = %s, %.2f lambda*", name.substring(name.length() - 2),
                FIG12_PHI, load))
            .axis("omega", "Omega", OMEGAS, new double[] {0, 0.3})
            .replications(size.replications(), 1)
            .schedulers(schedulers())
            .ours(List.of(GREEDY))
            .inputs(inputs)
            .runs(specMaker)
            .cost((point, scale) -> cost(scale, size))
            .claims(means -> claims(means, load, "omega"))
            .notes(List.of(
                "Phi = " + FIG12_PHI + " for the requests: the paper's \"Phi = 0.06\" would give negative means.",
                "mu_jk = omega_jk / u_k (the paper prints u_k omega_jk; Sec. 5.4.2 uses 1 / u_k).",
                "Greedy is not in the paper's figure (the paper: unstable at this load); we run it for its verdict.",
                TETRIS_NOTE))
            .metric(Metric.WAIT_MEAN, "mean response time (h)")
            .extraNotes(workloads::notes)
            .build();
    }

    static Map<String, Object> inputs(final double load, final Size size) {
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("servers", "google2011:" + size.machines() + " (quick: google2011:" + QUICK_MACHINES + ")");
        inputs.put("classes", LotesWorkloads.CLASSES);
        inputs.put("requests", "truncated normal, mean 0.025 + U[-Phi, Phi], cv 0.5, on [0, 1]");
        inputs.put("work", "exponential:1 (hours)");
        if (!Double.isNaN(load)) {
            inputs.put("load_of_lambda_star", load);
        }
        inputs.put("paper_hours", size.hours());
        inputs.put("quick_hours", QUICK_HOURS);
        return inputs;
    }

    static int machines(final Scale scale, final Size size) {
        return scale == Scale.PAPER ? size.machines() : QUICK_MACHINES;
    }

    static double hours(final Scale scale, final Size size) {
        return scale == Scale.PAPER ? size.hours() : QUICK_HOURS;
    }

    static double cost(final Scale scale, final Size size) {
        return machines(scale, size) * hours(scale, size);
    }

    /** The claims every generated figure shares, at {@code load} of lambda*. */
    private static List<Claim> claims(final Means waits, final double load, final String axis) {
        final Means unstable = waits.of(SweepFiles.verdictMetric(Verdict.UNSTABLE));
        final List<Claim> claims = new ArrayList<>();
        boolean lotesStable = true;
        boolean greedyUnstable = true;
        final StringBuilder lotes = new StringBuilder();
        final StringBuilder greedy = new StringBuilder();
        for (final double value : waits.values()) {
            lotesStable &= unstable.mean(LOTES, value) == 0;
            greedyUnstable &= unstable.mean(GREEDY, value) > 0.5 || waits.mean(GREEDY, value) > 10 * waits.mean(LOTES, value);
            lotes.append(String.format(Locale.ROOT, " %s=%s: %.3g h%s", axis, value, waits.mean(LOTES, value),
                unstable.mean(LOTES, value) > 0 ? " (unstable)" : ""));
            greedy.append(String.format(Locale.ROOT, " %s=%s: %.3g h%s", axis, value, waits.mean(GREEDY, value),
                unstable.mean(GREEDY, value) > 0.5 ? " (unstable)" : ""));
        }
        claims.add(Claim.of(String.format(Locale.ROOT, "LoTES is stable at %.2f lambda*", load), "LoTES" + lotes,
            lotesStable));
        claims.add(Claim.atPaperScale(String.format(Locale.ROOT, "Greedy is not stable at %.2f lambda*", load),
            "Greedy" + greedy + " (unstable verdict or 10x LoTES's response time)", greedyUnstable)
            .withEvidence("our lambda* leaves slack: Greedy starts every job at once where requests and rates are"
                + " alike, and breaks only at large Phi or Omega", PAPER_SCALE));
        boolean lotesBetter = true;
        for (final double value : waits.values()) {
            lotesBetter &= waits.mean(LOTES, value) <= waits.mean(GREEDY, value);
        }
        claims.add(Claim.atPaperScale("LoTES's response times are shorter than Greedy's",
            "LoTES <= Greedy at every " + axis + ": " + lotesBetter, lotesBetter)
            .withEvidence("below our lambda* both start almost every job at once, and where requests are alike"
                + " LoTES's bins hold a few back while Greedy's first fit holds none", PAPER_SCALE));
        final List<Double> values = waits.values();
        final double first = waits.mean(LOTES, values.get(0));
        final double last = waits.mean(LOTES, values.get(values.size() - 1));
        boolean lotesBeatsTetris = true;
        final StringBuilder tetris = new StringBuilder();
        for (final double value : values.subList(1, values.size())) {
            lotesBeatsTetris &= waits.mean(LOTES, value) < waits.mean(TETRIS, value);
        }
        for (final double value : values) {
            tetris.append(String.format(Locale.ROOT, " %s=%s: %.3g h%s", axis, value, waits.mean(TETRIS, value),
                unstable.mean(TETRIS, value) > 0.5 ? " (unstable)" : ""));
        }
        claims.add(Claim.atPaperScale("for " + axis + " > 0 LoTES's response time is shorter than Tetris's",
            "Tetris" + tetris, lotesBeatsTetris)
            .withEvidence("Tetris packs jobs that vary around the mean at least as tightly as LoTES's bins of mean-size"
                + " jobs; LoTES is ahead only on an instance run at its real capacity", PAPER_SCALE));
        if (axis.equals("omega")) {
            final double tetrisFirst = waits.mean(TETRIS, values.get(0));
            final double tetrisLast = waits.mean(TETRIS, values.get(values.size() - 1));
            claims.add(Claim.atPaperScale("Tetris's response time grows with Omega",
                String.format(Locale.ROOT, "%.3g h at Omega = %s, %.3g h at %s", tetrisFirst, values.get(0),
                    tetrisLast, values.get(values.size() - 1)), tetrisLast > tetrisFirst)
                .withEvidence("at 0.90-0.95 of our lambda* Tetris starts every job at once at every Omega, so"
                    + " nothing grows", PAPER_SCALE));
        }
        if (load < 0.93) {
            boolean immediate = true;
            for (final double value : values) {
                immediate &= waits.mean(LOTES, value) < 0.01;
            }
            claims.add(Claim.of("at 0.90 LoTES starts essentially every job immediately",
                "LoTES's mean response time below 0.01 h (36 s) at every " + axis + ": " + immediate, immediate));
        } else {
            claims.add(Claim.atPaperScale("LoTES's response time grows with " + axis,
                String.format(Locale.ROOT, "%.3g h at %s = %s, %.3g h at %s", first, axis, values.get(0), last,
                    values.get(values.size() - 1)), last > first)
                .withEvidence(String.format(Locale.ROOT, "at %.2f of our lambda* LoTES holds back a job now and then"
                    + " at every %s, so no growth shows", load, axis), PAPER_SCALE));
        }
        return claims;
    }
}
