package org.stowage.core.kernel.lotes.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.JobQueue;

/**
 * Reference twin of {@link org.stowage.core.kernel.lotes.GreedyDispatcher}: first fit by a scan of every
 * machine, the shortest queue among the machines that can hold the job by a scan (the same
 * {@code nextInt(ties)} draw, the tie of that rank by server class, then id), plain lists per machine. Slow and allocating.
 */
public final class NaiveGreedy extends KernelBase {
    private RandomGenerator routing;
    private final List<List<Integer>> waiting = new ArrayList<>();
    private JobQueue stateHolder;

    public NaiveGreedy() {
        super("Greedy-naive");
    }

    @Override
    protected void onAttach() {
        routing = context.random(SchedulerContext.ROUTING);
        stateHolder = context.newQueue();
        for (int s = 0; s < servers.count(); s++) {
            waiting.add(new ArrayList<>());
        }
    }

    @Override
    public void onArrival(final int job) {
        final int fitting = NaiveScans.firstFit(jobs, servers, job);
        if (fitting >= 0) {
            context.place(job, fitting);
            return;
        }
        final ServerClasses classes = context.model().serverClasses();
        int shortest = Integer.MAX_VALUE;
        for (int server = 0; server < servers.count(); server++) {
            if (holds(job, server)) {
                shortest = Math.min(shortest, waiting.get(server).size());
            }
        }
        final List<Integer> ties = new ArrayList<>();
        for (int c = 0; c < classes.count(); c++) {
            for (int i = 0; i < classes.size(c); i++) {
                final int server = classes.server(c, i);
                if (holds(job, server) && waiting.get(server).size() == shortest) {
                    ties.add(server);
                }
            }
        }
        final int chosen = ties.get(routing.nextInt(ties.size()));
        stateHolder.enqueue(job);
        waiting.get(chosen).add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final List<Integer> queue = waiting.get(server);
        while (!queue.isEmpty() && fits(queue.get(0), server)) {
            final int head = queue.remove(0);
            stateHolder.remove(head);
            context.place(head, server);
        }
    }

    @Override
    public void decide(final double now) {
    }

    private boolean holds(final int job, final int server) {
        for (int d = 0; d < servers.dimensions(); d++) {
            if (jobs.size(job, d) > servers.capacity(server, d)) {
                return false;
            }
        }
        return true;
    }

    private boolean fits(final int job, final int server) {
        return NaiveScans.fits(jobs, servers, job, server);
    }
}
