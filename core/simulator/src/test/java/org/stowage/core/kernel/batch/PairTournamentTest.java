package org.stowage.core.kernel.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.stowage.core.state.JobTable;

/**
 * {@link PairTournament} against a scan of its slots in Tetris's order (higher score, then earlier arrival by
 * the sequence column, then lower machine), over random sets, clears, resets and growth; scores on a coarse
 * grid and jobs shared by several slots make every tie rule decide. The seed is in every message.
 */
class PairTournamentTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 17, 42, 99, 1234, 31337})
    void winnerIsTheBestOfAScan(final long seed) {
        final SplittableRandom random = new SplittableRandom(seed);
        final JobTable jobs = new JobTable(1, 16);
        final int sequence = jobs.addIntColumn(0);
        final int[] pool = new int[40];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = jobs.allocate(0, 1, 0);
            // sequences not in handle order, so that the tie rule reads the column
            jobs.setIntColumn(sequence, pool[i], (i * 17) % pool.length);
        }
        final PairTournament tournament = new PairTournament(jobs, sequence, 1);
        for (int round = 0; round < 200; round++) {
            final int slots = random.nextInt(3) == 0 ? random.nextInt(70) : 1 + random.nextInt(8);
            tournament.reset(slots);
            tournament.rebuild();
            for (int step = 0; step < 60; step++) {
                final String where = "seed " + seed + " round " + round + " step " + step + " slots " + slots;
                if (slots > 0) {
                    final int slot = random.nextInt(slots);
                    if (random.nextInt(4) == 0) {
                        tournament.clear(slot);
                    } else {
                        tournament.set(slot, pool[random.nextInt(pool.length)], random.nextInt(5),
                            random.nextInt(4) / 2.0, step);
                    }
                    tournament.update(slot);
                }
                final int best = scan(tournament, jobs, sequence, slots);
                final int winner = tournament.winner();
                if (best < 0) {
                    assertFalse(tournament.holds(winner), where + ": a winner with no candidate anywhere");
                } else {
                    assertTrue(tournament.holds(winner), where + ": no winner");
                    assertEquals(tournament.job(best), tournament.job(winner), where + ": the winner's job");
                    assertEquals(tournament.server(best), tournament.server(winner), where + ": the winner's machine");
                    assertEquals(tournament.score(best), tournament.score(winner), where + ": the winner's score");
                }
            }
        }
    }

    /** The best slot by a scan, or -1 when none holds a candidate. */
    private static int scan(final PairTournament tournament, final JobTable jobs, final int sequence, final int slots) {
        int best = -1;
        for (int slot = 0; slot < slots; slot++) {
            if (!tournament.holds(slot)) {
                continue;
            }
            if (best < 0 || beats(tournament, jobs, sequence, slot, best)) {
                best = slot;
            }
        }
        return best;
    }

    private static boolean beats(final PairTournament t, final JobTable jobs, final int sequence, final int a,
                                 final int b) {
        if (t.score(a) != t.score(b)) {
            return t.score(a) > t.score(b);
        }
        final int sa = jobs.intColumn(sequence, t.job(a));
        final int sb = jobs.intColumn(sequence, t.job(b));
        if (sa != sb) {
            return sa < sb;
        }
        return t.server(a) < t.server(b);
    }

    @Test
    void betterComparesAcrossTwoTournaments() {
        final JobTable jobs = new JobTable(1, 4);
        final int sequence = jobs.addIntColumn(0);
        final int early = jobs.allocate(0, 1, 0);
        final int late = jobs.allocate(0, 1, 0);
        jobs.setIntColumn(sequence, early, 0);
        jobs.setIntColumn(sequence, late, 1);
        final PairTournament machines = new PairTournament(jobs, sequence, 4);
        final PairTournament arrivals = new PairTournament(jobs, sequence, 2);
        machines.set(3, late, 3, 0.5, 0);
        arrivals.set(0, early, 2, 0.5, 0);
        assertTrue(arrivals.better(0, machines, 3), "equal scores: the earlier arrival");
        arrivals.set(0, late, 2, 0.5, 0);
        assertTrue(arrivals.better(0, machines, 3), "same job and score: the lower machine");
        assertFalse(machines.better(3, arrivals, 0), "and not the other way");
        arrivals.set(0, early, 2, 0.25, 0);
        assertTrue(machines.better(3, arrivals, 0), "the higher score first");
    }

    @Test
    void resetKeepsItsArraysUpToTheirHighWaterMarkAndUpdatesAllocateNothing() {
        final JobTable jobs = new JobTable(1, 4);
        final int sequence = jobs.addIntColumn(0);
        final int job = jobs.allocate(0, 1, 0);
        final PairTournament tournament = new PairTournament(jobs, sequence, 1);
        tournament.reset(1000);
        final long allocated = ThreadAllocation.of(() -> {
            for (int round = 0; round < 200; round++) {
                tournament.reset(1 + round * 5 % 1000);
                for (int slot = 0; slot < 40; slot++) {
                    tournament.set(slot, job, slot, slot % 7, round);
                }
                tournament.rebuild();
                for (int slot = 0; slot < 40; slot += 3) {
                    tournament.clear(slot);
                    tournament.update(slot);
                }
            }
        });
        assertEquals(0, allocated, "bytes allocated by 200 resets, sets, rebuilds and updates under 1000 slots");
    }
}
