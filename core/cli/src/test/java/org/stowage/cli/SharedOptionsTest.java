package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The options run, sweep and reproduce share through one declaration each ({@link SchedulerOptions},
 * {@link SeedOption}, {@link OutputOption}, {@link PlotsOption}): each command keeps its default, whether it
 * requires the option, and its own wording of the help ({@link OptionTexts}).
 */
class SharedOptionsTest {

    private static String help(final String command) {
        final CliSession cli = CliSession.withThisHeap();
        assertEquals(0, cli.run(command, "--help"), cli.transcript());
        // picocli wraps descriptions at 80 columns, within words too: compare without any white space
        return cli.out().replaceAll("\\s+", "");
    }

    private static boolean has(final String help, final String text) {
        return help.contains(text.replaceAll("\\s+", ""));
    }

    @Test
    void eachCommandKeepsItsWordingAndDefaults() {
        final String run = help("run");
        final String sweep = help("sweep");
        final String reproduce = help("reproduce");
        assertTrue(has(run, "--seed=N Seed of every random stream (default: 1)."), run);
        assertTrue(has(sweep, "--seed=N Base seed; each point's seed derives from it and the point's coordinates"
            + " (default: 1)."), sweep);
        assertTrue(has(reproduce, "--seed=N Base seed of every run (default: 2019)."), reproduce);
        assertTrue(has(run, "--scheduler=NAME Schedulers to compare, repeatable or comma-separated (default: BF-J/S,"
            + "FIFO-FF); parameters"), run);
        assertTrue(has(sweep, "--scheduler=NAME Schedulers, repeatable or comma-separated, each NAME or"), sweep);
        assertTrue(has(run, "--out=DIR Write results.csv"), run);
        assertTrue(has(sweep, "--out=DIR Output directory: manifest.json, runs/, results.csv, summary.csv."), sweep);
        assertTrue(has(reproduce, "--out=DIR Output directory; each figure writes into DIR/FIGURE (default:"
            + " reproduce)."), reproduce);
        assertTrue(has(run, "--no-plots With --out: leave out queue.png"), run);
        assertTrue(has(sweep, "--no-plots Leave out the plot of each measure"), sweep);
        assertTrue(has(run, "[--out=DIR]") && has(sweep, "--out=DIR") && !has(sweep, "[--out=DIR]"),
            "optional for run, required for sweep: " + run + sweep);
    }

    @Test
    void sweepRequiresOutAndRunRefusesNoPlotsWithoutIt() {
        final CliSession sweep = CliSession.withThisHeap();
        assertEquals(2, sweep.run("sweep", "--vary", "intensity=0.5"));
        assertEquals("stowage sweep: Missing required argument(s): --out=DIR", sweep.err().strip());
        final CliSession run = CliSession.withThisHeap();
        assertEquals(2, run.run("run", "--horizon", "10", "--no-plots"));
        assertEquals("stowage run: --no-plots applies with --out only (nothing is drawn without it)", run.err().strip());
    }
}
