package org.stowage.reproduce;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.kernel.KernelDefinition;
import org.stowage.core.kernel.Kernels;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;
import org.stowage.terminal.InvalidValueException;

/**
 * A figure with kernels of the user's added to its curves or rows ({@code reproduce --add-scheduler}): they
 * run at every point of the figure's grid, beside its own schedulers and on the same seeds, and show in its
 * files, plot and table; the paper's claims are checked against the figure's own schedulers only, so they
 * read exactly as without the additions. The sweep's manifest lists the added kernels, so a directory never
 * mixes runs with and without them, and a rerun of the same command resumes as any figure does.
 */
public final class AddedSchedulers implements Figure {
    /** The manifest's input that lists the added kernels. */
    static final String INPUT = "added_schedulers";

    private final Figure base;
    private final List<String> added;

    private AddedSchedulers(final Figure base, final List<String> added) {
        this.base = base;
        this.added = List.copyOf(added);
    }

    /**
     * {@code base} with {@code added} (kernel specs) among its schedulers, after checking that each kernel can
     * run the figure's workload at {@code scale}.
     *
     * @param option the command-line option named in messages
     * @param runs   plans the runs the check makes (the command's, so the figure's runs reuse them)
     * @throws IllegalArgumentException in one line naming the option, the kernel and the figure, when the
     *                                  figure's schedulers are not kernels, a kernel is already one of them, or
     *                                  a kernel's requirements do not admit the figure's runs
     */
    public static Figure of(final Figure base, final List<String> added, final Scale scale, final String option,
                            final PlannedRuns runs) {
        if (added.isEmpty()) {
            return base;
        }
        if (!base.takesAddedKernels()) {
            throw new InvalidValueException(option, base.name() + " has no per-kernel"
                + " runs to add " + String.join(", ", added) + " to");
        }
        final Sweep sweep = base.sweep(scale, 0);
        final Sweep.Point first = sweep.points().get(0);
        for (final String kernel : added) {
            if (sweep.schedulers().contains(kernel)) {
                throw new InvalidValueException(option, kernel + " is already in "
                    + base.name());
            }
            RunSpec run;
            try {
                run = base.addedKernelRun(first, kernel, scale);
            } catch (final IllegalArgumentException e) {
                // the run's builder refuses a kernel its workload does not suit; say why in the figure's terms,
                // from the same workload run by one of the figure's own schedulers
                run = base.addedKernelRun(first, sweep.schedulers().get(0), scale);
                if (mismatch(Kernels.definitionOf(kernel), run, runs) == null) {
                    throw new InvalidValueException(option, kernel + " cannot run " + base.name() + ": "
                        + e.getMessage(), e);
                }
            }
            final String mismatch = mismatch(Kernels.definitionOf(kernel), run, runs);
            if (mismatch != null) {
                throw new InvalidValueException(option, kernel + " cannot run "
                    + base.name() + ": " + mismatch);
            }
        }
        return new AddedSchedulers(base, added);
    }

    /**
     * Why the kernel of {@code definition} cannot run {@code run}, or null when its requirements admit it:
     * resources, time mode, power-of-two capacities, discrete job types in the model, and a plan a planner
     * can make from the model.
     */
    static String mismatch(final KernelDefinition definition, final RunSpec run, final PlannedRuns runs) {
        final var requirements = definition.requirements();
        if (run.dimensions() > requirements.maxDimensions()) {
            return "it handles " + requirements.maxDimensions() + " resource(s), the figure's runs have "
                + run.dimensions();
        }
        if (!requirements.timeModes().contains(run.timeMode())) {
            return "it runs in " + requirements.timeModes() + " time, the figure's runs are " + run.timeMode();
        }
        if (requirements.powerOfTwoCapacities() && !powerOfTwoCapacities(run)) {
            return "it needs server capacities of the largest / 2^e, the figure's servers differ";
        }
        if (requirements.discreteTypes() && !run.resolvedModel().jobClasses().allExact()) {
            return "it needs job types of fixed sizes in the model, the figure's jobs have none";
        }
        if (requirements.planType() != null) {
            try {
                runs.planned(run);
            } catch (final IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        return null;
    }

    private static boolean powerOfTwoCapacities(final RunSpec run) {
        final int[] capacities = run.capacities();
        final int dimensions = run.dimensions();
        for (int d = 0; d < dimensions; d++) {
            int largest = 0;
            for (int s = d; s < capacities.length; s += dimensions) {
                largest = Math.max(largest, capacities[s]);
            }
            for (int s = d; s < capacities.length; s += dimensions) {
                final int capacity = capacities[s];
                if (capacity <= 0 || largest % capacity != 0 || Integer.bitCount(largest / capacity) != 1) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The kernels added. */
    public List<String> added() {
        return added;
    }

    /** The kernels added to the figure whose grid is {@code sweep} (none for a figure as the paper draws it). */
    public static List<String> in(final Sweep sweep) {
        final Object added = sweep.inputs().get(INPUT);
        final List<String> names = new ArrayList<>();
        if (added instanceof List<?> list) {
            for (final Object name : list) {
                names.add(String.valueOf(name));
            }
        }
        return names;
    }

    @Override
    public String name() {
        return base.name();
    }

    @Override
    public String title() {
        return base.title();
    }

    @Override
    public boolean readsGoogleTrace() {
        return base.readsGoogleTrace();
    }

    @Override
    public Sweep sweep(final Scale scale, final long seed) {
        final Sweep own = base.sweep(scale, seed);
        final List<String> schedulers = new ArrayList<>(own.schedulers());
        schedulers.addAll(added);
        final Map<String, Object> inputs = new LinkedHashMap<>(own.inputs());
        inputs.put(INPUT, added);
        return new Sweep(schedulers, own.axes(), own.replications(), own.baseSeed(), inputs);
    }

    @Override
    public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale,
                         final PlannedRuns runs) {
        return base.run(point, scheduler, scale, runs);
    }

    @Override
    public RunSpec spec(final Sweep.Point point, final String scheduler, final Scale scale) {
        return base.spec(point, scheduler, scale);
    }

    @Override
    public void prepareInputs(final Scale scale, final long seed) {
        base.prepareInputs(scale, seed);
    }

    @Override
    public double cost(final Sweep.Point point, final String scheduler, final Scale scale) {
        return base.cost(point, scheduler, scale);
    }

    @Override
    public boolean takesAddedKernels() {
        return true;
    }

    @Override
    public RunSpec addedKernelRun(final Sweep.Point point, final String scheduler, final Scale scale) {
        return base.addedKernelRun(point, scheduler, scale);
    }

    @Override
    public void render(final Path directory, final Sweep sweep, final List<Sweep.Unit> finished) throws IOException {
        base.render(directory, sweep, finished);
    }

    /** The figure's own units: those of the schedulers it declares. */
    private List<Sweep.Unit> own(final List<Sweep.Unit> finished) {
        final List<Sweep.Unit> own = new ArrayList<>();
        for (final Sweep.Unit unit : finished) {
            if (!added.contains(unit.scheduler())) {
                own.add(unit);
            }
        }
        return own;
    }

    @Override
    public List<Claim> claims(final Sweep sweep, final List<Sweep.Unit> finished) {
        return base.claims(sweep, own(finished));
    }

    @Override
    public void report(final PrintWriter out, final Sweep sweep, final List<Sweep.Unit> finished) {
        base.report(out, sweep, finished);
        out.println("Added with --add-scheduler (not in the paper; no claim reads them): " + String.join(", ", added)
            + ".");
    }
}
