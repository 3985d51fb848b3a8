package org.stowage.core.kernel.bestfit.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.kernel.support.NaiveCentralQueue;

/**
 * Reference twin of {@link org.stowage.core.kernel.bestfit.FifoRandomFit}: head of a plain list; every server that
 * holds it listed by a linear scan, and the same draw from the same stream ({@code nextInt} of the list's
 * length, nothing drawn when the list is empty).
 */
public final class NaiveFifoRandomFit extends NaiveCentralQueue {
    private RandomGenerator sampling;

    public NaiveFifoRandomFit() {
        super("FIFO-RF-naive");
    }

    @Override
    protected void onAttach() {
        super.onAttach();
        sampling = context.random(SchedulerContext.SAMPLING);
    }

    @Override
    public void decide(final double now) {
        while (!waiting.isEmpty()) {
            final int job = waiting.get(0);
            final List<Integer> holding = new ArrayList<>();
            for (int server = 0; server < servers.count(); server++) {
                if (fits(job, server)) {
                    holding.add(server);
                }
            }
            if (holding.isEmpty()) {
                return;
            }
            start(job, holding.get(sampling.nextInt(holding.size())));
        }
    }
}
