package org.stowage.core.kernel.lotes;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.ServerView;

/**
 * The Greedy baseline of Tran et al. 2018 (Sec. 5.1): an arriving job starts on the first machine that fits
 * it, in server order (Table 1's order, top to bottom, for {@code Clusters.google2011}); otherwise it joins
 * the machine with the fewest waiting jobs among those whose capacity can hold it (a queue it could never
 * leave would strand it; the paper, whose jobs fit every machine it queues them on, is silent), ties drawn
 * uniformly from {@link SchedulerContext#ROUTING} (one {@code nextInt(ties)}, the tie of that rank in the
 * order server class, then server id: increasing server id on {@code Clusters.google2011}). Each machine serves its own queue
 * first come, first served: at a departure, its queue's head starts while it fits (a head that does not fit
 * blocks the queue). Job classes are not used.
 *
 * <p>Cost: arrival O(log L) (first fit on the server index, or {@link ShortestQueues}); departure
 * O((P + 1) log L) for P starts; plus O(C) over the C server classes when nothing fits. 0 bytes after {@link #attach}.
 */
public final class GreedyDispatcher extends KernelBase {
    private RandomGenerator routing;
    private FifoQueue[] queues;
    /** Per server class, its machines' queue lengths. */
    private ShortestQueues[] shortest;
    private ServerClasses classes;
    private int[] indexInClass;

    public GreedyDispatcher() {
        super("Greedy");
    }

    @Override
    protected void onAttach() {
        routing = context.random(SchedulerContext.ROUTING);
        queues = new FifoQueue[servers.count()];
        for (int s = 0; s < queues.length; s++) {
            queues[s] = context.newFifoQueue();
        }
        classes = context.model().serverClasses();
        shortest = new ShortestQueues[classes.count()];
        indexInClass = new int[queues.length];
        for (int c = 0; c < classes.count(); c++) {
            shortest[c] = new ShortestQueues(classes.size(c));
            for (int i = 0; i < classes.size(c); i++) {
                indexInClass[classes.server(c, i)] = i;
            }
        }
    }

    @Override
    public void onArrival(final int job) {
        final int server = servers.firstFit(jobs, job);
        if (server != ServerView.NONE) {
            context.place(job, server);
            return;
        }
        int length = Integer.MAX_VALUE;
        int ties = 0;
        for (int c = 0; c < shortest.length; c++) {
            if (holds(c, job)) {
                final int candidate = shortest[c].shortest();
                if (candidate < length) {
                    length = candidate;
                    ties = shortest[c].ties();
                } else if (candidate == length) {
                    ties += shortest[c].ties();
                }
            }
        }
        // the engine rejects a job no server can hold, so some class holds it
        int rank = routing.nextInt(ties);
        for (int c = 0; c < shortest.length; c++) {
            if (holds(c, job) && shortest[c].shortest() == length) {
                if (rank < shortest[c].ties()) {
                    final int chosen = classes.server(c, shortest[c].tie(rank));
                    queues[chosen].enqueue(job);
                    shortest[c].set(indexInClass[chosen], queues[chosen].size());
                    return;
                }
                rank -= shortest[c].ties();
            }
        }
        throw new IllegalStateException("Greedy: no machine can hold job " + job);
    }

    private boolean holds(final int serverClass, final int job) {
        for (int d = 0; d < classes.dimensions(); d++) {
            if (classes.capacity(serverClass, d) < jobs.size(job, d)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final FifoQueue queue = queues[server];
        final int before = queue.size();
        while (!queue.isEmpty() && servers.fits(jobs, queue.head(), server)) {
            final int head = queue.head();
            queue.remove(head);
            context.place(head, server);
        }
        if (queue.size() != before) {
            shortest[classes.classOf(server)].set(indexInClass[server], queue.size());
        }
    }

    @Override
    public void decide(final double now) {
        // every decision is taken at the arrival or the departure that calls for it
    }
}
