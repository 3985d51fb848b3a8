package org.stowage.core.kernel.batch;

/**
 * The worked examples of Hu and Li 2022 with their exact expected values, for the tests of the batch
 * algorithms here and of the SJF, Tetris and DJSF kernels (phase 2). docs/DJSF.md derives every number.
 * The same jobs are in {@code src/test/resources/jobs/} as user job lists ({@code fig1.csv},
 * {@code sec43.csv}, {@code table2.csv}), one resource (three for Table 2), sizes as fractions of a unit
 * server.
 */
public final class PaperExamples {
    /** Fig. 1: job 1 needs the whole cluster for 4 s; jobs 2-5 a quarter each for 4.2 s. */
    public static final String FIG1_CSV = "jobs/fig1.csv";
    public static final double[] FIG1_JCT = {4, 4.2, 4.2, 4.2, 4.2};
    public static final int[] FIG1_SIZES = {1_000_000, 250_000, 250_000, 250_000, 250_000};
    /**
     * Completion times under SJF on one unit of capacity: job 1 runs [0, 4) and holds everything, then jobs
     * 2-5 run together [4, 8.2).
     */
    public static final double[] FIG1_SJF_COMPLETIONS = {4, 8.2, 8.2, 8.2, 8.2};
    /** Under DJSF: the set {2, 3, 4, 5} (JCE 4 / 4.2) runs [0, 4.2), then {1} (JCE 1 / 4) runs [4.2, 8.2). */
    public static final double[] FIG1_DJSF_COMPLETIONS = {8.2, 4.2, 4.2, 4.2, 4.2};
    /** (4 + 4 * 8.2) / 5 = 36.8 / 5. */
    public static final double FIG1_SJF_MEAN_JCT = 7.36;
    /** (4 * 4.2 + 8.2) / 5 = 25 / 5. */
    public static final double FIG1_DJSF_MEAN_JCT = 5.0;
    /** Eq. (12) on the means: (7.36 - 5) / 7.36 = 0.32065..., the paper's "32.07% lower". */
    public static final double FIG1_REDUCTION = (7.36 - 5.0) / 7.36;

    /** Sec. 4.3: six jobs of size 0.5 (two fit in C = 1) with JCTs 1, 2, 5, 6, 9, 10 s. */
    public static final String SEC43_CSV = "jobs/sec43.csv";
    public static final double[] SEC43_JCT = {1, 2, 5, 6, 9, 10};
    public static final int[] SEC43_SIZES = {500_000, 500_000, 500_000, 500_000, 500_000, 500_000};
    /** Aligned {1, 2}, {3, 4}, {5, 6}: 2/2 + 2/6 + 2/10 = 23/15 = 1.5333 ("approximately 1.53"). */
    public static final double SEC43_ALIGNED_TOTAL_JCE = 23.0 / 15;
    /** Misaligned {1, 6}, {2, 5}, {3, 4}: 2/10 + 2/9 + 2/6 = 34/45 = 0.7556 ("approximately 0.75"). */
    public static final double SEC43_MISALIGNED_TOTAL_JCE = 34.0 / 45;

    /** Table 2: five jobs with (CPU, RAM, disk) requests and JCTs, scored on free resources (0.2, 0.2, 0.2). */
    public static final String TABLE2_CSV = "jobs/table2.csv";
    public static final double[] TABLE2_JCT = {4, 4, 5, 4, 4};
    public static final int[] TABLE2_SIZES = {
        200_000, 100_000, 100_000,
        200_000, 300_000, 100_000,
        800_000, 700_000, 600_000,
        200_000, 200_000, 100_000,
        200_000, 100_000, 100_000};
    public static final int[] TABLE2_FREE = {200_000, 200_000, 200_000};
    /** Table 2's packing scores: 0.2 times each request's sum. */
    public static final double[] TABLE2_SCORES = {0.08, 0.12, 0.42, 0.10, 0.08};

    private PaperExamples() {
    }

    /** A job list under {@code src/test/resources}, e.g. {@code path(FIG1_CSV)}. */
    public static java.nio.file.Path path(final String resource) {
        final java.net.URL url = PaperExamples.class.getResource("/" + resource);
        if (url == null) {
            throw new IllegalStateException("missing test resource " + resource);
        }
        try {
            return java.nio.file.Path.of(url.toURI());
        } catch (final java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
