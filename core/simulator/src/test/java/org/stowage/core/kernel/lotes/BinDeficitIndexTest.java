package org.stowage.core.kernel.lotes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.state.ServerView;

/**
 * {@link BinDeficitIndex} against a scan of the configuration's machines ("highest v that fits, ties to the
 * lowest id", and the first fit below an id), over random clusters, configurations (subsets of the servers),
 * placements, departures and deficit changes, with every climb's early stop in play; the seed is in every
 * message.
 */
class BinDeficitIndexTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 17, 42, 99, 1234, 31337, 271828, 5_000_000_011L})
    void bestMatchesAScanOfTheConfiguration(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        for (int scenario = 0; scenario < 100; scenario++) {
            runScenario(seed, scenario, random);
        }
    }

    private static void runScenario(final long seed, final int scenario, final SplittableRandom random) {
        final int dimensions = 1 + random.nextInt(3);
        final int count = 1 + random.nextInt(random.nextBoolean() ? 5 : 80);
        final int classes = 1 + random.nextInt(5);
        final int scale = 1000;
        final int[] capacities = new int[count * dimensions];
        for (int i = 0; i < capacities.length; i++) {
            capacities[i] = random.nextBoolean() ? scale : 1 + random.nextInt(scale);
        }
        final ServerTable servers = new ServerTable(dimensions, capacities);
        final JobTable jobs = new JobTable(dimensions, 16);
        // the configuration: a random subset of the servers, in increasing id
        final List<Integer> chosen = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            if (chosen.isEmpty() && s == count - 1 || random.nextInt(3) != 0) {
                chosen.add(s);
            }
        }
        final int[] members = chosen.stream().mapToInt(Integer::intValue).toArray();
        final BinDeficitIndex index = new BinDeficitIndex(members, dimensions, classes);
        final int[][] deficit = new int[members.length][classes];
        for (int i = 0; i < members.length; i++) {
            index.residualChanged(i, servers);
            for (int k = 0; k < classes; k++) {
                deficit[i][k] = random.nextInt(7) - 3;
                index.deficitChanged(i, k, deficit[i][k]);
            }
        }
        final List<Integer> running = new ArrayList<>();
        final int probe = jobs.allocate(0, 1, 0);
        for (int step = 0; step < 150; step++) {
            final String where = "seed " + seed + " scenario " + scenario + " step " + step + " D=" + dimensions
                + " n=" + members.length + " K=" + classes;
            final int k = random.nextInt(classes);
            for (int d = 0; d < dimensions; d++) {
                jobs.setSize(probe, d, random.nextInt(random.nextBoolean() ? scale / 3 : scale + 1));
            }
            final int expected = scan(members, deficit, k, servers, jobs, probe);
            assertEquals(expected, index.best(k, jobs, probe, servers), where + ": best machine for class " + k);
            final int below = random.nextInt(4) == 0 ? random.nextInt(count + 1) : Integer.MAX_VALUE;
            assertEquals(firstFitScan(members, servers, jobs, probe, below),
                index.firstFit(jobs, probe, servers, below), where + ": first fit below id " + below);
            switch (random.nextInt(3)) {
                case 0 -> {
                    final int i = random.nextInt(members.length);
                    final int job = jobs.allocate(step, 1, 0);
                    for (int d = 0; d < dimensions; d++) {
                        jobs.setSize(job, d, random.nextInt(scale / 3));
                    }
                    if (servers.fits(jobs, job, members[i])) {
                        servers.occupy(jobs, job, members[i]);
                        running.add(job);
                        index.residualChanged(i, servers);
                    } else {
                        jobs.release(job);
                    }
                }
                case 1 -> {
                    if (!running.isEmpty()) {
                        final int job = running.remove(random.nextInt(running.size()));
                        final int server = jobs.serverOf(job);
                        servers.vacate(jobs, job);
                        jobs.release(job);
                        index.residualChanged(Arrays.binarySearch(members, server), servers);
                    }
                }
                default -> {
                    final int i = random.nextInt(members.length);
                    final int changed = random.nextInt(classes);
                    deficit[i][changed] += random.nextBoolean() ? 1 : -1;
                    index.deficitChanged(i, changed, deficit[i][changed]);
                }
            }
        }
    }

    /** The naive first fit: the lowest-id member below {@code below} that fits. */
    private static int firstFitScan(final int[] members, final ServerTable servers, final JobTable jobs,
                                    final int job, final int below) {
        for (final int server : members) {
            if (server < below && servers.fits(jobs, job, server)) {
                return server;
            }
        }
        return ServerView.NONE;
    }

    /** The naive answer: the highest v among the members that fit, ties to the lowest id (first in order). */
    private static int scan(final int[] members, final int[][] deficit, final int k, final ServerTable servers,
                            final JobTable jobs, final int job) {
        int best = ServerView.NONE;
        int bestDeficit = Integer.MIN_VALUE;
        for (int i = 0; i < members.length; i++) {
            if (servers.fits(jobs, job, members[i]) && deficit[i][k] > bestDeficit) {
                best = members[i];
                bestDeficit = deficit[i][k];
            }
        }
        return best;
    }
}
