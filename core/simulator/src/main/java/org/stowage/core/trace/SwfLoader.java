package org.stowage.core.trace;

import java.nio.file.Path;

import org.stowage.core.Units;

/**
 * Reads a Standard Workload Format log (Parallel Workloads Archive; plain or gzip).
 *
 * <p>Lines starting with {@code ;} are header comments; {@code MaxProcs: N} sets the processor capacity
 * unless {@link TraceOptions#swfProcessors()} is given, and must come before the first job. Each job line
 * has 18 whitespace-separated fields; this loader reads field 1 (job number), 2 (submit time, s), 4 (run
 * time, s), 5 (allocated processors), 7 (used memory, KB per processor), 8 (requested processors) and
 * 10 (requested memory, KB per processor; fields 7 and 10 only for two resources); the others are only
 * counted. -1 means unknown:
 * <ul>
 *   <li>processors: requested, or allocated when requested is -1 (counted as a note); both -1: dropped;</li>
 *   <li>memory (two resources only): requested, or used when requested is -1 (noted); both -1: dropped;</li>
 *   <li>submit time or run time -1: dropped under its reason; other negative values: dropped as negative.</li>
 * </ul>
 * Arrival = submit time, duration = run time (0 allowed: jobs that ran under a second), size = processors /
 * capacity (and processors × memory per processor / {@code swfMemoryKb}), rounded up to units. Jobs out of
 * submit order are sorted (counted as a note); ties keep file order. The status field is not filtered:
 * every job that ran occupied its processors for its run time.
 */
final class SwfLoader {
    static final int FIELDS = 18;
    static final DropReason[] REASONS = {
        DropReason.SUBMIT_TIME_UNKNOWN, DropReason.RUN_TIME_UNKNOWN, DropReason.NEGATIVE_DURATION,
        DropReason.PROCESSORS_UNKNOWN, DropReason.MEMORY_UNKNOWN, DropReason.NEGATIVE_REQUEST,
        DropReason.ZERO_SIZE, DropReason.ABOVE_CAPACITY, DropReason.BLANK_LINE};
    /** Largest time in seconds whose microseconds fit comfortably in a long. */
    private static final double MAX_SECONDS = 9e12;

    private final Units units;
    private final int dimensions;
    private final double memoryCapacityKb;
    private final TraceSummary summary;
    private final KeptTasks kept;
    private final int[] fieldStart = new int[FIELDS];
    private final int[] fieldEnd = new int[FIELDS];
    private double processorCapacity;
    private long jobRows;
    private long previousSubmit = Long.MIN_VALUE;

    private SwfLoader(final TraceOptions options, final String source) {
        this.units = options.units();
        this.dimensions = options.dimensions();
        this.memoryCapacityKb = options.swfMemoryKb();
        this.processorCapacity = options.swfProcessors();
        this.summary = dimensions == 1
            ? new TraceSummary(TraceFormat.SWF, source, REASONS, "processors")
            : new TraceSummary(TraceFormat.SWF, source, REASONS, "processors", "memory");
        this.kept = new KeptTasks(dimensions, 1 << 12);
    }

    static LoadedTrace load(final Path file, final TraceOptions options, final String source) {
        if (options.dimensions() > 2) {
            throw new IllegalArgumentException("SWF traces have 1 or 2 resources (processors, memory): "
                + options.dimensions());
        }
        if (options.dimensions() == 2 && options.swfMemoryKb() == 0) {
            throw new IllegalArgumentException("two-resource SWF needs the machine's memory in KB"
                + " (TraceOptions.withSwfMemoryKb, --swf-memory-kb): none given");
        }
        final long start = System.nanoTime();
        final long startCpu = TraceSummary.threadCpuNanos();
        final SwfLoader loader = new SwfLoader(options, source);
        try (LineSource lines = LineSource.open(file, options.maxLineBytes())) {
            while (lines.next()) {
                loader.line(lines);
            }
            if (loader.jobRows == 0) {
                throw new TraceFormatException(file, 0, null, null, "no job lines");
            }
            loader.summary.addFile(lines.lineNumber(), lines.bytesRead());
        }
        final LoadedTrace trace = loader.kept.build(TraceFormat.SWF, loader.units, new int[0], loader.summary);
        loader.summary.finish(trace, start, startCpu);
        return trace;
    }

    private void line(final LineSource lines) {
        final byte[] bytes = lines.buffer();
        int i = lines.lineStart();
        final int end = lines.lineEnd();
        while (i < end && isSpace(bytes[i])) {
            i++;
        }
        if (i == end) {
            summary.addDrop(DropReason.BLANK_LINE);
            return;
        }
        if (bytes[i] == ';') {
            header(lines, i + 1, end);
            return;
        }
        int fields = 0;
        while (i < end) {
            final int from = i;
            while (i < end && !isSpace(bytes[i])) {
                i++;
            }
            if (fields < FIELDS) {
                fieldStart[fields] = from;
                fieldEnd[fields] = i;
            }
            fields++;
            while (i < end && isSpace(bytes[i])) {
                i++;
            }
        }
        if (fields != FIELDS) {
            throw lines.lineError("expected " + FIELDS + " whitespace-separated fields, found " + fields);
        }
        job(lines);
    }

    /** {@code ; MaxProcs: 240} sets the capacity unless the options give one. */
    private void header(final LineSource lines, final int from, final int to) {
        final String text = lines.text(from, to).strip();
        if (!text.startsWith("MaxProcs:")) {
            return;
        }
        final String value = text.substring("MaxProcs:".length()).strip();
        final double processors;
        try {
            processors = Double.parseDouble(value);
        } catch (final NumberFormatException e) {
            throw new TraceFormatException(lines.file(), lines.lineNumber(), "MaxProcs header", value,
                "not a number", e);
        }
        if (!(processors >= 1) || processors != Math.rint(processors) || processors > 1e12) {
            throw new TraceFormatException(lines.file(), lines.lineNumber(), "MaxProcs header", value,
                "must be a whole number of processors >= 1");
        }
        if (processorCapacity == 0) {
            processorCapacity = processors;
        } else if (processors != processorCapacity) {
            summary.note("MaxProcs header " + value + " overridden by the given capacity " + processorCapacity);
        }
    }

    private void job(final LineSource lines) {
        jobRows++;
        if (processorCapacity == 0) {
            throw lines.lineError("no MaxProcs header before the first job; give the processor capacity"
                + " (TraceOptions.withSwfProcessors, --swf-processors)");
        }
        summary.addSeen();
        final double submit = number(lines, 2, "submit time (field 2)");
        final double runTime = number(lines, 4, "run time (field 4)");
        final double allocated = number(lines, 5, "allocated processors (field 5)");
        final double usedMemory = dimensions == 2 ? number(lines, 7, "used memory (field 7)") : -1;
        final double requested = number(lines, 8, "requested processors (field 8)");
        final double requestedMemory = dimensions == 2 ? number(lines, 10, "requested memory (field 10)") : -1;
        if (submit < 0) {
            summary.addDrop(DropReason.SUBMIT_TIME_UNKNOWN);
            return;
        }
        final long submitMicros = micros(lines, submit, 2, "submit time (field 2)");
        summary.rowTime(submitMicros);
        if (submitMicros < previousSubmit) {
            summary.note("jobs submitted before the previous line's job (sorted on load)");
        }
        previousSubmit = Math.max(previousSubmit, submitMicros);
        if (runTime == -1) {
            summary.addDrop(DropReason.RUN_TIME_UNKNOWN);
            return;
        }
        if (runTime < 0) {
            summary.addDrop(DropReason.NEGATIVE_DURATION);
            return;
        }
        final double processors;
        if (requested != -1) {
            processors = requested;
        } else if (allocated != -1) {
            processors = allocated;
            summary.note("processors taken from allocated (field 5): requested is -1");
        } else {
            summary.addDrop(DropReason.PROCESSORS_UNKNOWN);
            return;
        }
        if (processors < 0) {
            summary.addDrop(DropReason.NEGATIVE_REQUEST);
            return;
        }
        if (processors == 0) {
            summary.addDrop(DropReason.ZERO_SIZE);
            return;
        }
        if (processors > processorCapacity) {
            summary.addDrop(DropReason.ABOVE_CAPACITY);
            return;
        }
        int memoryUnits = 0;
        if (dimensions == 2) {
            final double perProcessor;
            if (requestedMemory != -1) {
                perProcessor = requestedMemory;
            } else if (usedMemory != -1) {
                perProcessor = usedMemory;
                summary.note("memory taken from used (field 7): requested is -1");
            } else {
                summary.addDrop(DropReason.MEMORY_UNKNOWN);
                return;
            }
            if (perProcessor < 0) {
                summary.addDrop(DropReason.NEGATIVE_REQUEST);
                return;
            }
            final double memory = processors * perProcessor;
            if (memory > memoryCapacityKb) {
                summary.addDrop(DropReason.ABOVE_CAPACITY);
                return;
            }
            memoryUnits = units.sizeUnits(memory / memoryCapacityKb);
        }
        kept.add(submitMicros, micros(lines, runTime, 4, "run time (field 4)"), jobRows,
            units.sizeUnits(processors / processorCapacity), memoryUnits);
    }

    /** Field {@code number} (1-based) as a decimal. */
    private double number(final LineSource lines, final int number, final String name) {
        final int from = fieldStart[number - 1];
        final int to = fieldEnd[number - 1];
        final double value = AsciiNumbers.parseDecimal(lines.buffer(), from, to);
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw lines.fieldError(name, from, to, "not a number");
        }
        return value;
    }

    private long micros(final LineSource lines, final double seconds, final int number, final String name) {
        if (seconds > MAX_SECONDS) {
            throw lines.fieldError(name, fieldStart[number - 1], fieldEnd[number - 1],
                "above " + MAX_SECONDS + " seconds");
        }
        return Math.round(seconds * 1e6);
    }

    private static boolean isSpace(final byte b) {
        return b == ' ' || b == '\t';
    }
}
