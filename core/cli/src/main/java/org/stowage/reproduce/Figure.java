package org.stowage.reproduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import org.stowage.core.experiment.RunSpec;
import org.stowage.sweep.Sweep;

/**
 * One figure of a paper: the grid it runs, how one point becomes a run, its plot and data, and the
 * paper's claims checked against our results.
 */
public interface Figure {
    /** Command-line name, for example {@code fig3a}. */
    String name();

    /** What the figure shows, one line. */
    String title();

    /** The grid at {@code scale}, with every point seed derived from {@code seed}. */
    Sweep sweep(Scale scale, long seed);

    /** The run of {@code scheduler} at {@code point}. */
    RunSpec spec(Sweep.Point point, String scheduler, Scale scale);

    /**
     * A relative estimate of the run's cost (see {@link Sweep.PointRunner#cost}); the same for every run
     * unless the figure knows better.
     */
    default double cost(final Sweep.Point point, final String scheduler, final Scale scale) {
        return 1;
    }

    /** Writes the figure's CSV, PNG and SVG into {@code directory}. */
    void render(Path directory, Sweep sweep, List<Sweep.Unit> finished) throws IOException;

    /** The paper's claims for this figure, checked against {@code finished}. */
    List<Claim> claims(Sweep sweep, List<Sweep.Unit> finished);

    /** Prints the figure's own table (verdicts or averages) and notes. */
    void report(PrintWriter out, Sweep sweep, List<Sweep.Unit> finished);
}
