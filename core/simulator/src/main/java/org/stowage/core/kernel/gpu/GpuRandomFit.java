package org.stowage.core.kernel.gpu;

import java.util.random.RandomGenerator;

import org.stowage.core.engine.SchedulerContext;
import org.stowage.core.state.DeviceDemand;
import org.stowage.core.state.ServerView;

/**
 * Random: a node drawn uniformly among the feasible ones, and for a GPU fraction a GPU drawn uniformly among
 * those of the node that hold it; whole GPUs are the lowest-index free ones (the artifact's
 * {@code random_score.go}, which scores one uniformly drawn feasible node 100 and the others 0, with its
 * {@code gpusel random}). Both draws come from the {@link SchedulerContext#SAMPLING} stream:
 * {@code nextInt(F)} for the F feasible nodes in index order, then {@code nextInt(C)} for the C GPUs that
 * hold a fraction; nothing is drawn when no node is feasible.
 *
 * <p>Cost: two scans of the nodes, O(L (D + G)) per pod; no index (a uniform draw needs none), no allocation.
 */
public final class GpuRandomFit extends GpuKernel {
    private RandomGenerator sampling;

    public GpuRandomFit() {
        super("Random");
    }

    @Override
    protected void onAttachGpu() {
        sampling = context.random(SchedulerContext.SAMPLING);
    }

    @Override
    protected int select(final int job) {
        final int demand = devices.demand(job);
        int feasible = 0;
        for (int s = 0; s < serverCount; s++) {
            if (feasible(job, demand, s)) {
                feasible++;
            }
        }
        if (feasible == 0) {
            return ServerView.NONE;
        }
        int k = sampling.nextInt(feasible);
        int server = 0;
        while (!feasible(job, demand, server) || k-- > 0) {
            server++;
        }
        chosenDevices = devices(demand, server);
        return server;
    }

    private int devices(final int demand, final int server) {
        if (DeviceDemand.count(demand) == 0) {
            return 0;
        }
        final int units = DeviceDemand.units(demand);
        if (units == devices.unitsPerDevice()) {
            return devices.lowestFitting(demand, server);
        }
        int holding = 0;
        for (int d = 0; d < devices.deviceCount(server); d++) {
            if (devices.residual(server, d) >= units) {
                holding++;
            }
        }
        int k = sampling.nextInt(holding);
        for (int d = 0; ; d++) {
            if (devices.residual(server, d) >= units && k-- == 0) {
                return 1 << d;
            }
        }
    }
}
