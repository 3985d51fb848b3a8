package org.stowage.report;

import static org.stowage.sweep.ResultFiles.atomically;
import static org.stowage.sweep.ResultFiles.csv;
import static org.stowage.sweep.ResultFiles.number;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.metrics.Metric;
import org.stowage.sweep.ResultFiles;

import de.siegmar.fastcsv.writer.CsvWriter;

/**
 * The files of {@code run --out DIR}. Everything written is a function of the inputs only (wall-clock
 * times stay in the printed table), so the same command twice writes byte-identical files. Each file is
 * written beside its target and renamed into place ({@link ResultFiles}), so a reader never sees half a file.
 *
 * <ul>
 *   <li>{@value #RESULTS}: tidy, one row per scheduler and metric: {@code scheduler,metric,value}; the
 *       verdict is the metric {@code verdict} with a text value; a missing value (NaN) is empty.</li>
 *   <li>{@value #SERIES}: the queue-length series, {@code scheduler,time,mean_queue} (bucket start and
 *       time-average total queue length over the bucket).</li>
 *   <li>{@value #QUEUE_PLOT}.png and .svg: the queue length over time of every scheduler (log scale when the
 *       curves differ by more than a factor of 100; {@link RunPlots}).</li>
 *   <li>{@value HtmlReport#FILE}: one page with all of it (the command, the table, the plot, every input),
 *       self-contained ({@link HtmlReport}).</li>
 *   <li>{@value #SUMMARY}: every input (including the command that repeats the run), whether every
 *       scheduler has finished ({@code complete}), and, per finished scheduler, its metrics and verdict details;
 *       NaN is written as null.</li>
 * </ul>
 * The CSV and JSON files are written again after each scheduler finishes, so a run that fails or is
 * interrupted keeps the results of every scheduler that finished before; the plot and the page come once
 * every scheduler has run. A plot that cannot be drawn ({@link Charts}: a run too short to have a queue
 * series, say) is skipped, the page says why, and the caller is told.
 */
public final class RunOutputs {
    public static final String RESULTS = "results.csv";
    public static final String SERIES = "series.csv";
    public static final String SUMMARY = "summary.json";
    public static final String QUEUE_PLOT = RunPlots.QUEUE;
    /** The GPU allocation over time, for runs with GPUs ({@code --gpus}). */
    public static final String GPU_SERIES = "gpu-series.csv";
    public static final String GPU_PLOT = "gpu";

    private RunOutputs() {
    }

    /**
     * Writes the run's files into {@code directory} (made if need be); the plot and the page only when
     * {@code complete}.
     *
     * @return why the plot was not drawn, or null when it was (or none was asked for, or not yet)
     */
    public static String write(final Path directory, final String workload, final boolean toCompletion,
                               final boolean plots, final Map<String, Object> inputs, final List<RunResult> results,
                               final boolean complete)
        throws IOException {
        Files.createDirectories(directory);
        atomically(directory.resolve(RESULTS), target -> {
            try (CsvWriter csv = csv(target)) {
                csv.writeRecord("scheduler", "metric", "value");
                for (final RunResult result : results) {
                    for (final Map.Entry<String, Double> metric : result.metrics().entrySet()) {
                        csv.writeRecord(result.scheduler(), metric.getKey(), number(metric.getValue()));
                    }
                    csv.writeRecord(result.scheduler(), "verdict", result.stability().verdict().label());
                }
            }
        });
        atomically(directory.resolve(SERIES), target -> {
            try (CsvWriter csv = csv(target)) {
                csv.writeRecord("scheduler", "time", Metric.MEAN_QUEUE.name());
                for (final RunResult result : results) {
                    final double[] starts = result.seriesStart();
                    final double[] means = result.seriesMean();
                    for (int i = 0; i < starts.length; i++) {
                        csv.writeRecord(result.scheduler(), number(starts[i]), number(means[i]));
                    }
                }
            }
        });
        final boolean gpus = !results.isEmpty() && results.get(0).arrays().containsKey("gpu_allocation_series");
        if (gpus) {
            atomically(directory.resolve(GPU_SERIES), target -> {
                try (CsvWriter csv = csv(target)) {
                    csv.writeRecord("scheduler", "time", "gpu_allocation");
                    for (final RunResult result : results) {
                        final double[] starts = result.array("gpu_series_start");
                        final double[] shares = result.array("gpu_allocation_series");
                        for (int i = 0; i < starts.length; i++) {
                            csv.writeRecord(result.scheduler(), number(starts[i]), number(shares[i]));
                        }
                    }
                }
            });
        }
        final Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("stowage", "0.1.0");
        summary.put("inputs", inputs);
        summary.put("complete", complete);
        final List<Object> runs = new ArrayList<>();
        for (final RunResult result : results) {
            final Map<String, Object> run = new LinkedHashMap<>();
            run.put("scheduler", result.scheduler());
            run.put("verdict", result.stability().verdict().label());
            run.put("verdict_detail", result.stability().toString());
            final Map<String, Object> metrics = new LinkedHashMap<>();
            result.metrics().forEach((name, value) -> metrics.put(name, Double.isNaN(value) ? null : value));
            run.put("metrics", metrics);
            runs.add(run);
        }
        summary.put("runs", runs);
        ResultFiles.writeString(directory.resolve(SUMMARY), ResultFiles.json(summary));
        String skipped = null;
        String gpuSkipped = null;
        if (complete) {
            // drawn once, when every scheduler has run: a plot costs a few hundred ms, the CSVs above are cheap
            if (plots) {
                skipped = RunPlots.queueOverTime(directory, workload, MetricUnits.timeUnit(inputs.get("time_mode")), results);
                if (gpus) {
                    gpuSkipped = RunPlots.gpuAllocationOverTime(directory, MetricUnits.timeUnit(inputs.get("time_mode")),
                        results);
                }
            }
            report(directory, workload, toCompletion, plots, skipped, gpuSkipped, inputs, results).write(directory);
        }
        return skipped;
    }

    /**
     * The page of the folder ({@value HtmlReport#FILE}): the command, the workload, the table (the printed one
     * without its wall-clock columns, which would make two identical runs' pages differ), the queue plot, every
     * input and the files.
     */
    @SuppressWarnings("unchecked")
    static HtmlReport report(final Path directory, final String workload, final boolean toCompletion,
                             final boolean plots, final String skipped, final String gpuSkipped,
                             final Map<String, Object> inputs,
                             final List<RunResult> results)
        throws IOException {
        final HtmlReport page = new HtmlReport("stowage run: " + results.size() + " scheduler(s)");
        page.command((List<String>) inputs.get("command"));
        page.paragraph(workload);
        final String times = toCompletion ? "JCT" : "response time";
        page.section("Results", "results");
        page.table("results", List.of("scheduler", "arrived", "done", "rejected", "mean queue", "mean wait", "p99 wait",
                "mean " + times, "p99 " + times, "utilization", toCompletion ? "makespan" : "throughput", "verdict"),
            rows(results, toCompletion));
        page.paragraph("Times are in slots (slotted) or time units (continuous); the response time runs from arrival"
            + " to completion (the job completion time, JCT, of a batch). Every metric of every scheduler is in "
            + RESULTS + " and " + SUMMARY + ".");
        page.section("Queue length over time", "queue");
        final boolean drawn = plots && skipped == null;
        if (drawn) {
            page.figure(directory, directory.resolve(QUEUE_PLOT + ".svg"),
                "Total queue length (bucket means) of every scheduler; " + SERIES + " has the numbers.");
        } else if (plots) {
            page.paragraph("Not drawn: " + skipped + "; " + SERIES + " has the numbers.");
        } else {
            page.paragraph("Not drawn (--no-plots); " + SERIES + " has the numbers.");
        }
        final boolean gpus = !results.isEmpty() && results.get(0).arrays().containsKey("gpu_allocation_series");
        if (gpus) {
            page.section("GPUs over time", "gpus");
            page.paragraph("Time averages after the warm-up: " + gpuLine(results) + ".");
            if (plots && gpuSkipped == null) {
                page.figure(directory, directory.resolve(GPU_PLOT + ".svg"),
                    "Share of the cluster's GPU milli allocated (bucket means); " + GPU_SERIES + " has the numbers.");
            } else if (plots) {
                page.paragraph("Not drawn: " + gpuSkipped + "; " + GPU_SERIES + " has the numbers.");
            }
        }
        page.section("Inputs", "inputs");
        page.inputs(inputs);
        page.section("Files", "files");
        final List<String> files = new ArrayList<>(List.of(RESULTS, SERIES, SUMMARY));
        if (drawn) {
            files.addAll(List.of(QUEUE_PLOT + ".png", QUEUE_PLOT + ".svg"));
        }
        if (gpus) {
            files.add(GPU_SERIES);
            if (plots && gpuSkipped == null) {
                files.addAll(List.of(GPU_PLOT + ".png", GPU_PLOT + ".svg"));
            }
        }
        page.files(files);
        return page;
    }

    /**
     * Each scheduler's GPU allocation and fragmentation (time averages, percent of the cluster's GPU milli),
     * one line: {@code FGD allocation 61.20% fragment 3.10%, BestFit ...}.
     */
    public static String gpuLine(final List<RunResult> results) {
        final List<String> parts = new ArrayList<>();
        for (final RunResult result : results) {
            parts.add(String.format(Locale.ROOT, "%s allocation %.2f%% fragment %.2f%%", result.scheduler(),
                100 * result.metric(Metric.GPU_ALLOCATION), 100 * result.metric(Metric.GPU_FRAGMENT)));
        }
        return String.join(", ", parts);
    }

    private static List<List<String>> rows(final List<RunResult> results, final boolean toCompletion) {
        final List<List<String>> rows = new ArrayList<>();
        for (final RunResult result : results) {
            rows.add(List.of(result.scheduler(), HtmlReport.number(result.metric(Metric.ARRIVED_TOTAL), 0),
                HtmlReport.number(result.metric(Metric.COMPLETED_TOTAL), 0),
                HtmlReport.number(result.metric(Metric.REJECTED_TOTAL), 0),
                HtmlReport.number(result.metric(Metric.MEAN_QUEUE), 3), HtmlReport.number(result.metric(Metric.WAIT_MEAN), 2),
                HtmlReport.number(result.metric(Metric.WAIT_P99), 2), HtmlReport.number(result.metric(Metric.JCT_MEAN), 2),
                HtmlReport.number(result.metric(Metric.JCT_P99), 2), HtmlReport.number(result.metric(Metric.utilization(0)), 4),
                toCompletion ? HtmlReport.number(result.metric(Metric.MAKESPAN), 2)
                    : HtmlReport.number(result.metric(Metric.THROUGHPUT), 5),
                result.stability().verdict().label()));
        }
        return rows;
    }
}
