package org.stowage.spark;

import java.util.LinkedHashMap;
import java.util.Map;

import org.stowage.sweep.Sweep;

/**
 * The runners an executor JVM has rebuilt, by the recipe they were rebuilt from, so that every task of a
 * sweep on this executor shares one: arguments are parsed and traces loaded once per executor, never per
 * point. A runner is a pure function of its recipe (the same recipe rebuilds an equal runner anywhere), so
 * this cache changes no result; it only saves work. The few most recently used are kept (a driver runs one
 * sweep at a time; {@code reproduce all-2019} runs five in turn).
 *
 * <p>Thread-safe: a recipe is rebuilt once even when several tasks of the executor ask for it at once (the
 * others wait for it rather than load the same trace again).
 */
final class ExecutorRunners {
    /** Recipes kept per JVM. */
    static final int KEPT = 4;

    private static final Map<Sweep.PortableRunner, Sweep.PointRunner> REBUILT =
        new LinkedHashMap<>(2 * KEPT, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(final Map.Entry<Sweep.PortableRunner, Sweep.PointRunner> eldest) {
                return size() > KEPT;
            }
        };

    private ExecutorRunners() {
    }

    /** The runner {@code portable} rebuilds, rebuilt in this JVM on first use only. */
    static Sweep.PointRunner runner(final Sweep.PortableRunner portable) {
        synchronized (REBUILT) {
            Sweep.PointRunner runner = REBUILT.get(portable);
            if (runner == null) {
                runner = portable.rebuild();
                REBUILT.put(portable, runner);
            }
            return runner;
        }
    }
}
