package org.stowage.sweep;

import org.stowage.core.Messages;
import org.stowage.core.Units;
import org.stowage.core.engine.SchedulerFault;
import org.stowage.core.kernel.Kernels;

/**
 * A run that a kernel ended (a {@link SchedulerFault}: it threw, or broke a rule the engine checks), told in
 * the user's words: the scheduler as given, its kernel family and the jar it came from, where in the
 * command (a sweep's point), and what it did, with sizes in real amounts when the resolution is known. The
 * command's handler adds what was kept and exits with code 1.
 */
public final class KernelFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String scheduler;
    private final String what;

    private KernelFailure(final String scheduler, final String where, final String what, final Throwable cause) {
        super("scheduler " + scheduler + origin(scheduler) + (where == null ? "" : " " + where) + " " + what, cause);
        this.scheduler = scheduler;
        this.what = what;
    }

    /**
     * The failure of {@code scheduler} (a spec) in {@code fault}.
     *
     * @param where where in the command it ran ({@code at intensity=0.9, replication 0}), or null
     * @param units the run's units, to give sizes as fractions of a server; null to give them in units
     */
    public static KernelFailure of(final String scheduler, final String where, final SchedulerFault fault,
                                   final Units units) {
        String what = fault.message(units);
        final String prefix = "scheduler " + fault.scheduler() + " ";
        if (what.startsWith(prefix)) {
            what = what.substring(prefix.length());
        }
        return new KernelFailure(scheduler, where, what, fault);
    }

    /** This failure, said to have happened {@code where} ({@code in fig3a at lambda=0.5, replication 0}). */
    public KernelFailure at(final String where) {
        return new KernelFailure(scheduler, where, what, getCause());
    }

    /** {@code " (kernel family 'f' (Class in /path.jar))"}, or empty for a kernel no family declares. */
    public static String origin(final String scheduler) {
        try {
            final String origin = Kernels.origin(scheduler);
            return origin == null ? "" : " (kernel family " + origin + ")";
        } catch (final RuntimeException e) {
            return "";
        }
    }

    /** The line of a failure that is not a fault (what a kernel's parameters or factory threw), for messages. */
    public static String describe(final Throwable error) {
        return error instanceof SchedulerFault fault ? fault.getMessage() : Messages.describe(error);
    }
}
