package org.stowage.reproduce.rms;

import static org.stowage.reproduce.Numbers.number;
import static org.stowage.reproduce.rms.Paper2018.MWR;
import static org.stowage.reproduce.rms.Paper2018.MWR_EVIDENCE;
import static org.stowage.reproduce.rms.Paper2018.MWR_JSQ;
import static org.stowage.reproduce.rms.Paper2018.MWS;
import static org.stowage.reproduce.rms.Paper2018.RMS;
import static org.stowage.reproduce.rms.Paper2018.RMS_AD;
import static org.stowage.reproduce.rms.Paper2018.RMS_RF_AD;
import static org.stowage.reproduce.rms.Paper2018.RMS_RF_AD_PLUS;
import static org.stowage.reproduce.rms.Paper2018.spec;
import static org.stowage.reproduce.rms.ZetaFigures.MWR_NOTE;
import static org.stowage.reproduce.rms.ZetaFigures.MWS_NOTE;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.Traces;
import org.stowage.reproduce.AxisFigure;
import org.stowage.reproduce.Claim;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Means;

/** Fig. 8 of Psychas and Ghaderi 2018: the Google 2011 trace against its traffic scaling. */
final class Fig8 {
    private Fig8() {
    }

    /** Traffic scalings of Fig. 8 (this sample is lighter than the paper's: 34% of the cluster at 1). */
    static final double[] FIG8_SCALINGS = {1.0, 1.5, 2.0, 2.5};
    private static final double[] QUICK_FIG8_SCALINGS = {2.0};
    private static final int TRACE_SERVERS = 1000;

    static Figure fig8(final Path taskEvents) {
        final List<String> notes = List.of(
            "Google 2011 sample (parts 0-13, about 19.5 h, 288,424 kept tasks), not the paper's first million"
                + " arrivals of 29 days: lighter (34% of the cluster at scaling 1), so the scalings go higher.",
            "Types 0 and 1 (sizes 1 and 1/2) have no task in this sample and get no queue and no clock: 8 types.",
            "Kept: priority <= 8 (non-production), completed without stopping; sizes max(CPU, memory) rounded up to"
                + " 2^-p, p = 0..9. Clocks (docs/RMS.md 6): r_j = L / E[S] = 0.62 per second per type, the AD"
                + " variants J L / E[S], RMS-RF-AD+ 5x.", MWR_NOTE, MWS_NOTE);
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("trace", "google2011:" + taskEvents);
        inputs.put("trace_options", "psychasGhaderi2018 (priority <= 8, 10 dyadic types)");
        inputs.put("servers", TRACE_SERVERS);
        final Map<Path, LoadedTrace> loaded = new HashMap<>();
        return AxisFigure.builder("2018-fig8", "2018 Fig. 8: Google 2011 trace, 1000 servers, 10 dyadic types")
            .axis("traffic-scaling", "traffic scaling (arrival times divided by it)", FIG8_SCALINGS,
                QUICK_FIG8_SCALINGS)
            .replications(3, 1)
            .schedulers(List.of(RMS, RMS_AD, RMS_RF_AD, RMS_RF_AD_PLUS, MWR_JSQ, MWR, MWS))
            .ours(List.of(MWR_JSQ))
            .inputs(inputs)
            .readsGoogleTrace()
            .runs((point, curve, scale) -> traceSpec(loadOnce(loaded, taskEvents), curve,
                point.number("traffic-scaling"), point.seed()))
            .claims(Fig8::fig8Claims)
            .verdicts()
            .notes(notes)
            .build();
    }

    private static LoadedTrace loadOnce(final Map<Path, LoadedTrace> loaded, final Path taskEvents) {
        synchronized (loaded) {
            return loaded.computeIfAbsent(taskEvents,
                path -> presentTypesOnly(Traces.load("google2011:" + path, TraceOptions.psychasGhaderi2018())));
        }
    }

    /**
     * The trace with its job classes renumbered to the dyadic types that occur, in order of size (largest
     * first). <b>Choice</b>: a type without tasks gets no queue and no clock. With one, RMS would still place
     * its dummies (this sample has no task of size 1 or 1/2: a clock for those types fills servers whole with
     * dummies that serve nobody); the paper's first million tasks have every type.
     */
    static LoadedTrace presentTypesOnly(final LoadedTrace trace) {
        final int[] renumbered = new int[trace.classCount()];
        Arrays.fill(renumbered, -1);
        for (int i = 0; i < trace.count(); i++) {
            renumbered[trace.jobClass(i)] = 0;
        }
        int present = 0;
        for (int p = 0; p < renumbered.length; p++) {
            renumbered[p] = renumbered[p] < 0 ? -1 : present++;
        }
        final int[] classOf = new int[trace.count()];
        for (int i = 0; i < classOf.length; i++) {
            classOf[i] = renumbered[trace.jobClass(i)];
        }
        return trace.withClasses(present, classOf);
    }

    /**
     * A run over the trace with its types as the model's job classes: each type's exact size (the size of
     * its tasks, all equal), its mean duration (the dummies' mean service) and its arrival rate.
     */
    static RunSpec traceSpec(final LoadedTrace trace, final String curve, final double scaling, final long seed) {
        final int types = trace.classCount();
        final Units units = trace.units();
        final double[] seconds = new double[types];
        final long[] counts = new long[types];
        final int[][] sizes = new int[types][1];
        double total = 0;
        for (int i = 0; i < trace.count(); i++) {
            final int type = trace.jobClass(i);
            total += trace.durationMicros(i) / 1e6;
            seconds[type] += trace.durationMicros(i) / 1e6;
            counts[type]++;
            sizes[type][0] = trace.size(i, 0);
        }
        final double span = (trace.arrivalMicros(trace.count() - 1) - trace.arrivalMicros(0)) / 1e6 / scaling;
        final double[] means = new double[types];
        final double[] rates = new double[types];
        for (int p = 0; p < types; p++) {
            // a type whose tasks all last 0 s still needs a positive mean for its dummies: one microsecond
            means[p] = Math.max(seconds[p] / counts[p], 1e-6);
            rates[p] = counts[p] / span;
        }
        final double beta = 1 / scaling;
        final long interval = 1_000_000;
        final double horizon = trace.workload(TimeMode.CONTINUOUS, interval, beta).lastArrivalTime() + 1;
        final int[] capacities = new int[TRACE_SERVERS];
        Arrays.fill(capacities, units.capacityUnits(1.0));
        final Model model = Model.of(org.stowage.core.model.ServerClasses.of(1, capacities))
            .withJobClasses(JobClasses.types(sizes, means, rates));
        // Fig. 6's rule (rate per queue = number of servers, per mean service) in the trace's mean service
        final String scheduler = spec(curve, TRACE_SERVERS / (total / trace.count()), types, TRACE_SERVERS);
        return RunSpec.builder()
            .servers(1, capacities)
            .trace(trace, interval, beta)
            .timeMode(TimeMode.CONTINUOUS).horizon(horizon).seed(seed)
            .model(model)
            .kernel(scheduler)
            .build();
    }

    private static List<Claim> fig8Claims(final Means means) {
        final double high = means.values().get(means.values().size() - 1);
        double bestAdaptive = Double.POSITIVE_INFINITY;
        double bestOther = Double.POSITIVE_INFINITY;
        final List<String> papers = new ArrayList<>();
        final StringBuilder detail = new StringBuilder();
        for (final String curve : means.schedulers()) {
            final double queue = means.mean(curve, high);
            if (curve.equals(MWR_JSQ)) {
                // per-server MWR is ours (docs/RMS.md 11.2): shown, not read by the paper's claims
                detail.append(String.format(Locale.ROOT, " %s (ours) %.1f;", curve, queue));
                continue;
            }
            papers.add(curve);
            detail.append(String.format(Locale.ROOT, " %s %.1f;", curve, queue));
            if (curve.contains("-AD")) {
                bestAdaptive = Math.min(bestAdaptive, queue);
            } else {
                bestOther = Math.min(bestOther, queue);
            }
        }
        final String why = "central MWR is ahead on our lighter, shorter sample, about 1.75x less load at the same"
            + " scaling; [18]'s per-server MWR is far behind";
        final List<Claim> claims = new ArrayList<>();
        claims.add(Claim.atPaperScale("the adaptive variants are best at high traffic (scaling " + number(high) + ")",
            "at " + number(high) + ":" + detail, bestAdaptive < bestOther).withEvidence(why, MWR_EVIDENCE));
        claims.add(Claim.best(means, RMS_RF_AD_PLUS, "RMS-RF-AD+ has the smallest queue", papers)
            .withEvidence(why, MWR_EVIDENCE));
        return claims;
    }
}
