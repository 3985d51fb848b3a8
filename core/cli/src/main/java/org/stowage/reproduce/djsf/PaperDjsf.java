package org.stowage.reproduce.djsf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.Units;
import org.stowage.core.trace.JobList;
import org.stowage.report.Charts;
import org.stowage.reproduce.Paper;
import org.stowage.reproduce.PaperSource;
import org.stowage.reproduce.Scale;

/**
 * Hu and Li 2022's results (docs/DJSF.md) as figures: the worked examples (Fig. 1, Table 2, Sec. 4.3), exact,
 * and the Google batch (Figs. 8-12, Tables 3-5) on 1000 tasks drawn per seed from the shared Google 2011
 * sample, run on 20 machines of 0.33 under SJF, Tetris and DJSF (per server). Each item is a sweep of batch
 * runs ({@link BatchFigure}): the batch seeds are its points, the kernels its schedulers; it writes its CSV
 * (Figs. 8-12 and djsf-jobs also PNG and SVG plots; Fig. 12 one per resource) from the finished units and
 * checks the paper's claims against ours; ratios are compared, not absolute times (our tasks are shorter and smaller
 * than the paper's). {@link Scale#PAPER} draws 20 batches (seeds N, N+1, ...) and reports the spread;
 * {@link Scale#QUICK} draws one. Figs. 9 and 12 and Tables 4 and 5 use the first batch.
 */
public final class PaperDjsf {
    static final List<String> KERNELS = List.of("SJF", "Tetris", "DJSF");
    /** DJSF's plan as a job priority (ours, not the paper's): reported beside the paper's DJSF in Fig. 8. */
    static final String JOBWISE = "DJSF:jobwise=true";
    /** The paper's three kernels and the job-wise order (Figs. 8 and 12). */
    static final List<String> WITH_JOBWISE = List.of("SJF", "Tetris", "DJSF", JOBWISE);
    /** Batches at paper scale. */
    static final int PAPER_SEEDS = 20;
    /** The axis of batch seeds. */
    static final String SEED = "batch-seed";
    /** Where the docs explain why DJSF does not beat our SJF. */
    static final String SJF_EVIDENCE = "docs/DJSF.md#evidence-why-our-sjf-beats-the-papers";
    /** Why the claims against SJF differ, in one line (the evidence is at {@link #SJF_EVIDENCE}). */
    static final String SJF_REASON = "our SJF gains from its order: average JCT 1.38x the mean job length, the"
        + " paper's SJF 2.47x like its Tetris";
    /** Where the docs give the batches of Google jobs, their skips and the four kernels on them. */
    static final String JOBS_EVIDENCE = "docs/DJSF.md#batches-of-google-jobs";
    /** Why the claim against SJF differs on batches of jobs too, in one line. */
    static final String JOBS_SJF_REASON = "the job unit does not change it: our SJF gains from its order on job"
        + " batches too (about 1.25x the mean job length), the paper's SJF 2.47x like its Tetris";
    static final Units UNITS = Units.defaults();

    private PaperDjsf() {
    }

    /** Hu and Li 2022 (DJSF)'s figures for {@link org.stowage.reproduce.Figures}, found through {@link PaperSource}. */
    public static final class Source implements PaperSource {
        @Override
        public int order() {
            return 4;
        }

        @Override
        public Paper paper(final Path taskEvents) {
            return PaperDjsf.paper(taskEvents);
        }
    }

    /** Every item in the paper's order; the Google items read the Google 2011 task_events in {@code taskEvents}. */
    public static Paper paper(final Path taskEvents) {
        final GoogleBatches batches = new GoogleBatches(taskEvents);
        return new Paper("djsf", "Hu and Li 2022 (DJSF)", List.of(new Fig1(), new Table2(), new Fig8(batches),
            new Fig9(batches), new Fig10(batches), new Fig11(batches), new Fig12(batches), new Table3(batches),
            new Table4(batches), new Table5(batches), new JobsAndTasks(batches)));
    }

    // ---- the worked examples ----

    static JobList fig1Jobs() {
        return JobList.of("Hu and Li 2022 Fig. 1", UNITS, 1, new double[5], new double[] {4, 4.2, 4.2, 4.2, 4.2},
            null, null, new int[] {UNITS.sizeUnits(1.0), UNITS.sizeUnits(0.25), UNITS.sizeUnits(0.25),
                UNITS.sizeUnits(0.25), UNITS.sizeUnits(0.25)});
    }

    // ---- the Google batch ----

    // ---- plots ----

    /** A PNG and an SVG of {@code lines} beside the item's CSV, in the look every figure gives a scheduler. */
    static void plot(final Path directory, final String name, final String title, final String xTitle,
                     final Charts.YAxis yAxis, final List<Charts.Line> lines) throws IOException {
        Files.createDirectories(directory);
        Charts.save(directory.resolve(name), title, xTitle, yAxis, lines);
    }

    /** One line per kernel of {@link #KERNELS} over {@code x}. */
    static List<Charts.Line> perKernel(final double[] x, final double[][] yByKernel) {
        final List<Charts.Line> lines = new ArrayList<>();
        for (int i = 0; i < KERNELS.size(); i++) {
            lines.add(new Charts.Line(KERNELS.get(i), KERNELS.get(i), x, yByKernel[i], null));
        }
        return lines;
    }

    /** 1, 2, ..., n. */
    static double[] rank(final int n) {
        final double[] ranks = new double[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i + 1;
        }
        return ranks;
    }

    static double[] descending(final double[] values) {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        for (int i = 0, j = sorted.length - 1; i < j; i++, j--) {
            final double swap = sorted[i];
            sorted[i] = sorted[j];
            sorted[j] = swap;
        }
        return sorted;
    }
}
