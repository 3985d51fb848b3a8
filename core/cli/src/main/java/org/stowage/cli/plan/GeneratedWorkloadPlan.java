package org.stowage.cli.plan;

import static org.stowage.cli.plan.WorkloadSettings.ARRIVALS;
import static org.stowage.cli.plan.WorkloadSettings.HORIZON;
import static org.stowage.cli.plan.WorkloadSettings.INTENSITY;
import static org.stowage.cli.plan.WorkloadSettings.INTENSITY_BASIS;
import static org.stowage.cli.plan.WorkloadSettings.LAMBDA;
import static org.stowage.cli.plan.WorkloadSettings.RESOLUTION;
import static org.stowage.cli.plan.WorkloadSettings.SERVERS;
import static org.stowage.cli.plan.WorkloadSettings.SERVICE;
import static org.stowage.cli.plan.WorkloadSettings.SIZES;
import static org.stowage.cli.plan.WorkloadSettings.WARMUP;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.stowage.cli.spec.ArrivalsSpec;
import org.stowage.cli.spec.ServersSpec;
import org.stowage.cli.spec.ServiceSpec;
import org.stowage.cli.spec.SizesSpec;
import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.WorkloadSource;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.Model;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.terminal.InvalidValueException;
import org.stowage.theory.Configurations;
import org.stowage.theory.JobTypes;

/**
 * Generated jobs: sizes, service and arrivals drawn from the laws of {@code --sizes}, {@code --service} and
 * {@code --arrivals}, at the rate of {@code --lambda}, or of {@code --intensity} on the basis of
 * {@code --intensity-basis}. The model holds the job classes of the size law with their means and rates,
 * and the LoTES plan when a scheduler reads it (or the basis is lambda-star).
 */
public final class GeneratedWorkloadPlan extends WorkloadPlan {
    /** {@code --intensity-basis lambda-star}. */
    static final String LAMBDA_STAR = "lambda-star";
    static final double DEFAULT_HORIZON = 4_000_000;
    static final double DEFAULT_INTENSITY = 0.95;
    /** Most maximal configurations enumerated per server class for the configurations basis. */
    private static final long MAX_CONFIGURATIONS = 1_000_000;

    private final boolean batch;
    /** The arrival rate over all types (NaN for a batch). */
    private final double rate;
    /** Per-type rates of the configurations basis, else null. */
    private final double[] typeRates;
    private final LotesPlan lotes;
    private final MemoryCheck.Need memory;

    private GeneratedWorkloadPlan(final WorkloadSettings settings, final TimeMode mode, final Units units,
                                  final ServerTable cluster, final Model model, final double horizon,
                                  final double warmup, final WorkloadSource source, final boolean batch,
                                  final double rate, final double[] typeRates, final LotesPlan lotes,
                                  final MemoryCheck.Need memory) {
        super(settings, mode, units, cluster, model, horizon, warmup, source);
        this.batch = batch;
        this.rate = rate;
        this.typeRates = typeRates;
        this.lotes = lotes;
        this.memory = memory;
    }

    public static GeneratedWorkloadPlan of(final WorkloadSettings settings, final Context context) {
        final TimeMode mode = timeMode(settings);
        final Units units = units(settings.get(RESOLUTION));
        final SizesSpec sizes = settings.get(SIZES);
        final SizeDistribution sizeDistribution = sizes.distribution(units);
        final int dimensions = sizes.dimensions();
        final ServiceSpec service = settings.get(SERVICE);
        final ServiceDistribution serviceDistribution = service.distribution();
        service.requireFits(mode);
        final ArrivalsSpec arrivals = settings.get(ARRIVALS);
        final boolean batch = arrivals.isBatch();
        final Double givenHorizon = settings.get(HORIZON);
        Horizons.requireWholeSlots(settings.get(HORIZON), settings.get(WARMUP), mode);
        final double horizon = givenHorizon != null ? Horizons.checkHorizon(givenHorizon)
            : batch ? Double.POSITIVE_INFINITY : DEFAULT_HORIZON;
        final Double givenWarmup = settings.get(WARMUP);
        final double warmup = Horizons.checkWarmup(givenWarmup != null ? givenWarmup : batch ? 0 : horizon / 10, horizon);
        final ServerTable cluster = cluster(settings, units, dimensions, "--sizes '" + sizes + "'", context.heapLimit());
        requireEveryJobFits(settings, units, Model.of(cluster).serverClasses());

        final String basis = settings.get(INTENSITY_BASIS);
        final Double lambda = settings.get(LAMBDA);
        final double alpha = settings.isGiven(INTENSITY) ? settings.get(INTENSITY) : DEFAULT_INTENSITY;
        LotesPlan lotes = !batch && LotesPlans.needed(context.schedulers())
            ? solveLotes(settings, cluster, classesOf(units, sizeDistribution, serviceDistribution), context) : null;
        final double rate;
        if (batch) {
            rate = Double.NaN;
        } else if (lambda != null) {
            if (!(lambda > 0) || !(lambda <= Arrivals.MAX_RATE)) {
                throw new InvalidValueException("--lambda", lambda + " (must be in (0, 2^30 = "
                    + (long) Arrivals.MAX_RATE + "] arrivals per " + (mode == TimeMode.SLOTTED ? "slot)" : "time unit)"));
            }
            rate = lambda;
        } else if (basis.equals(LAMBDA_STAR)) {
            requirePositive(alpha);
            lotes = lotes != null ? lotes
                : solveLotes(settings, cluster, classesOf(units, sizeDistribution, serviceDistribution), context);
            rate = alpha * lotes.lambdaStar();
            if (!(rate > 0) || !(rate <= Arrivals.MAX_RATE)) {
                throw new InvalidValueException("--intensity", alpha + " of lambda* "
                    + lotes.lambdaStar() + " gives " + rate + " arrivals per time unit (must be in (0, 2^30])");
            }
        } else {
            requirePositive(alpha);
            final double sized;
            try {
                sized = SyntheticWorkload.lambdaForIntensity(alpha, cluster, units, sizeDistribution,
                    serviceDistribution.mean());
            } catch (final IllegalArgumentException e) {
                throw sizes.error(e.getMessage() + " (the arrival rate of --intensity " + alpha + " divides by it)");
            }
            if (!(sized <= Arrivals.MAX_RATE)) {
                throw sizes.error("--intensity " + alpha + " asks for " + sized + " arrivals per "
                    + (mode == TimeMode.SLOTTED ? "slot" : "time unit") + " with these sizes (mean "
                    + meanText(sizeDistribution) + "), more than the 2^30 = " + (long) Arrivals.MAX_RATE
                    + " the simulator draws; give --lambda instead");
            }
            rate = sized;
        }
        final double[] typeRates = configurationRates(settings, cluster, units, serviceDistribution, batch, alpha);
        final double totalRate = typeRates != null ? Arrays.stream(typeRates).sum() : rate;
        if (typeRates != null && !(totalRate <= Arrivals.MAX_RATE)) {
            throw new InvalidValueException("--intensity", alpha + " asks for " + totalRate
                + " arrivals per slot, more than 2^30 = " + (long) Arrivals.MAX_RATE);
        }
        final ServersSpec servers = settings.get(SERVERS);
        final boolean slotted = mode == TimeMode.SLOTTED;
        final MemoryCheck.Need memory = batch
            ? MemoryCheck.Need.batch(servers, dimensions, arrivals)
            : MemoryCheck.Need.poisson(servers, dimensions, totalRate, service.meanCappedAt(horizon),
                lambda != null ? "--lambda" : "--intensity", Double.toString(lambda != null ? lambda : alpha), slotted);

        final double[][] types = sizes.discreteTypes();
        final WorkloadSource source = typeRates != null
            ? workloadSeed -> SyntheticWorkload.perTypePoisson(mode, units, types, typeRates,
                new ServiceDistribution[] {serviceDistribution}, workloadSeed)
            : workloadSeed -> new SyntheticWorkload(arrivals.arrivals(slotted, rate), sizeDistribution,
                serviceDistribution, workloadSeed);
        // what a kernel may know in advance: the server classes and the job classes with their means and rates
        final Model classes = Model.of(cluster).withJobClasses(((SyntheticWorkload) source.open(0)).jobClasses(units));
        final Model model = lotes == null ? classes : classes.withPlan(lotes);
        return new GeneratedWorkloadPlan(settings, mode, units, cluster, model, horizon, warmup, source, batch,
            batch ? Double.NaN : totalRate, typeRates, lotes, memory);
    }

    /** LoTES's Stages 1-2 for the classes of {@code --sizes}; running out of heap is one line naming the flags. */
    private static LotesPlan solveLotes(final WorkloadSettings settings, final ServerTable cluster,
                                        final org.stowage.core.model.JobClasses classes, final Context context) {
        final long heap = context.heapLimit();
        try {
            return LotesPlans.solve(cluster, classes, context.runs().plans());
        } catch (final OutOfMemoryError e) {
            // the planner's tables are garbage now; nothing ran and nothing was written
            throw settings.get(SIZES).error("planning LoTES for its " + classes.count() + " classes on "
                + settings.describe(SERVERS) + " ran out of the " + MemoryCheck.size(heap) + " of heap this JVM may"
                + " use; give fewer classes, or rerun with a larger -Xmx (java -Xmx8g -jar stowage.jar, or"
                + " JAVA_OPTS=-Xmx8g bin/stowage)");
        }
    }

    /** Most probability of a job that no server holds that counts as none (not one in 10^9 jobs). */
    private static final double NEGLIGIBLE = 1e-9;

    /**
     * Refuses sizes that some server cannot hold: such a job would be rejected at arrival, never run, and a
     * table of what ran would misstate the load. Uniform sizes: the largest corner; discrete types: each
     * type of positive weight; truncated Gaussians (whose support reaches 1.0 on every resource): each
     * class's probability of a size beyond the largest server on some resource, refused above 10^-9.
     */
    private static void requireEveryJobFits(final WorkloadSettings settings, final Units units,
                                            final ServerClasses classes) {
        final SizesSpec sizes = settings.get(SIZES);
        final String servers = settings.describe(SERVERS);
        switch (sizes.kind()) {
            case UNIFORM -> {
                final int[] high = sizeUnits(units, sizes.vectors().get(1));
                if (!fitsSomeServer(classes, high)) {
                    throw sizes.error("sizes up to " + real(units, high) + " fit no server of " + servers
                        + "; those jobs would be rejected, never run");
                }
            }
            case TRUNCNORMAL -> {
                final int[] largest = new int[classes.dimensions()];
                for (int c = 0; c < classes.count(); c++) {
                    for (int d = 0; d < largest.length; d++) {
                        largest[d] = Math.max(largest[d], classes.capacity(c, d));
                    }
                }
                for (int k = 0; k < sizes.vectors().size(); k++) {
                    double fits = 1;
                    for (int d = 0; d < largest.length; d++) {
                        final double mean = sizes.vectors().get(k)[d];
                        fits *= 1 - org.apache.commons.statistics.distribution.TruncatedNormalDistribution
                            .of(mean, sizes.cv() * mean, 0, 1).survivalProbability(units.toReal(largest[d]));
                    }
                    if (sizes.weights()[k] > 0 && 1 - fits > NEGLIGIBLE) {
                        throw sizes.error("a job of class " + k + " is larger than every server of " + servers
                            + " on some resource with probability " + String.format(Locale.ROOT, "%.3g", 1 - fits)
                            + "; those jobs would be rejected, never run");
                    }
                }
            }
            default -> {
                for (int k = 0; k < sizes.vectors().size(); k++) {
                    final int[] size = sizeUnits(units, sizes.vectors().get(k));
                    if (sizes.weights()[k] > 0 && !fitsSomeServer(classes, size)) {
                        throw sizes.error("type " + k + " (size " + real(units, size) + ") fits no server of " + servers
                            + "; its jobs would be rejected, never run");
                    }
                }
            }
        }
    }

    private static int[] sizeUnits(final Units units, final double[] size) {
        final int[] result = new int[size.length];
        for (int d = 0; d < size.length; d++) {
            result[d] = units.sizeUnits(size[d]);
        }
        return result;
    }

    private static void requirePositive(final double alpha) {
        if (!(alpha > 0) || Double.isInfinite(alpha)) {
            throw new InvalidValueException("--intensity", alpha + " (must be finite and > 0)");
        }
    }

    /** The intensity the rate came from: as given, or the default (null with --lambda or a batch). */
    private Double intensity() {
        if (batch || settings.isGiven(LAMBDA)) {
            return null;
        }
        return settings.isGiven(INTENSITY) ? settings.get(INTENSITY) : DEFAULT_INTENSITY;
    }

    @Override
    void sourceInputs(final Map<String, Object> inputs) {
        inputs.put("servers", settings.get(SERVERS).text());
        inputs.put("sizes", settings.get(SIZES).text());
        inputs.put("arrivals", settings.get(ARRIVALS).text());
        inputs.put("service", settings.get(SERVICE).text());
        if (settings.isGiven(LAMBDA)) {
            inputs.put("lambda", settings.get(LAMBDA));
        } else if (!batch) {
            inputs.put("intensity", intensity());
            inputs.put("intensity_basis", settings.get(INTENSITY_BASIS));
        }
        if (lotes != null) {
            inputs.put("lambda_star", lotes.lambdaStar());
        }
        inputs.put("lambda_used", batch ? null : rate);
        if (typeRates != null) {
            inputs.put("lambda_per_type", typeRates);
        }
    }

    @Override
    void sourceArguments(final List<String> arguments) {
        arguments.addAll(List.of("--servers", settings.get(SERVERS).text(), "--sizes", settings.get(SIZES).text(),
            "--arrivals", settings.get(ARRIVALS).text(), "--service", settings.get(SERVICE).text()));
        if (settings.isGiven(LAMBDA)) {
            arguments.addAll(List.of("--lambda", Double.toString(settings.get(LAMBDA))));
        } else if (!batch) {
            arguments.addAll(List.of("--intensity-basis", settings.get(INTENSITY_BASIS),
                "--intensity", Double.toString(intensity())));
        }
    }

    @Override
    public String description() {
        return String.format(Locale.ROOT,
            "%d servers (%s), sizes %s, service %s, arrivals %s%s, %s, horizon %s, warm-up %s",
            cluster.count(), settings.get(SERVERS), settings.get(SIZES), settings.get(SERVICE), settings.get(ARRIVALS),
            batch ? "" : typeRates != null
                ? String.format(Locale.ROOT, " lambda %s per type (maximal configurations)", Arrays.toString(typeRates))
                : String.format(Locale.ROOT, " lambda %.6g", rate),
            modeName(), horizonText(), format(warmup)) + (lotes == null ? "" : ", " + LotesPlans.describe(lotes));
    }

    @Override
    String dimensionsWords() {
        return settings.describe(SIZES);
    }

    @Override
    String jobsWords() {
        return settings.describe(SIZES);
    }

    @Override
    public MemoryCheck.Need memory() {
        return memory;
    }

    @Override
    public double expectedJobs() {
        return batch ? settings.get(ARRIVALS).batch() : Double.isInfinite(horizon) ? rate : rate * horizon;
    }

    /** The job classes a generated workload announces (means, proportions, mean service). */
    private static org.stowage.core.model.JobClasses classesOf(final Units units, final SizeDistribution sizes,
                                                               final ServiceDistribution service) {
        return new SyntheticWorkload(Arrivals.poissonProcess(1), sizes, service, 0).jobClasses(units);
    }

    private static String meanText(final SizeDistribution sizes) {
        final StringBuilder text = new StringBuilder();
        for (int d = 0; d < sizes.dimensions(); d++) {
            text.append(d == 0 ? "" : "/").append(sizes.mean(d));
        }
        return text.toString();
    }

    /**
     * Per-type rates for {@code --intensity-basis configurations} (Psychas and Ghaderi 2018, Sec. VII-A):
     * lambda_j = alpha * V_j / E[S], with V the sum over servers of the average of each server's maximal
     * configurations, a point on the boundary of the capacity region; null for the other bases.
     */
    private static double[] configurationRates(final WorkloadSettings settings, final ServerTable cluster,
                                               final Units units, final ServiceDistribution serviceLaw,
                                               final boolean batch, final double alpha) {
        final String basis = settings.get(INTENSITY_BASIS);
        switch (basis) {
            case "size", LAMBDA_STAR:
                return null;
            case "configurations":
                break;
            default:
                throw new InvalidValueException("--intensity-basis", "'" + basis
                    + "' (size, configurations or lambda-star)");
        }
        final SizesSpec sizes = settings.get(SIZES);
        final double[][] types = sizes.discreteTypes();
        if (types == null) {
            throw new InvalidValueException("--intensity-basis", "'configurations' needs discrete job"
                + " types, and " + settings.describe(SIZES) + " has none (use --sizes discrete:SIZE@WEIGHT,... or ec2)");
        }
        assert !batch : "OptionRules refuses --intensity-basis with a batch";
        final double[] equal = new double[types.length];
        Arrays.fill(equal, 1); // the weights play no part in the configurations
        final JobTypes jobTypes = JobTypes.of(units, types, equal);
        final ServerClasses classes = ServerClasses.of(cluster);
        final double[] rates = new double[types.length];
        for (int c = 0; c < classes.count(); c++) {
            final double[] average = Configurations.average(
                Configurations.maximal(jobTypes, classes, c, MAX_CONFIGURATIONS));
            for (int j = 0; j < rates.length; j++) {
                rates[j] += classes.size(c) * average[j] * alpha / serviceLaw.mean();
            }
        }
        return rates;
    }
}
