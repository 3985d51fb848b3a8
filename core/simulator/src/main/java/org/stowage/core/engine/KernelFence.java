package org.stowage.core.engine;

import java.util.Objects;

import org.stowage.core.Messages;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

/**
 * The fence around one simulation's kernel: which callback the kernel is in, how many decisions and ticks
 * it has had at the current instant, the checks of the jobs and servers it names, and for each rule it
 * breaks the {@link SchedulerFault}, one line naming the scheduler, what it did and when. A throwable from
 * a callback becomes a fault that names the callback ({@link #fault}).
 *
 * <p>The engine calls the trackers and checks on its hot path: each is O(1), a few field writes or
 * comparisons, and allocates nothing; only failing allocates (the exception and its message). Also how
 * the engine makes and names a kernel without trusting it ({@link #made}, {@link #nameOf}). Not
 * thread-safe, like its simulation.
 */
final class KernelFence {
    /** Kernel callbacks: none under way, or the one the kernel is in. */
    static final byte NO_CALLBACK = 0;
    static final byte ATTACH = 1;
    static final byte ARRIVAL = 2;
    static final byte DEPARTURE = 3;
    static final byte TICK = 4;
    static final byte DECIDE = 5;

    private final String scheduler;
    private final JobTable jobs;
    private final ServerTable servers;
    private final TimeMode timeMode;
    private byte callback = NO_CALLBACK;
    /** The job of an arrival or departure callback. */
    private int callbackJob;
    /** The instant of the last decision, and the decisions and ticks at it. */
    private double instant = Double.NaN;
    private int decisionsAtInstant;
    private int ticksAtInstant;

    KernelFence(final String scheduler, final JobTable jobs, final ServerTable servers, final TimeMode timeMode) {
        this.scheduler = scheduler;
        this.jobs = jobs;
        this.servers = servers;
        this.timeMode = timeMode;
    }

    /**
     * Attaches {@code scheduler} to its {@code context}: what it throws is a fault, but an
     * {@link IllegalArgumentException}, the kernel's way of saying it cannot run this cluster or model (the
     * request's fault, not a crash).
     */
    void attach(final Scheduler scheduler, final SchedulerContext context) {
        enter(ATTACH);
        try {
            scheduler.attach(context);
        } catch (final IllegalArgumentException e) {
            throw e;
        } catch (final RuntimeException | Error e) {
            throw fault(e, Double.NaN);
        }
        leave();
    }

    /** The kernel enters {@code where}: {@link #ATTACH}, {@link #TICK} or {@link #DECIDE}. */
    void enter(final byte where) {
        callback = where;
    }

    /** The kernel enters {@code where}, {@link #ARRIVAL} or {@link #DEPARTURE}, about {@code job}. */
    void enter(final byte where, final int job) {
        callback = where;
        callbackJob = job;
    }

    /** The kernel returned from its callback. */
    void leave() {
        callback = NO_CALLBACK;
    }

    /** Counts a decision at {@code t}; more than {@link Simulation#MAX_DECISIONS_PER_INSTANT} at one is a fault. */
    void decisionAt(final double t) {
        if (t == instant) {
            if (++decisionsAtInstant > Simulation.MAX_DECISIONS_PER_INSTANT) {
                throw tooManyDecisions(t);
            }
        } else {
            instant = t;
            decisionsAtInstant = 1;
            ticksAtInstant = 0;
        }
    }

    /** Counts a tick at {@code t}; more than {@link Simulation#MAX_TICKS_PER_INSTANT} at one is a fault. */
    void tickAt(final double t) {
        if (++ticksAtInstant > Simulation.MAX_TICKS_PER_INSTANT) {
            throw tooManyTicks(t);
        }
    }

    /** No job left neither queued nor running after the decision at {@code t}, or the kernel's fault. */
    void checkNonePending(final double t) {
        if (jobs.pendingCount() != 0) {
            throw leftPending(t);
        }
    }

    /** {@code job}, just arrived at {@code t}, was queued or placed by the kernel, or the kernel's fault. */
    void checkQueuedOrPlaced(final int job, final double t) {
        final byte state = jobs.state(job);
        if (state != JobTable.QUEUED && state != JobTable.RUNNING) {
            throw neitherQueuedNorPlaced(job, t);
        }
    }

    /** A job handle and a server index that exist, or the kernel's fault. */
    void checkHandles(final int job, final int server, final double now) {
        if (job < 0 || job >= jobs.capacity() || server < 0 || server >= servers.count()) {
            throw noSuchHandle(job, server, now);
        }
    }

    /** A job taken out of its queue and not yet placed, or the kernel's fault. */
    void checkPlaceable(final int job, final int server, final double now) {
        if (jobs.state(job) != JobTable.PENDING || jobs.isDummy(job)) {
            throw notPlaceable(job, server, now);
        }
    }

    /** A dummy of type {@code jobClass} (of fixed size in {@code classes}) on {@code server} for a valid time. */
    void checkDummy(final JobClasses classes, final int jobClass, final int server, final double serviceTime) {
        if (jobClass < 0 || jobClass >= classes.count() || !classes.hasExactSize(jobClass)) {
            throw new IllegalStateException("a dummy job needs a type of fixed size in the model; type " + jobClass
                + " is not one (" + classes.count() + " job classes known)");
        }
        if (server < 0 || server >= servers.count()) {
            throw new IllegalStateException("a dummy cannot go on server " + server + ", which is not one of the "
                + servers.count() + " servers");
        }
        if (!(serviceTime > 0) || Double.isInfinite(serviceTime)
            || (timeMode == TimeMode.SLOTTED && serviceTime != Math.rint(serviceTime))) {
            throw new IllegalArgumentException("dummy service time must be finite and > 0"
                + (timeMode == TimeMode.SLOTTED ? " and whole slots" : "") + ": " + serviceTime);
        }
    }

    /** {@code job} is a running dummy, or the kernel cannot remove it. */
    void checkRunningDummy(final int job) {
        if (job < 0 || job >= jobs.capacity() || !jobs.isDummy(job) || !jobs.isRunning(job)) {
            throw new IllegalStateException("job " + job + " is not a running dummy"
                + (job < 0 || job >= jobs.capacity() ? " (no job handle)" : " (state " + jobs.state(job) + ")"));
        }
    }

    /** The kernel {@code factory} makes for {@code model}; a factory that throws or returns null is a fault. */
    static Scheduler made(final SchedulerFactory factory, final Model model) {
        Objects.requireNonNull(factory, "scheduler");
        final Scheduler made;
        try {
            made = factory.create(model);
        } catch (final IllegalArgumentException e) {
            throw e;
        } catch (final RuntimeException | Error e) {
            if (e instanceof OutOfMemoryError memory) {
                throw memory;
            }
            throw new SchedulerFault("its scheduler factory failed: "
                + Messages.describe(e), factory.getClass().getName(), Double.NaN, null, e);
        }
        if (made == null) {
            throw new SchedulerFault("its scheduler factory returned no scheduler (null)", factory.getClass().getName(),
                Double.NaN, null, null);
        }
        return made;
    }

    /** The kernel's name, or its class's when name() fails or gives none. */
    static String nameOf(final Scheduler scheduler) {
        try {
            final String name = scheduler.name();
            return name == null || name.isBlank() ? scheduler.getClass().getName() : name;
        } catch (final RuntimeException e) {
            return scheduler.getClass().getName();
        }
    }

    /**
     * {@code e}, thrown while the kernel was in a callback, as a {@link SchedulerFault} that says which and
     * when; a fault as it is; anything thrown outside a callback (the workload's, the listeners') and
     * {@link OutOfMemoryError} as they are. The kernel is no longer in its callback.
     */
    RuntimeException fault(final Throwable e, final double now) {
        final byte where = callback;
        final int job = callbackJob;
        callback = NO_CALLBACK;
        if (e instanceof OutOfMemoryError memory) {
            throw memory;
        }
        if (e instanceof SchedulerFault fault) {
            return fault;
        }
        if (where == NO_CALLBACK) {
            if (e instanceof RuntimeException runtime) {
                return runtime;
            }
            throw (Error) e;
        }
        final String in = switch (where) {
            case ATTACH -> "attach";
            case ARRIVAL -> "onArrival(job " + job + ")";
            case DEPARTURE -> "onDeparture(job " + job + ")";
            case TICK -> "onTick";
            default -> "decide";
        };
        return new SchedulerFault("scheduler " + scheduler + " failed in " + in + (where == ATTACH ? ""
            : " at time " + now) + ": " + Messages.describe(e), scheduler, where == ATTACH ? Double.NaN : now,
            null, e);
    }

    private SchedulerFault tooManyDecisions(final double t) {
        return new SchedulerFault("scheduler " + scheduler + " made more than " + Simulation.MAX_DECISIONS_PER_INSTANT
            + " decisions at time " + t + " without time moving on (each asked for another event at the"
            + " same instant); stopped there", scheduler, t, null, null);
    }

    private SchedulerFault tooManyTicks(final double t) {
        return new SchedulerFault("scheduler " + scheduler + " asked for more than "
            + Simulation.MAX_TICKS_PER_INSTANT + " ticks at time " + t + " (a tick rescheduled at its own instant"
            + " forever?); stopped there", scheduler, t, null, null);
    }

    private SchedulerFault leftPending(final double t) {
        return new SchedulerFault("scheduler " + scheduler + " left " + jobs.pendingCount()
            + " job(s) neither queued nor running after the decision at " + t, scheduler, t, null, null);
    }

    private SchedulerFault neitherQueuedNorPlaced(final int job, final double t) {
        return new SchedulerFault("scheduler " + scheduler + " neither queued nor placed job " + job
            + " on arrival at " + t, scheduler, t, null, null);
    }

    private SchedulerFault noSuchHandle(final int job, final int server, final double now) {
        return new SchedulerFault("scheduler " + scheduler + " placed job " + job + " on server " + server
            + ", which " + (server < 0 || server >= servers.count() ? "is not one of the " + servers.count()
            + " servers" : "is no job handle") + " (at time " + now + ")", scheduler, now, null, null);
    }

    private SchedulerFault notPlaceable(final int job, final int server, final double now) {
        return new SchedulerFault("scheduler " + scheduler + " placed job " + job + " on server " + server
            + ", but it " + stateWords(job) + " (only a job taken out of its queue may be placed; at time " + now
            + ")", scheduler, now, null, null);
    }

    /** A job with a device demand placed by {@code place(job, server)}. */
    SchedulerFault placedWithoutDevices(final int job, final int server, final int demand, final double now) {
        return new SchedulerFault("scheduler " + scheduler + " placed job " + job + " on server " + server
            + " without devices, but it asks for " + DeviceDemand.describe(demand)
            + " (place it with place(job, server, devices); at time " + now + ")", scheduler, now, null, null);
    }

    /** Devices named that the server cannot give the job's demand. */
    SchedulerFault devicesRefused(final int job, final int demand, final int deviceMask, final int server,
                                  final double now) {
        return new SchedulerFault("scheduler " + scheduler + " placed job " + job + " ("
            + DeviceDemand.describe(demand) + ") on devices 0x" + Integer.toHexString(deviceMask) + " of server "
            + server + ", which it cannot take (at time " + now + ")", scheduler, now, null, null);
    }

    /** The fault of placing {@code job} where it does not fit, naming the first resource short. */
    SchedulerFault overfill(final int job, final int server, final double now) {
        int resource = 0;
        while (resource < jobs.dimensions() - 1 && jobs.size(job, resource) <= servers.residual(server, resource)) {
            resource++;
        }
        final SchedulerFault.Overfill overfill = new SchedulerFault.Overfill(job, server, resource,
            servers.residual(server, resource), jobs.size(job, resource));
        return new SchedulerFault(SchedulerFault.overfillMessage(scheduler, overfill, now,
            overfill.free() + " units", overfill.request() + " units"), scheduler, now, overfill, null);
    }

    /** What {@code job}, which cannot be placed, is: queued, running (where), a dummy, or no live job. */
    private String stateWords(final int job) {
        if (jobs.isDummy(job)) {
            return "is a dummy job";
        }
        return switch (jobs.state(job)) {
            case JobTable.QUEUED -> "is still in a queue";
            case JobTable.RUNNING -> "is already running on server " + jobs.serverOf(job);
            case JobTable.FREE -> "is no live job (it left, or never arrived)";
            case JobTable.CANCELLED -> "is a removed dummy job";
            default -> "is in state " + jobs.state(job);
        };
    }
}
