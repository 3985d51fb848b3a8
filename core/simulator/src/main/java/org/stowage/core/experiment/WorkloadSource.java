package org.stowage.core.experiment;

import org.stowage.core.engine.Workload;

/**
 * Makes the workload of one run from the run's seed. Every scheduler compared in one experiment gets a
 * fresh workload from the same source and seed, so they all see the very same jobs.
 */
@FunctionalInterface
public interface WorkloadSource {
    Workload open(long seed);
}
