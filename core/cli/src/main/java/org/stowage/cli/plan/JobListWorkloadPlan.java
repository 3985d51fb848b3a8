package org.stowage.cli.plan;

import static org.stowage.cli.plan.WorkloadSettings.HORIZON;
import static org.stowage.cli.plan.WorkloadSettings.JOBS;
import static org.stowage.cli.plan.WorkloadSettings.RESOLUTION;
import static org.stowage.cli.plan.WorkloadSettings.SERVERS;
import static org.stowage.cli.plan.WorkloadSettings.WARMUP;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.cli.spec.ServersSpec;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;
import org.stowage.terminal.InvalidValueException;
import org.stowage.theory.lotes.JobClustering;
import org.stowage.theory.lotes.KMeansClasses;

/**
 * A user's job list ({@code --jobs FILE.csv}): its jobs at their arrival times, in the file's time unit, on
 * the servers of {@code --servers}, to completion unless {@code --horizon} says otherwise. A bad row is the
 * loader's one-line error (file, line, column, value). When a scheduler reads a LoTES plan, the jobs get
 * k-means classes of the list's first hours ({@code --classes}; the list's times read as seconds for the
 * window) and the plan is solved here, before any output.
 */
public final class JobListWorkloadPlan extends WorkloadPlan {
    private final JobList list;

    /** The LoTES plan when a scheduler reads one, else null. */
    private final LotesPlan lotes;

    private JobListWorkloadPlan(final WorkloadSettings settings, final TimeMode mode, final Units units,
                                final ServerTable cluster, final Model model, final double horizon, final double warmup,
                                final JobList list, final LotesPlan lotes) {
        super(settings, mode, units, cluster, model, horizon, warmup, seed -> list.workload(mode, 1.0));
        this.list = list;
        this.lotes = lotes;
    }

    public static JobListWorkloadPlan of(final WorkloadSettings settings, final Context context) {
        final Path file = settings.get(JOBS);
        if (!Files.isRegularFile(file)) {
            throw new InvalidValueException("--jobs", "'" + file + "' is not a readable file");
        }
        final TimeMode mode = timeMode(settings);
        final Units units = units(settings.get(RESOLUTION));
        final String classesSpec = settings.get(WorkloadSettings.CLASSES);
        final JobClustering.Options clustering = LotesPlans.clusteringFor(settings, context.schedulers());
        Horizons.requireWholeSlots(settings.get(HORIZON), settings.get(WARMUP), mode);
        final double horizon = settings.get(HORIZON) != null ? Horizons.checkHorizon(settings.get(HORIZON))
            : Double.POSITIVE_INFINITY;
        final double warmup = Horizons.checkWarmup(settings.get(WARMUP) != null ? settings.get(WARMUP) : 0, horizon);
        final ServersSpec servers = settings.get(SERVERS);
        JobList.Limits limits = JobList.Limits.NONE
            .withTimesBelow(Horizons.MAX_HORIZON, "a simulation's times are exact only up to 2^53")
            .withSizesAtMost(servers.largestCapacityUnits(units, Units.MAX_DIMENSIONS), "no server of "
                + settings.describe(SERVERS) + " holds it, so it would be rejected");
        if (mode == TimeMode.SLOTTED) {
            limits = limits.withWholeTimes(settings.describe(WorkloadSettings.TIME_MODE) + " needs whole slots (use"
                + " --time-mode continuous)");
        }
        final JobList list;
        try {
            list = JobList.load(file, units, limits);
        } catch (final OutOfMemoryError e) {
            // nothing is kept: the arrays being read are garbage now
            throw new InvalidValueException("--jobs", "'" + file + "': reading its "
                + MemoryCheck.size(fileBytes(file)) + " ran out of the " + MemoryCheck.size(context.heapLimit())
                + " of heap this JVM may use (" + JOB_BYTES + " + 4 B per resource per job, and a copy while the"
                + " arrays grow); rerun with a larger -Xmx (java -Xmx8g -jar stowage.jar, or JAVA_OPTS=-Xmx8g"
                + " bin/stowage)", e);
        }
        final ServerTable cluster = cluster(settings, units, list.dimensions(), "--jobs " + file, context.heapLimit());
        final org.stowage.core.model.ServerClasses classes = Model.of(cluster).serverClasses();
        final int[] size = new int[list.dimensions()];
        for (int i = 0; i < list.count(); i++) {
            for (int d = 0; d < size.length; d++) {
                size[d] = list.size(i, d);
            }
            if (!fitsSomeServer(classes, size)) {
                throw new InvalidValueException("--jobs", "'" + file + "': a job arriving at "
                    + list.arrival(i) + " needs " + real(units, size) + ", which no server of "
                    + settings.describe(SERVERS) + " holds (each is too small on some resource), so it would be"
                    + " rejected");
            }
        }
        Model model = Model.of(cluster);
        JobList jobs = list;
        LotesPlan lotes = null;
        if (LotesPlans.needed(context.schedulers())) {
            // k-means classes of the list's first hours and the plan, as for a trace, made here so that a
            // refusal comes before any output
            requireNoClassColumn(list, file);
            final KMeansClasses jobClasses = LotesPlans.classes(list, clustering, classesSpec, file.toString());
            jobs = list.withClasses(jobClasses.classify(list));
            lotes = LotesPlans.solve(cluster, units, jobClasses, JobClustering.LIST_TIME_UNIT_HOURS, "--jobs");
            model = model.withPlan(lotes);
        }
        return new JobListWorkloadPlan(settings, mode, units, cluster, model, horizon, warmup, jobs, lotes);
    }

    /**
     * Refuses a list whose class column gives classes when LoTES makes its own: replacing them would drop the
     * user's classes silently.
     */
    private static void requireNoClassColumn(final JobList list, final Path file) {
        for (int i = 0; i < list.count(); i++) {
            if (list.jobClass(i) != 0) {
                throw new InvalidValueException("--jobs", "'" + file + "': the job arriving at "
                    + list.arrival(i) + " has class " + list.jobClass(i) + ", but LoTES makes its job classes by"
                    + " k-means (--classes) and would replace the file's; drop the class column to run LoTES");
            }
        }
    }

    /** Bytes a job list keeps per job, besides 4 per resource (JobList's arrays). */
    private static final int JOB_BYTES = 28;

    private static long fileBytes(final Path file) {
        try {
            return Files.size(file);
        } catch (final java.io.IOException e) {
            return 0;
        }
    }

    /** The most jobs arriving at one instant: all of them live at once, at least. */
    private long simultaneousArrivals() {
        long most = 0;
        for (int i = 0, run = 0; i < list.count(); i++) {
            run = i > 0 && list.arrival(i) == list.arrival(i - 1) ? run + 1 : 1;
            most = Math.max(most, run);
        }
        return most;
    }

    @Override
    void sourceInputs(final Map<String, Object> inputs) {
        inputs.put("jobs_file", settings.get(JOBS).toString());
        inputs.put("jobs", list.count());
        inputs.put("servers", settings.get(SERVERS).text());
        inputs.put("resources", list.dimensions());
        if (lotes != null) {
            inputs.put("classes", settings.get(WorkloadSettings.CLASSES));
        }
    }

    @Override
    void sourceArguments(final List<String> arguments) {
        arguments.addAll(List.of("--jobs", settings.get(JOBS).toString(), "--servers", settings.get(SERVERS).text()));
        if (settings.isGiven(WorkloadSettings.CLASSES)) {
            arguments.addAll(List.of("--classes", settings.get(WorkloadSettings.CLASSES)));
        }
    }

    @Override
    public String description() {
        return String.format(Locale.ROOT, "%d servers (%s), %,d jobs from %s (%d resource(s)%s), %s, horizon %s",
            cluster.count(), settings.get(SERVERS), list.count(), settings.get(JOBS), list.dimensions(),
            list.predictionCount() > 0 ? ", " + list.predictionCount() + " predicted durations" : "", modeName(),
            horizonText()) + (lotes == null ? "" : ", classes " + settings.get(WorkloadSettings.CLASSES)
            + " (list times read as seconds), " + LotesPlans.describe(lotes));
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
    public MemoryCheck.Need memory() {
        return MemoryCheck.Need.loaded(cluster.count(), cluster.dimensions(), simultaneousArrivals(),
            (long) list.count() * (JOB_BYTES + 4L * list.dimensions()), "--jobs", settings.get(JOBS).toString(),
            settings.get(SERVERS).text());
    }

    @Override
    public double expectedJobs() {
        return list.count();
    }
}
