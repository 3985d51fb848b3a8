package org.stowage.core.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;

import it.unimi.dsi.fastutil.doubles.DoubleArrays;

/**
 * A list of jobs that a user writes, or that a program makes (such as {@link GoogleBatchSample}): arrival,
 * duration, sizes per resource, and optionally a class and a predicted duration per job, in primitive
 * arrays sorted by arrival (stable: equal arrivals keep their order in the file).
 *
 * <h2>The file</h2>
 * CSV with a header naming the columns, in any order:
 * <pre>
 * # Fig. 1 of Hu and Li 2022: job 1 needs the whole cluster for 4 s, jobs 2-5 a quarter each for 4.2 s
 * arrival,duration,r1
 * 0,4,1.0
 * 0,4.2,0.25
 * </pre>
 * <ul>
 *   <li>{@code arrival} (a finite number &gt;= 0) and {@code duration} (finite, &gt; 0), in the time unit of
 *       the file (seconds, say); {@link #workload} says what a simulation time unit is. A batch is every
 *       arrival 0.</li>
 *   <li>{@code r1, r2, ..., rD}: the job's size on each of D &lt;= 8 resources as a fraction of a unit server
 *       (a number &gt;= 0; above 1 for servers larger than the unit), converted with {@link Units#sizeUnits},
 *       which rounds up. The columns must be r1 to rD without a gap.</li>
 *   <li>{@code class} (optional): an integer in [0, 32767]; empty means 0.</li>
 *   <li>{@code predicted_duration} (optional): what schedulers are told the duration is (finite, &gt; 0);
 *       empty means no prediction (schedulers see the duration).</li>
 * </ul>
 * Lines starting with {@code #} and blank lines are skipped anywhere; fields may have spaces or tabs
 * around them; a UTF-8 byte order mark is accepted; quoted fields are not. Line endings LF or CRLF; the file
 * may be gzip (recognised by its magic bytes). Every error is a {@link TraceFormatException} naming the
 * file, line, column and value, e.g. {@code jobs.csv line 4, duration (column 2) = '-1': must be a finite
 * number > 0}; an unknown column is an error (a misspelt optional column would otherwise be ignored). A
 * duration that a double cannot hold next to its arrival ({@link #keepsDuration}: 1e-12 after 1e15) is an
 * error too, never a job that completes the instant it starts; {@code -0} reads as 0 everywhere. A
 * reader may ask more of the rows ({@link Limits}: times below a bound, whole times, sizes within its
 * servers), checked and named the same way.
 *
 * <p>Immutable: any number of workloads on any threads may read one list. Memory: 28 + 4·D bytes per job.
 */
public final class JobList {
    /** Largest class id (the job table's). */
    public static final int MAX_CLASS = Short.MAX_VALUE;

    /**
     * The largest relative error a duration may suffer when a simulation adds it to its arrival in a double
     * ({@link #keepsDuration}): far below what the metrics resolve (three significant digits), far above a
     * double's rounding of ordinary times.
     */
    public static final double DURATION_TOLERANCE = 1e-6;

    private final String source;
    private final Units units;
    private final int dimensions;
    private final double[] arrival;
    private final double[] duration;
    private final double[] predicted;
    private final int[] jobClass;
    private final int[] sizes;
    private final int predictions;

    /** Takes ownership of the arrays, which must be valid (checked by assertions) and sorted by arrival. */
    JobList(final String source, final Units units, final int dimensions, final double[] arrival,
            final double[] duration, final double[] predicted, final int[] jobClass, final int[] sizes) {
        assert arrival.length == duration.length && duration.length == predicted.length
            && predicted.length == jobClass.length && sizes.length == arrival.length * dimensions;
        assert sortedByArrival(arrival);
        this.source = source;
        this.units = units;
        this.dimensions = dimensions;
        this.arrival = arrival;
        this.duration = duration;
        this.predicted = predicted;
        this.jobClass = jobClass;
        this.sizes = sizes;
        int count = 0;
        for (final double p : predicted) {
            count += Double.isNaN(p) ? 0 : 1;
        }
        this.predictions = count;
    }

    /**
     * Reads a job list file (see the class comment).
     *
     * @throws TraceFormatException naming the file, line, column and value of the first bad input
     */
    public static JobList load(final Path file, final Units units) {
        return JobListLoader.load(file, units, Limits.NONE);
    }

    /**
     * Reads a job list file whose rows must also meet {@code limits}, checked as each row is read, so a row
     * that breaks one is named by its line like any other bad value.
     *
     * @throws TraceFormatException naming the file, line, column and value of the first bad input
     */
    public static JobList load(final Path file, final Units units, final Limits limits) {
        return JobListLoader.load(file, units, limits);
    }

    /**
     * What a reader of the list needs of its rows beyond the format: times below a bound (a simulation's
     * times stay exact doubles only up to 2<sup>53</sup>), whole times (slotted time would round a
     * fractional one), sizes within a cluster's largest server (a larger job could never start). Each limit
     * carries the reason its caller gives, which ends the row's error message. Immutable.
     *
     * @param maxTime       arrivals and (predicted) durations must be below this
     * @param timeReason    why, for the message
     * @param wholeTimes    arrivals and (predicted) durations must be whole numbers
     * @param wholeReason   why, for the message
     * @param maxSizeUnits  per resource, the largest size in units a job may have (resources beyond the array
     *                      are not limited), or null for none
     * @param sizeReason    why, for the message
     */
    public record Limits(double maxTime, String timeReason, boolean wholeTimes, String wholeReason,
                         int[] maxSizeUnits, String sizeReason) {
        /** No limit beyond the format. */
        public static final Limits NONE = new Limits(Double.POSITIVE_INFINITY, null, false, null, null, null);

        public Limits {
            maxSizeUnits = maxSizeUnits == null ? null : maxSizeUnits.clone();
        }

        /** These limits with times below {@code max}, for {@code reason}. */
        public Limits withTimesBelow(final double max, final String reason) {
            return new Limits(max, reason, wholeTimes, wholeReason, maxSizeUnits, sizeReason);
        }

        /** These limits with whole times, for {@code reason}. */
        public Limits withWholeTimes(final String reason) {
            return new Limits(maxTime, timeReason, true, reason, maxSizeUnits, sizeReason);
        }

        /** These limits with sizes at most {@code units[d]} on resource d, for {@code reason}. */
        public Limits withSizesAtMost(final int[] units, final String reason) {
            return new Limits(maxTime, timeReason, wholeTimes, wholeReason, units, reason);
        }
    }

    /**
     * A job list from arrays (copied), validated like a file; errors name the job's index (0-based).
     *
     * @param predicted predicted durations ({@link Double#NaN} for none), or null for no predictions at all
     * @param classes   class ids, or null for all 0
     * @param sizes     row-major, {@code n * dimensions} units
     */
    public static JobList of(final String source, final Units units, final int dimensions, final double[] arrival,
                             final double[] duration, final double[] predicted, final int[] classes,
                             final int[] sizes) {
        final int n = arrival.length;
        if (dimensions < 1 || dimensions > Units.MAX_DIMENSIONS) {
            throw new IllegalArgumentException("resources per job must be in [1, " + Units.MAX_DIMENSIONS + "]: "
                + dimensions);
        }
        if (duration.length != n || predicted != null && predicted.length != n || classes != null
            && classes.length != n || sizes.length != (long) n * dimensions) {
            throw new IllegalArgumentException("arrays of " + n + " jobs differ in length");
        }
        final double[] predictions = predicted == null ? filledNaN(n) : predicted.clone();
        final double[] arrivals = withoutNegativeZeros(arrival);
        final int[] ids = classes == null ? new int[n] : classes.clone();
        for (int j = 0; j < n; j++) {
            if (!(arrival[j] >= 0) || Double.isInfinite(arrival[j])) {
                throw new IllegalArgumentException("job " + j + ": arrival must be a finite number >= 0: " + arrival[j]);
            }
            if (!(duration[j] > 0) || Double.isInfinite(duration[j])) {
                throw new IllegalArgumentException("job " + j + ": duration must be a finite number > 0: "
                    + duration[j]);
            }
            if (!keepsDuration(arrival[j], duration[j])) {
                throw new IllegalArgumentException("job " + j + ": duration " + duration[j] + " "
                    + lostDuration(arrival[j], duration[j]));
            }
            if (!Double.isNaN(predictions[j]) && (!(predictions[j] > 0) || Double.isInfinite(predictions[j]))) {
                throw new IllegalArgumentException("job " + j + ": predicted duration must be a finite number > 0 "
                    + "(or NaN for none): " + predictions[j]);
            }
            if (ids[j] < 0 || ids[j] > MAX_CLASS) {
                throw new IllegalArgumentException("job " + j + ": class must be in [0, " + MAX_CLASS + "]: " + ids[j]);
            }
            for (int d = 0; d < dimensions; d++) {
                final int size = sizes[j * dimensions + d];
                if (size < 0 || size > Units.MAX_UNITS) {
                    throw new IllegalArgumentException("job " + j + ": size on resource " + (d + 1) + " must be in [0, "
                        + Units.MAX_UNITS + "] units: " + size);
                }
            }
        }
        return sorted(source, units, dimensions, arrivals, duration.clone(), predictions, ids, sizes.clone(), n);
    }

    /** A copy of {@code values} with -0.0 read as 0, as the file reader does. */
    private static double[] withoutNegativeZeros(final double[] values) {
        final double[] copy = values.clone();
        for (int i = 0; i < copy.length; i++) {
            copy[i] += 0.0;
        }
        return copy;
    }

    /**
     * Whether a job arriving at {@code arrival} keeps its {@code duration}: the completion time a simulation
     * computes, {@code arrival + duration} in a double, lies within a relative {@link #DURATION_TOLERANCE} of
     * the duration away from the arrival. A duration tiny next to its arrival (1e-12 at 1e15) would otherwise
     * vanish, and its job complete the instant it starts.
     */
    public static boolean keepsDuration(final double arrival, final double duration) {
        final double kept = (arrival + duration) - arrival;
        return Math.abs(kept - duration) <= DURATION_TOLERANCE * duration;
    }

    /** The end of a message refusing a duration that {@link #keepsDuration} does not keep. */
    static String lostDuration(final double arrival, final double duration) {
        return "is lost next to its arrival " + arrival + ": in a double, arrival + duration - arrival = "
            + ((arrival + duration) - arrival) + ", more than " + DURATION_TOLERANCE + " of the duration off; make the"
            + " arrivals relative to the first one (subtract it from every arrival)";
    }

    /** Sorts the first n entries by arrival (stable) and returns them as a list; arrays may be longer than n. */
    static JobList sorted(final String source, final Units units, final int dimensions, final double[] arrival,
                          final double[] duration, final double[] predicted, final int[] classes, final int[] sizes,
                          final int n) {
        boolean inOrder = true;
        for (int j = 1; j < n && inOrder; j++) {
            inOrder = arrival[j] >= arrival[j - 1];
        }
        if (inOrder) {
            return new JobList(source, units, dimensions, Arrays.copyOf(arrival, n), Arrays.copyOf(duration, n),
                Arrays.copyOf(predicted, n), Arrays.copyOf(classes, n), Arrays.copyOf(sizes, n * dimensions));
        }
        final int[] order = new int[n];
        for (int j = 0; j < n; j++) {
            order[j] = j;
        }
        DoubleArrays.radixSortIndirect(order, arrival, 0, n, true);
        final double[] a = new double[n];
        final double[] d = new double[n];
        final double[] p = new double[n];
        final int[] c = new int[n];
        final int[] s = new int[n * dimensions];
        for (int i = 0; i < n; i++) {
            final int j = order[i];
            a[i] = arrival[j];
            d[i] = duration[j];
            p[i] = predicted[j];
            c[i] = classes[j];
            System.arraycopy(sizes, j * dimensions, s, i * dimensions, dimensions);
        }
        return new JobList(source, units, dimensions, a, d, p, c, s);
    }

    private static double[] filledNaN(final int n) {
        final double[] values = new double[n];
        Arrays.fill(values, Double.NaN);
        return values;
    }

    private static boolean sortedByArrival(final double[] arrival) {
        for (int j = 1; j < arrival.length; j++) {
            if (arrival[j] < arrival[j - 1]) {
                return false;
            }
        }
        return true;
    }

    /** Where the jobs came from (the file, or a description). */
    public String source() {
        return source;
    }

    public Units units() {
        return units;
    }

    /** Resources per job, D. */
    public int dimensions() {
        return dimensions;
    }

    /** Jobs. */
    public int count() {
        return arrival.length;
    }

    /** Arrival of job i in the list's time unit; non-decreasing in i. */
    public double arrival(final int i) {
        return arrival[i];
    }

    /** Duration of job i in the list's time unit, &gt; 0. */
    public double duration(final int i) {
        return duration[i];
    }

    /** Predicted duration of job i, or {@link Double#NaN} when the list gives none for it. */
    public double predictedDuration(final int i) {
        return predicted[i];
    }

    /** Jobs with a predicted duration. */
    public int predictionCount() {
        return predictions;
    }

    /** Class of job i, in [0, {@link #MAX_CLASS}]. */
    public int jobClass(final int i) {
        return jobClass[i];
    }

    /** Size of job i on resource d (0-based), in units. */
    public int size(final int i, final int d) {
        return sizes[i * dimensions + d];
    }

    /**
     * This list with {@code classes} as its class column, the other arrays shared (not copied): for classes
     * made after loading, such as LoTES's k-means classes. 4 more bytes per job.
     *
     * @throws IllegalArgumentException when the length differs from {@link #count()} or a class is outside
     *                                  [0, {@link #MAX_CLASS}], naming the job
     */
    public JobList withClasses(final int[] classes) {
        if (classes.length != arrival.length) {
            throw new IllegalArgumentException("job list classes: " + classes.length + " classes for " + count()
                + " jobs");
        }
        for (int i = 0; i < classes.length; i++) {
            if (classes[i] < 0 || classes[i] > MAX_CLASS) {
                throw new IllegalArgumentException("job list classes: class of job " + i + " must be in [0, "
                    + MAX_CLASS + "]: " + classes[i]);
            }
        }
        return new JobList(source, units, dimensions, arrival, duration, predicted, classes.clone(), sizes);
    }

    /** True when every job arrives at time 0. */
    public boolean isBatch() {
        return arrival.length == 0 || arrival[arrival.length - 1] == 0;
    }

    /**
     * The jobs as a workload; see {@link JobListWorkload} for how list times become simulation times.
     *
     * @param timeUnit list time per simulation time unit (and per slot in slotted mode), finite and &gt; 0
     */
    public JobListWorkload workload(final TimeMode mode, final double timeUnit) {
        return new JobListWorkload(this, mode, timeUnit);
    }

    /**
     * Writes the list as a job list file that {@link #load} reads back to the same jobs (sizes as the real
     * fractions their units stand for, which round back to the same units; times in full precision).
     */
    public void writeCsv(final Appendable out) {
        try {
            out.append("arrival,duration");
            for (int d = 1; d <= dimensions; d++) {
                out.append(",r").append(Integer.toString(d));
            }
            out.append(",class");
            if (predictions > 0) {
                out.append(",predicted_duration");
            }
            out.append('\n');
            for (int i = 0; i < count(); i++) {
                out.append(Double.toString(arrival[i])).append(',').append(Double.toString(duration[i]));
                for (int d = 0; d < dimensions; d++) {
                    out.append(',').append(Double.toString(units.toReal(size(i, d))));
                }
                out.append(',').append(Integer.toString(jobClass[i]));
                if (predictions > 0) {
                    out.append(',');
                    if (!Double.isNaN(predicted[i])) {
                        out.append(Double.toString(predicted[i]));
                    }
                }
                out.append('\n');
            }
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return "JobList[" + source + ", " + count() + " jobs, D=" + dimensions + ", " + predictions + " predicted]";
    }
}
