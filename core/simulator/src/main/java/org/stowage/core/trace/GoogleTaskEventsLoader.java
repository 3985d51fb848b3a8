package org.stowage.core.trace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.stowage.core.Units;

/**
 * Reads Google cluster-data 2011 {@code task_events} parts as one stream and applies the preprocessing of
 * Psychas and Ghaderi 2019, Sec. VII-B ({@link GoogleRule#COMPLETED_TASKS}, the default) or of Tran et al. 2018,
 * Sec. 5.3 ({@link GoogleRule#ATTEMPTS}).
 *
 * <h2>The rule ({@link GoogleRule#COMPLETED_TASKS})</h2>
 * A task, identified by (job ID, task index), is kept when its first event is SUBMIT with a timestamp
 * &gt; 0, it has exactly one SUBMIT, exactly one SCHEDULE, a FINISH (exactly one), no EVICT, FAIL, KILL or
 * LOST, no event after the window (timestamp 2<sup>63</sup>-1), and its SUBMIT row carries both CPU and
 * memory requests, each in [0, 1] (and, for three resources, a disk request in [0, 1] as well).
 * UPDATE_PENDING and UPDATE_RUNNING never disqualify. Arrival = SUBMIT time, duration = FINISH time -
 * SCHEDULE time, size = the SUBMIT row's requests: max(CPU, memory) for one resource, (CPU, memory) for
 * two, (CPU, memory, disk) for three (Hu and Li 2022), rounded up to units. A dropped task is counted under
 * the first rule it breaks in stream order; a task still open after the last row is dropped as "no FINISH
 * in window".
 * A task that finishes cleanly and is later resubmitted (about 3,000 in parts 0-13) is revoked, so the
 * rule holds over the task's whole history in the files read.
 *
 * <h2>Options of the 2018 paper (Psychas and Ghaderi 2018, Sec. VII-B)</h2>
 * With a priority limit ({@link TraceOptions#withGoogleMaxPriority}) the priority on the task's SUBMIT row
 * (column 9) is parsed and a task above the limit is dropped as {@link DropReason#PRIORITY_ABOVE_LIMIT},
 * checked after the window rules and before the requests (it is a property of the task, not of a row).
 * With dyadic types ({@link TraceOptions#withDyadicTypes}) the kept sizes are rounded up to the types and
 * the types become job classes ({@link DyadicTypes}); the summary then describes the typed sizes and counts
 * the tasks per type.
 *
 * <h2>The attempts rule ({@link GoogleRule#ATTEMPTS})</h2>
 * Failed and resubmitted tasks are new, unrelated jobs: each attempt of a task is judged alone. A SUBMIT
 * starts an attempt (an attempt still open is dropped as "more than one SUBMIT"); the attempt is kept when
 * its SUBMIT has a timestamp &gt; 0 (or 0 with {@link TraceOptions#googleBeforeWindow()}, see below) and both
 * requests in [0, 1], then exactly one SCHEDULE comes, then an end event (EVICT, FAIL, FINISH, KILL or LOST),
 * none of them at 2<sup>63</sup>-1 and no row of an unknown type in between. Arrival = SUBMIT time, duration =
 * end time - SCHEDULE time (the time the attempt held its requests, whatever ended it), size = its SUBMIT
 * row's requests. An end event before SCHEDULE drops the attempt (it never ran). A non-update row of a task
 * with no open attempt is an attempt of its own, dropped as "first event is not SUBMIT" (or an unknown event)
 * and absorbing the task's rows up to its end event. UPDATE_PENDING and UPDATE_RUNNING never matter. Kept
 * attempts are counted per end event (summary notes). Before-window attempts: their SUBMIT and SCHEDULE at
 * timestamp 0 are read as the window start, {@link #WINDOW_START_MICROS} (so they arrive as one batch and run
 * end - 600 s, their observed time in the window); one whose end comes before its clamped SCHEDULE is dropped
 * as a negative duration.
 *
 * <h2>Streaming, memory and speed</h2>
 * Rows are split in one pass over a reused byte buffer ({@link LineSource#nextFields}); only columns 1
 * (time), 3 (job), 4 (index), 6 (event type) and, on SUBMIT rows, 10-11 (CPU, memory) and, for three
 * resources, 12 (disk) are parsed; the 13-column count is checked on every row. Each task has one int of state in
 * {@link TaskStates} (job ID to
 * a dense per-job segment indexed by task index): the slot of an open task (submit time, schedule time, CPU,
 * memory and disk units: 28 bytes in struct-of-arrays recycled through a free list), or a tombstone for a
 * closed one (its kept index, or "dropped"). Open tasks cost their slot; closed tasks only their 4-byte
 * state, which exactness needs because any later row of the task (a resubmission) changes its verdict.
 * Kept tasks cost 24 + 4·D bytes until the final sort. Nothing is allocated per row.
 *
 * <h2>Jobs</h2>
 * {@link #loadJobs} also keeps each kept task's SCHEDULE time (8 bytes per kept task) and, after the last row,
 * walks the task states once to make {@link GoogleJobs} of the job IDs whose every task was kept.
 *
 * <p>Timestamps must not decrease, within a file or across files (the published parts are sorted); a
 * decrease means files out of order or corrupt, and is an error naming both places.
 */
final class GoogleTaskEventsLoader {
    static final int COLUMNS = 13;
    static final int SUBMIT = 0;
    static final int SCHEDULE = 1;
    static final int EVICT = 2;
    static final int FAIL = 3;
    static final int FINISH = 4;
    static final int KILL = 5;
    static final int LOST = 6;
    static final int UPDATE_PENDING = 7;
    static final int UPDATE_RUNNING = 8;
    /** The trace's "after the window" timestamp. */
    static final long AFTER_WINDOW_TIME = Long.MAX_VALUE;
    static final int TASK_INDEX_BITS = 24;
    static final int JOB_ID_BITS = 63 - TASK_INDEX_BITS;
    /** Start of the trace window: 600 s after time 0 (the trace's documentation); the attempts rule's batch time. */
    static final long WINDOW_START_MICROS = 600_000_000L;
    /** End events by type, for the attempts rule's notes (index = event type; 0, 1, 7, 8 unused). */
    static final String[] END_NAMES = {null, null, "EVICT", "FAIL", "FINISH", "KILL", "LOST"};

    static final DropReason[] REASONS = {
        DropReason.FIRST_EVENT_NOT_SUBMIT, DropReason.SUBMITTED_BEFORE_WINDOW, DropReason.MISSING_REQUEST,
        DropReason.NEGATIVE_REQUEST, DropReason.ABOVE_CAPACITY, DropReason.REPEATED_SUBMIT,
        DropReason.REPEATED_SCHEDULE, DropReason.FINISH_BEFORE_SCHEDULE, DropReason.REPEATED_FINISH,
        DropReason.EVICTED, DropReason.FAILED, DropReason.KILLED, DropReason.LOST, DropReason.AFTER_WINDOW,
        DropReason.UNKNOWN_EVENT, DropReason.NO_FINISH_IN_WINDOW, DropReason.UNKNOWN_EVENT_TYPE_ROW};
    /** The reasons of the attempts rule, in report order. */
    static final DropReason[] ATTEMPT_REASONS = {
        DropReason.FIRST_EVENT_NOT_SUBMIT, DropReason.SUBMITTED_BEFORE_WINDOW, DropReason.MISSING_REQUEST,
        DropReason.NEGATIVE_REQUEST, DropReason.ABOVE_CAPACITY, DropReason.REPEATED_SUBMIT,
        DropReason.REPEATED_SCHEDULE, DropReason.FINISH_BEFORE_SCHEDULE, DropReason.ENDED_BEFORE_SCHEDULE,
        DropReason.NEGATIVE_DURATION, DropReason.AFTER_WINDOW, DropReason.UNKNOWN_EVENT, DropReason.NO_END_IN_WINDOW,
        DropReason.UNKNOWN_EVENT_TYPE_ROW};

    /** State of a task never seen. */
    private static final int MISSING = TaskStates.MISSING;
    /** State of a dropped task; kept task k is {@code -(k + 2)}; an open task's slot is >= 0. */
    private static final int DROPPED = -1;
    private static final long NOT_SCHEDULED = -1;
    private static final int NO_SLOT = -1;
    /** Priority of a non-SUBMIT row or when no limit is set: never above the limit. */
    private static final int NO_PRIORITY = -1;
    /** Request parse results that are not unit counts. */
    private static final int REQUEST_MISSING = -1;
    private static final int REQUEST_NEGATIVE = -2;
    private static final int REQUEST_ABOVE_ONE = -3;

    private final Units units;
    private final int dimensions;
    private final int maxLineBytes;
    private final TraceSummary summary;
    private final KeptTasks kept;
    private final int maxPriority;
    private final int dyadicTypes;
    private final TaskStates tasks = new TaskStates();
    private final boolean attempts;
    private final boolean beforeWindow;
    private final long[] keptByEnd = new long[END_NAMES.length];
    /** Whether kept tasks keep their SCHEDULE time, for {@link GoogleJobs}. */
    private final boolean trackJobs;

    private long[] openSubmit = new long[1 << 12];
    private long[] openSchedule = new long[1 << 12];
    private int[] openCpu = new int[1 << 12];
    private int[] openMemory = new int[1 << 12];
    private int[] openDisk = new int[1 << 12];
    private int[] openNextFree = new int[1 << 12];
    private int freeHead = NO_SLOT;
    private int slotHighWater;
    private int openCount;

    /** End of each column on the current row: the offset of the comma after it (or of the line end). */
    private final int[] fieldEnds = new int[COLUMNS];
    private long lastTime = Long.MIN_VALUE;
    private Path lastTimeFile;
    private long lastTimeLine;

    private GoogleTaskEventsLoader(final TraceOptions options, final String source, final boolean trackJobs) {
        this.trackJobs = trackJobs;
        this.units = options.units();
        this.dimensions = options.dimensions();
        this.maxLineBytes = options.maxLineBytes();
        this.maxPriority = options.googleMaxPriority();
        this.dyadicTypes = options.dyadicTypes();
        this.attempts = options.googleRule() == GoogleRule.ATTEMPTS;
        this.beforeWindow = options.googleBeforeWindow();
        final DropReason[] reasons = reasons(attempts ? ATTEMPT_REASONS : REASONS,
            maxPriority != TraceOptions.NO_PRIORITY_LIMIT);
        this.summary = dimensions == 1
            ? new TraceSummary(TraceFormat.GOOGLE_2011, source, reasons,
                dyadicTypes > 0 ? "max(CPU, memory), typed" : "max(CPU, memory)")
            : dimensions == 2 ? new TraceSummary(TraceFormat.GOOGLE_2011, source, reasons, "CPU", "memory")
            : new TraceSummary(TraceFormat.GOOGLE_2011, source, reasons, "CPU", "memory", "disk");
        if (attempts) {
            summary.unitNoun("attempt");
        }
        this.kept = new KeptTasks(dimensions, 1 << 16, trackJobs);
    }

    /**
     * The reasons this load can give, in report order: the rule's ({@link #REASONS} or
     * {@link #ATTEMPT_REASONS}), with the priority rule before the request rules if filtered.
     */
    static DropReason[] reasons(final DropReason[] rule, final boolean priorityLimit) {
        if (!priorityLimit) {
            return rule;
        }
        final DropReason[] reasons = new DropReason[rule.length + 1];
        int k = 0;
        for (final DropReason reason : rule) {
            if (reason == DropReason.MISSING_REQUEST) {
                reasons[k++] = DropReason.PRIORITY_ABOVE_LIMIT;
            }
            reasons[k++] = reason;
        }
        return reasons;
    }

    /** Loads the parts named by {@code paths} (files, or directories standing for their parts in name order). */
    static LoadedTrace load(final List<Path> paths, final TraceOptions options, final String source) {
        return new GoogleTaskEventsLoader(options, source, false).read(paths);
    }

    /**
     * Loads the parts and makes jobs of the kept tasks ({@link GoogleJobs}); the completed-tasks rule, no
     * dyadic types (checked by the caller).
     */
    static GoogleJobs loadJobs(final List<Path> paths, final TraceOptions options, final String source) {
        assert options.googleRule() == GoogleRule.COMPLETED_TASKS && options.dyadicTypes() == 0;
        final GoogleTaskEventsLoader loader = new GoogleTaskEventsLoader(options, source, true);
        final LoadedTrace tasks = loader.read(paths);
        return GoogleJobs.of(tasks, loader.tasks, loader.kept, DROPPED);
    }

    private LoadedTrace read(final List<Path> paths) {
        final long start = System.nanoTime();
        final long startCpu = TraceSummary.threadCpuNanos();
        for (final Path file : expand(paths)) {
            readFile(file);
        }
        if (attempts) {
            summary.addDrops(DropReason.NO_END_IN_WINDOW, openCount);
            for (int event = EVICT; event <= LOST; event++) {
                summary.note("kept attempts ended by " + END_NAMES[event], keptByEnd[event]);
            }
        } else {
            summary.addDrops(DropReason.NO_FINISH_IN_WINDOW, openCount);
        }
        final LoadedTrace read = kept.build(TraceFormat.GOOGLE_2011, units, new int[0], summary);
        final LoadedTrace trace = dyadicTypes > 0 ? DyadicTypes.apply(read, dyadicTypes) : read;
        summary.finish(trace, start, startCpu);
        return trace;
    }

    /** Files in read order: each directory contributes its *.csv and *.csv.gz files sorted by name. */
    static List<Path> expand(final List<Path> paths) {
        final List<Path> files = new ArrayList<>();
        for (final Path path : paths) {
            if (!Files.isDirectory(path)) {
                files.add(path);
                continue;
            }
            final List<Path> parts = new ArrayList<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
                for (final Path entry : entries) {
                    final String name = entry.getFileName().toString();
                    if ((name.endsWith(".csv.gz") || name.endsWith(".csv")) && Files.isRegularFile(entry)) {
                        parts.add(entry);
                    }
                }
            } catch (final IOException e) {
                throw new TraceFormatException(path, 0, null, null, "cannot list directory: " + e, e);
            }
            if (parts.isEmpty()) {
                throw new TraceFormatException(path, 0, null, null, "directory has no .csv or .csv.gz files");
            }
            parts.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
            files.addAll(parts);
        }
        return files;
    }

    private void readFile(final Path file) {
        try (LineSource source = LineSource.open(file, maxLineBytes)) {
            int fields;
            while ((fields = source.nextFields((byte) ',', fieldEnds)) >= 0) {
                row(source, fields);
            }
            if (source.lineNumber() == 0) {
                throw new TraceFormatException(file, 0, null, null, "no rows");
            }
            summary.addFile(source.lineNumber(), source.bytesRead());
        }
    }

    private void row(final LineSource source, final int fields) {
        if (fields != COLUMNS) {
            throw source.lineError("expected " + COLUMNS + " comma-separated columns, found " + fields);
        }
        final byte[] bytes = source.buffer();
        final int start = source.lineStart();
        final int[] comma = fieldEnds;
        final long time = integer(source, bytes, start, comma[0], "timestamp (column 1)");
        final long jobId = integer(source, bytes, comma[1] + 1, comma[2], "job ID (column 3)");
        final long taskIndex = integer(source, bytes, comma[2] + 1, comma[3], "task index (column 4)");
        final long type = integer(source, bytes, comma[4] + 1, comma[5], "event type (column 6)");
        if (time < lastTime) {
            throw source.fieldError("timestamp (column 1)", start, comma[0], "goes backwards: earlier than "
                + lastTime + " at " + lastTimeFile + " line " + lastTimeLine + " (files out of order or corrupt)");
        }
        lastTime = time;
        lastTimeFile = source.file();
        lastTimeLine = source.lineNumber();
        if (time > 0 && time != AFTER_WINDOW_TIME) {
            summary.rowTime(time);
        }
        if (jobId >= 1L << JOB_ID_BITS) {
            throw source.fieldError("job ID (column 3)", comma[1] + 1, comma[2], "above 2^" + JOB_ID_BITS + " - 1");
        }
        if (taskIndex >= 1L << TASK_INDEX_BITS) {
            throw source.fieldError("task index (column 4)", comma[2] + 1, comma[3],
                "above 2^" + TASK_INDEX_BITS + " - 1");
        }
        final long key = jobId << TASK_INDEX_BITS | taskIndex;
        final int position = tasks.locate(jobId, (int) taskIndex);
        final int event = type > UPDATE_RUNNING ? -1 : (int) type;
        if (event < 0) {
            summary.addDrop(DropReason.UNKNOWN_EVENT_TYPE_ROW);
        }
        int cpu = REQUEST_MISSING;
        int memory = REQUEST_MISSING;
        int disk = 0;
        int priority = NO_PRIORITY;
        if (event == SUBMIT) {
            cpu = request(source, bytes, comma[8] + 1, comma[9], "CPU request (column 10)");
            memory = request(source, bytes, comma[9] + 1, comma[10], "memory request (column 11)");
            if (dimensions == 3) {
                disk = request(source, bytes, comma[10] + 1, comma[11], "disk request (column 12)");
            }
            if (maxPriority != TraceOptions.NO_PRIORITY_LIMIT) {
                final long value = integer(source, bytes, comma[7] + 1, comma[8], "priority (column 9)");
                priority = (int) Math.min(value, Integer.MAX_VALUE);
            }
        }
        if (attempts) {
            attemptEvent(key, position, event, time, cpu, memory, disk, priority);
            return;
        }
        final int state = tasks.get(position);
        if (state == MISSING) {
            firstEvent(position, event, time, cpu, memory, disk, priority);
        } else if (state >= 0) {
            openEvent(key, position, state, event, time);
        } else if (state != DROPPED) {
            keptEvent(position, -(state + 2), event);
        }
    }

    private void firstEvent(final int position, final int event, final long time, final int cpu, final int memory,
                            final int disk, final int priority) {
        if (event != SUBMIT) {
            summary.addSeen();
            summary.addDrop(event < 0 ? DropReason.UNKNOWN_EVENT : DropReason.FIRST_EVENT_NOT_SUBMIT);
            tasks.set(position, DROPPED);
            return;
        }
        openTask(position, time, cpu, memory, disk, priority, false);
    }

    private void openEvent(final long key, final int position, final int slot, final int event, final long time) {
        if (event == UPDATE_PENDING || event == UPDATE_RUNNING) {
            return;
        }
        final DropReason reason;
        if (time == AFTER_WINDOW_TIME) {
            reason = DropReason.AFTER_WINDOW;
        } else {
            switch (event) {
                case SUBMIT:
                    reason = DropReason.REPEATED_SUBMIT;
                    break;
                case SCHEDULE:
                    if (openSchedule[slot] == NOT_SCHEDULED) {
                        openSchedule[slot] = time;
                        return;
                    }
                    reason = DropReason.REPEATED_SCHEDULE;
                    break;
                case FINISH:
                    if (openSchedule[slot] == NOT_SCHEDULED) {
                        reason = DropReason.FINISH_BEFORE_SCHEDULE;
                        break;
                    }
                    finish(key, position, slot, time);
                    return;
                default:
                    reason = interruption(event);
            }
        }
        summary.addDrop(reason);
        tasks.set(position, DROPPED);
        freeSlot(slot);
    }

    private void finish(final long key, final int position, final int slot, final long time) {
        final long duration = time - openSchedule[slot];
        assert duration >= 0 : "timestamps are checked non-decreasing";
        final int cpu = openCpu[slot];
        final int memory = openMemory[slot];
        final int index = dimensions == 1
            ? kept.add(openSubmit[slot], duration, key, Math.max(cpu, memory), 0, 0)
            : kept.add(openSubmit[slot], duration, key, cpu, memory, openDisk[slot]);
        if (trackJobs) {
            kept.recordStart(index, openSchedule[slot]);
        }
        tasks.set(position, -(index + 2));
        freeSlot(slot);
    }

    /** An event after a clean FINISH: updates are harmless, anything else revokes the task. */
    private void keptEvent(final int position, final int index, final int event) {
        final DropReason reason;
        switch (event) {
            case UPDATE_PENDING:
            case UPDATE_RUNNING:
                return;
            case SUBMIT:
                reason = DropReason.REPEATED_SUBMIT;
                break;
            case SCHEDULE:
                reason = DropReason.REPEATED_SCHEDULE;
                break;
            case FINISH:
                reason = DropReason.REPEATED_FINISH;
                break;
            default:
                reason = interruption(event);
        }
        kept.revoke(index);
        summary.addDrop(reason);
        tasks.set(position, DROPPED);
    }

    // ---- the attempts rule: per task, MISSING = no open attempt, DROPPED = a dropped attempt absorbing its rows
    // up to its end event, a slot >= 0 = an open attempt ----

    private static boolean isEnd(final int event) {
        return event >= EVICT && event <= LOST;
    }

    private void attemptEvent(final long key, final int position, final int event, final long time, final int cpu,
                              final int memory, final int disk, final int priority) {
        if (event == UPDATE_PENDING || event == UPDATE_RUNNING) {
            return;
        }
        final int state = tasks.get(position);
        if (event == SUBMIT) {
            if (state >= 0) {
                summary.addDrop(DropReason.REPEATED_SUBMIT);
                freeSlot(state);
            }
            openTask(position, time, cpu, memory, disk, priority, beforeWindow);
            return;
        }
        if (state == MISSING) {
            summary.addSeen();
            summary.addDrop(event < 0 ? DropReason.UNKNOWN_EVENT : DropReason.FIRST_EVENT_NOT_SUBMIT);
            tasks.set(position, isEnd(event) ? MISSING : DROPPED);
            return;
        }
        if (state == DROPPED) {
            if (isEnd(event)) {
                tasks.set(position, MISSING);
            }
            return;
        }
        final int slot = state;
        final DropReason reason;
        if (event < 0) {
            reason = DropReason.UNKNOWN_EVENT;
        } else if (time == AFTER_WINDOW_TIME) {
            reason = DropReason.AFTER_WINDOW;
        } else if (event == SCHEDULE) {
            if (openSchedule[slot] == NOT_SCHEDULED) {
                openSchedule[slot] = inWindow(time);
                return;
            }
            reason = DropReason.REPEATED_SCHEDULE;
        } else if (openSchedule[slot] == NOT_SCHEDULED) {
            reason = event == FINISH ? DropReason.FINISH_BEFORE_SCHEDULE : DropReason.ENDED_BEFORE_SCHEDULE;
        } else if (time < openSchedule[slot]) {
            reason = DropReason.NEGATIVE_DURATION; // only a before-window SCHEDULE read as the window start
        } else {
            final long duration = time - openSchedule[slot];
            if (dimensions == 1) {
                kept.add(openSubmit[slot], duration, key, Math.max(openCpu[slot], openMemory[slot]), 0, 0);
            } else {
                kept.add(openSubmit[slot], duration, key, openCpu[slot], openMemory[slot], openDisk[slot]);
            }
            keptByEnd[event]++;
            freeSlot(slot);
            tasks.set(position, MISSING);
            return;
        }
        summary.addDrop(reason);
        freeSlot(slot);
        tasks.set(position, isEnd(event) ? MISSING : DROPPED);
    }

    /**
     * A submitted task (or, under the attempts rule, a resubmitted attempt) opens, or is dropped for the
     * first reason that applies; a submission before the window (time 0) is kept only with
     * {@code keepBeforeWindow}, at the window's start.
     */
    private void openTask(final int position, final long time, final int cpu, final int memory, final int disk,
                          final int priority, final boolean keepBeforeWindow) {
        summary.addSeen();
        final DropReason reason;
        if (time == 0 && !keepBeforeWindow) {
            reason = DropReason.SUBMITTED_BEFORE_WINDOW;
        } else if (time == AFTER_WINDOW_TIME) {
            reason = DropReason.AFTER_WINDOW;
        } else if (priority > maxPriority) {
            reason = DropReason.PRIORITY_ABOVE_LIMIT;
        } else if (cpu == REQUEST_MISSING || memory == REQUEST_MISSING || disk == REQUEST_MISSING) {
            reason = DropReason.MISSING_REQUEST;
        } else if (cpu == REQUEST_NEGATIVE || memory == REQUEST_NEGATIVE || disk == REQUEST_NEGATIVE) {
            reason = DropReason.NEGATIVE_REQUEST;
        } else if (cpu == REQUEST_ABOVE_ONE || memory == REQUEST_ABOVE_ONE || disk == REQUEST_ABOVE_ONE) {
            reason = DropReason.ABOVE_CAPACITY;
        } else {
            final int slot = allocateSlot();
            openSubmit[slot] = inWindow(time);
            openSchedule[slot] = NOT_SCHEDULED;
            openCpu[slot] = cpu;
            openMemory[slot] = memory;
            openDisk[slot] = disk;
            tasks.set(position, slot);
            return;
        }
        summary.addDrop(reason);
        tasks.set(position, DROPPED);
    }

    /** A timestamp, with 0 (before the window) read as the window start when before-window attempts are kept. */
    private long inWindow(final long time) {
        return time == 0 && beforeWindow ? WINDOW_START_MICROS : time;
    }

    private static DropReason interruption(final int event) {
        switch (event) {
            case EVICT:
                return DropReason.EVICTED;
            case FAIL:
                return DropReason.FAILED;
            case KILL:
                return DropReason.KILLED;
            case LOST:
                return DropReason.LOST;
            default:
                assert event < 0 : event;
                return DropReason.UNKNOWN_EVENT;
        }
    }

    private int allocateSlot() {
        openCount++;
        if (freeHead != NO_SLOT) {
            final int slot = freeHead;
            freeHead = openNextFree[slot];
            return slot;
        }
        if (slotHighWater == openSubmit.length) {
            final int capacity = openSubmit.length * 2;
            openSubmit = Arrays.copyOf(openSubmit, capacity);
            openSchedule = Arrays.copyOf(openSchedule, capacity);
            openCpu = Arrays.copyOf(openCpu, capacity);
            openMemory = Arrays.copyOf(openMemory, capacity);
            openDisk = Arrays.copyOf(openDisk, capacity);
            openNextFree = Arrays.copyOf(openNextFree, capacity);
        }
        return slotHighWater++;
    }

    private void freeSlot(final int slot) {
        openCount--;
        openNextFree[slot] = freeHead;
        freeHead = slot;
    }

    private static long integer(final LineSource source, final byte[] bytes, final int from, final int to,
                                final String field) {
        final long value = AsciiNumbers.parseNonNegativeLong(bytes, from, to);
        if (value < 0) {
            throw source.fieldError(field, from, to, value == AsciiNumbers.OVERFLOW
                ? "above 2^63 - 1" : "not a non-negative integer");
        }
        return value;
    }

    /** Units of a request in [0, 1], or REQUEST_MISSING / REQUEST_NEGATIVE / REQUEST_ABOVE_ONE. */
    private int request(final LineSource source, final byte[] bytes, final int from, final int to,
                        final String field) {
        if (from == to) {
            return REQUEST_MISSING;
        }
        final double value = AsciiNumbers.parseDecimal(bytes, from, to);
        if (Double.isNaN(value)) {
            throw source.fieldError(field, from, to, "not a number");
        }
        if (value < 0) {
            return REQUEST_NEGATIVE;
        }
        if (value > 1) {
            return REQUEST_ABOVE_ONE;
        }
        return units.sizeUnits(value);
    }
}
