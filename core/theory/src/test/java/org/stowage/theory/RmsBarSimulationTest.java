package org.stowage.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.stowage.core.engine.JobSpec;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.engine.Workload;
import org.stowage.core.kernel.rms.Rms;
import org.stowage.core.kernel.rms.RmsPlan;
import org.stowage.core.model.JobClasses;
import org.stowage.core.model.Model;
import org.stowage.core.state.ServerTable;

/**
 * Sec. V of Psychas and Ghaderi 2018: RMS with its weights held fixed and no queues (RMS-bar, Definition 2),
 * run by the simulator's {@link Rms} kernel on one server with two types, has the product-form stationary
 * configuration law of Eq. (9) ({@link RmsBarDistribution}). Time fractions of one long run against the
 * formula by total variation (tolerance 0.015; the sampling error at this length is about 0.005), and
 * configurations sampled every 10 time units (a few mixing times apart) by a chi-square test; a law with
 * the weights swapped must be rejected by both, so the test can fail.
 */
class RmsBarSimulationTest {
    private static final int[][] SIZES = {{2}, {5}};
    private static final int CAPACITY = 10;
    private static final double[] WEIGHTS = {0.5, 1.0};
    private static final double CLOCK_RATE = 1.0;
    private static final double HORIZON = 200_000;
    private static final double WARMUP = 100;
    private static final double SAMPLE_EVERY = 10;

    /** Server 0's configuration over time: time in each, and the configuration at sampling instants. */
    private static final class Configurations implements SimulationListener {
        private final RmsBarDistribution law;
        private final Simulation[] simulation;
        final double[] time;
        final long[] samples;
        private final int[] count = new int[2];
        private double since;
        private double nextSample = WARMUP;

        Configurations(final RmsBarDistribution law, final Simulation[] simulation) {
            this.law = law;
            this.simulation = simulation;
            this.time = new double[law.size()];
            this.samples = new long[law.size()];
        }

        private void advance(final double now) {
            final int current = law.indexOf(count[0], count[1]);
            while (nextSample < now && nextSample < HORIZON) {
                samples[current]++;
                nextSample += SAMPLE_EVERY;
            }
            final double from = Math.max(since, WARMUP);
            if (now > from) {
                time[current] += now - from;
            }
            since = now;
        }

        @Override
        public void onDummyStart(final double now, final int job, final int server) {
            advance(now);
            count[simulation[0].jobs().jobClass(job)]++;
        }

        @Override
        public void onDummyEnd(final double now, final int job, final int server, final boolean cancelled) {
            advance(now);
            count[simulation[0].jobs().jobClass(job)]--;
        }

        double[] fractions() {
            double total = 0;
            for (final double t : time) {
                total += t;
            }
            final double[] fractions = new double[time.length];
            for (int i = 0; i < time.length; i++) {
                fractions[i] = time[i] / total;
            }
            return fractions;
        }
    }

    private static final Workload NO_ARRIVALS = new Workload() {
        @Override
        public int dimensions() {
            return 1;
        }

        @Override
        public double peekArrivalTime() {
            return Double.POSITIVE_INFINITY;
        }

        @Override
        public void next(final JobSpec spec) {
            throw new IllegalStateException("no jobs");
        }
    };

    private static RmsBarDistribution law(final double[] weights) {
        return RmsBarDistribution.ofServer(SIZES, new int[] {CAPACITY}, weights, new double[] {CLOCK_RATE, CLOCK_RATE},
            new double[] {1, 1}, 1, 1000);
    }

    @Test
    void fixedWeightRmsHasTheProductFormLawOfEquationNine() {
        final long seed = 20_18;
        final RmsBarDistribution law = law(WEIGHTS);
        final ServerTable servers = ServerTable.homogeneous(1, CAPACITY);
        final Model model = Model.of(servers).withJobClasses(JobClasses.types(SIZES, new double[] {1, 1}, null))
            .withPlan(new RmsPlan(5));
        final Simulation[] holder = new Simulation[1];
        final Configurations observed = new Configurations(law, holder);
        holder[0] = Simulation.builder()
            .servers(servers)
            .workload(NO_ARRIVALS)
            .model(model)
            .scheduler(m -> Rms.bar(WEIGHTS, CLOCK_RATE, m))
            .timeMode(TimeMode.CONTINUOUS)
            .seed(seed)
            .listener(observed)
            .checkInvariants(1000)
            .build();
        holder[0].runUntil(HORIZON);
        observed.advance(HORIZON);

        final double[] fractions = observed.fractions();
        final double distance = law.totalVariation(fractions);
        final RmsBarDistribution.ChiSquare test = law.chiSquare(observed.samples);
        final RmsBarDistribution swapped = law(new double[] {WEIGHTS[1], WEIGHTS[0]});
        final double swappedDistance = swapped.totalVariation(fractions);
        final RmsBarDistribution.ChiSquare swappedTest = swapped.chiSquare(observed.samples);
        final String report = "seed " + seed + ": TV " + distance + ", chi-square " + test + "; swapped weights: TV "
            + swappedDistance + ", " + swappedTest + "; " + law;
        System.out.println("RMS-bar vs Eq. (9): " + report);
        assertEquals(10, law.size(), "configurations of {2, 5} in 10: (0..5, 0), (0..2, 1), (0, 2)");
        assertTrue(holder[0].dummiesPlaced() > 100_000, report);
        assertTrue(distance < 0.015, report);
        assertTrue(test.pValue() > 1e-4, report);
        assertTrue(swappedDistance > 0.05, report);
        assertTrue(swappedTest.pValue() < 1e-6, report);
    }
}
