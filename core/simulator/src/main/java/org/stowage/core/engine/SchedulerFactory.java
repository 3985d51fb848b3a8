package org.stowage.core.engine;

import org.stowage.core.model.Model;

/** Makes a fresh, unattached scheduler for each simulation. */
@FunctionalInterface
public interface SchedulerFactory {
    /**
     * A new kernel for a simulation with this model (server and job classes, processing rates, a
     * precomputed plan). Kernels that need none of it ignore it.
     */
    Scheduler create(Model model);
}
