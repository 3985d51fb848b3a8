package org.stowage.reproduce.rms;

import static org.stowage.reproduce.rms.Paper2018.RMS;
import static org.stowage.reproduce.rms.Paper2018.spec;

import java.util.Arrays;
import java.util.List;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.RunLengths;
import org.stowage.reproduce.Scale;

/** Fig. 1b of Psychas and Ghaderi 2018: MWR against RMS over time on a lock-in setting (docs/RMS.md). */
final class Fig1b {
    private Fig1b() {
    }

    static Figure fig1b() {
        return new LockInFigure("2018-fig1b",
            "2018 Fig. 1b: 10 servers of capacity 10, sizes 2 / 5, lambda (20.8, 10.4), exponential service",
            List.of("BF-J/S", RMS, "BF-J", "BF-S"), List.of("BF-J", "BF-S"), "BF-J/S", RMS, Fig1b::fig1bSpec,
            FIG1B_LENGTHS, List.of("BF = BF-J/S (server-side best fit at departures, Definition 1 with Best-Fit as the"
                + " selection rule; docs/RMS.md 7). BF-J (job-side) and BF-S are ours. RMS: r_j = 10 per type (the"
                + " paper gives none). rho* = 33.33, offered 31.2 (93.6%)."));
    }

    /** 2 x 10^5 time units over 10 seeds: a lock-in may start anywhere in the run (docs/RMS.md 7). */
    private static final RunLengths FIG1B_LENGTHS = new RunLengths(2e5, 10, 4e3, 1);

    private static RunSpec fig1bSpec(final String label, final Scale scale, final long seed) {
        final Units units = Units.defaults();
        final double[][] types = {{0.2}, {0.5}};
        final double[] rates = {20.8, 10.4};
        final ServiceDistribution[] service = {ServiceDistribution.exponential(1)};
        final int[] capacities = new int[10];
        Arrays.fill(capacities, units.capacityUnits(1.0));
        final JobClasses classes = SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service, 0)
            .jobClasses(units);
        final Model model = Model.of(org.stowage.core.model.ServerClasses.of(1, capacities)).withJobClasses(classes);
        final double horizon = FIG1B_LENGTHS.horizon(scale);
        return RunSpec.builder()
            .servers(1, capacities)
            .workload(workloadSeed -> SyntheticWorkload.perTypePoisson(TimeMode.CONTINUOUS, units, types, rates, service,
                workloadSeed))
            .timeMode(TimeMode.CONTINUOUS).horizon(horizon).warmup(horizon / 10).seed(seed)
            .model(model)
            .kernel(spec(label, 10, 2, 10))
            .build();
    }
}
