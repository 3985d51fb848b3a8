package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.stowage.reproduce.Figures;

/**
 * {@code reproduce} as a user meets it: names from the figure registry in its help and errors, and the common
 * rules for every figure (DJSF's items included).
 */
class ReproduceCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(final String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return StowageCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private void assertError(final String expected, final String... args) {
        assertEquals(2, run(args), out.toString());
        assertEquals(expected + "\n", err.toString().replace("\r\n", "\n"));
    }

    @Test
    void theHelpListsEveryNameOfTheRegistryAndItsExamplesNameKnownFigures() {
        assertEquals(0, run("reproduce", "--help"));
        final String help = out.toString().replaceAll("\\s+", " ");
        final List<String> names = Figures.of(null).names();
        assertTrue(help.contains(String.join(", ", names)), help);
        int examples = 0;
        for (final String line : out.toString().split("\n")) {
            if (line.strip().startsWith("stowage reproduce ")) {
                final String name = line.strip().split("\\s+")[2];
                assertTrue(names.contains(name), "example " + line.strip() + " names no figure");
                examples++;
            }
        }
        assertTrue(examples >= 5, out.toString());
    }

    @Test
    void badRequestsFailWithOneLineBeforeAnythingIsWritten(@TempDir final Path directory) {
        final String target = directory.resolve("out").toString();
        assertError("stowage reproduce: invalid value for FIGURE: 'fig99' (known: "
            + String.join(", ", Figures.of(null).names()) + ")", "reproduce", "fig99", "--out", target);
        assertError("stowage reproduce: invalid value for --threads: 100000 (must be in [1, 1024])",
            "reproduce", "djsf-fig1", "--threads", "100000", "--out", target);
        assertError("stowage reproduce: djsf-fig8 needs the Google 2011 task_events: none at "
            + ReproduceCommand.DEFAULT_TRACE + " (pass --trace DIR)", "reproduce", "djsf-fig8", "--quick", "--out", target);
        assertTrue(Files.notExists(directory.resolve("out")));
    }
}
