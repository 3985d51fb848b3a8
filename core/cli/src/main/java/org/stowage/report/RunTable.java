package org.stowage.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.metrics.Metric;

/**
 * The table {@code run} prints, one row per scheduler, {@value #WIDTH} characters wide for names of up to 12
 * characters (the scheduler column widens to the longest name). Columns that share a subject sit under one group
 * label (wait, response), so the labels stay short. Every column keeps its width whatever the run: job counts
 * up to 10^10 fit as they are, and a time or rate too long for its column is written in the exponent form that
 * fits ({@link #fitted}), so the rows stay under their header.
 *
 * <p>Two shapes. An open workload (a horizon): mean and p99 response time (arrival to completion) and the
 * throughput. A workload run to completion (a batch, a job list): the same two times under "JCT", the job
 * completion time of the batch papers, and the makespan (time of the last completion) instead of the
 * throughput, which is only the job count over the makespan there.
 */
public final class RunTable {
    /** Width of a line for scheduler names of up to 12 characters. */
    public static final int WIDTH = 139;
    /** Width of a job count column: 10^10 has 11 digits. */
    static final int COUNT = 11;

    private record Column(String group, String label, int width, boolean left) {
    }

    private final List<Column> columns = new ArrayList<>();
    private final boolean toCompletion;

    /** A table for {@code schedulers} (their names set the first column's width). */
    public RunTable(final boolean toCompletion, final List<String> schedulers) {
        this.toCompletion = toCompletion;
        final String times = toCompletion ? "JCT" : "response";
        int names = 12;
        for (final String scheduler : schedulers) {
            names = Math.max(names, scheduler.length());
        }
        add("", "scheduler", names, true);
        add("", "arrived", COUNT, false);
        add("", "done", COUNT, false);
        add("", "rejected", COUNT, false);
        add("queue", "mean", 8, false);
        add("wait", "mean", 8, false);
        add("wait", "p99", 8, false);
        add(times, "mean", 8, false);
        add(times, "p99", 8, false);
        add("", "util", 6, false);
        add("", toCompletion ? "makespan" : "thruput", 8, false);
        add("", "verdict", 12, true);
        add("", "wall ms", 7, false);
        add("", "jobs/s", 8, false);
    }

    private void add(final String group, final String label, final int width, final boolean left) {
        columns.add(new Column(group, label, width, left));
    }

    /** The two header lines and the rule under them. */
    public List<String> header() {
        final StringBuilder groups = new StringBuilder();
        final StringBuilder labels = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            final Column column = columns.get(i);
            if (i > 0) {
                labels.append(' ');
            }
            labels.append(cell(column.label(), column));
            if (!column.group().isEmpty() && (i == 0 || !columns.get(i - 1).group().equals(column.group()))) {
                // a group's label spans its columns, centred in dashes: "---- wait ----"
                int span = column.width();
                for (int j = i + 1; j < columns.size() && columns.get(j).group().equals(column.group()); j++) {
                    span += 1 + columns.get(j).width();
                }
                final int start = labels.length() - column.width();
                groups.append(" ".repeat(Math.max(0, start - groups.length())));
                groups.append(centred(column.group(), span));
            }
        }
        return List.of(groups.toString().stripTrailing(), labels.toString(), "-".repeat(labels.length()));
    }

    private static String centred(final String label, final int span) {
        final String text = " " + label + " ";
        final int dashes = span - text.length();
        if (dashes < 4) {
            // too narrow for a dashed span: the label alone, over its column's numbers
            return String.format(Locale.ROOT, "%" + span + "s", label);
        }
        return "-".repeat(dashes / 2) + text + "-".repeat(dashes - dashes / 2);
    }

    private static String cell(final String text, final Column column) {
        final String format = "%" + (column.left() ? "-" : "") + column.width() + "s";
        return String.format(Locale.ROOT, format, text);
    }

    /** One scheduler's row. */
    public String row(final RunResult result) {
        final List<String> cells = List.of(
            result.scheduler(),
            fitted(result.metric(Metric.ARRIVED_TOTAL), 0, COUNT),
            fitted(result.metric(Metric.COMPLETED_TOTAL), 0, COUNT),
            fitted(result.metric(Metric.REJECTED_TOTAL), 0, COUNT),
            fitted(result.metric(Metric.MEAN_QUEUE), 3, 8),
            fitted(result.metric(Metric.WAIT_MEAN), 2, 8),
            fitted(result.metric(Metric.WAIT_P99), 2, 8),
            fitted(result.metric(Metric.JCT_MEAN), 2, 8),
            fitted(result.metric(Metric.JCT_P99), 2, 8),
            HtmlReport.number(result.metric(Metric.utilization(0)), 4),
            toCompletion ? fitted(result.metric(Metric.MAKESPAN), 2, 8) : fitted(result.metric(Metric.THROUGHPUT), 5, 8),
            result.stability().verdict().label(),
            fitted(result.wallSeconds() * 1e3, 0, 7),
            fitted(result.jobsPerSecond(), 0, 8));
        final StringBuilder line = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            line.append(i == 0 ? "" : " ").append(cell(cells.get(i), columns.get(i)));
        }
        return line.toString().stripTrailing();
    }

    /**
     * {@code value} with at most {@code decimals} decimals, fewer when that is what fits {@code width}
     * (20911.00 becomes 20911: a whole slot count anyway), rounded from the value itself each time; a whole number
     * still too long, in the exponent form with as many digits as fit (1234567890 in 8 columns: 1.235e+09).
     */
    public static String fitted(final double value, final int decimals, final int width) {
        String text = HtmlReport.number(value, decimals);
        for (int fewer = decimals - 1; fewer >= 0 && text.length() > width; fewer--) {
            text = HtmlReport.number(value, fewer);
        }
        for (int digits = Math.max(0, width - 6); digits >= 0 && text.length() > width; digits--) {
            text = String.format(Locale.ROOT, "%." + digits + "e", value);
        }
        return text;
    }

}
