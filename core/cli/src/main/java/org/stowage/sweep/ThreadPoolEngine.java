package org.stowage.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.stowage.core.experiment.RunResult;

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
        // once the batch ends (a unit failed, or the thread was interrupted), no worker passes a result on: a
        // run still going when it ends is left to finish unseen, so the files on disk are those the command
        // counted when it returned, and none is half-written after it
        final Object gate = new Object();
        final boolean[] ended = {false};
        try {
            final List<Future<?>> futures = new ArrayList<>();
            for (final Sweep.Unit unit : batch) {
                futures.add(pool.submit(() -> {
                    final RunResult result = work.runner().run(unit.point(), unit.scheduler());
                    synchronized (gate) {
                        if (!ended[0]) {
                            finished.accept(unit, result);
                        }
                    }
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
            synchronized (gate) {
                ended[0] = true;
            }
            pool.shutdownNow();
        }
    }

    @Override
    public void close() {
        // the pool of each batch is shut down at the end of the batch
    }
}
