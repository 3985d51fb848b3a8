package org.stowage.core.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

import org.stowage.core.Messages;
import org.stowage.core.Units;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.model.ProcessingRates;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.DeviceView;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobQueueView;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.QueueChanges;
import org.stowage.core.state.ServerTable;
import org.stowage.core.state.ServerView;

/**
 * One simulation: a cluster, a workload, a scheduler, and the event loop that joins them.
 *
 * <h2>Event order</h2>
 * Time advances from one event instant to the next; nothing is done for instants without events, so idle
 * stretches of a slotted run (or of a trace) cost O(1). At each instant {@code t} the simulation
 * <ol>
 *   <li>completes every departure due at {@code t}, in the order they were scheduled;</li>
 *   <li>admits every arrival at {@code t}, in workload order (rejecting jobs no server could ever hold);</li>
 *   <li>delivers every scheduler tick due at {@code t}, in the order they were requested;</li>
 *   <li>calls {@link Scheduler#decide} once.</li>
 * </ol>
 * Ties are thus broken by (time, kind, sequence number). A dummy job a kernel removed early is skipped when
 * its departure falls due. In slotted mode this is the 2019 paper's slot:
 * resources freed at the end of slot t - 1 are available to the decision of slot t, which sees the jobs
 * arriving at the start of slot t. A kernel whose decisions do not depend on time alone (all kernels that
 * change nothing when nothing happened) behaves exactly as if it were called every slot.
 *
 * <h2>Bookkeeping and allocation</h2>
 * Departures live in a {@link DepartureQueue} (a timing wheel in slotted time, a calendar queue otherwise), ticks in
 * a primitive heap, jobs in the {@link JobTable}. After warm-up (job table,
 * heaps and kernel buffers at their high-water marks) an event allocates nothing. Counters keep
 * conservation checkable at any decision: {@code arrived = queued + running + completed + rejected}
 * (real jobs; dummy jobs have counters of their own).
 *
 * <h2>Devices</h2>
 * With a {@link DeviceTable} ({@link Builder#devices}), servers also carry devices (GPUs) and jobs a
 * device demand ({@link JobSpec#devices}); a job with a demand is placed by
 * {@link #place(int, int, int)}, which names the devices it takes, and gives them back at its departure.
 * A job whose demand no server could ever serve is rejected at arrival
 * ({@link RejectReason#DEVICES_ON_NO_SERVER}).
 *
 * <h2>Model</h2>
 * The simulation holds the {@link Model} its kernel was made with. With processing rates in it, a job's
 * service time is fixed when it starts: its work divided by the rate of its class on the server's class
 * (rounded up to whole slots, at least one, in slotted time). Dummy jobs take their type's exact size.
 *
 * <h2>Kernels are fenced</h2>
 * The kernel is handed a context of its own and read-only views of the job and server tables, none of
 * which can be cast to the engine's objects. Whatever it throws while it is made, attached or called back,
 * and every rule it breaks that the engine checks (a placement that does not fit, a job placed twice or
 * left neither queued nor running), ends the run with a {@link SchedulerFault}: one line naming the
 * scheduler, what it did and when. An instant cannot go on forever: more than
 * {@value #MAX_TICKS_PER_INSTANT} ticks at one instant, or more than {@value #MAX_DECISIONS_PER_INSTANT}
 * decisions without time moving on, is a fault too. A kernel that never returns cannot be stopped from
 * inside; {@link #progress()} lets a watchdog on another thread see that nothing moves.
 *
 * <p>Not thread-safe (but for {@link #progress()}); no global state, so any number of simulations may run
 * side by side.
 */
public final class Simulation implements SchedulerContext {
    /** Job table slots before the first growth when neither the builder nor the workload says otherwise. */
    private static final int DEFAULT_JOB_CAPACITY = 1 << 12;

    /**
     * Most ticks delivered at one instant: far more than any kernel asks for (RMS's clocks tick once per type
     * and instant at most), few enough to stop a tick rescheduled at its own instant forever within a second.
     */
    public static final int MAX_TICKS_PER_INSTANT = 1 << 22;

    /**
     * Most decisions at one instant, one after another, without time moving on (each follows an event a
     * kernel scheduled at the instant it was at: a tick, or a departure whose service rounded to nothing).
     */
    public static final int MAX_DECISIONS_PER_INSTANT = 1 << 20;

    private static final VarHandle PROGRESS;

    static {
        try {
            PROGRESS = MethodHandles.lookup().findVarHandle(Simulation.class, "progress", long.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final JobTable jobs;
    private final ServerTable servers;
    /** What the kernel sees: views of the tables, and a context that is not this object. */
    private final JobView jobView;
    private final ServerView serverView;
    private final DeviceView deviceView;
    private final KernelContext kernelContext = new KernelContext();
    /** The scheduler's name, read once (a kernel's name() is its own code). */
    private final String schedulerName;
    /** The servers' devices; a table without devices (never bound) when the builder gave none. */
    private final DeviceTable devices;
    /**
     * Per (model, device count) of the servers with devices: {model, count, maximal capacity vectors...};
     * a demand fits some server iff it fits one of these. Empty without devices.
     */
    private final int[][] deviceGroups;
    private final TimeMode timeMode;
    private final Workload workload;
    private final Scheduler scheduler;
    private final Model model;
    /** Null when service times do not depend on the server. */
    private final ProcessingRates rates;
    private final ServerClasses serverClasses;
    private SimulationListener[] listeners;
    private final long seed;
    private RandomGenerator[] streams = new RandomGenerator[0];
    private final JobSpec spec;
    private final int[] maximalCapacities;
    private final DepartureQueue departures;
    private final TimedEventHeap ticks;
    private final QueueChanges queueChanges = new QueueChanges();
    /** Key-resource sizes a size-indexed queue must hold: every size that fits some server on resource 0. */
    private final int queueUniverse;

    private long sequence;
    private double now;
    /** Instants and arrivals processed, written opaquely for a watchdog on another thread. */
    private long progress;
    /** The instant of the last decision, the decisions and ticks at it, and the kernel callback under way. */
    private double instant = Double.NaN;
    private int decisionsAtInstant;
    private int ticksAtInstant;
    private byte callback = NO_CALLBACK;
    private int callbackJob;
    private JobQueueView[] queues = new JobQueueView[4];
    private int queueCount;
    private long arrived;
    private long started;
    private long completed;
    private long decisions;
    private long dummiesPlaced;
    private long dummiesCompleted;
    private long dummiesCancelled;
    private final long[] rejected = new long[RejectReason.values().length];

    private Simulation(final Builder builder) {
        this.servers = Objects.requireNonNull(builder.servers, "servers");
        this.workload = Objects.requireNonNull(builder.workload, "workload");
        this.timeMode = Objects.requireNonNull(builder.timeMode, "timeMode");
        final int dimensions = servers.dimensions();
        if (workload.dimensions() != dimensions) {
            throw new IllegalArgumentException("workload has " + workload.dimensions()
                + " resources but the servers have " + dimensions);
        }
        this.model = builder.model != null ? builder.model : Model.of(servers);
        this.serverClasses = model.serverClasses();
        checkModel(model, servers);
        this.rates = model.rates();
        this.scheduler = builder.scheduler != null ? builder.scheduler : made(builder.factory, model);
        this.schedulerName = nameOf(scheduler);
        this.jobs = new JobTable(dimensions, initialCapacity(builder.initialJobCapacity, workload.announcedJobs(),
            dimensions));
        this.jobView = jobs.readOnly();
        this.serverView = servers.readOnly();
        final List<SimulationListener> all = new ArrayList<>(builder.listeners);
        if (builder.auditEvery > 0) {
            all.add(new InvariantChecker(this, builder.auditEvery));
        }
        this.listeners = all.toArray(new SimulationListener[0]);
        this.seed = builder.seed;
        this.spec = new JobSpec(dimensions);
        this.maximalCapacities = maximalCapacityVectors(servers);
        this.queueUniverse = servers.maxCapacity(0) + 1;
        if (builder.devices != null) {
            if (builder.devices.servers() != servers.count()) {
                throw new IllegalArgumentException("the device table has " + builder.devices.servers()
                    + " servers but the cluster has " + servers.count());
            }
            this.devices = builder.devices;
            devices.bind(jobs);
            this.deviceGroups = deviceGroups(servers, devices);
        } else {
            this.devices = DeviceTable.none(servers.count());
            this.deviceGroups = new int[0][];
        }
        this.deviceView = devices.readOnly();
        this.departures = new DepartureQueue(jobs, timeMode == TimeMode.SLOTTED, servers.count() * 4);
        this.ticks = new TimedEventHeap(16);
        callback = ATTACH;
        try {
            scheduler.attach(kernelContext);
        } catch (final IllegalArgumentException e) {
            // the kernel's way of saying it cannot run this cluster or model: the request's fault, not a crash
            throw e;
        } catch (final RuntimeException | Error e) {
            throw fault(e);
        }
        callback = NO_CALLBACK;
    }

    /** The kernel {@code factory} makes for {@code model}; a factory that throws or returns null is a fault. */
    private static Scheduler made(final SchedulerFactory factory, final Model model) {
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
    private static String nameOf(final Scheduler scheduler) {
        try {
            final String name = scheduler.name();
            return name == null || name.isBlank() ? scheduler.getClass().getName() : name;
        } catch (final RuntimeException e) {
            return scheduler.getClass().getName();
        }
    }

    /**
     * The job table's first size: the builder's when given; otherwise the workload's announced job count
     * (capped at what a table can hold), or {@value #DEFAULT_JOB_CAPACITY} when it announces none.
     */
    private static int initialCapacity(final int given, final long announced, final int dimensions) {
        if (given > 0) {
            return given;
        }
        if (announced > 0) {
            return (int) Math.min(announced, JobTable.maxCapacity(dimensions));
        }
        return DEFAULT_JOB_CAPACITY;
    }

    /** The model must describe this cluster: the same servers in the same classes. */
    private static void checkModel(final Model model, final ServerTable servers) {
        final ServerClasses classes = model.serverClasses();
        if (classes.servers() != servers.count() || classes.dimensions() != servers.dimensions()) {
            throw new IllegalArgumentException("the model describes " + classes.servers() + " servers with "
                + classes.dimensions() + " resources but the cluster has " + servers.count() + " with "
                + servers.dimensions());
        }
        for (int s = 0; s < servers.count(); s++) {
            for (int d = 0; d < servers.dimensions(); d++) {
                if (classes.capacity(classes.classOf(s), d) != servers.capacity(s, d)) {
                    throw new IllegalArgumentException("the model puts server " + s + " in a class of capacity "
                        + classes.capacity(classes.classOf(s), d) + " on resource " + d + " but it has "
                        + servers.capacity(s, d) + " units");
                }
            }
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Processes the next event instant if it is before {@code horizon}.
     *
     * @return false when the next instant is at or after the horizon, or nothing is left to happen
     */
    public boolean step(final double horizon) {
        final double arrivalTime = workload.peekArrivalTime();
        final double t = Math.min(arrivalTime, Math.min(departures.peekTime(), ticks.peekTime()));
        if (!(t < horizon)) {
            return false;
        }
        if (arrivalTime < now) {
            throw new IllegalArgumentException("workload arrival times go backwards: job " + (arrived + 1)
                + " arrives at " + arrivalTime + " after time " + now);
        }
        now = t;
        if (t == instant) {
            if (++decisionsAtInstant > MAX_DECISIONS_PER_INSTANT) {
                throw new SchedulerFault("scheduler " + schedulerName + " made more than " + MAX_DECISIONS_PER_INSTANT
                    + " decisions at time " + t + " without time moving on (each asked for another event at the"
                    + " same instant); stopped there", schedulerName, t, null, null);
            }
        } else {
            instant = t;
            decisionsAtInstant = 1;
            ticksAtInstant = 0;
        }
        PROGRESS.setOpaque(this, progress + 1);
        try {
            while (departures.peekTime() == t) {
                depart(departures.pop());
            }
            while (workload.peekArrivalTime() == t) {
                admit(t);
            }
            callback = TICK;
            while (ticks.peekTime() == t) {
                if (++ticksAtInstant > MAX_TICKS_PER_INSTANT) {
                    throw new SchedulerFault("scheduler " + schedulerName + " asked for more than "
                        + MAX_TICKS_PER_INSTANT + " ticks at time " + t + " (a tick rescheduled at its own instant"
                        + " forever?); stopped there", schedulerName, t, null, null);
                }
                scheduler.onTick(ticks.pop());
            }
            callback = DECIDE;
            scheduler.decide(t);
            callback = NO_CALLBACK;
        } catch (final RuntimeException | Error e) {
            throw fault(e);
        }
        decisions++;
        if (jobs.pendingCount() != 0) {
            throw new SchedulerFault("scheduler " + schedulerName + " left " + jobs.pendingCount()
                + " job(s) neither queued nor running after the decision at " + t, schedulerName, t, null, null);
        }
        for (final SimulationListener listener : listeners) {
            listener.onDecision(t);
        }
        return true;
    }

    /** Kernel callbacks, for {@link #fault}: none under way, or the one the kernel was in. */
    private static final byte NO_CALLBACK = 0;
    private static final byte ATTACH = 1;
    private static final byte ARRIVAL = 2;
    private static final byte DEPARTURE = 3;
    private static final byte TICK = 4;
    private static final byte DECIDE = 5;

    /**
     * {@code e}, thrown while the kernel was in a callback, as a {@link SchedulerFault} that says which and
     * when; a fault as it is; anything thrown outside a callback (the workload's, the listeners') and
     * {@link OutOfMemoryError} as they are.
     */
    private RuntimeException fault(final Throwable e) {
        final byte where = callback;
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
            case ARRIVAL -> "onArrival(job " + callbackJob + ")";
            case DEPARTURE -> "onDeparture(job " + callbackJob + ")";
            case TICK -> "onTick";
            default -> "decide";
        };
        return new SchedulerFault("scheduler " + schedulerName + " failed in " + in + (where == ATTACH ? ""
            : " at time " + now) + ": " + Messages.describe(e), schedulerName, where == ATTACH ? Double.NaN : now,
            null, e);
    }

    /**
     * Instants and arrivals processed so far: a count that only grows while the simulation makes progress,
     * readable from any thread (opaque: it may lag, never tear). A watchdog that sees it stand still for long
     * knows a kernel callback has not returned.
     */
    public long progress() {
        return (long) PROGRESS.getOpaque(this);
    }

    /** Processes every event instant before {@code horizon}, then sets the clock to the horizon. */
    public void runUntil(final double horizon) {
        while (step(horizon)) {
            // each step handles one instant
        }
        if (horizon != Double.POSITIVE_INFINITY && horizon > now) {
            now = horizon;
        }
    }

    /** Runs until no arrival, departure or tick remains (the workload must be finite). */
    public void runToCompletion() {
        runUntil(Double.POSITIVE_INFINITY);
    }

    private void depart(final int job) {
        if (jobs.state(job) == JobTable.CANCELLED) {
            jobs.release(job); // a dummy removed early: its tombstone falls due
            return;
        }
        final int server = jobs.serverOf(job);
        servers.vacate(jobs, job);
        if (devices.bound()) {
            devices.release(job, server);
        }
        if (jobs.isDummy(job)) {
            dummiesCompleted++;
            for (final SimulationListener listener : listeners) {
                listener.onDummyEnd(now, job, server, false);
            }
        } else {
            completed++;
            for (final SimulationListener listener : listeners) {
                listener.onDeparture(now, job, server);
            }
        }
        callback = DEPARTURE;
        callbackJob = job;
        scheduler.onDeparture(job, server);
        callback = NO_CALLBACK;
        jobs.release(job);
    }

    private void admit(final double t) {
        workload.next(spec);
        validate(spec, t);
        final int job = jobs.allocate(spec.arrivalTime, spec.serviceTime, spec.jobClass);
        final int dimensions = spec.size.length;
        for (int d = 0; d < dimensions; d++) {
            jobs.setSize(job, d, spec.size[d]);
        }
        if (spec.predictedServiceTime == spec.predictedServiceTime) { // not NaN
            jobs.setPredictedServiceTime(job, spec.predictedServiceTime);
        }
        if (spec.devices != DeviceDemand.NONE) {
            devices.setDemand(job, spec.devices);
        }
        arrived++;
        PROGRESS.setOpaque(this, progress + 1);
        for (final SimulationListener listener : listeners) {
            listener.onArrival(t, job);
        }
        if (!fitsSomeCapacity(spec.size)) {
            reject(job, RejectReason.LARGER_THAN_EVERY_SERVER);
            return;
        }
        callback = ARRIVAL;
        callbackJob = job;
        if (spec.devices != DeviceDemand.NONE && !devicesOnSomeServer(spec.size, spec.devices)) {
            reject(job, RejectReason.DEVICES_ON_NO_SERVER);
            return;
        }
        scheduler.onArrival(job);
        callback = NO_CALLBACK;
        final byte state = jobs.state(job);
        if (state != JobTable.QUEUED && state != JobTable.RUNNING) {
            throw new SchedulerFault("scheduler " + schedulerName + " neither queued nor placed job " + job
                + " on arrival at " + t, schedulerName, t, null, null);
        }
    }

    private void reject(final int job, final RejectReason reason) {
        rejected[reason.ordinal()]++;
        for (final SimulationListener listener : listeners) {
            listener.onRejected(now, job, reason);
        }
        jobs.release(job);
    }

    private void validate(final JobSpec job, final double expectedTime) {
        final long index = arrived + 1;
        if (job.arrivalTime != expectedTime) {
            throw new IllegalArgumentException("workload job " + index + ": arrivalTime " + job.arrivalTime
                + " differs from its announced time " + expectedTime);
        }
        final double service = job.serviceTime;
        if (!(service > 0) || Double.isInfinite(service)) {
            throw new IllegalArgumentException("workload job " + index + ": serviceTime must be finite and > 0: "
                + service);
        }
        if (timeMode == TimeMode.SLOTTED) {
            if (job.arrivalTime != Math.rint(job.arrivalTime)) {
                throw new IllegalArgumentException("workload job " + index
                    + ": arrivalTime must be a whole slot in slotted mode: " + job.arrivalTime);
            }
            if (service != Math.rint(service)) {
                throw new IllegalArgumentException("workload job " + index
                    + ": serviceTime must be whole slots in slotted mode: " + service);
            }
        }
        if (job.jobClass < 0 || job.jobClass > JobTable.MAX_CLASS) {
            throw new IllegalArgumentException("workload job " + index + ": jobClass must be in [0, "
                + JobTable.MAX_CLASS + "]: " + job.jobClass);
        }
        if (rates != null && job.jobClass >= rates.jobClasses()) {
            throw new IllegalArgumentException("workload job " + index + ": jobClass " + job.jobClass
                + " has no processing rate (the model's rates cover classes 0 to " + (rates.jobClasses() - 1) + ")");
        }
        final double predicted = job.predictedServiceTime;
        if (predicted == predicted && !(predicted >= 0 && predicted < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("workload job " + index
                + ": predictedServiceTime must be finite and >= 0, or NaN for none: " + predicted);
        }
        for (int d = 0; d < job.size.length; d++) {
            if (job.size[d] < 0 || job.size[d] > Units.MAX_UNITS) {
                throw new IllegalArgumentException("workload job " + index + ": size on resource " + d
                    + " must be in [0, " + Units.MAX_UNITS + "] units: " + job.size[d]);
            }
        }
        if (job.devices != DeviceDemand.NONE && !devices.bound()) {
            throw new IllegalArgumentException("workload job " + index + " asks for devices ("
                + DeviceDemand.describe(job.devices) + ") but the cluster has no device table");
        }
    }

    /** Whether some server could ever hold a job of {@code size} and device {@code demand} (when empty). */
    private boolean devicesOnSomeServer(final int[] size, final int demand) {
        final int count = DeviceDemand.count(demand);
        if (DeviceDemand.units(demand) > devices.unitsPerDevice()) {
            return false;
        }
        final int dimensions = size.length;
        for (final int[] group : deviceGroups) {
            if (group[1] < count || !DeviceDemand.allows(demand, group[0])) {
                continue;
            }
            for (int base = 2; base < group.length; base += dimensions) {
                boolean fits = true;
                for (int d = 0; d < dimensions && fits; d++) {
                    fits = size[d] <= group[base + d];
                }
                if (fits) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The servers with devices grouped by (model, device count), each group's maximal capacity vectors. */
    private static int[][] deviceGroups(final ServerTable servers, final DeviceView devices) {
        final int dimensions = servers.dimensions();
        final List<int[]> keys = new ArrayList<>();
        final List<List<int[]>> fronts = new ArrayList<>();
        for (int s = 0; s < servers.count(); s++) {
            if (devices.deviceCount(s) == 0) {
                continue;
            }
            int group = 0;
            while (group < keys.size() && (keys.get(group)[0] != devices.model(s)
                || keys.get(group)[1] != devices.deviceCount(s))) {
                group++;
            }
            if (group == keys.size()) {
                keys.add(new int[] {devices.model(s), devices.deviceCount(s)});
                fronts.add(new ArrayList<>());
            }
            final int[] candidate = new int[dimensions];
            for (int d = 0; d < dimensions; d++) {
                candidate[d] = servers.capacity(s, d);
            }
            addToFront(fronts.get(group), candidate);
        }
        final int[][] groups = new int[keys.size()][];
        for (int g = 0; g < groups.length; g++) {
            final List<int[]> front = fronts.get(g);
            groups[g] = new int[2 + front.size() * dimensions];
            groups[g][0] = keys.get(g)[0];
            groups[g][1] = keys.get(g)[1];
            for (int i = 0; i < front.size(); i++) {
                System.arraycopy(front.get(i), 0, groups[g], 2 + i * dimensions, dimensions);
            }
        }
        return groups;
    }

    private boolean fitsSomeCapacity(final int[] size) {
        final int dimensions = size.length;
        final int[] capacities = maximalCapacities;
        for (int base = 0; base < capacities.length; base += dimensions) {
            boolean fits = true;
            for (int d = 0; d < dimensions && fits; d++) {
                fits = size[d] <= capacities[base + d];
            }
            if (fits) {
                return true;
            }
        }
        return false;
    }

    /** The capacity vectors no other server dominates, packed; a job fits some server iff it fits one of these. */
    private static int[] maximalCapacityVectors(final ServerTable servers) {
        final int dimensions = servers.dimensions();
        final List<int[]> front = new ArrayList<>();
        for (int s = 0; s < servers.count(); s++) {
            final int[] candidate = new int[dimensions];
            for (int d = 0; d < dimensions; d++) {
                candidate[d] = servers.capacity(s, d);
            }
            addToFront(front, candidate);
        }
        final int[] packed = new int[front.size() * dimensions];
        for (int i = 0; i < front.size(); i++) {
            System.arraycopy(front.get(i), 0, packed, i * dimensions, dimensions);
        }
        return packed;
    }

    /** Adds {@code candidate} to a Pareto front of capacity vectors unless one there dominates it. */
    private static void addToFront(final List<int[]> front, final int[] candidate) {
        for (int i = front.size() - 1; i >= 0; i--) {
            final int[] kept = front.get(i);
            if (dominates(kept, candidate)) {
                return;
            }
            if (dominates(candidate, kept)) {
                front.remove(i);
            }
        }
        front.add(candidate);
    }

    private static boolean dominates(final int[] a, final int[] b) {
        for (int d = 0; d < a.length; d++) {
            if (a[d] < b[d]) {
                return false;
            }
        }
        return true;
    }

    // ---- SchedulerContext ----

    /** The read-only view of the jobs that the kernel sees. */
    @Override
    public JobView jobs() {
        return jobView;
    }

    /** The job table itself, for the engine's listeners (metrics, checks). */
    public JobTable jobTable() {
        return jobs;
    }

    /** The read-only view of the servers that the kernel sees. */
    @Override
    public ServerView servers() {
        return serverView;
    }

    /** The server table itself, for the engine's listeners and tests. */
    public ServerTable serverTable() {
        return servers;
    }

    @Override
    public TimeMode timeMode() {
        return timeMode;
    }

    @Override
    public DeviceView devices() {
        return deviceView;
    }

    /** The device table itself, for the engine's listeners (metrics, checks). */
    public DeviceTable deviceTable() {
        return devices;
    }

    @Override
    public double now() {
        return now;
    }

    @Override
    public Model model() {
        return model;
    }

    @Override
    public JobQueue newQueue() {
        return newQueue(JobQueue.Order.ARRIVAL);
    }

    @Override
    public JobQueue newQueue(final JobQueue.Order order) {
        return register(new JobQueue(jobs, queueCount, queueUniverse, queueChanges, order));
    }

    @Override
    public FifoQueue newFifoQueue() {
        return register(new FifoQueue(jobs, queueCount, queueChanges));
    }

    private <Q extends JobQueueView> Q register(final Q queue) {
        if (queueCount == queues.length) {
            queues = Arrays.copyOf(queues, queueCount * 2);
        }
        queues[queueCount++] = queue;
        return queue;
    }

    @Override
    public void place(final int job, final int server) {
        checkHandles(job, server);
        if (devices.demand(job) != DeviceDemand.NONE) {
            throw new SchedulerFault("scheduler " + schedulerName + " placed job " + job + " on server " + server
                + " without devices, but it asks for " + DeviceDemand.describe(devices.demand(job))
                + " (place it with place(job, server, devices); at time " + now + ")", schedulerName, now, null, null);
        }
        start(job, server);
    }

    @Override
    public void place(final int job, final int server, final int deviceMask) {
        checkHandles(job, server);
        final int demand = devices.demand(job);
        if (demand == DeviceDemand.NONE && deviceMask == 0) {
            start(job, server);
            return;
        }
        checkPlaceable(job, server);
        if (!servers.fits(jobs, job, server)) {
            throw overfill(job, server);
        }
        if (!devices.canTake(demand, server, deviceMask)) {
            throw new SchedulerFault("scheduler " + schedulerName + " placed job " + job + " ("
                + DeviceDemand.describe(demand) + ") on devices 0x" + Integer.toHexString(deviceMask) + " of server "
                + server + ", which it cannot take (at time " + now + ")", schedulerName, now, null, null);
        }
        devices.take(job, server, deviceMask);
        start(job, server);
    }

    /** A job handle and a server index that exist, or the kernel's fault. */
    private void checkHandles(final int job, final int server) {
        if (job < 0 || job >= jobs.capacity() || server < 0 || server >= servers.count()) {
            throw new SchedulerFault("scheduler " + schedulerName + " placed job " + job + " on server " + server
                + ", which " + (server < 0 || server >= servers.count() ? "is not one of the " + servers.count()
                + " servers" : "is no job handle") + " (at time " + now + ")", schedulerName, now, null, null);
        }
    }

    /** A job taken out of its queue and not yet placed, or the kernel's fault. */
    private void checkPlaceable(final int job, final int server) {
        if (jobs.state(job) != JobTable.PENDING || jobs.isDummy(job)) {
            throw new SchedulerFault("scheduler " + schedulerName + " placed job " + job + " on server " + server
                + ", but it " + stateWords(job) + " (only a job taken out of its queue may be placed; at time " + now
                + ")", schedulerName, now, null, null);
        }
    }

    /** The placement common to every job: the vector resources, the service time, the departure. */
    private void start(final int job, final int server) {
        checkPlaceable(job, server);
        if (rates != null) {
            jobs.setServiceTime(job, serviceOn(job, server));
        }
        if (!servers.fits(jobs, job, server)) {
            throw overfill(job, server);
        }
        servers.occupy(jobs, job, server);
        departures.push(now, now + jobs.serviceTime(job), sequence++, job);
        started++;
        for (final SimulationListener listener : listeners) {
            listener.onStart(now, job, server);
        }
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

    /** The fault of placing {@code job} where it does not fit, naming the first resource short. */
    private SchedulerFault overfill(final int job, final int server) {
        int resource = 0;
        while (resource < jobs.dimensions() - 1 && jobs.size(job, resource) <= servers.residual(server, resource)) {
            resource++;
        }
        final SchedulerFault.Overfill overfill = new SchedulerFault.Overfill(job, server, resource,
            servers.residual(server, resource), jobs.size(job, resource));
        return new SchedulerFault(SchedulerFault.overfillMessage(schedulerName, overfill, now,
            overfill.free() + " units", overfill.request() + " units"), schedulerName, now, overfill, null);
    }

    /** The service time of {@code job} (its work) on {@code server} under the model's processing rates. */
    private double serviceOn(final int job, final int server) {
        final double service = jobs.serviceTime(job) / rates.rate(serverClasses.classOf(server), jobs.jobClass(job));
        return timeMode == TimeMode.SLOTTED ? Math.max(1, Math.ceil(service)) : service;
    }

    @Override
    public int placeDummy(final int jobClass, final int server, final double serviceTime) {
        final JobClasses classes = model.jobClasses();
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
        final int job = jobs.allocateDummy(serviceTime, jobClass);
        for (int d = 0; d < jobs.dimensions(); d++) {
            jobs.setSize(job, d, classes.exactSize(jobClass, d));
        }
        if (!servers.fits(jobs, job, server)) {
            final String shortfall = servers.shortfall(jobs, job, server);
            jobs.release(job);
            throw new IllegalStateException("a dummy of type " + jobClass + " does not fit on server " + server + ": "
                + shortfall);
        }
        servers.occupy(jobs, job, server);
        departures.push(now, now + serviceTime, sequence++, job);
        dummiesPlaced++;
        for (final SimulationListener listener : listeners) {
            listener.onDummyStart(now, job, server);
        }
        return job;
    }

    @Override
    public void removeDummy(final int job) {
        if (job < 0 || job >= jobs.capacity() || !jobs.isDummy(job) || !jobs.isRunning(job)) {
            throw new IllegalStateException("job " + job + " is not a running dummy"
                + (job < 0 || job >= jobs.capacity() ? " (no job handle)" : " (state " + jobs.state(job) + ")"));
        }
        final int server = jobs.serverOf(job);
        servers.cancel(jobs, job);
        dummiesCancelled++;
        for (final SimulationListener listener : listeners) {
            listener.onDummyEnd(now, job, server, true);
        }
    }

    @Override
    public boolean arrivalsEnded() {
        return workload.peekArrivalTime() == Double.POSITIVE_INFINITY;
    }

    @Override
    public void scheduleTick(final double time, final long tag) {
        if (!(time >= now)) {
            throw new IllegalArgumentException("tick time " + time + " is before now " + now);
        }
        ticks.push(time, sequence++, tag);
    }

    @Override
    public RandomGenerator random(final int stream) {
        if (stream >= streams.length) {
            if (stream < 0 || stream >= Seeds.KERNEL_STREAMS) {
                throw new IllegalArgumentException("kernel random stream must be in [0, " + Seeds.KERNEL_STREAMS
                    + "): " + stream);
            }
            streams = Arrays.copyOf(streams, stream + 1);
        }
        RandomGenerator generator = streams[stream];
        if (generator == null) {
            generator = Seeds.kernel(seed, stream);
            streams[stream] = generator;
        }
        return generator;
    }

    // ---- counters ----

    /**
     * Adds an observer that needs the built simulation (metrics read its jobs and servers). Only before the
     * first event.
     */
    public void addListener(final SimulationListener listener) {
        Objects.requireNonNull(listener, "listener");
        if (decisions != 0 || arrived != 0) {
            throw new IllegalStateException("listeners must be added before the simulation starts");
        }
        listeners = Arrays.copyOf(listeners, listeners.length + 1);
        listeners[listeners.length - 1] = listener;
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    /** Number of queues the scheduler made; queue {@code i} has {@link JobQueueView#id()} {@code i}. */
    public int queueCount() {
        return queueCount;
    }

    /** The queue with id {@code id}, in [0, {@link #queueCount()}). */
    public JobQueueView queue(final int id) {
        return queues[id];
    }

    /** The queues whose length changed since its last drain (per-queue statistics drain it). */
    public QueueChanges queueChanges() {
        return queueChanges;
    }

    public long arrivedCount() {
        return arrived;
    }

    public long startedCount() {
        return started;
    }

    public long completedCount() {
        return completed;
    }

    public long decisionCount() {
        return decisions;
    }

    public long rejectedCount() {
        long total = 0;
        for (final long count : rejected) {
            total += count;
        }
        return total;
    }

    public long rejectedCount(final RejectReason reason) {
        return rejected[reason.ordinal()];
    }

    /** Dummy jobs kernels placed. */
    public long dummiesPlaced() {
        return dummiesPlaced;
    }

    /** Dummy jobs that left at their departure time. */
    public long dummiesCompleted() {
        return dummiesCompleted;
    }

    /** Dummy jobs removed before their departure time. */
    public long dummiesCancelled() {
        return dummiesCancelled;
    }

    /**
     * The context the kernel is handed: the simulation's, forwarded, but not the simulation itself, so a
     * kernel cannot cast it and reach the tables, the listeners or the event loop.
     */
    private final class KernelContext implements SchedulerContext {
        @Override
        public JobView jobs() {
            return jobView;
        }

        @Override
        public ServerView servers() {
            return serverView;
        }

        @Override
        public TimeMode timeMode() {
            return timeMode;
        }

        @Override
        public double now() {
            return now;
        }

        @Override
        public Model model() {
            return model;
        }

        @Override
        public JobQueue newQueue() {
            return Simulation.this.newQueue();
        }

        @Override
        public JobQueue newQueue(final JobQueue.Order order) {
            return Simulation.this.newQueue(order);
        }

        @Override
        public DeviceView devices() {
            return deviceView;
        }

        @Override
        public void place(final int job, final int server, final int deviceMask) {
            Simulation.this.place(job, server, deviceMask);
        }

        @Override
        public FifoQueue newFifoQueue() {
            return Simulation.this.newFifoQueue();
        }

        @Override
        public void place(final int job, final int server) {
            Simulation.this.place(job, server);
        }

        @Override
        public int placeDummy(final int jobClass, final int server, final double serviceTime) {
            return Simulation.this.placeDummy(jobClass, server, serviceTime);
        }

        @Override
        public void removeDummy(final int job) {
            Simulation.this.removeDummy(job);
        }

        @Override
        public boolean arrivalsEnded() {
            return Simulation.this.arrivalsEnded();
        }

        @Override
        public void scheduleTick(final double time, final long tag) {
            Simulation.this.scheduleTick(time, tag);
        }

        @Override
        public RandomGenerator random(final int stream) {
            return Simulation.this.random(stream);
        }

        @Override
        public String toString() {
            return "the context of " + schedulerName;
        }
    }

    /** Builds a {@link Simulation}. Servers, workload and scheduler are required. */
    public static final class Builder {
        private ServerTable servers;
        private Workload workload;
        private Scheduler scheduler;
        private SchedulerFactory factory;
        private Model model;
        private TimeMode timeMode = TimeMode.SLOTTED;
        private DeviceTable devices;
        private long seed = 1;
        private int initialJobCapacity;
        private int auditEvery;
        private final List<SimulationListener> listeners = new ArrayList<>();

        private Builder() {
        }

        public Builder servers(final ServerTable value) {
            this.servers = value;
            return this;
        }

        public Builder workload(final Workload value) {
            this.workload = value;
            return this;
        }

        /**
         * The servers' devices (GPUs), one table per simulation (it is bound to the simulation's jobs): a
         * cluster with devices and a workload whose jobs ask for them ({@link JobSpec#devices}).
         */
        public Builder devices(final DeviceTable value) {
            this.devices = value;
            return this;
        }

        /** A kernel instance (made for this simulation's model; see {@link #scheduler(SchedulerFactory)}). */
        public Builder scheduler(final Scheduler value) {
            this.scheduler = value;
            this.factory = null;
            return this;
        }

        /** A kernel made by {@code value} from the simulation's model when it is built. */
        public Builder scheduler(final SchedulerFactory value) {
            this.factory = value;
            this.scheduler = null;
            return this;
        }

        /** The model kernels see (default: the servers' classes, no job classes, no rates, no plan). */
        public Builder model(final Model value) {
            this.model = value;
            return this;
        }

        public Builder timeMode(final TimeMode value) {
            this.timeMode = value;
            return this;
        }

        /** Seed of the kernel's random streams ({@link SchedulerContext#random(int)}). */
        public Builder seed(final long value) {
            this.seed = value;
            return this;
        }

        /**
         * Live jobs held before the job table first grows; size it for an allocation-free run. Default: the
         * workload's announced job count, else 4096.
         */
        public Builder initialJobCapacity(final int value) {
            if (value < 1) {
                throw new IllegalArgumentException("initial job capacity must be >= 1: " + value);
            }
            this.initialJobCapacity = value;
            return this;
        }

        /** Checks every invariant after every event and audits all servers after every decision. */
        public Builder checkInvariants(final boolean enabled) {
            this.auditEvery = enabled ? 1 : 0;
            return this;
        }

        /** Checks invariants, with the O(L + running) capacity audit only every {@code decisions} decisions. */
        public Builder checkInvariants(final int decisions) {
            if (decisions < 1) {
                throw new IllegalArgumentException("audit period must be >= 1 decision: " + decisions);
            }
            this.auditEvery = decisions;
            return this;
        }

        public Builder listener(final SimulationListener value) {
            listeners.add(Objects.requireNonNull(value, "listener"));
            return this;
        }

        public Simulation build() {
            return new Simulation(this);
        }
    }
}
