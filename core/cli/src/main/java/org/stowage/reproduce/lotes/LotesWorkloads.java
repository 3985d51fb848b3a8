package org.stowage.reproduce.lotes;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

import org.stowage.core.Units;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.experiment.RunSpec;
import org.stowage.core.kernel.lotes.LotesPlan;
import org.stowage.core.model.Model;
import org.stowage.core.model.ProcessingRates;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.Clusters;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;
import org.stowage.theory.lotes.LotesInstance;
import org.stowage.theory.lotes.LotesPlanner;
import org.stowage.theory.lotes.LotesSolution;

/**
 * The generated workloads of Tran et al. 2018, Sec. 5.4, and the LoTES plan of each.
 *
 * <ul>
 *   <li>Cluster: Table 1's ten configurations with {@code n} machines each (1000 in the paper).</li>
 *   <li>Nine classes at equal rates; requests per class and resource a Normal with mean
 *       {@code r_kl = 0.025 + phi_kl}, {@code phi_kl ~ U[-Phi, Phi]}, coefficient of variation 0.5, truncated to
 *       [0, 1] ({@link SizeDistribution#truncatedNormal}); the LP gets Eq. 7's mean request {@code r_kl =
 *       0.025 + phi_kl}, the paper's value, not the truncated distribution's mean (which is larger: truncation
 *       at 0 cuts the lower tail; docs/LOTES.md gives the effect on lambda*).</li>
 *   <li>Work {@code w ~ Exp(1)} (hours), processing time {@code w / mu_jk} fixed at start; {@code u_k ~ U[0, 1]}
 *       and {@code mu_jk = omega_jk / u_k} with {@code omega_jk ~ U[1 - Omega, 1 + Omega]} (Sec. 5.4.2 is
 *       {@code Omega = 0}; Sec. 5.4.3 prints {@code u_k omega_jk}, read as {@code omega_jk / u_k} so that
 *       {@code Omega = 0} is Sec. 5.4.2's model).</li>
 *   <li>Poisson arrivals at {@code lambda = load * lambda*}, lambda* the machine assignment LP's optimum.</li>
 * </ul>
 * The requests and {@code u_k} come from {@code requestSeed}, {@code omega_jk} from {@code omegaSeed}, so
 * Figs. 12-13 keep one instance's requests while drawing {@code omega} per instance, as the paper does.
 * Plans are cached per instance (a run of each scheduler shares it); thread-safe.
 */
public final class LotesWorkloads {
    static final int CLASSES = 9;
    static final double BASE_MEAN = 0.025;
    static final double CV = 0.5;

    /** One generated instance with its plan. */
    record Instance(ServerTable cluster, SizeDistribution sizes, Model model, LotesPlan plan, double lambdaStar,
                    double lambda, double planSeconds) {
    }

    private final Map<String, Instance> cache = new ConcurrentHashMap<>();
    private final Map<String, String> notes = new ConcurrentSkipListMap<>();

    /** The instance of these parameters, planned once. */
    Instance instance(final int perConfiguration, final double phi, final double omega, final double load,
                      final long requestSeed, final long omegaSeed) {
        final String key = String.format(Locale.ROOT, "%d|%s|%s|%s|%d|%d", perConfiguration, phi, omega, load,
            requestSeed, omegaSeed);
        return cache.computeIfAbsent(key, k -> {
            final Instance built = build(perConfiguration, phi, omega, load, requestSeed, omegaSeed);
            notes.put(key, String.format(Locale.ROOT,
                "Phi %s, Omega %s, seeds %d/%d: lambda* %.1f jobs/h (rounded %.1f, allocation LP %.1f), lambda = %s"
                    + " lambda* = %.1f; %d bins; planned in %.2f s", phi, omega, requestSeed, omegaSeed, built.lambdaStar(),
                built.plan().roundedLambda(), built.plan().allocationLambda(), load, built.lambda(),
                built.plan().binCount(), built.planSeconds()));
            return built;
        });
    }

    /** One line per instance planned so far: lambda*, the load it sets, bins and solve time. */
    List<String> notes() {
        return List.copyOf(notes.values());
    }

    private static Instance build(final int perConfiguration, final double phi, final double omega, final double load,
                                  final long requestSeed, final long omegaSeed) {
        final Units units = Units.defaults();
        final ServerTable cluster = Clusters.google2011(units, perConfiguration);
        final SplittableRandom requests = new SplittableRandom(requestSeed);
        final double[][] means = new double[CLASSES][2];
        final double[] u = new double[CLASSES];
        for (int k = 0; k < CLASSES; k++) {
            for (int l = 0; l < 2; l++) {
                means[k][l] = BASE_MEAN + phi * (2 * requests.nextDouble() - 1);
            }
            // U(0, 1]: u = 0 would make an infinite rate
            u[k] = 1 - requests.nextDouble();
        }
        final double[] weights = new double[CLASSES];
        Arrays.fill(weights, 1);
        final SizeDistribution sizes = SizeDistribution.truncatedNormal(units, means, CV, weights);
        final int configurations = Clusters.google2011Configurations();
        final SplittableRandom omegas = new SplittableRandom(omegaSeed);
        final double[][] rates = new double[configurations][CLASSES];
        for (int j = 0; j < configurations; j++) {
            for (int k = 0; k < CLASSES; k++) {
                final double multiplier = 1 - omega + 2 * omega * omegas.nextDouble();
                rates[j][k] = multiplier / u[k];
            }
        }
        final int[][] meanUnits = new int[CLASSES][2];
        for (int k = 0; k < CLASSES; k++) {
            for (int l = 0; l < 2; l++) {
                meanUnits[k][l] = units.sizeUnits(means[k][l]);
            }
        }
        final long start = System.nanoTime();
        final LotesSolution solution = LotesPlanner.plan(LotesInstance.of(LotesInstance.configurationsOf(cluster),
            meanUnits, weights, rates));
        final double seconds = (System.nanoTime() - start) / 1e9;
        final LotesPlan plan = solution.plan();
        final Model model = Model.of(ServerClasses.of(cluster)).withJobClasses(
            new SyntheticWorkload(Arrivals.poissonProcess(1), sizes, ServiceDistribution.exponential(1), 0)
                .jobClasses(units))
            .withRates(ProcessingRates.of(rates)).withPlan(plan);
        return new Instance(cluster, sizes, model, plan, plan.lambdaStar(), load * plan.lambdaStar(), seconds);
    }

    /** The run of {@code scheduler} on {@code instance}: continuous time in hours, warm-up 0 (every job counts). */
    static RunSpec spec(final Instance instance, final String scheduler, final double hours, final long seed) {
        final SizeDistribution sizes = instance.sizes();
        final double lambda = instance.lambda();
        return RunSpec.builder()
            .servers(2, instance.cluster().capacities())
            .sizes(sizes).service(ServiceDistribution.exponential(1)).arrivals(Arrivals.poissonProcess(lambda))
            .timeMode(TimeMode.CONTINUOUS).horizon(hours).seed(seed)
            .model(instance.model())
            .kernel(scheduler)
            .build();
    }
}
