package org.stowage.core.engine;

import java.util.Arrays;

import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerView;

/**
 * Checks the simulator's invariants as the run goes, and fails fast with the time, job and server.
 * Enabled with {@link Simulation.Builder#checkInvariants(boolean)}; every test runs with it.
 *
 * <ul>
 *   <li>Capacity: no server's residual is ever negative; at every audit, each server's residual plus the
 *       sizes of the jobs on it (dummy jobs included) equals its capacity, per resource; with devices, each
 *       device's residual plus the units of the jobs holding it equals the device's capacity, and a job
 *       holds exactly the devices it asked for.</li>
 *   <li>Conservation, after every decision: arrived = queued + running + completed + rejected over real
 *       jobs (dummies are not arrivals), and no job is left pending; running dummies = placed - completed -
 *       cancelled.</li>
 *   <li>No preemption: a job departs from the server it started on, exactly its service time after it
 *       started; a dummy leaves at its time or when its kernel removes it.</li>
 *   <li>Each job is placed at most once (per arrival; handles are recycled only after departure).</li>
 * </ul>
 * The audit runs every {@code auditEvery} decisions. It walks the job lists of the servers that a start, a
 * departure or a dummy touched since the last audit, O(touched servers + their jobs), and every
 * {@value #FULL_AUDIT_EVERY}th audit walks every server, O(L + running jobs). Only the engine changes a
 * server's residual and job list, and every change it makes is one of those events on that server, so a
 * server no event touched is as the last audit found it; the full audits are there for a bug that writes
 * to another server than its event names. The other checks are O(D) per event. This class allocates when
 * its per-job arrays grow; it is a test and diagnosis tool, not a hot path.
 */
public final class InvariantChecker implements SimulationListener {
    /** Every this many audits walks every server (see the class comment). */
    static final int FULL_AUDIT_EVERY = 64;
    private final Simulation simulation;
    private final int auditEvery;
    /** The servers touched since the last audit, as a stack with a mark per server; sized on first use. */
    private int[] touched = new int[0];
    private boolean[] isTouched = new boolean[0];
    private int touchedCount;
    /** Scratch of one server's audit: the sizes of its jobs per resource, and the units taken per device. */
    private long[] used = new long[0];
    private int[] deviceUsed = new int[0];
    /** Each server's job-list length when last audited, and their sum. */
    private int[] listed = new int[0];
    private long listedTotal;
    private long auditsDone;
    private boolean[] started = new boolean[1024];
    private double[] startTime = new double[1024];
    private int[] startServer = new int[1024];
    private long decisionsSeen;
    private double lastTime = Double.NEGATIVE_INFINITY;

    InvariantChecker(final Simulation simulation, final int auditEvery) {
        if (auditEvery < 1) {
            throw new IllegalArgumentException("audit period must be >= 1 decision: " + auditEvery);
        }
        this.simulation = simulation;
        this.auditEvery = auditEvery;
    }

    @Override
    public void onArrival(final double time, final int job) {
        ensure(job);
        started[job] = false;
        checkTime(time);
    }

    @Override
    public void onDummyStart(final double time, final int job, final int server) {
        ensure(job);
        started[job] = false;
        checkTime(time);
        onStart(time, job, server);
    }

    @Override
    public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
        if (cancelled) {
            touch(server);
            if (!started[job] || server != startServer[job]) {
                fail(time, "dummy " + job + " removed from server " + server + " where it was not running");
            }
            checkTime(time);
            started[job] = false;
        } else {
            onDeparture(time, job, server);
        }
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        touch(server);
        if (started[job]) {
            fail(time, "job " + job + " placed a second time, on server " + server);
        }
        started[job] = true;
        startTime[job] = time;
        startServer[job] = server;
        final ServerView servers = simulation.servers();
        for (int d = 0; d < servers.dimensions(); d++) {
            if (servers.residual(server, d) < 0) {
                fail(time, "server " + server + " over capacity on resource " + d + " after job " + job);
            }
        }
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        touch(server);
        if (!started[job]) {
            fail(time, "job " + job + " departed without having started");
        }
        if (server != startServer[job]) {
            fail(time, "job " + job + " departed from server " + server + " but started on " + startServer[job]);
        }
        final double due = startTime[job] + simulation.jobTable().serviceTime(job);
        if (time != due) {
            fail(time, "job " + job + " departed at " + time + " instead of " + due + " (preempted or delayed)");
        }
        checkTime(time);
        started[job] = false;
    }

    @Override
    public void onDecision(final double time) {
        final JobTable jobs = simulation.jobTable();
        if (jobs.pendingCount() != 0) {
            fail(time, jobs.pendingCount() + " job(s) pending after the decision");
        }
        final long accounted = jobs.queuedCount() + jobs.runningCount() + simulation.completedCount()
            + simulation.rejectedCount();
        if (simulation.arrivedCount() != accounted) {
            fail(time, "conservation broken: arrived " + simulation.arrivedCount() + " != queued "
                + jobs.queuedCount() + " + running " + jobs.runningCount() + " + completed "
                + simulation.completedCount() + " + rejected " + simulation.rejectedCount());
        }
        if (jobs.runningCount() != simulation.startedCount() - simulation.completedCount()) {
            fail(time, "running " + jobs.runningCount() + " != started " + simulation.startedCount()
                + " - completed " + simulation.completedCount());
        }
        final long dummies = simulation.dummiesPlaced() - simulation.dummiesCompleted() - simulation.dummiesCancelled();
        if (jobs.dummyCount() != dummies) {
            fail(time, "running dummies " + jobs.dummyCount() + " != placed " + simulation.dummiesPlaced()
                + " - completed " + simulation.dummiesCompleted() + " - cancelled " + simulation.dummiesCancelled());
        }
        if (++decisionsSeen % auditEvery == 0) {
            auditServers(time, auditsDone++ % FULL_AUDIT_EVERY == 0);
        }
    }

    /** Full capacity audit of every server. */
    public void audit(final double time) {
        auditServers(time, true);
    }

    /**
     * Audits every server ({@code all}) or those touched since the last audit, then checks that the servers'
     * job lists hold every running job and dummy.
     */
    private void auditServers(final double time, final boolean all) {
        ensureServers();
        final int count = all ? listed.length : touchedCount;
        for (int i = 0; i < count; i++) {
            auditServer(time, all ? i : touched[i]);
        }
        clearTouched();
        final JobTable jobs = simulation.jobTable();
        if (listedTotal != jobs.runningCount() + jobs.dummyCount()) {
            fail(time, "servers hold " + listedTotal + " jobs but " + jobs.runningCount() + " are running and "
                + jobs.dummyCount() + " dummies");
        }
    }

    private void auditServer(final double time, final int server) {
        final JobTable jobs = simulation.jobTable();
        final ServerView servers = simulation.servers();
        final int dimensions = servers.dimensions();
        final DeviceTable devices = simulation.deviceTable();
        Arrays.fill(used, 0);
        int onServer = 0;
        for (int job = servers.firstJob(server); job != JobTable.NONE; job = servers.nextJobOnServer(jobs, job)) {
            if (!jobs.isRunning(job) || jobs.serverOf(job) != server) {
                fail(time, "server " + server + " lists job " + job + " that is not running there");
            }
            for (int d = 0; d < dimensions; d++) {
                used[d] += jobs.size(job, d);
            }
            final int demand = devices.demand(job);
            final int taken = devices.taken(job);
            if (Integer.bitCount(taken) != DeviceDemand.count(demand)) {
                fail(time, "job " + job + " on server " + server + " asks for " + DeviceDemand.describe(demand)
                    + " but holds devices 0x" + Integer.toHexString(taken));
            }
            for (int m = taken; m != 0; m &= m - 1) {
                deviceUsed[Integer.numberOfTrailingZeros(m)] += DeviceDemand.units(demand);
            }
            onServer++;
        }
        auditDevices(time, devices, server, deviceUsed);
        if (onServer != servers.jobCount(server)) {
            fail(time, "server " + server + " counts " + servers.jobCount(server) + " jobs but lists " + onServer);
        }
        for (int d = 0; d < dimensions; d++) {
            if (servers.residual(server, d) < 0 || used[d] + servers.residual(server, d) != servers.capacity(server, d)) {
                fail(time, "server " + server + " resource " + d + ": used " + used[d] + " + residual "
                    + servers.residual(server, d) + " != capacity " + servers.capacity(server, d));
            }
        }
        listedTotal += onServer - listed[server];
        listed[server] = onServer;
    }

    private void touch(final int server) {
        ensureServers();
        if (!isTouched[server]) {
            isTouched[server] = true;
            touched[touchedCount++] = server;
        }
    }

    private void clearTouched() {
        for (int i = 0; i < touchedCount; i++) {
            isTouched[touched[i]] = false;
        }
        touchedCount = 0;
    }

    private void ensureServers() {
        if (listed.length == 0) {
            final int count = simulation.servers().count();
            touched = new int[count];
            isTouched = new boolean[count];
            listed = new int[count];
            used = new long[simulation.servers().dimensions()];
            deviceUsed = new int[DeviceTable.MAX_DEVICES_PER_SERVER];
        }
    }

    private static void auditDevices(final double time, final DeviceTable devices, final int server,
                                     final int[] used) {
        int free = 0;
        int total = 0;
        for (int device = 0; device < devices.deviceCount(server); device++) {
            final int residual = devices.residual(server, device);
            if (residual < 0 || residual + used[device] != devices.unitsPerDevice()) {
                fail(time, "server " + server + " device " + device + ": used " + used[device] + " + residual "
                    + residual + " != capacity " + devices.unitsPerDevice());
            }
            free += residual == devices.unitsPerDevice() ? 1 : 0;
            total += residual;
        }
        if (free != devices.freeDevices(server) || total != devices.totalResidual(server)) {
            fail(time, "server " + server + " counts " + devices.freeDevices(server) + " free devices and "
                + devices.totalResidual(server) + " free units, but its devices show " + free + " and " + total);
        }
        Arrays.fill(used, 0);
    }

    private void checkTime(final double time) {
        if (time < lastTime) {
            fail(time, "time went backwards from " + lastTime);
        }
        lastTime = time;
    }

    private void ensure(final int job) {
        if (job >= started.length) {
            final int length = Math.max(job + 1, started.length * 2);
            started = Arrays.copyOf(started, length);
            startTime = Arrays.copyOf(startTime, length);
            startServer = Arrays.copyOf(startServer, length);
        }
    }

    private static void fail(final double time, final String message) {
        throw new IllegalStateException("invariant violated at time " + time + ": " + message);
    }
}
