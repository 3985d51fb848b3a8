package org.stowage.core.engine;

import org.stowage.core.Units;

/**
 * A scheduler kernel failed: it threw while being made, attached or called back, or it broke a rule the
 * engine checks (a placement that does not fit, a job placed twice or left neither queued nor running, a
 * tick in the past, more events at one instant than {@link Simulation#MAX_TICKS_PER_INSTANT} or
 * {@link Simulation#MAX_DECISIONS_PER_INSTANT}). The message is one line: the scheduler, what it did, and
 * where (the callback and the simulated time); the cause is what the kernel threw, if anything.
 *
 * <p>A kernel that refuses its set-up with an {@link IllegalArgumentException} (a workload it cannot run)
 * is not a fault: that exception reaches the caller as it was thrown. {@link OutOfMemoryError} is never
 * wrapped either: it says the heap was too small, whoever asked for the memory.
 */
public final class SchedulerFault extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** What a placement that did not fit asked for, in units, to say it in the caller's real amounts. */
    public record Overfill(int job, int server, int resource, int free, int request) {
    }

    private final String scheduler;
    private final double time;
    private final transient Overfill overfill;

    SchedulerFault(final String message, final String scheduler, final double time, final Overfill overfill,
                   final Throwable cause) {
        super(message, cause);
        this.scheduler = scheduler;
        this.time = time;
        this.overfill = overfill;
    }

    /** The scheduler's name, as it gave it (or the factory's class when no scheduler was made). */
    public String scheduler() {
        return scheduler;
    }

    /** The simulated time of the failure; NaN at set-up. */
    public double time() {
        return time;
    }

    /** The placement that did not fit, or null when the fault was another. */
    public Overfill overfill() {
        return overfill;
    }

    /**
     * The message with the sizes of a placement that did not fit in real amounts of {@code units} ("0.12 of
     * resource 0 left for a request of 0.4") rather than in units; the message itself otherwise.
     */
    public String message(final Units units) {
        if (overfill == null || units == null) {
            return getMessage();
        }
        return overfillMessage(scheduler, overfill, time, trim(units.toReal(overfill.free())),
            trim(units.toReal(overfill.request())));
    }

    static String overfillMessage(final String scheduler, final Overfill overfill, final double time,
                                  final String free, final String request) {
        return "scheduler " + scheduler + " placed job " + overfill.job() + " on server " + overfill.server()
            + " which had " + free + " of resource " + overfill.resource() + " left for a request of " + request
            + " (at time " + time + ")";
    }

    /** {@code value} without a trailing {@code .0}. */
    private static String trim(final double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
