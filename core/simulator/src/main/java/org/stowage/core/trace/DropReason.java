package org.stowage.core.trace;

/**
 * Why a task (job, pod) of a trace was not kept, or why a row was skipped. Every task a loader sees ends
 * up kept or dropped under exactly one reason (the first rule it broke, in stream order), so a summary
 * always satisfies {@code seen = kept + dropped}; skipped rows are counted separately.
 */
public enum DropReason {
    // ---- Google 2011 task events (the 2019 paper's preprocessing, Sec. VII-B) ----
    FIRST_EVENT_NOT_SUBMIT(false, "first event is not SUBMIT"),
    SUBMITTED_BEFORE_WINDOW(false, "SUBMIT at time 0 (before the trace window)"),
    MISSING_REQUEST(false, "CPU or memory request empty"),
    REPEATED_SUBMIT(false, "more than one SUBMIT"),
    REPEATED_SCHEDULE(false, "more than one SCHEDULE"),
    FINISH_BEFORE_SCHEDULE(false, "FINISH before SCHEDULE (negative duration)"),
    REPEATED_FINISH(false, "more than one FINISH"),
    EVICTED(false, "EVICT event"),
    FAILED(false, "FAIL event"),
    KILLED(false, "KILL event"),
    LOST(false, "LOST event"),
    AFTER_WINDOW(false, "event after the trace window (timestamp 2^63-1)"),
    UNKNOWN_EVENT(false, "a row with an unknown event type"),
    NO_FINISH_IN_WINDOW(false, "no FINISH in window (open at the end of the last file)"),
    /** Only with a priority limit ({@link TraceOptions#withGoogleMaxPriority}). */
    PRIORITY_ABOVE_LIMIT(false, "priority above the limit (production tasks: 9-11)"),
    // ---- Google 2011, the attempts rule (Tran et al. 2018) ----
    ENDED_BEFORE_SCHEDULE(false, "EVICT, FAIL, KILL or LOST before SCHEDULE (the attempt never ran)"),
    NO_END_IN_WINDOW(false, "no end event in window (attempt open at the end of the last file)"),
    // ---- SWF ----
    SUBMIT_TIME_UNKNOWN(false, "submit time unknown (-1) or negative"),
    RUN_TIME_UNKNOWN(false, "run time unknown (-1)"),
    PROCESSORS_UNKNOWN(false, "requested and allocated processors unknown (-1)"),
    MEMORY_UNKNOWN(false, "requested and used memory unknown (-1)"),
    // ---- Alibaba ----
    NEVER_SCHEDULED(false, "no scheduled_time (never scheduled)"),
    NOT_DELETED(false, "no deletion_time (not deleted within the trace)"),
    // ---- shared ----
    NEGATIVE_DURATION(false, "negative duration"),
    NEGATIVE_REQUEST(false, "negative request"),
    ABOVE_CAPACITY(false, "request above the normalizing capacity (size > 1)"),
    ZERO_SIZE(false, "size 0 on every resource"),
    // ---- rows ----
    UNKNOWN_EVENT_TYPE_ROW(true, "unknown event type (row skipped, its task dropped)"),
    BLANK_LINE(true, "blank line");

    private final boolean row;
    private final String description;

    DropReason(final boolean row, final String description) {
        this.row = row;
        this.description = description;
    }

    /** True for a skipped row, false for a dropped task. */
    public boolean isRow() {
        return row;
    }

    public String description() {
        return description;
    }
}
