package org.stowage.core.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

import org.stowage.core.Units;
import org.stowage.core.state.JobQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

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
 * Ties are thus broken by (time, kind, sequence number). In slotted mode this is the 2019 paper's slot:
 * resources freed at the end of slot t - 1 are available to the decision of slot t, which sees the jobs
 * arriving at the start of slot t. A kernel whose decisions do not depend on time alone (all kernels that
 * change nothing when nothing happened) behaves exactly as if it were called every slot.
 *
 * <h2>Bookkeeping and allocation</h2>
 * Departures live in a {@link DepartureQueue} (a timing wheel in slotted time, a heap otherwise), ticks in
 * a primitive heap, jobs in the {@link JobTable}. After warm-up (job table,
 * heaps and kernel buffers at their high-water marks) an event allocates nothing. Counters keep
 * conservation checkable at any decision: {@code arrived = queued + running + completed + rejected}.
 *
 * <p>Not thread-safe; no global state, so any number of simulations may run side by side.
 */
public final class Simulation implements SchedulerContext {
    private final JobTable jobs;
    private final ServerTable servers;
    private final TimeMode timeMode;
    private final Workload workload;
    private final Scheduler scheduler;
    private SimulationListener[] listeners;
    private final RandomGenerator random;
    private final JobSpec spec;
    private final int[] maximalCapacities;
    private final DepartureQueue departures;
    private final TimedEventHeap ticks;
    private final InvariantChecker invariantChecker;
    /** Key-resource sizes a queue must hold: every size that fits some server on resource 0. */
    private final int queueUniverse;

    private long sequence;
    private double now;
    private JobQueue[] queues = new JobQueue[0];
    private long arrived;
    private long started;
    private long completed;
    private long decisions;
    private final long[] rejected = new long[RejectReason.values().length];

    private Simulation(final Builder builder) {
        this.servers = Objects.requireNonNull(builder.servers, "servers");
        this.workload = Objects.requireNonNull(builder.workload, "workload");
        this.scheduler = Objects.requireNonNull(builder.scheduler, "scheduler");
        this.timeMode = Objects.requireNonNull(builder.timeMode, "timeMode");
        final int dimensions = servers.dimensions();
        if (workload.dimensions() != dimensions) {
            throw new IllegalArgumentException("workload has " + workload.dimensions()
                + " resources but the servers have " + dimensions);
        }
        this.jobs = new JobTable(dimensions, builder.initialJobCapacity);
        final List<SimulationListener> all = new ArrayList<>(builder.listeners);
        if (builder.auditEvery > 0) {
            this.invariantChecker = new InvariantChecker(this, builder.auditEvery);
            all.add(invariantChecker);
        } else {
            this.invariantChecker = null;
        }
        this.listeners = all.toArray(new SimulationListener[0]);
        this.random = Seeds.generator(builder.seed, Seeds.ALGORITHM);
        this.spec = new JobSpec(dimensions);
        this.maximalCapacities = maximalCapacityVectors(servers);
        int largest = 0;
        for (int s = 0; s < servers.count(); s++) {
            largest = Math.max(largest, servers.capacity(s, 0));
        }
        this.queueUniverse = largest + 1;
        this.departures = new DepartureQueue(jobs, timeMode == TimeMode.SLOTTED, servers.count() * 4);
        this.ticks = new TimedEventHeap(16);
        this.now = builder.startTime;
        scheduler.attach(this);
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
        while (departures.peekTime() == t) {
            depart(departures.pop());
        }
        while (workload.peekArrivalTime() == t) {
            admit(t);
        }
        while (ticks.peekTime() == t) {
            scheduler.onTick(ticks.pop());
        }
        scheduler.decide(t);
        decisions++;
        if (jobs.pendingCount() != 0) {
            throw new IllegalStateException("scheduler " + scheduler.name() + " left " + jobs.pendingCount()
                + " job(s) neither queued nor running after the decision at " + t);
        }
        for (final SimulationListener listener : listeners) {
            listener.onDecision(t);
        }
        return true;
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
        final int server = jobs.serverOf(job);
        servers.vacate(jobs, job);
        completed++;
        for (final SimulationListener listener : listeners) {
            listener.onDeparture(now, job, server);
        }
        scheduler.onDeparture(job, server);
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
        arrived++;
        for (final SimulationListener listener : listeners) {
            listener.onArrival(t, job);
        }
        if (!fitsSomeCapacity(spec.size)) {
            reject(job, RejectReason.LARGER_THAN_EVERY_SERVER);
            return;
        }
        scheduler.onArrival(job);
        final byte state = jobs.state(job);
        if (state != JobTable.QUEUED && state != JobTable.RUNNING) {
            throw new IllegalStateException("scheduler " + scheduler.name() + " neither queued nor placed job "
                + job + " on arrival at " + t);
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
        for (int d = 0; d < job.size.length; d++) {
            if (job.size[d] < 0 || job.size[d] > Units.MAX_UNITS) {
                throw new IllegalArgumentException("workload job " + index + ": size on resource " + d
                    + " must be in [0, " + Units.MAX_UNITS + "] units: " + job.size[d]);
            }
        }
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
            boolean dominated = false;
            for (int i = front.size() - 1; i >= 0 && !dominated; i--) {
                final int[] kept = front.get(i);
                if (dominates(kept, candidate)) {
                    dominated = true;
                } else if (dominates(candidate, kept)) {
                    front.remove(i);
                }
            }
            if (!dominated) {
                front.add(candidate);
            }
        }
        final int[] packed = new int[front.size() * dimensions];
        for (int i = 0; i < front.size(); i++) {
            System.arraycopy(front.get(i), 0, packed, i * dimensions, dimensions);
        }
        return packed;
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

    @Override
    public JobTable jobs() {
        return jobs;
    }

    @Override
    public ServerTable servers() {
        return servers;
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
    public JobQueue newQueue() {
        final JobQueue queue = new JobQueue(jobs, queues.length, queueUniverse);
        queues = Arrays.copyOf(queues, queues.length + 1);
        queues[queue.id()] = queue;
        return queue;
    }

    @Override
    public void place(final int job, final int server) {
        if (jobs.state(job) != JobTable.PENDING) {
            throw new IllegalStateException("job " + job + " must be removed from its queue before placement"
                + " (state " + jobs.state(job) + ")");
        }
        servers.occupy(jobs, job, server);
        departures.push(now, now + jobs.serviceTime(job), sequence++, job);
        started++;
        for (final SimulationListener listener : listeners) {
            listener.onStart(now, job, server);
        }
    }

    @Override
    public void scheduleTick(final double time, final long tag) {
        if (!(time >= now)) {
            throw new IllegalArgumentException("tick time " + time + " is before now " + now);
        }
        ticks.push(time, sequence++, tag);
    }

    @Override
    public RandomGenerator random() {
        return random;
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

    /** The invariant checker, or null when invariants are not checked. */
    public InvariantChecker invariantChecker() {
        return invariantChecker;
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    /** Number of queues the scheduler made; queue {@code i} has {@link JobQueue#id()} {@code i}. */
    public int queueCount() {
        return queues.length;
    }

    /** The queue with id {@code id}, in [0, {@link #queueCount()}). */
    public JobQueue queue(final int id) {
        return queues[id];
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

    /** Builds a {@link Simulation}. Servers, workload and scheduler are required. */
    public static final class Builder {
        private ServerTable servers;
        private Workload workload;
        private Scheduler scheduler;
        private TimeMode timeMode = TimeMode.SLOTTED;
        private long seed = 1;
        private int initialJobCapacity = 1 << 12;
        private double startTime;
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

        public Builder scheduler(final Scheduler value) {
            this.scheduler = value;
            return this;
        }

        public Builder timeMode(final TimeMode value) {
            this.timeMode = value;
            return this;
        }

        /** Seed of the algorithm-coin stream handed to the scheduler. */
        public Builder seed(final long value) {
            this.seed = value;
            return this;
        }

        /** Live jobs held before the job table first grows; size it for an allocation-free run. */
        public Builder initialJobCapacity(final int value) {
            this.initialJobCapacity = value;
            return this;
        }

        /** Simulated time before the first event (default 0). */
        public Builder startTime(final double value) {
            this.startTime = value;
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
