package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.model.Model;
import org.stowage.core.model.ProcessingRates;
import org.stowage.core.model.ServerClasses;
import org.stowage.core.state.FifoQueue;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;

/**
 * {@link QueuedJobIndex} against a scan of the queued jobs in arrival order ("the highest score among the
 * jobs the machine holds, ties to the earliest arrival", the naive twin's rule), over random clusters with
 * and without processing rates, gamma 0 to 2, inserts, removals and buckets that grow; sizes on a coarse
 * grid make equal scores common. The seed is in every message.
 */
class QueuedJobIndexTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 17, 42, 99, 1234, 31337, 271828, 5_000_000_011L})
    void searchMatchesAScanOfTheQueue(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        int found = 0;
        for (int scenario = 0; scenario < 40; scenario++) {
            found += runScenario(seed, scenario, random);
        }
        assertTrue(found > 40 * 50, "seed " + seed + ": too few searches found a job to mean anything: " + found);
    }

    private static int runScenario(final long seed, final int scenario, final SplittableRandom random) {
        final int dimensions = 1 + random.nextInt(3);
        final int configurations = 1 + random.nextInt(3);
        final int perConfiguration = 1 + random.nextInt(6);
        final boolean coarse = random.nextBoolean();
        final int scale = coarse ? 20 : 1000;
        final int[] capacities = new int[configurations * perConfiguration * dimensions];
        final int[][] configuration = new int[configurations][dimensions];
        for (final int[] capacity : configuration) {
            for (int d = 0; d < dimensions; d++) {
                capacity[d] = scale / 2 + random.nextInt(scale / 2 + 1);
            }
        }
        for (int s = 0; s < configurations * perConfiguration; s++) {
            System.arraycopy(configuration[s / perConfiguration], 0, capacities, s * dimensions, dimensions);
        }
        final ServerTable servers = new ServerTable(dimensions, capacities);
        Model model = Model.of(ServerClasses.of(servers));
        final int jobClasses = 1 + random.nextInt(3);
        if (random.nextBoolean()) {
            final double[][] rates = new double[model.serverClasses().count()][jobClasses];
            for (final double[] row : rates) {
                for (int k = 0; k < jobClasses; k++) {
                    row[k] = 0.25 + 4 * random.nextDouble();
                }
            }
            model = model.withRates(ProcessingRates.of(rates));
        }
        final double gamma = random.nextInt(3) == 0 ? 0 : 2 * random.nextDouble();
        final TetrisTerms terms = new TetrisTerms(servers, model, gamma, 1 + random.nextInt(3));
        final JobTable jobs = new JobTable(dimensions, 16);
        final int sequenceColumn = jobs.addIntColumn(0);
        final QueuedJobIndex index = new QueuedJobIndex(jobs, servers, terms, sequenceColumn, gamma > 0);
        final FifoQueue queue = new FifoQueue(jobs, 0);
        final List<Integer> queued = new ArrayList<>();
        int sequence = 0;
        int found = 0;
        for (int step = 0; step < 300; step++) {
            final String where = "seed " + seed + " scenario " + scenario + " step " + step + " D=" + dimensions
                + " L=" + servers.count() + " gamma=" + gamma + " rates=" + (model.rates() != null);
            if (queued.isEmpty() || random.nextInt(3) != 0) {
                final int job = jobs.allocate(step, coarse ? 1 + random.nextInt(3) : 0.01 + 5 * random.nextDouble(),
                    random.nextInt(jobClasses));
                for (int d = 0; d < dimensions; d++) {
                    jobs.setSize(job, d, coarse ? 2 * random.nextInt(scale / 2) : random.nextInt(scale / 3));
                }
                jobs.setIntColumn(sequenceColumn, job, sequence++);
                queue.enqueue(job);
                index.insert(job);
                queued.add(job);
            } else {
                final int job = queued.remove(random.nextInt(queued.size()));
                index.remove(job);
                queue.remove(job);
                jobs.release(job);
            }
            assertEquals(queued.size(), index.size(), where + ": jobs in the index");
            final int server = random.nextInt(servers.count());
            final int c = terms.workClassOf(server);
            int expected = JobTable.NONE;
            double expectedScore = 0;
            for (final int job : queued) {
                if (servers.fits(jobs, job, server)) {
                    final double score = terms.score(jobs, job, servers, server);
                    if (expected == JobTable.NONE || score > expectedScore) {
                        expected = job;
                        expectedScore = score;
                    }
                }
            }
            index.search(server, c);
            assertEquals(expected, index.foundJob(), where + ": best queued job for server " + server);
            if (expected != JobTable.NONE) {
                assertEquals(expectedScore, index.foundScore(), where + ": its score");
                found++;
            }
        }
        return found;
    }
}
