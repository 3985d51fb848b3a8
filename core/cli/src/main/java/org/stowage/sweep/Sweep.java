package org.stowage.sweep;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

import org.stowage.core.engine.Seeds;
import org.stowage.core.experiment.RunResult;

/**
 * A grid of runs: schedulers x parameter points x replications, run in parallel, each finished run
 * written to its own file at once so an interrupted sweep resumes where it stopped.
 *
 * <h2>Determinism</h2>
 * A point's seed is derived from the base seed and the point's coordinates and replication only (not its
 * position in the grid, not the scheduler, not the thread that runs it), so every scheduler at a point
 * sees the same jobs and the results are byte-identical whatever the thread count or completion order.
 * Files are assembled in grid order at the end.
 *
 * <h2>Files (in the output directory)</h2>
 * <ul>
 *   <li>{@code manifest.json}: every input (written first; a rerun must find the same manifest, so a
 *       directory never mixes two different sweeps);</li>
 *   <li>{@code runs/u-NNNNN.json}: one finished run, written to a temporary file and renamed (a reader
 *       or a rerun never sees half a file); a rerun skips every unit whose file reads back, and runs again
 *       (with a note naming the file) a unit whose file does not: empty, cut short or damaged by something
 *       other than this program;</li>
 *   <li>{@code results.csv} (tidy: axes..., scheduler, replication, metric, value) and
 *       {@code summary.csv} (axes..., scheduler, metric, n, mean, ci95_low, ci95_high over replications),
 *       written by {@link SweepFiles} once every unit has finished.</li>
 * </ul>
 *
 * <h2>Engines</h2>
 * Where the units run is a {@link SweepEngine}: a thread pool in this JVM, or (module stowage-spark) a
 * Spark cluster. The engine only runs units and hands each result back; this class decides what runs and
 * writes every file, so all engines write the same files.
 *
 * <p>The sweep itself is a description; {@link #run} may be called once per output directory. The
 * runner is called concurrently from worker threads, so it must not share mutable state between runs
 * (the simulator core has none).
 */
public final class Sweep {
    /** Runs one scheduler at one point. */
    @FunctionalInterface
    public interface PointRunner {
        RunResult run(Point point, String scheduler);

        /**
         * A relative estimate of what the run costs (for example its expected number of arrivals); engines
         * that spread units over many machines start the costliest first, so no long run is left for the end.
         * Only the order of the estimates matters; every run costs the same by default.
         */
        default double cost(final Point point, final String scheduler) {
            return 1;
        }
    }

    /**
     * A {@link PointRunner} as data, for engines that run units in other JVMs: it is serialised there and
     * {@link #rebuild}s the same runner, for example by parsing the same command-line arguments, so every
     * JVM plans a point exactly as this one does. Equal recipes must rebuild equal runners, and recipes
     * should have value equality (a record), so that an engine can rebuild each recipe once per JVM rather
     * than once per unit.
     */
    @FunctionalInterface
    public interface PortableRunner extends Serializable {
        /** The runner, built in the JVM that calls this (possibly slow: it may parse arguments or load traces). */
        PointRunner rebuild();
    }

    /**
     * What every unit of a sweep runs.
     *
     * @param runner   runs a unit in this JVM
     * @param portable rebuilds an equal runner in another JVM; null when the work can run only here
     */
    public record Work(PointRunner runner, PortableRunner portable) {
        public Work {
            Objects.requireNonNull(runner, "runner");
        }
    }

    /** One axis of the grid: a name and its values in order (as text, exactly as they appear in files). */
    public record Axis(String name, List<String> values) {
        public Axis {
            Objects.requireNonNull(name, "name");
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("axis " + name + " needs at least one value");
            }
        }

        /** An axis of numbers, written in their shortest exact decimal form. */
        public static Axis of(final String name, final double... values) {
            final List<String> text = new ArrayList<>();
            for (final double value : values) {
                text.add(SweepFiles.number(value));
            }
            return new Axis(name, text);
        }
    }

    /**
     * One point of the grid and replication.
     *
     * @param coordinates axis name to value, in axis order
     * @param replication 0-based replication index
     * @param seed        the seed of every run at this point and replication
     */
    public record Point(Map<String, String> coordinates, int replication, long seed) {
        public Point {
            coordinates = Collections.unmodifiableMap(new LinkedHashMap<>(coordinates));
        }

        /** An axis value as a number. */
        public double number(final String axis) {
            final String value = coordinates.get(axis);
            if (value == null) {
                throw new IllegalArgumentException("no axis '" + axis + "' at this point: " + coordinates);
            }
            return Double.parseDouble(value);
        }

        /** {@code at intensity=0.9, replication 0}: where this point is, for a message. */
        public String where() {
            final StringBuilder text = new StringBuilder("at ");
            coordinates.forEach((axis, value) -> text.append(axis).append('=').append(value).append(", "));
            return text.append("replication ").append(replication).toString();
        }

        public String text(final String axis) {
            final String value = coordinates.get(axis);
            if (value == null) {
                throw new IllegalArgumentException("no axis '" + axis + "' at this point: " + coordinates);
            }
            return value;
        }
    }

    /**
     * What {@link #run} did.
     *
     * @param notes one line per thing worth telling that did not stop the sweep (a unit file that could not
     *              be read back and was run again)
     */
    public record Outcome(int units, int executed, int skipped, boolean complete, List<Unit> finished,
                          List<String> notes) {
    }

    /** One unit of work: a scheduler at a point; {@code result} is null until it has run. */
    public record Unit(int index, Point point, String scheduler, RunResult result) {
    }

    private final List<String> schedulers;
    private final List<Axis> axes;
    private final int replications;
    private final long baseSeed;
    private final Map<String, Object> inputs;

    /**
     * @param schedulers   scheduler specs, in table order
     * @param axes         the grid's axes (possibly none: a single point)
     * @param replications independent replications per point (&gt;= 1)
     * @param baseSeed     the seed every point seed is derived from
     * @param inputs       every other input, recorded in the manifest (must be JSON-serialisable)
     */
    public Sweep(final List<String> schedulers, final List<Axis> axes, final int replications, final long baseSeed,
                 final Map<String, Object> inputs) {
        if (schedulers.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one scheduler");
        }
        if (replications < 1) {
            throw new IllegalArgumentException("replications must be >= 1: " + replications);
        }
        this.schedulers = List.copyOf(schedulers);
        this.axes = List.copyOf(axes);
        this.replications = replications;
        this.baseSeed = baseSeed;
        this.inputs = Collections.unmodifiableMap(new LinkedHashMap<>(inputs));
    }

    public List<String> schedulers() {
        return schedulers;
    }

    public List<Axis> axes() {
        return axes;
    }

    public int replications() {
        return replications;
    }

    public long baseSeed() {
        return baseSeed;
    }

    public Map<String, Object> inputs() {
        return inputs;
    }

    /** Every point and replication in grid order: the first axis varies slowest, replications fastest. */
    public List<Point> points() {
        final List<Point> points = new ArrayList<>();
        final int[] position = new int[axes.size()];
        while (true) {
            final Map<String, String> coordinates = new LinkedHashMap<>();
            for (int a = 0; a < axes.size(); a++) {
                coordinates.put(axes.get(a).name(), axes.get(a).values().get(position[a]));
            }
            for (int r = 0; r < replications; r++) {
                points.add(new Point(coordinates, r, seedOf(coordinates, r)));
            }
            int a = axes.size() - 1;
            while (a >= 0 && ++position[a] == axes.get(a).values().size()) {
                position[a] = 0;
                a--;
            }
            if (a < 0) {
                return points;
            }
        }
    }

    /** Every unit in grid order: points, then schedulers. */
    public List<Unit> units() {
        final List<Unit> units = new ArrayList<>();
        for (final Point point : points()) {
            for (final String scheduler : schedulers) {
                units.add(new Unit(units.size(), point, scheduler, null));
            }
        }
        return units;
    }

    /**
     * The seed of a point: the base seed mixed with a 64-bit FNV-1a hash of the coordinates' text and the
     * replication, so it depends on what the point is, never on where it sits in the grid.
     */
    long seedOf(final Map<String, String> coordinates, final int replication) {
        long hash = 0xCBF29CE484222325L;
        final StringBuilder key = new StringBuilder();
        coordinates.forEach((name, value) -> key.append(name).append('=').append(value).append(';'));
        key.append("replication=").append(replication);
        for (final byte b : key.toString().getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xFF)) * 0x100000001B3L;
        }
        return Seeds.derive(baseSeed, hash);
    }

    /**
     * Runs every unit not yet finished in {@code directory} on {@code threads} threads of this JVM, then writes
     * the assembled files; see {@link #run(Path, Work, SweepEngine, int, IntConsumer)}.
     */
    public Outcome run(final Path directory, final PointRunner runner, final int threads, final int maxUnits,
                       final IntConsumer progress) {
        return run(directory, runner, threads, maxUnits, progress, note -> { });
    }

    /**
     * As {@link #run(Path, PointRunner, int, int, IntConsumer)}, telling {@code notes} at once about each
     * unit file that exists but cannot be read back (a crash while it was written by another tool, a full
     * disk, a hand edit): such a unit is run again and its file replaced, and the note names the file.
     */
    public Outcome run(final Path directory, final PointRunner runner, final int threads, final int maxUnits,
                       final IntConsumer progress, final Consumer<String> notes) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1: " + threads);
        }
        try (SweepEngine engine = SweepEngine.threads(threads)) {
            return run(directory, new Work(runner, null), engine, maxUnits, progress, notes);
        }
    }

    /** As {@link #run(Path, Work, SweepEngine, int, IntConsumer, Consumer)}, with no one told about notes. */
    public Outcome run(final Path directory, final Work work, final SweepEngine engine, final int maxUnits,
                       final IntConsumer progress) {
        return run(directory, work, engine, maxUnits, progress, note -> { });
    }

    /**
     * Runs every unit not yet finished in {@code directory} on {@code engine}, then writes the assembled
     * files. Stops early, leaving the sweep incomplete, after {@code maxUnits} units have run (to bound a
     * session, or to test resumption). Whatever the engine, each finished run is written here, in this JVM,
     * as soon as the engine hands it back, and the assembled files come from the same code, so every engine
     * writes the same files.
     *
     * @param progress receives the number of finished units (skipped ones included), from any thread
     * @param notes    told at once about each unit file that exists but cannot be read back (it is run again)
     */
    public Outcome run(final Path directory, final Work work, final SweepEngine engine, final int maxUnits,
                       final IntConsumer progress, final Consumer<String> notes) {
        try {
            SweepFiles.prepare(directory, this);
            final List<Unit> units = units();
            final List<Unit> finished = new ArrayList<>(Collections.nCopies(units.size(), null));
            final List<Unit> todo = new ArrayList<>();
            final List<String> told = new ArrayList<>();
            for (final Unit unit : units) {
                RunResult done;
                try {
                    done = SweepFiles.readUnit(directory, unit);
                } catch (final SweepFiles.UnreadableUnit e) {
                    final String note = "note: " + e.getMessage() + "; running it again";
                    told.add(note);
                    notes.accept(note);
                    done = null;
                }
                if (done != null) {
                    finished.set(unit.index(), new Unit(unit.index(), unit.point(), unit.scheduler(), done));
                } else {
                    todo.add(unit);
                }
            }
            final int skipped = units.size() - todo.size();
            final List<Unit> batch = List.copyOf(todo.subList(0, Math.min(todo.size(), maxUnits)));
            final AtomicInteger done = new AtomicInteger(skipped);
            progress.accept(skipped);
            engine.run(batch, work, (unit, result) -> {
                final Unit ran = new Unit(unit.index(), unit.point(), unit.scheduler(), result);
                SweepFiles.writeUnit(directory, ran);
                synchronized (finished) {
                    if (finished.get(ran.index()) != null) {
                        throw new IllegalStateException(engine.description() + " finished unit " + ran.index() + " twice");
                    }
                    finished.set(ran.index(), ran);
                }
                progress.accept(done.incrementAndGet());
            });
            for (final Unit unit : batch) {
                if (finished.get(unit.index()) == null) {
                    throw new IllegalStateException(engine.description() + " returned without running unit " + unit.index());
                }
            }
            final boolean complete = batch.size() == todo.size();
            if (complete) {
                SweepFiles.writeResults(directory, this, finished);
            }
            return new Outcome(units.size(), batch.size(), skipped, complete,
                complete ? List.copyOf(finished) : List.of(), List.copyOf(told));
        } catch (final IOException e) {
            throw new UncheckedIOException("sweep output " + directory + ": " + e.getMessage(), e);
        }
    }
}
