package org.stowage.bench;

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
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.kernel.rms.RmsPlan;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;
import org.stowage.core.workload.Arrivals;
import org.stowage.core.workload.ServiceDistribution;
import org.stowage.core.workload.SizeDistribution;
import org.stowage.core.workload.SyntheticWorkload;

/**
 * RMS kernels in steady state on the paper's EC2 setting (Psychas and Ghaderi 2018, Sec. VII-A: the three
 * types of Table I on servers of (90 GB, 90 CPU units, 5000 GB), D = 3, Exp(1) services, Poisson arrivals
 * at 0.9 of the capacity region's (2/3, 11/3, 2/3) jobs per server per time unit), at 10^3 and 10^4
 * servers. One operation is one event instant of the whole simulation (engine, kernel, workload): in
 * continuous time an instant holds one event, a tick, an arrival or a departure (real or dummy).
 *
 * <ul>
 *   <li>{@link #tickHeavy}: clocks of 30 L per type (AD: 90 L), so about nine events in ten are ticks: the
 *       cost of a tick, nearly.</li>
 *   <li>{@link #paperMix}: Fig. 6's clocks, L per type (AD: 3 L): ticks, arrivals and departures in the
 *       proportions of the paper's runs.</li>
 * </ul>
 * The setup prints each run's mix (ticks, arrivals, real and dummy departures per instant), from which
 * docs/RMS.md (its journal keeps the table) derives ns per tick and per departure. Run with the allocation profiler:
 * <pre>
 *   java -jar bench/target/benchmarks.jar RmsEventBenchmark -prof gc -f 1 -wi 2 -i 3 -w 1s -r 1s
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RmsEventBenchmark {
    /** Table I (memory GB, CPU units, storage GB) and the server (90, 90, 5000). */
    private static final double[][] TYPES = {{15, 8, 1690}, {17.1, 6.5, 420}, {7, 20, 1690}};
    private static final double[] SERVER = {90, 90, 5000};
    /** Average of the maximal configurations per server (docs/RMS.md section 6). */
    private static final double[] PER_SERVER = {2.0 / 3, 11.0 / 3, 2.0 / 3};
    private static final double ZETA = 0.9;

    /** A simulation in steady state; each benchmark method builds only its own. */
    @State(Scope.Thread)
    public abstract static class Run {
        @Param({"1000", "10000"})
        public int servers;

        @Param({"RMS", "RMS-RF", "RMS-BF", "RMS-RF-AD"})
        public String kernel;

        Simulation simulation;

        /** Ticks per time unit of each type's clock (the common clock's for AD) with L servers. */
        abstract double rate(boolean adaptive, int count);

        abstract String label();

        @Setup(Level.Trial)
        public void setUp() {
            simulation = simulation(kernel, servers, rate(kernel.contains("AD"), servers), label());
        }
    }

    /** Clocks of 30 L per type (AD: 90 L). */
    public static class TickHeavy extends Run {
        @Override
        double rate(final boolean adaptive, final int count) {
            return adaptive ? 90.0 * count : 30.0 * count;
        }

        @Override
        String label() {
            return "tick-heavy";
        }
    }

    /** Fig. 6's clocks: L per type (AD: 3 L). */
    public static class PaperMix extends Run {
        @Override
        double rate(final boolean adaptive, final int count) {
            return adaptive ? 3.0 * count : count;
        }

        @Override
        String label() {
            return "paper mix";
        }
    }

    /** Counts what happens per instant during a sample of the warm-up. */
    private static final class Mix implements SimulationListener {
        long arrivals;
        long departures;
        long dummyEnds;
        long instants;

        @Override
        public void onArrival(final double time, final int job) {
            arrivals++;
        }

        @Override
        public void onDeparture(final double time, final int job, final int server) {
            departures++;
        }

        @Override
        public void onDummyEnd(final double time, final int job, final int server, final boolean cancelled) {
            if (!cancelled) {
                dummyEnds++;
            }
        }

        @Override
        public void onDecision(final double time) {
            instants++;
        }

        void reset() {
            arrivals = 0;
            departures = 0;
            dummyEnds = 0;
            instants = 0;
        }

        String describe() {
            final long other = arrivals + departures + dummyEnds;
            return String.format("ticks %.3f, arrivals %.3f, departures %.3f, dummy departures %.3f per instant",
                (double) (instants - other) / instants, (double) arrivals / instants, (double) departures / instants,
                (double) dummyEnds / instants);
        }
    }

    static Simulation simulation(final String kernel, final int servers, final double rate, final String label) {
        final Units units = Units.defaults();
        final int[] capacity = new int[3];
        final double[][] fractions = new double[TYPES.length][3];
        final int[][] sizes = new int[TYPES.length][3];
        for (int d = 0; d < 3; d++) {
            capacity[d] = units.capacityUnits(1.0);
        }
        double lambda = 0;
        final double[] weights = new double[TYPES.length];
        for (int j = 0; j < TYPES.length; j++) {
            for (int d = 0; d < 3; d++) {
                fractions[j][d] = TYPES[j][d] / SERVER[d];
                sizes[j][d] = units.sizeUnits(fractions[j][d]);
            }
            weights[j] = PER_SERVER[j];
            lambda += ZETA * servers * PER_SERVER[j];
        }
        final ServerTable table = ServerTable.homogeneous(servers, capacity);
        // M = 5 (five of type 1 fill a server; MaxJobsPerServer, tested in theory)
        final Model model = Model.of(table).withJobClasses(JobClasses.types(sizes, new double[] {1, 1, 1}, null))
            .withPlan(new RmsPlan(5));
        final Mix mix = new Mix();
        final Simulation simulation = Simulation.builder()
            .servers(table)
            .workload(new SyntheticWorkload(Arrivals.poissonProcess(lambda), SizeDistribution.discrete(units, fractions,
                weights), ServiceDistribution.exponential(1), 17))
            .model(model)
            .scheduler(Kernels.byName(kernel + ":r=" + rate))
            .timeMode(TimeMode.CONTINUOUS)
            .seed(17)
            .initialJobCapacity(64 * servers)
            .listener(mix)
            .build();
        // warm up to steady state (the queues settle within a few time units), then sample the mix
        final long warmUp = 100L * servers;
        for (long i = 0; i < 2 * warmUp; i++) {
            if (i == warmUp) {
                mix.reset();
            }
            simulation.step(Double.POSITIVE_INFINITY);
        }
        System.out.printf("%n%s %s L=%d r=%.0f: at t=%.1f, %d queued, %s%n", kernel, label, servers, rate,
            simulation.now(), simulation.jobTable().queuedCount(), mix.describe());
        return simulation;
    }

    @Benchmark
    public boolean tickHeavy(final TickHeavy run) {
        return run.simulation.step(Double.POSITIVE_INFINITY);
    }

    @Benchmark
    public boolean paperMix(final PaperMix run) {
        return run.simulation.step(Double.POSITIVE_INFINITY);
    }
}
