package org.stowage.cli;

import picocli.CommandLine.Option;

/**
 * {@code --dry-run} of run, sweep and reproduce: the whole request is checked as for a real one, then the plan is
 * printed (servers, workload, schedulers, jobs per scheduler, runs, an estimate of the time on this machine from a
 * short calibration) and the command stops: nothing runs, nothing is written.
 */
final class DryRunOption {
    @Option(names = "--dry-run",
        description = "Check the whole request, print the plan (servers, workload, schedulers, jobs per scheduler,"
            + " runs, about how long on this machine) and stop: nothing runs, nothing is written.")
    boolean dryRun;
}
