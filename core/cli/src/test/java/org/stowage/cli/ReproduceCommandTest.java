package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.reproduce.Figures;

/**
 * {@code reproduce} as a user meets it: names from the figure registry in its help and errors, the common rules
 * for every figure (DJSF's items included), and kernels added to a figure with {@code --add-scheduler}.
 */
class ReproduceCommandTest {
    private final CliSession cli = CliSession.withThisHeap();

    private int run(final String... args) {
        return cli.run(args);
    }

    private void assertError(final String expected, final String... args) {
        assertEquals(2, run(args), cli.out());
        assertEquals(expected + "\n", cli.err().replace("\r\n", "\n"));
    }

    @Test
    void theHelpListsEveryNameOfTheRegistryAndItsExamplesNameKnownFigures() {
        assertEquals(0, run("reproduce", "--help"));
        final String help = cli.out().replaceAll("\\s+", " ");
        final List<String> names = Figures.of(null).names();
        assertTrue(help.contains(String.join(", ", names)), help);
        int examples = 0;
        for (final String line : cli.out().split("\n")) {
            if (line.strip().startsWith("stowage reproduce ")) {
                final String name = line.strip().split("\\s+")[2];
                assertTrue(names.contains(name), "example " + line.strip() + " names no figure");
                examples++;
            }
        }
        assertTrue(examples >= 5, cli.out());
    }

    @Test
    void badRequestsFailWithOneLineBeforeAnythingIsWritten(@TempDir final Path directory) {
        final String target = directory.resolve("out").toString();
        assertError("stowage reproduce: invalid value for FIGURE: 'fig99' (known: "
            + String.join(", ", Figures.of(null).names()) + ")", "reproduce", "fig99", "--out", target);
        assertError("stowage reproduce: invalid value for --threads: 100000 (must be in [1, 1024])",
            "reproduce", "djsf-fig1", "--threads", "100000", "--out", target);
        assertError("stowage reproduce: djsf-fig8 needs the Google 2011 task_events: none at "
            + ReproduceCommand.DEFAULT_TRACE + "; get it with `stowage traces fetch google2011` (about 29 MB), then pass"
            + " --trace traces/google-2011/task_events", "reproduce", "djsf-fig8", "--quick", "--out", target);
        assertError("stowage reproduce: invalid value for --add-scheduler: djsf-table2 has no per-kernel runs to add"
            + " FIFO-RF to", "reproduce", "djsf-table2", "--add-scheduler", "FIFO-RF", "--out", target);
        assertError("stowage reproduce: invalid value for --add-scheduler: BF-J/S is already in fig4b",
            "reproduce", "fig4b", "--quick", "--add-scheduler", "BF-J/S", "--out", target);
        assertError("stowage reproduce: invalid value for --add-scheduler: RMS cannot run fig4b: it runs in [CONTINUOUS]"
            + " time, the figure's runs are SLOTTED", "reproduce", "fig4b", "--quick", "--add-scheduler", "RMS",
            "--out", target);
        assertEquals(2, run("reproduce", "fig4b", "--quick", "--add-scheduler", "Nope", "--out", target));
        assertTrue(cli.err().startsWith("stowage reproduce: invalid value for --add-scheduler: unknown scheduler"
            + " 'Nope'; known: "), cli.err());
        assertTrue(Files.notExists(directory.resolve("out")));
    }

    /**
     * FIFO-RF added to Fig. 4b: its curve is in the figure's data and table, every other number is the one a run
     * without it gives, the claims read exactly the same, and a rerun resumes.
     */
    @Test
    void anAddedKernelJoinsTheFigureAndLeavesItsClaimsAlone(@TempDir final Path directory) throws IOException {
        assertEquals(0, run("reproduce", "fig4b", "--quick", "--seed", "4", "--out", directory.resolve("plain").toString()),
            cli.err());
        final List<String> plainClaims = claimLines(cli.out());
        assertEquals(0, run("reproduce", "fig4b", "--quick", "--seed", "4", "--add-scheduler", "FIFO-RF", "--out",
            directory.resolve("added").toString()), cli.err());
        final String added = cli.out();
        assertEquals(plainClaims, claimLines(added));
        assertTrue(added.contains("Added with --add-scheduler (not in the paper; no claim reads them): FIFO-RF."), added);
        final List<String> plainRows = Files.readAllLines(directory.resolve("plain/fig4b/fig4b.csv"));
        final List<String> addedRows = Files.readAllLines(directory.resolve("added/fig4b/fig4b.csv"));
        final List<String> withoutAdded = new ArrayList<>();
        int fifoRf = 0;
        for (final String row : addedRows) {
            if (row.contains(",FIFO-RF,")) {
                fifoRf++;
            } else {
                withoutAdded.add(row);
            }
        }
        assertEquals(2, fifoRf, "one FIFO-RF row per intensity");
        assertEquals(plainRows, withoutAdded);
        assertTrue(Files.readString(directory.resolve("added/fig4b/manifest.json")).contains("\"added_schedulers\""));
        assertEquals(0, run("reproduce", "fig4b", "--quick", "--seed", "4", "--add-scheduler", "FIFO-RF", "--out",
            directory.resolve("added").toString()), cli.err());
        assertTrue(cli.out().contains("10 runs (10 kept from an earlier try)"), cli.out());
    }

    /** The claims table's rows: paper | verdict | ours. */
    private static List<String> claimLines(final String text) {
        final List<String> lines = new ArrayList<>();
        for (final String line : text.split("\n")) {
            if (line.matches(".*\\| (agrees|differs|not checked) +\\|.*")) {
                lines.add(line);
            }
        }
        assertTrue(!lines.isEmpty(), text);
        return lines;
    }
}
