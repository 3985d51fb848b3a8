package org.stowage.core.metrics;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.stowage.core.engine.TimeMode;

/**
 * A measure a run reports, declared once: its name (the key in {@code RunResult.metrics()}, and the name that
 * CSV and JSON files and tables use), its {@link Unit} and what it means. {@code Experiments.run} reports the
 * {@linkplain #standard() standard metrics} in their order, then the per-resource, per-class and per-queue
 * families ({@link #utilization}, {@link #classWaitMean}, {@link #meanQueueOf}, ...); a study or a figure
 * that keeps measures of its own beside them declares each with {@link #of}.
 *
 * <p>"Observed window" is the run after its warm-up: every rate, average and distribution is over it; the
 * totals ({@code _total}, {@code _at_end}) are over the whole run. Times are in slots (slotted runs) or in
 * the run's time unit (continuous runs), as the unit's {@link Unit#label(TimeMode)} says; waits of continuous
 * runs are recorded to 1/1000 of a time unit.
 *
 * <p>Immutable; equal when the names are equal.
 */
public final class Metric {
    /** What a metric's value counts, for column headers and axis labels. */
    public enum Unit {
        /** A number of jobs, or a time average of one (a queue length). */
        JOBS,
        /** Simulated time: slots in slotted runs, the run's time unit in continuous ones. */
        TIME,
        /** Jobs per unit of simulated time. */
        RATE,
        /** A dimensionless fraction: of capacity (utilization), of arrivals (growth). */
        FRACTION,
        /** Any other plain number: a count of resources or of job sets, a score. */
        NUMBER;

        /**
         * The unit as an axis label or header shows it, when one unit of simulated time is called
         * {@code timeUnit} (an abbreviation or a plural: {@code "slots"}, {@code "s"}, {@code "h"}):
         * {@code "jobs"}, {@code timeUnit}, {@code "jobs/" + timeUnit} (a plural loses its last {@code s}:
         * {@code "jobs/slot"}), or the empty string for a fraction or a plain number.
         */
        public String label(final String timeUnit) {
            Objects.requireNonNull(timeUnit, "timeUnit");
            return switch (this) {
                case JOBS -> "jobs";
                case TIME -> timeUnit;
                case RATE -> "jobs/" + (timeUnit.length() > 2 && timeUnit.endsWith("s")
                    ? timeUnit.substring(0, timeUnit.length() - 1) : timeUnit);
                case FRACTION, NUMBER -> "";
            };
        }

        /**
         * The unit in a run of time mode {@code mode} that gives its times as they are: {@code "slots"} and
         * {@code "jobs/slot"} in slotted runs, {@code "time units"} and {@code "jobs/time unit"} in continuous
         * ones.
         */
        public String label(final TimeMode mode) {
            return label(mode == TimeMode.SLOTTED ? "slots" : "time units");
        }
    }

    /** Jobs that arrived, over the whole run, warm-up included. */
    public static final Metric ARRIVED_TOTAL = of("arrived_total", Unit.JOBS, "arrived",
        "jobs that arrived, over the whole run (warm-up included)");
    /** Jobs that completed, over the whole run. */
    public static final Metric COMPLETED_TOTAL = of("completed_total", Unit.JOBS, "completed",
        "jobs that completed, over the whole run (warm-up included)");
    /** Jobs rejected at arrival because no server could ever hold them, over the whole run. */
    public static final Metric REJECTED_TOTAL = of("rejected_total", Unit.JOBS, "rejected",
        "jobs rejected at arrival because they need more than every server's capacity on some resource, over the"
            + " whole run");
    /** Jobs still queued at the end. */
    public static final Metric QUEUED_AT_END = of("queued_at_end", Unit.JOBS, "queued at the end",
        "jobs still waiting in a queue when the run ended");
    /** Jobs still running at the end. */
    public static final Metric RUNNING_AT_END = of("running_at_end", Unit.JOBS, "running at the end",
        "jobs still in service when the run ended");
    /** Arrivals per unit time over the observed window. */
    public static final Metric ARRIVAL_RATE = of("arrival_rate", Unit.RATE, "arrival rate",
        "arrivals per unit of time over the observed window");
    /** Completions per unit time over the observed window. */
    public static final Metric THROUGHPUT = of("throughput", Unit.RATE, "throughput",
        "completions per unit of time over the observed window");
    /** Time-average number of queued jobs. */
    public static final Metric MEAN_QUEUE = of("mean_queue", Unit.JOBS, "mean queue length",
        "time-average number of jobs waiting, over every queue of the scheduler, over the observed window");
    /** Time-average number of jobs in service. */
    public static final Metric MEAN_RUNNING = of("mean_running", Unit.JOBS, "mean jobs in service",
        "time-average number of jobs in service over the observed window");
    /** Mean wait, arrival to start. */
    public static final Metric WAIT_MEAN = of("wait_mean", Unit.TIME, "mean wait",
        "mean waiting time, from arrival to start, of the jobs that started in the observed window");
    /** Median wait. */
    public static final Metric WAIT_P50 = of("wait_p50", Unit.TIME, "median wait", "50th percentile of the wait");
    /** 90th percentile of the wait. */
    public static final Metric WAIT_P90 = of("wait_p90", Unit.TIME, "p90 wait", "90th percentile of the wait");
    /** 99th percentile of the wait. */
    public static final Metric WAIT_P99 = of("wait_p99", Unit.TIME, "p99 wait", "99th percentile of the wait");
    /** 99.9th percentile of the wait. */
    public static final Metric WAIT_P999 = of("wait_p999", Unit.TIME, "p99.9 wait", "99.9th percentile of the wait");
    /** Longest wait. */
    public static final Metric WAIT_MAX = of("wait_max", Unit.TIME, "longest wait",
        "the longest wait of a job that started in the observed window");
    /** Mean completion time (response time; a batch's JCT), arrival to departure. */
    public static final Metric JCT_MEAN = of("jct_mean", Unit.TIME, "mean response time",
        "mean completion time, from arrival to departure (the response time; a batch's job completion time, JCT),"
            + " of the jobs that completed in the observed window");
    /** Median completion time. */
    public static final Metric JCT_P50 = of("jct_p50", Unit.TIME, "median response time",
        "50th percentile of the completion time");
    /** 99th percentile of the completion time. */
    public static final Metric JCT_P99 = of("jct_p99", Unit.TIME, "p99 response time",
        "99th percentile of the completion time");
    /** Time of the last departure. */
    public static final Metric MAKESPAN = of("makespan", Unit.TIME, "makespan",
        "time of the last departure (of a workload run to completion)");
    /** Growth of the queue, the stability verdict's estimate. */
    public static final Metric GROWTH = of("growth", Unit.FRACTION, "queue growth",
        "the fraction of arrivals that piles up: the queue's slope over the second half of the observed window"
            + " divided by the arrival rate (the stability verdict's estimate)");
    /** Half-width of the growth's 99% interval. */
    public static final Metric GROWTH_ERROR = of("growth_error", Unit.FRACTION, "queue growth error",
        "half-width of the 99% interval of the growth");
    /** Dummy jobs placed (RMS), over the whole run. */
    public static final Metric DUMMIES_PLACED = of("dummies_placed", Unit.JOBS, "dummy jobs placed",
        "dummy jobs a kernel placed (RMS), over the whole run");

    /** Time-average share of the cluster's GPU units allocated, for a run with devices (GPUs) only. */
    public static final Metric GPU_ALLOCATION = of("gpu_allocation", Unit.FRACTION, "GPU allocation",
        "time-average share of the cluster's GPU units allocated, over the observed window (runs with GPUs)");
    /** Time-average GPU fragmentation (Weng et al. 2023), for a run with devices (GPUs) only. */
    public static final Metric GPU_FRAGMENT = of("gpu_fragment", Unit.FRACTION, "GPU fragmentation",
        "time-average share of the cluster's GPU units that are fragments for the workload's typical pods, over the"
            + " observed window (runs with GPUs)");

    /** The metrics a run with devices reports after the standard ones and the families. */
    private static final List<Metric> WITH_DEVICES = List.of(GPU_ALLOCATION, GPU_FRAGMENT);

    private static final List<Metric> STANDARD = List.of(ARRIVED_TOTAL, COMPLETED_TOTAL, REJECTED_TOTAL,
        QUEUED_AT_END, RUNNING_AT_END, ARRIVAL_RATE, THROUGHPUT, MEAN_QUEUE, MEAN_RUNNING, WAIT_MEAN, WAIT_P50,
        WAIT_P90, WAIT_P99, WAIT_P999, WAIT_MAX, JCT_MEAN, JCT_P50, JCT_P99, MAKESPAN, GROWTH, GROWTH_ERROR,
        DUMMIES_PLACED);

    private static final Pattern UTILIZATION = Pattern.compile("utilization_r(\\d+)");
    private static final Pattern USEFUL_UTILIZATION = Pattern.compile("useful_utilization_r(\\d+)");
    private static final Pattern OF_CLASS = Pattern.compile("class_(\\d+)_(arrival_rate|throughput|mean_queue|wait_mean"
        + "|jct_mean)");
    private static final Pattern OF_QUEUE = Pattern.compile("mean_queue_q(\\d+)");

    private final String name;
    private final Unit unit;
    private final String label;
    private final String meaning;

    private Metric(final String name, final Unit unit, final String label, final String meaning) {
        this.name = name;
        this.unit = unit;
        this.label = label;
        this.meaning = meaning;
    }

    /**
     * A metric of its own that a study or a figure keeps beside a run's (in a {@code RunResult} it makes).
     *
     * @param name    lower case letters, digits and underscores, starting with a letter
     * @param label   a few words for a header or an axis ("mean wait")
     * @param meaning one sentence: what is measured, over which part of the run
     */
    public static Metric of(final String name, final Unit unit, final String label, final String meaning) {
        if (name == null || !name.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("metric name must be lower case letters, digits and underscores,"
                + " starting with a letter: " + name);
        }
        return new Metric(name, Objects.requireNonNull(unit, "unit of " + name),
            Objects.requireNonNull(label, "label of " + name), Objects.requireNonNull(meaning, "meaning of " + name));
    }

    /** The metrics every run reports, in the order {@code Experiments.run} reports them (families apart). */
    public static List<Metric> standard() {
        return STANDARD;
    }

    /** Utilization of resource {@code d} (0-based), dummy jobs included. */
    public static Metric utilization(final int d) {
        return new Metric("utilization_r" + index(d, "resource"), Unit.FRACTION, "utilization (resource " + d + ")",
            "time-average fraction of the capacity of resource " + d + " in use, dummy jobs included, over the"
                + " observed window");
    }

    /** Utilization of resource {@code d} (0-based) by real jobs only. */
    public static Metric usefulUtilization(final int d) {
        return new Metric("useful_utilization_r" + index(d, "resource"), Unit.FRACTION,
            "useful utilization (resource " + d + ")", "time-average fraction of the capacity of resource " + d
                + " in use by real jobs (dummy jobs left out), over the observed window");
    }

    /** Arrivals of job class {@code k} per unit time (reported when the jobs have more than one class). */
    public static Metric classArrivalRate(final int k) {
        return ofClass(k, "arrival_rate", Unit.RATE, "arrival rate", "arrivals per unit of time");
    }

    /** Completions of job class {@code k} per unit time. */
    public static Metric classThroughput(final int k) {
        return ofClass(k, "throughput", Unit.RATE, "throughput", "completions per unit of time");
    }

    /** Time-average number of queued jobs of class {@code k}. */
    public static Metric classMeanQueue(final int k) {
        return ofClass(k, "mean_queue", Unit.JOBS, "mean queue length", "time-average number of jobs waiting");
    }

    /** Mean wait of the jobs of class {@code k}. */
    public static Metric classWaitMean(final int k) {
        return ofClass(k, "wait_mean", Unit.TIME, "mean wait", "mean wait, arrival to start,");
    }

    /** Mean completion time of the jobs of class {@code k}. */
    public static Metric classJctMean(final int k) {
        return ofClass(k, "jct_mean", Unit.TIME, "mean response time", "mean completion time, arrival to departure,");
    }

    /** Time-average length of queue {@code q}, the scheduler's q-th queue (reported on request). */
    public static Metric meanQueueOf(final int q) {
        return new Metric("mean_queue_q" + index(q, "queue"), Unit.JOBS, "mean length of queue " + q,
            "time-average number of jobs in the scheduler's queue " + q + " (in the order it made them), over the"
                + " observed window");
    }

    /**
     * The metric a run reports under {@code name}: a standard one, or one of a family ({@code utilization_r1},
     * {@code class_2_wait_mean}, {@code mean_queue_q7}).
     *
     * @throws IllegalArgumentException naming the name and the metrics there are
     */
    public static Metric named(final String name) {
        for (final Metric metric : STANDARD) {
            if (metric.name.equals(name)) {
                return metric;
            }
        }
        for (final Metric metric : WITH_DEVICES) {
            if (metric.name.equals(name)) {
                return metric;
            }
        }
        Matcher matcher = UTILIZATION.matcher(name);
        if (matcher.matches()) {
            return utilization(Integer.parseInt(matcher.group(1)));
        }
        matcher = USEFUL_UTILIZATION.matcher(name);
        if (matcher.matches()) {
            return usefulUtilization(Integer.parseInt(matcher.group(1)));
        }
        matcher = OF_QUEUE.matcher(name);
        if (matcher.matches()) {
            return meanQueueOf(Integer.parseInt(matcher.group(1)));
        }
        matcher = OF_CLASS.matcher(name);
        if (matcher.matches()) {
            final int k = Integer.parseInt(matcher.group(1));
            return switch (matcher.group(2)) {
                case "arrival_rate" -> classArrivalRate(k);
                case "throughput" -> classThroughput(k);
                case "mean_queue" -> classMeanQueue(k);
                case "wait_mean" -> classWaitMean(k);
                default -> classJctMean(k);
            };
        }
        final StringBuilder known = new StringBuilder();
        for (final Metric metric : STANDARD) {
            known.append(metric.name).append(", ");
        }
        throw new IllegalArgumentException("no metric '" + name + "'; a run reports " + known
            + "utilization_rD and useful_utilization_rD per resource D, class_K_{arrival_rate, throughput, mean_queue,"
            + " wait_mean, jct_mean} per job class K, and mean_queue_qN per queue N on request");
    }

    private static Metric ofClass(final int k, final String measure, final Unit unit, final String label,
                                  final String meaning) {
        return new Metric("class_" + index(k, "job class") + "_" + measure, unit, label + " (class " + k + ")",
            meaning + " of the jobs of class " + k + ", over the observed window");
    }

    private static int index(final int value, final String of) {
        if (value < 0) {
            throw new IllegalArgumentException(of + " index must be >= 0: " + value);
        }
        return value;
    }

    /** The name: the key in a run's metrics, a CSV's metric column and JSON. */
    public String name() {
        return name;
    }

    /** What the value counts. */
    public Unit unit() {
        return unit;
    }

    /** A few words for a header or an axis, without the unit ("mean wait"). */
    public String label() {
        return label;
    }

    /** What is measured, over which part of the run, in one sentence. */
    public String meaning() {
        return meaning;
    }

    /**
     * An axis label: the label and, unless the metric is a fraction or a plain number, its unit in parentheses, with
     * {@code timeUnit} naming a unit of simulated time ({@link Unit#label(String)}): {@code "mean wait (h)"}.
     */
    public String axisLabel(final String timeUnit) {
        final String shown = unit.label(timeUnit);
        return shown.isEmpty() ? label : label + " (" + shown + ")";
    }

    /** An axis label for a run of time mode {@code mode}, its times as they are: {@code "mean wait (slots)"}. */
    public String axisLabel(final TimeMode mode) {
        final String shown = unit.label(mode);
        return shown.isEmpty() ? label : label + " (" + shown + ")";
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof Metric metric && metric.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    /** The name. */
    @Override
    public String toString() {
        return name;
    }
}
