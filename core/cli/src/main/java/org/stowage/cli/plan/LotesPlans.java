package org.stowage.cli.plan;

import java.util.List;
import java.util.Locale;

import org.stowage.core.Units;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;
import org.stowage.core.trace.LoadedTrace;
import org.stowage.terminal.InvalidValueException;
import org.stowage.theory.ModelPlans;
import org.stowage.theory.lotes.JobClustering;
import org.stowage.theory.lotes.KMeansClasses;
import org.stowage.theory.lotes.LotesInstance;
import org.stowage.theory.lotes.LotesPlanner;

/**
 * LoTES's plans (Tran et al. 2018, Stages 1-2) as {@code run} and {@code sweep} ask for them, the options that
 * shape them and the errors that name those options; the solving is {@code org.stowage.theory.lotes}'s. For
 * generated jobs the plan is the model's ({@link org.stowage.theory.lotes.LotesPlanProvider}, through the
 * command's {@link ModelPlans}): the configurations are the cluster's distinct capacity vectors, the classes
 * the workload's job classes (their mean sizes rounded up to units, their arrival proportions), and
 * {@code mu_k = 1 / mean service} on every configuration, so lambda* is in jobs per slot (or per time unit).
 * For a trace, the classes are k-means classes of its first hours ({@link JobClustering.Options#defaults}:
 * k = 4, the first 4 h, as the trace figures of docs/LOTES.md use) and {@code mu_k = 1 / mean duration} of
 * each class; for a job list the same, its times read as seconds for the training window.
 */
public final class LotesPlans {
    private LotesPlans() {
    }

    /** Whether any of {@code schedulers} reads a LoTES plan. */
    static boolean needed(final List<String> schedulers) {
        for (final String scheduler : schedulers) {
            if (Kernels.definitionOf(scheduler).requirements().planType() == LotesPlan.class) {
                return true;
            }
        }
        return false;
    }

    /** Stages 1-2 for {@code classes} on {@code cluster}, made (or found) by {@code plans}; an error names the flags. */
    static LotesPlan solve(final ServerTable cluster, final JobClasses classes, final ModelPlans plans) {
        if (classes.count() == 0) {
            throw new IllegalArgumentException("LoTES needs job classes: give --sizes with classes (discrete:..., "
                + "truncnormal:..., ec2) or one class (uniform:...)");
        }
        try {
            return plans.plan(Model.of(cluster).withJobClasses(classes), LotesPlan.class);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot plan LoTES for --sizes and --servers: " + e.getMessage(), e);
        }
    }

    /**
     * The k-means options of a trace or job list run: {@code --classes} parsed, and refused when no scheduler
     * of the command reads a LoTES plan (nothing would use the classes).
     */
    static JobClustering.Options clusteringFor(final WorkloadSettings settings, final List<String> schedulers) {
        final JobClustering.Options options = clusteringOptions(settings.get(WorkloadSettings.CLASSES));
        if (settings.isGiven(WorkloadSettings.CLASSES) && !needed(schedulers)) {
            throw new IllegalArgumentException("--classes applies only when a scheduler reads a LoTES plan (LoTES)");
        }
        return options;
    }

    /**
     * The k-means options of {@code --classes}: {@code kmeans:k=K,train=DURATION}, K in [1, 1000], DURATION a
     * positive number with h, m or s; either key may be left out (k = 4, train = 4h, as the trace figures).
     */
    static JobClustering.Options clusteringOptions(final String spec) {
        final String expected = "'" + spec + "' (kmeans:k=K,train=DURATION, e.g. " + WorkloadSettings.DEFAULT_CLASSES
            + ")";
        if (!spec.startsWith("kmeans:") && !spec.equals("kmeans")) {
            throw new InvalidValueException("--classes", expected);
        }
        JobClustering.Options options = JobClustering.Options.defaults();
        final String body = spec.equals("kmeans") ? "" : spec.substring("kmeans:".length());
        for (final String part : body.isEmpty() ? new String[0] : body.split(",", -1)) {
            final int equals = part.indexOf('=');
            final String key = equals < 0 ? part : part.substring(0, equals).strip();
            final String value = equals < 0 ? "" : part.substring(equals + 1).strip();
            try {
                switch (key) {
                    case "k" -> {
                        final int k = Integer.parseInt(value);
                        if (k < 1 || k > 1000) {
                            throw new InvalidValueException("--classes", expected + ": k must be in [1, 1000]");
                        }
                        options = options.withClasses(k);
                    }
                    case "train" -> options = new JobClustering.Options(options.classes(), options.seed(),
                        options.maxIterations(), options.trials(), options.scaling(), trainingMicros(value, expected));
                    default -> throw new InvalidValueException("--classes", expected);
                }
            } catch (final NumberFormatException e) {
                throw new InvalidValueException("--classes", expected, e);
            }
        }
        return options;
    }

    private static long trainingMicros(final String value, final String expected) {
        if (value.length() < 2) {
            throw new InvalidValueException("--classes", expected);
        }
        final double perUnit = switch (value.charAt(value.length() - 1)) {
            case 'h' -> 3.6e9;
            case 'm' -> 6e7;
            case 's' -> 1e6;
            default -> throw new InvalidValueException("--classes", expected);
        };
        final double amount = Double.parseDouble(value.substring(0, value.length() - 1));
        final double micros = amount * perUnit;
        if (!(micros >= 1) || micros > 1e18) {
            throw new InvalidValueException("--classes", expected + ": the training window must be at least 1 microsecond");
        }
        return (long) micros;
    }

    /** The k-means classes of {@code trace} under {@code options}; an error names the trace flag. */
    static KMeansClasses classes(final LoadedTrace trace, final JobClustering.Options options, final String spec) {
        try {
            return JobClustering.fit(trace, options);
        } catch (final IllegalArgumentException e) {
            throw new InvalidValueException("--trace", "LoTES's job classes (--classes " + spec
                + ") cannot be made: " + e.getMessage(), e);
        }
    }

    /**
     * Stages 1-2 for k-means classes on {@code cluster}, rates per time unit of {@code timeUnitHours} hours;
     * an error names {@code jobsFlag} (--trace or --jobs) and --servers.
     */
    static LotesPlan solve(final ServerTable cluster, final Units units, final KMeansClasses classes,
                           final double timeUnitHours, final String jobsFlag) {
        try {
            return LotesPlanner.plan(classes.instance(units, LotesInstance.configurationsOf(cluster), timeUnitHours))
                .plan();
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot plan LoTES for " + jobsFlag + " and --servers: "
                + e.getMessage(), e);
        }
    }

    /**
     * The k-means classes of a job list ({@link JobClustering#fit(JobList, JobClustering.Options)}: list times
     * read as seconds); an error names the file.
     */
    static KMeansClasses classes(final JobList list, final JobClustering.Options options, final String spec,
                                 final String file) {
        try {
            return JobClustering.fit(list, options);
        } catch (final IllegalArgumentException | IllegalStateException e) {
            // IllegalStateException: k-means left a class empty (e.g. fewer distinct jobs than k)
            throw new InvalidValueException("--jobs", "'" + file + "': LoTES's job classes (--classes " + spec
                + ") cannot be made: " + e.getMessage(), e);
        }
    }

    /** The words a run's description adds for a plan: lambda*, its rounded and LP values, the bins. */
    static String describe(final LotesPlan plan) {
        return String.format(Locale.ROOT, "LoTES lambda* %.6g (rounded %.6g, allocation LP %.6g), %d bins",
            plan.lambdaStar(), plan.roundedLambda(), plan.allocationLambda(), plan.binCount());
    }
}
