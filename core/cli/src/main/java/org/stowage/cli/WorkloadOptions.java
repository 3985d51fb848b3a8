package org.stowage.cli;

import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_ARRIVALS;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_INTENSITY_BASIS;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_RESOLUTION;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_SERVERS;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_SERVICE;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_SIZES;
import static org.stowage.cli.plan.WorkloadSettings.DEFAULT_TIME_MODE;

import java.nio.file.Path;

import org.stowage.cli.plan.WorkloadPlan;
import org.stowage.cli.plan.WorkloadSettings;
import org.stowage.cli.spec.ArrivalsSpec;
import org.stowage.cli.spec.ServersSpec;
import org.stowage.cli.spec.ServiceSpec;
import org.stowage.cli.spec.SizesSpec;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The cluster, workload and time options of {@code run} and {@code sweep}, as picocli parses them: an option
 * not given stays null, so {@link #settings()} knows what the user gave (defaults live in
 * {@link WorkloadSettings}). What the options mean together is {@link WorkloadPlan}'s business.
 */
final class WorkloadOptions {
    @Option(names = "--trace", paramLabel = "SPEC",
        description = "Replay a real trace instead of generating jobs: google2011:DIR, swf:FILE or alibaba:DIR "
            + "(then --sizes, --arrivals, --service, --intensity, --intensity-basis and --lambda do not apply;"
            + " see trace-summary).")
    String trace;

    @Option(names = "--jobs", paramLabel = "FILE.csv",
        description = "Run the jobs of a CSV file (header arrival,duration,r1[,r2...][,class][,predicted_duration];"
            + " sizes as fractions of a unit server; arrival 0 for a batch; whole times in slotted time) to completion"
            + " instead of generating jobs (then --sizes, --arrivals, --service, --intensity, --intensity-basis,"
            + " --lambda and the trace options do not apply).")
    Path jobs;

    @Mixin
    TraceOptionsMixin traceOptions = new TraceOptionsMixin();

    @Option(names = "--gpus",
        description = "With --trace alibaba:...: model the trace's GPUs (devices per node, model, each pod's fraction"
            + " of one GPU or whole GPUs) and run in continuous time from the pods' creation and deletion times, for the"
            + " GPU kernels (FGD, BestFit, GpuPacking, GpuClustering, DotProd, Random). CPU in milli-cores and memory in"
            + " MiB, as the trace gives them.")
    boolean gpus;

    @Option(names = "--pod-copies", paramLabel = "N",
        description = "With --gpus: each pod of the trace arrives N times (workload inflation; the openb pods ask for"
            + " 88%% of the cluster's GPUs all together). Default: 1.")
    Integer podCopies;

    @Option(names = "--servers", paramLabel = "SPEC", converter = ServersSpec.Converter.class,
        description = "Servers: a count of unit servers (5), groups COUNTxCAPACITY with vector capacities "
            + "(2x1.0,3x0.5 or 4x1.0/1.0), ec2:COUNT, or google2011[:N] (Tran et al. 2018 Table 1: 10 configurations,"
            + " 12,583 machines, or N per configuration; 2 resources) (default: " + DEFAULT_SERVERS + ").")
    ServersSpec servers;

    @Option(names = "--sizes", paramLabel = "SPEC", converter = SizesSpec.Converter.class,
        description = "Job sizes: uniform:LOW,HIGH, discrete:SIZE@WEIGHT,..., truncnormal:CV:MEAN@WEIGHT,... "
            + "(vectors as 0.2/0.5), or ec2 (default: " + DEFAULT_SIZES + ").")
    SizesSpec sizes;

    @Option(names = "--arrivals", paramLabel = "SPEC", converter = ArrivalsSpec.Converter.class,
        description = "poisson (per slot, or a Poisson process in continuous time) or batch:N jobs at time 0 "
            + "(default: " + DEFAULT_ARRIVALS + ").")
    ArrivalsSpec arrivals;

    @Option(names = "--service", paramLabel = "SPEC", converter = ServiceSpec.Converter.class,
        description = "Service: geometric:MEAN, deterministic:VALUE, exponential:MEAN; slotted time needs whole slots"
            + " (default: " + DEFAULT_SERVICE + ").")
    ServiceSpec service;

    @Option(names = "--intensity", paramLabel = "ALPHA",
        description = "Traffic intensity alpha: lambda = alpha * mu * min over resources of (total capacity / "
            + "E[R]); for L unit servers, alpha * mu * L / E[R] (default 0.95 unless --lambda).")
    Double intensity;

    @Option(names = "--intensity-basis", paramLabel = "BASIS",
        description = "How --intensity sets the arrivals: size (2019 paper: lambda = alpha * mu * capacity / E[R], "
            + "the --sizes weights as the mix) or configurations (2018 paper, discrete sizes: lambda_j = alpha * mu * "
            + "V_j, V the sum over servers of the average of their maximal configurations; the weights are ignored) "
            + "or lambda-star (Tran et al. 2018: lambda = alpha * lambda*, the LoTES machine assignment LP's optimum "
            + "for these classes and servers); not with --lambda (default: " + DEFAULT_INTENSITY_BASIS + ").")
    String intensityBasis;

    @Option(names = "--lambda", paramLabel = "RATE",
        description = "Arrival rate per slot (or per time unit), instead of --intensity.")
    Double lambda;

    @Option(names = "--time-mode", paramLabel = "MODE",
        description = "slotted or continuous (default: " + DEFAULT_TIME_MODE + ").")
    String timeMode;

    @Option(names = "--horizon", paramLabel = "T",
        description = "Simulated time, at most 2^53 (default: 40,000 mean service times, 4000000 slots for the default"
            + " geometric:100; batch arrivals run to completion; a trace runs until its last arrival).")
    Double horizon;

    @Option(names = "--warmup", paramLabel = "T",
        description = "Statistics ignore times before this (default: a tenth of the horizon; 0 for batches).")
    Double warmup;

    @Option(names = "--resolution", paramLabel = "UNITS",
        description = "Fixed-point units per 1.0 of a resource; sizes round up, capacities down "
            + "(default: " + DEFAULT_RESOLUTION + ").")
    Integer resolution;

    @Option(names = "--classes", paramLabel = "SPEC",
        description = "LoTES on a trace or a job list: its job classes, kmeans:k=K,train=DURATION (k-means on the"
            + " first DURATION of arrivals, in h, m or s; a job list's times read as seconds) (default: "
            + WorkloadSettings.DEFAULT_CLASSES + ", as the trace figures).")
    String classes;

    /** What was given, as settings (every option not given at its default). */
    WorkloadSettings settings() {
        return traceOptions.settings(WorkloadSettings.defaults()
            .given(WorkloadSettings.TRACE, trace)
            .given(WorkloadSettings.JOBS, jobs)
            .given(WorkloadSettings.SERVERS, servers)
            .given(WorkloadSettings.SIZES, sizes)
            .given(WorkloadSettings.ARRIVALS, arrivals)
            .given(WorkloadSettings.SERVICE, service)
            .given(WorkloadSettings.INTENSITY, intensity)
            .given(WorkloadSettings.INTENSITY_BASIS, intensityBasis)
            .given(WorkloadSettings.LAMBDA, lambda)
            .given(WorkloadSettings.TIME_MODE, timeMode)
            .given(WorkloadSettings.HORIZON, horizon)
            .given(WorkloadSettings.WARMUP, warmup)
            .given(WorkloadSettings.RESOLUTION, resolution)
            .given(WorkloadSettings.GPUS, gpus ? Boolean.TRUE : null)
            .given(WorkloadSettings.POD_COPIES, podCopies)
            .given(WorkloadSettings.CLASSES, classes));
    }
}
