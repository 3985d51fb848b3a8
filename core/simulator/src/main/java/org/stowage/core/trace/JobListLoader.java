package org.stowage.core.trace;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

import org.stowage.core.Units;

/**
 * Reads a user job list ({@link JobList} has the format). Streams the file through one reused buffer
 * ({@link LineSource}), parses numbers from its bytes ({@link AsciiNumbers}) and appends to primitive arrays
 * that double when full: no object per row.
 */
final class JobListLoader {
    private static final String ARRIVAL = "arrival";
    private static final String DURATION = "duration";
    private static final String CLASS = "class";
    private static final String PREDICTED = "predicted_duration";
    private static final int ABSENT = -1;
    private static final int INITIAL_JOBS = 256;

    private final LineSource lines;
    private final Units units;
    private final JobList.Limits limits;
    /** Column of arrival, duration, class, predicted_duration (or ABSENT), and of r1..rD. */
    private int arrivalColumn = ABSENT;
    private int durationColumn = ABSENT;
    private int classColumn = ABSENT;
    private int predictedColumn = ABSENT;
    private int[] resourceColumn;
    private String[] names;
    private int columns;
    private int dimensions;
    private int[] fieldEnds;

    private double[] arrival = new double[INITIAL_JOBS];
    private double[] duration = new double[INITIAL_JOBS];
    private double[] predicted = new double[INITIAL_JOBS];
    private int[] classes = new int[INITIAL_JOBS];
    private int[] sizes;
    private int count;

    private JobListLoader(final LineSource lines, final Units units, final JobList.Limits limits) {
        this.lines = lines;
        this.units = units;
        this.limits = limits;
    }

    static JobList load(final Path file, final Units units, final JobList.Limits limits) {
        if (units == null || limits == null) {
            throw new IllegalArgumentException("units and limits must be given");
        }
        try (LineSource lines = LineSource.open(file, LineSource.DEFAULT_MAX_LINE_BYTES)) {
            final JobListLoader loader = new JobListLoader(lines, units, limits);
            loader.header();
            loader.rows();
            if (loader.count == 0) {
                throw new TraceFormatException(file, 0, null, null, "no jobs after the header");
            }
            return JobList.sorted(file.toString(), units, loader.dimensions, loader.arrival, loader.duration,
                loader.predicted, loader.classes, loader.sizes, loader.count);
        }
    }

    /** Start of the current line after a byte order mark on line 1. */
    private int contentStart() {
        final byte[] bytes = lines.buffer();
        final int start = lines.lineStart();
        if (lines.lineNumber() == 1 && lines.lineEnd() - start >= 3 && bytes[start] == (byte) 0xEF
            && bytes[start + 1] == (byte) 0xBB && bytes[start + 2] == (byte) 0xBF) {
            return start + 3;
        }
        return start;
    }

    /** True for a blank line or a # comment. */
    private boolean skippable(final int from) {
        final byte[] bytes = lines.buffer();
        int i = from;
        final int end = lines.lineEnd();
        while (i < end && (bytes[i] == ' ' || bytes[i] == '\t')) {
            i++;
        }
        return i == end || bytes[i] == '#';
    }

    private void header() {
        int start;
        do {
            if (!lines.next()) {
                throw new TraceFormatException(lines.file(), 0, null, null,
                    "no header line (expected arrival,duration,r1,...)");
            }
            start = contentStart();
        } while (skippable(start));
        final String text = new String(lines.buffer(), start, lines.lineEnd() - start, StandardCharsets.UTF_8);
        final String[] header = text.split(",", -1);
        columns = header.length;
        names = new String[columns];
        final int[] resources = new int[Units.MAX_DIMENSIONS];
        Arrays.fill(resources, ABSENT);
        for (int c = 0; c < columns; c++) {
            final String name = header[c].strip();
            names[c] = name;
            if (name.equals(ARRIVAL)) {
                arrivalColumn = once(arrivalColumn, c, name, text);
            } else if (name.equals(DURATION)) {
                durationColumn = once(durationColumn, c, name, text);
            } else if (name.equals(CLASS)) {
                classColumn = once(classColumn, c, name, text);
            } else if (name.equals(PREDICTED)) {
                predictedColumn = once(predictedColumn, c, name, text);
            } else if (name.matches("r[1-8]")) {
                final int d = name.charAt(1) - '1';
                resources[d] = once(resources[d], c, name, text);
            } else {
                throw headerError(text, "unknown column '" + name + "' (the columns are arrival, duration, r1 to r"
                    + Units.MAX_DIMENSIONS + ", and optionally class and predicted_duration)");
            }
        }
        if (arrivalColumn == ABSENT) {
            throw headerError(text, "has no column 'arrival'");
        }
        if (durationColumn == ABSENT) {
            throw headerError(text, "has no column 'duration'");
        }
        while (dimensions < Units.MAX_DIMENSIONS && resources[dimensions] != ABSENT) {
            dimensions++;
        }
        if (dimensions == 0) {
            throw headerError(text, "has no column 'r1' (a job needs at least one resource)");
        }
        for (int d = dimensions; d < Units.MAX_DIMENSIONS; d++) {
            if (resources[d] != ABSENT) {
                throw headerError(text, "has column 'r" + (d + 1) + "' but no 'r" + (dimensions + 1) + "'");
            }
        }
        resourceColumn = Arrays.copyOf(resources, dimensions);
        sizes = new int[INITIAL_JOBS * dimensions];
        fieldEnds = new int[columns];
    }

    private int once(final int column, final int c, final String name, final String text) {
        if (column != ABSENT) {
            throw headerError(text, "has column '" + name + "' twice");
        }
        return c;
    }

    private TraceFormatException headerError(final String text, final String problem) {
        return new TraceFormatException(lines.file(), lines.lineNumber(), "header", TraceFormatException.quote(text),
            problem);
    }

    private void rows() {
        int fields;
        while ((fields = lines.nextFields((byte) ',', fieldEnds)) >= 0) {
            final int start = contentStart();
            if (skippable(start)) {
                continue;
            }
            if (fields != columns) {
                throw lines.lineError("expected " + columns + " comma-separated columns (as the header), found "
                    + fields);
            }
            if (count == arrival.length) {
                grow();
            }
            final int job = count;
            arrival[job] = number(arrivalColumn, start, false);
            if (!(arrival[job] >= 0)) {
                throw error(arrivalColumn, start, "must be a finite number >= 0");
            }
            withinLimits(arrival[job], arrivalColumn, start);
            duration[job] = number(durationColumn, start, false);
            if (!(duration[job] > 0)) {
                throw error(durationColumn, start, "must be a finite number > 0");
            }
            withinLimits(duration[job], durationColumn, start);
            if (!JobList.keepsDuration(arrival[job], duration[job])) {
                throw error(durationColumn, start, JobList.lostDuration(arrival[job], duration[job]));
            }
            for (int d = 0; d < dimensions; d++) {
                sizes[job * dimensions + d] = size(resourceColumn[d], start);
                final int[] most = limits.maxSizeUnits();
                if (most != null && d < most.length && sizes[job * dimensions + d] > most[d]) {
                    throw error(resourceColumn[d], start, "is " + sizes[job * dimensions + d] + " units, more than the "
                        + most[d] + " of the largest server on resource " + (d + 1) + ": " + limits.sizeReason());
                }
            }
            classes[job] = classColumn == ABSENT ? 0 : jobClass(start);
            if (predictedColumn == ABSENT) {
                predicted[job] = Double.NaN;
            } else {
                predicted[job] = number(predictedColumn, start, true);
                if (!Double.isNaN(predicted[job]) && !(predicted[job] > 0)) {
                    throw error(predictedColumn, start, "must be a finite number > 0, or empty for no prediction");
                }
                if (!Double.isNaN(predicted[job])) {
                    withinLimits(predicted[job], predictedColumn, start);
                }
            }
            count++;
        }
    }

    /** A time of column c against the reader's limits: below the bound, and whole when asked. */
    private void withinLimits(final double time, final int column, final int start) {
        if (!(time < limits.maxTime())) {
            final double most = limits.maxTime();
            throw error(column, start, "must be below " + (most == Math.rint(most) && most < 1e18
                ? Long.toString((long) most) : Double.toString(most)) + ": " + limits.timeReason());
        }
        if (limits.wholeTimes() && time != Math.rint(time)) {
            throw error(column, start, "is not a whole number: " + limits.wholeReason());
        }
    }

    private int size(final int column, final int start) {
        final double value = number(column, start, false);
        if (!(value >= 0)) {
            throw error(column, start, "must be a finite number >= 0 (a fraction of a unit server)");
        }
        try {
            return units.sizeUnits(value);
        } catch (final IllegalArgumentException e) {
            throw error(column, start, "above the largest size, " + Units.MAX_UNITS + " units at resolution "
                + units.resolution());
        }
    }

    private int jobClass(final int start) {
        final int from = fieldStart(classColumn, start);
        final int to = fieldEnd(classColumn, from);
        if (from == to) {
            return 0;
        }
        final long value = AsciiNumbers.parseNonNegativeLong(lines.buffer(), from, to);
        if (value < 0 || value > JobList.MAX_CLASS) {
            throw error(classColumn, start, "must be an integer in [0, " + JobList.MAX_CLASS + "]");
        }
        return (int) value;
    }

    /** Column c as a finite number; NaN for an empty field only when {@code emptyAllowed}. */
    private double number(final int column, final int start, final boolean emptyAllowed) {
        final int from = fieldStart(column, start);
        final int to = fieldEnd(column, from);
        if (from == to) {
            if (emptyAllowed) {
                return Double.NaN;
            }
            throw error(column, start, "is empty");
        }
        if (lines.buffer()[from] == '"') {
            throw error(column, start, "quoted CSV fields are not supported");
        }
        final double value = AsciiNumbers.parseDecimal(lines.buffer(), from, to);
        if (Double.isNaN(value)) {
            throw error(column, start, "not a number");
        }
        if (Double.isInfinite(value)) {
            throw error(column, start, "not a finite number");
        }
        // -0 is 0: a size or a time of -0.0 must mean what 0 means, in every check after this one
        return value + 0.0;
    }

    /** First byte of column c after leading blanks. */
    private int fieldStart(final int column, final int start) {
        int from = column == 0 ? start : fieldEnds[column - 1] + 1;
        final byte[] bytes = lines.buffer();
        final int end = fieldEnds[column];
        while (from < end && (bytes[from] == ' ' || bytes[from] == '\t')) {
            from++;
        }
        return from;
    }

    /** End of column c before trailing blanks. */
    private int fieldEnd(final int column, final int from) {
        int to = fieldEnds[column];
        final byte[] bytes = lines.buffer();
        while (to > from && (bytes[to - 1] == ' ' || bytes[to - 1] == '\t')) {
            to--;
        }
        return to;
    }

    private TraceFormatException error(final int column, final int start, final String problem) {
        final int from = fieldStart(column, start);
        return lines.fieldError(names[column] + " (column " + (column + 1) + ")", from, fieldEnd(column, from),
            problem);
    }

    private void grow() {
        final int capacity = Math.min(Integer.MAX_VALUE / Math.max(8, dimensions) - 8, arrival.length * 2);
        if (capacity <= arrival.length) {
            throw new TraceFormatException(lines.file(), lines.lineNumber(), null, null,
                "more than " + arrival.length + " jobs");
        }
        arrival = Arrays.copyOf(arrival, capacity);
        duration = Arrays.copyOf(duration, capacity);
        predicted = Arrays.copyOf(predicted, capacity);
        classes = Arrays.copyOf(classes, capacity);
        sizes = Arrays.copyOf(sizes, capacity * dimensions);
    }
}
