package org.stowage.core.kernel.lotes.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.kernel.support.KernelBase;
import org.stowage.core.model.Model;
import org.stowage.core.state.JobQueue;

/**
 * Reference twin of {@link org.stowage.core.kernel.lotes.LotesDispatcher}: the same rules (Tran et al. 2018,
 * Sec. 4.3) and the same draws from the routing stream, every choice by a plain scan: {@code kappa} counted
 * on the machine's job list, the level-2 machine by scanning the configuration, the fallback by scanning
 * every machine, the departure's queues by scanning plain lists from their start. Slow and allocating.
 */
public final class NaiveLotes extends KernelBase {
    private final LotesPlan plan;
    private RandomGenerator routing;
    private final List<List<Integer>> waiting = new ArrayList<>();
    private JobQueue stateHolder;

    public NaiveLotes(final Model model) {
        super("LoTES-naive");
        plan = model.plan(LotesPlan.class);
    }

    @Override
    protected void onAttach() {
        routing = context.random(SchedulerContext.ROUTING);
        stateHolder = context.newQueue();
        for (int k = 0; k < plan.classCount(); k++) {
            waiting.add(new ArrayList<>());
        }
    }

    @Override
    public void onArrival(final int job) {
        final int k = jobs.jobClass(job);
        if (k >= plan.classCount()) {
            throw new IllegalStateException("LoTES-naive: job class " + k + " outside the plan");
        }
        final boolean[] tried = new boolean[plan.configurationCount()];
        while (true) {
            final List<Integer> candidates = new ArrayList<>();
            double total = 0;
            for (int j = 0; j < plan.configurationCount(); j++) {
                if (!tried[j] && plan.serves(j, k)) {
                    candidates.add(j);
                    total += plan.routingProbability(k, j);
                }
            }
            if (candidates.isEmpty()) {
                break;
            }
            final double u = routing.nextDouble() * total;
            int chosen = candidates.get(candidates.size() - 1);
            double cumulative = 0;
            for (final int j : candidates) {
                cumulative += plan.routingProbability(k, j);
                if (u < cumulative) {
                    chosen = j;
                    break;
                }
            }
            int best = -1;
            for (int i = 0; i < plan.configurationSize(chosen); i++) {
                final int server = plan.configurationServer(chosen, i);
                if (fits(job, server) && (best < 0 || deficit(server, k) > deficit(best, k))) {
                    best = server;
                }
            }
            if (best >= 0) {
                context.place(job, best);
                return;
            }
            tried[chosen] = true;
        }
        final int fitting = NaiveScans.firstFit(jobs, servers, job);
        if (fitting >= 0) {
            context.place(job, fitting);
            return;
        }
        stateHolder.enqueue(job);
        waiting.get(k).add(job);
    }

    @Override
    public void onDeparture(final int job, final int server) {
        final int j = plan.configurationOf(server);
        final boolean[] done = new boolean[plan.classCount()];
        while (true) {
            int top = -1;
            for (int k = 0; k < plan.classCount(); k++) {
                if (!done[k] && plan.serves(j, k) && !waiting.get(k).isEmpty()
                    && (top < 0 || deficit(server, k) > deficit(server, top))) {
                    top = k;
                }
            }
            if (top < 0) {
                return;
            }
            Integer found = null;
            for (final Integer queued : waiting.get(top)) {
                if (fits(queued, server)) {
                    found = queued;
                    break;
                }
            }
            if (found == null) {
                done[top] = true;
                continue;
            }
            waiting.get(top).remove(found);
            stateHolder.remove(found);
            context.place(found, server);
        }
    }

    @Override
    public void decide(final double now) {
    }

    /** v = N_ik - kappa_ik, kappa counted on the machine's job list. */
    private int deficit(final int server, final int k) {
        int running = 0;
        for (int job = servers.firstJob(server); job != org.stowage.core.state.JobTable.NONE;
            job = servers.nextJobOnServer(jobs, job)) {
            if (jobs.jobClass(job) == k) {
                running++;
            }
        }
        return plan.target(server, k) - running;
    }

    private boolean fits(final int job, final int server) {
        return NaiveScans.fits(jobs, servers, job, server);
    }
}
