package org.stowage.bench;

import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.SizeDistribution;

/**
 * Builds a slotted simulation in steady state: {@code servers} unit servers kept full, {@code queued} jobs
 * waiting (sizes U[0.1, 0.9]), and about {@code departuresPerSlot} departures and as many arrivals per
 * slot ({@link ClosedLoopWorkload}).
 */
final class SteadyState {
    /** Jobs per full server with U[0.1, 0.9] sizes packed by best fit, measured: about 1.9. */
    private static final double JOBS_PER_SERVER = 1.9;

    final Simulation simulation;
    final ClosedLoopWorkload workload;
    /** Mean service of the workload's geometric service times, in slots. */
    final double meanService;

    SteadyState(final String kernel, final int servers, final long queued, final int departuresPerSlot,
                final long seed) {
        final Units units = Units.defaults();
        meanService = Math.max(1.0, JOBS_PER_SERVER * servers / departuresPerSlot);
        final long fill = (long) Math.ceil(JOBS_PER_SERVER * servers) + queued;
        workload = new ClosedLoopWorkload(SizeDistribution.uniform(units, 0.1, 0.9), meanService, queued, fill, seed);
        final ServerTable table = ServerTable.homogeneous(servers, units.capacityUnits(1.0));
        simulation = Simulation.builder()
            .servers(table)
            .model(BenchmarkKernels.modelFor(kernel, table))
            .workload(workload)
            .scheduler(Kernels.byName(kernel))
            .timeMode(TimeMode.SLOTTED)
            .seed(seed)
            .initialJobCapacity((int) Math.min(Integer.MAX_VALUE - 64, queued + 4L * servers + 1024))
            .listener(workload)
            .build();
        workload.observe(simulation.jobTable());
    }

    /** Runs {@code slots} slots (warm-up) and resets the activity averages. */
    SteadyState warmUp(final int slots) {
        for (int i = 0; i < slots; i++) {
            step();
        }
        workload.resetActivity();
        return this;
    }

    /** One full slot: departures, arrivals, decision. */
    long step() {
        if (!simulation.step(Double.POSITIVE_INFINITY)) {
            throw new IllegalStateException("steady state ran dry");
        }
        return simulation.decisionCount();
    }
}
