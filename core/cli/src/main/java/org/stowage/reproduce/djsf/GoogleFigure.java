package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.djsf.PaperDjsf.PAPER_SEEDS;
import static org.stowage.reproduce.djsf.PaperDjsf.SEED;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.core.trace.GoogleBatchSample;
import org.stowage.core.trace.JobList;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.PlannedRuns;
import org.stowage.sweep.Sweep;

/**
 * An item on the Google batch: its points are batch seeds (all of them, or the first only), its runs one
 * kernel on one batch.
 */
abstract class GoogleFigure extends BatchFigure {
    private final GoogleBatches batches;
    private final boolean everySeed;

    /** @param everySeed every batch of the scale (20 at paper scale), else the first one only */
    GoogleFigure(final String name, final String title, final List<String> schedulers, final GoogleBatches batches,
                 final boolean everySeed) {
        super(name, title, schedulers);
        this.batches = batches;
        this.everySeed = everySeed;
    }

    @Override
    public final boolean readsGoogleTrace() {
        return true;
    }

    /** Loads the trace and samples the first batch, so that a bad trace fails before anything is written. */
    @Override
    public final void prepareInputs(final Scale scale, final long seed) {
        batches.batch(sweep(scale, seed).points().get(0).seed());
    }

    @Override
    Map<String, Object> inputs() {
        final Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("trace", "google2011:" + batches.taskEvents());
        inputs.put("batch", GoogleBatchSample.PAPER_JOBS + " kept tasks, uniform without replacement, durations / "
            + GoogleBatchSample.PAPER_SPEEDUP);
        inputs.put("servers", GoogleBatchSample.PAPER_MACHINES + " x " + GoogleBatchSample.PAPER_MACHINE_CAPACITY
            + " per resource");
        return inputs;
    }

    @Override
    List<Sweep.Axis> axes(final Scale scale, final long seed) {
        return List.of(seedAxis(SEED, seed, everySeed && scale == Scale.PAPER ? PAPER_SEEDS : 1));
    }

    /** Whether the runs keep the use over time (Fig. 12). */
    boolean keepsUse() {
        return false;
    }

    /** The batch the runs at {@code point} share. */
    JobList batch(final Sweep.Point point) {
        return batches.batch(seedOf(point));
    }

    @Override
    public RunResult run(final Sweep.Point point, final String scheduler, final Scale scale,
                         final PlannedRuns runs) {
        return BatchRun.of(batch(point), GoogleBatches.cluster(), scheduler).result(keepsUse());
    }

    static long seedOf(final Sweep.Point point) {
        return Long.parseLong(point.text(SEED));
    }

    /** The finished runs by batch seed (in seed order), then by scheduler. */
    static Map<Long, Map<String, BatchRun>> bySeed(final List<Sweep.Unit> finished) {
        final Map<Long, Map<String, BatchRun>> runs = new LinkedHashMap<>();
        for (final Map.Entry<Map<String, String>, Map<String, BatchRun>> point : byPoint(finished).entrySet()) {
            runs.put(Long.parseLong(point.getKey().get(SEED)), point.getValue());
        }
        return runs;
    }

    /** The first batch's runs. */
    static Map<String, BatchRun> first(final List<Sweep.Unit> finished) {
        return bySeed(finished).values().iterator().next();
    }

    static long firstSeed(final List<Sweep.Unit> finished) {
        return bySeed(finished).keySet().iterator().next();
    }
}
