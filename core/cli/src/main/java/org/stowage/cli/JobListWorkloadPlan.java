package org.stowage.cli;

import static org.stowage.cli.WorkloadSettings.HORIZON;
import static org.stowage.cli.WorkloadSettings.JOBS;
import static org.stowage.cli.WorkloadSettings.RESOLUTION;
import static org.stowage.cli.WorkloadSettings.SERVERS;
import static org.stowage.cli.WorkloadSettings.WARMUP;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;

/**
 * A user's job list ({@code --jobs FILE.csv}): its jobs at their arrival times, in the file's time unit, on
 * the servers of {@code --servers}, to completion unless {@code --horizon} says otherwise. A bad row is the
 * loader's one-line error (file, line, column, value).
 */
final class JobListWorkloadPlan extends WorkloadPlan {
    private final JobList list;

    private JobListWorkloadPlan(final WorkloadSettings settings, final TimeMode mode, final Units units,
                                final ServerTable cluster, final double horizon, final double warmup,
                                final JobList list) {
        super(settings, mode, units, cluster, Model.of(cluster), horizon, warmup, seed -> list.workload(mode, 1.0));
        this.list = list;
    }

    static JobListWorkloadPlan of(final WorkloadSettings settings, final Context context) {
        final Path file = settings.get(JOBS);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("invalid value for --jobs: '" + file + "' is not a readable file");
        }
        final TimeMode mode = timeMode(settings);
        final Units units = units(settings.get(RESOLUTION));
        final double horizon = settings.get(HORIZON) != null ? Horizons.checkHorizon(settings.get(HORIZON))
            : Double.POSITIVE_INFINITY;
        final double warmup = Horizons.checkWarmup(settings.get(WARMUP) != null ? settings.get(WARMUP) : 0, horizon);
        final JobList list = JobList.load(file, units);
        final ServerTable cluster = cluster(settings, units, list.dimensions(), "--jobs " + file, context.heapLimit());
        return new JobListWorkloadPlan(settings, mode, units, cluster, horizon, warmup, list);
    }

    @Override
    void sourceInputs(final Map<String, Object> inputs) {
        inputs.put("jobs_file", settings.get(JOBS).toString());
        inputs.put("jobs", list.count());
        inputs.put("servers", settings.get(SERVERS).text());
        inputs.put("resources", list.dimensions());
    }

    @Override
    void sourceArguments(final List<String> arguments) {
        arguments.addAll(List.of("--jobs", settings.get(JOBS).toString(), "--servers", settings.get(SERVERS).text()));
    }

    @Override
    String description() {
        return String.format(Locale.ROOT, "%d servers (%s), %,d jobs from %s (%d resource(s)%s), %s, horizon %s",
            cluster.count(), settings.get(SERVERS), list.count(), settings.get(JOBS), list.dimensions(),
            list.predictionCount() > 0 ? ", " + list.predictionCount() + " predicted durations" : "", modeName(),
            horizonText());
    }

    @Override
    String dimensionsWords() {
        return settings.describe(JOBS);
    }

    @Override
    String jobsWords() {
        return settings.describe(JOBS);
    }

    @Override
    MemoryCheck.Need memory() {
        return MemoryCheck.Need.servers(cluster.count(), cluster.dimensions(), "--servers", settings.get(SERVERS).text());
    }

    @Override
    double expectedJobs() {
        return list.count();
    }
}
