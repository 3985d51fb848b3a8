package org.stowage.core.engine;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

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
    private final KernelContext kernelContext;
    /** The rules the kernel must keep, and its faults, by name (read once: a kernel's name() is its own code). */
    private final KernelFence fence;
    /** The servers' devices; a table without devices (never bound) when the builder gave none. */
    private final DeviceTable devices;
    /** What some server could ever hold: arrivals that no server could are rejected. */
    private final Admission admission;
    private final InputChecks inputChecks;
    private final TimeMode timeMode;
    private final Workload workload;
    private final Scheduler scheduler;
    private final Model model;
    /** Null when service times do not depend on the server. */
    private final ProcessingRates rates;
    private final ServerClasses serverClasses;
    private final Listeners listeners;
    private final KernelStreams streams;
    private final JobSpec spec;
    private final DepartureQueue departures;
    private final TimedEventHeap ticks;
    private final KernelQueues queues;

    private long sequence;
    private double now;
    /** Instants and arrivals processed, written opaquely for a watchdog on another thread. */
    private long progress;
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
        InputChecks.checkWorkload(workload, servers);
        this.model = builder.model != null ? builder.model : Model.of(servers);
        this.serverClasses = model.serverClasses();
        InputChecks.checkModel(model, servers);
        this.rates = model.rates();
        this.scheduler = builder.scheduler != null ? builder.scheduler : KernelFence.made(builder.factory, model);
        final String schedulerName = KernelFence.nameOf(scheduler);
        this.kernelContext = new KernelContext(this, schedulerName);
        this.jobs = new JobTable(dimensions, initialCapacity(builder.initialJobCapacity, workload.announcedJobs(),
            dimensions));
        this.jobView = jobs.readOnly();
        this.serverView = servers.readOnly();
        this.listeners = new Listeners(builder.listeners);
        if (builder.auditEvery > 0) {
            listeners.add(new InvariantChecker(this, builder.auditEvery));
        }
        this.streams = new KernelStreams(builder.seed);
        this.spec = new JobSpec(dimensions);
        this.queues = new KernelQueues(jobs, servers.maxCapacity(0) + 1);
        if (builder.devices != null) {
            InputChecks.checkDevices(builder.devices, servers);
            this.devices = builder.devices;
            devices.bind(jobs);
        } else {
            this.devices = DeviceTable.none(servers.count());
        }
        this.deviceView = devices.readOnly();
        this.admission = new Admission(servers, devices);
        this.inputChecks = new InputChecks(timeMode, rates, devices);
        this.fence = new KernelFence(schedulerName, jobs, servers, timeMode);
        this.departures = new DepartureQueue(jobs, timeMode == TimeMode.SLOTTED, servers.count() * 4);
        this.ticks = new TimedEventHeap(16);
        fence.attach(scheduler, kernelContext);
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
            throw InputChecks.backwards(arrived + 1, arrivalTime, now);
        }
        now = t;
        fence.decisionAt(t);
        PROGRESS.setOpaque(this, progress + 1);
        try {
            while (departures.peekTime() == t) {
                depart(departures.pop());
            }
            while (workload.peekArrivalTime() == t) {
                admit(t);
            }
            fence.enter(KernelFence.TICK);
            while (ticks.peekTime() == t) {
                fence.tickAt(t);
                scheduler.onTick(ticks.pop());
            }
            fence.enter(KernelFence.DECIDE);
            scheduler.decide(t);
            fence.leave();
        } catch (final RuntimeException | Error e) {
            throw fence.fault(e, now);
        }
        decisions++;
        fence.checkNonePending(t);
        listeners.onDecision(t);
        return true;
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
            listeners.onDummyEnd(now, job, server, false);
        } else {
            completed++;
            listeners.onDeparture(now, job, server);
        }
        fence.enter(KernelFence.DEPARTURE, job);
        scheduler.onDeparture(job, server);
        fence.leave();
        jobs.release(job);
    }

    private void admit(final double t) {
        workload.next(spec);
        inputChecks.check(spec, arrived + 1, t);
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
        listeners.onArrival(t, job);
        if (!admission.fitsSomeServer(spec.size)) {
            reject(job, RejectReason.LARGER_THAN_EVERY_SERVER);
            return;
        }
        if (spec.devices != DeviceDemand.NONE && !admission.devicesOnSomeServer(spec.size, spec.devices)) {
            reject(job, RejectReason.DEVICES_ON_NO_SERVER);
            return;
        }
        fence.enter(KernelFence.ARRIVAL, job);
        scheduler.onArrival(job);
        fence.leave();
        fence.checkQueuedOrPlaced(job, t);
    }

    private void reject(final int job, final RejectReason reason) {
        rejected[reason.ordinal()]++;
        listeners.onRejected(now, job, reason);
        jobs.release(job);
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
        return queues.newQueue(order);
    }

    @Override
    public FifoQueue newFifoQueue() {
        return queues.newFifoQueue();
    }

    @Override
    public void place(final int job, final int server) {
        fence.checkHandles(job, server, now);
        if (devices.demand(job) != DeviceDemand.NONE) {
            throw fence.placedWithoutDevices(job, server, devices.demand(job), now);
        }
        start(job, server);
    }

    @Override
    public void place(final int job, final int server, final int deviceMask) {
        fence.checkHandles(job, server, now);
        final int demand = devices.demand(job);
        if (demand == DeviceDemand.NONE && deviceMask == 0) {
            start(job, server);
            return;
        }
        fence.checkPlaceable(job, server, now);
        if (!servers.fits(jobs, job, server)) {
            throw fence.overfill(job, server, now);
        }
        if (!devices.canTake(demand, server, deviceMask)) {
            throw fence.devicesRefused(job, demand, deviceMask, server, now);
        }
        devices.take(job, server, deviceMask);
        start(job, server);
    }

    /** The placement common to every job: the vector resources, the service time, the departure. */
    private void start(final int job, final int server) {
        fence.checkPlaceable(job, server, now);
        if (rates != null) {
            jobs.setServiceTime(job, serviceOn(job, server));
        }
        if (!servers.fits(jobs, job, server)) {
            throw fence.overfill(job, server, now);
        }
        servers.occupy(jobs, job, server);
        departures.push(now, now + jobs.serviceTime(job), sequence++, job);
        started++;
        listeners.onStart(now, job, server);
    }

    /** The service time of {@code job} (its work) on {@code server} under the model's processing rates. */
    private double serviceOn(final int job, final int server) {
        final double service = jobs.serviceTime(job) / rates.rate(serverClasses.classOf(server), jobs.jobClass(job));
        return timeMode == TimeMode.SLOTTED ? Math.max(1, Math.ceil(service)) : service;
    }

    @Override
    public int placeDummy(final int jobClass, final int server, final double serviceTime) {
        final JobClasses classes = model.jobClasses();
        fence.checkDummy(classes, jobClass, server, serviceTime);
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
        listeners.onDummyStart(now, job, server);
        return job;
    }

    @Override
    public void removeDummy(final int job) {
        fence.checkRunningDummy(job);
        final int server = jobs.serverOf(job);
        servers.cancel(jobs, job);
        dummiesCancelled++;
        listeners.onDummyEnd(now, job, server, true);
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
        return streams.random(stream);
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
        listeners.add(listener);
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    /** Number of queues the scheduler made; queue {@code i} has {@link JobQueueView#id()} {@code i}. */
    public int queueCount() {
        return queues.count();
    }

    /** The queue with id {@code id}, in [0, {@link #queueCount()}). */
    public JobQueueView queue(final int id) {
        return queues.queue(id);
    }

    /** The queues whose length changed since its last drain (per-queue statistics drain it). */
    public QueueChanges queueChanges() {
        return queues.changes();
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

        /**
         * Checks every invariant after every event, and audits after every decision the servers its events
         * touched, every server at every 64th ({@link InvariantChecker}).
         */
        public Builder checkInvariants(final boolean enabled) {
            this.auditEvery = enabled ? 1 : 0;
            return this;
        }

        /** Checks invariants, with the capacity audit ({@link InvariantChecker}) only every {@code decisions} decisions. */
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
