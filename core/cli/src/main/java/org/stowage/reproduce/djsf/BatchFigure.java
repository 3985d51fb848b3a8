package org.stowage.reproduce.djsf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.experiment.RunResult;
import org.stowage.reproduce.Figure;
import org.stowage.reproduce.Scale;
import org.stowage.sweep.ResultFiles;
import org.stowage.sweep.Sweep;

/**
 * A figure or table of Hu and Li 2022: each unit is one batch run ({@link BatchRun}) of a scheduler at a point
 * (a batch seed, and for some items a prediction error), kept with the arrays the item reads, so the item is
 * drawn, tabled and checked from its finished units like every other figure. One replication per point: the
 * batch seeds are the points, listed in the sweep's axis.
 */
public abstract class BatchFigure implements Figure {
    private final String name;
    private final String title;
    private final List<String> schedulers;

    BatchFigure(final String name, final String title, final List<String> schedulers) {
        this.name = name;
        this.title = title;
        this.schedulers = List.copyOf(schedulers);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String title() {
        return title;
    }

    /** The grid's axes at {@code scale} (none by default: one point). */
    List<Sweep.Axis> axes(final Scale scale, final long seed) {
        return List.of();
    }

    /** Inputs recorded in the manifest beside the figure, the scale and the grid. */
    Map<String, Object> inputs() {
        return Map.of();
    }

    @Override
    public final Sweep sweep(final Scale scale, final long seed) {
        final Map<String, Object> all = new LinkedHashMap<>();
        all.put("figure", name);
        all.put("scale", scale.name().toLowerCase(Locale.ROOT));
        all.putAll(inputs());
        return new Sweep(schedulers, axes(scale, seed), 1, seed, all);
    }

    /**
     * The finished runs read back, grouped by point (in grid order) and then by scheduler (in sweep order):
     * the first map's key is the point's coordinates.
     */
    static Map<Map<String, String>, Map<String, BatchRun>> byPoint(final List<Sweep.Unit> finished) {
        final Map<Map<String, String>, Map<String, BatchRun>> runs = new LinkedHashMap<>();
        for (final Sweep.Unit unit : finished) {
            runs.computeIfAbsent(unit.point().coordinates(), key -> new LinkedHashMap<>())
                .put(unit.scheduler(), BatchRun.of(unit.result()));
        }
        return runs;
    }

    /** The finished units' results by scheduler, for items of one point. */
    static Map<String, RunResult> results(final List<Sweep.Unit> finished) {
        final Map<String, RunResult> results = new LinkedHashMap<>();
        for (final Sweep.Unit unit : finished) {
            results.put(unit.scheduler(), unit.result());
        }
        return results;
    }

    /** Writes {@code text} as {@code directory/file} (whole or not at all). */
    static void write(final Path directory, final String file, final CharSequence text) throws IOException {
        Files.createDirectories(directory);
        ResultFiles.writeString(directory.resolve(file), text.toString());
    }

    /** The values of the batch-seed axis: {@code count} seeds from {@code first} on. */
    static Sweep.Axis seedAxis(final String axis, final long first, final int count) {
        final List<String> seeds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            seeds.add(Long.toString(first + i));
        }
        return new Sweep.Axis(axis, seeds);
    }
}
