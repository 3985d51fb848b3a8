package org.stowage.cli;

import java.util.ServiceLoader;

import org.stowage.sweep.SweepEngine;
import org.stowage.terminal.InvalidValueException;

import picocli.CommandLine.Option;

/**
 * {@code --engine} and {@code --master} of {@code sweep} and {@code reproduce}: where the runs go. The local
 * engine needs nothing; any other is a {@link SweepEngine.Provider} on the class path (the stowage-spark
 * module's {@code spark}), so this module never depends on Spark.
 */
final class EngineOptions {
    static final String LOCAL = "local";
    static final String SPARK = "spark";
    /** Most worker threads of the local engine. */
    static final int MAX_THREADS = 1024;

    @Option(names = "--engine", paramLabel = "NAME", defaultValue = LOCAL,
        description = "Where the runs go: local (threads of this JVM) or spark (an Apache Spark cluster, see --master;"
            + " needs bin/stowage-spark or spark-submit). Results do not depend on it (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--master", paramLabel = "URL",
        description = "Spark master for --engine spark: local[N], spark://HOST:PORT, yarn, k8s://... "
            + "(default: the one spark-submit sets).")
    String master;

    /** Checks the options before any work starts; {@code threads} is the command's {@code --threads}. */
    void validate(final Integer threads) {
        if (engine.equals(LOCAL)) {
            if (master != null) {
                throw new IllegalArgumentException("--master applies to --engine " + SPARK + " only: " + master);
            }
            final int workers = workers(threads);
            if (workers < 1 || workers > MAX_THREADS) {
                throw new InvalidValueException("--threads", workers + " (must be in [1, "
                    + MAX_THREADS + "])");
            }
        } else if (threads != null) {
            throw new IllegalArgumentException("--threads applies to --engine " + LOCAL + " only (the master sets the"
                + " parallelism of --engine " + engine + ", for example local[4]): " + threads);
        } else {
            provider();
        }
    }

    /** The provider of a non-local engine; fails with one line naming the flag when there is none. */
    private SweepEngine.Provider provider() {
        for (final SweepEngine.Provider provider : ServiceLoader.load(SweepEngine.Provider.class)) {
            if (provider.name().equals(engine)) {
                return provider;
            }
        }
        if (engine.equals(SPARK)) {
            throw new InvalidValueException("--engine", "'" + SPARK + "' needs the stowage-spark jar"
                + " and Spark on the class path: use bin/stowage-spark, or spark-submit spark/target/stowage-spark.jar");
        }
        throw new InvalidValueException("--engine", "'" + engine + "' (" + LOCAL + " or " + SPARK + ")");
    }

    /** Opens the engine (for Spark, starts a driver: seconds). */
    SweepEngine open(final Integer threads) {
        validate(threads);
        if (engine.equals(LOCAL)) {
            return SweepEngine.threads(workers(threads));
        }
        return provider().open(master);
    }

    /** Whether runs go to threads of this JVM (whose heap then holds them all). */
    boolean isLocal() {
        return engine.equals(LOCAL);
    }

    /** Runs in flight at once in this JVM for {@code units} runs: the local threads, or 1 for a remote engine. */
    int concurrentHere(final Integer threads, final int units) {
        return isLocal() ? Math.min(workers(threads), units) : 1;
    }

    private static int workers(final Integer threads) {
        return threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    }
}
