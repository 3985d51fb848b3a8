package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.model.Model;
import org.stowage.core.state.JobTable;
import org.stowage.core.state.ServerTable;
import org.stowage.core.state.ServerView;

/**
 * {@link FreeResourceTree} against a scan of its machines in index order ("the highest alignment minus the
 * penalty among the machines that hold the request, ties to the lowest index", the naive twin's rule), over
 * random clusters, memberships, placements and departures, with re-sorts and the climbs' early stops in play;
 * machines alike (equal capacities, equal free resources) make exact ties common. The seed is in every
 * message.
 */
class FreeResourceTreeTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 17, 42, 99, 1234, 31337, 271828, 5_000_000_011L})
    void improveMatchesAScanOfTheMachines(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        long resorts = 0;
        for (int scenario = 0; scenario < 60; scenario++) {
            resorts += runScenario(seed, scenario, random);
        }
        assertTrue(resorts > 60 * 2, "seed " + seed + ": the scenarios re-sorted too rarely to test it: " + resorts);
    }

    private static long runScenario(final long seed, final int scenario, final SplittableRandom random) {
        final int dimensions = 1 + random.nextInt(3);
        final int count = 1 + random.nextInt(random.nextBoolean() ? 6 : 120);
        final boolean alike = random.nextBoolean();
        final int scale = alike ? 10 : 1000;
        final int[] capacities = new int[count * dimensions];
        for (int i = 0; i < capacities.length; i++) {
            capacities[i] = alike ? 5 + 5 * random.nextInt(2) : random.nextBoolean() ? scale : 1 + random.nextInt(scale);
        }
        final ServerTable servers = new ServerTable(dimensions, capacities);
        final JobTable jobs = new JobTable(dimensions, 16);
        final TetrisTerms terms = new TetrisTerms(servers, Model.of(servers), 0, 1);
        final List<Integer> chosen = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            if (chosen.isEmpty() && s == count - 1 || random.nextInt(4) != 0) {
                chosen.add(s);
            }
        }
        final int[] members = chosen.stream().mapToInt(Integer::intValue).toArray();
        final FreeResourceTree tree = new FreeResourceTree(servers, members, terms, new int[count]);
        final FreeResourceTree.Direction direction = new FreeResourceTree.Direction(dimensions);
        final List<Integer> running = new ArrayList<>();
        final int probe = jobs.allocate(0, 1, 0);
        for (int step = 0; step < 400; step++) {
            final String where = "seed " + seed + " scenario " + scenario + " step " + step + " D=" + dimensions
                + " n=" + members.length;
            for (int d = 0; d < dimensions; d++) {
                jobs.setSize(probe, d, random.nextInt(random.nextBoolean() ? scale / 3 + 1 : scale + 1));
            }
            direction.set(jobs, probe, terms);
            final double penalty = random.nextInt(3) == 0 ? 0 : random.nextDouble();
            final int expected = scan(members, servers, jobs, probe, terms, penalty);
            // an incumbent from another class: none, or a pair the tree must beat or tie with a lower index
            final boolean incumbent = expected != ServerView.NONE && random.nextInt(3) == 0;
            final int incumbentServer = incumbent ? count + random.nextInt(2) - 1 : ServerView.NONE;
            final double incumbentScore = incumbent ? terms.alignment(jobs, probe, servers, expected) - penalty : 0;
            final boolean improved = tree.improve(direction, penalty, incumbentServer, incumbentScore);
            final int answer = improved ? tree.foundServer() : incumbentServer;
            final int wanted = incumbent && incumbentServer < expected ? incumbentServer : expected;
            assertEquals(wanted, answer, where + ": best machine (incumbent " + incumbentServer + ")");
            if (expected != ServerView.NONE) {
                assertTrue(tree.mayFit(direction), where + ": the root must hold a request some machine holds");
            }
            if (improved) {
                assertEquals(terms.alignment(jobs, probe, servers, answer) - penalty, tree.foundScore(), where + ": score");
                assertTrue(tree.rootBound(direction) - penalty >= tree.foundScore(), where + ": root bound below the best");
            }
            if (random.nextInt(3) != 0) {
                final int server = members[random.nextInt(members.length)];
                final int job = jobs.allocate(step, 1, 0);
                for (int d = 0; d < dimensions; d++) {
                    jobs.setSize(job, d, random.nextInt(alike ? 3 : scale / 3));
                }
                if (servers.fits(jobs, job, server)) {
                    servers.occupy(jobs, job, server);
                    running.add(job);
                    tree.changed(server);
                } else {
                    jobs.release(job);
                }
            } else if (!running.isEmpty()) {
                final int job = running.remove(random.nextInt(running.size()));
                final int server = jobs.serverOf(job);
                servers.vacate(jobs, job);
                jobs.release(job);
                tree.changed(server);
            }
        }
        return tree.resorts();
    }

    /** The naive answer: the members in index order, the first of the highest score among those that fit. */
    private static int scan(final int[] members, final ServerTable servers, final JobTable jobs, final int job,
                            final TetrisTerms terms, final double penalty) {
        int best = ServerView.NONE;
        double bestScore = 0;
        for (final int server : members) {
            if (servers.fits(jobs, job, server)) {
                final double score = terms.alignment(jobs, job, servers, server) - penalty;
                if (best == ServerView.NONE || score > bestScore) {
                    best = server;
                    bestScore = score;
                }
            }
        }
        return best;
    }
}
