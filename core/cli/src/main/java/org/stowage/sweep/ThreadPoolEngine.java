package org.stowage.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The local engine: a fixed pool of daemon worker threads per batch, units submitted in grid order, each
 * unit's result passed on from the worker that ran it. The pool lives for one batch only, so an engine holds
 * no threads between sweeps.
 */
final class ThreadPoolEngine implements SweepEngine {
    private final int threads;

    ThreadPoolEngine(final int threads) {
        this.threads = threads;
    }

    @Override
    public String description() {
        return threads + " threads";
    }

    @Override
    public void run(final List<Sweep.Unit> batch, final Sweep.Work work, final Finished finished) {
        final ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            final Thread thread = new Thread(task, "sweep-worker");
            thread.setDaemon(true);
            return thread;
        });
        try {
            final List<Future<?>> futures = new ArrayList<>();
            for (final Sweep.Unit unit : batch) {
                futures.add(pool.submit(() -> {
                    finished.accept(unit, work.runner().run(unit.point(), unit.scheduler()));
                    return null;
                }));
            }
            for (final Future<?> future : futures) {
                future.get();
            }
        } catch (final ExecutionException e) {
            throw SweepEngine.unwrap(e.getCause());
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("sweep interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    @Override
    public void close() {
        // the pool of each batch is shut down at the end of the batch
    }
}
