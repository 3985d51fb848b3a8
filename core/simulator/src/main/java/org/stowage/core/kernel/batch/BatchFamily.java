package org.stowage.core.kernel.batch;

import java.util.ArrayList;
import java.util.List;

import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.KernelFamily;
import org.stowage.core.kernel.KernelParameter;
import org.stowage.core.kernel.KernelParameters;
import org.stowage.core.kernel.KernelRequirements;
import org.stowage.core.kernel.batch.reference.NaiveDensestJobSetFirst;
import org.stowage.core.kernel.batch.reference.NaiveShortestJobFirst;
import org.stowage.core.kernel.batch.reference.NaiveTetris;

/**
 * The batch kernels of Hu and Li 2022 (SJF, Tetris, DJSF), each with its naive twin; see docs/DJSF.md.
 * Tetris is also the baseline of Tran et al. 2018 (LoTES) with {@code gamma=1}.
 */
public final class BatchFamily implements KernelFamily {
    /** Largest accepted Tetris gamma: far beyond any weighting the papers use. */
    static final double MAX_GAMMA = 1e9;

    /** Largest accepted time units per hour: microseconds. */
    static final double MAX_UNITS_PER_HOUR = 3.6e9;

    /** Largest G a spec may ask for (the planner clamps G to the number of distinct JCTs anyway). */
    static final int MAX_GROUPS = 1 << 20;

    @Override
    public String name() {
        return "batch";
    }

    @Override
    public List<KernelDefinition> definitions() {
        final List<KernelDefinition> family = new ArrayList<>();
        final KernelDefinition.Builder sjf = KernelDefinition.kernel("SJF")
            .summary("the queued job with the least predicted JCT first (ties by arrival), on the lowest-index"
                + " machine that holds it; non-preemptive, blocking")
            .paper("Hu and Li 2022 Sec. 1, 5")
            .cost("O(log N) per arrival, O(log N + first fit) per placement, O(D) when nothing fits")
            .factory(model -> new ShortestJobFirst())
            .requirements(KernelRequirements.any());
        family.addAll(sjf.withTwin("SJF-naive", model -> new NaiveShortestJobFirst()));
        addDjsf(family, true, "DJSF", "job sets packed under one machine's capacity, each started whole on its"
            + " best-fit machine as soon as one holds it");
        addDjsf(family, false, "DJSF-pooled", "job sets packed under the cluster's total capacity, each started"
            + " when the free total covers it, its jobs to their best-fit machines");
        final KernelDefinition.Builder tetris = KernelDefinition.kernel("Tetris")
            .summary("the queued job and machine with the highest score request . free (minus gamma x processing"
                + " time on that machine x sum of the request) placed first, re-scored after each placement; ties earliest"
                + " arrival, lowest machine")
            .paper("Hu and Li 2022 Sec. 4.1; Grandl et al. 2014; Tran et al. 2018 Sec. 5.1 with gamma=1")
            .cost("exact branch and bound: per arrival the best machine over per-configuration trees of free-resource"
                + " maxima, per freed machine the best queued job over a job tree of request bounds; O(C D log L) and"
                + " O(D log N) when the bounds prune, O(L D) / O(N D) at worst; O((D + C) log N) per placement")
            .parameter(KernelParameter.real("gamma", "weight of the work term t (r . 1) subtracted from the"
                + " alignment, t the job's processing time on the machine scored, in hours (0: Hu and Li 2022; 1:"
                + " Tran et al. 2018)", 0, true, MAX_GAMMA, 0.0))
            .parameter(KernelParameter.real("unitsPerHour", "the run's time units in one hour, so that gamma weighs"
                + " hours whatever the unit (1: the run counts hours; 3600: seconds; 36000: 100 ms)", 0, false,
                MAX_UNITS_PER_HOUR, 1.0))
            .configured(parsed -> {
                final double gamma = (Double) parsed.value("gamma");
                final double unitsPerHour = (Double) parsed.value("unitsPerHour");
                return model -> new Tetris(gamma, unitsPerHour);
            })
            .requirements(KernelRequirements.any())
            .testVariants("", "gamma=1");
        family.addAll(tetris.withConfiguredTwin("Tetris-naive", parsed -> {
            final double gamma = (Double) parsed.value("gamma");
            final double unitsPerHour = (Double) parsed.value("unitsPerHour");
            return model -> new NaiveTetris(gamma, unitsPerHour);
        }));
        return family;
    }

    private static void addDjsf(final List<KernelDefinition> family, final boolean perServer, final String name,
                                final String reading) {
        final KernelDefinition.Builder djsf = KernelDefinition.kernel(name)
            .summary("Densest Job Set First: queued jobs grouped by predicted JCT (k-means, Algorithm 2), packed"
                + " into job sets (Algorithm 3), sets started in decreasing JCE = N / T (Algorithm 1); " + reading
                + "; late arrivals planned when the plan is used up")
            .paper("Hu and Li 2022 Sec. 4, Algorithms 1-3")
            .cost("one plan per batch O(N log N + G m log m); O(D) to see a set cannot start, O(L D) to start one")
            .parameter(KernelParameter.integer("G", "number of JCT groups; 0 for Eq. (15)", 0, MAX_GROUPS, 0))
            .parameter(KernelParameter.flag("jobwise", "use the plan only as a job priority: each job, in (set"
                + " rank, position) order, to its best-fit machine as soon as one holds it (not the paper's)"))
            .parameter(new KernelParameter("kmeans", "k-means: exact 1-D optimum, or Lloyd from k-means++ seeds",
                "exact or lloyd", "exact", BatchFamily::parseClustering))
            .configured(parsed -> {
                final DjsfOptions options = optionsOf(parsed);
                final boolean jobwise = parsed.flag("jobwise");
                return model -> new DensestJobSetFirst(perServer, jobwise, options);
            })
            .requirements(KernelRequirements.any().withBatch())
            .testVariants("", "G=3,kmeans=lloyd", "jobwise=true");
        family.addAll(djsf.withConfiguredTwin(name + "-naive", parsed -> {
            final DjsfOptions options = optionsOf(parsed);
            final boolean jobwise = parsed.flag("jobwise");
            return model -> new NaiveDensestJobSetFirst(perServer, jobwise, options);
        }));
    }

    private static DjsfOptions optionsOf(final KernelParameters parsed) {
        return DjsfOptions.defaults().withGroups(parsed.integer("G"))
            .withClustering((DjsfOptions.Clustering) parsed.value("kmeans"));
    }

    private static Object parseClustering(final String text) {
        return switch (text) {
            case "exact" -> DjsfOptions.Clustering.EXACT;
            case "lloyd" -> DjsfOptions.Clustering.LLOYD;
            default -> throw new IllegalArgumentException("exact or lloyd");
        };
    }
}
