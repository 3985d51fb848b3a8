package org.stowage.reproduce.djsf;

import static org.stowage.reproduce.djsf.PaperDjsf.UNITS;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.GoogleBatchSample;
import org.stowage.core.trace.GoogleJobs;
import org.stowage.core.trace.JobList;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.core.trace.TraceFormat;
import org.stowage.core.trace.TraceOptions;
import org.stowage.core.trace.TraceSpec;

/**
 * The Google 2011 sample the batch items draw from, loaded on first use (as tasks and as jobs, in one read)
 * and shared by the items of one registry, and the batch of each seed and unit (read-only once made).
 * Thread-safe.
 */
final class GoogleBatches {
    private final Path taskEvents;
    private GoogleJobs jobs;
    private final Map<Long, JobList> bySeed = new LinkedHashMap<>();
    private final Map<Long, JobList> jobsBySeed = new LinkedHashMap<>();

    GoogleBatches(final Path taskEvents) {
        this.taskEvents = taskEvents;
    }

    Path taskEvents() {
        return taskEvents;
    }

    private GoogleJobs load() {
        if (jobs == null) {
            if (taskEvents == null || !Files.isDirectory(taskEvents)) {
                throw new IllegalArgumentException("the DJSF Google batch needs the Google 2011 task_events: none"
                    + " at " + taskEvents + " (pass --trace DIR)");
            }
            jobs = GoogleJobs.load(TraceSpec.of(TraceFormat.GOOGLE_2011, taskEvents),
                TraceOptions.defaults().withDimensions(3));
        }
        return jobs;
    }

    /** The 1000-task batch of {@code seed}. */
    synchronized JobList batch(final long seed) {
        final LoadedTrace trace = load().tasks();
        return bySeed.computeIfAbsent(seed, key -> GoogleBatchSample.sample(trace, GoogleBatchSample.PAPER_JOBS, key,
            GoogleBatchSample.PAPER_SPEEDUP));
    }

    /** The batch of 1000 Google jobs of {@code seed} (complete jobs that fit one machine of the cluster). */
    synchronized JobList jobBatch(final long seed) {
        final GoogleJobs all = load();
        return jobsBySeed.computeIfAbsent(seed, key -> GoogleBatchSample.sampleJobs(all, cluster(),
            GoogleBatchSample.PAPER_JOBS, key, GoogleBatchSample.PAPER_SPEEDUP));
    }

    /** The jobs and every skip, in one line, with the jobs above one machine that the batches leave out. */
    synchronized String jobsReport() {
        final GoogleJobs all = load();
        return all.report() + "; " + GoogleBatchSample.jobsAboveOneMachine(all, cluster()) + " complete jobs"
            + " above one machine of " + GoogleBatchSample.PAPER_MACHINE_CAPACITY + " left out";
    }

    /** A fresh cluster of the paper's reading: 20 machines of 0.33 on each of three resources. */
    static ServerTable cluster() {
        return GoogleBatchSample.paperCluster(UNITS, 3);
    }
}
