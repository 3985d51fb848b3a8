package org.stowage.sweep;

import static org.stowage.sweep.ResultFiles.csv;
import static org.stowage.sweep.ResultFiles.number;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.statistics.distribution.TDistribution;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.metrics.Metric;
import org.stowage.core.metrics.Stability;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import de.siegmar.fastcsv.writer.CsvWriter;

/** The files of a {@link Sweep}: manifest, one file per finished unit, and the assembled tables. */
public final class SweepFiles {
    public static final String MANIFEST = "manifest.json";
    public static final String RESULTS = "results.csv";
    public static final String SUMMARY = "summary.csv";
    static final String RUNS = "runs";

    private SweepFiles() {
    }

    /** Shortest exact decimal text of a number (see {@link ResultFiles#number}). */
    static String number(final double value) {
        return ResultFiles.number(value);
    }

    /** The manifest of {@code sweep}: its grid and every other input. */
    static Map<String, Object> manifest(final Sweep sweep) {
        final Map<String, Object> manifest = new LinkedHashMap<>();
        manifest.put("stowage", "0.1.0");
        manifest.put("schedulers", sweep.schedulers());
        final Map<String, Object> axes = new LinkedHashMap<>();
        for (final Sweep.Axis axis : sweep.axes()) {
            axes.put(axis.name(), axis.values());
        }
        manifest.put("axes", axes);
        manifest.put("replications", sweep.replications());
        manifest.put("base_seed", sweep.baseSeed());
        manifest.put("inputs", sweep.inputs());
        return manifest;
    }

    /**
     * Creates the directory and writes the manifest, or checks that an existing one describes the same
     * sweep, so a resumed sweep never mixes results of different inputs.
     */
    static void prepare(final Path directory, final Sweep sweep) throws IOException {
        final String manifest = checkManifest(directory, sweep);
        final Path file = directory.resolve(MANIFEST);
        OutputDirectory.prepare(directory, OutputDirectory.Owner.SWEEP, null);
        Files.createDirectories(directory.resolve(RUNS));
        if (!Files.exists(file)) {
            ResultFiles.writeString(file, manifest);
        }
    }

    /**
     * The manifest of {@code sweep}, after checking that {@code directory} holds none or the same one (a resumed
     * sweep never mixes results of different inputs); writes nothing.
     */
    static String checkManifest(final Path directory, final Sweep sweep) throws IOException {
        final String manifest = ResultFiles.json(manifest(sweep));
        final Path file = directory.resolve(MANIFEST);
        if (Files.isRegularFile(file) && !Files.readString(file).equals(manifest)) {
            throw new IllegalArgumentException("output directory " + directory + " holds a different sweep ("
                + file + " differs); use another directory or delete it");
        }
        return manifest;
    }

    /**
     * Finished unit files in {@code directory}/runs: what an interrupted sweep or figure keeps (0 when there is
     * no such folder, or it cannot be read).
     */
    public static long finishedOnDisk(final Path directory) {
        long count = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory.resolve(RUNS), "u-*.json")) {
            for (final Iterator<Path> each = files.iterator(); each.hasNext(); each.next()) {
                count++;
            }
        } catch (final IOException e) {
            return 0;
        }
        return count;
    }

    private static Path unitFile(final Path directory, final Sweep.Unit unit) {
        return directory.resolve(RUNS).resolve(String.format(Locale.ROOT, "u-%06d.json", unit.index()));
    }

    static void writeUnit(final Path directory, final Sweep.Unit unit) throws IOException {
        ResultFiles.writeString(unitFile(directory, unit), unitJson(unit));
    }

    /**
     * The text of a finished unit's file ({@code runs/u-NNNNNN.json}): every metric, the verdict, the queue
     * series and the arrays kept with the run (field {@code arrays}, only when there are any), numbers in
     * Java's shortest round-trip form, so {@link #unitResult} gives back the very same result. Engines that
     * run units in other JVMs send this text back.
     */
    public static String unitJson(final Sweep.Unit unit) throws IOException {
        final RunResult result = unit.result();
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("unit", unit.index());
        json.put("scheduler", unit.scheduler());
        json.put("coordinates", unit.point().coordinates());
        json.put("replication", unit.point().replication());
        json.put("seed", unit.point().seed());
        json.put("wall_seconds", result.wallSeconds());
        final Map<String, Object> metrics = new LinkedHashMap<>();
        result.metrics().forEach((name, value) -> metrics.put(name, Double.isNaN(value) ? null : value));
        json.put("metrics", metrics);
        final Stability stability = result.stability();
        final Map<String, Object> verdict = new LinkedHashMap<>();
        verdict.put("verdict", stability.verdict().label());
        verdict.put("growth", finite(stability.growth()));
        verdict.put("growth_error", finite(stability.growthError()));
        verdict.put("mean_level", finite(stability.meanLevel()));
        verdict.put("rise", finite(stability.rise()));
        verdict.put("buckets", stability.buckets());
        json.put("stability", verdict);
        json.put("series_start", result.seriesStart());
        json.put("series_mean", result.seriesMean());
        if (!result.arrays().isEmpty()) {
            json.put("arrays", result.arrays());
        }
        return ResultFiles.json(json);
    }

    private static Double finite(final double value) {
        return Double.isNaN(value) ? null : value;
    }

    /** A unit file that exists but cannot be read back (cut short by a crash, or damaged). */
    static final class UnreadableUnit extends IOException {
        private static final long serialVersionUID = 1L;

        UnreadableUnit(final String source, final String reason, final Throwable cause) {
            super(source + " is unreadable (" + reason + ")", cause);
        }
    }

    /**
     * The finished result of {@code unit}, or null when it has not run yet.
     *
     * @throws UnreadableUnit if the file exists but is not a complete unit (empty, cut short, not JSON, a
     *                        field missing): the caller runs the unit again
     */
    static RunResult readUnit(final Path directory, final Sweep.Unit unit) throws IOException {
        final Path file = unitFile(directory, unit);
        if (!Files.exists(file)) {
            return null;
        }
        return unitResult(Files.readString(file), unit, file.toString());
    }

    /**
     * The result in the text {@link #unitJson} wrote for {@code unit}.
     *
     * @param source where the text came from, for the messages
     * @throws UnreadableUnit           (an IOException) when the text is not a complete unit
     * @throws IllegalArgumentException when the text is of another scheduler or seed
     */
    public static RunResult unitResult(final String text, final Sweep.Unit unit, final String source) throws IOException {
        final JsonNode json;
        try {
            json = ResultFiles.mapper().readTree(text);
        } catch (final JsonProcessingException e) {
            throw new UnreadableUnit(source, e.getOriginalMessage(), e);
        }
        for (final String field : List.of("scheduler", "seed", "metrics", "stability", "series_start", "series_mean")) {
            if (json == null || !json.has(field)) {
                throw new UnreadableUnit(source, json == null || json.isMissingNode() ? "empty" : "no field " + field,
                    null);
            }
        }
        final String scheduler = json.path("scheduler").asText();
        final long seed = json.path("seed").asLong();
        if (!scheduler.equals(unit.scheduler()) || seed != unit.point().seed()) {
            throw new IllegalArgumentException(source + ": holds scheduler " + scheduler + " seed " + seed
                + " where the sweep expects " + unit.scheduler() + " seed " + unit.point().seed());
        }
        final Map<String, Double> metrics = new LinkedHashMap<>();
        json.path("metrics").properties().forEach(
            entry -> metrics.put(entry.getKey(), entry.getValue().isNull() ? Double.NaN : entry.getValue().asDouble()));
        final JsonNode verdict = json.path("stability");
        final Stability.Verdict label;
        try {
            label = Stability.Verdict.ofLabel(verdict.path("verdict").asText());
        } catch (final IllegalArgumentException e) {
            throw new UnreadableUnit(source, e.getMessage(), e);
        }
        final Stability stability = Stability.of(label, orNaN(verdict.path("growth")),
            orNaN(verdict.path("growth_error")), orNaN(verdict.path("mean_level")), orNaN(verdict.path("rise")),
            verdict.path("buckets").asInt());
        final Map<String, double[]> arrays = new LinkedHashMap<>();
        json.path("arrays").properties().forEach(entry -> arrays.put(entry.getKey(), doubles(entry.getValue())));
        return new RunResult(scheduler, metrics, stability, doubles(json.path("series_start")),
            doubles(json.path("series_mean")), json.path("wall_seconds").asDouble(), arrays);
    }

    private static double orNaN(final JsonNode node) {
        return node.isNull() || node.isMissingNode() ? Double.NaN : node.asDouble();
    }

    private static double[] doubles(final JsonNode array) {
        final double[] values = new double[array.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = array.get(i).asDouble();
        }
        return values;
    }

    /** Writes the tidy results and the per-point summary over replications, in grid order. */
    static void writeResults(final Path directory, final Sweep sweep, final List<Sweep.Unit> units) throws IOException {
        final List<String> axes = new ArrayList<>();
        for (final Sweep.Axis axis : sweep.axes()) {
            axes.add(axis.name());
        }
        ResultFiles.atomically(directory.resolve(RESULTS), target -> {
            try (CsvWriter csv = csv(target)) {
                final List<String> header = new ArrayList<>(axes);
                header.addAll(List.of("scheduler", "replication", "metric", "value"));
                csv.writeRecord(header);
                for (final Sweep.Unit unit : units) {
                    final List<String> prefix = new ArrayList<>(unit.point().coordinates().values());
                    prefix.add(unit.scheduler());
                    prefix.add(Integer.toString(unit.point().replication()));
                    for (final Map.Entry<String, Double> metric : unit.result().metrics().entrySet()) {
                        final List<String> row = new ArrayList<>(prefix);
                        row.add(metric.getKey());
                        row.add(number(metric.getValue()));
                        csv.writeRecord(row);
                    }
                    final List<String> row = new ArrayList<>(prefix);
                    row.add("verdict");
                    row.add(unit.result().stability().verdict().label());
                    csv.writeRecord(row);
                }
            }
        });
        ResultFiles.atomically(directory.resolve(SUMMARY), target -> {
            try (CsvWriter csv = csv(target)) {
                final List<String> header = new ArrayList<>(axes);
                header.addAll(List.of("scheduler", "metric", "n", "mean", "ci95_low", "ci95_high"));
                csv.writeRecord(header);
                for (final Aggregate aggregate : aggregate(sweep, units)) {
                    for (final Map.Entry<String, double[]> metric : aggregate.values.entrySet()) {
                        final double[] interval = meanAndInterval(metric.getValue());
                        final List<String> row = new ArrayList<>(aggregate.coordinates.values());
                        row.add(aggregate.scheduler);
                        row.add(metric.getKey());
                        row.add(Integer.toString((int) interval[3]));
                        row.add(number(interval[0]));
                        row.add(number(interval[1]));
                        row.add(number(interval[2]));
                        csv.writeRecord(row);
                    }
                }
            }
        });
    }

    /** Every metric of one scheduler at one point, over its replications (NaN values left out). */
    public static final class Aggregate {
        final Map<String, String> coordinates;
        final String scheduler;
        final Map<String, double[]> values = new LinkedHashMap<>();

        Aggregate(final Map<String, String> coordinates, final String scheduler) {
            this.coordinates = coordinates;
            this.scheduler = scheduler;
        }

        public Map<String, String> coordinates() {
            return coordinates;
        }

        public String scheduler() {
            return scheduler;
        }

        /** Whether the runs report {@code metric} ({@code utilization_r1} only with two resources or more). */
        public boolean has(final String metric) {
            return values.containsKey(metric);
        }

        /** The utilization metrics the runs report, one per resource: {@code utilization_r0}, ... */
        public List<String> utilizations() {
            final List<String> names = new ArrayList<>();
            for (int d = 0; has("utilization_r" + d); d++) {
                names.add("utilization_r" + d);
            }
            return names;
        }

        /** {mean, ci95 low, ci95 high, n} of a run's metric over the replications. */
        public double[] interval(final Metric metric) {
            return interval(metric.name());
        }

        /** {mean, ci95 low, ci95 high, n} over the replications of a metric, or a {@link #verdictMetric}. */
        public double[] interval(final String metric) {
            final double[] observed = values.get(metric);
            if (observed == null) {
                throw new IllegalArgumentException("no metric '" + metric + "'; known: " + values.keySet());
            }
            return meanAndInterval(observed);
        }
    }

    /** The 0/1 indicator metric of a verdict: {@code verdict_stable}, ..., {@code verdict_not_drained}. */
    public static String verdictMetric(final Stability.Verdict verdict) {
        return "verdict_" + verdict.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Groups the units by point and scheduler in grid order, with the verdicts as 0/1 indicator metrics
     * {@code verdict_stable}, {@code verdict_unstable}, {@code verdict_inconclusive}, {@code verdict_not_drained}.
     */
    public static List<Aggregate> aggregate(final Sweep sweep, final List<Sweep.Unit> units) {
        final Map<String, Aggregate> byKey = new LinkedHashMap<>();
        for (final Sweep.Unit unit : units) {
            final String key = unit.point().coordinates() + "|" + unit.scheduler();
            final Aggregate aggregate = byKey.computeIfAbsent(key,
                k -> new Aggregate(unit.point().coordinates(), unit.scheduler()));
            final Map<String, Double> metrics = new LinkedHashMap<>(unit.result().metrics());
            for (final Stability.Verdict verdict : Stability.Verdict.values()) {
                metrics.put(verdictMetric(verdict), unit.result().stability().verdict() == verdict ? 1.0 : 0.0);
            }
            for (final Map.Entry<String, Double> metric : metrics.entrySet()) {
                final double[] previous = aggregate.values.getOrDefault(metric.getKey(), new double[0]);
                final double[] next = Arrays.copyOf(previous, previous.length + 1);
                next[previous.length] = metric.getValue();
                aggregate.values.put(metric.getKey(), next);
            }
        }
        return new ArrayList<>(byKey.values());
    }

    /**
     * {mean, low, high, n} of the non-NaN values: a two-sided 95% Student-t interval for the mean
     * ({@code mean +/- t(0.975, n - 1) * s / sqrt(n)}); low and high are NaN when n &lt; 2.
     */
    public static double[] meanAndInterval(final double[] values) {
        int n = 0;
        double sum = 0;
        for (final double value : values) {
            if (!Double.isNaN(value)) {
                n++;
                sum += value;
            }
        }
        if (n == 0) {
            return new double[] {Double.NaN, Double.NaN, Double.NaN, 0};
        }
        final double mean = sum / n;
        if (n < 2) {
            return new double[] {mean, Double.NaN, Double.NaN, n};
        }
        double squares = 0;
        for (final double value : values) {
            if (!Double.isNaN(value)) {
                squares += (value - mean) * (value - mean);
            }
        }
        final double halfWidth = TDistribution.of(n - 1).inverseCumulativeProbability(0.975)
            * Math.sqrt(squares / (n - 1) / n);
        return new double[] {mean, mean - halfWidth, mean + halfWidth, n};
    }
}
