package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --dry-run}: the request checked whole, the plan printed with a time estimate, nothing run and nothing
 * written; a request a real run refuses is refused the same way.
 */
class DryRunTest {
    @TempDir
    Path temp;

    private final CliSession cli = CliSession.withHeap(1L << 30);

    @Test
    void aRunPrintsItsPlanAndWritesNothing() {
        final Path out = temp.resolve("run");
        assertEquals(0, cli.run("run", "--scheduler", "BF-J/S,FIFO-FF", "--horizon", "100000", "--out", out.toString(),
            "--dry-run"), cli.transcript());
        final String plan = cli.out();
        assertTrue(plan.startsWith(DryRuns.HEADER + "\n"), plan);
        assertTrue(plan.contains("\n  servers     5 servers\n"), plan);
        assertTrue(plan.contains("\n  workload    sizes uniform:0.1,0.9, service geometric:100, arrivals poisson intensity"
            + " 0.95 (lambda 0.0950000), slotted, horizon 100000, warm-up 10000, seed 1\n"), plan);
        assertTrue(plan.contains("\n  schedulers  BF-J/S, FIFO-FF\n"), plan);
        assertTrue(plan.contains("\n  jobs        about 9,500 per scheduler\n"), plan);
        assertTrue(plan.contains("\n  runs        2 runs, one after the other\n"), plan);
        assertTrue(plan.matches("(?s).*\n  time        (up to about [^\n]+|under a second) on this machine \\(BF-J/S"
            + " [^\n]+ at [0-9.]+( [kM])? jobs/s, FIFO-FF [^\n]+; from [0-9.]+ s of calibration\\)\n.*"), plan);
        assertTrue(plan.contains("\n  output      " + out + " (would be created): results.csv"), plan);
        assertEquals("", cli.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aSweepAndAReproductionWriteNothingEither() {
        final Path sweep = temp.resolve("sweep");
        assertEquals(0, cli.run("sweep", "--vary", "intensity=0.5,0.9", "--replications", "2", "--horizon", "20000",
            "--threads", "2", "--out", sweep.toString(), "--dry-run"), cli.transcript());
        assertTrue(cli.out().contains("\n  grid        intensity = 0.5, 0.9\n"), cli.out());
        assertTrue(cli.out().contains("\n  runs        8 (2 points x 2 replications x 2 schedulers) on 2 thread(s)"),
            cli.out());
        assertTrue(cli.out().contains("\n  jobs        about 1,000 to 1,800 per run, about 11,200 in all\n"), cli.out());
        assertFalse(Files.exists(sweep), "nothing written");

        final Path figures = temp.resolve("figures");
        assertEquals(0, cli.run("reproduce", "fig3a", "--quick", "--threads", "2", "--out", figures.toString(),
            "--dry-run"), cli.transcript());
        assertTrue(cli.out().contains("\n  fig3a       Fig. 3a: "), cli.out());
        // an estimate: under a second in a JVM whose JIT has compiled the engine already (other tests ran first)
        assertTrue(cli.out().matches("(?s).*\n  time        (up to about [^\n]+|under a second) on this machine.*"),
            cli.out());
        assertFalse(Files.exists(figures), "nothing written");
    }

    @Test
    void aBadRequestFailsAsItWouldWithoutTheDryRun() {
        assertEquals(2, cli.run("run", "--scheduler", "VQS", "--sizes", "uniform:0.1/0.1,0.5/0.5", "--servers",
            "2x1/1", "--dry-run"), cli.transcript());
        assertEquals("", cli.out());
        assertTrue(cli.err().startsWith("stowage run: invalid value for --scheduler: 'VQS' handles 1 resource"),
            cli.err());
    }
}
