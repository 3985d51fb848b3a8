package org.stowage.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import org.stowage.core.experiment.RunResult;

/**
 * Where the units of a {@link Sweep} run: a pool of threads in this JVM ({@link #threads}), or another engine
 * found by name through {@link Provider} (the stowage-spark module's runs them on an Apache Spark cluster).
 *
 * <p>An engine only runs units and hands each result back as soon as it has it; the sweep decides which
 * units run and writes every file, so the files do not depend on the engine. An engine may be used for
 * several sweeps in turn (one {@code reproduce} runs several figures) and is closed once at the end.
 */
public interface SweepEngine extends AutoCloseable {
    /** Receives each finished unit with its result. */
    @FunctionalInterface
    interface Finished {
        /**
         * Called once per unit of the batch that finished before the batch ended, possibly from several threads
         * (for different units); never after the engine's {@code run} returned or threw. An exception ends the
         * batch with that exception.
         */
        void accept(Sweep.Unit unit, RunResult result) throws IOException;
    }

    /** Engines of other modules, found with {@link java.util.ServiceLoader} by {@link #name}. */
    interface Provider {
        /** The name {@code --engine} takes. */
        String name();

        /**
         * Opens the engine.
         *
         * @param master where to run, as the engine understands it (Spark: {@code local[2]},
         *               {@code spark://host:7077}, {@code yarn}); null to take it from the environment
         * @throws IllegalArgumentException naming the value when {@code master} is not understood
         */
        SweepEngine open(String master);
    }

    /** What the command prints as the place the runs go, for example {@code 2 threads}. */
    String description();

    /**
     * Runs every unit of {@code batch} (none has a result yet) with {@code work} and passes each to
     * {@code finished} as soon as it has run. Returns when every unit has been passed on; the first failure
     * (of a run, or of {@code finished}) is thrown once the engine has stopped, and units already passed on
     * stay finished.
     */
    void run(List<Sweep.Unit> batch, Sweep.Work work, Finished finished);

    /** Releases the engine's threads or cluster connection. */
    @Override
    void close();

    /** Runs units on {@code threads} worker threads of this JVM, in grid order, with {@link Sweep.Work#runner}. */
    static SweepEngine threads(final int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1: " + threads);
        }
        return new ThreadPoolEngine(threads);
    }

    /** Rethrows the cause of a failed unit as it was thrown (unchecked), or wrapped when checked. */
    static RuntimeException unwrap(final Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        if (cause instanceof IOException io) {
            return new UncheckedIOException(io.getMessage(), io);
        }
        return new IllegalStateException(cause);
    }
}
