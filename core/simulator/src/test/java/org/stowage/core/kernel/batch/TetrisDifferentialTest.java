package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.stowage.core.engine.Scheduler;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.batch.reference.NaiveTetris;
import org.stowage.core.model.Model;
import org.stowage.core.model.ProcessingRates;
import org.stowage.core.state.ServerTable;
import org.stowage.core.testing.ScriptedWorkload;
import org.stowage.testkit.EventLog;

/**
 * Tetris against its naive twin where the registry's random scenarios do not go: machine configurations
 * with processing rates that depend on the configuration and the job class (Tran et al. 2018, Sec. 5.4.3),
 * so the work term differs per machine; bursts of simultaneous arrivals (the trace's before-window batch);
 * gamma 0 to 3 and time units other than hours. Event by event, invariants checked; the seed in every
 * failure (rerun one with {@code -Dstowage.seed=N}).
 */
@Tag("hot-loops")
class TetrisDifferentialTest {
    private static final long SEED = 0x7E7215L;
    private static final int SCENARIOS = Integer.getInteger("stowage.scenarios", 1500);

    @Test
    void matchesTheNaiveTwinWithMachineDependentRatesEventByEvent() {
        final Long only = Long.getLong("stowage.seed");
        int placements = 0;
        final int count = only == null ? SCENARIOS : 1;
        for (int i = 0; i < count; i++) {
            final long seed = only == null ? SEED + i : only;
            placements += compare(seed);
        }
        assertTrue(placements > count * 10, "the scenarios placed too few jobs to mean anything: " + placements);
    }

    @Test
    void theWorkTermIsTheProcessingTimeOnTheMachineInHours() {
        // configuration 0 = server 0, capacity (10, 11), runs the one job class at rate 1/4; configuration 1 =
        // server 1, (10, 10), at rate 4. A job of work 2 h and size (5, 5) aligns better with server 0 (0.95
        // against 0.91), but takes 8 h there and 0.5 h on server 1: work terms 7.6 and 0.48 (x r . 1 = 0.95),
        // so it starts on server 1, in any time unit. With the raw work as the term it would take server 0.
        final ServerTable servers = new ServerTable(2, new int[] {10, 11, 10, 10});
        final Model model = Model.of(servers).withRates(ProcessingRates.of(new double[][] {{0.25}, {4}}));
        for (final double unitsPerHour : new double[] {1, 3600}) {
            for (final Scheduler tetris : new Scheduler[] {new Tetris(1, unitsPerHour), new NaiveTetris(1, unitsPerHour)}) {
                final EventLog log = new EventLog();
                Simulation.builder().servers(servers).model(model)
                    .workload(new ScriptedWorkload(new double[] {0, 2 * unitsPerHour, 5, 5}))
                    .scheduler(tetris).timeMode(TimeMode.CONTINUOUS).listener(log)
                    .checkInvariants(true).build().runToCompletion();
                assertEquals("S 0.0 job=0 server=1", log.lines().get(1), tetris.name() + ", unitsPerHour " + unitsPerHour);
            }
        }
        final EventLog withoutRates = new EventLog();
        Simulation.builder().servers(servers).workload(new ScriptedWorkload(new double[] {0, 2, 5, 5}))
            .scheduler(new Tetris(1, 1)).timeMode(TimeMode.CONTINUOUS).listener(withoutRates).build().runToCompletion();
        assertEquals("S 0.0 job=0 server=0", withoutRates.lines().get(1), "equal work terms: the better alignment");
    }

    /** One random scenario under both kernels; returns the placements. */
    private static int compare(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final int dimensions = 1 + random.nextInt(3);
        final int configurations = 1 + random.nextInt(4);
        final int[][] configuration = new int[configurations][dimensions];
        final boolean coarse = random.nextBoolean();
        for (final int[] capacity : configuration) {
            for (int d = 0; d < dimensions; d++) {
                capacity[d] = coarse ? 10 * (2 + random.nextInt(9)) : 20 + random.nextInt(200);
            }
        }
        final int serverCount = 1 + random.nextInt(random.nextBoolean() ? 6 : 40);
        final int[] capacities = new int[serverCount * dimensions];
        for (int s = 0; s < serverCount; s++) {
            final int[] capacity = configuration[random.nextInt(configurations)];
            System.arraycopy(capacity, 0, capacities, s * dimensions, dimensions);
        }
        final ServerTable servers = new ServerTable(dimensions, capacities);
        Model model = Model.of(servers);
        final int jobClasses = 1 + random.nextInt(4);
        final boolean withRates = random.nextInt(4) != 0;
        if (withRates) {
            final int classes = model.serverClasses().count();
            final double[][] rates = new double[classes][jobClasses];
            for (final double[] row : rates) {
                for (int k = 0; k < jobClasses; k++) {
                    row[k] = coarse ? 0.5 * (1 + random.nextInt(4)) : 0.25 + 4 * random.nextDouble();
                }
            }
            model = model.withRates(ProcessingRates.of(rates));
        }
        final double[] gammas = {0, 0, 1, 1, 0.5, 3};
        final double gamma = gammas[random.nextInt(gammas.length)];
        final double unitsPerHour = random.nextBoolean() ? 1 : 10;
        final TimeMode mode = random.nextInt(3) == 0 ? TimeMode.SLOTTED : TimeMode.CONTINUOUS;
        final int jobCount = 20 + random.nextInt(200);
        final double[][] rows = new double[jobCount][];
        final int[] classOf = new int[jobCount];
        final double load = 0.3 + 3 * random.nextDouble();
        final int burst = random.nextInt(3) == 0 ? random.nextInt(jobCount) : 0;
        double time = 0;
        for (int j = 0; j < jobCount; j++) {
            if (j >= burst) {
                time += -Math.log(1 - random.nextDouble()) / (load * serverCount);
            }
            final double arrival = mode == TimeMode.SLOTTED ? Math.floor(time) : time;
            final double service = mode == TimeMode.SLOTTED ? 1 + random.nextInt(8)
                : (coarse ? 1 + random.nextInt(4) : -Math.log(1 - random.nextDouble()) * 3);
            final double[] row = new double[2 + dimensions];
            row[0] = arrival;
            row[1] = service;
            for (int d = 0; d < dimensions; d++) {
                final int largest = configuration[random.nextInt(configurations)][d];
                row[2 + d] = coarse ? 10 * random.nextInt(1 + largest / 20) : random.nextInt(1 + largest * 2 / 3);
            }
            rows[j] = row;
            classOf[j] = random.nextInt(jobClasses);
        }
        final String scenario = "seed " + seed + ": " + serverCount + " servers of " + configurations
            + " configurations, D = " + dimensions + ", " + jobCount + " jobs, " + mode + ", gamma " + gamma
            + ", unitsPerHour " + unitsPerHour + (withRates ? ", rates" : "") + (burst > 0 ? ", burst " + burst : "");
        final EventLog kernel = run(servers, model, rows, classOf, mode, seed, new Tetris(gamma, unitsPerHour), scenario);
        final EventLog twin = run(servers, model, rows, classOf, mode, seed, new NaiveTetris(gamma, unitsPerHour),
            scenario);
        final int difference = EventLog.firstDifference(kernel, twin);
        if (difference >= 0) {
            fail(scenario + ": first difference at event " + difference + ": Tetris "
                + line(kernel, difference) + ", Tetris-naive " + line(twin, difference));
        }
        int starts = 0;
        for (final String line : kernel.lines()) {
            if (line.startsWith("S ")) {
                starts++;
            }
        }
        return starts;
    }

    private static String line(final EventLog log, final int index) {
        return index < log.size() ? log.line(index) : "(end)";
    }

    private static EventLog run(final ServerTable servers, final Model model, final double[][] rows,
                                final int[] classOf, final TimeMode mode, final long seed, final Scheduler scheduler,
                                final String scenario) {
        final EventLog log = new EventLog();
        try {
            Simulation.builder().servers(servers).model(model)
                .workload(new ScriptedWorkload(Arrays.copyOf(classOf, classOf.length), rows))
                .scheduler(scheduler).timeMode(mode).seed(seed).initialJobCapacity(16).listener(log)
                .checkInvariants(true).build().runToCompletion();
        } catch (final RuntimeException | AssertionError e) {
            throw new AssertionError(scheduler.name() + " failed in " + scenario + ": " + e, e);
        }
        return log;
    }
}
