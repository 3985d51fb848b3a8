package org.stowage.core.trace;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What one load read and what it kept: rows, files, bytes, tasks seen, kept, dropped per
 * {@link DropReason}, rows skipped per reason, notes (counted fallbacks such as "processors from allocated"),
 * the time span of the rows and of the kept arrivals, exact size and duration quantiles of the kept tasks,
 * and the load's wall time and rows per second.
 *
 * <p>Invariant (asserted when the load finishes): {@code seen == kept + dropped}. Filled by the loader,
 * read-only afterwards.
 */
public final class TraceSummary {
    /** Quantile levels reported for sizes and durations: min, p50, p90, p99, max. */
    public static final double[] QUANTILE_LEVELS = {0.0, 0.5, 0.9, 0.99, 1.0};
    private static final String[] QUANTILE_NAMES = {"min", "p50", "p90", "p99", "max"};
    private static final long NO_TIME = Long.MIN_VALUE;

    private final TraceFormat format;
    private final String source;
    private final DropReason[] reasons;
    private final String[] resourceNames;
    private final long[] counts = new long[DropReason.values().length];
    private final Map<String, Long> notes = new LinkedHashMap<>();
    private String noun;

    private int files;
    private long rows;
    private long bytes;
    private long seen;
    private long kept;
    private long firstRowMicros = NO_TIME;
    private long lastRowMicros = NO_TIME;
    private long elapsedNanos;
    private long cpuNanos = -1;
    private long firstArrivalMicros = NO_TIME;
    private long lastArrivalMicros = NO_TIME;
    private double[][] sizeQuantiles;
    private double[] sizeMeans;
    private double[] durationQuantiles;
    private double durationMean;
    private long[] classCounts = new long[0];

    TraceSummary(final TraceFormat format, final String source, final DropReason[] reasons,
                 final String... resourceNames) {
        this.format = format;
        this.source = source;
        this.reasons = reasons.clone();
        this.resourceNames = resourceNames.clone();
        this.noun = format.noun();
    }

    // ---- filled by the loaders ----

    void addFile(final long rowsInFile, final long bytesInFile) {
        files++;
        rows += rowsInFile;
        bytes += bytesInFile;
    }

    void addSeen() {
        seen++;
    }

    void addDrop(final DropReason reason) {
        counts[reason.ordinal()]++;
    }

    void addDrops(final DropReason reason, final long howMany) {
        counts[reason.ordinal()] += howMany;
    }

    void note(final String what) {
        notes.merge(what, 1L, Long::sum);
    }

    /** Adds {@code howMany} to a note's count (a zero count still shows the note). */
    void note(final String what, final long howMany) {
        notes.merge(what, howMany, Long::sum);
    }

    /** Names what one seen unit is when it is not the format's noun (the Google attempts rule: "attempt"). */
    void unitNoun(final String value) {
        noun = value;
    }

    /** A row's time: the report shows the least and the greatest. */
    void rowTime(final long micros) {
        if (firstRowMicros == NO_TIME || micros < firstRowMicros) {
            firstRowMicros = micros;
        }
        if (lastRowMicros == NO_TIME || micros > lastRowMicros) {
            lastRowMicros = micros;
        }
    }

    /** CPU time of the calling thread in nanoseconds, or -1 where the JVM cannot measure it. */
    static long threadCpuNanos() {
        final java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    }

    /**
     * Called once the kept arrays are final (sorted by arrival).
     *
     * @param startNanos    {@link System#nanoTime()} when the load started
     * @param startCpuNanos {@link #threadCpuNanos()} when the load started
     */
    void finish(final LoadedTrace trace, final long startNanos, final long startCpuNanos) {
        this.kept = trace.count();
        final long cpuNow = threadCpuNanos();
        this.elapsedNanos = System.nanoTime() - startNanos;
        this.cpuNanos = startCpuNanos < 0 || cpuNow < 0 ? -1 : cpuNow - startCpuNanos;
        final int n = trace.count();
        final int dimensions = trace.dimensions();
        sizeQuantiles = new double[dimensions][QUANTILE_LEVELS.length];
        sizeMeans = new double[dimensions];
        durationQuantiles = new double[QUANTILE_LEVELS.length];
        classCounts = new long[trace.hasClasses() ? trace.classCount() : 0];
        if (classCounts.length > 0) {
            for (int i = 0; i < n; i++) {
                classCounts[trace.jobClass(i)]++;
            }
        }
        if (n > 0) {
            firstArrivalMicros = trace.arrivalMicros(0);
            lastArrivalMicros = trace.arrivalMicros(n - 1);
            final long[] values = new long[n];
            for (int d = 0; d < dimensions; d++) {
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    values[i] = trace.size(i, d);
                    sum += values[i];
                }
                sizeMeans[d] = trace.units().toReal(1) * (sum / n);
                Arrays.sort(values);
                for (int q = 0; q < QUANTILE_LEVELS.length; q++) {
                    sizeQuantiles[d][q] = trace.units().toReal(values[rank(QUANTILE_LEVELS[q], n)]);
                }
            }
            double sum = 0;
            for (int i = 0; i < n; i++) {
                values[i] = trace.durationMicros(i);
                sum += values[i];
            }
            durationMean = sum / n / 1e6;
            Arrays.sort(values);
            for (int q = 0; q < QUANTILE_LEVELS.length; q++) {
                durationQuantiles[q] = values[rank(QUANTILE_LEVELS[q], n)] / 1e6;
            }
        }
        assert seen == kept + dropped() : "seen " + seen + " != kept " + kept + " + dropped " + dropped();
    }

    /** Nearest rank: the smallest value with at least a fraction {@code level} of the values at or below it. */
    private static int rank(final double level, final int n) {
        return Math.max(0, Math.min(n - 1, (int) Math.ceil(level * n) - 1));
    }

    // ---- read ----

    public TraceFormat traceFormat() {
        return format;
    }

    /** What one seen unit is: the format's noun, or "attempt" under the Google attempts rule. */
    public String unitNoun() {
        return noun;
    }

    /** The spec or paths that were read. */
    public String source() {
        return source;
    }

    /** The reasons that apply to this format, in report order. */
    public DropReason[] reasons() {
        return reasons.clone();
    }

    public int filesRead() {
        return files;
    }

    /** Lines read, header and comment lines included. */
    public long rowsRead() {
        return rows;
    }

    /** Bytes read after decompression. */
    public long bytesRead() {
        return bytes;
    }

    /** Distinct tasks (jobs, pods) met. */
    public long seen() {
        return seen;
    }

    public long kept() {
        return kept;
    }

    /** Tasks dropped, all reasons. */
    public long dropped() {
        long total = 0;
        for (final DropReason reason : DropReason.values()) {
            total += reason.isRow() ? 0 : counts[reason.ordinal()];
        }
        return total;
    }

    /** Tasks dropped for this reason, or rows skipped for a row reason. */
    public long count(final DropReason reason) {
        return counts[reason.ordinal()];
    }

    /** Rows skipped, all reasons. */
    public long skippedRows() {
        long total = 0;
        for (final DropReason reason : DropReason.values()) {
            total += reason.isRow() ? counts[reason.ordinal()] : 0;
        }
        return total;
    }

    /** Counted fallbacks and facts (e.g. "processors taken from allocated: requested is -1"), in first-seen order. */
    public Map<String, Long> notes() {
        return Collections.unmodifiableMap(notes);
    }

    /** Wall time of the load: reading, decompressing, parsing, filtering, sorting and this summary. */
    public long elapsedNanos() {
        return elapsedNanos;
    }

    /**
     * CPU time the loading thread spent (decompression included, since it runs on that thread; JIT and GC
     * threads excluded), or -1 where not measurable. On a busy machine this, not the wall time, says what
     * one core does.
     */
    public long cpuNanos() {
        return cpuNanos;
    }

    /** Rows read per second of load wall time. */
    public double rowsPerSecond() {
        return elapsedNanos == 0 ? 0 : rows / (elapsedNanos / 1e9);
    }

    /** Rows read per second of the loading thread's CPU time, or 0 where not measurable. */
    public double rowsPerCpuSecond() {
        return cpuNanos <= 0 ? 0 : rows / (cpuNanos / 1e9);
    }

    /**
     * Least and greatest row time, microseconds ({@link Long#MIN_VALUE} if none): Google rows inside the window
     * (0 &lt; t &lt; 2<sup>63</sup>-1), SWF submit times, Alibaba creation times.
     */
    public long firstRowMicros() {
        return firstRowMicros;
    }

    public long lastRowMicros() {
        return lastRowMicros;
    }

    /** First and last kept arrival in trace time, microseconds ({@link Long#MIN_VALUE} if none kept). */
    public long firstArrivalMicros() {
        return firstArrivalMicros;
    }

    public long lastArrivalMicros() {
        return lastArrivalMicros;
    }

    /** Exact size quantiles of resource d at {@link #QUANTILE_LEVELS}, as fractions of the unit capacity. */
    public double[] sizeQuantiles(final int d) {
        return sizeQuantiles[d].clone();
    }

    public double sizeMean(final int d) {
        return sizeMeans[d];
    }

    /** Exact duration quantiles at {@link #QUANTILE_LEVELS}, in seconds. */
    public double[] durationQuantilesSeconds() {
        return durationQuantiles.clone();
    }

    public double durationMeanSeconds() {
        return durationMean;
    }

    /** Kept tasks per job class when the load made classes (dyadic types: class p has size 2^-p), else empty. */
    public long[] classCounts() {
        return classCounts.clone();
    }

    /** The report printed by {@code stowage trace-summary}, several lines. */
    public String report() {
        final StringBuilder out = new StringBuilder(1024);
        out.append(String.format(Locale.ROOT, "%s %s: %d file%s, %,d rows, %.1f MB%n", format.specName(), source,
            files, files == 1 ? "" : "s", rows, bytes / 1e6));
        out.append(String.format(Locale.ROOT, "load: %.3f s wall (%,.0f rows/s)", elapsedNanos / 1e9, rowsPerSecond()));
        if (cpuNanos > 0) {
            out.append(String.format(Locale.ROOT, ", %.3f s CPU of the loading thread (%,.0f rows/s)", cpuNanos / 1e9,
                rowsPerCpuSecond()));
        }
        out.append(System.lineSeparator());
        out.append(String.format(Locale.ROOT, "%ss: %,d seen = %,d kept + %,d dropped%n", noun, seen, kept, dropped()));
        for (final DropReason reason : reasons) {
            if (!reason.isRow()) {
                out.append(String.format(Locale.ROOT, "  dropped %,12d  %s%n", counts[reason.ordinal()],
                    reason.description()));
            }
        }
        for (final DropReason reason : reasons) {
            if (reason.isRow()) {
                out.append(String.format(Locale.ROOT, "  skipped %,12d  rows: %s%n", counts[reason.ordinal()],
                    reason.description()));
            }
        }
        for (final Map.Entry<String, Long> note : notes.entrySet()) {
            out.append(String.format(Locale.ROOT, "  note    %,12d  %s%n", note.getValue(), note.getKey()));
        }
        if (firstRowMicros != NO_TIME) {
            out.append(String.format(Locale.ROOT, "row times: %s .. %s s%n", seconds(firstRowMicros),
                seconds(lastRowMicros)));
        }
        if (kept > 0) {
            out.append(String.format(Locale.ROOT, "kept arrivals: %s .. %s s (span %.3f s)%n",
                seconds(firstArrivalMicros), seconds(lastArrivalMicros),
                (lastArrivalMicros - firstArrivalMicros) / 1e6));
            final StringBuilder levels = new StringBuilder();
            for (final String name : QUANTILE_NAMES) {
                levels.append(String.format(Locale.ROOT, " %10s", name));
            }
            out.append(String.format(Locale.ROOT, "%-30s%s %10s%n", "quantiles", levels, "mean"));
            for (int d = 0; d < resourceNames.length; d++) {
                out.append(row("size " + resourceNames[d], sizeQuantiles[d], sizeMeans[d], "%10.6f"));
            }
            out.append(row("duration (s)", durationQuantiles, durationMean, "%10.3f"));
        }
        if (classCounts.length > 0) {
            out.append("kept per type (type p: size 2^-p):");
            for (int c = 0; c < classCounts.length; c++) {
                out.append(String.format(Locale.ROOT, " %d: %,d", c, classCounts[c]));
            }
            out.append(System.lineSeparator());
        }
        return out.toString();
    }

    private static String row(final String label, final double[] values, final double mean, final String cell) {
        final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-30s", label));
        for (final double value : values) {
            line.append(' ').append(String.format(Locale.ROOT, cell, value));
        }
        return line.append(' ').append(String.format(Locale.ROOT, cell, mean)).append(System.lineSeparator())
            .toString();
    }

    private static String seconds(final long micros) {
        return micros == Long.MAX_VALUE ? "2^63-1 us" : String.format(Locale.ROOT, "%.6f", micros / 1e6);
    }

    @Override
    public String toString() {
        return report();
    }
}
