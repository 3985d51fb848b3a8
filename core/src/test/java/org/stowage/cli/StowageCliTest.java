package org.stowage.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

class StowageCliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(final String... args) {
        return StowageCli.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void runPrintsOneRowPerSchedulerOnTheSameWorkload() {
        assertEquals(0, run("run", "--scheduler", "BF-J/S,BF-S", "--scheduler", "FIFO-FF", "--horizon", "20000",
            "--warmup", "1000"));
        final String[] lines = out.toString().split("\n");
        assertTrue(lines[0].startsWith("5 servers, sizes uniform:0.1,0.9, service geometric:100, lambda 0.0950000"),
            lines[0]);
        assertTrue(lines[1].startsWith("scheduler"), lines[1]);
        assertEquals(6, lines.length, out.toString());
        final String arrivedBfjs = lines[3].trim().split("\\s+")[1];
        final String arrivedFifo = lines[5].trim().split("\\s+")[1];
        assertEquals(arrivedBfjs, arrivedFifo, "every scheduler sees the same jobs");
        assertTrue(lines[3].startsWith("BF-J/S "), lines[3]);
        assertEquals("", err.toString());
    }

    @Test
    void badArgumentsExitTwoWithOneLineNamingFlagAndValue() {
        assertOneLineError("stowage run: Invalid value for option '--intensity': 'fast' is not a double",
            "run", "--intensity", "fast");
        assertOneLineError("stowage run: Unknown option: '--bogus'", "run", "--bogus");
        assertOneLineError("stowage run: invalid value for --time-mode: 'sideways' (slotted or continuous)",
            "run", "--time-mode", "sideways");
        assertOneLineError("stowage run: invalid value for --sizes: 'uniform:0.1' : expected uniform:LOW,HIGH"
            .replace("' : ", "': "), "run", "--sizes", "uniform:0.1");
        assertOneLineError("stowage run: invalid value for --service: 'geometric:0.5': geometric mean service must be"
            + " finite and >= 1 slot: 0.5", "run", "--service", "geometric:0.5");
        assertOneLineError("stowage run: invalid value for --servers: 0 (must be >= 1)", "run", "--servers", "0");
    }

    @Test
    void unknownSchedulerIsNamedWithTheKnownOnes() {
        assertEquals(2, run("run", "--scheduler", "BF-X"));
        assertTrue(err.toString().startsWith("stowage run: invalid value for --scheduler: unknown scheduler 'BF-X'; known: BF-J,"),
            err.toString());
    }

    @Test
    void helpHasExamples() {
        assertEquals(0, run("run", "--help"));
        assertTrue(out.toString().contains("Examples:"), out.toString());
    }

    private void assertOneLineError(final String expected, final String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertEquals(2, run(args), String.join(" ", args));
        assertEquals(expected + System.lineSeparator(), err.toString());
    }
}
