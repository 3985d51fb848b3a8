package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.Units;
import org.stowage.core.engine.Simulation;
import org.stowage.core.engine.SimulationListener;
import org.stowage.core.engine.TimeMode;
import org.stowage.core.kernel.Kernels;
import org.stowage.core.state.ServerTable;
import org.stowage.core.trace.JobList;

/**
 * The batch kernels (SJF, Tetris, DJSF, DJSF-pooled) on the paper's worked examples, exactly. Their
 * zero-allocation and differential checks are the registry-wide ones (AllocationFreeKernelTest,
 * DifferentialKernelTest), which cover every test variant.
 */
class BatchKernelsTest {
    private static final Units UNITS = Units.defaults();

    @ParameterizedTest
    @ValueSource(strings = {"SJF", "SJF-naive"})
    void figureOneUnderSjfAverages736(final String kernel) {
        final double[] done = completions(kernel, PaperExamples.FIG1_CSV, 1);
        assertArrayEquals(PaperExamples.FIG1_SJF_COMPLETIONS, done, 1e-12);
        assertEquals(PaperExamples.FIG1_SJF_MEAN_JCT, mean(done), 1e-12);
    }

    @ParameterizedTest
    @ValueSource(strings = {"DJSF", "DJSF-naive", "DJSF-pooled", "DJSF-pooled-naive", "DJSF:kmeans=lloyd"})
    void figureOneUnderDjsfAverages5(final String kernel) {
        final double[] done = completions(kernel, PaperExamples.FIG1_CSV, 1);
        assertArrayEquals(PaperExamples.FIG1_DJSF_COMPLETIONS, done, 1e-12);
        assertEquals(PaperExamples.FIG1_DJSF_MEAN_JCT, mean(done), 1e-12);
        assertEquals(PaperExamples.FIG1_REDUCTION, (PaperExamples.FIG1_SJF_MEAN_JCT - mean(done))
            / PaperExamples.FIG1_SJF_MEAN_JCT, 1e-12);
    }

    @Test
    void sectionFourThreeRunsTheAlignedPairsDensestFirst() {
        // sets {1, 2}, {5, 6}, {9, 10} on one unit machine, JCE 1, 1/3, 1/5: each pair starts when the last
        // one has left the machine whole: completions 1, 2 | 7, 8 | 17, 18.
        assertArrayEquals(new double[] {1, 2, 7, 8, 17, 18}, completions("DJSF", PaperExamples.SEC43_CSV, 1), 1e-12);
        // pooled on one machine is the same schedule
        assertArrayEquals(new double[] {1, 2, 7, 8, 17, 18}, completions("DJSF-pooled", PaperExamples.SEC43_CSV, 1),
            1e-12);
        // SJF keeps the machine full: 1, 2, then 5 starts at 1 and 6 at 2, ...
        assertArrayEquals(new double[] {1, 2, 6, 8, 15, 18}, completions("SJF", PaperExamples.SEC43_CSV, 1), 1e-12);
    }

    @Test
    void tableTwoUnderTetrisPlacesTheBestAlignedFittingJobFirst() {
        // one unit machine with (1, 1, 1) free: job 3 (0.8, 0.7, 0.6) scores 2.1, the most, and starts; on the
        // rest (0.2, 0.3, 0.4) job 2 (0.2, 0.3, 0.1) fits with 0.17, ahead of job 4 (0.13) and jobs 1, 5 (0.11);
        // the machine is then full on CPU until job 2 and 3 leave at 4 and 5.
        final double[] done = completions("Tetris", PaperExamples.TABLE2_CSV, 1);
        assertEquals(5, done[2], 1e-12);
        assertEquals(4, done[1], 1e-12);
        assertArrayEquals(done, completions("Tetris-naive", PaperExamples.TABLE2_CSV, 1), 1e-12);
    }

    static double mean(final double[] values) {
        double sum = 0;
        for (final double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    /** Completion times in file order of the list {@code resource} under {@code kernel} on unit machines. */
    static double[] completions(final String kernel, final String resource, final int machines) {
        final JobList jobs = JobList.load(PaperExamples.path(resource), UNITS);
        final int[] capacity = new int[machines * jobs.dimensions()];
        Arrays.fill(capacity, UNITS.capacityUnits(1.0));
        final Simulation simulation = Simulation.builder()
            .servers(new ServerTable(jobs.dimensions(), capacity))
            .workload(jobs.workload(TimeMode.CONTINUOUS, 1.0))
            .scheduler(Kernels.byName(kernel))
            .timeMode(TimeMode.CONTINUOUS)
            .checkInvariants(true)
            .build();
        final double[] done = new double[jobs.count()];
        final int[] arrivalOrder = new int[jobs.count()];
        final int[] arrived = {0};
        simulation.addListener(new SimulationListener() {
            @Override
            public void onArrival(final double time, final int job) {
                arrivalOrder[arrived[0]++] = job;
            }

            @Override
            public void onDeparture(final double time, final int job, final int server) {
                for (int i = 0; i < arrived[0]; i++) {
                    if (arrivalOrder[i] == job && done[i] == 0) {
                        done[i] = time;
                    }
                }
            }
        });
        simulation.runToCompletion();
        return done;
    }
}
