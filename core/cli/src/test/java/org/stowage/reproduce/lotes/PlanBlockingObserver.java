package org.stowage.reproduce.lotes;

import java.util.Arrays;

import org.stowage.core.engine.SimulationListener;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * Why queued jobs wait, measured from outside the scheduler (no decision reads it): at every instant each
 * queued job is in one of three states, judged against a LoTES plan's {@code serves(j, k)} (Delta_jk > 0):
 * <ul>
 *   <li>{@link #SERVED}: some machine of a configuration that serves the job's class has room for it (LoTES
 *       never leaves a job in this state: its arrivals take any fitting machine and its departures start
 *       every fitting job of the classes the machine serves; a whole-cluster rule (Tetris) never either);</li>
 *   <li>{@link #PLAN}: only machines of configurations that do not serve its class have room (blocked by the
 *       plan: a whole-cluster rule would start it);</li>
 *   <li>{@link #CAPACITY}: no machine has room (blocked by capacity).</li>
 * </ul>
 * Per class it integrates over time the number of queued jobs in each state (job-time units, so
 * integral / arrivals is that state's share of the class's mean wait), and counts the departures after whose
 * decision a queued job of the class fits the machine just freed (room the plan does not let it take).
 *
 * <p>Exact: the state of a job changes only when a machine's room changes, so every start and departure
 * updates, for each queued job, how many machines of serving and of other configurations it fits (O(Q D)
 * per start or departure, Q the queue); a job that stays queued after its arrival's decision is counted
 * against every machine once (O(L D)). It keeps its own copy of the machines' room, updated from the
 * callbacks, which {@link #checkRoom} compares with the simulation's. Allocates only when the queue or the
 * job table outgrows its arrays (doubling). A measuring tool for docs/LOTES.md, not a hot path.
 */
final class PlanBlockingObserver implements SimulationListener {
    static final int SERVED = 0;
    static final int PLAN = 1;
    static final int CAPACITY = 2;
    private static final int STATES = 3;

    private final JobView jobs;
    private final int dimensions;
    private final int servers;
    private final int classes;
    private final int[] configurationOf;
    /** serves(configuration of s, k) at {@code [s * classes + k]}. */
    private final boolean[] serving;
    private final int[] room;
    private final int[] roomBefore;

    /** Per job handle: machines of serving / other configurations it fits; its place in {@link #queued} or -1. */
    private int[] fitsServing = new int[1024];
    private int[] fitsOther = new int[1024];
    private int[] queuePosition = filled(1024);
    private int[] queued = new int[1024];
    private int queuedSize;
    private int[] pending = new int[64];
    private int pendingSize;
    private int[] departedServers = new int[64];
    private int departedSize;

    private final long[] arrivals;
    private final long[] inState;
    private final double[] integral;
    private final long[] departuresLeavingRoom;
    private final boolean[] classSeen;
    private long departures;
    private long departuresLeavingRoomAny;
    private double lastTime;

    PlanBlockingObserver(final JobView jobs, final ServerView servers, final LotesPlan plan) {
        this.jobs = jobs;
        this.dimensions = servers.dimensions();
        this.servers = servers.count();
        if (plan.serverCount() != this.servers) {
            throw new IllegalArgumentException("plan for " + plan.serverCount() + " machines, cluster of " + this.servers);
        }
        this.classes = plan.classCount();
        this.configurationOf = new int[this.servers];
        this.serving = new boolean[this.servers * classes];
        this.room = new int[this.servers * dimensions];
        this.roomBefore = new int[dimensions];
        for (int s = 0; s < this.servers; s++) {
            configurationOf[s] = plan.configurationOf(s);
            for (int k = 0; k < classes; k++) {
                serving[s * classes + k] = plan.serves(configurationOf[s], k);
            }
            for (int d = 0; d < dimensions; d++) {
                room[s * dimensions + d] = servers.residual(s, d);
            }
        }
        this.arrivals = new long[classes];
        this.inState = new long[classes * STATES];
        this.integral = new double[classes * STATES];
        this.departuresLeavingRoom = new long[classes];
        this.classSeen = new boolean[classes];
    }

    private static int[] filled(final int length) {
        final int[] array = new int[length];
        Arrays.fill(array, -1);
        return array;
    }

    private void advance(final double time) {
        if (time > lastTime) {
            final double span = time - lastTime;
            for (int i = 0; i < inState.length; i++) {
                integral[i] += inState[i] * span;
            }
            lastTime = time;
        }
    }

    private void ensureHandle(final int job) {
        if (job >= queuePosition.length) {
            final int length = Math.max(job + 1, 2 * queuePosition.length);
            fitsServing = Arrays.copyOf(fitsServing, length);
            fitsOther = Arrays.copyOf(fitsOther, length);
            final int old = queuePosition.length;
            queuePosition = Arrays.copyOf(queuePosition, length);
            Arrays.fill(queuePosition, old, length, -1);
        }
    }

    private static int stateOf(final int served, final int other) {
        return served > 0 ? SERVED : other > 0 ? PLAN : CAPACITY;
    }

    private boolean fitsRoom(final int job, final int[] roomOf, final int base) {
        for (int d = 0; d < dimensions; d++) {
            if (jobs.size(job, d) > roomOf[base + d]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void onArrival(final double time, final int job) {
        advance(time);
        arrivals[jobs.jobClass(job)]++;
        if (pendingSize == pending.length) {
            pending = Arrays.copyOf(pending, 2 * pendingSize);
        }
        pending[pendingSize++] = job;
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        advance(time);
        ensureHandle(job);
        if (queuePosition[job] >= 0) {
            dequeue(job);
        }
        changeRoom(job, server, -1);
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        advance(time);
        changeRoom(job, server, 1);
        departures++;
        if (departedSize == departedServers.length) {
            departedServers = Arrays.copyOf(departedServers, 2 * departedSize);
        }
        departedServers[departedSize++] = server;
    }

    @Override
    public void onDummyStart(final double time, final int job, final int server) {
        advance(time);
        changeRoom(job, server, -1);
    }

    @Override
    public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
        advance(time);
        changeRoom(job, server, 1);
    }

    @Override
    public void onDecision(final double time) {
        advance(time);
        for (int i = 0; i < pendingSize; i++) {
            final int job = pending[i];
            ensureHandle(job);
            if (jobs.isQueued(job) && queuePosition[job] < 0) {
                enqueue(job);
            }
        }
        pendingSize = 0;
        for (int i = 0; i < departedSize; i++) {
            final int base = departedServers[i] * dimensions;
            Arrays.fill(classSeen, false);
            boolean any = false;
            for (int q = 0; q < queuedSize; q++) {
                final int job = queued[q];
                final int k = jobs.jobClass(job);
                if (!classSeen[k] && fitsRoom(job, room, base)) {
                    classSeen[k] = true;
                    departuresLeavingRoom[k]++;
                    any = true;
                }
            }
            departuresLeavingRoomAny += any ? 1 : 0;
        }
        departedSize = 0;
    }

    private void enqueue(final int job) {
        final int k = jobs.jobClass(job);
        int served = 0;
        int other = 0;
        for (int s = 0; s < servers; s++) {
            if (fitsRoom(job, room, s * dimensions)) {
                if (serving[s * classes + k]) {
                    served++;
                } else {
                    other++;
                }
            }
        }
        fitsServing[job] = served;
        fitsOther[job] = other;
        if (queuedSize == queued.length) {
            queued = Arrays.copyOf(queued, 2 * queuedSize);
        }
        queuePosition[job] = queuedSize;
        queued[queuedSize++] = job;
        inState[k * STATES + stateOf(served, other)]++;
    }

    private void dequeue(final int job) {
        final int k = jobs.jobClass(job);
        inState[k * STATES + stateOf(fitsServing[job], fitsOther[job])]--;
        final int position = queuePosition[job];
        final int last = queued[--queuedSize];
        queued[position] = last;
        queuePosition[last] = position;
        queuePosition[job] = -1;
    }

    /** Adds {@code sign} x the job's size to {@code server}'s room and moves the queued jobs it changes. */
    private void changeRoom(final int job, final int server, final int sign) {
        final int base = server * dimensions;
        for (int d = 0; d < dimensions; d++) {
            roomBefore[d] = room[base + d];
            room[base + d] += sign * jobs.size(job, d);
        }
        for (int q = 0; q < queuedSize; q++) {
            final int waiting = queued[q];
            final boolean before = fitsRoom(waiting, roomBefore, 0);
            final boolean after = fitsRoom(waiting, room, base);
            if (before != after) {
                final int k = jobs.jobClass(waiting);
                inState[k * STATES + stateOf(fitsServing[waiting], fitsOther[waiting])]--;
                final int change = after ? 1 : -1;
                if (serving[server * classes + k]) {
                    fitsServing[waiting] += change;
                } else {
                    fitsOther[waiting] += change;
                }
                inState[k * STATES + stateOf(fitsServing[waiting], fitsOther[waiting])]++;
            }
        }
    }

    /** Brings the integrals to {@code time} (the run's end). */
    void finish(final double time) {
        advance(time);
    }

    /** Throws if this observer's copy of the machines' room differs from {@code servers}'. */
    void checkRoom(final ServerView servers) {
        for (int s = 0; s < this.servers; s++) {
            for (int d = 0; d < dimensions; d++) {
                if (room[s * dimensions + d] != servers.residual(s, d)) {
                    throw new IllegalStateException("machine " + s + " resource " + d + ": observer's room "
                        + room[s * dimensions + d] + ", simulation's " + servers.residual(s, d));
                }
            }
        }
    }

    int classCount() {
        return classes;
    }

    long arrivals(final int k) {
        return arrivals[k];
    }

    /** Queued job-time of class {@code k} in {@code state} ({@link #SERVED}, {@link #PLAN}, {@link #CAPACITY}). */
    double jobTime(final int k, final int state) {
        return integral[k * STATES + state];
    }

    /** Queued jobs of class {@code k} in {@code state} now. */
    long queuedIn(final int k, final int state) {
        return inState[k * STATES + state];
    }

    long departures() {
        return departures;
    }

    /** Departures after whose decision some queued job fits the machine just freed. */
    long departuresLeavingRoom() {
        return departuresLeavingRoomAny;
    }

    /** Departures after whose decision some queued job of class {@code k} fits the machine just freed. */
    long departuresLeavingRoom(final int k) {
        return departuresLeavingRoom[k];
    }
}
