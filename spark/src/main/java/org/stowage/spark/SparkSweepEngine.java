package org.stowage.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.apache.spark.SimpleFutureAction;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.stowage.core.experiment.RunResult;
import org.stowage.core.kernel.KernelRegistryException;
import org.stowage.sweep.Sweep;
import org.stowage.sweep.SweepEngine;
import org.stowage.sweep.SweepFiles;
import org.stowage.terminal.InvalidValueException;

import scala.collection.Iterator;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;
import scala.runtime.BoxedUnit;
import scala.util.Try;

/**
 * Runs the units of a sweep on Apache Spark: each unit is one task, handed out costliest first, run on an
 * executor by the runner that {@link Sweep.PortableRunner#rebuild} makes there (once per executor JVM, see
 * {@link ExecutorRunners}), and sent back to the driver as the text of its unit file.
 *
 * <h2>Files and failures</h2>
 * Executors write nothing. The driver receives each task's result as soon as the task succeeds and hands it
 * to the sweep, which writes {@code runs/u-NNNNNN.json} at once (write, then rename) and, at the end, the
 * assembled files, with the same code as the local engine; so the executors need no shared file system, a
 * lost executor leaves no partial file (Spark runs its task again, up to {@code spark.task.maxFailures}),
 * and a driver stopped mid-sweep keeps every run received so far for the rerun to skip.
 *
 * <h2>Balance</h2>
 * Units are ordered by {@link Sweep.PointRunner#cost} (highest first, ties in grid order) and task i is
 * the i-th, so Spark, which launches the tasks of a stage in index order, starts the longest runs first
 * and the short ones fill the gaps at the end (longest-processing-time-first list scheduling). Above
 * {@link #MAX_TASKS} units, units are dealt round-robin into that many tasks.
 *
 * <p>The Spark context is the engine's (stopped by {@link #close}) when made by {@link #start}, the
 * caller's when given to {@link #on}.
 */
public final class SparkSweepEngine implements SweepEngine {
    /** Most tasks per sweep batch: beyond that, per-task overhead outweighs finer balance and resumption. */
    static final int MAX_TASKS = 10_000;

    private final JavaSparkContext context;
    private final boolean owned;

    private SparkSweepEngine(final JavaSparkContext context, final boolean owned) {
        this.context = context;
        this.owned = owned;
    }

    /**
     * Starts a Spark driver. With {@code master} null the master comes from the environment (spark-submit sets
     * {@code spark.master}); other {@code spark.*} system properties apply as usual. A local master gets no web
     * UI and a loopback driver address unless configured otherwise.
     *
     * @throws IllegalArgumentException when there is no master, or Spark does not start with it
     */
    public static SparkSweepEngine start(final String master) {
        final SparkConf conf = new SparkConf().setAppName("stowage");
        if (master != null) {
            conf.setMaster(master);
        } else if (!conf.contains("spark.master")) {
            throw new IllegalArgumentException("--engine spark needs --master (for example local[2]) when not run by"
                + " spark-submit");
        }
        final String chosen = conf.get("spark.master");
        if (chosen.startsWith("local")) {
            conf.setIfMissing("spark.ui.enabled", "false");
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
            conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
        }
        // results are written as they arrive, never held together, so their total need not fit a limit
        conf.setIfMissing("spark.driver.maxResultSize", "0");
        try {
            return new SparkSweepEngine(new JavaSparkContext(conf), true);
        } catch (final Exception e) { // Scala throws SparkException, a checked exception, undeclared
            final String reason = String.valueOf(e.getMessage()).replace('\n', ' ');
            throw master != null ? new InvalidValueException("--master", "'" + master + "': " + reason, e)
                : new IllegalArgumentException("Spark did not start with spark.master '" + chosen + "': " + reason, e);
        }
    }

    /** An engine on the caller's context, which {@link #close} leaves running. */
    public static SparkSweepEngine on(final JavaSparkContext context) {
        return new SparkSweepEngine(context, false);
    }

    @Override
    public String description() {
        return String.format(Locale.ROOT, "Spark %s (%d cores)", context.master(), context.defaultParallelism());
    }

    @Override
    public void run(final List<Sweep.Unit> batch, final Sweep.Work work, final Finished finished) {
        if (batch.isEmpty()) {
            return;
        }
        final Sweep.PortableRunner portable = work.portable();
        if (portable == null) {
            throw new IllegalArgumentException("this sweep's runs cannot be rebuilt on Spark executors: its work has"
                + " no portable runner");
        }
        final List<UnitTask[]> tasks = tasks(costliestFirst(batch, work.runner()), MAX_TASKS);
        final Map<Integer, Sweep.Unit> byIndex = new HashMap<>();
        for (final Sweep.Unit unit : batch) {
            byIndex.put(unit.index(), unit);
        }
        final JavaRDD<UnitTask[]> rdd = context.parallelize(tasks, tasks.size());
        final List<Object> partitions = new ArrayList<>();
        for (int p = 0; p < tasks.size(); p++) {
            partitions.add(p);
        }
        final BlockingQueue<UnitText[]> arrived = new LinkedBlockingQueue<>();
        // the result handler runs on Spark's scheduler thread: it only queues, the sweep writes on this thread
        final SimpleFutureAction<BoxedUnit> job = context.sc().submitJob(rdd.rdd(), new RunTask(portable),
            CollectionConverters.asScala(partitions).toSeq(),
            (partition, texts) -> {
                arrived.add(texts);
                return BoxedUnit.UNIT;
            },
            () -> BoxedUnit.UNIT);
        try {
            int received = 0;
            while (received < tasks.size()) {
                final UnitText[] texts = arrived.poll(100, TimeUnit.MILLISECONDS);
                if (texts == null) {
                    if (job.isCompleted()) {
                        throwIfFailed(job);
                        if (arrived.isEmpty()) {
                            throw new IllegalStateException("Spark finished the job with " + (tasks.size() - received)
                                + " task result(s) missing");
                        }
                    }
                    continue;
                }
                received++;
                for (final UnitText text : texts) {
                    final Sweep.Unit unit = byIndex.get(text.index());
                    if (unit == null) {
                        throw new IllegalStateException("Spark returned unit " + text.index() + ", not in this batch");
                    }
                    final RunResult result = SweepFiles.unitResult(text.json(), unit, "Spark result of unit " + text.index());
                    finished.accept(unit, result);
                }
            }
        } catch (final IOException e) {
            job.cancel();
            throw new UncheckedIOException(e.getMessage(), e);
        } catch (final InterruptedException e) {
            job.cancel();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("sweep interrupted", e);
        } catch (final RuntimeException | Error e) {
            job.cancel();
            throw e;
        }
    }

    /** Units by decreasing cost; equal costs keep their order (grid order). Costs are asked once per point. */
    static List<Sweep.Unit> costliestFirst(final List<Sweep.Unit> batch, final Sweep.PointRunner runner) {
        final Map<String, Double> costs = new HashMap<>();
        final Map<Sweep.Unit, Double> cost = new LinkedHashMap<>();
        for (final Sweep.Unit unit : batch) {
            cost.put(unit, costs.computeIfAbsent(unit.point().coordinates() + "|" + unit.scheduler(),
                key -> runner.cost(unit.point(), unit.scheduler())));
        }
        final List<Sweep.Unit> order = new ArrayList<>(batch);
        order.sort(Comparator.comparingDouble((Sweep.Unit unit) -> cost.get(unit)).reversed());
        return order;
    }

    /** One task per unit in order, or the units dealt round-robin into {@code maxTasks} tasks. */
    static List<UnitTask[]> tasks(final List<Sweep.Unit> order, final int maxTasks) {
        final int count = Math.min(order.size(), maxTasks);
        final List<List<UnitTask>> dealt = new ArrayList<>();
        for (int t = 0; t < count; t++) {
            dealt.add(new ArrayList<>());
        }
        for (int i = 0; i < order.size(); i++) {
            dealt.get(i % count).add(UnitTask.of(order.get(i)));
        }
        final List<UnitTask[]> tasks = new ArrayList<>();
        for (final List<UnitTask> task : dealt) {
            tasks.add(task.toArray(UnitTask[]::new));
        }
        return tasks;
    }

    private static void throwIfFailed(final SimpleFutureAction<BoxedUnit> job) {
        final Try<BoxedUnit> outcome = job.value().get();
        if (outcome.isFailure()) {
            final Throwable failure = outcome.failed().get();
            // a run that failed on an executor (a bad trace path there, say) fails the sweep as it would locally
            if (failure.getCause() instanceof IllegalArgumentException bad) {
                throw bad;
            }
            // an executor whose class path declares one scheduler name twice
            if (failure.getCause() instanceof KernelRegistryException registry) {
                throw registry;
            }
            throw new IllegalStateException("Spark job failed: " + String.valueOf(failure.getMessage()).replace('\n', ' '),
                failure);
        }
    }

    @Override
    public void close() {
        if (owned) {
            context.stop();
        }
    }

    /**
     * One unit as sent to an executor: its index, scheduler and point (coordinates in axis order,
     * replication and seed, all computed by the driver).
     */
    record UnitTask(int index, String scheduler, String[] axes, String[] values, int replication, long seed)
        implements Serializable {
        private static final long serialVersionUID = 1L;

        static UnitTask of(final Sweep.Unit unit) {
            final Map<String, String> coordinates = unit.point().coordinates();
            return new UnitTask(unit.index(), unit.scheduler(), coordinates.keySet().toArray(String[]::new),
                coordinates.values().toArray(String[]::new), unit.point().replication(), unit.point().seed());
        }

        /** Runs the unit with {@code runner}; the text of its unit file. */
        UnitText run(final Sweep.PointRunner runner) {
            final Map<String, String> coordinates = new LinkedHashMap<>();
            for (int a = 0; a < axes.length; a++) {
                coordinates.put(axes[a], values[a]);
            }
            final Sweep.Point point = new Sweep.Point(coordinates, replication, seed);
            final RunResult result = runner.run(point, scheduler);
            try {
                return new UnitText(index, SweepFiles.unitJson(new Sweep.Unit(index, point, scheduler, result)));
            } catch (final IOException e) {
                throw new UncheckedIOException("unit " + index + ": " + e.getMessage(), e);
            }
        }
    }

    /** A finished unit as sent back to the driver: the text of its unit file. */
    record UnitText(int index, String json) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** The task function: runs the units of one partition on an executor. */
    static final class RunTask extends AbstractFunction1<Iterator<UnitTask[]>, UnitText[]> implements Serializable {
        private static final long serialVersionUID = 1L;

        private final Sweep.PortableRunner portable;

        RunTask(final Sweep.PortableRunner portable) {
            this.portable = portable;
        }

        @Override
        public UnitText[] apply(final Iterator<UnitTask[]> partition) {
            final Sweep.PointRunner runner = ExecutorRunners.runner(portable);
            final List<UnitText> texts = new ArrayList<>();
            while (partition.hasNext()) {
                for (final UnitTask task : partition.next()) {
                    texts.add(task.run(runner));
                }
            }
            return texts.toArray(UnitText[]::new);
        }
    }
}
