package org.stowage.reproduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;

/**
 * One figure or table of a paper: the grid it runs (a {@link Sweep}: points x schedulers x replications), how
 * one unit runs, and, from the finished units only, its files, its table and the paper's claims checked
 * against our results. Because everything after the runs is read from the units, a figure resumes after an
 * interruption and runs on any {@link org.stowage.sweep.SweepEngine} (threads, Spark) with the same files.
 *
 * <p>Figures are declared by their paper ({@link Paper}) and found by name in {@link Figures}.
 */
public interface Figure {
    /** Command-line name, for example {@code fig3a}. */
    String name();

    /** What the figure shows, one line. */
    String title();

    /** Whether its runs read the Google 2011 task_events ({@code reproduce --trace}). */
    default boolean readsGoogleTrace() {
        return false;
    }

    /**
     * Whether its runs read the Alibaba openb pod lists (the FGD figures; {@code reproduce --trace} names their
     * folder, {@code alibaba-gpu-2023}).
     */
    default boolean readsOpenbTrace() {
        return false;
    }

    /** The grid at {@code scale}, with every point seed derived from {@code seed}. */
    Sweep sweep(Scale scale, long seed);

    /**
     * The plain simulation run of {@code scheduler} at {@code point}, for a figure whose units are such runs
     * (so that the command can make and check every run before anything is written); null for a figure whose
     * units are computed otherwise (a batch of the trace, a table).
     */
    default RunSpec spec(final Sweep.Point point, final String scheduler, final Scale scale) {
        return null;
    }

    /**
     * Reads what the figure's runs read (a trace), so that an unreadable input fails before anything is
     * written; figures whose inputs are all made in code have nothing to do.
     *
     * @throws IllegalArgumentException or an unchecked trace error, naming the input
     */
    default void prepareInputs(final Scale scale, final long seed) {
    }

    /**
     * Runs {@code scheduler} at {@code point}: one unit of the sweep, its plans (if its kernel reads one) made
     * by {@code runs}, which the sweep's units share. Called concurrently; must not share mutable state.
     */
    RunResult run(Sweep.Point point, String scheduler, Scale scale, PlannedRuns runs);

    /**
     * A relative estimate of the run's cost (see {@link Sweep.PointRunner#cost}); the same for every run
     * unless the figure knows better.
     */
    default double cost(final Sweep.Point point, final String scheduler, final Scale scale) {
        return 1;
    }

    /**
     * Whether another kernel can join the figure's schedulers ({@code reproduce --add-scheduler}): its runs
     * are one per kernel and its files, plot and table show whatever schedulers ran. Not so for a figure whose
     * curves are settings of one kernel, or a table of the paper's kernels only.
     */
    default boolean takesAddedKernels() {
        return false;
    }

    /**
     * The run that a kernel added to this figure would make at {@code point}, so that its requirements can be
     * checked against the figure's workload before anything runs. Only for a figure that
     * {@link #takesAddedKernels}.
     */
    default RunSpec addedKernelRun(final Sweep.Point point, final String scheduler, final Scale scale) {
        throw new UnsupportedOperationException(name() + " takes no added kernel");
    }

    /** Writes the figure's CSV, PNG and SVG into {@code directory}. */
    void render(Path directory, Sweep sweep, List<Sweep.Unit> finished) throws IOException;

    /** The paper's claims for this figure, checked against {@code finished}. */
    List<Claim> claims(Sweep sweep, List<Sweep.Unit> finished);

    /** Prints the figure's own table (verdicts or averages) and notes. */
    void report(PrintWriter out, Sweep sweep, List<Sweep.Unit> finished);
}
