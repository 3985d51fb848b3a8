package org.stowage.core.engine;

/** Makes a fresh, unattached scheduler for each simulation. */
@FunctionalInterface
public interface SchedulerFactory {
    Scheduler create();
}
