package org.stowage.core.gpu;

import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.kernel.gpu.TypicalPods;
import org.stowage.core.metrics.BucketSeries;
import org.stowage.core.state.DeviceTable;

/**
 * The GPUs of a simulation over time: the share of the cluster's GPU milli allocated, and (given the
 * workload's typical pods) the fragmentation as a share of the cluster's GPUs ({@link ClusterFragmentation}),
 * each as an exact time average after the warm-up and as a series of bucket averages over the whole run
 * ({@link BucketSeries}). O(1) per event but the fragmentation's node refresh; allocation-free after
 * construction.
 */
public final class GpuUsage implements SimulationListener {
    private final Simulation simulation;
    private final DeviceTable devices;
    private final ClusterFragmentation fragmentation;
    private final double warmup;
    private final BucketSeries allocationSeries;
    private double lastTime;
    private double allocated;
    private double fragment;
    private double allocationIntegral;
    private double fragmentIntegral;
    private double observed;

    /**
     * Watches {@code simulation} (add it and {@link #fragmentation()}, when not null, as listeners).
     *
     * @param typical        the workload's typical pods, or null for no fragmentation
     * @param seriesInterval initial bucket width of the series
     */
    public GpuUsage(final Simulation simulation, final TypicalPods typical, final double warmup,
                    final double seriesInterval) {
        this.simulation = simulation;
        this.devices = simulation.deviceTable();
        this.fragmentation = typical == null ? null : new ClusterFragmentation(simulation, typical);
        this.warmup = warmup;
        this.lastTime = simulation.now();
        this.allocationSeries = new BucketSeries(simulation.now(), seriesInterval, 4096);
        sample();
    }

    /** The fragmentation listener this one reads (add it to the simulation too), or null. */
    public ClusterFragmentation fragmentation() {
        return fragmentation;
    }

    @Override
    public void onDecision(final double time) {
        advanceTo(time);
        sample();
    }

    private void sample() {
        allocated = devices.totalUnits() == 0 ? 0 : (double) devices.allocatedUnits() / devices.totalUnits();
        fragment = fragmentation == null || devices.totalUnits() == 0 ? 0
            : fragmentation.fragmentMilli() / devices.totalUnits();
    }

    private void advanceTo(final double time) {
        if (time <= lastTime) {
            return;
        }
        allocationSeries.add(allocated, time);
        final double from = Math.max(lastTime, warmup);
        lastTime = time;
        if (time > from) {
            final double span = time - from;
            allocationIntegral += span * allocated;
            fragmentIntegral += span * fragment;
            observed += span;
        }
    }

    /** Closes the window at {@code end} (the run's end). */
    public void finish(final double end) {
        advanceTo(end);
    }

    /** Time-average share of the GPU milli allocated after the warm-up, in [0, 1]. */
    public double meanAllocation() {
        return observed == 0 ? allocated : allocationIntegral / observed;
    }

    /** Time-average fragmentation as a share of the cluster's GPU milli after the warm-up; NaN without typical pods. */
    public double meanFragment() {
        return fragmentation == null ? Double.NaN : observed == 0 ? fragment : fragmentIntegral / observed;
    }

    /** The share allocated over time: bucket averages, their starts in {@link #seriesStarts()}. */
    public double[] seriesAllocation() {
        final double[] values = new double[allocationSeries.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = allocationSeries.mean(i);
        }
        return values;
    }

    public double[] seriesStarts() {
        final double[] starts = new double[allocationSeries.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = allocationSeries.start(i);
        }
        return starts;
    }

    /** The simulation watched. */
    public Simulation simulation() {
        return simulation;
    }
}
