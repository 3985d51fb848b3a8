package org.stowage.core.testing;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.model.JobClasses;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.JobView;
import org.stowage.core.state.ServerView;

/**
 * The SPI example of docs/ARCHITECTURE.md, a test of the engine rather than a scheduler of any paper: it
 * reads the job types from its model, keeps one FIFO queue per server and type (local queues), routes each
 * arrival to a server drawn from its routing stream, runs one Poisson clock per type, and at a tick of type
 * j lets a sampled server start the head of its type-j queue, or, when that queue is empty, hold a dummy of
 * type j; an arriving type-j job routed to a server with a type-j dummy replaces it (Psychas and Ghaderi
 * 2018, Algorithm 1 and Remark 2, much simplified). Continuous time; allocation-free after attach.
 */
public final class LocalQueuesWithDummies implements Scheduler {
    private final double clockRate;
    private SchedulerContext context;
    private JobView jobs;
    private ServerView servers;
    private JobClasses classes;
    private int types;
    /** The local queue of server s and type j at {@code s * types + j}. */
    private FifoQueue[] local;
    /** The dummy of type j held by server s, or NONE: at most one per server and type. */
    private int[] dummyOf;
    private RandomGenerator clocks;
    private RandomGenerator routing;
    private RandomGenerator sampling;
    private RandomGenerator dummyService;

    /** @param clockRate ticks per time unit of each type's clock */
    public LocalQueuesWithDummies(final double clockRate) {
        this.clockRate = clockRate;
    }

    @Override
    public String name() {
        return "local-queues-with-dummies";
    }

    @Override
    public void attach(final SchedulerContext schedulerContext) {
        context = schedulerContext;
        jobs = context.jobs();
        servers = context.servers();
        classes = context.model().jobClasses();
        if (!classes.allExact()) {
            throw new IllegalArgumentException(name() + " needs discrete job types in its model");
        }
        types = classes.count();
        local = new FifoQueue[servers.count() * types];
        for (int i = 0; i < local.length; i++) {
            local[i] = context.newFifoQueue();
        }
        dummyOf = new int[local.length];
        Arrays.fill(dummyOf, JobTable.NONE);
        clocks = context.random(SchedulerContext.CLOCKS);
        routing = context.random(SchedulerContext.ROUTING);
        sampling = context.random(SchedulerContext.SAMPLING);
        dummyService = context.random(SchedulerContext.DUMMY_SERVICE);
        for (int j = 0; j < types; j++) {
            context.scheduleTick(context.now() + clocks.nextExponential() / clockRate, j);
        }
    }

    @Override
    public void onArrival(final int job) {
        final int type = jobs.jobClass(job);
        final int server = routing.nextInt(servers.count());
        final int slot = server * types + type;
        final int dummy = dummyOf[slot];
        if (dummy != JobTable.NONE) {
            context.removeDummy(dummy);
            dummyOf[slot] = JobTable.NONE;
            if (servers.fits(jobs, job, server)) {
                context.place(job, server);
                return;
            }
        }
        local[slot].enqueue(job);
    }

    @Override
    public void onTick(final long tag) {
        final int type = (int) tag;
        context.scheduleTick(context.now() + clocks.nextExponential() / clockRate, type);
        final int server = sampling.nextInt(servers.count());
        final int slot = server * types + type;
        final FifoQueue queue = local[slot];
        if (!queue.isEmpty()) {
            final int head = queue.head();
            if (servers.fits(jobs, head, server)) {
                queue.remove(head);
                context.place(head, server);
            }
        } else if (dummyOf[slot] == JobTable.NONE && typeFits(type, server)) {
            dummyOf[slot] = context.placeDummy(type, server, dummyService.nextExponential() * classes.meanService(type));
        }
    }

    private boolean typeFits(final int type, final int server) {
        for (int d = 0; d < servers.dimensions(); d++) {
            if (classes.exactSize(type, d) > servers.residual(server, d)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int type = jobs.jobClass(job);
        final int slot = server * types + type;
        if (jobs.isDummy(job)) {
            dummyOf[slot] = JobTable.NONE;
            return;
        }
        final FifoQueue queue = local[slot];
        if (!queue.isEmpty() && servers.fits(jobs, queue.head(), server)) {
            final int head = queue.head();
            queue.remove(head);
            context.place(head, server);
        }
    }

    @Override
    public void decide(final double now) {
        // every placement happens in the callbacks
    }

    /** Total length of the local queues, by a walk; for tests. */
    public int queued() {
        int total = 0;
        for (final FifoQueue queue : local) {
            total += queue.size();
        }
        return total;
    }
}
