package org.stowage.core.experiment;

import org.stowage.core.engine.Simulation;

/**
 * Told about each run of {@link Experiments#run(RunSpec, java.util.function.DoubleConsumer, RunObserver)}: its
 * simulation once built (its kernel made and attached), before the first event, and when the run ends,
 * whether it finished or failed. A watchdog on another thread reads {@link Simulation#progress()} in
 * between; both calls come from the run's thread.
 */
public interface RunObserver {
    /** An observer that does nothing. */
    RunObserver NONE = new RunObserver() {
        @Override
        public void started(final Simulation simulation, final RunSpec spec) {
        }

        @Override
        public void ended(final Simulation simulation) {
        }
    };

    void started(Simulation simulation, RunSpec spec);

    void ended(Simulation simulation);
}
