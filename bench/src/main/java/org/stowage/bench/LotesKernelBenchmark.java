package org.stowage.bench;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
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
 * LoTES, Greedy, BF-J and Tetris (the paper's gamma = 1) end to end on the Fig. 11 workload of Tran et al.
 * 2018 (docs/LOTES.md, "Fig. 11-like workload"): the Google 2011 cluster of Table 1 with {@code perConfiguration}
 * machines in each of
 * its ten configurations (1000: 10,000 machines), nine job classes of two-resource truncated-Gaussian sizes
 * (means 0.025 +- 0.015, cv 0.5, equal weights), exponential service of mean 1, Poisson arrivals at 0.97
 * lambda*, continuous time; the setting of
 * {@code stowage run --servers google2011:1000 --sizes truncnormal:0.5:0.012/0.031@1,... --service
 * exponential:1 --time-mode continuous --intensity-basis lambda-star --intensity 0.97}. The LoTES plan
 * (Stages 1-2, GLOP) is solved in the setup, as the CLI does; every kernel gets the same model and workload
 * seed. The setup first runs {@value #WARM_UP_HOURS} hours (about half a million jobs at 10,000 machines),
 * so the cluster is near its steady load. One operation is one instant (an arrival or a departure and the
 * decision after it); the {@code jobs} counter reports arrivals per second, the simulated-jobs rate.
 *
 * <pre>
 *   java -jar bench/target/benchmarks.jar LotesKernelBenchmark -p perConfiguration=1000 -f 1 -wi 3 -i 5 -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 3, jvmArgsAppend = {"-Xmx4g"})
public class LotesKernelBenchmark {
    /** Hours simulated before measuring: three mean services. */
    static final double WARM_UP_HOURS = 3;
    /** Fig. 11's classes at Phi = 0.015, as docs/LOTES.md's command writes them (cores/memory). */
    private static final double[][] CLASS_MEANS = {
        {0.012, 0.031}, {0.035, 0.018}, {0.025, 0.025}, {0.019, 0.038}, {0.040, 0.011}, {0.028, 0.022},
        {0.015, 0.015}, {0.033, 0.036}, {0.022, 0.029},
    };
    private static final double CV = 0.5;
    private static final double INTENSITY = 0.97;

    @Param({"LoTES", "LoTES-naive", "Greedy", "Greedy-naive", "BF-J", "Tetris:gamma=1"})
    public String kernel;

    /** Machines in each of Table 1's ten configurations. */
    @Param({"100", "1000"})
    public int perConfiguration;

    private Simulation simulation;

    @Setup(Level.Trial)
    public void setUp() {
        simulation = fig11(kernel, perConfiguration, 1);
        simulation.runUntil(WARM_UP_HOURS);
    }

    @Benchmark
    public long instant(final EndToEndBenchmark.Jobs counter) {
        final long before = simulation.arrivedCount();
        simulation.step(Double.POSITIVE_INFINITY);
        counter.jobs += simulation.arrivedCount() - before;
        return simulation.decisionCount();
    }

    /**
     * The Fig. 11 simulation for {@code kernel}, not yet started: the plan is solved here (for every kernel,
     * so the arrival rate is 0.97 lambda* for all), the workload seeded with {@code seed}.
     */
    static Simulation fig11(final String kernel, final int perConfiguration, final long seed) {
        final Units units = Units.defaults();
        final ServerTable cluster = Clusters.google2011(units, perConfiguration);
        final double[] weights = new double[CLASS_MEANS.length];
        Arrays.fill(weights, 1);
        final SizeDistribution sizes = SizeDistribution.truncatedNormal(units, CLASS_MEANS, CV, weights);
        final ServiceDistribution service = ServiceDistribution.exponential(1);
        final JobClasses classes = new SyntheticWorkload(Arrivals.poissonProcess(1), sizes, service, 0).jobClasses(units);
        final LotesSolution lotes = plan(cluster, classes);
        final Model model = Model.of(cluster).withJobClasses(classes).withPlan(lotes.plan());
        final double lambda = INTENSITY * lotes.lambdaStar();
        return Simulation.builder()
            .servers(cluster)
            .model(model)
            .workload(new SyntheticWorkload(Arrivals.poissonProcess(lambda), sizes, service, seed))
            .scheduler(Kernels.byName(kernel))
            .timeMode(TimeMode.CONTINUOUS)
            .initialJobCapacity(1 << 20)
            .build();
    }

    /** Stages 1-2 the way {@code run} solves them for a generated workload: mean sizes rounded up to units. */
    private static LotesSolution plan(final ServerTable cluster, final JobClasses classes) {
        return LotesPlanner.plan(LotesInstance.of(Model.of(cluster).withJobClasses(classes)));
    }
}
