package org.stowage.spark;

import org.stowage.sweep.SweepEngine;

/** {@code --engine spark}: found by the command line through {@link java.util.ServiceLoader}. */
public final class SparkEngineProvider implements SweepEngine.Provider {
    @Override
    public String name() {
        return "spark";
    }

    @Override
    public SweepEngine open(final String master) {
        return SparkSweepEngine.start(master);
    }
}
