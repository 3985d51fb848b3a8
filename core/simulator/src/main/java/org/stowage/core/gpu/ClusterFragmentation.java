package org.stowage.core.gpu;

import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.kernel.gpu.Fragmentation;
import org.stowage.core.kernel.gpu.FragmentationProfile;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.state.DeviceTable;
import org.stowage.core.state.ServerView;

/**
 * The GPU fragmentation of the whole cluster as a simulation runs (Weng et al., ATC'23, Sec. 4; the
 * artifact's {@code ClusterGpuFragReport}): the sum over nodes of their fragmentation
 * ({@link Fragmentation}), weighed by the workload's typical pods, and its ratio to the idle GPU milli. Kept
 * exactly (integer weighted sums) and incrementally: a start or a departure changes one node, whose
 * fragmentation is recomputed ({@link FragmentationProfile}, O(groups x G)); reading is O(1). Allocation-free after
 * construction.
 */
public final class ClusterFragmentation implements SimulationListener {
    private final ServerView servers;
    private final DeviceTable devices;
    private final TypicalPods typical;
    private final FragmentationProfile profile;
    private final long[] nodeWeighted;
    private final int[] residual = new int[DeviceTable.MAX_DEVICES_PER_SERVER];
    private long clusterWeighted;

    /** Watches {@code simulation} (add it as a listener before the run). */
    public ClusterFragmentation(final Simulation simulation, final TypicalPods typical) {
        this.servers = simulation.servers();
        this.devices = simulation.deviceTable();
        this.typical = typical;
        this.profile = new FragmentationProfile(typical);
        this.nodeWeighted = new long[servers.count()];
        for (int s = 0; s < servers.count(); s++) {
            refresh(s);
        }
    }

    @Override
    public void onStart(final double time, final int job, final int server) {
        refresh(server);
    }

    @Override
    public void onDeparture(final double time, final int job, final int server) {
        refresh(server);
    }

    private void refresh(final int server) {
        final int gpus = devices.deviceCount(server);
        for (int g = 0; g < gpus; g++) {
            residual[g] = devices.residual(server, g);
        }
        final long weighted = profile.weighted(servers.residual(server, 0), devices.model(server), residual, 0, gpus);
        clusterWeighted += weighted - nodeWeighted[server];
        nodeWeighted[server] = weighted;
    }

    /** The cluster's GPU fragmentation in milli-GPU: sum over nodes of sum_t p_t frag_t. */
    public double fragmentMilli() {
        return (double) clusterWeighted / typical.totalWeight();
    }

    /** The idle (unallocated) GPU milli of the cluster. */
    public long idleMilli() {
        return devices.totalUnits() - devices.allocatedUnits();
    }

    /** Fragmentation over idle GPU milli, in percent (the artifact's "frag ratio"); 0 when nothing is idle. */
    public double fragmentPercent() {
        final long idle = idleMilli();
        return idle == 0 ? 0 : 100.0 * fragmentMilli() / idle;
    }
}
